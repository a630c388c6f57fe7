"""Chapter 12, illustrations C12-D05..D08: every read-out number, recomputed by running the method.

D05 solves the 1-D flow dx/dt = -2x; D06 runs Euler and RK4 on dx/dt = -x; D07 runs
the backward adjoint RK4 solve and the 64-bit one-sided finite difference; D08 runs one
explicit and one implicit Euler step on the fast mode. Parameters are the page's
settings as strings, so `noteproof check ID --set steps=8` reruns at other settings.

The exact flows the pages compare with (x0 e^(-2t), e^(-1), x0 e^theta, the half-turn
rotation) are computed from the vector field, never from those closed forms, by methods
whose cost grows gently with the precision (at ``--dps 1000`` a claim takes seconds where the
Taylor-series solver, mpmath.odefun, ran past the time-out):

* a 1-D autonomous flow dx/dt = f(x): the time to go from x0 to x is the quadrature
  T(x) = int_x0^x ds / f(s) (Clenshaw-Curtis quadrature, authoring.clenshaw_curtis), and x(t)
  is the root of T(x) = t (``findroot``, then Newton steps with the precision doubled each time);
* a linear system s' = A s: the flow is the matrix exponential, s(t) = expm(t A) s(0)
  (mpmath's Taylor series with scaling and squaring: no cosine or sine is evaluated).
"""
from __future__ import annotations

import math
from functools import lru_cache

import mpmath
from mpmath import mp

from noteproof.authoring import (
    Derived,
    Evidence,
    EvidenceKind,
    Reach,
    clenshaw_curtis,
    condition,
    derivation,
    exact,
    mpnum,
    numeric,
)

# ---- D05: one-dimensional flows cannot cross ------------------------------------------


PIECE = mpmath.mpf(5) / 4   # the time integral is cut where the ends differ by more than e^(5/4)


def _flow_time(f, start, end):
    """The time the flow dx/dt = f(x) takes from ``start`` to ``end``: int_start^end ds / f(s),
    by Clenshaw-Curtis quadrature (authoring.clenshaw_curtis).

    Towards an equilibrium at 0 the integrand has a pole at 0, and the rule's error falls like
    rho^(-n), rho fixed by how far that pole is from the piece relative to its length: the
    interval is cut geometrically into pieces whose ends differ by at most a factor e^(5/4)
    (rho >= 3.3, so 2049 nodes reach 1020 digits). The page's settings: D05 from 1 to e^(-2),
    two pieces; D06 and D07, one.
    """
    points = [start, end]
    if start * end > 0:
        pieces = int(mpmath.ceil(abs(mpmath.log(end / start)) / PIECE))
        if pieces > 1:
            step = (end / start) ** (mpmath.mpf(1) / pieces)
            points = [start * step ** j for j in range(pieces)] + [end]
    return mpmath.fsum(clenshaw_curtis(lambda s: 1 / f(s), a, b) for a, b in zip(points, points[1:]))


def _newton_step(f, start, t, x):
    """One Newton step on T(x) = t; T'(x) = 1 / f(x), so the step is (T(x) - t) f(x)."""
    return x - (_flow_time(f, start, x) - t) * f(x)


def _rk4_guess(f, start, t):
    """A starting point for the root: RK4 on the same field at the current (low) precision."""
    scale = abs(f(start) / start) if start else abs(f(start))
    n = int(min(10**5, max(64, 16 * abs(t) * scale + 1)))
    x, h = mpmath.mpf(start), mpmath.mpf(t) / n
    for _ in range(n):
        x = _rk4_step(f, x, h)
    return x


# The flow solves' quadrature nodes and weights at each precision are built once per process: the
# numerics that use them run in one worker.
FLOW_NODES = "Clenshaw-Curtis nodes of the 1-D flow solves"
BASE_BITS = 128   # the root is found by findroot at this precision, then refined by doubling


