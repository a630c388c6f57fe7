"""Chapter 12 illustrations C12-D01..D04: the read-out numbers, recomputed with mpmath.

Every function runs what the page describes (the Euler loop, the fixed-point
updates, the Verlet orbit) at the page's settings, given as string defaults, so
`noteproof check ID --set h=0.75` recomputes a read-out at other settings.
"""
from __future__ import annotations

import functools

import mpmath
import sympy as sp
from sympy.solvers.inequalities import reduce_rational_inequalities

from noteproof.authoring import NoteproofError, condition, exact, mpnum, numeric


def _steps(horizon, h) -> int:
    """The number of steps h takes to reach the horizon (it must divide it)."""
    ratio = exact(horizon) / exact(h)
    if not ratio.is_integer or ratio <= 0:
        raise NoteproofError(f"the step {h} does not divide the horizon {horizon}: no step lands on it")
    return int(ratio)


# ---- D01: Euler on dx/dt = -a x, x0 = 1, horizon 6 --------------------------

def _euler_orbit(h, a, horizon, x0="1"):
    hh, aa, x = mpnum(h), mpnum(a), mpnum(x0)
    orbit = [x]
    for _ in range(_steps(horizon, h)):
        x = x + hh * (-aa * x)
        orbit.append(x)
    return orbit


@numeric("c12.d01.step-times-rate")
def step_times_rate(h="1.5", a="1.2"):
    """ah, the step times the rate."""
    return mpnum(h) * mpnum(a)


@numeric("c12.d01.euler-factor")
def euler_factor(h="1.5", a="1.2", x0="1"):
    """x1 / x0 after one Euler step."""
    x1 = _euler_orbit(h, a, h, x0)[1]
    return x1 / mpnum(x0)


@numeric("c12.d01.exact-factor")
def exact_factor(h="1.5", a="1.2"):
    """x(t + h) / x(t) of the exact decay, e^(-ah)."""
    return mpmath.exp(-mpnum(a) * mpnum(h))


@numeric("c12.d01.steps-to-horizon")
def steps_to_horizon(h="1.5", horizon="6"):
    """How many Euler steps reach the horizon."""
    return _steps(horizon, h)


@numeric("c12.d01.euler-at-horizon")
def euler_at_horizon(h="1.5", a="1.2", horizon="6", x0="1"):
    """The Euler value at the horizon, by running the loop."""
    return _euler_orbit(h, a, horizon, x0)[-1]


@numeric("c12.d01.exact-at-horizon")
def exact_at_horizon(a="1.2", horizon="6", x0="1"):
    """The exact value x0 e^(-a T) at the horizon."""
    return mpnum(x0) * mpmath.exp(-mpnum(a) * mpnum(horizon))


@numeric("c12.d01.error-at-horizon")
def error_at_horizon(h="1.5", a="1.2", horizon="6", x0="1"):
    """|Euler - exact| at the horizon."""
    return abs(euler_at_horizon(h, a, horizon, x0) - exact_at_horizon(a, horizon, x0))


_Z = sp.Symbol("z", real=True)


@functools.lru_cache(maxsize=None)
def _solution_set(relation):
    """The real z where ``relation`` (in z) holds, exact and independent of the working precision,
    so solved once per process (the shrink limit is read at several places and precisions). A
    rational relation (1 - z > 0) by reduce_rational_inequalities (the signs of a rational function
    between its roots and poles), any other (|1 - z| < 1) by solve_univariate_inequality."""
    if (relation.lhs - relation.rhs).is_rational_function(_Z):
        return reduce_rational_inequalities([[relation]], _Z, relational=False)
    return sp.solve_univariate_inequality(relation, _Z, relational=False)


def _solved_sup(relation):
    return _solution_set(relation(_Z)).sup


@numeric("c12.d01.shrink-limit")
def shrink_limit():
    """The largest ah with |1 - ah| < 1, from solving the inequality."""
    return _solved_sup(lambda zz: sp.Abs(1 - zz) < 1)


@numeric("c12.d01.sign-limit")
def sign_limit():
    """The largest ah with 1 - ah > 0, from solving the inequality."""
    return _solved_sup(lambda zz: 1 - zz > 0)


@numeric("c12.d01.shrink-lower")
def shrink_lower():
    """The smallest ah with |1 - ah| < 1, from solving the inequality."""
    return _solution_set(sp.Abs(1 - _Z) < 1).inf


