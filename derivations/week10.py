"""Week 10 derivations (notes/week10.txt): backpropagation, SGD diffusion, decoding, path cost.

Each function derives the note's closed forms from their defining equations with
SymPy and returns them with the evidence that earns the status tag.  Matrix-valued
displays are compared in their scalar (1x1) reading; the matrix statements are the
evidence.
"""
from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import mpmath
import sympy as sp
from sympy.solvers.inequalities import solve_poly_inequality

from noteproof.authoring import (
    Derived,
    Evidence,
    Reach,
    Relation,
    Status,
    Step,
    derivation,
    exact,
    interval_relation,
    mpnum,
    rational_nonzero,
    zero,
)
from noteproof.authoring import EvidenceKind as K


def _eq(lhs, rhs) -> sp.Equality:
    """lhs = rhs kept unevaluated: a derived relation, compared side by side with the note's."""
    return sp.Eq(lhs, rhs, evaluate=False)


def _zero(expr) -> bool:
    """SymPy proves ``expr`` == 0 (authoring.zero: expand, cancel, then simplify)."""
    return zero(sp.expand(expr))


def _nonzero(expr) -> bool:
    """SymPy proves ``expr`` is not identically 0: for a rational function over the rationals,
    authoring.rational_nonzero decides; anything else, when zero() fails."""
    proved = rational_nonzero(expr)
    return proved if proved is not None else not _zero(expr)


def _zero_matrix(m) -> bool:
    return all(_zero(e) for e in m)



def _symmetric(e11: str, e12: str, e22: str) -> sp.Matrix:
    """The symmetric 2x2 matrix [[e11, e12], [e12, e22]], exactly."""
    return sp.Matrix([[exact(e11), exact(e12)], [exact(e12), exact(e22)]])


def _sym_matrix(name: str, n: int = 2) -> sp.Matrix:
    """A symmetric n x n matrix of real symbols name11, name12, ..."""
    return sp.Matrix(n, n, lambda i, j: sp.Symbol(f"{name}{min(i, j) + 1}{max(i, j) + 1}", real=True))


# ---- §1 backward recursion ---------------------------------------------------------

def _layer(h: sp.Matrix, th: sp.Symbol) -> sp.Matrix:
    """One vector-valued layer F(h, theta) of the three-layer test composition."""
    return sp.Matrix([h[0] + th * h[1], h[1] + th * sp.sin(h[0])])


def _loss(h: sp.Matrix):
    return (h[0] ** 2 + h[0] * h[1]) / 2


def _forward(h: sp.Matrix, thetas) -> list[sp.Matrix]:
    states = [h]
    for th in thetas:
        states.append(_layer(states[-1], th))
    return states


def _backward(states, thetas):
    """delta^l = (D_h F_l)^T delta^{l+1} and grad_theta_l = (D_theta F_l)^T delta^{l+1}."""
    z = sp.symbols("_z1 _z2", real=True)
    delta = sp.Matrix([_loss(sp.Matrix(z))]).jacobian(z).T.xreplace(dict(zip(z, states[-1])))
    deltas, grads = [delta], []
    hs = sp.symbols("_h1 _h2", real=True)
    for lay in reversed(range(len(thetas))):      # the Jacobians at the state: the placeholders replaced
        F = _layer(sp.Matrix(hs), thetas[lay])
        at = dict(zip(hs, states[lay]))
        grads.insert(0, F.jacobian([thetas[lay]]).T.xreplace(at) * deltas[0])
        deltas.insert(0, (F.jacobian(hs).T.xreplace(at)) * deltas[0])
    return deltas, grads


# Names of the scalar reading (the registry maps the note's fragments to them):
# delta_l, delta_l1 = delta^l, delta^{l+1}; grad_h_L, grad_theta_L = the loss gradients in h^l, theta_l.
DELTA_L, DELTA_L1 = sp.symbols("delta_l delta_l1", real=True)
GRAD_H_L, GRAD_THETA_L = sp.symbols("grad_h_L grad_theta_L", real=True)


def _sensitivity_definition() -> sp.Equality:
    """delta^l = nabla_{h^l} L: the definition of the sensitivities (§1, "Let ${\\delta }^{\\ell }=...$").

    A pure definition, returned as the relation between the two names; it is used, not
    re-derived: `_sensitivity` computes what the right-hand side names (the loss gradient
    in a state), `_scalar_chain_rule` applies it at h^l and at h^{l+1} and renames the
    gradient dL/dh^l to delta^l with this relation, and the matrix check of
    w10.backward-recursion compares the recursion with the gradient it defines.
    """
    return _eq(DELTA_L, GRAD_H_L)


def _sensitivity(loss, state):
    """nabla_state L, what the definition names the sensitivity at ``state``."""
    return sp.diff(loss, state)


def _scalar_chain_rule():
    """The scalar reading of the display: the relations of §1 from the chain rule.

    The layer h^{l+1} = F_l(h^l, theta_l) carries h^l to the next state, and the loss
    is G(h^{l+1}) for the rest of the network G.  By the definition, delta^{l+1} is
    dG/dh^{l+1} and delta^l is d G(F(h, theta))/dh; the chain rule writes the latter as
    (D_h F)^T delta^{l+1}, and d G(F(h, theta))/d theta as (D_theta F)^T delta^{l+1}.
    """
    h, th, h_next = sp.symbols("h theta h_next", real=True)
    F, G = sp.Function("F_ell"), sp.Function("G")
    layer = _eq(h_next, F(h, th))
    loss = G(h_next).subs(h_next, layer.rhs)            # the loss through the layer
    next_delta = _sensitivity(G(h_next), h_next).subs(h_next, layer.rhs)   # delta^{l+1} at F
    def rename(e):   # G'(F(h, theta)) is delta^{l+1}, by the definition at h^{l+1}
        return e.subs(next_delta, DELTA_L1)

    d_h = rename(_sensitivity(loss, h)).subs(sp.Derivative(F(h, th), h), sp.Symbol("DhF_T"))
    d_th = rename(_sensitivity(loss, th)).subs(sp.Derivative(F(h, th), th), sp.Symbol("DthF_T"))
    definition = _sensitivity_definition()
    gradient = _eq(GRAD_H_L, d_h)                    # dL/dh^l by the chain rule
    delta = _eq(gradient.lhs.xreplace({definition.rhs: definition.lhs}), gradient.rhs)
    grad_theta = _eq(GRAD_THETA_L, d_th)
    return delta, grad_theta, layer


def _backward_general():
    """delta^l = (D_h F)^T delta^{l+1} and nabla_theta L = (D_theta F)^T delta^{l+1} for any sizes.

    First-order change of the loss through the next state: dL = (delta^{l+1})^T dh^{l+1} with
    dh^{l+1} = J dh^l + K dtheta; the gradient is what pairs with the perturbation,
    (delta^{l+1})^T J dh = (J^T delta^{l+1})^T dh. Returns (proved, the two right sides read as
    the note writes them: (D_h F)^T delta^{l+1} as noncommuting DhF_T delta_l1).
    """
    n, m, p = (sp.Symbol(s, integer=True, positive=True) for s in "nmp")
    J, Kt = sp.MatrixSymbol("J", m, n), sp.MatrixSymbol("K", m, p)
    nxt, dh, dth = sp.MatrixSymbol("d", m, 1), sp.MatrixSymbol("dh", n, 1), sp.MatrixSymbol("dtheta", p, 1)
    change = nxt.T * (J * dh + Kt * dth)
    paired = (J.T * nxt).T * dh + (Kt.T * nxt).T * dth
    proved = sp.simplify((change - paired).doit().expand()) == sp.ZeroMatrix(1, 1)
    op = lambda name: sp.Symbol(name, commutative=False)
    return bool(proved), op("DhF_T") * op("delta_l1"), op("DthF_T") * op("delta_l1")


