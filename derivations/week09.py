"""Week 9 - Four Indices: the SymPy derivations behind the note's status table.

Each function derives a closed form from its defining equation (a recursion, an
implicit equation, a composed map, a partition function) and returns the
evidence that earns its row's tag.  Parameters are the note's settings, as strings.
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp

from noteproof.authoring import Derived, Evidence, Reach, Status, Step, derivation, exact, mpnum, zero
from noteproof.authoring import EvidenceKind as Kind

BETA = sp.Symbol("beta", positive=True)
u, a, b, t, x = sp.symbols("u a b t x", real=True)
C, K, S, ds = sp.symbols("C K S ds", positive=True)
h, h_0, s = sp.symbols("h h_0 s", real=True)
h_ell, s_ell, e_ell = sp.symbols("h_ell s_ell e_ell", real=True)
a_star, a_0, a_tilde_0 = sp.symbols("a_star a_0 a_tilde_0", real=True)
a_i, u_i = sp.symbols("a_i u_i", real=True)
f = sp.Function("f")
H = sp.Function("h")                     # the continuous trajectory h(s)
H_IDX = sp.IndexedBase(h)                # Euler states h_{l+1}, as the reader reads h_{\ell +1}
A_IDX = sp.IndexedBase(a)                # iterates a_{i+1}, as the reader reads a_{i+1}
LAYERS = sp.Symbol("L", integer=True, positive=True)   # the number of steps L
ELL = sp.Symbol("ell", integer=True, nonnegative=True)
STEP_I = sp.Symbol("i", integer=True, nonnegative=True)
E_0 = sp.Symbol("e_0", real=True)


def _eq(lhs, rhs) -> sp.Equality:
    """lhs = rhs kept unevaluated: a derived relation, compared side by side with the note's."""
    return sp.Eq(lhs, rhs, evaluate=False)


def _zero(expr) -> bool:
    """True when SymPy proves ``expr`` == 0: by expand, or cancel of together (each a proof
    when it gives 0); failing those, a nonzero value at a sample point refutes fast, and
    zero (which ends with simplify) decides the rest."""
    expr = sp.sympify(expr)
    for rewrite in (sp.expand, lambda e: sp.cancel(sp.together(e))):
        try:
            if rewrite(expr) == 0:
                return True
        except (sp.PolynomialError, TypeError, ValueError):  # not a rational function of generators
            pass
    free = sorted(expr.free_symbols, key=str)
    if free and all(isinstance(v, sp.Symbol) for v in free):
        point = {v: sp.Rational(3 + 2 * j, 7 + j) for j, v in enumerate(free)}
        value = expr.xreplace(point).evalf(30)
        if value.is_number and value.is_comparable and abs(value) > sp.Float("1e-20"):
            return False
    return zero(expr)


def _poly_zero(expr) -> bool:
    """True when ``expr`` == 0, decided by its polynomial form where it has one.

    A polynomial in independent generators (symbols, undefined functions f(s, h) of
    different arguments) is identically 0 exactly when all its coefficients are; that decides
    it without simplify. Anything else goes to _zero.
    """
    expr = sp.sympify(expr)
    if not expr.free_symbols:
        return _zero(expr)
    try:
        poly = sp.Poly(expr)
    except sp.PolynomialError:
        return _zero(expr)
    if all(isinstance(g, (sp.Symbol, sp.core.function.AppliedUndef)) for g in poly.gens):
        return poly.is_zero
    return _zero(expr)


# ---- 1. the four indices ---------------------------------------------------

INDEX_TABLE = "Index\tWhat changes\tWhat is fixed in the comparison"


def index_table(note_text: str) -> list[tuple[str, str, str]]:
    """Section 1's table as the note prints it: (index, what changes, what is fixed) per row,
    from the header line to the first blank line."""
    lines = note_text.split("\n")
    if INDEX_TABLE not in lines:
        return []
    rows = []
    for line in lines[lines.index(INDEX_TABLE) + 1:]:
        if not line.strip():
            break
        cells = [c.strip() for c in line.split("\t")]
        rows.append(tuple(cells) if len(cells) == 3 else (line, "", ""))
    return rows


@derivation("w09.four-indices")
def four_indices(note_text: str = "") -> Derived:
    """The four indices of Section 1 advance four different things, by the note's definition:
    its table has four rows, four different indices, and four different things that change."""
    rows = index_table(note_text)
    indices, changes = [r[0] for r in rows], [r[1].lower() for r in rows]
    distinct = len(rows) == 4 and len(set(indices)) == 4 and len(set(changes)) == 4 and all(changes)
    shown = "; ".join(f"{i}: {c}" for i, c, _ in rows) or "no table found"
    return Derived(evidence=(Evidence(
        Kind.DEFINITION, "Each of the four indices is defined by a different thing that advances, "
        f"as the note's Section 1 table prints it: {shown}", distinct,
        detail=f"{len(rows)} rows, {len(set(indices))} indices, {len(set(changes))} different things that change"),))


# ---- 2. Euler: local step, error recursion, bound, order --------------------