@numeric("c12.d01.check-step-times-rate")
def check_step_times_rate(check_h="0.75", check_a="2"):
    """ah in the check-your-understanding question."""
    return step_times_rate(check_h, check_a)


@numeric("c12.d01.check-euler-factor")
def check_euler_factor(check_h="0.75", check_a="2"):
    """The Euler factor in the check-your-understanding question."""
    return euler_factor(check_h, check_a)


@condition("c12.d01.positive-rate")
def positive_rate(a="1.2"):
    """a > 0 (positive decay rate)"""
    return bool(exact(a) > 0)


@condition("c12.d01.step-divides-horizon")
def step_divides_horizon(h="1.5", horizon="6"):
    """the step h divides the horizon 6"""
    ratio = exact(horizon) / exact(h)
    return bool(ratio.is_integer and ratio > 0)


@condition("c12.d01.euler-shrinks")
def euler_shrinks(h="1.5", a="1.2"):
    """0 < a h < 2 (explicit Euler shrinks)"""
    return bool(0 < exact(a) * exact(h) < 2)


@condition("c12.d01.keeps-sign")
def keeps_sign(h="1.5", a="1.2"):
    """a h < 1 (Euler keeps the sign and smooth shape of the exact decay)"""
    return bool(exact(a) * exact(h) < 1)


# ---- D02: z_{k+1} = theta z_k + x from z0 = 0 -------------------------------

def _updates(theta, x, updates, z0="0"):
    th, xx, zk = mpnum(theta), mpnum(x), mpnum(z0)
    orbit = [zk]
    for _ in range(int(exact(updates))):
        zk = th * zk + xx
        orbit.append(zk)
    return orbit


@numeric("c12.d02.fixed-point-value")
def fixed_point(theta="1.2", x="1"):
    """z* solving z = theta z + x (a root finder on the fixed-point equation)."""
    th, xx = mpnum(theta), mpnum(x)
    return mpmath.findroot(lambda zz: th * zz + xx - zz, mpmath.mpf(0))


@numeric("c12.d02.multiplier-size")
def multiplier_size(theta="1.2"):
    """|theta|."""
    return abs(mpnum(theta))


@numeric("c12.d02.distance")
def distance(theta="1.2", x="1", updates="12", z0="0"):
    """|z_k - z*| after the updates, by running them."""
    return abs(_updates(theta, x, updates, z0)[-1] - fixed_point(theta, x))


@numeric("c12.d02.updates")
def update_count(theta="1.2", x="1", updates="12", z0="0"):
    """How many updates the run performed."""
    return len(_updates(theta, x, updates, z0)) - 1


@numeric("c12.d02.z1")
def z1(theta="1.2", x="1", z0="0"):
    """The value after one update."""
    return _updates(theta, x, "1", z0)[1]


@numeric("c12.d02.z2")
def z2(theta="1.2", x="1", z0="0"):
    """The value after two updates."""
    return _updates(theta, x, "2", z0)[2]


@numeric("c12.d02.theta-one-growth")
def theta_one_growth(check_x="1", updates="12"):
    """At theta = 1 the value grows by this much each round (z_{k+1} - z_k)."""
    orbit = _updates("1", check_x, updates)
    steps = {orbit[i + 1] - orbit[i] for i in range(len(orbit) - 1)}
    if len(steps) != 1:
        raise ValueError("the growth per round is not constant")
    return steps.pop()


def _singular_theta():
    """The theta at which z = theta z + x loses its unique solution (1 - theta = 0), by solving."""
    th, zz, xx = sp.symbols("theta z x")
    coefficient = sp.Poly(zz - (th * zz + xx), zz).coeffs()[0]
    roots = sp.solve(coefficient, th)
    if len(roots) != 1:
        raise NoteproofError("expected one singular theta")
    return roots[0]


@numeric("c12.d02.singular-theta")
def singular_theta():
    """theta where the fixed-point equation has no unique solution."""
    return _singular_theta()


@condition("c12.d02.start-moves")
def start_moves(theta="1.2", x="1", z0="0"):
    """the start z0 is not already fixed: theta z0 + x != z0 (from a fixed start the update never moves)"""
    return bool(exact(theta) * exact(z0) + exact(x) != exact(z0))


@condition("c12.d02.theta-not-one")
def theta_not_one(theta="1.2"):
    """theta != 1 (a fixed point exists)"""
    return bool(exact(theta) != 1)


@condition("c12.d02.contraction")
def contraction(theta="1.2"):
    """|theta| < 1 (the iteration settles from z0 = 0)"""
    return bool(abs(exact(theta)) < 1)


