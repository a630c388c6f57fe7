"""Week 10 numbers (notes/week10.txt): each function runs what the note describes at its settings."""
from __future__ import annotations

import mpmath
import sympy as sp

from noteproof.authoring import condition, exact, mpnum, numeric


def _two_token_gradient(p_B: str, token: str):
    """Output-score gradient p - onehot(B) of a two-token softmax with p(B) given (Week 8)."""
    pB = mpnum(p_B)
    probs = {"A": 1 - pB, "B": pB}                 # the two probabilities sum to one
    return probs[token] - (1 if token == "B" else 0)


@numeric("w10.score-gradient-a")
def score_gradient_a(p_B="0.792412"):
    """d ell/d z_A = p_A for the observed token B."""
    return _two_token_gradient(p_B, "A")


@numeric("w10.score-gradient-b")
def score_gradient_b(p_B="0.792412"):
    """d ell/d z_B = p_B - 1 for the observed token B."""
    return _two_token_gradient(p_B, "B")


def _shared_backprop(w: str, x: str, y: str):
    """Backprop through h1 = w x, h2 = w h1, L = (h2 - y)^2/2: contributions of both uses of w."""
    W, X, Y = exact(w), exact(x), exact(y)
    h1 = W * X
    h2 = W * h1
    delta2 = h2 - Y                    # dL/dh2
    last = delta2 * h1                 # use in h2 = w h1
    delta1 = delta2 * W                # dL/dh1
    first = delta1 * X                 # use in h1 = w x
    return first, last


@numeric("w10.shared-total")
def shared_total(w="2", x="1", y="1"):
    """dL/dw summed over both uses of w."""
    first, last = _shared_backprop(w, x, y)
    return first + last


@numeric("w10.shared-last-use")
def shared_last_use(w="2", x="1", y="1"):
    """dL/dw counting only the last use of w (h1 held fixed)."""
    return _shared_backprop(w, x, y)[1]


@numeric("w10.missing-share")
def missing_share(w="2", x="1", y="1"):
    """The share of dL/dw that counting only the last use misses, (total - last) / total.

    Week 10's shared-parameter example: "gives $6$: half the derivative is missing"."""
    first, last = _shared_backprop(w, x, y)
    return first / (first + last)


@numeric("w10.uses-of-w")
def uses_of_w():
    """Causal paths from w to h2 in h1 = w x, h2 = w h1: the power of w in h2 = w^2 x."""
    w, x = sp.symbols("w x")
    h1 = w * x
    h2 = w * h1
    return sp.Integer(sp.degree(h2, w))


def _tempered(weight: str, temperature: str):
    """p_T(A) for scores (log weight, 0) at temperature T: weight^(1/T) / (weight^(1/T) + 1),
    exactly when rational."""
    value = sp.simplify(exact(weight) ** (1 / exact(temperature)) / (exact(weight) ** (1 / exact(temperature)) + 1))
    return value if value.is_Rational else mpmath.mpf(str(sp.N(value, mpmath.mp.dps + 10)))


@numeric("w10.tempered-p1")
def tempered_p1(weight="3"):
    """p_1(A), at temperature 1 (the subscript fixes it; tau does not enter), for scores (log weight, 0):
    weight / (weight + 1) = 3/4."""
    return _tempered(weight, "1")


@numeric("w10.tempered-p2")
def tempered_p2(weight="3"):
    """p_2(A), at temperature 2 (the subscript fixes it; tau does not enter), for scores (log weight, 0):
    sqrt(weight) / (sqrt(weight) + 1)."""
    scores = [mpmath.log(mpnum(weight)), mpmath.mpf(0)]
    terms = [mpmath.exp(s / 2) for s in scores]
    return terms[0] / mpmath.fsum(terms)


def _chain(switch: str, initial_A: str):
    p, a0 = exact(switch), exact(initial_A)
    return [a0, 1 - a0], [[1 - p, p], [p, 1 - p]]


def _path_probability(switch: str, initial_A: str, path: str):
    initial, P = _chain(switch, initial_A)
    states = ["AB".index(s) for s in path]
    prob = initial[states[0]]
    for i, j in zip(states, states[1:]):
        prob *= P[i][j]
    return prob


@numeric("w10.stay-probability")
def stay_probability(switch="0.2"):
    """Probability of staying in a state of the two-state chain."""
    return _chain(switch, "1/2")[1][0][0]


@numeric("w10.path-probability")
def path_probability(switch="0.2", initial_A="1/2", path="AAB"):
    """Probability of the path: initial distribution times the transitions along it (exact)."""
    return _path_probability(switch, initial_A, path)


@numeric("w10.reverse-path-probability")
def reverse_path_probability(switch="0.2", initial_A="1/2", path="AAB"):
    """Probability of the time-reversed path (exact)."""
    return _path_probability(switch, initial_A, path[::-1])


@numeric("w10.path-cost")
def path_cost(switch="0.2", initial_A="1/2", path="AAB"):
    """-log P(path) at the working precision."""
    prob = _path_probability(switch, initial_A, path)
    return -mpmath.log(mpmath.mpf(int(prob.p)) / int(prob.q))


# ---- where the two-state example applies (Section 3): `noteproof check` names a broken one -----

@condition("w10.uniform-start")
def uniform_start(initial_A="1/2"):
    """The chain starts uniform (the "fair stationary" chain): with symmetric switching, a path
    and its reverse are then equally probable."""
    return bool(exact(initial_A) == exact("1/2"))


@condition("w10.switching-probability")
def switching_probability(switch="0.2"):
    """0 < switch < 1: a probability of switching that makes every path possible."""
    return bool(0 < exact(switch) < 1)