@derivation("w10.backward-recursion")
def backward_recursion() -> Derived:
    """Backward recursion checked on three 2-dim layers with symbolic parameters (§1).

    The evidence compares the recursion's delta^l with the loss gradient in h^l, which is
    what the definition delta^l = nabla_{h^l} L (form "sensitivity") asks of it.  The forms
    are the scalar reading (_scalar_chain_rule): the layer h^{l+1} = F_l(h^l, theta_l), the
    definition, and the two chain-rule relations of the display, all as relations.
    """
    thetas = sp.symbols("theta0:3", real=True)
    x = sp.Matrix(sp.symbols("x1 x2", real=True))
    states = _forward(x, thetas)
    deltas, grads = _backward(states, thetas)
    direct_h = sp.Matrix([_loss(states[-1])]).jacobian(x).T
    h_ok = all(map(_zero, direct_h - deltas[0]))
    mid = sp.Matrix(sp.symbols("m1 m2", real=True))   # a free h^1: the recursion at every layer
    tail = _forward(mid, thetas[1:])
    mid_deltas, _ = _backward(tail, thetas[1:])
    mid_ok = all(map(_zero, sp.Matrix([_loss(tail[-1])]).jacobian(mid).T - mid_deltas[0]))
    loss = _loss(states[-1])
    th_ok = all(_zero(sp.diff(loss, th) - g[0]) for th, g in zip(thetas, grads))
    delta, grad_theta, layer = _scalar_chain_rule()
    general_ok, delta_nc, grad_nc = _backward_general()
    return Derived(
        forms={"delta": _eq(delta.lhs, delta_nc), "grad_theta": _eq(grad_theta.lhs, grad_nc), "layer": layer,
               "sensitivity": _sensitivity_definition(), "delta_scalar": delta, "grad_theta_scalar": grad_theta},
        evidence=(Evidence(K.IDENTITY, "For states of any sizes (MatrixSymbol of symbolic n, m, p): a perturbation "
                           "dh^l moves h^{l+1} by J dh^l (J = D_h F_l, m x n), so dL = (delta^{l+1})^T J dh^l = "
                           "(J^T delta^{l+1})^T dh^l and delta^l = J^T delta^{l+1}; likewise "
                           "nabla_theta L = (D_theta F_l)^T delta^{l+1} (operand order and transposes kept)",
                           general_ok, reach=Reach.GENERAL),
                  Evidence(K.IDENTITY, "For three vector layers with symbolic parameters, the backward "
                           "recursion delta^l = (D_h F_l)^T delta^{l+1} equals the direct gradient of L "
                           "with respect to h^l, and (D_theta F_l)^T delta^{l+1} equals dL/dtheta_l",
                           h_ok and mid_ok and th_ok, reach=Reach.INSTANCES,
                           detail=f"h^0: {h_ok}, h^1: {mid_ok}, theta_0..2: {th_ok}")),
        steps=(Step("Layer F(h, theta)", _layer(sp.Matrix(sp.symbols("h1 h2")), sp.Symbol("theta"))),
               Step("Loss of the last state", _loss(sp.Matrix(sp.symbols("h1 h2")))),
               Step("Definition of the sensitivities", _sensitivity_definition()),
               Step("Scalar chain rule: dL/dh", delta), Step("Scalar chain rule: dL/dtheta", grad_theta)))


def _partials(F, at, w, u, v):
    """F's partial derivatives in its state and in w, at the state ``at``: (F_h, F_w)."""
    return (sp.Derivative(F(u, v), u).subs({u: at, v: w}), sp.Derivative(F(u, v), v).subs({u: at, v: w}))


def sum_over_uses(drop_direct: bool = False) -> tuple[bool, bool]:
    """The row's rule for any layers: (one step, three layers). One step: for any differentiable
    F(h, w) and h(w), d/dw F(h(w), w) = F_h h'(w) + F_w (SymPy's chain rule on undefined functions);
    with h_0 free of w, induction on the depth gives dh_L/dw = sum_l (prod_{k>l} F_{k,h}) F_{l,w}, one
    term per use of w. Three layers F1, F2, F3 spelled out confirm the sum. ``drop_direct`` leaves out
    each layer's own use (the wrong rule), so the check can fail."""
    w, u, v, x = sp.symbols("w u v x")
    F, g = sp.Function("F"), sp.Function("g")
    F_h, F_w = _partials(F, g(w), w, u, v)
    one = _zero(sp.diff(F(g(w), w), w) - (F_h * sp.diff(g(w), w) + (0 if drop_direct else F_w)))
    F1, F2, F3 = (sp.Function(n) for n in ("F1", "F2", "F3"))
    h1 = F1(x, w)
    h2 = F2(h1, w)
    b1 = _partials(F1, x, w, u, v)[1]     # the first layer's state x does not depend on w
    (a2, b2), (a3, b3) = _partials(F2, h1, w, u, v), _partials(F3, h2, w, u, v)
    uses = a3 * a2 * b1 + a3 * b2 + (0 if drop_direct else b3)
    return one, _zero(sp.diff(F3(h2, w), w) - uses)


@derivation("w10.shared-parameter")
def shared_parameter(w="2", x="1", y="1") -> Derived:
    """Total derivative through both uses of w in h1 = w x, h2 = w h1 (§1 worked example).

    The example's definitions, "$h_1=wx$, $h_2=w{h}_1=w^{2}x$ and
    $\\mathcal{L}=\\frac{1}{2}(h_2-y{)}^2$", are kept as relations and used: the second
    use h_2 = w h_1 with h_1 substituted gives w^2 x (form "h2_chain", the note's three-sided
    h_2 = w h_1 = w^2 x), and the loss through both gives dL/dw.
    """
    W, X, Y, H1, H2, LOSS = sp.symbols("w x y h_1 h_2 L", real=True)
    use1 = _eq(H1, W * X)                            # the example's definitions
    use2 = _eq(H2, W * H1)
    objective = _eq(LOSS, (H2 - Y) ** 2 / 2)
    loss, h1 = objective.rhs, use1.rhs
    h2 = use2.rhs.subs(use1.lhs, h1)                                # w^2 x
    chain = Relation(("=", "="), (use2.lhs, use2.rhs, h2))
    total = sp.factor(sp.diff(loss.subs(H2, h2), W))
    last = (sp.diff(loss.subs(H2, use2.rhs), W)).subs(H1, h1)      # h1 held constant
    first = (sp.diff(loss.subs(H2, use2.rhs), H1) * sp.diff(h1, W)).subs(H1, h1)
    at = {W: exact(w), X: exact(x), Y: exact(y)}
    t_val, l_val = total.subs(at), last.subs(at)
    one_step, three_layers = sum_over_uses()
    return Derived(
        forms={"dLdw": total, "h2": h2, "h2_chain": chain, "last_use": last, "h1": use1,
               "loss": objective},
        evidence=(
            Evidence(K.IDENTITY, "For any depth and any differentiable layers F_l(h, w) sharing w: "
                     "d/dw F(h(w), w) = F_h h'(w) + F_w (chain rule, undefined functions), so by induction "
                     "dh_L/dw = sum_l (prod_{k>l} F_{k,h}) F_{l,w}: one term per use", one_step,
                     reach=Reach.GENERAL),
            Evidence(K.IDENTITY, "Three layers F1, F2, F3 sharing w: the derivative is the three uses' sum",
                     three_layers, reach=Reach.INSTANCES),
            Evidence(K.IDENTITY, "dL/dw is the sum of the contributions of both uses of w",
                     _zero(total - (first + last)), detail=f"total = {total}"),
            Evidence(K.IDENTITY, "Counting only the last use gives exactly half the derivative",
                     _zero(last / total - sp.Rational(1, 2)),
                     detail=f"at w={w}, x={x}, y={y}: total {t_val}, last use {l_val}")),
        steps=(Step("h2 = w h1 with h1 = w x", chain), Step("Total derivative dL/dw", total),
               Step("Last use only (h1 held fixed)", sp.factor(last)),
               Step("Values at the note's point", sp.Tuple(t_val, l_val))))


# ---- §1 continuous adjoint (Week 9 residual family) --------------------------------

def _euler_recursion_identity() -> bool:
    """Backprop through h_{l+1} = h_l + ds f(h_l) (2-dim, symbolic f) is an Euler adjoint step."""
    h = sp.Matrix(sp.symbols("h1 h2", real=True))
    ds = sp.Symbol("ds", positive=True)
    f = sp.Matrix([sp.Function("f1")(*h), sp.Function("f2")(*h)])
    nxt = sp.Matrix(sp.symbols("d1 d2", real=True))
    backprop = (h + ds * f).jacobian(h).T * nxt
    euler = nxt + ds * f.jacobian(h).T * nxt
    return _zero_matrix(backprop - euler)


def _local_error_series():
    """Exact one-step adjoint propagator exp(int f') minus the Euler factor 1 + ds f'(h_l)."""
    ds, J0, J1, J2 = sp.symbols("ds J0 J1 J2", real=True)
    t = sp.Symbol("t", real=True)
    integral = sp.Poly(J0 + J1 * t + J2 * t ** 2 / 2, t).integrate().as_expr().subs(t, ds)   # int_0^ds
    diff = _taylor(sp.exp(integral) - (1 + ds * J0), ds, 3)
    return sp.expand(diff), ds, (J0 ** 2 + J1) / 2


