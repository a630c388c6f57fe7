"""Chapter 12 illustrations C12-D01..D04, derived with SymPy.

D01 Euler on exponential decay, D02 fixed-point iteration, D03 implicit
differentiation of an equilibrium, D04 Euler against Stormer-Verlet on the
harmonic oscillator. Each function derives the page's closed forms from the
defining equations and returns them with the evidence for the page's claims.
"""
from __future__ import annotations

import functools
import re

import sympy as sp
from sympy.solvers.inequalities import reduce_rational_inequalities

from noteproof.authoring import (
    Derived,
    Evidence,
    EvidenceKind,
    Reach,
    Relation,
    Status,
    Step,
    derivation,
    exact,
    interval_relation,
    printed_count,
    rational_nonzero,
    words,
    zero,
)

IDENTITY, INEQUALITY = EvidenceKind.IDENTITY, EvidenceKind.INEQUALITY
WITNESS, DEFINITION = EvidenceKind.COUNTEREXAMPLE, EvidenceKind.DEFINITION

a, h, t, x0 = sp.symbols("a h t x_0")
x, z, theta = sp.symbols("x z theta")
n, k = sp.symbols("n k", integer=True, nonnegative=True)
q, p = sp.symbols("q p")


def _zero(expr) -> bool:
    """SymPy proves ``expr`` == 0 (authoring.zero: expand, cancel, then simplify)."""
    return zero(expr)


def _rational_zero(expr) -> bool:
    """``expr``, a rational function of its symbols, is identically 0: over one denominator
    (together) its numerator multiplies out (expand) to 0. Where it does not, cancel decides, as
    before (cancel reduces the same fraction by its gcd)."""
    return sp.expand(sp.fraction(sp.together(expr))[0]) == 0 or sp.cancel(expr) == 0


def _rational_nonzero(expr) -> bool:
    """``expr``, a rational function of independent symbols with rational coefficients
    (authoring.rational_nonzero), is proved not identically 0; False (not proved) for anything else."""
    return rational_nonzero(expr) is True


def _ev(kind, statement, holds, detail="", supports=None, notice="", reach=None):
    return Evidence(kind, statement, bool(holds), supports, detail, notice, reach=reach)


# ---- D01: Euler on dx/dt = -a x --------------------------------------------

@functools.lru_cache(maxsize=None)
def _euler_decay():
    """Euler factor, exact solution (dsolve) and Euler iterate (rsolve); derived once per process
    (euler_decay and euler_check_answer share it). The factor is step/x reduced by cancel."""
    xs = sp.Function("x")
    step = x + h * (-a * x)
    factor = sp.cancel(step / x)
    sol = sp.dsolve(sp.Eq(xs(t).diff(t), -a * xs(t)), xs(t), ics={xs(0): x0}).rhs
    X = sp.Function("X")
    iterate = sp.rsolve(X(n + 1) - factor * X(n), X(n), {X(0): x0})
    return step, factor, sol, iterate


@derivation("c12.d01.euler-decay")
def euler_decay() -> Derived:
    """The Euler factor 1 - ah, x(t) = e^{-at} x0 and x_n = (1 - ah)^n x0."""
    step, factor, sol, iterate = _euler_decay()
    checks_ode = sp.checkodesol(sp.Eq(sp.Function("x")(t).diff(t), -a * sp.Function("x")(t)),
                                sp.Eq(sp.Function("x")(t), sol))[0]
    exact_factor = sp.powsimp(sp.expand(sol.subs(t, t + h) / sol))   # exponents multiplied out, e^u e^v combined
    return Derived(
        forms={"ode": -a * x, "exact": sol, "iterate": iterate, "factor": factor,
               "exact_factor": exact_factor},
        evidence=(
            _ev(IDENTITY, "one Euler step x + h(-a x) equals (1 - ah) x",
                _zero(step - (1 - a * h) * x)),
            _ev(IDENTITY, "x(t) = e^{-at} x0 solves dx/dt = -ax with x(0) = x0",
                checks_ode and _zero(sol.subs(t, 0) - x0)),
            _ev(IDENTITY, "x_n = (1 - ah)^n x0 solves x_{n+1} = (1 - ah) x_n",
                _zero(sp.powsimp(iterate.subs(n, n + 1) / iterate, force=True) - factor)),
        ),
        steps=(Step("Euler step of dx/dt = -ax", sp.Eq(sp.Symbol("x_1"), step)),
               Step("factor per step", factor), Step("exact solution (dsolve)", sol),
               Step("Euler iterate (rsolve)", iterate),
               Step("exact factor per step x(t+h)/x(t)", exact_factor)))


def _solved(condition):
    """The real z where ``condition(z)`` holds. A rational condition (1 - z > 0) by
    reduce_rational_inequalities (the signs of a rational function between its roots and poles),
    any other (|1 - z| < 1) by solve_univariate_inequality: the same exact solution set."""
    zz = sp.Symbol("z", real=True)
    relation = condition(zz)
    if (relation.lhs - relation.rhs).is_rational_function(zz):
        return reduce_rational_inequalities([[relation]], zz, relational=False)
    return sp.solve_univariate_inequality(relation, zz, relational=False)


@derivation("c12.d01.euler-regimes")
def euler_regimes(witness_grow="2.4", witness_flip="1.8") -> Derived:
    """|1 - z| < 1 iff 0 < z < 2 (shrinks: the relation "0 < ah < 2" the page prints, its symbols from
    the solved interval's ends); 1 - z > 0 iff z < 1 (keeps the sign), z = ah."""
    shrink = _solved(lambda zz: sp.Abs(1 - zz) < 1)
    keep = _solved(lambda zz: 1 - zz > 0)
    grow, flip = exact(witness_grow), exact(witness_flip)
    return Derived(
        forms={"shrink_limit": shrink.sup, "sign_limit": keep.sup, "shrink_range": interval_relation(shrink, a * h)},
        evidence=(
            _ev(INEQUALITY, "|1 - ah| < 1 exactly when 0 < ah < 2",
                shrink == sp.Interval.open(0, 2), str(shrink)),
            _ev(INEQUALITY, "1 - ah > 0 exactly when ah < 1 (for positive ah: 0 < ah < 1)",
                keep.intersect(sp.Interval.open(0, sp.oo)) == sp.Interval.open(0, 1), str(keep)),
            _ev(WITNESS, f"at ah = {grow} the Euler factor has size {abs(1 - grow)} > 1 "
                "while e^(-ah) < 1: Euler grows, the exact answer decays",
                abs(1 - grow) > 1 and sp.exp(-grow) < 1),
            _ev(WITNESS, f"at ah = {flip} the Euler factor {1 - flip} is negative "
                "(sign flips) yet shrinks", -1 < 1 - flip < 0),
        ),
        steps=(Step("shrinks: solve |1 - z| < 1", shrink), Step("keeps sign: solve 1 - z > 0", keep)))


