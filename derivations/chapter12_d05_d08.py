"""Chapter 12, illustrations C12-D05..D08: the closed forms, derived with SymPy.

D05 1-D flows keep their order, the half-turn rotation swaps two points; D06 the
Euler and RK4 factors on dx/dt = -x and their orders; D07 the adjoint identity
dL/dtheta = int_0^1 a x dt; D08 the explicit and implicit Euler factors and their
stability ranges.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp

from noteproof.authoring import Derived, Evidence, EvidenceKind, Reach, Relation, Step, derivation, exact, words, zero

t = sp.Symbol("t", real=True)
h = sp.Symbol("h", positive=True)
x0 = sp.Symbol("x0", real=True)
x_0 = sp.Symbol("x_0", real=True)
y = sp.Symbol("y", real=True)
theta = sp.Symbol("theta", real=True)
lam = sp.Symbol("lambda", positive=True)
z = sp.Symbol("z", positive=True)


def _zero(expr) -> bool:
    """SymPy proves ``expr`` == 0 (authoring.zero: expand, cancel, then simplify)."""
    return zero(expr)


# ---- D05 ------------------------------------------------------------------------------

@derivation("c12.d05.decay-flow")
def decay_flow(rate="2") -> Derived:
    """dx/dt = -rate x solved (the page's rate 2), and the gap of two solutions: x0 e^{-rate t},
    (x_B0 - x_A0) e^{-rate t}."""
    x = sp.Function("x")
    xa0, xb0 = sp.symbols("x_A0 x_B0", real=True)
    k = exact(rate)
    # linear with constant coefficients: dsolve told so (hint), rather than trying every method on it
    sol = sp.dsolve(sp.Eq(x(t).diff(t), -k * x(t)), x(t), ics={x(0): x0},
                    hint="nth_linear_constant_coeff_homogeneous").rhs
    gap = sol.subs(x0, xb0) - sol.subs(x0, xa0)
    ratio = sp.cancel(gap / (xb0 - xa0))     # a rational function of x_A0, x_B0, e^{-kt}: common factor cancelled
    solves = _zero(sol.diff(t) + k * sol) and _zero(sol.subs(t, 0) - x0)
    return Derived(
        forms={"x": sol, "gap": sp.factor(gap)},
        evidence=(
            Evidence(EvidenceKind.IDENTITY, f"x(t) = x0 e^{{-{k}t}} solves dx/dt = -{k}x, x(0) = x0", solves),
            Evidence(EvidenceKind.INEQUALITY,
                     f"gap(t) = (x_B0 - x_A0) e^{{-{k}t}}: a positive multiple of the starting gap for every real t",
                     bool(ratio.is_positive) and _zero(ratio - sp.exp(-k * t))),
        ),
        steps=(Step(f"dsolve dx/dt = -{k}x, x(0) = x0", sol), Step("gap x_B - x_A", sp.factor(gap)),
               Step("gap / starting gap, positive for all real t", ratio)))


@derivation("c12.d05.order-preserved")
def order_preserved() -> Derived:
    """For every C^1 field f(x, t), the gap g = x_B - x_A solves g' = m(t) g, so keeps its sign.

    m(t) = int_0^1 f_x(x_A + s g, t) ds (the mean-value form of f(x_B) - f(x_A)). This
    proves the theorem for C^1 fields only, a special case beside the page's argument from
    uniqueness itself (c12.d05.unique-order, which covers every field with unique solutions).
    Without uniqueness the paths can cross: a witness for dx/dt = 3 x^{2/3}.
    """
    f, g, m = sp.Function("f"), sp.Function("g"), sp.Function("m")
    s, xa = sp.Symbol("s", real=True), sp.Symbol("x_A", real=True)
    u = sp.Symbol("u", real=True)
    gg = sp.Symbol("g", real=True)
    chain = sp.diff(f(xa + s * gg, t), s) - gg * sp.Subs(sp.diff(f(u, t), u), u, xa + s * gg)
    ftc = (f(xa + s * gg, t).subs(s, 1) - f(xa + s * gg, t).subs(s, 0)) - (f(xa + gg, t) - f(xa, t))
    # a first-order linear ODE: dsolve told so (hint), rather than trying every method on it
    sol = sp.dsolve(sp.Eq(g(t).diff(t), m(t) * g(t)), g(t), hint="1st_linear").rhs
    c1 = next(iter(sol.free_symbols - {t}))
    factor = sp.powsimp(sol / c1)
    linear_sign = isinstance(factor, sp.exp) and factor.is_positive is not False
    ta = sp.Symbol("t", real=True)
    path_a, path_b = (ta - 1) ** 3, sp.Integer(0)
    field = lambda v: 3 * (v ** 2) ** sp.Rational(1, 3)  # noqa: E731  3 x^{2/3}, real branch
    both_solve = _zero(path_a.diff(ta) - field(path_a)) and _zero(path_b.diff(ta) - field(path_b))
    crossed = path_a.subs(ta, 0) < path_b and path_a.subs(ta, 2) > path_b
    return Derived(
        forms={"gap_solution": sol},
        evidence=(
            Evidence(EvidenceKind.IDENTITY,
                     "for every C^1 field (which has unique solutions), f(x_B,t) - f(x_A,t) = g int_0^1 f_x(x_A + s g, t) ds (chain rule + FTC), "
                     "so g' = m(t) g and g(t) = g(0) exp(int m): the gap keeps its sign",
                     _zero(chain) and _zero(ftc) and linear_sign),
            Evidence(EvidenceKind.COUNTEREXAMPLE,
                     "without uniqueness the order can change: dx/dt = 3x^{2/3}, x_A = (t-1)^3 from -1, x_B = 0 "
                     "from 0 both solve it, and x_A(2) = 1 > x_B(2) = 0",
                     both_solve and bool(crossed)),
        ),
        steps=(Step("chain rule: d/ds f(x_A + s g, t) = g f_x(x_A + s g, t)", chain + 0),
               Step("gap ODE g' = m(t) g solved", sol),
               Step("non-unique witness x_A = (t-1)^3, x_B = 0 under 3x^{2/3}", (path_a, path_b))))


# ---- D05: the page's own argument, from uniqueness ---------------------------------------

_T, _S, _R = sp.Wild("T"), sp.Wild("S"), sp.Wild("R")
_Q = sp.Wild("Q")


def flow_law(expr, phi):
    """Rewrite ``expr`` by what "unique solutions" means for the flow map phi(t, s, q), the value
    at time t of the solution through (s, q) (C12-D05, line 241: "a flow with unique solutions"):

    * phi(s, s, q) = q: the solution through (s, q) is at q at time s;
    * phi(t, s, phi(s, r, q)) = phi(t, r, q): the solution through (s, phi(s, r, q)) is the one
      through (r, q), because that one passes through the point and there is only one.

    The second rule is uniqueness itself; without it phi is no function of its start (the
    3x^{2/3} witness of c12.d05.order-preserved has two solutions through (1, 0)).
    """
    rules = ((phi(_T, _S, phi(_S, _R, _Q)), phi(_T, _R, _Q)), (phi(_S, _S, _Q), _Q))
    for _ in range(8):
        new = expr
        for pattern, result in rules:
            new = new.replace(lambda e, pattern=pattern: e.match(pattern) is not None,
                              lambda e, pattern=pattern, result=result: result.xreplace(e.match(pattern)))
        if new == expr:
            return expr
        expr = new
    return expr


def meeting_forces_same_start(law=flow_law):
    """If the paths from a and b meet at time t* (both at p), then a = b, by ``law``.

    a = phi(0, t*, phi(t*, 0, a)) and b = phi(0, t*, phi(t*, 0, b)) by the flow law; the meeting
    replaces both inner values by p, so a and b are the same expression phi(0, t*, p). Returns
    (a - b rewritten by the law, the same difference after the meeting, the difference itself):
    the argument holds when the first is a - b and the second is 0.
    """
    phi = sp.Function("phi")
    a, b, p = sp.symbols("a b p", real=True)
    ts = sp.Symbol("t_star", real=True)
    back = phi(0, ts, phi(ts, 0, a)) - phi(0, ts, phi(ts, 0, b))   # each start, run to t* and back
    by_law = law(back, phi)
    met = back.subs({phi(ts, 0, a): p, phi(ts, 0, b): p})
    return by_law, met, a - b


@lru_cache(maxsize=None)
def _meeting_argument(law=flow_law) -> tuple[bool, tuple]:
    """Whether the meeting argument holds under ``law`` (a pure function of it: derived once per
    law in a process, shared by c12.d05.unique-order and c12.d05.on-axis)."""
    by_law, met, diff = meeting_forces_same_start(law)
    return _zero(by_law - diff) and _zero(met), (by_law, met)


@lru_cache(maxsize=None)
def order_kept_logic(meeting_proved: bool) -> bool:
    """The last step, checked by SymPy's SAT solver: no truth assignment makes the order flip.

    Atoms: flip (x_B(t1) <= x_A(t1) at some t1 > 0), meet (x_B(s) = x_A(s) at some s), same
    (same start, a = b). Premises: flip -> meet, the intermediate value theorem for the gap
    x_B - x_A, which is continuous (a cited theorem, not proved here), and positive at 0
    (B starts above A); meet -> same, the meeting argument (only when it was proved);
    not same (the starts differ). The order is kept if flip is unsatisfiable with them.
    """
    flip, meet, same = sp.symbols("flip meet same")
    premises = [sp.Implies(flip, meet), sp.Not(same)]
    if meeting_proved:
        premises.append(sp.Implies(meet, same))
    return sp.satisfiable(sp.And(*premises, flip)) is False


@derivation("c12.d05.unique-order")
def unique_order() -> Derived:
    """One-dimensional trajectories of a flow with unique solutions keep their order (C12-D05).

    The page's argument (line 241: "If two paths on a line met, they would have to start from
    the same point at that moment, and a flow with unique solutions never allows it. So the order
    along the line is frozen"), for every field with unique solutions, not only C^1 ones:
    uniqueness is the flow law phi(t, s, phi(s, r, q)) = phi(t, r, q) (flow_law); two paths that
    meet at t* then start at the same point (meeting_forces_same_start, by rewriting with the
    law); the gap x_B - x_A is continuous, positive at 0 and never 0, so by the intermediate value
    theorem (cited) it stays positive: the order is kept and no flow can swap two points. "For all
    t" is every t where both solutions exist (for dx/dt = -2x, every t).
    """
    proved, (by_law, met) = _meeting_argument()
    logic = order_kept_logic(proved)
    return Derived(
        forms={"start_difference": by_law},
        evidence=(
            Evidence(EvidenceKind.IDENTITY,
                     "for every field with unique solutions (the flow law phi(t, s, phi(s, r, q)) = phi(t, r, q)): "
                     "if the paths from a and b meet at some time t*, then a = phi(0, t*, p) = b, so paths "
                     "from different starts never meet", proved,
                     detail=f"a - b by the law: {by_law}; after the meeting: {met}"),
            Evidence(EvidenceKind.INEQUALITY,
                     "so on a line the gap x_B - x_A, continuous and positive at 0, never reaches 0 and stays "
                     "positive for every t (the intermediate value theorem, cited; SymPy's SAT check: "
                     "flip -> meet, meet -> same start, different starts leave no flip): B stays above A",
                     proved and logic),
        ),
        steps=(Step("each start run to t* and back, by the flow law", by_law),
               Step("the same after the meeting phi(t*, 0, a) = phi(t*, 0, b) = p", met)))


@derivation("c12.d05.on-axis")
def on_axis() -> Derived:
    """A 2-D flow kept on the x axis is a 1-D flow, so it keeps the order (C12-D05 check answer).

    "No. Staying on the axis makes it a one-dimensional flow again, and order cannot change."
    With a general field x' = f1(x, y, t), y' = f2(x, y, t) and y(t) = 0 for all t, the x-motion
    is x' = f1(x, 0, t), a field in x and t alone (and f2(x, 0, t) = 0 along the path). Two
    on-axis paths whose x values meet meet as states, (x_B - x_A, y_B - y_A) = (g, 0) = 0 only
    when g = 0, so the meeting argument of c12.d05.unique-order, which never used the dimension
    of the state, applies to the 2-D flow's unique solutions; the x-gap is continuous, so by the
    intermediate value theorem it keeps its sign.
    """
    f1, f2, xf, yf = sp.Function("f_1"), sp.Function("f_2"), sp.Function("x"), sp.Function("y")
    system = (sp.Eq(xf(t).diff(t), f1(xf(t), yf(t), t)), sp.Eq(yf(t).diff(t), f2(xf(t), yf(t), t)))
    on = [e.subs(yf(t), 0).doit() for e in system]
    reduced = on[0].rhs
    one_d = not reduced.has(yf(t)) and reduced == f1(xf(t), 0, t)
    stays = sp.simplify(on[1].lhs) == 0          # y' = 0: the second equation asks f2(x, 0, t) = 0
    g = sp.Symbol("g", real=True)
    meet = sp.solve([g, sp.Integer(0)], g, dict=True)   # the state gap (g, 0) vanishes
    same_state = meet == [{g: 0}]
    proved, _ = _meeting_argument()
    return Derived(
        forms={"axis_field": reduced},
        evidence=(
            Evidence(EvidenceKind.IDENTITY, "on the axis (y = 0 for all t) the general 2-D field gives x' = "
                     "f1(x, 0, t), a field in x and t alone: a one-dimensional flow", one_d and stays,
                     detail=f"second equation on the axis: {on[1]}"),
            Evidence(EvidenceKind.INEQUALITY, "two on-axis paths meet in x only by meeting as states "
                     "((g, 0) = 0 iff g = 0), which uniqueness forbids (c12.d05.unique-order); with the "
                     "intermediate value theorem (cited) the order along the axis cannot change",
                     same_state and proved and order_kept_logic(proved)),
        ),
        steps=(Step("the system on the axis", sp.Tuple(*on)), Step("the x-motion", reduced)))


def _order_relation(gap, sign) -> Relation | None:
    """``gap`` = (terms with +) - (terms with -) of sign ``sign``, written as the note's ``lhs > rhs``."""
    terms = sp.Add.make_args(sp.expand(gap))
    plus = sp.Add(*[u for u in terms if not u.could_extract_minus_sign()])
    minus = -sp.Add(*[u for u in terms if u.could_extract_minus_sign()])
    op = {1: ">", -1: "<"}.get(sign)
    return Relation((op,), (plus, minus)) if op else None


@derivation("c12.d05.order-statement")
def order_statement() -> Derived:
    """x_B(0) > x_A(0) => x_B(t) > x_A(t) for all t under dx/dt = f(x, t), from the gap ODE.

    C12-D05, "The equations and symbols": the display
    ``\\dot x=f(x,t):\\quad x_B(0)>x_A(0)\\ \\Rightarrow\\ x_B(t)>x_A(t)\\ \\text{for all }t``.
    The gap g = x_B - x_A obeys g' = f(x_B, t) - f(x_A, t) = m(t) g with m real
    (c12.d05.order-preserved: the mean-value form for a C^1 field); dsolve with g(0) = g_0 gives
    g(t) = g_0 exp(int_0^t m), and the factor exp(real) is positive, so g(t) has the sign of g_0:
    the premise g_0 > 0 (B starts above A) gives the conclusion x_B(t) - x_A(t) > 0. The forms are
    the premise and the conclusion written as the note writes them (x_B(.) > x_A(.)); the
    conclusion's operator is the premise's times the sign of the factor. The field itself
    (form ``field``, \\dot x = f(x, t)) is the defining equation, not derived.
    """
    xa_f, xb_f, g, f = sp.Function("x_A"), sp.Function("x_B"), sp.Function("g"), sp.Function("f")
    m = sp.Function("m", real=True)
    g0 = sp.Symbol("g_0", real=True)
    sol = sp.dsolve(sp.Eq(g(t).diff(t), m(t) * g(t)), g(t), ics={g(0): g0}, hint="1st_linear").rhs
    factor = sp.powsimp(sol / g0)
    # an integral of the real m over a real range is real: stand a real symbol in for each
    stand_in = factor.replace(lambda e: isinstance(e, sp.Integral), lambda e: sp.Dummy(real=True))
    sign = 1 if stand_in.is_positive else (-1 if stand_in.is_negative else 0)
    start_gap = xb_f(0) - xa_f(0)
    premise = _order_relation(start_gap, 1)                 # the assumption: g_0 > 0
    gap_t = (start_gap * factor).subs(start_gap, xb_f(t) - xa_f(t))  # g(t) = g_0 * factor, g_0 > 0
    conclusion = _order_relation(xb_f(t) - xa_f(t), sign * (1 if premise else 0))
    x = sp.Symbol("x", real=True)
    return Derived(
        forms={"premise": premise, "conclusion": conclusion, "field": f(x, t)},
        evidence=(
            Evidence(EvidenceKind.IDENTITY, "g' = m(t) g with g(0) = g_0 gives g(t) = g_0 exp(int_0^t m) "
                     "(dsolve), and exp of a real number is positive: g(t) has the sign of g_0",
                     _zero(sol.subs(t, 0) - g0) and _zero(sol.diff(t) - m(t) * sol) and sign == 1),
            Evidence(EvidenceKind.IDENTITY, "so x_B(0) > x_A(0) gives x_B(t) > x_A(t) for every t",
                     premise is not None and conclusion is not None and conclusion.op == ">"
                     and premise.op == ">"),
        ),
        steps=(Step("gap ODE g' = m g solved with g(0) = g_0", sol), Step("g(t)/g_0", factor),
               Step("g(t) for g_0 = x_B(0) - x_A(0)", gap_t)))


@derivation("c12.d05.rotation-swap")
def rotation_swap() -> Derived:
    """x' = -pi y, y' = pi x by the matrix exponential: (x, y)(t) = x0 (cos pi t, sin pi t)."""
    A = sp.Matrix([[0, -sp.pi], [sp.pi, 0]])
    flow = (A * t).exp()                 # SymPy writes exp(A t) with cos(pi t), sin(pi t) already
    path = flow * sp.Matrix([x0, 0])
    solves = _zero(sp.Matrix(path.diff(t) - A * path).norm())
    a_end = path.subs({x0: -1, t: 1})
    b_end = path.subs({x0: 1, t: 1})
    swapped = list(a_end) == [1, 0] and list(b_end) == [-1, 0]
    # 4 sin^2 + 4 cos^2: the Pythagorean identity, which trigsimp applies
    dist2 = sp.trigsimp(sum((path.subs(x0, 1) - path.subs(x0, -1)).applyfunc(lambda e: e ** 2)))
    return Derived(
        forms={"x": path[0], "y": path[1], "trajectory": sp.Tuple(path[0], path[1]),
               "x_per_x0": sp.cancel(path[0] / x0), "y_per_x0": sp.cancel(path[1] / x0)},
        evidence=(
            Evidence(EvidenceKind.IDENTITY, "(x, y)(t) = x0 (cos pi t, sin pi t) solves the rotation flow", solves),
            Evidence(EvidenceKind.COUNTEREXAMPLE,
                     "witness: at t = 1, A = (-1, 0) -> (1, 0) and B = (1, 0) -> (-1, 0): a 2-D flow swaps them",
                     swapped),
            Evidence(EvidenceKind.IDENTITY, "the distance between the two points is 2 for every t: paths never touch",
                     _zero(dist2 - 4)),
        ),
        steps=(Step("exp(A t)", flow), Step("applied to (x0, 0)", path), Step("squared distance A-B", dist2)))


# ---- D06 ------------------------------------------------------------------------------

def _rk4_factor(step):
    """Apply the four RK4 stages to dx/dt = -x from x = 1 and return x_1."""
    f = lambda v: -v  # noqa: E731
    k1 = f(1)
    k2 = f(1 + step / 2 * k1)
    k3 = f(1 + step / 2 * k2)
    k4 = f(1 + step * k3)
    return sp.expand(1 + step / 6 * (k1 + 2 * k2 + 2 * k3 + k4))


def _qq_series(factor):
    """The ring QQ[[h]] of exact power series (SymPy's ring_series), its generator, and ``factor``
    (a polynomial in h with rational coefficients) in it."""
    from sympy.polys.ring_series import rs_exp, rs_log  # noqa: F401  (the operations used on it)
    from sympy.polys.rings import ring
    ring_, hh = ring("h", sp.QQ)
    poly = sp.Poly(factor, h)
    return ring_, hh, ring_({k: sp.QQ(int(c.p), int(c.q)) for k, c in poly.as_dict().items()})


def _as_series(p, n, scale=sp.Integer(1)):
    """A truncated series of QQ[[h]] as SymPy writes sp.series: scale * sum c_k h^k + O(h^n)."""
    return sp.Add(*[scale * sp.Rational(int(c.numerator), int(c.denominator)) * h ** m[0]
                    for m, c in p.items()]) + sp.O(h ** n)


def _local_series(factor, n):
    """e^{-h} - factor to O(h^n), exactly: the Taylor coefficients (-1)^k / k! of e^{-h} less the
    factor's (what sp.series(sp.exp(-h) - factor, h, 0, n) gives, computed in QQ[[h]])."""
    from sympy.polys.ring_series import rs_exp
    _, hh, r = _qq_series(factor)
    return _as_series(rs_exp(-hh, hh, n) - r, n)


def _global_series(factor, n, power=1):
    """factor^{power/h} - e^{-1} to O(h^n) (N = 1/h steps of ``power`` sub-steps each reach t = 1):
    factor^{power/h} = e^{-1} exp(u), u = (power log(factor) + h)/h, so the series is
    e^{-1} (exp(u) - 1), with log and exp of exact series in QQ[[h]] (what sp.series gives on the
    same expression). None when factor^{power/h} does not tend to e^{-1} (factor(0) is not 1, or u
    does not vanish at h = 0): then the error does not vanish with h."""
    from sympy.polys.ring_series import rs_exp, rs_log
    ring_, hh, r = _qq_series(factor)
    if r.coeff(1) != 1:
        return None
    u = rs_log(r, hh, n + 1) * power + hh       # log(factor) has no constant term: u is a multiple of h
    u = ring_({(m[0] - 1,): c for m, c in u.items()})
    if u.coeff(1) != 0:
        return None
    return _as_series(rs_exp(u, hh, n) - 1, n, sp.exp(-1))


def leading_term(series):
    """The lowest-order term of a truncated series in h (its sign included)."""
    return min(sp.Add.make_args(sp.expand(series.removeO())), key=lambda t: sp.degree(t, h))


def term_text(term) -> str:
    """A term c h^p in the page's plain text, its sign computed from c: -h^5/120, e^{-1} h^4/120."""
    p = sp.degree(term, h)
    c = sp.simplify(term / h**p)
    r, rest = sp.Abs(c).as_coeff_Mul()
    power = "h" if p == 1 else f"h^{p}"
    scale = "" if rest == 1 else ("e^{-1} " if rest == sp.exp(-1) else f"{rest} ")
    body = f"{scale}{'' if r.p == 1 else r.p}{power}" + ("" if r.q == 1 else f"/{r.q}")
    return words.signed(body, c)


def _leading_power(series) -> int:
    """The lowest power of h in a truncated series (0 for None: an error that does not vanish)."""
    if series is None:
        return 0
    terms = series.removeO()
    return min(sp.Poly(terms, h).monoms())[0] if terms != 0 else series.getO().expr.as_base_exp()[1]


@derivation("c12.d06.step-factors")
def step_factors() -> Derived:
    """Euler's factor 1 - h and RK4's 1 - h + h^2/2 - h^3/6 + h^4/24, their local and global errors.

    C12-D06: the worked factors, and the display
    ``\\text{error}_{\\text{Euler}}\\propto h,\\qquad \\text{error}_{\\text{RK4}}\\propto h^4``:
    on dx/dt = -x over [0, 1] with N = 1/h steps, x_N = factor^(1/h); the leading power of the
    series in h of factor^(1/h) - e^{-1} is 1 for Euler and 4 for RK4 (forms
    ``euler_error_order``, ``rk4_error_order``: error propto h^p with p from the series).
    """
    return _step_factors()


@lru_cache(maxsize=1)
def _step_factors() -> Derived:
    """step_factors, derived once in a process (c12.d06.orders builds on it)."""
    euler = sp.expand(1 + h * (-1))
    rk4 = _rk4_factor(h)
    p_euler = _leading_power(_local_series(euler, 8))
    p_rk4 = _leading_power(_local_series(rk4, 8))
    g_euler = _leading_power(_global_series(euler, 4))
    g_rk4 = _leading_power(_global_series(rk4, 7))
    err_e, err_r = sp.symbols("error_Euler error_RK4", real=True)
    local = [term_text(leading_term(_local_series(f, 7))) for f in (euler, rk4)]
    glob = [term_text(leading_term(_global_series(f, n))) for f, n in ((euler, 3), (rk4, 6))]
    return Derived(
        forms={"euler_factor": euler, "rk4_factor": rk4,
               # the global error's leading power in h, as the note's error_Euler propto h, error_RK4 propto h^4
               "euler_error_order": Relation(("propto",), (err_e, h ** g_euler)),
               "rk4_error_order": Relation(("propto",), (err_r, h ** g_rk4))},
        evidence=(
            Evidence(EvidenceKind.IDENTITY, "one step per method on dx/dt = -x: Euler 1 - h, RK4 the degree-4 "
                     "Taylor polynomial of e^{-h}", _zero(rk4 - _local_series(0, 5).removeO())),
            Evidence(EvidenceKind.IDENTITY, f"local error per step: e^{{-h}} - (1 - h) = {local[0]} + O(h^3), "
                     f"e^{{-h}} - R4(h) = {local[1]} + O(h^6)", p_euler == 2 and p_rk4 == 5),
            Evidence(EvidenceKind.IDENTITY, f"global error at t = 1 with h = 1/n (numerical less exact): Euler "
                     f"{glob[0]} + O(h^2), RK4 {glob[1]} + O(h^5)", g_euler == 1 and g_rk4 == 4),
        ),
        steps=(Step("RK4 stages applied to -x", rk4), Step("e^{-h} - R4(h)", _local_series(rk4, 7)),
               Step("(R4(h))^{1/h} - e^{-1}", _global_series(rk4, 6))))


@derivation("c12.d06.rk4-weights")
def rk4_weights() -> Derived:
    """The weights 1, 2, 2, 1 (over 6) solved from the fourth-order conditions for c = (0, 1/2, 1/2, 1)."""
    b = sp.symbols("b1:5")
    c = (0, sp.Rational(1, 2), sp.Rational(1, 2), 1)
    eqs = [sum(b) - 1] + [sum(bi * ci ** q for bi, ci in zip(b, c)) - sp.Rational(1, q + 1) for q in (1, 2, 3)]
    eqs.append(b[2] * sp.Rational(1, 2) * c[1] + b[3] * 1 * c[2] - sp.Rational(1, 6))
    sol = sp.solve(eqs, b, dict=True)
    unique = len(sol) == 1 and all(sol[0][bi].is_Rational for bi in b)
    weights = tuple(6 * sol[0][bi] for bi in b) if unique else ()
    k = sp.symbols("k_1:5")
    xn = sp.Symbol("x_n")
    form = xn + h * sum(sol[0][bi] * ki for bi, ki in zip(b, k)) if unique else sp.nan
    return Derived(
        forms={"rk4_update": form, "weights": sp.Tuple(*weights)},
        evidence=(Evidence(EvidenceKind.IDENTITY, "order conditions up to h^4 fix the weights b = (1, 2, 2, 1)/6",
                           unique and sp.Tuple(*weights) == sp.Tuple(1, 2, 2, 1)),),
        steps=(Step("order conditions", sp.Tuple(*eqs)), Step("solution", sp.Tuple(*weights))))


@derivation("c12.d06.euler-step")
def euler_step() -> Derived:
    """x_{n+1} = x_n + h f(x_n, t_n): Taylor's expansion of x(t_n + h) cut after the h term.

    C12-D06, "The equations and symbols": the display ``x_{n+1}=x_n+hf(x_n,t_n)``.
    SymPy expands x(t_n + h) in h to first order, x(t_n) + h x'(t_n) + O(h^2), and the ODE
    dx/dt = f(x, t) replaces x'(t_n) by f(x(t_n), t_n); x(t_n) is written x_n and
    x(t_n + h) = x(t_{n+1}) is written x_{n+1} (Indexed, as the reader reads it). The dropped
    remainder is h^2 x''/2: one step's local error is O(h^2).
    """
    xf, f = sp.Function("x"), sp.Function("f")
    tn, xn = sp.Symbol("t_n", real=True), sp.Symbol("x_n", real=True)
    n = sp.Symbol("n", real=True)
    hh = sp.Symbol("h", real=True)
    # one Taylor series to O(h^3); its terms below h^2 are the series to O(h^2)
    second = sp.series(xf(tn + hh), hh, 0, 3).removeO().doit()
    taylor = sp.Add(*[second.coeff(hh, k) * hh ** k for k in range(2)])
    slope = sp.Derivative(xf(tn), tn)
    step = sp.expand(taylor.subs(slope, f(xf(tn), tn)).subs(xf(tn), xn))
    remainder = second - taylor
    one_eval = len([e for e in sp.preorder_traversal(step) if isinstance(e, sp.Function) and e.func == f])
    lhs = sp.IndexedBase(sp.Symbol("x", real=True))[n + 1]
    return Derived(
        forms={"euler_update": Relation(("=",), (lhs, step)), "euler_step": step},
        evidence=(Evidence(EvidenceKind.IDENTITY, "x(t_n + h) = x(t_n) + h x'(t_n) + O(h^2) with x' = f(x, t) "
                           "gives x_{n+1} = x_n + h f(x_n, t_n), one evaluation of f",
                           _zero(sp.diff(step, hh) - f(xn, tn)) and _zero(step.subs(hh, 0) - xn) and one_eval == 1),
                  Evidence(EvidenceKind.IDENTITY, "the dropped remainder is second order in h",
                           _zero(remainder.subs(hh, 0)) and _zero(sp.diff(remainder, hh).subs(hh, 0)))),
        steps=(Step("x(t_n + h) to first order", taylor), Step("with x' = f(x, t)", step),
               Step("next term", remainder)))


@derivation("c12.d06.evaluation-count")
def evaluation_count() -> Derived:
    """Evaluations of f per step, counted by applying one Euler and one RK4 step to a symbolic f."""
    calls: list = []
    fn = sp.Function("f")

    def f(v):
        calls.append(v)
        return fn(v)

    xn = sp.Symbol("x_n")
    calls.clear()
    sp.expand(xn + h * f(xn))
    euler = len(calls)
    calls.clear()
    k1 = f(xn)
    k2 = f(xn + h / 2 * k1)
    k3 = f(xn + h / 2 * k2)
    f(xn + h * k3)
    rk4 = len(calls)
    n = sp.Symbol("n", positive=True, integer=True)
    return Derived(
        forms={"euler_evaluations": euler * n, "rk4_evaluations": rk4 * n},
        evidence=(Evidence(EvidenceKind.IDENTITY, "one Euler step evaluates f once, one RK4 step four times "
                           "(counted), so n steps cost n and 4n evaluations", euler == 1 and rk4 == 4),),
        steps=(Step("RK4 stages with a symbolic f", sp.Tuple(k1, k2, k3)),))


@derivation("c12.d06.test-problem")
def test_problem() -> Derived:
    """dx/dt = -x, x(0) = 1 solved: x(1) = e^{-1}."""
    x = sp.Function("x")
    sol = sp.dsolve(sp.Eq(x(t).diff(t), -x(t)), x(t), ics={x(0): 1}, hint="nth_linear_constant_coeff_homogeneous").rhs
    return Derived(forms={"x": sol, "x1": sol.subs(t, 1)},
                   evidence=(Evidence(EvidenceKind.IDENTITY, "x(t) = e^{-t} solves dx/dt = -x, x(0) = 1; x(1) = e^{-1}",
                                      _zero(sol.diff(t) + sol) and _zero(sol.subs(t, 1) - sp.exp(-1))),),
                   steps=(Step("dsolve", sol),))


def _observed_orders(ns=(16, 32, 64, 128)):
    def run(method, n):
        hh = mpmath.mpf(1) / n
        x = mpmath.mpf(1)
        for _ in range(n):
            if method == "euler":
                x = x + hh * (-x)
            else:
                k1 = -x
                k2 = -(x + hh / 2 * k1)
                k3 = -(x + hh / 2 * k2)
                k4 = -(x + hh * k3)
                x = x + hh / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
        return abs(x - mpmath.exp(-1))

    out = {}
    with mpmath.workdps(50):
        for method in ("euler", "rk4"):
            errs = [run(method, n) for n in ns]
            out[method] = [float(mpmath.log(a / b, 2)) for a, b in zip(errs, errs[1:])]
    return out


@derivation("c12.d06.orders")
def orders() -> Derived:
    """Observed orders from runs at 16, 32, 64, 128 steps: Euler 1, RK4 4."""
    obs = _observed_orders()
    ok_e = all(abs(p - 1) < 0.1 for p in obs["euler"])
    ok_r = all(abs(p - 4) < 0.1 for p in obs["rk4"])
    detail = "; ".join(f"{k}: " + ", ".join(f"{p:.3f}" for p in v) for k, v in obs.items())
    factors = step_factors()
    return Derived(
        forms=dict(factors.forms),
        evidence=(Evidence(EvidenceKind.ORDER, "observed order of Euler is 1 (log2 of successive error ratios, "
                           "n = 16..128)", ok_e, detail=detail),
                  Evidence(EvidenceKind.ORDER, "observed order of RK4 is 4 (n = 16..128)", ok_r, detail=detail),
                  ) + factors.evidence[1:],
        steps=(Step("observed orders: " + detail),) + factors.steps)


def _equal_cost_errors(n: int, cost: int = 4):
    """Errors at time 1 on dx/dt = -x at equal cost: Euler with cost*n steps, RK4 with n steps
    (each RK4 step costing ``cost`` Euler steps' evaluations).

    Exact SymPy numbers: Euler's x = (1 - 1/(cost n))^{cost n} lies below e^{-1} and RK4's
    R4(1/n)^n above it, so the errors are e^{-1} - x_E and x_R - e^{-1} (signs certified)."""
    euler = (1 - sp.Rational(1, cost * n)) ** (cost * n)
    rk4 = _rk4_factor(sp.Rational(1, n)) ** n
    return sp.exp(-1) - euler, rk4 - sp.exp(-1)


def equal_cost_wins(lo: int, hi: int, cost: int) -> tuple[bool, bool, list]:
    """(RK4 has the smaller error at equal cost for every n = lo..hi, the ratio grows with n, the ratios)."""
    errors = [_equal_cost_errors(n, cost) for n in range(lo, hi + 1)]
    signs = all(bool(e.is_positive) and bool(r.is_positive) for e, r in errors)
    wins = signs and all(bool((e - r).is_positive) for e, r in errors)
    # ratio_{n+1} > ratio_n, cross-multiplied (every error positive)
    growing = signs and all(bool((e1 * r0 - e0 * r1).is_positive) for (e0, r0), (e1, r1) in zip(errors, errors[1:]))
    return wins, growing, [e / r for e, r in errors]


@derivation("c12.d06.equal-cost")
def equal_cost(min_steps="1", max_steps="32") -> Derived:
    """RK4 against Euler at the same number of evaluations of f (C12-D06 caption).

    "RK4 wins by a wide margin even after paying four evaluations per step": RK4 with n steps
    costs 4n evaluations (c12.d06.evaluation-count), as much as Euler with 4n steps. In general
    (h = 1/n -> 0) the series of both global errors give Euler e^{-1} h/8 + O(h^2) at step h/4 and
    RK4 e^{-1} h^4/120 + O(h^5), so their ratio is 15/h^3 (1 + O(h)) = 15 n^3 (1 + O(1/n)): it
    grows without bound. At every whole number of steps on the page's slider (1 to 32, printed
    "132" beside "Number of steps: 4"; the ends are this function's defaults) the exact errors
    are compared: RK4's is the smaller, and the ratio grows with n (7.2 at n = 1, 800 at the
    page's 4 steps: 16 evaluations each). The price per step is the one counted by
    c12.d06.evaluation-count (RK4's evaluations over Euler's, 4), not typed in.
    """
    counted = evaluation_count().forms
    cost = int(sp.cancel(counted["rk4_evaluations"] / counted["euler_evaluations"]))
    # the global errors at time 1: Euler's (1 - h/cost)^{cost/h} - e^{-1}, RK4's R4(h)^{1/h} - e^{-1}
    euler, rk4 = _global_series(1 - h / cost, 2, cost), _global_series(_rk4_factor(h), 5)
    lead_e = sp.nan if euler is None else euler.removeO()
    lead_r = sp.nan if rk4 is None else rk4.removeO()
    growth = sp.limit(sp.Abs(lead_e / lead_r) * h ** 3, h, 0)
    # |Euler / RK4| -> oo as h -> 0+: each error is its leading term (1 + O(h)), a nonzero
    # multiple of h^p, and Euler's power is the lower
    p_e, p_r = _leading_power(euler), _leading_power(rk4)
    unbounded = 0 < p_e < p_r and lead_e.coeff(h, p_e) != 0 and lead_r.coeff(h, p_r) != 0
    lo, hi = int(exact(min_steps)), int(exact(max_steps))
    wins, growing, ratios = equal_cost_wins(lo, hi, cost)
    shown = ", ".join(f"n = {n}: {sp.N(r, 4)}" for n, r in zip(range(lo, hi + 1), ratios)
                      if n in (lo, 2, 4, 8, 16, hi))
    return Derived(
        forms={"equal_cost_ratio_growth": growth},
        evidence=(
            Evidence(EvidenceKind.IDENTITY, f"at equal cost (Euler {cost}n steps, RK4 n steps, {cost}n evaluations "
                     f"each) the error ratio Euler / RK4 is {growth} n^3 (1 + O(1/n)): series {lead_e} against "
                     f"{lead_r}, h = 1/n; it grows without bound as h -> 0",
                     cost == 4 and bool(growth.is_positive) and bool(growth.is_finite) and unbounded, detail=f"leading terms {lead_e}, {lead_r}"),
            Evidence(EvidenceKind.INEQUALITY, f"at every whole number of steps n = {lo}..{hi} on the page's slider, "
                     f"RK4 with n steps has the smaller error than Euler with {cost}n steps (the same {cost}n "
                     "evaluations), and the ratio grows with n (exact errors, signs certified by SymPy)",
                     wins and growing, detail=f"Euler / RK4 at equal cost: {shown}"),
        ),
        steps=(Step("Euler's error at step h/4, time 1", lead_e), Step("RK4's error at step h, time 1", lead_r),
               Step("ratio times h^3 as h -> 0", growth)))


# ---- D07 ------------------------------------------------------------------------------

@derivation("c12.d07.adjoint-identity")
def adjoint_identity() -> Derived:
    """x' = f(x) = theta x, L = (x(1) - y)^2: the adjoint a' = -(df/dx) a = -theta a with
    a(1) = dL/dx(1) = 2(x_0 e^theta - y) (the page's line "x' = theta x, L = ..., a' = -theta a,
    a(1) = ..."), and int_0^1 a x dt = dL/dtheta."""
    x, a = sp.Function("x"), sp.Function("a")
    state, costate, rate = sp.symbols("x a a_dot", real=True)
    field = theta * state                                    # the Neural ODE's right side f(x)
    adjoint = -sp.diff(field, state) * costate               # a' = -(df/dx) a, the adjoint of x' = f(x)
    # both linear with constant coefficients: dsolve told so (hint), rather than trying every method
    linear = "nth_linear_constant_coeff_homogeneous"
    xs = sp.dsolve(sp.Eq(x(t).diff(t), field.subs(state, x(t))), x(t), ics={x(0): x_0}, hint=linear).rhs
    a_end = 2 * (xs.subs(t, 1) - y)
    as_ = sp.dsolve(sp.Eq(a(t).diff(t), adjoint.subs(costate, a(t))), a(t), ics={a(1): a_end}, hint=linear).rhs
    # e^{-theta t} e^{theta t} combined (powsimp), the common factors taken out (factor_terms)
    product = sp.factor_terms(sp.powsimp(as_ * xs))
    integral = sp.factor_terms(sp.integrate(product, (t, 0, 1)))
    loss = (xs.subs(t, 1) - y) ** 2
    grad = sp.diff(loss, theta)
    x1 = sp.Symbol("x1", positive=True)
    via_x1 = (sp.diff((x1 - y) ** 2, x1) * x1)  # dL/dx(1) * dx(1)/dtheta, with dx(1)/dtheta = x(1)
    # the page's chain dL/dtheta = int_0^1 a(t) x(t) dt = closed form: its two left sides are the
    # definitions (a and x the solutions above), which the identity evidence equates with the third
    chain = Relation(("=", "="), (sp.Function("L")(theta).diff(theta), sp.Integral(a(t) * x(t), (t, 0, 1)),
                                  sp.factor(integral)))
    return Derived(
        forms={"gradient": sp.factor(integral), "gradient_chain": chain, "adjoint_start": a_end,
               "gradient_x1": sp.factor(via_x1),
               "adjoint_start_x1": sp.diff((x1 - y) ** 2, x1), "x1": xs.subs(t, 1),
               "adjoint": Relation(("=",), (rate, adjoint))},
        evidence=(
            Evidence(EvidenceKind.IDENTITY, "a(t) x(t) is constant in t (flat product)", _zero(product.diff(t))),
            Evidence(EvidenceKind.IDENTITY, "int_0^1 a(t) x(t) dt = 2(x_0 e^theta - y) x_0 e^theta = dL/dtheta",
                     _zero(integral - grad) and _zero(integral - 2 * (x_0 * sp.exp(theta) - y) * x_0 * sp.exp(theta))),
            Evidence(EvidenceKind.IDENTITY, "dx(1)/dtheta = x(1), so dL/dtheta = 2 (x(1) - y) x(1)",
                     _zero(sp.diff(xs.subs(t, 1), theta) - xs.subs(t, 1))
                     and _zero(via_x1.subs(x1, xs.subs(t, 1)) - grad)),
        ),
        steps=(Step("x(t)", xs), Step("a(t)", as_), Step("a(t) x(t)", product), Step("int_0^1 a x dt", integral),
               Step("dL/dtheta", sp.factor(grad))))


@derivation("c12.d07.finite-difference")
def finite_difference() -> Derived:
    """(L(theta+eps) - L(theta))/eps -> dL/dtheta, with truncation error eps L''/2 + O(eps^2)."""
    eps = sp.Symbol("epsilon", positive=True)
    loss = lambda p: (x_0 * sp.exp(p) - y) ** 2  # noqa: E731
    fd = (loss(theta + eps) - loss(theta)) / eps
    grad = sp.diff(loss(theta), theta)
    # the series and the limit of fd multiplied out (expand: the same function, e^{theta + eps} =
    # e^theta e^eps), so SymPy expands each e^{k eps}/eps rather than the quotient of two squares
    fd_terms = sp.expand(fd)
    series = sp.series(fd_terms, eps, 0, 2).removeO()
    trunc = series.coeff(eps, 1) - sp.diff(loss(theta), theta, 2) / 2
    return Derived(
        forms={"fd": fd},
        evidence=(Evidence(EvidenceKind.IDENTITY, "the one-sided difference tends to dL/dtheta as eps -> 0",
                           _zero(sp.limit(fd_terms, eps, 0) - grad)),
                  Evidence(EvidenceKind.IDENTITY, "its truncation error is eps L''(theta)/2 + O(eps^2): "
                           "accuracy lost to curvature for large steps", _zero(trunc)
                           and _zero(series.coeff(eps, 0) - grad))),
        steps=(Step("difference quotient", fd), Step("series in eps", series)))


@derivation("c12.d07.solve-count")
def solve_count(parameters="1000") -> Derived:
    """Forward solves of a one-sided finite-difference gradient in P parameters: 1 + P.

    C12-D07's check answer: "About 1,001 forward solves, one baseline plus one nudged run
    per parameter" for the question's "A model has 1,000 parameters". The count 1 + P is
    proved for every P; its value at the question's P is a step (the printed 1,001 is
    compared with the counting loop c12.d07.fd-solves, at the page's setting).
    """
    P = sp.Symbol("P", positive=True, integer=True)
    i = sp.Symbol("i", positive=True, integer=True)
    solves = 1 + sp.summation(1, (i, 1, P))   # the baseline, then one nudged run per parameter
    return Derived(forms={"solves": solves},
                   evidence=(Evidence(EvidenceKind.IDENTITY, "one baseline solve plus one nudged solve per "
                                      "parameter: 1 + sum_{i=1}^{P} 1 = P + 1 for every P",
                                      _zero(solves - (P + 1)), reach=Reach.GENERAL),),
                   steps=(Step("1 + sum_{i=1}^{P} 1", solves),
                          Step(f"at the question's P = {parameters}", solves.subs(P, exact(parameters)))))


# ---- D08 ------------------------------------------------------------------------------

@derivation("c12.d08.euler-factors")
def euler_factors() -> Derived:
    """Explicit x_{n+1} = (1 - h lambda) x_n, implicit x_{n+1} = x_n/(1 + h lambda), and their ranges."""
    xn, xn1 = sp.symbols("x_n x_n1")
    explicit = sp.expand(xn + h * (-lam * xn))
    implicit = sp.solve(sp.Eq(xn1, xn + h * (-lam * xn1)), xn1)
    implicit = implicit[0] if len(implicit) == 1 else sp.nan
    stable = sp.solve_univariate_inequality(sp.Abs(1 - h * lam) < 1, h, relational=False)
    hmax = stable.sup if isinstance(stable, sp.Interval) and stable.inf == 0 else sp.nan
    shrink_gap = sp.cancel(implicit / xn - 1)     # rational in h, lambda: one fraction, common factors cancelled
    x_old = sp.Symbol("x_old")
    z_subs = {h: z / lam}
    worst = sp.Rational(5)  # the page's z = h lambda = 0.05 * 100
    return Derived(
        forms={"explicit": explicit, "implicit": implicit, "h_max": hmax, "stable_steps": sp.StrictLessThan(h, hmax),
               "h_max_100": hmax.subs(lam, 100), "explicit_factor_z": sp.cancel((explicit / xn).subs(z_subs)),
               "implicit_z": sp.cancel((implicit / xn).subs(z_subs) * x_old),
               "explicit_factor": sp.expand(explicit / xn), "implicit_divisor": sp.cancel(xn / implicit),
               "explicit_stability": sp.StrictLessThan(sp.Abs(sp.expand(explicit / xn)), 1),
               "explicit_stability_z": sp.StrictLessThan(sp.Abs(sp.cancel((explicit / xn).subs(z_subs))), 1)},
        evidence=(
            Evidence(EvidenceKind.INEQUALITY, "|1 - h lambda| < 1 for h > 0 exactly when h < 2/lambda",
                     stable == sp.Interval.open(0, 2 / lam)),
            Evidence(EvidenceKind.INEQUALITY, "0 < 1/(1 + h lambda) < 1 for every h > 0, lambda > 0",
                     bool((implicit / xn).is_positive) and bool(shrink_gap.is_negative)),
            Evidence(EvidenceKind.COUNTEREXAMPLE, "witness: z = h lambda = 5 gives explicit factor -4, |.| > 1: "
                     "the fast mode grows although it decays in the exact answer",
                     abs((1 - z).subs(z, worst)) > 1 and (1 - z).subs(z, worst) == -4),
        ),
        steps=(Step("explicit update", explicit), Step("implicit equation solved", implicit),
               Step("explicit stability set in h", stable), Step("implicit factor minus 1", shrink_gap)))


@derivation("c12.d08.stiffness-definition")
def stiffness_ratio() -> Derived:
    """S = max_j |lambda_j| / min_j |lambda_j| for the decoupled modes dx_j/dt = -lambda_j x_j.

    C12-D08, "The equations and symbols": the display
    ``\\dot x_j=-\\lambda_jx_j,\\quad S=\\max_j|\\lambda_j|/\\min_j|\\lambda_j|``.
    The system matrix diag(-lambda_1, -lambda_2, -lambda_3) has the eigenvalues -lambda_j (SymPy),
    so mode j decays at the rate r_j = |lambda_j| and takes the time T_j solving
    e^{-r_j T} = e^{-1}: T_j = 1/r_j. The stiffness ratio is the slowest time scale over the
    fastest, max_j T_j / min_j T_j; since dT/dr = -1/r^2 < 0, max_j T_j = 1/min_j r_j and
    min_j T_j = 1/max_j r_j, so S = max_j r_j / min_j r_j (max_j, min_j written as the reader
    reads \\max_j, \\min_j: functions of the generic term). The system's row j gives
    \\dot x_j = -lambda_j x_j (form ``mode``; the row read with the generic index j).
    """
    lam_b = sp.IndexedBase(sp.Symbol("lambda", real=True))
    j = sp.Symbol("j", real=True)
    idx = (1, 2, 3)
    A = sp.diag(*[-lam_b[i] for i in idx])
    eig = A.eigenvals()
    generic = sp.Abs(-lam_b[j])                      # |eigenvalue| of mode j, the pattern of every rate
    rates_match = sorted(map(str, (sp.Abs(e) for e in eig))) == sorted(str(generic.subs(j, i)) for i in idx)
    r, T = sp.symbols("r T", positive=True)
    decay = sp.solve(sp.Eq(sp.exp(-r * T), sp.exp(-1)), T)
    time_scale = decay[0] if len(decay) == 1 else sp.nan        # 1/r
    decreasing = bool(sp.diff(time_scale, r).is_negative)
    max_j, min_j = sp.Function("max_j"), sp.Function("min_j")
    # the slowest time scale is at the smallest rate when T(r) decreases, the fastest at the largest
    slow_T = time_scale.subs(r, (min_j if decreasing else max_j)(generic))
    fast_T = time_scale.subs(r, (max_j if decreasing else min_j)(generic))
    ratio = sp.cancel(slow_T / fast_T)     # one fraction: (1/min_j)/(1/max_j) = max_j/min_j
    # the page's rates 1 and 100 (and a third, 10): the same ratio with SymPy's Max/Min
    rates = {lam_b[1]: 1, lam_b[2]: 100, lam_b[3]: 10}
    page = ratio.replace(max_j, lambda e: sp.Max(*[e.subs(j, i).subs(rates) for i in idx])) \
                .replace(min_j, lambda e: sp.Min(*[e.subs(j, i).subs(rates) for i in idx]))
    times = [time_scale.subs(r, sp.Abs(e).subs(rates)) for e in eig]
    xs = sp.Matrix([sp.Symbol(f"x_{i}", real=True) for i in idx])
    row = (A * xs)[0]                                  # row 1 of A x, read with the generic index j
    generic_row = row.subs({lam_b[1]: sp.Symbol("lambda_j", real=True), xs[0]: sp.Symbol("x_j", real=True)})
    S = sp.Symbol("S", real=True)
    return Derived(
        forms={"stiffness_ratio": Relation(("=",), (S, ratio)), "ratio": ratio,
               "mode": Relation(("=",), (sp.Symbol("x_dot_j", real=True), generic_row))},
        evidence=(
            Evidence(EvidenceKind.IDENTITY, "diag(-lambda_j) has the eigenvalues -lambda_j: mode j decays at "
                     "|lambda_j|, on the time scale 1/|lambda_j| (solve e^{-rT} = e^{-1})",
                     rates_match and _zero(time_scale - 1 / r)),
            Evidence(EvidenceKind.INEQUALITY, "1/r decreases for r > 0, so the slowest time scale over the "
                     "fastest is max_j |lambda_j| / min_j |lambda_j|", decreasing),
            Evidence(EvidenceKind.IDENTITY, "rates 1, 10, 100: S = 100 from the formula and from the time scales",
                     page == 100 and sp.Max(*times) / sp.Min(*times) == 100, reach=Reach.SETTING),
        ),
        steps=(Step("eigenvalues of diag(-lambda_j)", sp.Tuple(*eig)), Step("time scale of rate r", time_scale),
               Step("slowest / fastest time scale", ratio)))