_ENTIRE = (sp.exp, sp.sin, sp.cos, sp.sinh, sp.cosh)


def _analytic_at_zero_by_form(f, x) -> bool:
    """f is built from x by + - * /, whole powers and exp, sin, cos, sinh, cosh: analytic wherever
    its denominators do not vanish (the Taylor loop below sees a vanishing one as a value zoo)."""
    whole = all(p.exp.is_Integer for p in f.atoms(sp.Pow) if p.base.has(x))
    return whole and all(isinstance(g, _ENTIRE) for g in f.atoms(sp.Function) if g.has(x))


def _taylor(f, x, order: int):
    """The Taylor polynomial sum_{k < order} f^(k)(0) x^k / k! of f at x = 0: its series to
    O(x^order) when f is analytic at 0 by its form (a value at 0 of f and of its derivatives is
    not enough: x^(5/2) has them); otherwise SymPy's series."""
    if not _analytic_at_zero_by_form(f, x):
        return sp.series(f, x, 0, order).removeO()
    total, derivative = sp.Integer(0), f
    for k in range(order):
        value = derivative.subs(x, 0)
        if value.has(sp.nan, sp.zoo, sp.oo, -sp.oo):       # no value at 0: not a plain Taylor case
            return sp.series(f, x, 0, order).removeO()
        total += value / sp.factorial(k) * x ** k
        derivative = sp.diff(derivative, x)
    return total


def _tanh_adjoint(h0, S, L):
    """Backprop through L Euler steps of dh/ds = -tanh h, and the exact adjoint a(0) (L = h(S))."""
    ds = S / L
    h, factor = h0, mpmath.mpf(1)
    for _ in range(L):
        factor *= 1 - ds * mpmath.sech(h) ** 2        # 1 + ds f'(h_l), f' = -sech^2
        h = h - ds * mpmath.tanh(h)
    hS = mpmath.asinh(mpmath.sinh(h0) * mpmath.exp(-S))
    return factor, mpmath.cosh(h0) * mpmath.exp(-S) / mpmath.cosh(hS)


def _tanh_local_errors(h0, S, L):
    """max |exact one-step propagator - Euler factor| / ds^2 along the exact trajectory.

    Along dh/ds = -tanh h, f'(h) ds = -sech^2 h ds = d log tanh h, so the exact
    propagator exp(int f') over a step is tanh h(s + ds) / tanh h(s).
    """
    ds, worst = S / L, mpmath.mpf(0)
    hs = lambda s: mpmath.asinh(mpmath.sinh(h0) * mpmath.exp(-s))
    for k in range(L):
        s = k * ds
        step = abs(mpmath.tanh(hs(s + ds)) / mpmath.tanh(hs(s)) - (1 - ds * mpmath.sech(hs(s)) ** 2))
        worst = max(worst, step / ds ** 2)
    return worst


@derivation("w10.continuous-adjoint")
def continuous_adjoint(h0="1", S="2", depths="10 20 40 80 160") -> Derived:
    """The residual backward recursion is an Euler step of da/ds = -f'(h)^T a (§1, Week 9 §2)."""
    recursion = _euler_recursion_identity()
    series, ds, coeff = _local_error_series()
    local_ok = _zero(series - coeff * ds ** 2) and _nonzero(coeff)
    with mpmath.workdps(40):
        x0, span = mpnum(h0), mpnum(S)
        sampled = max(_tanh_local_errors(x0, span, n) for n in (10, 40))
        Ls = [int(n) for n in depths.split()]
        errors = [abs(d - a) for d, a in (_tanh_adjoint(x0, span, n) for n in Ls)]
        orders = [mpmath.log(e1 / e2, 2) / mpmath.log(mpmath.mpf(n2) / n1, 2)
                  for e1, e2, n1, n2 in zip(errors, errors[1:], Ls, Ls[1:])]
        order_ok = all(abs(p - 1) < mpmath.mpf("0.1") for p in orders)
        detail = ", ".join(f"L={n}: err {mpmath.nstr(e, 6)}" for n, e in zip(Ls, errors))
        ord_text = ", ".join(mpmath.nstr(p, 4) for p in orders)
        bound_ok = sampled <= mpmath.mpf(3) / 4
    return Derived(
        evidence=(
            Evidence(K.BOUND, "Backprop through h_{l+1} = h_l + ds f(h_l) is delta^l = delta^{l+1} + "
                     "ds f'(h_l)^T delta^{l+1}, one Euler step of da/ds = -f'(h)^T a, whose one-step "
                     "difference from the exact adjoint propagator is O(ds^2); for f = -tanh the "
                     "one-step difference is at most (3/4) ds^2 (|f'| <= 1, |d f'(h(s))/ds| <= 1/2)",
                     recursion and local_ok and bound_ok, supports=Status.CONTROLLED,
                     detail=f"series: {series}; sampled max |difference|/ds^2 = "
                            f"{mpmath.nstr(sampled, 6)} <= 3/4"),
            Evidence(K.ORDER, "Discrete sensitivity d h_L/d h_0 against the exact adjoint a(0) for "
                     f"dh/ds = -tanh h, h0={h0}, S={S}: observed order 1",
                     order_ok, supports=Status.CONTROLLED, detail=f"{detail}; orders {ord_text}")),
        steps=(Step("Euler factor of the backward step", 1 + ds * sp.Symbol("J0")),
               Step("Exact minus Euler, one step (J = J0 + J1 t + ...)", series)))


# ---- §2 SGD and its diffusion approximation ----------------------------------------

def _matrix_coefficient(expr, of) -> sp.Expr:
    """The scalar k with expr = k * of, for a sum of scalar multiples of the matrix ``of``
    (nan when a term is not a multiple of ``of``; 0 for a zero matrix)."""
    expr = expr.doit()
    if isinstance(expr, sp.ZeroMatrix):
        return sp.Integer(0)
    total = sp.Integer(0)
    for term in (expr.args if isinstance(expr, sp.MatAdd) else (expr,)):
        coeff, rest = term.as_coeff_mmul() if isinstance(term, sp.MatMul) else (sp.Integer(1), term)
        rest = rest.doit() if isinstance(rest, sp.MatMul) else rest
        if rest != of:
            return sp.nan
        total += coeff
    return sp.expand(total)                 # the scalar multiples summed, multiplied out


def _batch_noise(n, B, C):
    """E zeta and Cov(zeta) for zeta = g_hat_B - grad L, g_hat_B the mean of B gradients drawn
    independently with replacement (§2, "For independent sampling with replacement ... let the
    covariance of one example's gradient be C"), n x n of symbolic size.

    Each draw is unbiased, so E g_hat_B = (1/B) sum_i grad L = grad L; independent draws have
    no cross covariance, so Cov(g_hat_B) = (1/B^2) sum_i Cov(g_i) = (1/B^2) sum_i C."""
    i = sp.Symbol("i", integer=True, positive=True)
    gradL = sp.MatrixSymbol("gradL", n, 1)
    mean = (sp.Sum(1, (i, 1, B)).doit() / B) * gradL - gradL
    cov = (sp.Sum(1, (i, 1, B)).doit() / B ** 2) * C            # cross terms Cov(g_i, g_j) = 0
    return gradL, sp.simplify(mean), cov


def _as_operator_form(expr):
    """A matrix expression of symbolic size in the reader's operator reading (0 for a zero matrix)."""
    if isinstance(expr, sp.ZeroMatrix):
        return sp.Integer(0)
    return as_operators(expr)


def _stationary_ratio(x, c_over_b="1"):
    """Iterate both one-step variance maps to stationarity at eta h = x (eta = x, h = 1).

    The iterates of v -> a v + b from v_0 = 0 are visited at n = 1, 2, 4, ...: the map composed
    with itself is v -> a^2 v + (a + 1) b, so v_{2n} = a^n v_n + v_n (the same iterates, in
    log2 as many steps), until two visited iterates agree to the working precision."""
    noise = mpnum(c_over_b)
    eps = mpmath.mpf(10) ** (-mpmath.mp.dps + 5)
    if not 0 < x < 2:     # (1 - eta h)^2 >= 1: the discrete variance grows, no stationary value
        raise ArithmeticError(f"no stationary variance at eta h = {mpmath.nstr(x, 6)}: it needs 0 < eta h < 2")
    def stationary(a, b):
        power, v = a, b                      # a^n and v_n at n = 1
        while True:
            nxt = power * v + v              # v_{2n}
            if abs(nxt - v) < eps * nxt:
                return nxt
            power, v = power * power, nxt
    disc = stationary((1 - x) ** 2, x ** 2 * noise)              # v = (1 - eta h)^2 v + eta^2 c/B
    decay = mpmath.exp(-2 * x)                                     # exact OU transition over ds = eta
    diff = stationary(decay, x * noise * (1 - decay) / 2)
    return disc / diff