@lru_cache(maxsize=None)
def _grid() -> tuple[sp.Equality, sp.Equality]:
    """Delta s = S/L and s_l = l Delta s: the Euler grid of Section 2.

    Section 2 prints "set $\\Delta s=S/L$ and $s_{\\ell }=\\ell \\Delta s$".  Derived from
    what a grid of L equal steps over depth S is: it starts at s_0 = 0 and advances by
    one step, s_{l+1} = s_l + ds, so rsolve gives s_l = l ds; its last point is the total
    depth, s_L = S, and solving that for the step gives ds = S/L.
    """
    s_ = sp.Function("s")
    points = sp.rsolve(s_(ELL + 1) - s_(ELL) - ds, s_(ELL), {s_(0): 0})
    spacing = sp.solve(sp.Eq(points.subs(ELL, LAYERS), S), ds)
    if len(spacing) != 1:
        raise ArithmeticError(f"s_L = S does not fix the step: {spacing}")
    return _eq(ds, spacing[0]), _eq(s_ell, points)


@lru_cache(maxsize=None)
def _next_index() -> sp.Expr:
    """The index of the grid point s_l + ds (l + 1): solve s_n = s_l + ds for n on the grid."""
    n = sp.Symbol("n")
    points = _grid()[1].rhs
    return sp.solve(sp.Eq(points.subs(ELL, n), points + ds), n)[0]


def _euler_relation(step: sp.Expr) -> sp.Equality:
    """h_{l+1} = step: the Euler value at the next grid point, named by its index (_next_index)."""
    return _eq(H_IDX[_next_index()], step)


@lru_cache(maxsize=None)
def _taylor(order: int) -> sp.Expr:
    """h(s + ds) expanded in ds up to, not including, ds^order (SymPy series, O-term removed)."""
    return sp.series(H(s + ds), ds, 0, order).removeO()


@lru_cache(maxsize=None)
def _ode(step: sp.Expr) -> sp.Equality:
    """dh/ds = f(s, h): the ds -> 0 limit of both sides of (h_{l+1} - h_l)/ds = (step - h_l)/ds.

    On the left h_{l+1} stands for h(s + ds), Taylor-expanded; on the right the Euler step's
    increment per unit step, at s_l = s, h_l = h.
    """
    taylor = _taylor(2).doit()
    lhs = sp.limit(sp.expand((taylor - H(s)) / ds), ds, 0)
    rhs = sp.limit(sp.expand((step - h_ell) / ds), ds, 0).subs({h_ell: h, s_ell: s})
    return _eq(lhs, rhs)


def _initial_error() -> sp.Equality:
    """e_0 = 0 (Section 2, "Starting with $e_0=0$"): the error e_l = |h_l - h(s_l)| at l = 0.

    The grid puts s_0 = 0 (_grid), and the Euler iterates and the solution both start at
    h_0 (h(0) = h_0 in the display), so e_0 = |h_0 - h_0|.
    """
    s_0 = _grid()[1].rhs.subs(ELL, 0)
    error = sp.Abs(h_ell - H(s_ell)).subs(s_ell, s_0)
    return _eq(E_0, error.subs({h_ell: h_0, H(0): h_0}))


@lru_cache(maxsize=None)
def _euler_step() -> tuple[sp.Expr, sp.Expr]:
    """Forward Euler as the first-order Taylor step of h(s + ds), h' = f(s, h)."""
    taylor = _taylor(2).doit()
    step = taylor.subs(sp.Derivative(H(s), s), f(s, H(s)))
    step = step.subs({H(s): h_ell}).subs(s, s_ell)
    remainder = _taylor(3).coeff(ds, 2).doit()
    return step, remainder


def _local_order() -> int:
    """The lowest power of ds in h(s + ds) minus the first-order Taylor step (2 for Euler)."""
    local = _taylor(4) - _taylor(2)
    return min(sp.Poly(sp.expand(local.doit()), ds).monoms())[0]


def _recursion_rhs(step: sp.Expr) -> sp.Expr:
    """Bound e_{l+1} = |h_{l+1} - h(s_{l+1})| term by term, grouped by powers of ds.

    Discrete step minus exact step (Taylor, remainder ds^2 r) is
    (h_l - y_l) + ds (f(h_l) - f(y_l)) - ds^2 r; the triangle inequality bounds
    each group: |h_l - y_l| = e_l, |f(h_l) - f(y_l)| <= K e_l (Lipschitz), |r| <= C.
    """
    y, r = sp.symbols("y_ell r", real=True)
    exact_step = step.subs(h_ell, y) + ds**2 * r
    groups = sp.collect(sp.expand(step - exact_step), ds, evaluate=False)
    norm_bound = {h_ell - y: e_ell, f(s_ell, h_ell) - f(s_ell, y): K * e_ell, -r: C}
    bounds = []
    for power, coeff in groups.items():
        match = [v for key, v in norm_bound.items() if _poly_zero(coeff - key)]
        if len(match) != 1:
            raise ArithmeticError(f"no norm bound for the term {coeff} * {power}")
        bounds.append(power * match[0])
    return sp.Add(*bounds)


def _solve_recursion(start: sp.Expr) -> tuple[sp.Expr, sp.Symbol]:
    """The equality recursion e_{l+1} = (1 + K ds) e_l + C ds^2 from e_0 = ``start`` (rsolve),
    its terms' common factors pulled out (factor_terms)."""
    e = sp.Function("e")
    sol = sp.rsolve(e(ELL + 1) - (1 + K * ds) * e(ELL) - C * ds**2, e(ELL), {e(0): start})
    return sp.factor_terms(sol), ELL