# ---- D03: equilibrium z* = x/(1-theta) and its slope ------------------------

@numeric("c12.d03.equilibrium")
def equilibrium(theta="0.8", x="1"):
    """z* solving z = theta z + x."""
    return fixed_point(theta, x)


@numeric("c12.d03.slope-value")
def slope(theta="0.8", x="1"):
    """dz*/dtheta = (1 - J_f)^{-1} df/dtheta at z*, with J_f = theta and df/dtheta = z*."""
    zs = equilibrium(theta, x)
    return zs / (1 - mpnum(theta))


@numeric("c12.d03.estimate")
def estimate(theta="0.8", x="1", dtheta="0.01"):
    """The slope's estimate of the change, slope x dtheta."""
    return slope(theta, x) * mpnum(dtheta)


@numeric("c12.d03.shifted-theta")
def shifted_theta(theta="0.8", dtheta="0.01"):
    """theta + dtheta."""
    return mpnum(theta) + mpnum(dtheta)


@numeric("c12.d03.one-minus-theta")
def one_minus_theta(theta="0.8"):
    """The denominator 1 - theta."""
    return 1 - mpnum(theta)


@numeric("c12.d03.one-minus-shifted")
def one_minus_shifted(theta="0.8", dtheta="0.01"):
    """The denominator 1 - (theta + dtheta)."""
    return 1 - shifted_theta(theta, dtheta)


@numeric("c12.d03.new-equilibrium")
def new_equilibrium(theta="0.8", x="1", dtheta="0.01"):
    """z* at theta + dtheta."""
    return equilibrium(str(exact(theta) + exact(dtheta)), x)


@numeric("c12.d03.actual-change")
def actual_change(theta="0.8", x="1", dtheta="0.01"):
    """z*(theta + dtheta) - z*(theta)."""
    return new_equilibrium(theta, x, dtheta) - equilibrium(theta, x)


@numeric("c12.d03.excess-percent")
def excess_percent(theta="0.8", x="1", dtheta="0.01"):
    """How much larger the actual change is than the estimate, in per cent."""
    return 100 * (actual_change(theta, x, dtheta) / estimate(theta, x, dtheta) - 1)


@numeric("c12.d03.check-slope")
def check_slope(check_theta="0.5", check_x="-2"):
    """The slope in the check-your-understanding question."""
    return slope(check_theta, check_x)


@numeric("c12.d03.pole")
def pole():
    """theta where the equilibrium x/(1 - theta) and its slope blow up."""
    return _singular_theta()


@condition("c12.d03.step-below-one")
def step_below_one(theta="0.8", dtheta="0.01"):
    """theta + dtheta < 1 (the change never reaches theta = 1)"""
    return bool(exact(theta) + exact(dtheta) < 1)


@condition("c12.d03.invertible")
def invertible(theta="0.8"):
    """1 - J_f = 1 - theta is invertible (theta != 1)"""
    return bool(exact(theta) != 1)


# ---- D04: q' = p, p' = -q; Euler against Stormer-Verlet, q0 = 1, p0 = 0 -----

def _energy(q, p):
    return (q * q + p * p) / 2


def _verlet_step(q, p, h):
    half = p - h * q / 2
    q = q + h * half
    return q, half - h * q / 2, half


EULER, VERLET = "euler", "verlet"


def _euler_step(q, p, h):
    return q + h * p, p - h * q


@functools.lru_cache(maxsize=64)
def _orbit(scheme, h, horizon, q0, p0, prec):
    """The orbit of one scheme (EULER or VERLET) from (q0, p0) up to the horizon, at the working
    precision ``prec`` (part of the key): only the scheme a read-out needs is run."""
    hh = mpnum(h)
    q, p = mpnum(q0), mpnum(p0)
    orbit = [(q, p)]
    for _ in range(_steps(horizon, h)):
        q, p = _euler_step(q, p, hh) if scheme == EULER else _verlet_step(q, p, hh)[:2]
        orbit.append((q, p))
    return tuple(orbit)


def _run(scheme, h, horizon, q0="1", p0="0"):
    return _orbit(scheme, str(h), str(horizon), str(q0), str(p0), mpmath.mp.prec)


@numeric("c12.d04.start-energy")
def start_energy(q0="1", p0="0"):
    """H = (q0^2 + p0^2)/2."""
    return _energy(mpnum(q0), mpnum(p0))