@derivation("w10.frozen-moment-matching")
def frozen_moment_matching(eta_h="0.08 0.04 0.02 0.01") -> Derived:
    """One SGD step and the frozen-coefficient diffusion over ds = eta have equal mean and covariance.

    §2: ``\\hat g_B = \\nabla L + zeta, E zeta = 0, Cov(zeta) = C/B, theta_{n+1} = theta_n - eta g_B``,
    "Its exact one-step conditional mean and covariance are -eta grad L and eta^2 C/B", and
    ``d theta = -grad L ds + sqrt(eta/B) C^{1/2} dW_s`` over "the time increment ds = eta".
    Everything is n x n (n x 1) of symbolic size, operand order kept (MatrixSymbol): the
    noise moments from sampling with replacement; the step's moments by linearity
    (Cov(M zeta) = M Cov(zeta) M^T, M = -eta I); the diffusion increment -grad L ds + G dW with
    Cov(dW) = ds I has mean -grad L ds and covariance ds G G^T. The time increment ds is solved
    from equal means (ds = eta), the amplitude s of G = s C^{1/2} from equal covariances
    (s = sqrt(eta/B)); the displays' left sides are the operators E and Cov applied to zeta.
    """
    eta, B, ds, s = sp.symbols("eta B ds s", positive=True)
    n = sp.Symbol("n", integer=True, positive=True)
    C, root = sp.MatrixSymbol("C", n, n), sp.MatrixSymbol("C_half", n, n)   # root root^T = C
    dW = sp.MatrixSymbol("dW", n, 1)
    gradL, noise_mean, noise_cov = _batch_noise(n, B, C)
    M = -eta * sp.Identity(n)                          # theta_{n+1} - theta_n = -eta grad L + M zeta
    step_mean = (-eta * gradL + M * noise_mean).doit()
    step_cov = (M * noise_cov * M.T).doit()
    increment = -gradL * ds + s * root * dW            # the diffusion over ds, frozen coefficients
    diff_mean = -gradL * ds                            # E dW = 0
    diff_cov = ((s * root) * (ds * sp.Identity(n)) * (s * root).T).doit()
    matched = sp.solve(_matrix_coefficient(diff_mean - step_mean, gradL), ds)
    time_step = _eq(ds, matched[0] if len(matched) == 1 else sp.nan)
    gap = (diff_cov.subs(ds, time_step.rhs) - step_cov).subs(root * root.T, C)
    amplitude = sp.solve(_matrix_coefficient(gap, C), s)
    amp = amplitude[0] if len(amplitude) == 1 else sp.nan
    sde = increment.subs(s, amp)
    general_ok = (noise_mean == sp.ZeroMatrix(n, 1) and _zero(_matrix_coefficient(noise_cov, C) - 1 / B)
                  and _zero(_matrix_coefficient(step_mean, gradL) + eta)
                  and _zero(_matrix_coefficient(step_cov, C) - eta ** 2 / B) and time_step.rhs == eta
                  and _zero(amp - sp.sqrt(eta / B)))
    # a 2 x 2 cross-check entry by entry: C = S S^T with a lower-triangular S
    g = sp.Matrix(sp.symbols("g1 g2", real=True))
    c11, c21, c22 = sp.symbols("s11 s21 s22", real=True)
    S = sp.Matrix([[c11, 0], [c21, c22]])
    C2 = S * S.T
    cov2 = (-eta * sp.eye(2)) * (C2 / B) * (-eta * sp.eye(2)).T
    sigma2 = sp.sqrt(eta / B) * S
    small_ok = _zero_matrix(-eta * g - (-g * eta)) and _zero_matrix(cov2 - sigma2 * sigma2.T * eta) \
        and _zero_matrix(cov2 - eta ** 2 * C2 / B)
    E_op, zeta_op = sp.Symbol("E", commutative=False), sp.Symbol("zeta", commutative=False)
    # the display's first and last parts: the batch gradient is the full gradient plus the sampling
    # noise (zeta is defined as their difference), and SGD steps by -eta times it (M = -eta I above)
    g_hat = sp.Symbol("g_hat_B")
    with mpmath.workdps(40):
        xs = [mpmath.mpf(v) for v in eta_h.split()]
        errs = [_stationary_ratio(x) - 1 for x in xs]           # each ratio measured once
        excess = [e / (x / 2) for e, x in zip(errs, xs)]
        numeric_ok = all(abs(e - 1) <= x for e, x in zip(excess, xs))
        orders = [mpmath.log(e1 / e2) / mpmath.log(x1 / x2) for e1, e2, x1, x2 in zip(errs, errs[1:], xs, xs[1:])]
        order_ok = all(abs(p - 1) < mpmath.mpf("0.05") for p in orders)
        detail = ", ".join(f"eta h={mpmath.nstr(x, 3)}: (ratio-1)/(eta h/2) = {mpmath.nstr(e, 8)}"
                           for x, e in zip(xs, excess))
        ord_text = ", ".join(mpmath.nstr(p, 4) for p in orders)
    return Derived(
        forms={"step_mean": _as_operator_form(step_mean), "step_cov": _as_operator_form(step_cov),
               "noise_mean": Relation(("=",), (E_op * zeta_op, _as_operator_form(noise_mean))),
               "noise_cov": Relation(("=",), (sp.Function("Cov")(zeta_op), _as_operator_form(noise_cov))),
               "sde": Relation(("=",), (sp.Symbol("dtheta", commutative=False), _as_operator_form(sde))),
               "batch_gradient": Relation(("=",), (g_hat, sp.Symbol("gradL", commutative=False) + zeta_op)),
               "sgd_update": Relation(("=",), (sp.IndexedBase("theta")[n + 1], sp.Symbol("theta_n") - eta * g_hat)),
               "time_step": time_step},
        evidence=(
            Evidence(K.IDENTITY, "Frozen coefficients, n x n of symbolic size (MatrixSymbol, operand order "
                     "kept): with-replacement sampling gives E zeta = 0 and Cov(zeta) = C/B; one SGD step has "
                     "mean -eta grad L and covariance (-eta I)(C/B)(-eta I)^T = eta^2 C/B; the increment "
                     "-grad L ds + G dW has mean -grad L ds and covariance ds G G^T, so equal means give "
                     "ds = eta and equal covariances G = sqrt(eta/B) C^{1/2}",
                     general_ok, supports=Status.EXACT, reach=Reach.GENERAL),
            Evidence(K.IDENTITY, "2x2 cross-check entry by entry (C = S S^T, S lower triangular): both "
                     "covariances are eta^2 C/B", small_ok, supports=Status.EXACT, reach=Reach.INSTANCES),
            Evidence(K.NUMERIC, "Stationary variances of SGD and of its diffusion, measured by iterating "
                     "their one-step variance maps, differ by a factor 1 + eta h/2 + O((eta h)^2)",
                     numeric_ok, supports=Status.APPROXIMATION, detail=detail),
            Evidence(K.ORDER, "The stationary-variance discrepancy ratio - 1 is first order in eta h",
                     order_ok, supports=Status.APPROXIMATION, detail=f"orders {ord_text}"),
            Evidence(K.ORDER, "the control the row claims (the SGD-diffusion gap small under the small-step "
                     "hypotheses) is shown in one example only: the 1-D stationary variance near a quadratic "
                     "minimum, ratio 1/(1 - eta h/2) = 1 + O(eta h); no bound for general losses, noise or "
                     "trajectories is derived", numeric_ok and order_ok, supports=Status.CONTROLLED,
                     reach=Reach.INSTANCES)),
        steps=(Step("E zeta, n x n", noise_mean), Step("Cov(zeta), with replacement", noise_cov),
               Step("SGD step mean", step_mean), Step("SGD step covariance", step_cov),
               Step("Diffusion increment covariance over ds", diff_cov),
               Step("Time increment: drift -grad L over ds equals the step mean", time_step),
               Step("Covariance gap at ds = eta, R R^T = C", gap),
               Step("The diffusion increment with the matched amplitude", sde)))