@derivation("c12.d01.setup")
def euler_setup(a="1.2", check_a="2", horizon="6") -> Derived:
    """"Fixed time horizon 6 and positive rates" (C12-D01, where the conclusion applies).

    The horizon and the rates are the ones the page prints, read from it (claims.yaml ``param:``
    quotes): the horizon at "Fixed time horizon 6", "Error at time 6", "0.41 at time 6" and
    "e^(-1.2 x 6)" (the run's input evidence fails the claim if these differ: the horizon is one,
    fixed); the rates at the slider's "Decay rate (a): 1.2" and the check question's "a = 2". The
    rate slider's range is not printed (its label "Decay rate (a)" stands alone), so "positive
    rates" is checked at the printed rates only: setting reach, and the claim stays partly verified.
    """
    T, aa, ac = exact(horizon), exact(a), exact(check_a)
    return Derived(
        evidence=(
            _ev(DEFINITION, f"the page's horizon is {T} > 0 at each place it is printed (one fixed horizon)",
                T > 0, reach=Reach.SETTING),
            _ev(DEFINITION, f"every rate the page prints is positive: a = {aa} (the slider's setting), "
                f"a = {ac} (the check question); the rate slider's range is not printed, so the rates it "
                "offers are not checked", aa > 0 and ac > 0, reach=Reach.SETTING),
        ))


@derivation("c12.d01.check-answer")
def euler_check_answer(check_h="0.75", check_a="2") -> Derived:
    """a = 2, h = 0.75: the Euler factor, its size and its sign, exactly."""
    _, factor, _, _ = _euler_decay()
    f = factor.subs({a: exact(check_a), h: exact(check_h)})
    return Derived(
        forms={"check_factor": f},
        evidence=(_ev(IDENTITY, f"at a = {check_a}, h = {check_h} the factor 1 - ah is {f}: "
                      "size below one (shrinks), negative (alternates), while e^(-ah) > 0",
                      abs(f) < 1 and f < 0 and sp.exp(-exact(check_a) * exact(check_h)) > 0,
                      reach=Reach.SETTING),))


# ---- D02: fixed-point iteration z_{k+1} = theta z_k + x ----------------------

@functools.lru_cache(maxsize=None)
def _fixed_point():
    """z* (solve), the iterates z_k (rsolve) and the error z_k - z* with x = z*(1 - theta),
    factored; derived once per process (fixed_point, shown_updates, updates_shown share it)."""
    zs = sp.Function("z")
    z0, z_star = sp.symbols("z_0 z_star")
    fixed = sp.solve(sp.Eq(z, theta * z + x), z)
    iterate = sp.rsolve(zs(k + 1) - theta * zs(k) - x, zs(k), {zs(0): z0})
    error = sp.factor((iterate - fixed[0]).subs(x, z_star * (1 - theta)))
    return fixed, iterate, error, z0, z_star


@derivation("c12.d02.fixed-point")
def fixed_point(witness_theta="1.2", witness_x="1") -> Derived:
    """z* = x/(1-theta) and z_k - z* = theta^k (z0 - z*), by solve and rsolve; the fixed point
    exists where its denominator is not zero (theta != 1, the pole solved for)."""
    fixed, iterate, error, z0, z_star = _fixed_point()
    th, xv = exact(witness_theta), exact(witness_x)
    dist = sp.Abs(error.subs({theta: th, z0: 0, z_star: xv / (1 - th)}))
    [pole] = sp.solve(sp.denom(sp.together(fixed[0])), theta)   # where x/(1 - theta) has no value
    return Derived(
        forms={"update": theta * sp.Symbol("z_k") + x, "fixed_point": fixed[0], "error": error,
               "iterate": iterate, "exists": sp.Ne(theta, pole)},
        evidence=(
            _ev(IDENTITY, "z = theta z + x has the single solution x/(1 - theta) for theta != 1",
                len(fixed) == 1 and _zero(fixed[0] * (1 - theta) - x)),
            _ev(IDENTITY, "the iterates obey z_k - z* = theta^k (z0 - z*)",
                _zero(error - theta**k * (z0 - z_star))),
            _ev(WITNESS, f"theta = {th}, x = {xv}: the fixed point {fixed[0].subs({theta: th, x: xv})} "
                "exists, yet the distance from z0 = 0 grows every update",
                _zero(dist.subs(k, k + 1) / dist - abs(th)) and abs(th) > 1),
        ),
        steps=(Step("solve z = theta z + x", fixed[0]), Step("rsolve the update", iterate),
               Step("error with x = z*(1 - theta)", error)))