@numeric("c12.d04.steps")
def steps(h="0.5", horizon="20"):
    """Steps to the horizon."""
    return _steps(horizon, h)


@numeric("c12.d04.euler-energy-end")
def euler_energy_end(h="0.5", horizon="20", q0="1", p0="0"):
    """Euler's energy at the horizon, by running the steps."""
    return _energy(*_run(EULER, h, horizon, q0, p0)[-1])


@numeric("c12.d04.euler-energy-ratio")
def euler_energy_ratio(h="0.5", horizon="20", q0="1", p0="0"):
    """Euler's final energy over its starting energy."""
    return euler_energy_end(h, horizon, q0, p0) / start_energy(q0, p0)


@numeric("c12.d04.euler-energy-factor")
def euler_energy_factor(h="0.5", q0="1", p0="0"):
    """H after one Euler step over H before."""
    return euler_energy_end(h, h, q0, p0) / start_energy(q0, p0)


@numeric("c12.d04.h-squared")
def h_squared(h="0.5"):
    """h^2, the energy gained per Euler step."""
    return mpnum(h) ** 2


@numeric("c12.d04.verlet-energy-min")
def verlet_energy_min(h="0.5", horizon="20", q0="1", p0="0"):
    """The smallest energy on the Verlet orbit up to the horizon."""
    return min(_energy(q, p) for q, p in _run(VERLET, h, horizon, q0, p0))


@numeric("c12.d04.verlet-energy-end")
def verlet_energy_end(h="0.5", horizon="20", q0="1", p0="0"):
    """Verlet's energy at the horizon, by running the steps."""
    return _energy(*_run(VERLET, h, horizon, q0, p0)[-1])


@numeric("c12.d04.verlet-energy-max")
def verlet_energy_max(h="0.5", horizon="20", q0="1", p0="0"):
    """The largest energy on the Verlet orbit up to the horizon."""
    return max(_energy(q, p) for q, p in _run(VERLET, h, horizon, q0, p0))


def _verlet_rotation(h):
    """The angle per step of the Verlet step matrix, from its trace (run on the unit vectors)."""
    hh = mpnum(h)
    m11 = _verlet_step(mpmath.mpf(1), mpmath.mpf(0), hh)[0]
    m22 = _verlet_step(mpmath.mpf(0), mpmath.mpf(1), hh)[1]
    return mpmath.acos((m11 + m22) / 2)


@numeric("c12.d04.exact-frequency")
def exact_frequency():
    """The exact oscillator's angular frequency: |Im| of the eigenvalues of [[0, 1], [-1, 0]]."""
    eigenvalues = sp.Matrix([[0, 1], [-1, 0]]).eigenvals()
    frequencies = {abs(sp.im(e)) for e in eigenvalues}
    if len(frequencies) != 1:
        raise ValueError("the exact flow is not a single rotation")
    return frequencies.pop()


@numeric("c12.d04.exact-frequency-excess")
def exact_frequency_excess():
    """The exact flow's frequency above the exact value: zero."""
    return exact_frequency() - 1


@numeric("c12.d04.verlet-frequency")
def verlet_frequency(h="0.5"):
    """omega = (angle per Verlet step) / h."""
    return _verlet_rotation(h) / mpnum(h)


@numeric("c12.d04.verlet-frequency-excess")
def verlet_frequency_excess(h="0.5"):
    """Verlet's frequency above the exact frequency."""
    return verlet_frequency(h) - exact_frequency()


@numeric("c12.d04.phase-drift-estimate")
def phase_drift_estimate(h="0.5", horizon="20"):
    """The formula estimate of the phase drift: frequency excess x horizon."""
    return verlet_frequency_excess(h) * mpnum(horizon)