# ---- §2 fine print: sampling without replacement ------------------------------------

def _without_replacement():
    """Cov of one batch mean and of two successive batch means, drawn without replacement.

    A population of N gradients g_i with mean grad L and covariance C = (1/N) sum_i h_i h_i^T,
    h_i = g_i - grad L (the covariance of one uniformly drawn example's gradient, §2); a batch
    S of B distinct examples, uniform; g_S = (1/B) sum_i 1[i in S] g_i. The inclusion
    probabilities are counted from binomials (P(i in S) = C(N-1, B-1)/C(N, B), P(i, j in S) =
    C(N-2, B-2)/C(N, B)); since sum_i h_i = 0, sum_{i != j} h_i h_j^T = -sum_i h_i h_i^T = -N C.
    So Cov(g_S) = (1/B^2)(Var(1_i) N C - Cov(1_i, 1_j) N C). The next batch of the same epoch is
    drawn from the N - B examples left: P(i in S1, j in S2) = C(N-2, B-1)/C(N, B) * C(N-B-1, B-1)/C(N-B, B)
    for i != j and 0 for i = j. Returns (factor, cross, steps) with Cov(g_S) = factor C/B and
    Cov(g_S1, g_S2) = cross C, N, B symbolic.
    """
    N, B = sp.symbols("N B", integer=True, positive=True)
    incl = sp.combsimp(sp.binomial(N - 1, B - 1) / sp.binomial(N, B))
    both = sp.combsimp(sp.binomial(N - 2, B - 2) / sp.binomial(N, B))
    var_i, cov_ij = sp.factor(incl - incl ** 2), sp.factor(both - incl ** 2)
    diag, off = N, -N                                  # sum h_i h_i^T = N C, sum_{i != j} h_i h_j^T = -N C
    factor = sp.factor(sp.cancel((var_i * diag + cov_ij * off) / B ** 2 * B))
    i_first_j_not = sp.combsimp(sp.binomial(N - 2, B - 1) / sp.binomial(N, B))
    j_next = sp.combsimp(sp.binomial(N - B - 1, B - 1) / sp.binomial(N - B, B))
    joint = sp.factor(i_first_j_not * j_next)
    cross = sp.factor(sp.cancel(((0 - incl ** 2) * diag + (joint - incl ** 2) * off) / B ** 2))
    steps = (Step("P(i in S)", incl), Step("P(i, j in S), i != j", both),
             Step("Cov(g_S) / (C/B): the finite-population factor", factor),
             Step("P(i in S1, j in S2), i != j", joint),
             Step("Cov(g_S1, g_S2) / C, successive batches of one epoch", cross))
    return N, B, factor, cross, steps


@functools.lru_cache(maxsize=None)
def _enumerated(population: tuple, batch: int):
    """Exact Cov(g_S)/(C/B) and Cov(g_S1, g_S2)/C by listing every batch (and every next batch
    of the epoch) of a concrete population of 2-vectors; with replacement, every B-tuple.

    The averages are exact rationals (Fraction), returned as SymPy matrices; memoised, since the
    derivation lists each population for both with and without replacement."""
    from itertools import combinations, product
    pts = [tuple(Fraction(c) for c in p) for p in population]
    N = len(pts)
    mu = tuple(sum(p[k] for p in pts) / N for k in range(2))
    def centred_mean(idx):
        return tuple(sum(pts[i][k] for i in idx) / len(idx) - mu[k] for k in range(2))
    def mean_outer(pairs):      # (1/#pairs) sum u v^T over the listed pairs (u, v), exactly
        pairs = list(pairs)
        return sp.Matrix(2, 2, lambda r, c: sp.Rational(sum(u[r] * v[c] for u, v in pairs) / len(pairs)))
    C = mean_outer((tuple(p[k] - mu[k] for k in range(2)),) * 2 for p in pts)
    firsts = list(combinations(range(N), batch))
    cov = mean_outer((centred_mean(S),) * 2 for S in firsts)
    cross = mean_outer((centred_mean(S), centred_mean(T)) for S in firsts
                       for T in combinations([i for i in range(N) if i not in S], batch))
    with_repl = mean_outer((centred_mean(S),) * 2 for S in product(range(N), repeat=batch))
    return C, cov, cross, with_repl


_POPULATIONS = ((((0, 1), (2, 0), (3, 3), (-1, 2), (1, -4)), 2),
                (((1, 0), (0, 2), (-2, 1), (3, -1), (1, 1), (-1, -3)), 3))


def _agrees_with_enumeration(factor, cross, N, B) -> bool:
    """Cov(g_S) = factor C/B and Cov(g_S1, g_S2) = cross C on every listed population."""
    for population, batch in _POPULATIONS:
        at = {N: len(population), B: batch}
        C, cov, cr, _ = _enumerated(population, batch)
        if not (_zero_matrix(cov - factor.subs(at) * C / batch) and _zero_matrix(cr - cross.subs(at) * C)):
            return False
    return True


@derivation("w10.without-replacement")
def without_replacement() -> Derived:
    """§2 fine print: "Sampling without replacement changes the noise. It introduces a
    finite-population correction and temporal dependence, neither of which the matched moments
    describe." The matched moments are Cov(zeta) = C/B for one batch and independent increments
    (zero covariance between steps); without replacement Cov(g_S) = ((N - B)/(N - 1)) C/B and
    successive batches of one epoch have covariance -C/(N - 1), for symbolic N and B.
    """
    N, B, factor, cross, steps = _without_replacement()
    unbiased = _zero(steps[0].expr * N / B - 1)        # E g_S = (1/B) sum_i P(i in S) g_i = grad L
    b = sp.Symbol("b", positive=True)                  # B = 1 + b > 1
    m = sp.Symbol("m", nonnegative=True)               # N = B + m >= B
    below = sp.factor((factor - 1).subs({B: 1 + b, N: 1 + b + m}))     # a signed product
    fpc_ok = (bool(below.is_negative) and sp.limit(factor, N, sp.oo) == 1
              and _zero(factor.subs(B, N)) and _zero(factor.subs(B, 1) - 1))
    n2 = sp.Symbol("n2", positive=True)                # N - 1 > 0
    cross_ok = bool(cross.subs(N, 1 + n2).is_negative) and sp.limit(cross, N, sp.oo) == 0
    repl_ok = all(_zero_matrix(_enumerated(p, k)[3] - _enumerated(p, k)[0] / k) for p, k in _POPULATIONS)
    return Derived(
        forms={"factor": factor, "cross": cross},
        evidence=(
            Evidence(K.IDENTITY, "Without replacement (symbolic population N, batch B): inclusion "
                     f"probabilities from binomials give Cov(g_S) = ({factor}) C/B, not the matched C/B, "
                     "and the mean is unchanged", unbiased and _nonzero(factor - 1), supports=Status.EXACT,
                     reach=Reach.GENERAL, detail=f"Cov(g_S)/(C/B) = {factor}"),
            Evidence(K.INEQUALITY, "The factor is a finite-population correction: below 1 for every "
                     f"1 < B <= N (factor - 1 = {sp.factor(factor - 1)}), 0 at B = N, and 1 in the limit N -> oo; "
                     "the matched Cov(zeta) = C/B does not describe it",
                     fpc_ok, supports=Status.EXACT, reach=Reach.GENERAL,
                     detail=f"with B = 1 + b, N = B + m: factor - 1 = {below}; at B = 1 the factor is 1, "
                            "and the dependence between batches remains"),
            Evidence(K.INEQUALITY, "Temporal dependence: two successive batches of one epoch (2B <= N) have "
                     f"Cov(g_S1, g_S2) = ({cross}) C, nonzero for every N and vanishing only as N -> oo; "
                     "the matched moments (independent increments dW) have none",
                     cross_ok, supports=Status.EXACT, reach=Reach.GENERAL),
            Evidence(K.IDENTITY, "Cross-check by listing every batch of two concrete populations (N = 5, "
                     "B = 2 and N = 6, B = 3; 2-vectors): both covariances as derived, and with "
                     "replacement Cov = C/B exactly", _agrees_with_enumeration(factor, cross, N, B)
                     and repl_ok, supports=Status.EXACT, reach=Reach.INSTANCES)),
        steps=steps)


# ---- §2 Lyapunov balance and the effective temperature -----------------------------