@derivation("c12.d02.convergence")
def convergence() -> Derived:
    """theta^k (z0 - z*) -> 0 exactly when |theta| < 1, for every real theta.

    |theta^k| = |theta|^k. Inside the unit interval write |theta| = 1/(1 + s), s > 0 (or
    |theta| = 0); outside, |theta| = 1 + s with s > 0, and on it |theta| = 1: the three limits
    are taken with s symbolic, so every theta is covered. Seven sampled theta are a cross-check.
    """
    s = sp.Symbol("s", positive=True)
    inside_ok = sp.limit((1 / (1 + s)) ** k, k, sp.oo) == 0 and sp.limit(sp.Integer(0) ** (k + 1), k, sp.oo) == 0
    outside_ok = sp.limit((1 + s) ** k, k, sp.oo) == sp.oo and sp.limit(sp.Integer(1) ** k, k, sp.oo) == 1
    inside = [sp.Rational(1, 2), -sp.Rational(1, 2), sp.Rational(99, 100)]
    outside = [sp.Integer(1), sp.Integer(-1), sp.Rational(6, 5), -sp.Rational(6, 5)]
    detail = ("the start z0 = 0 differs from z* whenever x != 0; at x = 0 it is z* "
              "(c12.d02.settles-from-fixed-point, c12.d02.converges-from-fixed-point)")
    return Derived(evidence=(
        _ev(INEQUALITY, "|theta^k| = |theta|^k -> 0 for every |theta| < 1 (|theta| = 1/(1 + s), s > 0, "
            "or 0) and not for |theta| >= 1 (|theta|^k = 1 on the circle, -> oo for |theta| = 1 + s)",
            inside_ok and outside_ok, detail=detail),
        _ev(INEQUALITY, "sampled: |theta|^k -> 0 at theta = 1/2, -1/2, 99/100 and not at theta = 1, -1, 6/5, -6/5",
            all(sp.limit(abs(r)**k, k, sp.oo) == 0 for r in inside)
            and all(sp.limit(abs(r)**k, k, sp.oo) != 0 for r in outside), reach=Reach.SAMPLES),))


@derivation("c12.d02.theta-one")
def theta_one() -> Derived:
    """At theta = 1: no fixed point when x = 1, every value fixed when x = 0."""
    zr = sp.Symbol("z", real=True)
    none = sp.solveset(sp.Eq(zr, zr + 1), zr, sp.S.Reals)
    every = sp.solveset(sp.Eq(zr, zr + 0), zr, sp.S.Reals)
    zs = sp.Function("z")
    grows = sp.rsolve(zs(k + 1) - zs(k) - 1, zs(k), {zs(0): 0})
    return Derived(
        forms={"grows": grows},
        evidence=(
            _ev(IDENTITY, "theta = 1, x = 1: z = z + 1 has no solution", none == sp.S.EmptySet,
                reach=Reach.SETTING),
            _ev(IDENTITY, "theta = 1, x = 0: z = z holds for every real z", every == sp.S.Reals,
                reach=Reach.SETTING),
            _ev(IDENTITY, "theta = 1, x = 1, z0 = 0: z_k = k, one more each round",
                _zero(grows - k), reach=Reach.SETTING),
        ),
        steps=(Step("theta = 1, x = 1", none), Step("theta = 1, x = 0", every),
               Step("theta = 1, x = 1 iterates", grows)))


@derivation("c12.d02.shown-updates")
def shown_updates(theta_shown="6/5", x_shown="1", updates="12") -> Derived:
    """The updates shown are the rule's iterates: the loop equals the rsolve closed form z_k."""
    _, iterate, _, z0, _ = _fixed_point()
    th, xv, count = exact(theta_shown), exact(x_shown), int(exact(updates))
    zk = sp.Integer(0)
    for _ in range(count):
        zk = th * zk + xv
    closed = iterate.subs({theta: th, x: xv, z0: 0, k: count})
    return Derived(evidence=(_ev(IDENTITY, f"{count} updates of z <- theta z + x from 0 give {zk}, "
                                 f"the closed form's z_{count}", _zero(zk - closed), reach=Reach.SETTING),))


SHOWN = re.compile(r"\b(\w+) updates are shown")   # the count in digits or as a word
DISTANCE_READOUT = re.compile(r"Distance from z\* after (\w+) updates: (-?\d+(?:\.\d+)?)")   # 12 or twelve
PAGE_COUNTER = re.compile(r"(?m)^\d\d / \d\d$")
SLIDER = {"theta": re.compile(r"Feedback multiplier \(theta\): (-?\d+(?:\.\d+)?)"),
          "x": re.compile(r"Constant input \(x\): (-?\d+(?:\.\d+)?)")}


def _page_setting(note_text: str, before: int, name: str) -> str | None:
    """The page's setting ``name`` as printed first on the page that holds offset ``before``."""
    start = max([m.end() for m in PAGE_COUNTER.finditer(note_text, 0, before)] or [0])
    found = SLIDER[name].search(note_text, start, before)
    return found.group(1) if found else None


def _within_printed(printed: str, value) -> bool:
    """``value`` lies within half a unit of the last printed digit of ``printed`` (the interval rule)."""
    digits = len(printed.split(".")[1]) if "." in printed else 0
    half = sp.Rational(1, 2) / 10 ** digits
    return bool(sp.Abs(value - sp.Rational(printed)) < half)


@derivation("c12.d02.updates-shown")
def updates_shown(note_text="") -> Derived:
    """"Twelve updates are shown" (C12-D02, where the conclusion applies), against what the page shows.

    The page's only printed trace of the shown run is its read-out "Distance from z* after 12
    updates: 44.6" (the plot itself is not in the text). The statement's number word is read from
    the note and compared with the read-out's count; the read-out's distance, |z_N - z*| =
    |theta^N (z0 - z*)| from the closed form (c12.d02.fixed-point) at the page's theta and x (read
    from the page's sliders, as printed: the read-out is theirs, whatever values a user sets), is
    printed for N updates and for no neighbouring count (N - 1 or N + 1 would print another value).
    """
    said = SHOWN.search(note_text)
    read = DISTANCE_READOUT.search(note_text)
    word = printed_count(said.group(1)) if said else None
    count, printed = (printed_count(read.group(1)), read.group(2)) if read else (None, "")
    if count is None:
        read = None
    _, _, error, z0, z_star = _fixed_point()
    theta, x = (_page_setting(note_text, read.start(), n) if read else None for n in ("theta", "x"))
    if theta is None or x is None:
        read = None
    th, xv = (exact(theta), exact(x)) if read else (sp.Integer(0), sp.Integer(0))

    th_s = sp.Symbol("theta")        # the module's theta (the parameter of this name is the page's value)

    def distance(kk):
        return sp.Abs(error.subs({th_s: th, z0: 0, z_star: xv / (1 - th), k: kk}))
    fits = {kk: _within_printed(printed, distance(kk)) for kk in (count - 1, count, count + 1)} if read else {}
    shown = ", ".join(f"{kk}: {sp.N(distance(kk), 4)}" for kk in fits)
    return Derived(evidence=(
        _ev(DEFINITION, f"the statement's count '{said.group(1) if said else '?'}' ({word}) is the count of the "
            f"page's read-out 'after {count} updates'", word is not None and word == count, reach=Reach.SETTING),
        _ev(IDENTITY, f"the read-out {printed or '?'} is the distance |z_N - z*| after N = {count} updates at "
            f"theta = {th}, x = {xv}, and after no neighbouring count", bool(fits) and fits[count]
            and not fits[count - 1] and not fits[count + 1], detail=f"distance after k updates: {shown}",
            reach=Reach.SETTING),
    ))