def log_certificate(sign: int = 1) -> bool:
    """log(1+y) <= y for y >= 0: phi = y - log(1+y), phi(0) = 0, phi' = y/(1+y) >= 0.

    ``sign=-1`` checks the reversed claim log(1+y) >= y, which must fail.
    """
    y = sp.Symbol("y", nonnegative=True)
    phi = sign * (y - sp.log(1 + y))
    slope = sp.cancel(sp.diff(phi, y))          # a rational function of y: y/(1+y) over one denominator
    return phi.subs(y, 0) == 0 and bool(slope.is_nonnegative)


FAMILIES = {  # name: (f(s, h), exact solution(s, h0), K, C(h0) = sup|h''|/2 on the orbit)
    "dh/ds=-h": (lambda s_, h: -h, lambda s_, h0: h0 * mpmath.exp(-s_), 1, lambda h0: abs(h0) / 2),
    "dh/ds=sin h": (lambda s_, h: mpmath.sin(h),  # h'' = sin(2h)/2
                    lambda s_, h0: 2 * mpmath.atan(mpmath.tan(h0 / 2) * mpmath.exp(s_)), 1,
                    lambda h0: mpmath.mpf(1) / 4),
}


def euler_error(family: str, L: int, total: str = "1", h0: str = "1") -> mpmath.mpf:
    """|h_L - h(S)| for forward Euler with L steps of ds = S/L (mpmath, current precision)."""
    rhs, sol, _, _ = FAMILIES[family]
    S_m, h = mpnum(total), mpnum(h0)
    step = S_m / L
    for ell in range(L):
        h = h + step * rhs(ell * step, h)
    return abs(h - sol(S_m, mpnum(h0)))


@derivation("w09.euler-error-bound")
def euler_error_bound(levels: str = "10,20,40,80,160", total: str = "1", h0: str = "1",
                      order_tol: str = "0.05") -> Derived:
    """e_L <= (C/K)(e^{KS}-1) ds from e_{l+1} <= (1+K ds) e_l + C ds^2, e_0 = 0.

    Also derives the display's relations: the grid ds = S/L, s_l = l ds (_grid, used to
    turn L ds into S), the Euler step h_{l+1} = h_l + ds f(s_l, h_l) (Taylor), its
    continuum limit dh/ds = f(s, h), and the start e_0 = 0 (_initial_error, the
    recursion's initial value).
    """
    spacing, grid = _grid()
    step, remainder = _euler_step()
    euler = _euler_relation(step)
    local = C * ds**_local_order()                    # |remainder| <= C ds^2 on the orbit
    initial = _initial_error()                        # both start at h(0) = h_0
    rhs = _recursion_rhs(step)
    e_L, ell = _solve_recursion(initial.rhs)
    expected = C * ds * ((1 + K * ds)**ell - 1) / K
    solved = _zero(e_L - expected)
    steps_of = sp.solve(sp.Eq(spacing.lhs, spacing.rhs), LAYERS)[0]      # L = S/ds
    # (1 + K ds)^L = exp(L log(1 + K ds)) <= exp(L K ds) = exp(K S), since L ds = S on the grid
    bound = sp.factor_terms((C / K) * (sp.exp(K * LAYERS * ds) - 1) * ds).subs(LAYERS, steps_of)
    # comparison by induction: E_l (the equality recursion's solution) satisfies
    # E_{l+1} = (1+K ds) E_l + C ds^2, so e_l <= E_l gives e_{l+1} <= (1+K ds) e_l + C ds^2 <= E_{l+1}
    # because 1 + K ds > 0; hence e_L <= E_L for every L
    induction = _zero(expected.subs(ell, ell + 1) - ((1 + K * ds) * expected + C * ds**2)) \
        and _zero(expected.subs(ell, 0)) and bool((1 + K * ds).is_positive)
    monotone = bool((C * ds / K).is_positive) and induction
    limit = sp.limit(bound, K, 0)
    ode = _ode(step)
    limit_direct = sp.limit(e_L.subs(ell, steps_of), K, 0)
    Ls = [int(v) for v in levels.split(",")]
    with mpmath.workdps(50):
        under, samples = True, []
        for name, (_, _, k, c) in FAMILIES.items():
            for L in Ls:
                err = euler_error(name, L, total, h0)
                bnd = c(mpnum(h0)) / k * (mpmath.exp(k * mpnum(total)) - 1) * mpnum(total) / L
                under = under and err <= bnd
                samples.append(f"{name} L={L}: {mpmath.nstr(err, 6)} <= {mpmath.nstr(bnd, 6)}")
        errs = [euler_error("dh/ds=sin h", L, total, h0) for L in Ls]
        orders = [mpmath.log(errs[j] / errs[j + 1]) / mpmath.log(mpnum(Ls[j + 1]) / Ls[j])
                  for j in range(len(Ls) - 1)]
    devs = [abs(p - 1) for p in orders]
    # error = c1 ds + c2 ds^2 + ...: the observed order tends to 1 with deviation O(ds),
    # so the deviation must shrink as L doubles and be below order_tol at the finest pair
    order_ok = devs[-1] < mpnum(order_tol) and all(d2 < d1 for d1, d2 in zip(devs, devs[1:]))
    bound_ok = solved and log_certificate() and monotone and _zero(limit - C * S * ds) \
        and _zero(limit_direct - C * S * ds) and _zero(grid.rhs.subs({ELL: LAYERS, ds: spacing.rhs}) - S)
    e_next = sp.IndexedBase("e")[_next_index()]          # e_{l+1}, as the reader reads e_{\ell +1}
    return Derived(
        forms={"euler_step": euler, "ode": ode, "local_error": local, "initial_error": initial,
               "recursion": sp.Le(e_next, rhs, evaluate=False),
               "bound": sp.Le(sp.Symbol("e_L", real=True), bound, evaluate=False), "bound_limit": limit, "step": spacing,
               "grid": grid},
        evidence=(
            Evidence(Kind.BOUND, "e_L <= (C/K)(e^{KS}-1) ds for every K, C, ds > 0 and L: the equality "
                     "recursion solved (rsolve), e_l <= E_l by induction (1 + K ds > 0), "
                     "(1+K ds)^L <= e^{KS} since log(1+y) <= y, K->0 limit C S ds",
                     bound_ok, supports=Status.CONTROLLED, reach=Reach.GENERAL),
            Evidence(Kind.BOUND, "actual Euler errors of two Lipschitz families stay under the bound "
                     f"(mpmath, 50 digits, L={levels})", under, supports=Status.CONTROLLED,
                     reach=Reach.SAMPLES, detail="; ".join(samples)),
            Evidence(Kind.ORDER, f"observed order of Euler on dh/ds=sin h, h(0)={h0}, S={total}, "
                     f"L={levels}: within {order_tol} of 1 and converging to 1",
                     order_ok, supports=Status.CONTROLLED,
                     detail="orders " + ", ".join(mpmath.nstr(p, 6) for p in orders)),
        ),
        steps=(Step("grid s_{l+1} = s_l + ds from s_0 = 0 (rsolve)", grid),
               Step("last grid point s_L = S fixes the step", spacing),
               Step("Euler step = first-order Taylor step of h(s+ds) with h' = f", euler),
               Step("ds -> 0 limit of (h_{l+1} - h_l)/ds", ode),
               Step("initial error at s_0 = 0, both starting at h_0", initial),
               Step("Taylor remainder coefficient of ds^2 (bounded by C)", remainder),
               Step("error recursion: triangle inequality + Lipschitz K + remainder C ds^2", rhs),
               Step("solution of the equality recursion with e_0 = 0", e_L),
               Step("bound with (1+K ds)^L <= exp(K S)", bound),
               Step("limit K -> 0", limit)))