def _covariance_rate(A: sp.Matrix, Sig: sp.Matrix, D: sp.Matrix) -> sp.Matrix:
    """d Sigma/ds of du = -A u ds + sigma dW (sigma sigma^T = D), from one Euler-Maruyama step."""
    ds = sp.Symbol("ds", positive=True)
    M = sp.eye(A.rows) - A * ds
    after = M * Sig * M.T + D * ds                     # Cov[(I - A ds) u + sigma sqrt(ds) xi]
    return ((after - Sig) / ds).applyfunc(lambda e: _limit_at_zero(e, ds))


def _limit_at_zero(e, ds):
    """lim_{ds -> 0} e, over one reduced denominator (cancel). Multiplied out (expand), a
    polynomial in ds is continuous, so its limit is its value at ds = 0; anything else goes to
    SymPy's limit."""
    expanded = sp.expand(e)
    if expanded.is_polynomial(ds):
        return sp.cancel(expanded.subs(ds, 0))
    return sp.limit(sp.cancel(e), ds, 0)


def _noise_matrix(n: int) -> tuple[sp.Matrix, sp.Matrix]:
    """D = sigma sigma^T for sigma = sqrt(eta/B) C^{1/2}, with C^{1/2} any root R, R R^T = C."""
    eta, B = sp.symbols("eta B", positive=True)
    if n == 1:
        C = sp.Symbol("C", positive=True)
        return sp.Matrix([[eta * C / B]]), sp.Matrix([[C]])
    R = sp.Matrix(n, n, lambda i, j: sp.Symbol(f"r{i + 1}{j + 1}", real=True) if j <= i else 0)
    sigma = sp.sqrt(eta / B) * R
    return sigma * sigma.T, R * R.T


def as_operators(expr):
    """A matrix expression as the same expression over noncommuting symbols (A, Sigma, C, Id),
    which is how the reader reads the note's matrices (claims.yaml ``operators:``)."""
    if isinstance(expr, sp.MatrixSymbol):
        return sp.Symbol(expr.name, commutative=False)
    if isinstance(expr, sp.Identity):
        return sp.Symbol("Id", commutative=False)
    if isinstance(expr, sp.MatMul):
        return sp.Mul(*(as_operators(a) for a in expr.args))
    if isinstance(expr, sp.MatAdd):
        return sp.Add(*(as_operators(a) for a in expr.args))
    if isinstance(expr, sp.Inverse):
        return as_operators(expr.arg) ** -1
    if isinstance(expr, sp.MatrixExpr):
        raise ValueError(f"no operator reading of {expr}")
    return expr


def _lyapunov_general():
    """A Sigma + Sigma A = eta C/B for n x n matrices of symbolic size (Section 2).

    One Euler-Maruyama step u' = u - ds A u + G dW (Cov dW = ds I) moves the covariance to
    (I - ds A) Sigma (I - ds A)^T + ds G G^T; the rate (Sigma' - Sigma)/ds at ds -> 0 is
    -A Sigma - Sigma A^T + G G^T. Stationary, with A symmetric (a Hessian) and
    G G^T = (eta/B) C (G = sqrt(eta/B) C^{1/2}), it is the balance. Returns (lhs, rhs, steps).
    """
    n = sp.Symbol("n", integer=True, positive=True)
    ds, eta, B = sp.symbols("ds eta B", positive=True)
    A, Sig, G, C = (sp.MatrixSymbol(name, n, n) for name in ("A", "Sigma", "G", "C"))
    step = (sp.Identity(n) - ds * A) * Sig * (sp.Identity(n) - ds * A).T + ds * G * G.T
    rate = ((step - Sig) / ds).expand().subs(ds, 0)
    stationary = rate.subs(A.T, A).subs(G * G.T, eta / B * C)
    noise = eta / B * C
    lhs = sp.expand(noise - stationary)
    return lhs, noise, (Step("covariance rate of du = -A u ds + G dW, n x n", rate),
                        Step("stationary, A = A^T, G G^T = (eta/B) C: A Sigma + Sigma A =", lhs))


@derivation("w10.lyapunov-balance")
def lyapunov_balance() -> Derived:
    """Stationary covariance of du = -A u ds + sqrt(eta/B) C^{1/2} dW: A Sigma + Sigma A = eta C/B."""
    lhs_n, rhs_n, steps_n = _lyapunov_general()
    balance = sp.Eq(as_operators(lhs_n), as_operators(rhs_n), evaluate=False)
    general_ok = isinstance(lhs_n, sp.MatAdd) and set(map(str, lhs_n.args)) == {"A*Sigma", "Sigma*A"}
    eta, B = sp.symbols("eta B", positive=True)
    A, Sig = _sym_matrix("a"), _sym_matrix("s")
    D, C = _noise_matrix(2)
    rate = _covariance_rate(A, Sig, D)
    balance_ok = _zero_matrix(rate + (A * Sig + Sig * A - eta * C / B))
    a1, s1 = sp.Symbol("A", positive=True), sp.Symbol("Sigma", positive=True)
    D1, _ = _noise_matrix(1)
    rate1 = _covariance_rate(sp.Matrix([[a1]]), sp.Matrix([[s1]]), D1)[0]
    noise1 = rate1.subs(s1, 0)
    return Derived(
        forms={"balance": balance, "lhs": sp.expand(noise1 - rate1), "rhs": noise1},
        evidence=(Evidence(K.IDENTITY, "For n x n matrices of symbolic size (MatrixSymbol), the covariance "
                           "rate of du = -A u ds + G dW is -A Sigma - Sigma A^T + G G^T; stationary, with A "
                           "symmetric and G G^T = (eta/B) C: A Sigma + Sigma A = eta C/B (operand order kept)",
                           general_ok, reach=Reach.GENERAL),
                  Evidence(K.IDENTITY, "For symmetric 2x2 A and C = R R^T, d Sigma/ds = -A Sigma - Sigma A "
                           "+ eta C/B, entry by entry", balance_ok, reach=Reach.INSTANCES)),
        steps=(*steps_n, Step("d Sigma/ds for the 2x2 linear diffusion", rate),
               Step("Scalar reading: d Sigma/ds", rate1)))


def _lyapunov_solution(A: sp.Matrix, D: sp.Matrix) -> sp.Matrix:
    """Solve A Sigma + Sigma A = D for a symmetric Sigma (the 2x2 linear system)."""
    Sig = _sym_matrix("s", A.rows)
    unknowns = sorted(Sig.free_symbols, key=str)
    [values] = sp.linsolve(list(A * Sig + Sig * A - D), unknowns)      # linear in Sigma's entries
    return Sig.subs(dict(zip(unknowns, values))).applyfunc(sp.cancel)   # rational: reduced


def _temperature_fit(A: sp.Matrix, Sig: sp.Matrix) -> list:
    """Every scalar T with Sigma = T A^{-1} (empty: no single temperature)."""
    T = sp.Symbol("T")
    return sp.solve(list(Sig - T * A.inv()), T, dict=True)