# ---- D03: implicit differentiation of the equilibrium ----------------------

@derivation("c12.d03.slope")
def slope() -> Derived:
    """dz*/dtheta = x/(1-theta)^2 by implicit differentiation of z = theta z + x."""
    implicit = sp.idiff(theta * z + x - z, z, theta)
    z_star = sp.solve(sp.Eq(z, theta * z + x), z)[0]
    slope_ = sp.factor(implicit.subs(z, z_star))
    J, dfdt = theta, z_star   # J_f = df/dz, df/dtheta at z*
    general = sp.factor((1 - J) ** -1 * dfdt)
    dth = sp.Symbol("dtheta")
    change = z_star.subs(theta, theta + dth) - z_star
    linear = sp.series(change, dth, 0, 2).removeO()
    return Derived(
        forms={"slope": slope_, "equilibrium": z_star, "inverse_factor": sp.factor((1 - J) ** -1),
               "estimate": linear},
        evidence=(
            _ev(IDENTITY, "implicit differentiation of z = theta z + x at z* gives x/(1-theta)^2",
                _zero(slope_ - sp.diff(z_star, theta))),
            _ev(IDENTITY, "(1 - J_f)^{-1} df/dtheta with J_f = theta equals the slope",
                _zero(general - slope_)),
        ),
        steps=(Step("implicit derivative", implicit), Step("at z* = x/(1-theta)", slope_),
               Step("first-order change", linear)))


@derivation("c12.d03.general-formula")
def general_formula() -> Derived:
    """(I - J_f)^{-1} df/dtheta equals d z*/d theta for f(z) = theta A z + b, 2x2."""
    A = sp.Matrix(2, 2, sp.symbols("a11 a12 a21 a22"))
    b = sp.Matrix(sp.symbols("b1 b2"))
    I = sp.eye(2)
    z_star = (I - theta * A).inv() * b
    direct = z_star.diff(theta)
    J, dfdt = theta * A, A * z_star
    implicit = (I - J).inv() * dfdt
    # rational entries: 0 when the numerator over one denominator multiplies out to 0 (else cancel)
    difference = (direct - implicit).applyfunc(lambda e: 0 if _rational_zero(e) else sp.cancel(e))
    th = sp.Rational(6, 5)
    A1 = sp.Matrix([[1, 0], [0, sp.Rational(1, 2)]])
    return Derived(
        evidence=(
            _ev(IDENTITY, "for f(z) = theta A z + b (2x2), (I - J_f)^{-1} df/dtheta = dz*/dtheta",
                difference == sp.zeros(2, 1), reach=Reach.INSTANCES),
            _ev(WITNESS, "A = diag(1, 1/2), theta = 6/5: I - J_f is invertible, so the formula holds, "
                "yet J_f has an eigenvalue 6/5 > 1 and the iteration diverges: convergence is separate",
                (I - th * A1).det() != 0 and max(abs(e) for e in (th * A1).eigenvals()) > 1),
        ),
        steps=(Step("equilibrium (I - theta A)^{-1} b", z_star),
               Step("difference direct - formula", difference)))


def _linear_parts(expr, unknowns):
    """``expr`` = sum_j c_j u_j + r, linear in the unknowns u_j: ([c_j], r)."""
    zero = {u: 0 for u in unknowns}
    coeffs = [sp.expand(expr).coeff(u) for u in unknowns]
    rest = sp.expand(expr).xreplace(zero)
    return coeffs, rest


def _operators(expr):
    """A matrix expression of symbolic size over noncommuting symbols (the identity is I), the
    reader's reading of a formula whose names are listed under ``operators:`` in claims.yaml."""
    if isinstance(expr, sp.MatrixSymbol):
        return sp.Symbol(expr.name, commutative=False)
    if isinstance(expr, sp.Identity):
        return sp.Symbol("I", commutative=False)
    if isinstance(expr, sp.Inverse):
        return _operators(expr.arg) ** -1
    if isinstance(expr, (sp.MatMul, sp.MatAdd)):
        return (sp.Mul if isinstance(expr, sp.MatMul) else sp.Add)(*(_operators(a) for a in expr.args))
    if isinstance(expr, sp.MatrixExpr):
        raise ValueError(f"no operator reading of {expr}")
    return expr


def _implicit_function_general() -> tuple:
    """dz*/dtheta = (I - J_f)^{-1} f_theta for z* = f(z*, theta) in n dimensions, n symbolic.

    J_f and f_theta are defined by the first-order expansion f(z* + dz, theta + dtheta) =
    f(z*, theta) + J_f dz + f_theta dtheta + o; the moved fixed point z* + dz = f(z* + dz,
    theta + dtheta) then reads dz = J_f dz + f_theta dtheta, i.e. (I - J_f) dz = f_theta dtheta.
    Where I - J_f is invertible, X = (I - J_f)^{-1} f_theta solves it (dz = X dtheta), and any
    solution equals X dtheta (multiply by the inverse on the left). Returns (X, holds, steps)."""
    n = sp.Symbol("n", integer=True, positive=True)
    dth = sp.Symbol("dtheta", positive=True)
    J, F = sp.MatrixSymbol("J_f", n, n), sp.MatrixSymbol("f_theta", n, 1)
    dz, zs = sp.MatrixSymbol("dz", n, 1), sp.MatrixSymbol("z_star", n, 1)
    I = sp.Identity(n)
    moved = (zs + dz) - (zs + J * dz + F * dth)                     # = 0 at the moved fixed point
    linear = (I - J) * dz - F * dth
    same_equation = sp.expand((moved - linear).doit()) == sp.ZeroMatrix(n, 1)
    X = (I - J).I * F
    solves = ((I - J) * X * dth - F * dth).doit() == sp.ZeroMatrix(n, 1)
    only = sp.MatMul((I - J).I, I - J, dz).doit() == dz          # (I - J)^{-1}(I - J) dz = dz
    steps = (Step("n x n: the moved fixed point, to first order", moved),
             Step("n x n: (I - J_f) dz = f_theta dtheta", linear),
             Step("n x n: dz*/dtheta", X))
    return X, bool(same_equation and solves and only), steps