# ---- 2. the worked example: stable ODE, unstable Euler ----------------------

@derivation("w09.unstable-discretization")
def unstable_discretization(ds_small: str = "0.5", ds_large: str = "3") -> Derived:
    """dh/ds = -h decays, yet its Euler factor 1 - ds has modulus > 1 at ds = 3.

    Section 2's example: "For $dh/ds=-h$, ... Euler gives $h_{\\ell +1}=(1-\\Delta s)h_{\\ell }$".
    The test equation is the family's ODE dh/ds = f(s, h) (derived by _ode as the continuum
    limit of the Euler step) with the example's choice f(s, h) = -h; that equation is what
    dsolve solves, and the same f in the Euler step gives h_{l+1} = (1 - ds) h_l, whose own
    continuum limit returns the test equation.
    """
    step = _euler_step()[0]
    rate = lambda s_, h_: -h_                                      # noqa: E731  the example's f
    general = _ode(step)
    test = _eq(general.lhs, general.rhs.replace(f, rate))       # dh/ds = -h
    continuous = sp.dsolve(sp.Eq(test.lhs, test.rhs.subs(h, H(s))), H(s), ics={H(0): h_0}).rhs
    euler = step.replace(f, rate)                       # the Euler step with f(s, h) = -h
    back = _ode(euler)                                  # its continuum limit: dh/ds = -h again
    returns = back.lhs == test.lhs and _zero(back.rhs - test.rhs)
    factor = sp.cancel(euler / h_ell)
    small, large = factor.subs(ds, exact(ds_small)), factor.subs(ds, exact(ds_large))
    decays = sp.limit(continuous.subs(h_0, 1), s, sp.oo) == 0 and \
        bool(sp.diff(continuous, s).subs(h_0, 1).is_negative)
    return Derived(
        forms={"continuous": continuous, "euler": _euler_relation(sp.factor(euler)), "factor": factor,
               "test_equation": test},
        evidence=(
            Evidence(Kind.IDENTITY, f"at ds={ds_small} the Euler factor is {small}, of size {abs(small)}; the "
                     "note's 'the amplitude shrinks by half each step' needs |1 - ds| = 1/2 (the amplitude is "
                     "the size; a sign is not named)", abs(small) == sp.Rational(1, 2), reach=Reach.SETTING),
            Evidence(Kind.COUNTEREXAMPLE, f"witness ds={ds_large}: the ODE solution h0 e^(-s) "
                     f"decays but the Euler factor is {large}, |{large}| > 1",
                     decays and abs(large) > 1),
            Evidence(Kind.IDENTITY, f"at ds={ds_large} the factor is {large}; the note's "
                     "'doubles while alternating sign' needs -2", large == -2,
                     reach=Reach.SETTING),
            Evidence(Kind.IDENTITY, "the Euler map of dh/ds = -h is h_{l+1} = (1 - ds) h_l, and its "
                     "ds -> 0 limit returns dh/ds = -h", bool(returns), detail=f"limit: {back}")),
        steps=(Step("the family's ODE with f(s, h) = -h", test),
               Step("dsolve dh/ds = -h, h(0) = h_0", continuous),
               Step("Euler step h_l + ds(-h_l)", _euler_relation(euler)),
               Step("continuum limit of the Euler map", back),
               Step(f"factor at ds={ds_small}", small), Step(f"factor at ds={ds_large}", large)))