def _flow_1d_position(f, start, t, known=None):
    """x(t) for the 1-D autonomous flow dx/dt = f(x), x(0) = start: the root of T(x) = t.

    ``start`` and ``t`` are mpf. The root is found at 128 bits and refined by one Newton step
    per doubling of the precision (levels 256, 512, ... bits, then the working precision), so
    the cost is about one quadrature at the working precision (with its nodes and weights, built
    once per precision). ``known`` = (bits, x), a root found at a lower precision (the
    run at dps, for its confirmation at dps + 20), starts the doubling at those bits instead:
    every step still evaluates T at its own precision, so a root that the higher precision
    does not confirm moves. The step at the working precision must move x by less than half
    its bits (Newton has converged), else more steps are taken. An equilibrium start stays put.
    """
    if t == 0 or f(start) == 0:
        return +start
    top = mp.prec
    if known is not None and known[0] < top:
        bits, x = known
    else:
        bits = min(BASE_BITS, top)
        with mp.workprec(bits):
            guess = _rk4_guess(f, start, t)   # findroot's step test is absolute below 1: make it relative
            x = mpmath.findroot(lambda y: _flow_time(f, start, y) - t, guess, solver="newton",
                                df=lambda y: 1 / f(y), tol=16 * mpmath.eps * min(1, abs(guess)))
    levels = []
    bits *= 2
    while bits < top:
        levels.append(bits)
        bits *= 2
    levels.append(top)
    for bits in levels:
        with mp.workprec(bits):
            fresh = _newton_step(f, start, t, x)
            moved, x = abs(fresh - x), fresh
    with mp.workprec(top):   # converged when the last correction is below half the bits
        for _ in range(8):
            if moved <= mpmath.ldexp(max(1, abs(x)), -(top // 2 + 8)):
                return +x
            fresh = _newton_step(f, start, t, x)
            moved, x = abs(fresh - x), fresh
    raise ArithmeticError("the flow's time quadrature did not invert (Newton did not converge)")


def _flow_1d(x0: str, t: str, rate: str):
    """x(t) for dx/dt = -rate x, x(0) = x0, from the time quadrature (never from x0 e^(-rate t))."""
    return _flow_1d_at(*(str(exact(v)) for v in (x0, t, rate)), mp.prec)   # "+1" and "1" are one solve


_SOLVED: dict[tuple[str, str, str], tuple[int, object]] = {}   # (x0, t, rate) -> (bits, x): the last root


@lru_cache(maxsize=64)
def _flow_1d_at(x0: str, t: str, rate: str, prec: int):
    """One solve per start, time, rate and precision (the positions and the gap share them),
    started from the same solve at a lower precision when there is one."""
    k = mpnum(rate)
    x = _flow_1d_position(lambda x: -k * x, mpnum(x0), mpnum(t), _SOLVED.get((x0, t, rate)))
    _SOLVED[x0, t, rate] = (prec, x)
    return x


@numeric("c12.d05.position-a", share=FLOW_NODES)
def position_a(t="1", xa0="-1", rate="2"):
    """Position of A (starting at -1) after flow time t under dx/dt = -2x."""
    return _flow_1d(xa0, t, rate)


@numeric("c12.d05.position-b", share=FLOW_NODES)
def position_b(t="1", xb0="1", rate="2"):
    """Position of B (starting at +1) after flow time t under dx/dt = -2x."""
    return _flow_1d(xb0, t, rate)


@numeric("c12.d05.gap", share=FLOW_NODES)
def gap(t="1", xa0="-1", xb0="1", rate="2"):
    """Gap x_B - x_A after flow time t: both paths solved, then subtracted."""
    return _flow_1d(xb0, t, rate) - _flow_1d(xa0, t, rate)


@numeric("c12.d05.start-gap", share=FLOW_NODES)
def start_gap(xa0="-1", xb0="1", rate="2"):
    """The gap x_B - x_A at time 0, from the same flow solves."""
    return gap("0", xa0, xb0, rate)


@numeric("c12.d05.swap-time")
def swap_time(xb0="1"):
    """First time after 0 at which B, rotating under x' = -pi y, y' = pi x, is back on the x axis.

    The system is linear, s' = A s with A = [[0, -pi], [pi, 0]], so B's path is the matrix
    exponential s(t) = expm(t A) s(0) (a Taylor series of the matrix, not cos and sin); the
    time is the root of y_B(t) near 1.
    """
    generator = mpmath.matrix([[0, -mpmath.pi], [mpmath.pi, 0]])
    start = mpmath.matrix([mpnum(xb0), 0])

    def y_b(tt):
        return (mpmath.expm(tt * generator) * start)[1]

    return mpmath.findroot(y_b, mpmath.mpf("0.9"))


@condition("c12.d05.one-dimensional")
def one_dimensional(added="0"):
    """The flow acts on one number: no added coordinate (added = 0)."""
    return bool(exact(added) == 0)


@condition("c12.d05.starts-ordered")
def starts_ordered(xa0="-1", xb0="1"):
    """A starts left of B: x_A(0) < x_B(0)."""
    return bool(exact(xa0) < exact(xb0))


@condition("c12.d05.added-starts-at-zero")
def added_starts_at_zero(y0="0"):
    """The added coordinate starts at 0: the state starts at (x0, 0)."""
    return bool(exact(y0) == 0)


@condition("c12.d05.half-turn")
def half_turn(t="1"):
    """The rotation runs to time 1 (a half turn), so the points have swapped."""
    return bool(exact(t) == 1)


# ---- D06: Euler against RK4 on dx/dt = -x over [0, 1] ---------------------------------

RK4_ORDER = 4   # the order the page states; the derivation shows the local error is O(h^5)


def _euler_step(f, x, h):
    return x + h * f(x)


def _rk4_step(f, x, h):
    k1 = f(x)
    k2 = f(x + h / 2 * k1)
    k3 = f(x + h / 2 * k2)
    k4 = f(x + h * k3)
    return x + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)


STEPPERS = {"euler": _euler_step, "rk4": _rk4_step}


@lru_cache(maxsize=256)
def _solve(method: str, steps: str, horizon: str, prec: int):
    """Run `method` on dx/dt = -x from x(0) = 1; return (x(horizon), evaluations of f)."""
    count = [0]

    def f(x):
        count[0] += 1
        return -x

    n = int(exact(steps))
    h = mpnum(horizon) / n
    x = mpmath.mpf(1)
    for _ in range(n):
        x = STEPPERS[method](f, x, h)
    return x, count[0]


def _error(method: str, steps: str, horizon: str = "1"):
    x, _ = _solve(method, steps, horizon, mp.prec)
    return abs(x - mpmath.exp(-mpnum(horizon)))


@numeric("c12.d06.euler-error")
def euler_error(steps="4"):
    """Euler's distance from e^(-1) at time 1."""
    return _error("euler", steps)


@numeric("c12.d06.rk4-error")
def rk4_error(steps="4"):
    """RK4's distance from e^(-1) at time 1."""
    return _error("rk4", steps)


@numeric("c12.d06.rk4-error-doubled")
def rk4_error_doubled(steps="4"):
    """RK4's distance from e^(-1) with twice the steps (8 on the page: the check answer's measured value)."""
    return _error("rk4", str(2 * int(exact(steps))))


@numeric("c12.d06.rk4-one-sixteenth-estimate")
def rk4_estimate(steps="4"):
    """The estimate for twice the steps: RK4's error divided by 2^4."""
    return _error("rk4", steps) / 2 ** RK4_ORDER


@numeric("c12.d06.euler-evaluations")
def euler_evaluations(steps="4"):
    """Evaluations of f counted during the Euler run."""
    return _solve("euler", steps, "1", mp.prec)[1]


@numeric("c12.d06.rk4-evaluations")
def rk4_evaluations(steps="4"):
    """Evaluations of f counted during the RK4 run."""
    return _solve("rk4", steps, "1", mp.prec)[1]


@numeric("c12.d06.error-ratio")
def error_ratio(steps="4"):
    """Euler error / RK4 error at the same number of steps."""
    return _error("euler", steps) / _error("rk4", steps)


@lru_cache(maxsize=4)
def _rk4_weights():
    """The weights (times 6) solved from the fourth-order conditions for nodes 0, 1/2, 1/2, 1."""
    import sympy as sp
    b = sp.symbols("b1:5")
    c = (0, sp.Rational(1, 2), sp.Rational(1, 2), 1)
    eqs = [sum(b) - 1] + [sum(bi * ci ** q for bi, ci in zip(b, c)) - sp.Rational(1, q + 1) for q in (1, 2, 3)]
    eqs.append(b[2] * c[1] / 2 + b[3] * c[2] - sp.Rational(1, 6))
    (sol,) = sp.solve(eqs, b, dict=True)
    return tuple(6 * sol[bi] for bi in b)


@numeric("c12.d06.rk4-weight")
def rk4_weight(index="1"):
    """RK4's weight on slope k_index, in sixths, solved from the order conditions."""
    return _rk4_weights()[int(exact(index)) - 1]


@numeric("c12.d06.rk4-weight-2")
def rk4_weight_2(index="2"):
    """RK4's weight on slope k_2, in sixths."""
    return rk4_weight(index)


@numeric("c12.d06.rk4-weight-3")
def rk4_weight_3(index="3"):
    """RK4's weight on slope k_3, in sixths."""
    return rk4_weight(index)


@numeric("c12.d06.rk4-weight-4")
def rk4_weight_4(index="4"):
    """RK4's weight on slope k_4, in sixths."""
    return rk4_weight(index)


@numeric("c12.d06.step-size")
def step_size(steps="4"):
    """h = horizon / steps."""
    return exact(1) / exact(steps)


@numeric("c12.d06.euler-factor")
def euler_factor(steps="4"):
    """One Euler step of size 1/steps from x = 1: the factor per step."""
    return _solve("euler", "1", str(exact(1) / exact(steps)), mp.prec)[0]


@numeric("c12.d06.rk4-factor")
def rk4_factor(steps="4"):
    """One RK4 step of size 1/steps from x = 1: the factor per step."""
    return _solve("rk4", "1", str(exact(1) / exact(steps)), mp.prec)[0]


@numeric("c12.d06.exact-value", share=FLOW_NODES)
def exact_value(t="1"):
    """The exact answer e^(-t) of dx/dt = -x, x(0) = 1, from the flow's time quadrature."""
    return _flow_1d("1", t, "1")


@numeric("c12.d06.rk4-halving-ratio")
def rk4_halving_ratio(steps="4"):
    """RK4 error at `steps` divided by the error at twice the steps (the page: about 16)."""
    return _error("rk4", steps) / _error("rk4", str(2 * int(exact(steps))))


@numeric("c12.d06.rk4-halving-ratio-small-h")
def rk4_halving_small_h(fine_steps="512"):
    """The same ratio in the small-h regime the sentence '2^4 = 16' describes.

    The errors are tiny there, so the runs carry 30 guard digits.
    """
    with mpmath.extradps(30):
        ratio = rk4_halving_ratio(fine_steps)
    return +ratio


@numeric("c12.d06.euler-halving-ratio-small-h")
def euler_halving_small_h(fine_steps="512"):
    """Euler error at `fine_steps` over the error at twice as many, small h (the page: 2)."""
    with mpmath.extradps(30):
        ratio = _error("euler", fine_steps) / _error("euler", str(2 * int(exact(fine_steps))))
    return +ratio


@numeric("c12.d06.rk4-observed-order")
def rk4_observed_order(fine_steps="64"):
    """log2 of the RK4 halving ratio at small h: the observed order."""
    return mpmath.log(rk4_halving_ratio(fine_steps), 2)


@numeric("c12.d06.euler-observed-order")
def euler_observed_order(fine_steps="64"):
    """log2 of the Euler halving ratio at small h: the observed order."""
    n = fine_steps
    return mpmath.log(_error("euler", n) / _error("euler", str(2 * int(exact(n)))), 2)


@condition("c12.d06.steps-divide-horizon")
def steps_divide_horizon(steps="4"):
    """The steps divide the horizon 1 evenly: a positive whole number of steps, h = 1/steps."""
    q = exact(steps)
    return bool(q.is_integer and q >= 1)


@condition("c12.d06.stable-steps")
def stable_steps(steps="4"):
    """Both solvers shrink on dx/dt = -x: |1 - h| < 1 and |1 - h + h^2/2 - h^3/6 + h^4/24| < 1."""
    h = exact(1) / exact(steps)
    return bool(h > 0 and abs(1 - h) < 1 and abs(1 - h + h**2 / 2 - h**3 / 6 + h**4 / 24) < 1)


@condition("c12.d06.small-h")
def small_h(steps="4"):
    """h is small (h <= 1/4): the regime where the orders describe how the error shrinks."""
    return bool(exact(1) / exact(steps) <= exact("1/4"))


# ---- D07: adjoint gradient against finite differences ---------------------------------


def _x1(theta, x0):
    """The forward value x(1) = x0 e^theta, used exactly (the page's assumption)."""
    return mpnum(x0) * mpmath.exp(mpnum(theta))


def _exact_gradient(theta, x0, y):
    x1 = _x1(theta, x0)
    return 2 * (x1 - mpnum(y)) * x1


@lru_cache(maxsize=64)
def _adjoint(theta: str, x0: str, y: str, steps: str, prec: int):
    """Backward RK4 from t = 1 to 0 of (x, a, g): x' = th x, a' = -th a, g' = -a x, g(1) = 0."""
    th = mpnum(theta)
    x1 = _x1(theta, x0)
    state = (x1, 2 * (x1 - mpnum(y)), mpmath.mpf(0))

    def f(s):
        return (th * s[0], -th * s[1], -s[1] * s[0])

    def axpy(s, c, k):
        return tuple(si + c * ki for si, ki in zip(s, k))

    n = int(exact(steps))
    h = -mpmath.mpf(1) / n
    for _ in range(n):
        k1 = f(state)
        k2 = f(axpy(state, h / 2, k1))
        k3 = f(axpy(state, h / 2, k2))
        k4 = f(axpy(state, h, k3))
        state = tuple(s + h / 6 * (a + 2 * b + 2 * c + d) for s, a, b, c, d in zip(state, k1, k2, k3, k4))
    return state


def _digits(approx, truth):
    """Correct digits: -log10 of the relative error, capped at 16."""
    rel = abs((mpmath.mpf(approx) - truth) / truth)
    return mpmath.mpf(16) if rel == 0 else min(mpmath.mpf(16), -mpmath.log10(rel))


def _fd_gradient_64(theta, x0, y, k) -> float:
    """One-sided finite difference (L(theta + eps) - L(theta)) / eps in Python floats."""
    th, xs, ys = float(exact(theta)), float(exact(x0)), float(exact(y))
    eps = 1.0 / 10.0 ** int(exact(k))

    def loss(p: float) -> float:
        return (xs * math.exp(p) - ys) ** 2

    return (loss(th + eps) - loss(th)) / eps


@numeric("c12.d07.forward-value", share=FLOW_NODES)
def forward_value(theta="0.5", x0="1"):
    """x(1) = x0 e^theta, by solving dx/dt = theta x to time 1 (the flow's time quadrature)."""
    return _flow_1d(x0, "1", str(-exact(theta)))


@numeric("c12.d07.exact-gradient")
def exact_gradient(theta="0.5", x0="1", y="2"):
    """dL/dtheta = 2 (x(1) - y) x(1) at working precision."""
    return _exact_gradient(theta, x0, y)


@numeric("c12.d07.adjoint-start")
def adjoint_start(theta="0.5", x0="1", y="2"):
    """a(1) = 2 (x(1) - y): dL/dx(1)."""
    return 2 * (_x1(theta, x0) - mpnum(y))


@numeric("c12.d07.adjoint-gradient")
def adjoint_gradient(theta="0.5", x0="1", y="2", steps="100"):
    """The running integral g(0) of the backward 100-step RK4 solve."""
    return _adjoint(theta, x0, y, steps, mp.prec)[2]


@numeric("c12.d07.adjoint-digits")
def adjoint_digits(theta="0.5", x0="1", y="2", steps="100"):
    """Correct digits of the backward adjoint solve against the exact gradient."""
    return _digits(_adjoint(theta, x0, y, steps, mp.prec)[2], _exact_gradient(theta, x0, y))


@numeric("c12.d07.fd-gradient")
def fd_gradient(theta="0.5", x0="1", y="2", k="4"):
    """The one-sided finite difference with step 1/10^k, in 64-bit arithmetic."""
    return _fd_gradient_64(theta, x0, y, k)


@numeric("c12.d07.fd-digits")
def fd_digits(theta="0.5", x0="1", y="2", k="4") -> float:
    """Correct digits of the 64-bit finite difference with step 1/10^k."""
    return float(_digits(_fd_gradient_64(theta, x0, y, k), _exact_gradient(theta, x0, y)))


def _fd_scan(theta, x0, y, kmax):
    return [(fd_digits(theta, x0, y, str(k)), k) for k in range(1, int(exact(kmax)) + 1)]


@numeric("c12.d07.fd-peak-digits")
def fd_peak_digits(theta="0.5", x0="1", y="2", kmax="12") -> float:
    """The most correct digits the 64-bit finite difference reaches over k = 1..kmax."""
    return max(_fd_scan(theta, x0, y, kmax))[0]


@numeric("c12.d07.fd-peak-k")
def fd_peak_k(theta="0.5", x0="1", y="2", kmax="12"):
    """The step exponent k at which the finite difference peaks."""
    return max(_fd_scan(theta, x0, y, kmax))[1]


@numeric("c12.d07.fd-digits-drop")
def fd_digits_drop(theta="0.5", x0="1", y="2", kmax="12") -> float:
    """Digits lost from the peak to the smallest step 1/10^kmax (positive: accuracy lost)."""
    scan = _fd_scan(theta, x0, y, kmax)
    return max(scan)[0] - scan[-1][0]


@numeric("c12.d07.float64-digits")
def float64_digits() -> float:
    """Decimal digits a 64-bit float carries: -log10 of its unit roundoff 2^-53."""
    return -math.log10(math.ulp(1.0) / 2)


@numeric("c12.d07.fd-solves")
def fd_solves(parameters="1000"):
    """Forward solves of a finite-difference gradient: one baseline plus one per parameter."""
    solves = 1
    for _ in range(int(exact(parameters))):
        solves += 1
    return solves


@condition("c12.d07.y-is-target")
def y_is_target(theta="0.5", x0="1", y="2"):
    """y is the target for x(1) and differs from x0 e^theta (else the gradient is 0 and digits are undefined)."""
    return bool(mpnum(y) != _x1(theta, x0))


@condition("c12.d07.fd-step-range")
def fd_step_range(k="4"):
    """The finite-difference step is 1/10^k with k a whole number from 1 to 12."""
    q = exact(k)
    return bool(q.is_integer and 1 <= q <= 12)


@condition("c12.d07.backward-steps")
def backward_steps(steps="100"):
    """The backward RK4 solve takes a positive whole number of steps (100 on the page)."""
    q = exact(steps)
    return bool(q.is_integer and q >= 1)


# ---- D08: stiffness, explicit against implicit Euler ----------------------------------


def _explicit_step(x, h, rate):
    return x - h * rate * x


def _implicit_step(x, h, rate):
    """Solve x_new = x - h rate x_new for x_new (a linear equation, by findroot)."""
    return mpmath.findroot(lambda xn: xn - x + h * rate * xn, x)


@numeric("c12.d08.stiffness-ratio")
def stiffness_ratio(fast="100", slow="1"):
    """S = fastest rate / slowest rate."""
    rates = [exact(fast), exact(slow)]
    return max(rates) / min(rates)


@numeric("c12.d08.largest-stable-step")
def largest_stable_step(fast="100"):
    """The step where one explicit step on the fast mode reaches factor -1.

    The factor is affine in h, so two runs give its slope and the crossing exactly.
    """
    lam = exact(fast)
    f0 = _explicit_step(exact(1), exact(0), lam)
    slope = _explicit_step(exact(1), exact(1), lam) - f0
    return (-1 - f0) / slope


@numeric("c12.d08.largest-stable-step-check")
def largest_stable_step_check(check_fast="500"):
    """The check answer: the largest stable explicit step for fast rate 500."""
    return largest_stable_step(check_fast)


@numeric("c12.d08.explicit-steps-needed")
def explicit_steps_needed(check_fast="500", horizon="2"):
    """Steps of the largest stable explicit step needed to cover the horizon (fast rate 500)."""
    h = largest_stable_step(check_fast)
    t, n = exact(0), 0
    while t < exact(horizon):
        t += h
        n += 1
    return n


@numeric("c12.d08.implicit-steps-needed")
def implicit_steps_needed(check_h="0.1", horizon="2"):
    """Implicit Euler steps of size 0.1 needed to cover the horizon."""
    t, n = exact(0), 0
    while t < exact(horizon):
        t += exact(check_h)
        n += 1
    return n


@numeric("c12.d08.stability-numerator")
def stability_numerator(fast="100"):
    """Largest stable explicit step times the fast rate (the page: 2 divided by the rate)."""
    return largest_stable_step(fast) * exact(fast)


@numeric("c12.d08.factor-at-limit")
def factor_at_limit(fast="100"):
    """The explicit factor at the largest stable step: the edge value."""
    return _explicit_step(exact(1), largest_stable_step(fast), exact(fast))


@numeric("c12.d08.implicit-factor-sup")
def implicit_factor_sup(fast="100"):
    """The implicit factor at h = 0: the value it stays below for every h > 0 (it decreases in h)."""
    return _implicit_step(mpmath.mpf(1), mpmath.mpf(0), mpnum(fast))


@numeric("c12.d08.z")
def z_value(h="0.05", fast="100"):
    """z = h x rate for the fast mode."""
    return exact(h) * exact(fast)


@numeric("c12.d08.explicit-factor")
def explicit_factor(h="0.05", fast="100"):
    """One explicit Euler step on the fast mode from x = 1."""
    return _explicit_step(exact(1), exact(h), exact(fast))


@numeric("c12.d08.implicit-factor")
def implicit_factor(h="0.05", fast="100"):
    """One implicit Euler step on the fast mode from x = 1 (equation solved numerically)."""
    return _implicit_step(mpmath.mpf(1), mpnum(h), mpnum(fast))


@numeric("c12.d08.implicit-factor-check")
def implicit_factor_check(check_h="0.1", check_fast="500"):
    """The check answer's implicit step: factor on the fast mode for h = 0.1, rate 500."""
    return _implicit_step(mpmath.mpf(1), mpnum(check_h), mpnum(check_fast))


@condition("c12.d08.explicit-stable")
def explicit_stable(h="0.05", fast="100", slow="1"):
    """h < 2/lambda for every mode (explicit Euler stable: |1 - h lambda| < 1)."""
    return bool(all(abs(1 - exact(h) * exact(lam)) < 1 for lam in (fast, slow)))


@condition("c12.d08.explicit-unstable")
def explicit_unstable(h="0.05", fast="100"):
    """The step is above 2/lambda for the fast mode, so explicit Euler grows (|1 - h lambda| > 1)."""
    return bool(abs(1 - exact(h) * exact(fast)) > 1)


@condition("c12.d08.positive-rates")
def positive_rates(fast="100", slow="1"):
    """Linear decay only: both rates (1 and the fast rate) are positive."""
    return bool(exact(fast) > 0 and exact(slow) > 0)


@condition("c12.d08.positive-step")
def positive_step(h="0.05"):
    """The step is positive (h > 0)."""
    return bool(exact(h) > 0)


@condition("c12.d08.steps-divide-horizon")
def steps_divide_horizon_d08(h="0.05", horizon="2"):
    """The step divides the horizon 2 evenly."""
    q = exact(horizon) / exact(h)
    return bool(q.is_integer and q >= 1)


def _halving(method: str, steps: str):
    """The factor by which halving the step divides ``method``'s error: error(steps) / error(2 steps)."""
    return _error(method, steps) / _error(method, str(2 * int(exact(steps))))


@lru_cache(maxsize=4)
def _derived_order(method: str) -> int:
    """The global order of ``method`` on dx/dt = -x, from SymPy: the leading power in h of the series
    of x_N - e^{-1}, x_N = (one step of the same stepper from x = 1)^(1/h)."""
    import sympy as sp
    from sympy.polys.ring_series import rs_exp, rs_log
    from sympy.polys.rings import ring
    h = sp.Symbol("h", positive=True)
    factor = sp.expand(STEPPERS[method](lambda v: -v, sp.Integer(1), h))
    # factor^{1/h} - e^{-1} = e^{-1} (exp(u) - 1), u = (log(factor) + h)/h, in exact series QQ[[h]]
    # (the series sp.series gives); no positive order when factor^{1/h} does not tend to e^{-1}
    qq, hh = ring("h", sp.QQ)
    r = qq({k: sp.QQ(int(c.p), int(c.q)) for k, c in sp.Poly(factor, h).as_dict().items()})
    if r.coeff(1) != 1:
        return 0
    u = rs_log(r, hh, 8) + hh
    u = qq({(m[0] - 1,): c for m, c in u.items()})
    if u.coeff(1) != 0:
        return 0
    terms = (rs_exp(u, hh, 7) - 1).keys()
    return int(min(terms)[0]) if terms else 7


def _order_reached(ratio) -> int:
    """The whole order a halving factor shows: log2(ratio) rounded to the nearest whole number."""
    return int(mpmath.nint(mpmath.log(ratio, 2)))


@numeric("c12.d06.rk4-halving-power")
def rk4_halving_power(steps="4"):
    """The page's "divides the RK4 error by about 16", read as the note writes it, "about 2^4 = 16":
    2^p, with p the whole order the RK4 halving factor shows at the page's setting (steps ->
    2 steps): log2 of the measured factor, rounded. At 4 -> 8 steps the factor is 17.76 = 2^4.15."""
    return 2 ** _order_reached(_halving("rk4", steps))


@derivation("c12.d06.halving-at-page-settings")
def halving_at_page_settings(steps="4") -> Derived:
    """The read-out at the page's setting (C12-D06, "With 4 steps, ... Halving the step roughly halves
    the Euler error but divides the RK4 error by about 16, so the gap widens quickly").

    Both solvers run at the page's steps and at twice as many. "About 16" is the page's
    "about 2^4 = 16" (line 298): a factor 2^p for the fourth order. The rule the wording warrants:
    the measured halving factor shows order p when log2(factor) rounds to p (the half-unit rule
    applied to the order, [p - 1/2, p + 1/2)). RK4's factor must show the order SymPy derives for
    RK4 (4), Euler's "roughly halves" the order derived for Euler (1), and the Euler / RK4 error ratio
    must grow when the step is halved (the gap widens). As a bare number the measured 17.76 lies
    outside 16's half-unit interval [15.5, 16.5): that is said as a notice, with the small-h value.
    The page itself reads "about" this way: its check answer calls the measured 8-step error
    0.00000083 (1/17.76 of the 4-step one) close to the 1/16 estimate 0.00000092.
    """
    doubled = str(2 * int(exact(steps)))
    rk4, euler = _halving("rk4", steps), _halving("euler", steps)
    p_rk4, p_euler = _order_reached(rk4), _order_reached(euler)
    d_rk4, d_euler = _derived_order("rk4"), _derived_order("euler")
    gap_before = _error("euler", steps) / _error("rk4", steps)
    gap_after = _error("euler", doubled) / _error("rk4", doubled)
    orders = (f"at the page's {steps} -> {doubled} steps RK4's error falls by {mpmath.nstr(rk4, 4)} = "
              f"2^{mpmath.nstr(mpmath.log(rk4, 2), 3)}, whole order {p_rk4} (the page: 'about 16', its 'about "
              f"2^{d_rk4} = {2 ** d_rk4}' for RK4's derived order {d_rk4}), and Euler's by {mpmath.nstr(euler, 3)} = "
              f"2^{mpmath.nstr(mpmath.log(euler, 2), 3)}, whole order {p_euler} (the page: 'roughly halves', "
              f"Euler's derived order {d_euler})")
    with mpmath.extradps(30):
        limit = _halving("rk4", "512")
    notice = "" if abs(rk4 - 16) < mpmath.mpf("0.5") else (
        f"as a bare number the RK4 factor at the page's setting, {mpmath.nstr(rk4, 4)}, lies outside 16's "
        f"half-unit interval; it is 2^{mpmath.nstr(mpmath.log(rk4, 2), 3)} and tends to 16 as "
        f"the step shrinks ({mpmath.nstr(limit, 5)} at 512 -> 1024 steps)")
    return Derived(evidence=(
        Evidence(EvidenceKind.NUMERIC, orders, p_rk4 == d_rk4 and p_euler == d_euler, notice=notice,
                 reach=Reach.SETTING, detail=f"derived orders: Euler {d_euler}, RK4 {d_rk4}"),
        Evidence(EvidenceKind.NUMERIC, f"the gap widens: Euler / RK4 error ratio {mpmath.nstr(gap_before, 4)} at "
                 f"{steps} steps, {mpmath.nstr(gap_after, 4)} at {doubled} (x{mpmath.nstr(gap_after / gap_before, 3)})",
                 gap_after > gap_before, reach=Reach.SETTING),
    ))