def _singular_witness() -> tuple:
    """J_f = diag(1, 1/2), f_theta = (1, 0): I - J_f is singular and (I - J_f) u = f_theta has
    no solution (its first row reads 0 = 1): without the inverse the formula has no value.
    Returns (J, f_theta, holds)."""
    J = sp.Matrix([[1, 0], [0, sp.Rational(1, 2)]])
    F = sp.Matrix([1, 0])
    u = sp.symbols("u1 u2")
    none = sp.linsolve(((sp.eye(2) - J), F), *u) == sp.S.EmptySet
    return J, F, bool((sp.eye(2) - J).det() == 0 and none)


@derivation("c12.d03.implicit-function")
def implicit_function() -> Derived:
    """dz*/dtheta = (I - J_f)^{-1} df/dtheta with J_f = df/dz at z*, from z* = f(z*, theta).

    C12-D03, "The equations and symbols": the display
    ``\\frac{\\partial z^*}{\\partial\\theta}=(I-J_f)^{-1}\\frac{\\partial f}{\\partial\\theta},
    \\qquad J_f=\\left.\\frac{\\partial f}{\\partial z}\\right|_{z^*}``.
    For n x n of symbolic size (MatrixSymbol, _implicit_function_general) the first-order fixed-point
    equation (I - J_f) dz = f_theta dtheta is solved by (I - J_f)^{-1} f_theta where the inverse
    exists, and that is the form the display's first part is compared with, operand order kept
    (claims.yaml ``operators:``); a singular I - J_f leaves it without a solution. In one
    dimension the chain rule (SymPy) gives dz* = J_f dz* + f_theta, solved f_theta/(1 - J_f); with
    explicit 2x2 functions f_1, f_2 of (z_1, z_2, theta), (I - J)^{-1} f_theta is checked to be
    the solution of the differentiated system (an instance).
    """
    th = sp.Symbol("theta", real=True)
    zr, zs_sym = sp.Symbol("z", real=True), sp.Symbol("z_star", real=True)
    f, zs = sp.Function("f"), sp.Function("z_star")
    dz = sp.Derivative(zs(th), th)
    differentiated = sp.diff(zs(th) - f(zs(th), th), th)       # = 0 along the fixed point
    (c,), rest = _linear_parts(differentiated, [dz])
    jac, f_th = sp.expand(1 - c), sp.expand(-rest)             # df/dz at z*(theta), df/dtheta
    # solved for dz*/dtheta with it and the other derivatives as plain symbols, put back after
    unknown = sp.Dummy("w")
    as_plain = {dz: unknown, **{e: sp.Dummy(f"d_{i}") for i, e in enumerate(sorted(
        differentiated.atoms(sp.Derivative, sp.Subs) - {dz}, key=sp.default_sort_key))}}
    undo_plain = {v: e for e, v in as_plain.items()}
    solved = [r.xreplace(undo_plain) for r in sp.solve(differentiated.xreplace(as_plain), unknown)]
    scalar = solved[0] if len(solved) == 1 else sp.nan
    # the note's operator form, the identity I and J_f as commutative symbols
    I_, J, F, u = sp.symbols("I J_f F u", real=True)
    template = sp.solve(sp.Eq(I_ * u, J * u + F), u)
    template = template[0] if len(template) == 1 else sp.nan
    # the note's notation: J_f for df/dz at z*, written \left.\frac{\partial f}{\partial z}\right|_{z^*}
    var = jac.variables[0] if isinstance(jac, sp.Derivative) and len(jac.variables) == 1 else None
    at_star = var == zs(th) and jac.expr == f(zs(th), th)
    printed_jac = sp.Subs(sp.Derivative(f(zr), zr), zr, zs_sym) if at_star else sp.nan
    # explicit 2x2 system z_i = f_i(z_1, z_2, theta)
    z1, z2 = sp.Function("z_1")(th), sp.Function("z_2")(th)
    fs = [sp.Function(f"f_{i}")(z1, z2, th) for i in (1, 2)]
    dzs = [sp.Derivative(z1, th), sp.Derivative(z2, th)]
    rows = [sp.diff(zi - fi, th) for zi, fi in zip((z1, z2), fs)]
    parts = [_linear_parts(r, dzs) for r in rows]
    Jm = sp.Matrix(2, 2, lambda i, j: sp.expand((1 if i == j else 0) - parts[i][0][j]))
    Fm = sp.Matrix([sp.expand(-parts[i][1]) for i in (0, 1)])
    # the derivatives as plain symbols for the linear algebra (SymPy is slow on Derivative objects)
    plain = {d: sp.Symbol(f"q_{k}") for k, d in enumerate(sorted(
        set().union(*(r.atoms(sp.Derivative) for r in rows)), key=sp.default_sort_key))}
    back = {v: k for k, v in plain.items()}
    eqs = [r.xreplace(plain) for r in rows]
    # the df_i/dtheta at theta (Subs of a plain symbol) as plain unknowns too, so the linear solve
    # runs over polynomials in symbols rather than over general expressions; put back after
    at_theta = {e: sp.Dummy(f"s_{i}") for i, e in enumerate(sorted(
        set().union(*(e.atoms(sp.Subs) for e in eqs)), key=sp.default_sort_key))}
    undo = {v: e for e, v in at_theta.items()}
    sol2 = [{u_: v.xreplace(undo) for u_, v in s_.items()}
            for s_ in sp.solve([e.xreplace(at_theta) for e in eqs], [plain[d] for d in dzs], dict=True)]
    Jp, Fp = Jm.xreplace(plain), Fm.xreplace(plain)
    via_inverse, via_plus = (sp.eye(2) - Jp).inv() * Fp, (sp.eye(2) + Jp).inv() * Fp
    solves2 = len(sol2) == 1 and all(_zero(sol2[0][plain[d]] - via_inverse[i]) for i, d in enumerate(dzs))
    jac_entries = all(isinstance(Jm[i, j], sp.Derivative) and Jm[i, j].expr == fs[i]
                      and Jm[i, j].variables == ((z1, z2)[j],) for i in (0, 1) for j in (0, 1))
    general_slope, general_ok, general_steps = _implicit_function_general()
    sing_J, sing_F, singular_ok = _singular_witness()
    return Derived(
        forms={"slope": Relation(("=",), (sp.Symbol("z_theta", commutative=False), _operators(general_slope))),
               "jacobian": Relation(("=",), (sp.Symbol("J_f", commutative=False), printed_jac)),
               "scalar_slope": scalar, "template": template},
        evidence=(
            _ev(IDENTITY, "n x n of symbolic size (MatrixSymbol, operand order kept): the first-order "
                "fixed-point equation dz = J_f dz + f_theta dtheta is (I - J_f) dz = f_theta dtheta; where "
                "I - J_f is invertible, dz/dtheta = (I - J_f)^{-1} f_theta solves it, and every solution is it",
                general_ok, reach=Reach.GENERAL),
            _ev(WITNESS, f"I - J_f singular: J_f = {sing_J.tolist()}, f_theta = {tuple(sing_F)}: "
                "(I - J_f) u = f_theta has no solution, so the formula needs the inverse",
                singular_ok),
            _ev(IDENTITY, "scalar: differentiating z* = f(z*, theta) gives dz*/dtheta = f_theta/(1 - J_f), "
                "J_f = df/dz at z*",
                _zero(scalar - template.subs({I_: 1, J: jac, F: f_th})) and at_star),
            _ev(IDENTITY, "2x2: (I - J)^{-1} f_theta solves the differentiated system, J_ij = df_i/dz_j",
                solves2 and jac_entries, reach=Reach.INSTANCES),
            _ev(WITNESS, "2x2: (I + J)^{-1} f_theta does not solve it (the sign matters)",
                len(sol2) == 1 and _rational_nonzero(sol2[0][plain[dzs[0]]] - via_plus[0])),
        ),
        steps=(*general_steps, Step("differentiated fixed-point equation (scalar)", differentiated),
               Step("solved for dz*/dtheta", scalar),
               Step("operator form I u = J_f u + F solved", template),
               Step("2x2: J", Jm), Step("2x2: (I - J)^{-1} f_theta", via_inverse.xreplace(back))))