# ---- 3. the driven tanh memory ----------------------------------------------

def _solve_linear_recurrence(coefficients, i, initial):
    """The solution of sum_k c_k d(i + k) = 0 with d(0), d(1), ... = ``initial``: SymPy's
    hypergeometric solver (rsolve_hyper) gives the general solution in constants C0, C1, ...,
    and the initial values fix them (a linear solve). This is what rsolve does, without the
    simplify it applies to each coefficient after (and the import of sympy.physics that a
    first simplify costs, a fifth of a `check`)."""
    from sympy.solvers.recurr import rsolve_hyper
    general = rsolve_hyper(list(coefficients), 0, i)
    constants = sorted((c for c in general.free_symbols if c.name.startswith("C") and c.name[1:].isdigit()),
                       key=lambda c: int(c.name[1:]))
    fixed = sp.solve([sp.Eq(general.subs(i, k), v) for k, v in enumerate(initial)], constants, dict=True)
    if len(fixed) != 1 or set(fixed[0]) != set(constants):
        raise ArithmeticError(f"the recurrence's initial values fix no unique solution: {fixed}")
    return general.subs(fixed[0])


def run_pair(a0: str, a0_tilde: str, beta: str, inputs: list[str]) -> list[mpmath.mpf]:
    """|a_i - a~_i| along ten (or len(inputs)) equal-input steps of a -> tanh(beta a + u)."""
    p, q, bt = mpnum(a0), mpnum(a0_tilde), mpnum(beta)
    gaps = [abs(p - q)]
    for v in inputs:
        p, q = mpmath.tanh(bt * p + mpnum(v)), mpmath.tanh(bt * q + mpnum(v))
        gaps.append(abs(p - q))
    return gaps


PAIRS = (("1/2", "-1/2", "0"), ("0", "1", "3/10"), ("-2", "-1", "-1"), ("1/10", "11/10", "2"))


@derivation("w09.contraction")
def contraction(beta: str = "1/2", steps: str = "10", resolution: str = "0.001") -> Derived:
    """|a_i - a~_i| <= beta^i |a_0 - a~_0| for identical inputs."""
    dtanh = sp.diff(sp.tanh(x), x)
    # tanh' = 1 - tanh^2 = sech^2: positive, and at most 1 because tanh^2 >= 0
    # (tanh' = sech^2 as a rational function of exp(x): written in exponentials, it cancels to 0)
    lipschitz = _zero(dtanh - (1 - sp.tanh(x)**2)) and _zero((dtanh - 1 / sp.cosh(x)**2).rewrite(sp.exp)) \
        and bool((1 / sp.cosh(x)**2).is_positive) and bool((sp.tanh(x)**2).is_nonnegative)
    # same input u cancels: (beta a + u) - (beta a~ + u) = beta (a - a~); MVT with |tanh'| <= 1
    a_t = sp.Symbol("a_tilde", real=True)
    cancels = _zero((BETA * a + u) - (BETA * a_t + u) - BETA * (a - a_t))
    i = sp.Symbol("i", integer=True, nonnegative=True)
    sol = _solve_linear_recurrence([-BETA, 1], i, [sp.Abs(a_0 - a_tilde_0)])   # d(i+1) - beta d(i) = 0
    n, bt = int(steps), exact(beta)
    # the one-step inequality d_{i+1} <= beta d_i carries to d_i <= beta^i d_0 by induction:
    # the bound B_i = sol satisfies B_{i+1} = beta B_i and beta > 0 keeps the order
    induction = _zero(sol.subs(i, i + 1) - BETA * sol) and bool(BETA.is_positive)
    gap_i = sp.Abs(sp.Symbol("a_i", real=True) - sp.Symbol("a_tilde_i", real=True))
    relation = sp.Le(gap_i, sol, evaluate=False)
    bound_n = sol.subs({i: n, BETA: bt, a_0: 1, a_tilde_0: 0})
    resolves = bound_n < exact(resolution)
    with mpmath.workdps(50):
        runs = [run_pair(p, q, beta, [v] * n) for p, q, v in PAIRS]
        stays = all(g[k] <= mpnum(bt)**k * g[0] for g in runs for k in range(n + 1))
    return Derived(
        forms={"bound": relation, "bound_at_example": bound_n},
        evidence=(
            Evidence(Kind.INEQUALITY, "tanh' = 1 - tanh^2 lies in (0, 1], so tanh is "
                     "1-Lipschitz (mean value theorem); identical inputs cancel, giving "
                     "|a_{i+1}-a~_{i+1}| <= beta |a_i-a~_i|, and by induction (rsolve_hyper) beta^i",
                     lipschitz and cancels and induction,
                     notice="the certificate uses only beta > 0: the bound holds for every "
                     "beta > 0; 0 < beta < 1 is needed only for the suppression conclusion",
                     holds_for=sp.latex(sp.Gt(BETA, 0, evaluate=False))),   # the one hypothesis used: BETA is positive
            Evidence(Kind.IDENTITY, f"at beta={beta}, {n} steps, unit initial separation the "
                     f"bound is {bound_n}, {'below' if resolves else 'not below'} the resolution {resolution} "
                     "(exact arithmetic)",
                     bool(resolves), reach=Reach.SETTING),
            Evidence(Kind.NUMERIC, f"runs of the map at beta={beta} from four pairs of states "
                     f"under identical inputs stay under beta^k |a_0-a~_0| for k = 0..{n} "
                     "(mpmath, 50 digits)", stays,
                     detail="final gaps " + "; ".join(mpmath.nstr(g[-1], 6) for g in runs))),
        steps=(Step("tanh'(x)", dtanh), Step("one-step contraction d_{i+1} <= beta d_i"),
               Step("rsolve_hyper d_{i+1} = beta d_i", sol), Step(f"bound at beta={beta}", bound_n)))


