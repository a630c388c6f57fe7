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


@numeric("w10.uses-of-w")
def uses_of_w():
    """Causal paths from w to h2 in h1 = w x, h2 = w h1: the power of w in h2 = w^2 x."""
    w, x = sp.symbols("w x")
    h1 = w * x
    h2 = w * h1
    return sp.Integer(sp.degree(h2, w))


@numeric("w10.tempered-p1")
def tempered_p1(weight="3", tau="1"):
    """p_tau(A) for scores (log weight, 0), exactly when rational (tau = 1 gives 3/4)."""
    z = sp.log(exact(weight))
    terms = [sp.exp(z / exact(tau)), sp.exp(0)]
    value = sp.simplify(terms[0] / sum(terms))
    return value if value.is_Rational else mpmath.mpf(str(sp.N(value, mpmath.mp.dps + 10)))


@numeric("w10.tempered-p2")
def tempered_p2(weight="3", tau="2"):
    """p_tau(A) for scores (log weight, 0) at the working precision."""
    scores = [mpmath.log(mpnum(weight)), mpmath.mpf(0)]
    terms = [mpmath.exp(s / mpnum(tau)) for s in scores]
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