def _sign_follows_x(slope) -> bool:
    """sign(x/(1-theta)^2) = sign(x) for real x and real theta != 1 (w = 1 - theta, nonzero):
    the divisor w^2 is positive, so the slope is x times a positive number; at x = 0 it is 0."""
    xr, w = sp.Symbol("x", real=True), sp.Symbol("w", real=True, nonzero=True)
    s_w = slope.subs({x: xr, theta: 1 - w})
    divisor = sp.cancel(xr / s_w)
    return bool(divisor.is_positive) and sp.sign(s_w) == sp.sign(xr) and _zero(slope.subs(x, 0))


@derivation("c12.d03.sensitivity")
def sensitivity(theta_max="0.95", dtheta="0.01") -> Derived:
    """Growth near theta = 1, the understated finite change, the sign of x, the range."""
    s = x / (1 - theta) ** 2
    d = sp.Symbol("d", positive=True)
    u = sp.Symbol("u", positive=True)   # u = 1 - theta - d > 0: the shifted theta stays below 1
    z_star = x / (1 - theta)
    ratio = sp.factor((z_star.subs(theta, theta + d) - z_star) / (s * d))
    ratio_u = sp.cancel(ratio.subs(theta, 1 - d - u))
    gap = sp.factor(sp.together(z_star.subs(theta, theta + d) - z_star - s * d))
    top = exact(theta_max) + exact(dtheta)
    return Derived(
        forms={"ratio": ratio, "gap": gap},
        evidence=(
            _ev(IDENTITY, "the slope x/(1-theta)^2 tends to +oo (x > 0) or -oo (x < 0) as theta -> 1",
                sp.limit(s.subs(x, sp.Symbol("x", positive=True)), theta, 1) == sp.oo
                and sp.limit(s.subs(x, sp.Symbol("x", negative=True)), theta, 1) == -sp.oo),
            _ev(INEQUALITY, "for x other than 0, actual change / slope estimate = (1-theta)/(1-theta-dtheta) > 1 "
                "for dtheta > 0 with theta + dtheta < 1: the estimate understates the size (at x = 0 both are 0 "
                "and the ratio is 0/0)",
                _zero(ratio_u - 1 - d / u), str(ratio)),
            _ev(INEQUALITY, "for every real x and every theta != 1: (1 - theta)^2 > 0, so the slope "
                "x/(1-theta)^2 has the sign of x, and it is 0 at x = 0 for every theta",
                _sign_follows_x(s), detail="the x slider's range is not printed; the page's own cases "
                "are x = 0 (this sentence) and x = -2 (the check question, slope -8)"),
            _ev(INEQUALITY, f"theta + dtheta <= {top} < 1 over the slider range", top < 1),
            _ev(EvidenceKind.ORDER, "the gap actual - estimate is second order in dtheta",
                _zero(sp.limit(gap / d**2, d, 0) - x / (1 - theta) ** 3), supports=Status.APPROXIMATION),
            _ev(EvidenceKind.NUMERIC, "at theta = 0.8, x = 1, dtheta = 0.01 the actual change 5/19 "
                "differs from the estimate 1/4 by 1/76",
                gap.subs({x: 1, theta: sp.Rational(4, 5), d: sp.Rational(1, 100)}) == sp.Rational(1, 76),
                supports=Status.APPROXIMATION),
        ),
        steps=(Step("actual / estimate", ratio), Step("actual - estimate", gap)))