@derivation("w10.effective-temperature")
def effective_temperature(a11="1", a12="0", a22="2", c11="1", c12="0", c22="3",
                          noise_scale="1") -> Derived:
    """Sigma = T A^{-1} iff eta C/B = 2 T I; an anisotropic C admits no single T (§2)."""
    T = sp.Symbol("T", positive=True)
    a = _sym_matrix("a")
    iso = _lyapunov_solution(a, 2 * T * sp.eye(2))
    under_ok = _zero_matrix(iso - T * a.inv())
    needed = (a * (T * a.inv()) + (T * a.inv()) * a).applyfunc(sp.cancel)
    converse_ok = _zero_matrix(needed - 2 * T * sp.eye(2))
    Am, Cm = _symmetric(a11, a12, a22), _symmetric(c11, c12, c22)
    witness = _lyapunov_solution(Am, exact(noise_scale) * Cm)
    fits = _temperature_fit(Am, witness)
    a1, s1 = sp.Symbol("A", positive=True), sp.Symbol("Sigma", positive=True)
    sigma1 = _linear_root(2 * a1 * s1 - 2 * T, s1)           # scalar reading with eta C/B = 2T
    identity_factor = sp.cancel(needed[0, 0])                   # needed = factor * I
    # n x n, symbolic size: Sigma = T A^{-1} makes A Sigma + Sigma A = 2 T I, so it solves the
    # balance A Sigma + Sigma A = eta C/B exactly when eta C/B = 2 T I (both directions)
    n = sp.Symbol("n", integer=True, positive=True)
    An = sp.MatrixSymbol("A", n, n)
    gibbs = T * An.I
    forced = (An * gibbs + gibbs * An).doit()
    general_ok = sp.simplify(forced - 2 * T * sp.Identity(n)) == sp.ZeroMatrix(n, n)
    return Derived(
        forms={"Sigma": as_operators(gibbs), "noise": as_operators(2 * T * sp.Identity(n)),
               "Sigma_scalar": sigma1, "noise_scalar": identity_factor * sp.Symbol("Id")},
        evidence=(
            Evidence(K.IDENTITY, "For an invertible n x n A of symbolic size, Sigma = T A^{-1} gives "
                     "A Sigma + Sigma A = 2 T I, so it solves the balance precisely when eta C/B = 2 T I",
                     general_ok, supports=Status.CONDITIONAL, reach=Reach.GENERAL),
            Evidence(K.IDENTITY, "With eta C/B = 2 T I the 2x2 Lyapunov system (symbolic symmetric A) has "
                     "the solution Sigma = T A^{-1}; conversely Sigma = T A^{-1} forces eta C/B = 2 T I",
                     under_ok and converse_ok and needed.is_diagonal(), supports=Status.CONDITIONAL,
                     reach=Reach.INSTANCES),
            Evidence(K.COUNTEREXAMPLE, f"Anisotropic noise A = {Am.tolist()}, eta C/B = {noise_scale}*{Cm.tolist()}: "
                     f"Sigma = {witness.tolist()} is T A^{{-1}} for no scalar T",
                     fits == [], supports=Status.CONDITIONAL, detail=f"solve for T: {fits}")),
        steps=(Step("Solution under isotropic noise", iso), Step("Anisotropic witness Sigma", witness)))


# ---- §2 one-dimensional check: discrete and diffusion stationary variances ----------

def _variance_map():
    """E[u_{n+1}^2] for u_{n+1} = (1 - eta h) u_n - eta zeta_n, zeta independent, mean 0, var c/B."""
    eta, h, c, B, v = sp.symbols("eta h c B v", positive=True)
    U, Z = sp.symbols("U Z", real=True)
    square = sp.Poly(((1 - eta * h) * U - eta * Z) ** 2, U, Z)
    moments = {(2, 0): v, (1, 1): 0, (0, 2): c / B}
    return sum(coef * moments[m] for m, coef in zip(square.monoms(), square.coeffs()))


def _real_set(lhs, op: str, x):
    """The set of real x with lhs(x) op 0: for a polynomial lhs, its sign pattern between the real
    roots (solve_poly_inequality); otherwise solve_univariate_inequality."""
    if lhs.is_polynomial(x):
        return sp.Union(*solve_poly_inequality(sp.Poly(lhs, x), op))
    return sp.solve_univariate_inequality(sp.Rel(lhs, 0, op), x, relational=False)


def _linear_root(expr, v):
    """The one root of ``expr`` = k v + r (k != 0 free of v): v = -r/k."""
    poly = sp.Poly(expr, v)
    if poly.degree() != 1:
        raise ValueError(f"{expr} is not linear in {v}")
    k, r = poly.all_coeffs()
    return -r / k


@derivation("w10.stationary-variances")
def stationary_variances() -> Derived:
    """Var_disc = eta c/(B h (2 - eta h)), Var_diff = eta c/(2 B h), ratio 1/(1 - eta h/2) (§2)."""
    eta, h, c, B, v = sp.symbols("eta h c B v", positive=True)
    x = sp.Symbol("x", real=True)
    recursion = _variance_map()
    var_disc = sp.factor(_linear_root(v - recursion, v))
    contraction = sp.Poly(recursion, v).coeff_monomial(v)       # (1 - eta h)^2
    stable = _real_set(contraction.subs(eta, x / h) - 1, "<", x)
    stability = interval_relation(stable, eta * h)
    stable_ok = isinstance(stable, sp.Interval) and stable == sp.Interval.open(0, 2)
    D1 = sp.Matrix([[eta * c / B]])
    rate = _covariance_rate(sp.Matrix([[h]]), sp.Matrix([[v]]), D1)[0]
    var_diff = _linear_root(rate, v)
    h_r = sp.Symbol("h", real=True)              # the OU variance relaxes only if d rate/dv < 0
    relaxing = _real_set(sp.diff(rate, v).subs(h, h_r), "<", h_r)
    ratio = sp.cancel(var_disc / var_diff)
    excess = _taylor((ratio - 1).subs(eta, x / h), x, 3)
    return Derived(
        forms={"Var_disc": var_disc, "stability": stability, "recursion": recursion,
               "Var_diff": var_diff, "ratio": ratio, "curvature": interval_relation(relaxing, h)},
        evidence=(
            Evidence(K.IDENTITY, "Var_disc is the fixed point of v = (1 - eta h)^2 v + eta^2 c/B, which "
                     "is attracting exactly for 0 < eta h < 2; Var_diff solves 2 h v = eta c/B",
                     _zero(recursion.subs(v, var_disc) - var_disc) and _zero(rate.subs(v, var_diff))
                     and stable_ok,
                     detail=f"stability: {stability}"),
            Evidence(K.IDENTITY, "Var_disc/Var_diff - 1 = eta h/2 + (eta h)^2/4 + ...: they differ at "
                     "first order in eta h", _zero(excess - (x / 2 + x ** 2 / 4)),
                     detail=f"series in x = eta h: {excess}")),
        steps=(Step("Variance recursion", recursion), Step("Fixed point", var_disc),
               Step("Stability of the recursion", stability), Step("OU stationary equation", sp.Eq(rate, 0)),
               Step("Var_diff", var_diff), Step("Ratio", ratio), Step("Ratio - 1 in x = eta h", excess)))


# ---- §3 decoding temperature and the cost of a path --------------------------------

def _cross_entropy_gradient():
    """d/dz_a of -log softmax_y(z), for a != y and a = y, combined with the indicator 1_{a=y}."""
    za, zy, R = sp.symbols("z_a z_y R", real=True)      # R: sum of exp over the other tokens
    p_a, onehot = sp.symbols("p_a onehot", real=True)
    other = sp.diff(-zy + sp.log(sp.exp(za) + sp.exp(zy) + R), za)          # a != y
    same = sp.diff(-za + sp.log(sp.exp(za) + R), za)                          # a == y
    name_p = {sp.exp(za) / (sp.exp(za) + sp.exp(zy) + R): p_a, sp.exp(za) / (sp.exp(za) + R): p_a}
    other, same = other.subs(name_p), same.subs(name_p)
    return sp.simplify(other + onehot * (same - other)), other, same


@derivation("w10.softmax-gradient")
def softmax_gradient(cross_check="3") -> Derived:
    """Boundary condition d ell/d z_a = p_a - 1_{a=y} of the cross-entropy (§1, from Week 1); the
    general identity is cross-checked on a softmax of ``cross_check`` tokens."""
    n = int(exact(cross_check))
    z = sp.symbols(f"z1:{n + 1}", real=True)
    Z = sum(sp.exp(t) for t in z)
    ok = all(_zero(sp.diff(-z[y] + sp.log(Z), z[a]) - (sp.exp(z[a]) / Z - (1 if a == y else 0)))
             for a in range(n) for y in range(n))
    form, other, same = _cross_entropy_gradient()
    observed = form.subs(sp.Symbol("onehot", real=True), 1).subs(sp.Symbol("p_a", real=True), sp.Symbol("p_B"))
    return Derived(
        forms={"grad": form, "observed": observed},
        evidence=(Evidence(K.IDENTITY, "For any vocabulary (the other tokens' exponentials a symbolic sum R): "
                           "d(-log p_y)/d z_a = p_a for a != y and p_a - 1 for a = y, i.e. p_a - 1_(a=y)",
                           _zero(other - sp.Symbol("p_a", real=True)) and _zero(same - other + 1),
                           detail=f"a != y: {other}; a = y: {same}", reach=Reach.GENERAL),
                  Evidence(K.IDENTITY, f"Cross-check for a {n}-token softmax, every pair (a, y)", ok,
                           reach=Reach.INSTANCES)),
        steps=(Step("a != y", other), Step("a = y", same), Step("Both with the indicator", form)))