def _product_induction(factor: sp.Expr, A: sp.IndexedBase, k: sp.Symbol) -> bool:
    """d a_m/d a_0 = prod_{k=0}^{m-1} factor(k) for a symbolic m >= 0, by induction.

    Base: the empty product (m = 0) is 1. Step: with D(m) = d a_m/d a_0 standing for any
    differentiable dependence g(a_0), d/d a_0 tanh(beta g + u_m) is factor(m) g'; the
    product up to m equals the product up to m - 1 times its last factor (SymPy joins the ranges).
    """
    m = sp.Symbol("m", integer=True, nonnegative=True)
    um = sp.Symbol("u_m", real=True)
    g = sp.Function("g")(a_0)
    step = sp.diff(sp.tanh(BETA * g + um), a_0).subs(sp.tanh(BETA * g + um), A[m + 1])
    chain = _zero(step - factor.subs(k, m) * sp.diff(g, a_0))
    from sympy.simplify.simplify import product_simplify
    j = sp.Symbol("j", integer=True)
    term = factor.subs(k, j)
    prod = lambda top: sp.Product(term, (j, 0, top))
    base = prod(-1).doit() == 1
    joined = product_simplify(prod(m - 1) * sp.Product(term, (j, m, m))) == prod(m) \
        and _zero(sp.Product(term, (j, m, m)).doit() - factor.subs(k, m))
    return bool(base and chain and joined)


@derivation("w09.sensitivity-product")
def sensitivity_product(depths: str = "1,2,3,4") -> Derived:
    """d a_m / d a_0 = prod_{k<m} beta (1 - a_{k+1}^2), by the chain rule."""
    # real symbols, as the formula reader makes them: the bound index k is not rebound by name
    A = sp.IndexedBase(sp.Symbol("a", real=True))
    k, m = sp.symbols("k m", real=True)
    factor = sp.diff(sp.tanh(BETA * x + u), x).subs(sp.tanh(BETA * x + u), A[k + 1])
    product = sp.Product(factor, (k, 0, m - 1))
    checks = []
    for depth in (int(v) for v in depths.split(",")):
        us = sp.symbols(f"u0:{depth}", real=True)
        states = [a_0]
        for v in us:
            states.append(sp.tanh(BETA * states[-1] + v))
        lhs = sp.diff(states[-1], a_0)
        rhs = sp.Mul(*(factor.subs(A[k + 1], states[j + 1]) for j in range(depth)))
        checks.append(sp.expand(lhs - rhs) == 0)
    return Derived(
        forms={"product": product, "factor": factor},
        evidence=(Evidence(Kind.IDENTITY, "for every m >= 0, by induction on a symbolic m: the empty product "
                           "is 1 = d a_0/d a_0, and one more step multiplies d a_m/d a_0 by beta(1 - a_{m+1}^2) "
                           "(chain rule) while the product gains the same factor",
                           _product_induction(factor, A, k), reach=Reach.GENERAL),
                  Evidence(Kind.IDENTITY, f"chain rule through m = {depths} composed steps "
                           "a_{k+1} = tanh(beta a_k + u_k) equals the product of beta(1-a_{k+1}^2)",
                           all(checks), reach=Reach.INSTANCES)),
        steps=(Step("one-step factor d a_{k+1}/d a_k", factor), Step("product", product)))


def _g(point, field) -> sp.Expr:
    """g(a) = beta^{-1} log 2cosh(beta a + u): beta^{-1} log of a +-1 spin's partition function."""
    return sp.log(2 * sp.cosh(BETA * point + field)) / BETA


def _as_tanh(expr: sp.Expr) -> sp.Expr:
    """``expr`` named tanh(w) when, over one denominator, it is sinh(w)/cosh(w) (tanh's
    definition); otherwise as trigsimp writes it."""
    num, den = sp.fraction(sp.cancel(expr))
    if isinstance(num, sp.sinh) and isinstance(den, sp.cosh) and num.args == den.args:
        return sp.tanh(*num.args)
    return sp.trigsimp(expr)