@derivation("c12.d03.exact-equilibria")
def exact_equilibria(theta_shown="4/5", x_shown="1", dtheta="1/100") -> Derived:
    """The compared values solve z = theta z + x exactly at theta and theta + dtheta."""
    th, xv, d = exact(theta_shown), exact(x_shown), exact(dtheta)
    pair = [xv / (1 - th), xv / (1 - th - d)]
    return Derived(evidence=(_ev(IDENTITY, f"z* = {pair[0]} and {pair[1]} satisfy z = theta z + x exactly "
                                 "(equilibria, not iterates)",
                                 _zero(pair[0] - (th * pair[0] + xv)) and _zero(pair[1] - ((th + d) * pair[1] + xv)),
                                 reach=Reach.SETTING),))


# ---- D04: harmonic oscillator, Euler against Stormer-Verlet ----------------

def _verlet_matrix():
    kick = sp.Matrix([[1, 0], [-h / 2, 1]])
    drift = sp.Matrix([[1, h], [0, 1]])
    return kick * drift * kick


@derivation("c12.d04.energy")
def energy() -> Derived:
    """H = (q^2+p^2)/2, Euler's energy factor 1 + h^2, Verlet's invariant and bounds."""
    H = (q**2 + p**2) / 2
    qdot, pdot = sp.diff(H, p), -sp.diff(H, q)
    euler_factor = sp.factor(sp.cancel(H.subs({q: q + h * p, p: p - h * q}, simultaneous=True) / H))
    M = _verlet_matrix()
    al, be = sp.symbols("alpha beta")
    Q = sp.Matrix([[al, be], [be, 1]])
    # M^T Q M = Q is linear in alpha, beta: linsolve gives its whole solution set
    sol = [dict(zip((al, be), s)) for s in sp.linsolve(list(M.T * Q * M - Q), [al, be])]
    Qs = Q.subs(sol[0])
    v = sp.Matrix([q, p])
    K = sp.expand((v.T * Qs * v)[0])
    c = Qs[0, 0]
    return Derived(
        forms={"energy": H, "qdot": qdot, "pdot": pdot, "euler_factor": euler_factor, "invariant": K},
        evidence=(
            _ev(IDENTITY, "one Euler step multiplies H by 1 + h^2 (> 1 for h != 0)",
                _zero(euler_factor - (1 + h**2))),
            _ev(IDENTITY, "Verlet conserves K = (1 - h^2/4) q^2 + p^2 (M^T Q M = Q)",
                len(sol) == 1 and all(_zero(e) for e in M.T * Qs * M - Qs), str(K)),
            _ev(INEQUALITY, "K/2 <= H <= K/(2(1 - h^2/4)) for 0 < h < 2: Verlet's H stays bounded",
                _zero(H - K / 2 - h**2 * q**2 / 8) and _zero(K / (2 * c) - H - p**2 * (1 - c) / (2 * c))),
            _ev(WITNESS, "h = 1/2, q0 = 1, p0 = 0: H moves from 1/2 to 1009/2048 after one Verlet "
                "step: bounded, not conserved",
                _zero((M * sp.Matrix([1, 0])).subs(h, sp.Rational(1, 2)).dot(
                    (M * sp.Matrix([1, 0])).subs(h, sp.Rational(1, 2))) / 2 - sp.Rational(1009, 2048))),
        ),
        steps=(Step("Euler energy factor", euler_factor), Step("Verlet step matrix", M),
               Step("invariant quadratic form", K)))


@derivation("c12.d04.frequency")
def frequency(h_max="1.25") -> Derived:
    """det M = 1, eigenvalues e^{+-i omega h} with omega = 2 asin(h/2)/h for 0 < h < 2."""
    M = _verlet_matrix()
    det, tr = sp.expand(M.det()), sp.expand(M.trace())
    hp = sp.Symbol("h", positive=True)
    phi = 2 * sp.asin(hp / 2)
    omega = (phi / hp).subs(hp, h)
    lam = sp.Symbol("lambda")
    charpoly = sp.expand((lam * sp.eye(2) - M).det())
    stable = _solved(lambda hh: sp.Abs(2 - hh**2) < 2)
    u = sp.Symbol("u", real=True)
    above = sp.solve_univariate_inequality(1 / sp.sqrt(1 - u**2) > 1, u, relational=False)
    cos_, sin_ = sp.expand_trig(sp.cos(phi)), sp.expand_trig(sp.sin(phi))
    roots = [cos_ + sp.I * sin_, cos_ - sp.I * sin_]   # e^{+-i phi}, phi = omega h
    return Derived(
        forms={"frequency": omega, "trace": tr, "det": det},
        evidence=(
            _ev(IDENTITY, "det M = 1 (area preserving)", det == 1),
            _ev(IDENTITY, "trace M = 2 - h^2, so cos(omega h) = 1 - h^2/2",
                _zero(tr - (2 - h**2)) and _zero(sp.expand_trig(sp.cos(phi)) - (1 - hp**2 / 2))),
            _ev(IDENTITY, "e^{+-i omega h} with omega = 2 asin(h/2)/h are the roots of det(lambda I - M)",
                all(_zero(sp.expand(charpoly.subs(h, hp).subs(lam, r))) for r in roots)),
            _ev(INEQUALITY, "|trace M| < 2 (distinct unit-circle eigenvalues) exactly when 0 < |h| < 2",
                stable == sp.Union(sp.Interval.open(-2, 0), sp.Interval.open(0, 2)), str(stable)),
            _ev(INEQUALITY, "asin(u) > u on (0, 1] (derivative 1/sqrt(1-u^2) > 1), so omega > 1 "
                "for 0 < h < 2: Verlet runs fast", sp.Interval.open(0, 1).is_subset(above)),
            _ev(INEQUALITY, f"the largest step shown, {h_max}, is in the stable range (0, 2)",
                stable.contains(exact(h_max)) == sp.true, reach=Reach.SETTING),
        ),
        steps=(Step("Verlet step matrix", M), Step("characteristic polynomial", charpoly),
               Step("frequency", omega)))