def _rescaled_softmax():
    """softmax(s)_a = e^{s_a}/sum_b e^{s_b} at the rescaled scores s_b = z_b(c)/tau (§3): the sum
    runs over the whole vocabulary, as the note writes it (``\\sum_b``, no limits)."""
    tau = sp.Symbol("tau", positive=True)
    b, c, z = sp.Symbol("b", integer=True), sp.Symbol("c"), sp.Function("z")
    softmax = lambda s, s_b: sp.exp(s) / sp.Sum(sp.exp(s_b), (b, -sp.oo, sp.oo))
    return softmax(sp.Symbol("z_a") / tau, z(b, c) / tau)


def _tempered(weights, tau):
    """p_tau over tokens with exp(z_b) = weights[b]: softmax of the scores divided by tau."""
    scores = [sp.log(w) for w in weights]
    terms = [sp.exp(z / tau) for z in scores]
    return [sp.simplify(t / sum(terms)) for t in terms]


@derivation("w10.temperature-softmax")
def temperature_softmax(weights="3 1") -> Derived:
    """p_1(A) and p_2(A) for scores (log 3, 0) from the tempered softmax (§3)."""
    w = [exact(t) for t in weights.split()]
    p1, p2 = _tempered(w, 1)[0], _tempered(w, 2)[0]
    rescaled = _rescaled_softmax()
    token = sp.Symbol("A", real=True)   # p_tau(A): the subscript is the temperature, so both sides are compared
    return Derived(
        forms={"p1": _eq(sp.Function("p_1")(token), p1), "p2": _eq(sp.Function("p_2")(token), p2),
               "p_tau": rescaled},
        evidence=(Evidence(K.IDENTITY, "With exp(z) = (3, 1): p_1(A) = 3/4 and p_2(A) = sqrt(3)/(1 + sqrt(3)) "
                           "exactly", p1.is_Rational and _zero(p2 * (1 + sp.sqrt(w[0])) - sp.sqrt(w[0])),
                           detail=f"p_1(A) = {p1}, p_2(A) = {p2}", reach=Reach.SETTING),),
        steps=(Step("p_1(A)", p1), Step("p_2(A)", p2)))


def _temperature_limits_general() -> bool:
    """The limits for a vocabulary of n tokens with k tied maxima, termwise (a finite sum of limits).

    p_a = e^{d_a/tau} / (k + sum_{b below} e^{d_b/tau}) with d = z - z_max (0 on a tie, < 0 below).
    """
    tau, k, n = sp.Symbol("tau", positive=True), sp.Symbol("k", integer=True, positive=True), \
        sp.Symbol("n", integer=True, positive=True)
    below, z = sp.Symbol("d", negative=True), sp.Symbol("z", real=True)
    vanish = sp.limit(sp.exp(below / tau), tau, 0, "+") == 0
    tie = sp.exp(0 / tau) == 1
    rest = sp.Symbol("r", integer=True, nonnegative=True)               # tokens below the maximum
    cold_tie = sp.limit(1 / (k + rest * sp.exp(below / tau)), tau, 0, "+") == 1 / k
    cold_other = sp.limit(sp.exp(below / tau) / (k + rest * sp.exp(below / tau)), tau, 0, "+") == 0
    hot = sp.limit(sp.exp(z / tau), tau, sp.oo) == 1 and sp.limit(1 / (n * sp.exp(z / tau)), tau, sp.oo) == 1 / n
    return bool(vanish and tie and cold_tie and cold_other and hot)


@derivation("w10.temperature-limits")
def temperature_limits(unique="2 1 0", tied="1 1 0") -> Derived:
    """tau -> 0+: argmax (uniform over ties); tau -> oo: uniform (§3, 3-token examples)."""
    tau = sp.Symbol("tau", positive=True)
    def limits(scores, point):
        z = [exact(s) for s in scores.split()]
        terms = [sp.exp(t / tau) for t in z]
        return [sp.limit(t / sum(terms), tau, point) for t in terms], z
    cold, zu = limits(unique, 0)
    cold_tied, zt = limits(tied, 0)
    hot, _ = limits(unique, sp.oo)
    def on_max(z):
        top = [t == max(z) for t in z]
        return [sp.Rational(int(k), sum(top)) for k in top]
    ok = cold == on_max(zu) and cold_tied == on_max(zt) and hot == [sp.Rational(1, len(zu))] * len(zu)
    return Derived(
        evidence=(Evidence(K.IDENTITY, "For any finite scores: dividing by e^{z_max/tau}, a score below the "
                           "maximum by d < 0 contributes e^{d/tau} -> 0 as tau -> 0+, a tied maximum 1, so "
                           "p -> 1/k on k tied maxima (1 on a unique one) and 0 elsewhere; every finite "
                           "score gives e^{z/tau} -> 1 as tau -> oo, so p -> 1/n",
                           _temperature_limits_general(), reach=Reach.GENERAL),
                  Evidence(K.IDENTITY, "As tau -> 0+ the tempered softmax tends to the argmax indicator, "
                           "uniform over tied maxima; as tau -> oo it tends to uniform (3-token examples)",
                           ok, detail=f"cold {cold}, cold tied {cold_tied}, hot {hot}", reach=Reach.INSTANCES)),
        steps=(Step("tau -> 0+, unique maximum", sp.Tuple(*cold)),
               Step("tau -> 0+, tied maxima", sp.Tuple(*cold_tied)), Step("tau -> oo", sp.Tuple(*hot))))


def _path_probability(initial, P, path: str):
    index = {"A": 0, "B": 1}
    states = [index[s] for s in path.replace(",", "").split()] if " " in path else [index[s] for s in path]
    prob = initial[states[0]]
    for i, j in zip(states, states[1:]):
        prob *= P[i, j]
    return prob


def _every_path_reversible(initial, max_length: int = 5) -> bool:
    """P(path) = P(reverse) for every switching probability q, by the termwise argument.

    §3, "a two-state chain with uniform initial distribution and symmetric transitions: a
    particular path and its time reverse have equal probability". P(x_0..x_n) =
    pi(x_0) prod Q(x_i, x_{i+1}); the reverse is pi(x_n) prod Q(x_{i+1}, x_i). With
    Q = Q^T for a symbolic q the factors agree one by one, and with pi stationary and
    pi(A) = pi(B) the start weights agree. Both premises are proved for symbolic q; the
    conclusion is confirmed, as polynomials in q, for every path of 2..max_length states.
    """
    q = sp.Symbol("q", positive=True)
    Q = sp.Matrix([[1 - q, q], [q, 1 - q]])
    pi = sp.Matrix([initial])
    premises = _zero_matrix(Q - Q.T) and _zero_matrix(pi * Q - pi) and _zero(pi[0] - pi[1])
    paths = ("".join(p) for n in range(2, max_length + 1) for p in itertools.product("AB", repeat=n))
    return premises and all(_zero(_path_probability(initial, Q, w) - _path_probability(initial, Q, w[::-1]))
                            for w in paths)


@derivation("w10.two-state-path")
def two_state_path(switch="0.2", initial_A="1/2", path="AAB") -> Derived:
    """A path and its reverse are equally probable; the path cost is positive anyway (§3)."""
    p, a0 = exact(switch), exact(initial_A)
    P = sp.Matrix([[1 - p, p], [p, 1 - p]])
    init = [a0, 1 - a0]
    forward = _path_probability(init, P, path)
    backward = _path_probability(init, P, path[::-1])
    log_ratio = sp.log(forward / backward)
    cost = -sp.log(forward)
    return Derived(
        forms={"path_prob": forward, "stay": P[0, 0], "cost": cost},
        evidence=(
            Evidence(K.IDENTITY, "for every switching probability q the chain's Q = Q^T and the start "
                     f"({a0}, {1 - a0}) is stationary with equal weights, so P(x_0..x_n) = pi(x_0) prod "
                     "Q(x_i, x_{i+1}) equals its reverse factor by factor (detailed balance); confirmed as "
                     "polynomials in q for every path of 2 to 5 states",
                     _every_path_reversible(init), reach=Reach.GENERAL),
            Evidence(K.IDENTITY, f"at the page's switching probability {switch}: P({path}) = "
                     f"P({path[::-1]}) = {forward} exactly", forward == backward,
                     detail=f"forward {forward}, reverse {backward}", reach=Reach.SETTING),
            Evidence(K.COUNTEREXAMPLE, "Positive path cost with zero log ratio: a positive cost is not "
                     "irreversibility", bool(cost.is_positive) and log_ratio == 0,
                     detail=f"cost {cost} = {sp.N(cost, 10)}, log ratio {log_ratio}")),
        steps=(Step("Transition matrix", P), Step("P(path)", forward), Step("P(reverse)", backward),
               Step("log ratio", log_ratio), Step("path cost", cost)))