@lru_cache(maxsize=None)
def _update_map() -> sp.Equality:
    """a_{i+1} = tanh(beta a_i + u_i): Section 3's driven map, "Define $a_{i+1}=\\tanh (\\beta a_i+u_i).$".

    The next state is g'(a_i) at input u_i (Week 6's gradient form of the map, the one the
    energy certificate of w09.energy-descent uses): SymPy differentiates g, the quotient
    sinh/cosh it gives is named tanh (_as_tanh), and the relation names the result a_{i+1}, the
    iterate after a_i.
    """
    slope = _as_tanh(sp.diff(_g(t, u), t))
    return _eq(A_IDX[STEP_I + 1], slope.subs({t: a_i, u: u_i}))


@lru_cache(maxsize=None)
def _fixed_point() -> sp.Equality:
    """a* = tanh(beta a* + u): Section 3, "a fixed point obeys $a_{\\ast }=\\tanh (\\beta a_{\\ast }+u)$".

    Derived from the map's relation (_update_map): for constant input u_i = u, a state
    that does not move has a_{i+1} = a_i = a*.  The slope and the response are derived
    from this equation (_slope).
    """
    the_map = _update_map()
    still = {the_map.lhs: a_star, a_i: a_star, u_i: u}
    return _eq(*(side.xreplace(still) for side in the_map.args))


@lru_cache(maxsize=None)
def _slope() -> tuple[sp.Expr, sp.Expr]:
    """d a*/du: implicit differentiation of the fixed-point equation, then tanh(beta a* + u) = a*
    (a rational function of a* and beta then, put over one denominator by cancel)."""
    fixed = _fixed_point()
    raw = sp.idiff(fixed.lhs - fixed.rhs, a_star, u)
    return raw, sp.cancel(raw.subs(fixed.rhs, fixed.lhs))


@derivation("w09.fixed-point-slope")
def fixed_point_slope() -> Derived:
    """d a*/du from implicit differentiation of a* = tanh(beta a* + u).

    Returns the fixed-point equation itself ("fixed_point", derived from the map by
    _fixed_point) and the slope of Section 3's display derived from it.
    """
    fixed = _fixed_point()
    raw, slope = _slope()
    F = fixed.lhs - fixed.rhs
    implicit = _zero(sp.diff(F, a_star) * raw + sp.diff(F, u))
    return Derived(
        forms={"slope": slope, "fixed_point": fixed},
        evidence=(Evidence(Kind.IDENTITY, "implicit differentiation of a* - tanh(beta a* + u) = 0: "
                           "F_a a' + F_u = 0, then tanh(beta a* + u) = a*", implicit),),
        steps=(Step("the map with constant input and a still state", fixed),
               Step("idiff", raw), Step("substitute tanh(beta a* + u) = a*", slope)))


@derivation("w09.fixed-point-response")
def fixed_point_response(beta: str = "1/2") -> Derived:
    """At u = 0, beta < 1: a* = 0 is the stable fixed point and d a*/du = 1/(1-beta).

    For every beta: tanh(beta 0) = 0, so a* = 0 is fixed; the map's slope there is beta, so
    it is stable exactly when |beta| < 1, that is beta < 1 for the section's beta > 0 (the
    branch's range printed in Section 3, "zero-input branch with beta < 1": form stable_branch);
    the fixed-point slope at a* = 0 is 1/(1 - beta). The page's beta is checked against that
    condition apart.
    """
    _, slope = _slope()
    fixed = _fixed_point()
    bt = exact(beta)
    start = sp.Integer(0)  # a contraction (beta < 1) has one fixed point; the map fixes 0
    is_fixed = _zero((fixed.lhs - fixed.rhs).subs({u: 0}).subs(a_star, start))
    roots = start if is_fixed else sp.nan
    map_slope = sp.diff(sp.tanh(BETA * a), a).subs(a, 0)
    stable_general = _zero(map_slope - BETA)               # |slope| = beta < 1 exactly when beta < 1
    response = sp.cancel(slope.subs(a_star, 0))
    stable_range = sp.reduce_inequalities(sp.Abs(map_slope) < 1, [BETA])   # beta < 1 (beta > 0 held)
    return Derived(
        forms={"response": response, "zero_branch": _eq(fixed.lhs, roots), "stable_branch": stable_range},
        evidence=(Evidence(Kind.IDENTITY, "for every beta > 0, a* = 0 solves a = tanh(beta a) at u = 0, the "
                           "map's slope there is beta (stable exactly when beta < 1), and the fixed-point "
                           "slope at a* = 0 is 1/(1-beta)", bool(is_fixed and stable_general)
                           and _zero(response * (1 - BETA) - 1), reach=Reach.GENERAL),
                  Evidence(Kind.IDENTITY, f"at the page's beta = {beta}: the slope beta < 1, so a* = 0 is "
                           "the stable branch", bool(abs(map_slope.subs(BETA, bt)) < 1), reach=Reach.SETTING)),
        steps=(Step("fixed-point slope", slope), Step("map slope at a* = 0", map_slope),
               Step("at a* = 0", response)))


# ---- 3. the energy -----------------------------------------------------------