# ---- where the other Week 10 statements apply: `noteproof check` names a broken one ------------

def _whole(text: str, least: int) -> bool:
    """``text`` is a whole number >= ``least`` (a count)."""
    q = exact(text)
    return bool(q.is_integer and q >= least)


@condition("w10.nonzero-derivative")
def nonzero_derivative(w="2", x="1", y="1"):
    """dL/dw = 2 w x (w^2 x - y) != 0: there is a derivative for the last use to miss half of (Section 1, line 42)."""
    W, X, Y = exact(w), exact(x), exact(y)
    return bool(2 * W * X * (W**2 * X - Y) != 0)


@condition("w10.adjoint-grid")
def adjoint_grid(S="2", depths="10 20 40 80 160"):
    """S > 0 cut into L = 1, 2, ... residual steps of S/L: the Week 9 family (line 127, Week 9 Section 2)."""
    return bool(exact(S) > 0 and all(_whole(v, 1) for v in depths.split()))


@condition("w10.stable-steps")
def stable_steps(eta_h="0.08 0.04 0.02 0.01"):
    """Every sampled eta h lies in 0 < eta h < 2, where the discrete update has a stationary variance (line 70).

    The note asks for "small steps" (line 60) and a "small $\\eta h$" (line 72) without a number;
    the range it prints is 0 < eta h < 2, and how small is small enough is what the claim's
    order evidence measures at the sampled values.
    """
    return all(0 < exact(v) < 2 for v in eta_h.split())


@condition("w10.positive-hessian")
def positive_hessian(a11="1", a12="0", a22="2"):
    """A = [[a11, a12], [a12, a22]] is a positive Hessian: a11 > 0 and det A > 0 (Section 2, line 62)."""
    A11, A12, A22 = exact(a11), exact(a12), exact(a22)
    return bool(A11 > 0 and A11 * A22 - A12**2 > 0)


@condition("w10.noise-covariance")
def noise_covariance(c11="1", c12="0", c22="3", noise_scale="1"):
    """eta C/B is a covariance: eta/B > 0 and C = [[c11, c12], [c12, c22]] positive semidefinite (line 50)."""
    C11, C12, C22 = exact(c11), exact(c12), exact(c22)
    return bool(exact(noise_scale) > 0 and C11 >= 0 and C22 >= 0 and C11 * C22 - C12**2 >= 0)


@condition("w10.anisotropic-noise")
def anisotropic_noise(c11="1", c12="0", c22="3", noise_scale="1"):
    """The witness's noise breaks eta C/B = 2 T I: eta C/B is anisotropic, no multiple of I (lines 66 and 130).

    The claim is conditional: Sigma = T A^{-1} solves the balance precisely when eta C/B = 2 T I
    (the stated noise-mobility proportionality, line 66), and its counterexample is the
    "anisotropic noise" the note says prevents a single temperature. Its values must lie
    outside the proportionality: c12 != 0 or c11 != c22.
    """
    return bool(exact(noise_scale) != 0 and (exact(c12) != 0 or exact(c11) != exact(c22)))


@condition("w10.stable-variance-step")
def stable_variance_step(eta="0.08", h="1"):
    """h > 0 and 0 < eta h < 2: a positive curvature and a discrete update with a stationary variance (lines 68 and 70).

    The note states the one-dimensional check with symbols only; the defaults are a step inside
    the stated range (eta h = 0.08, the largest sampled by w10.frozen-moment-matching).
    """
    H = exact(h)
    return bool(H > 0 and 0 < exact(eta) * H < 2)


@condition("w10.output-probability")
def output_probability(p_B="0.792412"):
    """0 <= p_B <= 1: p(B | AB) is a probability of the output distribution (lines 26 and 44)."""
    return bool(0 <= exact(p_B) <= 1)


@condition("w10.vocabulary")
def vocabulary_size(vocabulary="2"):
    """The vocabulary is exactly the two tokens A and B, so p_A = 1 - p_B gives 0.207588 (line 26)."""
    return bool(exact(vocabulary) == 2)


@condition("w10.uncertain-target")
def uncertain_target(p_b="0.792412"):
    """0 < p_B < 1: the observed token is not yet certain, so the score gradient (p_A, p_B - 1) is nonzero (line 26)."""
    return bool(0 < exact(p_b) < 1)


@condition("w10.positive-learning-rate")
def positive_learning_rate(eta="1"):
    """eta > 0: a gradient step theta_{n+1} = theta_n - eta g moves against the gradient (line 52)."""
    return bool(exact(eta) > 0)


@condition("w10.positive-temperature")
def positive_temperature(tau="1"):
    """tau > 0: "For positive decoding temperature $\\tau$" (Section 3, line 80)."""
    return bool(exact(tau) > 0)


@condition("w10.finite-scores")
def finite_scores(weight="3", weights="3 1"):
    """The scores (log 3, 0) are finite: each weight e^z is positive (lines 84 and 86)."""
    return bool(exact(weight) > 0 and all(exact(v) > 0 for v in weights.split()))


@condition("w10.unique-largest")
def unique_largest(unique="2 1 0"):
    """The scores have a unique largest one: "For a unique largest score" (Section 3, line 84)."""
    z = [exact(v) for v in unique.split()]
    return z.count(max(z)) == 1


@condition("w10.tied-maxima")
def tied_maxima(tied="1 1 0"):
    """The tie example's scores have tied maxima, at least two equal largest scores (Section 3, line 84)."""
    z = [exact(v) for v in tied.split()]
    return z.count(max(z)) >= 2