@numeric("c12.d04.phase-drift-actual")
def phase_drift_actual(h="0.5", horizon="20", q0="1", p0="0"):
    """The phase lag of the Verlet solution at the horizon, N phi - T (radians).

    Verlet's iterates are q_n = A cos(n phi) + B sin(n phi), phi the angle per step (from the
    trace of the step matrix); the run's q_N is checked against that solution, whose phase at the
    horizon is N phi against the exact flow's T. Not the polar angle of the point (Verlet's orbit
    is an ellipse, on which the two differ)."""
    N, phi = _steps(horizon, h), _verlet_rotation(h)
    q_run = _run(VERLET, h, horizon, q0, p0)[-1][0]
    q0m = mpnum(q0)
    q1 = _verlet_step(q0m, mpnum(p0), mpnum(h))[0]
    q_solution = q0m * mpmath.cos(N * phi) + (q1 - q0m * mpmath.cos(phi)) / mpmath.sin(phi) * mpmath.sin(N * phi)
    if abs(q_run - q_solution) > mpmath.mpf(10) ** (-(mpmath.mp.dps // 2)) * max(1, abs(q0m) + abs(mpnum(p0))):
        raise ArithmeticError("the Verlet run does not follow A cos(n phi) + B sin(n phi)")
    return N * phi - mpnum(horizon)


@numeric("c12.d04.half-kick")
def half_kick(h="0.5", q0="1", p0="0"):
    """p after the first half kick."""
    return _verlet_step(mpnum(q0), mpnum(p0), mpnum(h))[2]


@numeric("c12.d04.half-kick-impulse")
def half_kick_impulse(h="0.5", q0="1"):
    """-h q0, the kick before halving."""
    return -mpnum(h) * mpnum(q0)


@numeric("c12.d04.verlet-q1")
def verlet_q1(h="0.5", q0="1", p0="0"):
    """q after one Verlet step."""
    return _verlet_step(mpnum(q0), mpnum(p0), mpnum(h))[0]


@numeric("c12.d04.verlet-p1")
def verlet_p1(h="0.5", q0="1", p0="0"):
    """p after one Verlet step."""
    return _verlet_step(mpnum(q0), mpnum(p0), mpnum(h))[1]


@numeric("c12.d04.check-euler-energy")
def check_euler_energy(check_h="0.5", check_steps="2", q0="1", p0="0"):
    """Euler's energy after the check question's two steps."""
    return euler_energy_end(check_h, str(exact(check_h) * exact(check_steps)), q0, p0)


@numeric("c12.d04.check-h-squared")
def check_h_squared(check_h="0.5"):
    """h^2 at the check question's step h (its "1 + 0.25 = 1.25")."""
    return h_squared(check_h)


@numeric("c12.d04.check-energy-factor")
def check_energy_factor(check_h="0.5", q0="1", p0="0"):
    """H after one Euler step over H before, at the check question's step: 1 + h^2."""
    return euler_energy_factor(check_h, q0, p0)


@numeric("c12.d04.stability-limit")
def stability_limit():
    """The largest h with |trace of the Verlet step| = |2 - h^2| < 2, from solving it."""
    return _solved_sup(lambda hh: sp.Abs(2 - hh**2) < 2)


@condition("c12.d04.stable-step")
def stable_step(h="0.5"):
    """0 < h < 2 (the Verlet step is stable)"""
    return bool(0 < exact(h) < 2)


@condition("c12.d04.horizon-divisible")
def horizon_divisible(h="0.5"):
    """the step h divides the horizons 10 and 20"""
    return all(bool((exact(T) / exact(h)).is_integer) for T in ("10", "20"))


@numeric("c12.d01.factor-size-at-shrink-limit")
def factor_size_at_shrink_limit():
    """|1 - ah| at the solved shrink limit ah = 2: the size 1 past which Euler grows (C12-D01)."""
    return abs(1 - shrink_limit())


@numeric("c12.d02.contraction-threshold")
def contraction_threshold(x="1", updates="200"):
    """The size of theta at which the iteration neither settles nor runs away (C12-D02).

    Runs the update from z0 = 0 for negative theta and finds where the distance to z* after
    `updates` steps has neither shrunk nor grown: the root of log(distance after / distance
    before), bracketed by -0.5 (settles) and -1.5 (grows) and found by findroot's Illinois
    method (superlinear, about 20 runs at 1000 digits where a bisection takes one per bit).
    The boundary is where |theta| crosses 1.
    """
    def growth(theta):
        th = mpmath.nstr(theta, mpmath.mp.dps)
        star = fixed_point(th, x)
        start, end = abs(star), abs(_updates(th, x, updates)[-1] - star)
        return mpmath.log(end) - mpmath.log(start)
    return abs(mpmath.findroot(growth, (mpmath.mpf("-0.5"), mpmath.mpf("-1.5")), solver="illinois"))


@numeric("c12.d04.verlet-energy-relative-min")
def verlet_energy_relative_min(h="0.5", horizon="20", q0="1", p0="0"):
    """The lowest Verlet energy over the orbit relative to its start ('staying near 1', C12-D04)."""
    return verlet_energy_min(h, horizon, q0, p0) / _energy(mpnum(q0), mpnum(p0))