def _cosh_squared(expr: sp.Expr) -> tuple[sp.Expr, bool]:
    """``expr`` over one denominator with each sinh(w)^2 written cosh(w)^2 - 1, then cancelled;
    and whether cosh^2 - sinh^2 = 1 holds (proved in exponentials, where it cancels to 0)."""
    w = sp.Symbol("w")
    pythagoras = _zero((sp.cosh(w)**2 - sp.sinh(w)**2 - 1).rewrite(sp.exp))
    squares = lambda e: e.is_Pow and e.exp == 2 and isinstance(e.base, sp.sinh)  # noqa: E731
    return sp.cancel(sp.together(expr).replace(squares, lambda e: sp.cosh(e.base.args[0])**2 - 1)), pythagoras


def _energy(point, field) -> sp.Expr:
    return point**2 / 2 - _g(point, field)


@derivation("w09.energy-descent")
def energy_descent(beta: str = "1/2", state: str = "0", u_low: str = "0", u_high: str = "1",
                   gap: str = "1/2") -> Derived:
    """E_u(a_{i+1}) <= E_u(a_i) - gap (a_{i+1}-a_i)^2 at fixed u; driven changes have no sign.

    ``gap`` is the coefficient of the descent term (Week 6's 1/2); any other value
    breaks the certificate's identity.
    """
    sigma = sp.Symbol("sigma")
    Z = sp.summation(sp.exp(sigma * x), (sigma, -1, 1)) - 1   # sigma in {-1, 1}: drop sigma = 0
    z_ok = _zero((Z - 2 * sp.cosh(x)).rewrite(sp.exp))
    g = lambda p: _g(p, u)  # noqa: E731  (log Z / beta)
    energy = _energy(a, u)
    gp = sp.diff(g(t), t)
    the_map = _update_map()                                # a_{i+1} = g'(a_i) at input u_i
    gpp, pythagoras = _cosh_squared(sp.diff(g(t), t, 2))    # g'' = beta / cosh^2
    sech2 = BETA * (1 - sp.tanh(BETA * t + u)**2)
    convex = pythagoras and (bool(gpp.is_nonnegative) or bool(sech2.is_nonnegative and _zero(gpp - sech2)))
    # Bregman divergence D = g(b) - g(a) - g'(a)(b-a) = int_a^b (b-t) g''(t) dt >= 0
    by_parts = _zero(sp.diff(g(t) + gp * (b - t), t) - (b - t) * sp.diff(g(t), t, 2))
    breg = g(b) - g(a) - gp.subs(t, a) * (b - a)
    rest = (_energy(b, u) - _energy(a, u) + exact(gap) * (b - a)**2 + breg).subs(b, gp.subs(t, a))
    identity = _zero(rest)
    with mpmath.workdps(50):
        bt, sample_ok = mpnum(beta), True
        for av, uv in ((0, 0), ("0.7", "-0.3"), ("-2", "1.5"), ("3", "0")):
            aa, uu = mpnum(av), mpnum(uv)
            E = lambda p: p**2 / 2 - mpmath.log(2 * mpmath.cosh(bt * p + uu)) / bt  # noqa: E731
            nxt = mpmath.tanh(bt * aa + uu)
            sample_ok = sample_ok and E(nxt) <= E(aa) - mpnum(gap) * (nxt - aa)**2
        w = {}
        for name, (u1, u0) in {"up": (u_high, u_low), "down": (u_low, u_high)}.items():
            bb = mpnum(state)
            w[name] = (mpmath.log(mpmath.cosh(bt * bb + mpnum(u0)))
                       - mpmath.log(mpmath.cosh(bt * bb + mpnum(u1)))) / bt
    return Derived(
        forms={"energy": energy, "map": the_map},
        evidence=(
            Evidence(Kind.INEQUALITY, "E_u(b) - E_u(a) + (b-a)^2/2 = -D_g(b, a) for b = g'(a) = "
                     "tanh(beta a + u), g = beta^{-1} log 2cosh(beta a + u); D_g = int_a^b (b-t) "
                     "g''(t) dt >= 0 since g'' = beta sech^2 >= 0",
                     z_ok and convex and by_parts and identity and sample_ok,
                     supports=Status.EXACT, detail="checked also at four sample points (50 digits)"),
            Evidence(Kind.COUNTEREXAMPLE, f"E_{{u'}}(b) - E_u(b) at beta={beta}, b={state}: "
                     f"u {u_low}->{u_high} gives {mpmath.nstr(w['up'], 8)} < 0",
                     bool(w["up"] < 0)),
            Evidence(Kind.COUNTEREXAMPLE, f"E_{{u'}}(b) - E_u(b) at beta={beta}, b={state}: "
                     f"u {u_high}->{u_low} gives {mpmath.nstr(w['down'], 8)} > 0",
                     bool(w["down"] > 0))),
        steps=(Step("partition function of a spin sigma = +-1 in field x", 2 * sp.cosh(x)),
               Step("energy a^2/2 - beta^{-1} log Z(beta a + u)", energy),
               Step("the map is g'(a)", the_map), Step("g''", gpp),
               Step("E(b)-E(a)+(b-a)^2/2+D_g at b = g'(a)", sp.S.Zero if identity else rest)))