@derivation("c12.d04.scheme")
def scheme() -> Derived:
    """The page's half kick, full drift, half kick, composed, is the step matrix used here."""
    pn, qn, ph, qn1 = sp.symbols("p_n q_n p_half q_next")
    half, drift = pn - h * qn / 2, qn + h * ph
    kick = ph - h * qn1 / 2
    q_new = drift.subs(ph, half)
    p_new = kick.subs({ph: half, qn1: q_new})
    composed = sp.Matrix([[sp.diff(e, v) for v in (qn, pn)] for e in (q_new, p_new)])
    return Derived(
        forms={"half_kick": half, "drift": drift, "kick": kick},
        evidence=(_ev(DEFINITION, "half kick, full drift, half kick compose to the Verlet step matrix",
                      all(_zero(e) for e in composed - _verlet_matrix())),),
        steps=(Step("composed step matrix", composed),))


def _verlet_phase_recurrence() -> bool:
    """Verlet from q0 = 1, p0 = 0 is q_n = cos(n phi), phi = 2 asin(h/2), exactly: det M = 1 and
    tr M = 2 - h^2 = 2 cos(phi) (Cayley-Hamilton: q_{n+1} = 2 cos(phi) q_n - q_{n-1}), q_0 = 1 and
    q_1 = 1 - h^2/2 = cos(phi); cos((n+1) phi) + cos((n-1) phi) = 2 cos(phi) cos(n phi) solves it."""
    M, phi, m = _verlet_matrix(), 2 * sp.asin(h / 2), sp.Symbol("m")
    cos_phi = sp.expand_trig(sp.cos(phi))
    return (_zero(M.det() - 1) and _zero(M.trace() - 2 * cos_phi) and _zero((M * sp.Matrix([1, 0]))[0] - cos_phi)
            and _zero(sp.expand_trig(sp.cos((m + 1) * theta) + sp.cos((m - 1) * theta)
                                     - 2 * sp.cos(theta) * sp.cos(m * theta))))


@derivation("c12.d04.drift")
def drift(h="1/2", horizon="20") -> Derived:
    """The phase drift of Verlet at the horizon T against the estimate (omega - 1) T (C12-D04).

    The exact Verlet solution from q0 = 1, p0 = 0 is q_n = cos(n phi) with phi = 2 asin(h/2)
    (_verlet_phase_recurrence), so after N = T/h steps q_N = cos(omega T), omega = phi/h: the
    orbit's phase lags the exact cos(T) by (omega - 1) T exactly, which is the estimate; "estimated"
    is exact for every step 0 < h < 2 that divides T. The lag is the phase of the Verlet solution,
    not the polar angle of its point (on Verlet's ellipse the two differ).
    """
    hh, T = exact(h), exact(horizon)
    N = T / hh
    stable = bool(0 < hh < 2)
    whole = bool(N.is_integer and N > 0)
    if not (stable and whole):
        why = "the step is outside 0 < h < 2" if not stable else f"T/h = {N} is not a whole number of steps"
        return Derived(evidence=(_ev(EvidenceKind.NUMERIC, f"at h = {h}, T = {horizon}: {why}, so Verlet has "
                                     "no phase at the horizon to compare", False, supports=Status.APPROXIMATION),))
    phi = 2 * sp.asin(hh / 2)
    actual = N * phi - T
    estimate = (phi / hh - 1) * T
    proved = _verlet_phase_recurrence()
    same = _zero(actual - estimate)
    return Derived(
        evidence=(_ev(EvidenceKind.NUMERIC, f"the exact Verlet solution is q_N = cos(N phi), phi = 2 asin(h/2): after "
                      f"N = {N} steps its phase is {sp.N(abs(actual), 6)} rad {words.phase(actual)} cos(T) (N phi - T = "
                      f"{sp.N(actual, 6)}; omega = phi/h = {sp.N(phi / hh, 6)} is {words.compared(phi / hh, 1)} 1); the estimate "
                      f"(omega - 1) T is {sp.N(estimate, 6)} ({'the same, exactly' if same else 'they differ'})",
                      proved and same, supports=Status.APPROXIMATION),),
        steps=(Step("phase of Verlet less the exact phase, N phi - T", sp.N(actual, 20)), Step("estimate", sp.N(estimate, 20))))


@derivation("c12.d04.horizons-divide")
def horizons_divide(h="0.5") -> Derived:
    """The step h divides the horizons 10 and 20 (C12-D04, "Where the conclusion applies").

    Exact arithmetic: 10/h and 20/h are whole numbers of steps.
    """
    counts = {T: sp.Rational(T) / exact(h) for T in ("10", "20")}
    whole = all(bool(n.is_integer) for n in counts.values())
    said = ", ".join(f"{T}/h = {n}" for T, n in counts.items())
    return Derived(evidence=(Evidence(EvidenceKind.IDENTITY, f"at the page's step h = {h}, whole numbers of "
                                      f"steps: {said}; the other steps shown are not printed (the slider runs "
                                      "0.1 to 1.25, and 10/0.3 is not whole), so only the setting is checked",
                                      whole, reach=Reach.SETTING),),
                   steps=tuple(Step(f"steps to horizon {T}", n) for T, n in counts.items()))


@derivation("c12.d01.steps-divide")
def steps_divide(h="1.5", horizon="6") -> Derived:
    """The step h divides the horizon 6 (C12-D01, "The step sizes shown divide 6 evenly").

    Exact arithmetic at the page's step; the slider's other stops are not printed.
    """
    count = exact(horizon) / exact(h)
    return Derived(evidence=(Evidence(
        EvidenceKind.IDENTITY, f"at the page's step h = {h}: {horizon}/h = {count} steps; the other steps "
        "shown are not printed (the slider runs 0.25 to 3, and 6/1.25 = 4.8), so only the setting is checked",
        bool(count.is_integer), reach=Reach.SETTING),), steps=(Step("steps to the horizon", count),))
