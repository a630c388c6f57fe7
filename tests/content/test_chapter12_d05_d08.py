"""Chapter 12, illustrations C12-D05..D08: one test per illustration, table-driven over its numbers.

Every check is called the way the engine calls it, through ``load_content`` and
``.get(id).fn()``. For each illustration a wrong number and a wrong formula must fail,
and a number rounded differently but correctly must pass (``noteproof.run.interval``).
"""
from __future__ import annotations

import sys
from functools import lru_cache

import mpmath
import pytest
import sympy as sp

from noteproof.model import EvidenceKind as Kind
from noteproof.run.interval import consistent
from tests.helpers import note_text, real_content

t, x0, x_0, y, theta, x1 = sp.symbols("t x0 x_0 y theta x1", real=True)
h, lam, z = sp.symbols("h lambda z", positive=True)
x_n, x_old = sp.symbols("x_n x_old")


@lru_cache(maxsize=None)
def value(check_id: str, **params: str):
    with mpmath.workdps(50):
        return real_content().get(check_id).fn(**params)


@lru_cache(maxsize=None)
def derive(check_id: str):
    return real_content().get(check_id).fn()


def same(printed, derived) -> bool:
    """Equal after rebinding symbols by name (the engine's rule)."""
    names = {v.name: v for v in derived.free_symbols if isinstance(v, sp.Symbol)}
    printed = printed.xreplace({v: names[v.name] for v in printed.free_symbols
                                if isinstance(v, sp.Symbol) and v.name in names})
    return sp.simplify(printed - derived) == 0


def all_hold(*ids: str) -> bool:
    return all(e.holds for i in ids for e in derive(i).evidence)




def printed(text: str, check_id: str, name: str, *, part: int = 0, functions=()) -> bool:
    """Read a LaTeX formula with the project's reader and compare one part with a derived form."""
    from noteproof.formula.equality import compare_form
    from noteproof.formula.parser import read_latex
    parts = read_latex(text, functions=list(functions))
    return compare_form(parts[part], derive(check_id).forms[name]).equal is True


def check_numbers(table):
    bad = [(cid, q, str(value(cid))) for cid, q, ex in table if not consistent(q, value(cid), exact=ex)]
    assert not bad


def test_module_loads():
    assert not {k: v for k, v in real_content().broken.items() if "d05_d08" in k}


# ---- D05: one-dimensional flows cannot cross -------------------------------------------

D05_NUMBERS = [("c12.d05.position-a", "-0.135", False), ("c12.d05.position-b", "0.135", False),
               ("c12.d05.gap", "0.271", False), ("c12.d05.start-gap", "2", False),
               ("c12.d05.swap-time", "1", False)]


def test_d05_flows_cannot_cross():
    assert all_hold("c12.d05.decay-flow", "c12.d05.order-preserved", "c12.d05.rotation-swap")
    kinds = {e.kind for e in derive("c12.d05.order-preserved").evidence}
    assert {Kind.IDENTITY, Kind.COUNTEREXAMPLE} <= kinds
    check_numbers(D05_NUMBERS)
    forms = derive("c12.d05.decay-flow").forms
    assert same(x0 * sp.exp(-2 * t), forms["x"])
    rot = derive("c12.d05.rotation-swap").forms
    assert same(x0 * sp.cos(sp.pi * t), rot["x"]) and same(x0 * sp.sin(sp.pi * t), rot["y"])
    # mutants: a wrong number, a wrong formula; a correct re-rounding passes
    assert not consistent("0.272", value("c12.d05.gap"))
    assert not consistent("0.135", value("c12.d05.position-a"))       # sign respected
    assert not same(x0 * sp.exp(-t), forms["x"])
    assert consistent("0.2707", value("c12.d05.gap")) and consistent("-0.14", value("c12.d05.position-a"))
    # conditions: an added coordinate or a swapped start breaks the 1-D order claim
    assert real_content().get("c12.d05.one-dimensional").fn() and not real_content().get("c12.d05.one-dimensional").fn(added="1")
    assert not real_content().get("c12.d05.starts-ordered").fn(xa0="1", xb0="-1")
    assert value("c12.d05.gap", t="2") > 0


# ---- D06: Euler against RK4 -------------------------------------------------------------

D06_NUMBERS = [("c12.d06.euler-error", "0.0515", False), ("c12.d06.rk4-error", "0.0000148", False),
               ("c12.d06.euler-evaluations", "4", True), ("c12.d06.rk4-evaluations", "16", True),
               ("c12.d06.error-ratio", "3,490", False), ("c12.d06.euler-factor", "0.75", False),
               ("c12.d06.rk4-factor", "0.779", False), ("c12.d06.exact-value", "0.368", False),
               ("c12.d06.step-size", "0.25", False), ("c12.d06.rk4-error-doubled", "0.00000083", False),
               ("c12.d06.rk4-one-sixteenth-estimate", "0.00000092", False),
               ("c12.d06.rk4-halving-ratio-small-h", "16", False),
               ("c12.d06.euler-halving-ratio-small-h", "2", False),
               ("c12.d06.rk4-observed-order", "4", False), ("c12.d06.step-size", "1/4", False),
               ("c12.d06.rk4-weight", "1", True), ("c12.d06.rk4-weight-2", "2", True),
               ("c12.d06.rk4-weight-3", "2", True), ("c12.d06.rk4-weight-4", "1", True)]


def test_d06_euler_against_rk4():
    assert all_hold("c12.d06.step-factors", "c12.d06.orders", "c12.d06.rk4-weights", "c12.d06.evaluation-count")
    assert {Kind.ORDER} <= {e.kind for e in derive("c12.d06.orders").evidence}
    check_numbers(D06_NUMBERS)
    assert value("c12.d06.rk4-error", steps="8") == value("c12.d06.rk4-error-doubled")
    forms = derive("c12.d06.step-factors").forms
    assert same(1 - h + h**2 / 2 - h**3 / 6 + h**4 / 24, forms["rk4_factor"]) and same(1 - h, forms["euler_factor"])
    # the page's "divides the RK4 error by about 16" at 4 -> 8 steps: the run gives 17.8
    assert not consistent("16", value("c12.d06.rk4-halving-ratio"))
    assert consistent("18", value("c12.d06.rk4-halving-ratio"))
    # mutants
    assert not consistent("0.0516", value("c12.d06.euler-error"))
    assert not consistent("5", value("c12.d06.rk4-evaluations"), exact=True)
    assert not same(1 - h + h**2 / 2 - h**3 / 6 + h**4 / 12, forms["rk4_factor"])
    assert consistent("0.05147", value("c12.d06.euler-error")) and consistent("3,488", value("c12.d06.error-ratio"))
    assert not real_content().get("c12.d06.steps-divide-horizon").fn(steps="2.5")


# ---- D07: adjoint gradient against finite differences (Identity) ------------------------

D07_NUMBERS = [("c12.d07.forward-value", "1.649", False), ("c12.d07.exact-gradient", "-1.16", False),
               ("c12.d07.adjoint-gradient", "-1.16", False), ("c12.d07.fd-gradient", "-1.16", False),
               ("c12.d07.adjoint-start", "-0.703", False), ("c12.d07.adjoint-digits", "10.9", False),
               ("c12.d07.adjoint-digits", "11", False), ("c12.d07.fd-digits", "3.7", False),
               ("c12.d07.fd-peak-digits", "8", False), ("c12.d07.float64-digits", "16", False),
               ("c12.d07.fd-solves", "1,001", True)]


def test_d07_adjoint_identity():
    d = derive("c12.d07.adjoint-identity")
    assert all(e.kind is Kind.IDENTITY and e.holds for e in d.evidence)
    assert all_hold("c12.d07.finite-difference", "c12.d07.solve-count")
    check_numbers(D07_NUMBERS)
    assert isinstance(value("c12.d07.fd-gradient"), float) and isinstance(value("c12.d07.fd-digits"), float)
    # where the 64-bit finite difference really peaks: k = 8, 8.03 digits; then it falls off
    assert value("c12.d07.fd-peak-k") == 8 and value("c12.d07.fd-digits-drop") > 3
    forms = d.forms
    assert same(2 * (x_0 * sp.exp(theta) - y) * x_0 * sp.exp(theta), forms["gradient"])
    assert same(2 * (x1 - y) * x1, forms["gradient_x1"]) and same(2 * (x1 - y), forms["adjoint_start_x1"])
    chain = forms["gradient_chain"]   # dL/dtheta = int_0^1 a x dt = closed form: the page's display
    assert chain.ops == ("=", "=") and isinstance(chain.args[1], sp.Integral) and same(chain.args[2], forms["gradient"])
    # mutants
    assert not consistent("-1.17", value("c12.d07.exact-gradient"))
    assert not consistent("3.8", value("c12.d07.fd-digits"))
    assert not same(2 * (x_0 * sp.exp(theta) - y), forms["gradient"])
    assert consistent("-1.158", value("c12.d07.adjoint-gradient")) and consistent("-0.7026", value("c12.d07.adjoint-start"))
    assert not real_content().get("c12.d07.y-is-target").fn(y=str(sp.Rational(1)), theta="0")


# ---- D08: stiffness ---------------------------------------------------------------------

D08_NUMBERS = [("c12.d08.stiffness-ratio", "100", True), ("c12.d08.largest-stable-step", "0.02", False),
               ("c12.d08.explicit-factor", "-4", True), ("c12.d08.implicit-factor", "0.167", False),
               ("c12.d08.z", "5", True), ("c12.d08.largest-stable-step-check", "0.004", False),
               ("c12.d08.largest-stable-step-check", "2/500", False),
               ("c12.d08.explicit-steps-needed", "500", True), ("c12.d08.implicit-steps-needed", "20", True),
               ("c12.d08.stability-numerator", "2", True), ("c12.d08.factor-at-limit", "-1", True),
               ("c12.d08.implicit-factor-sup", "1", True)]


def test_d08_stiffness():
    d = derive("c12.d08.euler-factors")
    assert all(e.holds for e in d.evidence) and Kind.INEQUALITY in {e.kind for e in d.evidence}
    check_numbers(D08_NUMBERS)
    f = d.forms
    assert same((1 - h * lam) * x_n, f["explicit"]) and same(x_n / (1 + h * lam), f["implicit"])
    assert same(2 / lam, f["h_max"]) and f["h_max_100"] == sp.Rational(2, 100)
    assert same(1 - z, f["explicit_factor_z"]) and same(x_old / (1 + z), f["implicit_z"])
    # mutants
    assert not consistent("0.166", value("c12.d08.implicit-factor"))
    assert not consistent("501", value("c12.d08.explicit-steps-needed"), exact=True)
    assert not same(x_n / (1 - h * lam), f["implicit"])
    assert consistent("0.1667", value("c12.d08.implicit-factor")) and consistent("0.0200", value("c12.d08.largest-stable-step"))
    # conditions at other settings: h = 0.01 is stable, the page's h = 0.05 is not
    assert not real_content().get("c12.d08.explicit-stable").fn() and real_content().get("c12.d08.explicit-stable").fn(h="0.01")
    assert real_content().get("c12.d08.explicit-unstable").fn()


@pytest.mark.parametrize("k,digits", [(4, "3.7"), (8, "8.0"), (12, "4.7")])
def test_d07_fd_digits_by_step(k, digits):
    assert consistent(digits, value("c12.d07.fd-digits", k=str(k)))


# ---- the displayed formulas registered under formulas: (read as printed, and mutants) ----

ORDER = r"\dot x=f(x,t):\quad x_B(0)>x_A(0)\ \Rightarrow\ x_B(t)>x_A(t)\ \text{for all }t"
EULER = r"x_{n+1}=x_n+hf(x_n,t_n)"
ERRORS = r"\text{error}_{\text{Euler}}\propto h,\qquad \text{error}_{\text{RK4}}\propto h^4"
STIFF = r"\dot x_j=-\lambda_jx_j,\quad S=\max_j|\lambda_j|/\min_j|\lambda_j|"
AB = ("x_A", "x_B")


def test_displays_are_printed():
    for text in (ORDER, EULER, ERRORS, STIFF, "x_B(0)>x_A(0)", "x_B(t)>x_A(t)"):
        assert text in note_text("chapter12")


def test_d05_order_display():
    assert all_hold("c12.d05.order-statement")
    assert printed("x_B(0)>x_A(0)", "c12.d05.order-statement", "premise", functions=AB)
    assert printed("x_B(t)>x_A(t)", "c12.d05.order-statement", "conclusion", functions=AB)
    assert printed(ORDER, "c12.d05.order-statement", "field", part=0, functions=["f"])
    # mutants: > flipped to <, A and B swapped, the field losing its t
    assert not printed("x_B(0)<x_A(0)", "c12.d05.order-statement", "premise", functions=AB)
    assert not printed("x_B(t)<x_A(t)", "c12.d05.order-statement", "conclusion", functions=AB)
    assert not printed("x_A(t)>x_B(t)", "c12.d05.order-statement", "conclusion", functions=AB)
    assert not printed("x_A(0)>x_B(0)", "c12.d05.order-statement", "premise", functions=AB)
    assert not printed(ORDER.replace("f(x,t)", "f(x)"), "c12.d05.order-statement", "field", part=0,
                       functions=["f"])


def test_d06_euler_step_display():
    assert all_hold("c12.d06.euler-step")
    assert printed(EULER, "c12.d06.euler-step", "euler_update", functions=["f"])
    for old, new in [("+hf", "-hf"), ("x_{n+1}", "x_{n-1}"), ("f(x_n,t_n)", "f(x_n,t_{n+1})"),
                     ("x_n+h", "x_{n+1}+h")]:
        assert not printed(EULER.replace(old, new), "c12.d06.euler-step", "euler_update", functions=["f"])


def test_d06_error_orders_display():
    assert printed(ERRORS, "c12.d06.orders", "euler_error_order", part=0)
    assert printed(ERRORS, "c12.d06.orders", "rk4_error_order", part=1)
    assert not printed(ERRORS.replace("h^4", "h^3"), "c12.d06.orders", "rk4_error_order", part=1)
    assert not printed(ERRORS.replace(r"\propto h,", r"\propto h^2,"), "c12.d06.orders", "euler_error_order", part=0)
    swapped = ERRORS.replace("Euler", "@").replace("RK4", "Euler").replace("@", "RK4")
    assert not printed(swapped, "c12.d06.orders", "euler_error_order", part=0)
    assert not printed(ERRORS.replace(r"\propto h^4", "= h^4"), "c12.d06.orders", "rk4_error_order", part=1)


def test_d08_stiffness_ratio_display():
    assert all_hold("c12.d08.stiffness-definition")
    assert printed(STIFF, "c12.d08.stiffness-definition", "stiffness_ratio", part=1)
    assert printed(STIFF, "c12.d08.stiffness-definition", "mode", part=0)
    minmax = STIFF.replace(r"\max_j|\lambda_j|/\min_j|\lambda_j|", r"\min_j|\lambda_j|/\max_j|\lambda_j|")
    assert not printed(minmax, "c12.d08.stiffness-definition", "stiffness_ratio", part=1)
    assert not printed(STIFF.replace(r"/\min_j", r"/\max_j"), "c12.d08.stiffness-definition", "stiffness_ratio", part=1)
    assert not printed(STIFF.replace(r"=-\lambda", r"=\lambda"), "c12.d08.stiffness-definition", "mode", part=0)


# ---- the exact flows, by routes that scale with the precision ---------------------------
# The flows are computed from the field (time quadrature and its inverse; the matrix
# exponential of the rotation), never from the closed forms the derivations give: at 200
# digits they must still agree with those closed forms to the last digits.

def at_dps(dps: int, check_id: str, **params: str):
    with mpmath.workdps(dps):
        return real_content().get(check_id).fn(**params)


@pytest.mark.parametrize("check_id, params, closed", [
    ("c12.d05.position-a", {}, lambda: -mpmath.exp(-2)),
    ("c12.d05.position-b", {}, lambda: mpmath.exp(-2)),
    ("c12.d05.gap", {}, lambda: 2 * mpmath.exp(-2)),
    ("c12.d05.position-b", {"t": "3/2", "xb0": "5/2"}, lambda: mpmath.mpf(5) / 2 * mpmath.exp(-3)),
    ("c12.d05.position-b", {"rate": "-1"}, lambda: mpmath.e),                 # a growing flow
    ("c12.d05.position-b", {"rate": "100"}, lambda: mpmath.exp(-100)),       # a fast one
    ("c12.d06.exact-value", {}, lambda: mpmath.exp(-1)),
    ("c12.d07.forward-value", {}, lambda: mpmath.exp(mpmath.mpf(1) / 2)),
    ("c12.d07.forward-value", {"theta": "-0.3", "x0": "2"}, lambda: 2 * mpmath.exp(mpmath.mpf(-3) / 10)),
    ("c12.d05.swap-time", {}, lambda: mpmath.mpf(1)),
    ("c12.d05.swap-time", {"xb0": "-3"}, lambda: mpmath.mpf(1)),
])
def test_flows_agree_with_their_closed_forms_at_200_digits(check_id, params, closed):
    with mpmath.workdps(200):
        got, want = at_dps(200, check_id, **params), closed()
        assert abs(got - want) <= mpmath.mpf(10) ** -195 * max(1, abs(want)), (got, want)


def test_a_short_flow_at_a_thousand_digits():
    """Found by a review: the time integral over a short piece converges so fast that a test
    trusting the square of the last difference accepted it 17 digits early (`check
    c12.d06.linear-test --set t=9.4e-15 --dps 1000` then called the numeric unstable)."""
    with mpmath.workdps(1000):
        want = mpmath.exp(-mpmath.mpf("9.4e-15"))
        assert abs(at_dps(1000, "c12.d06.exact-value", t="9.4e-15") - want) <= 4 * mpmath.eps


def test_flows_at_their_edges():
    assert at_dps(60, "c12.d05.start-gap") == 2                                   # time 0: the starts
    assert at_dps(60, "c12.d05.position-b", xb0="0") == 0                         # an equilibrium
    assert at_dps(60, "c12.d05.position-a", rate="0") == -1                       # no flow
    assert at_dps(60, "c12.d07.forward-value", theta="0", x0="3") == 3


def test_flows_use_no_taylor_ode_solver_and_the_rotation_no_cosine(monkeypatch):
    def boom(*_a, **_k):
        raise AssertionError("a closed form or the Taylor ODE solver was used")
    for name in ("odefun", "cos", "sin", "cospi", "sinpi", "cos_sin"):
        monkeypatch.setattr(mpmath.mp, name, boom, raising=False)
        monkeypatch.setattr(mpmath, name, boom, raising=False)
    assert abs(at_dps(80, "c12.d05.swap-time") - 1) < mpmath.mpf(10) ** -75
    monkeypatch.undo()
    monkeypatch.setattr(mpmath.mp, "odefun", boom)
    monkeypatch.setattr(mpmath, "odefun", boom)
    for check_id in ("c12.d05.gap", "c12.d06.exact-value", "c12.d07.forward-value"):
        at_dps(80, check_id, t="0.7") if check_id == "c12.d05.gap" else at_dps(80, check_id)


def test_flow_root_from_a_lower_precision_is_refined_not_trusted():
    """A root handed down from a lower precision (the run's, for its confirmation) only starts
    Newton: a wrong one is corrected by the quadrature at the working precision."""
    module = sys.modules[real_content().get("c12.d05.gap").fn.__module__]
    f = lambda x: -2 * x  # noqa: E731
    with mpmath.workdps(120):
        want = mpmath.exp(-2)
        wrong = want + mpmath.mpf(10) ** -30                       # right to 30 digits only
        for known in (None, (332, +want), (332, wrong), (100, wrong)):
            got = module._flow_1d_position(f, mpmath.mpf(1), mpmath.mpf(1), known)
            assert abs(got - want) <= mpmath.mpf(10) ** -118, known


def test_flow_time_is_a_clenshaw_curtis_quadrature_cut_into_pieces(monkeypatch):
    """The time integral uses the rule whose cost grows gently with the precision, never mpmath's
    quad, and a long interval is cut so that each piece converges quickly."""
    module = sys.modules[real_content().get("c12.d05.gap").fn.__module__]
    pieces = []
    monkeypatch.setattr(mpmath, "quad", lambda *a, **k: pytest.fail("mpmath.quad was used"))
    monkeypatch.setattr(module, "clenshaw_curtis", lambda g, a, b: pieces.append((a, b)) or 0)
    with mpmath.workdps(30):
        module._flow_time(lambda x: -2 * x, mpmath.mpf(1), mpmath.exp(-2))
        assert len(pieces) == 2 and pieces[0][0] == 1 and abs(pieces[-1][1] - mpmath.exp(-2)) < 1e-25
        pieces.clear()
        module._flow_time(lambda x: -x, mpmath.mpf(1), mpmath.exp(-1))
        assert len(pieces) == 1


def test_contraction_threshold_is_one_at_high_precision():
    got = at_dps(300, "c12.d02.contraction-threshold")
    assert abs(got - 1) <= mpmath.mpf(10) ** -290


# ---- issue #13: each check tests what the page prints, with its reach ---------------------

def _d05():
    import derivations.chapter12_d05_d08 as d05
    return d05


def _run_claim(root, claim_id: str):
    from noteproof.run.claim import run_claim
    from noteproof.sources.project import load_project
    project = load_project(root)
    claim = next(c for c in project.registry.claims if c.id == claim_id)
    return run_claim(claim, real_content(), project.notes[claim.note])


def test_d05_order_from_uniqueness_itself():
    """The page's argument (line 241) for every field with unique solutions, not only C^1 ones."""
    from noteproof.model import Reach
    ev = derive("c12.d05.unique-order").evidence
    assert all(e.holds and e.reach is Reach.GENERAL for e in ev)
    assert derive("c12.d05.unique-order").forms["start_difference"] == sp.Symbol("a", real=True) - sp.Symbol("b", real=True)
    d05 = _d05()
    # without the uniqueness law (or with a wrong one) the meeting does not force the same start
    assert not d05._meeting_argument(lambda e, phi: e)[0]
    wrong = sp.Wild("T"), sp.Wild("S"), sp.Wild("R"), sp.Wild("Q")

    def forgets_the_start(expr, phi):           # phi(t, s, phi(s, r, q)) -> phi(t, s, q): no flow law
        T, S, R, Q = wrong
        pattern = phi(T, S, phi(S, R, Q))
        return expr.replace(lambda e: e.match(pattern) is not None,
                            lambda e: phi(T, S, Q).xreplace(e.match(pattern)))
    assert not d05._meeting_argument(forgets_the_start)[0]
    # the wrong statement "the order can flip" is satisfiable only without the meeting argument
    assert d05.order_kept_logic(True) and not d05.order_kept_logic(False)


def test_d05_on_axis_reduces_to_one_dimension():
    f1 = sp.Function("f_1")
    xf, yf = sp.Function("x"), sp.Function("y")
    axis = derive("c12.d05.on-axis").forms["axis_field"]
    assert axis == f1(xf(t), 0, t) and axis != f1(xf(t), yf(t), t) and not axis.has(yf(t))
    assert all(e.holds for e in derive("c12.d05.on-axis").evidence)


def test_d05_claims_verified_from_uniqueness():
    from noteproof.model import Outcome
    from tests.helpers import ROOT
    for claim_id in ("c12.d05.no-crossing", "c12.d05.order-kept", "c12.d05.on-axis"):
        result = _run_claim(ROOT, claim_id)
        assert result.outcome is Outcome.VERIFIED, (claim_id, result.messages)
        assert any("unique solutions" in e.statement and e.holds for e in result.evidence)


def test_d06_equal_cost():
    """"RK4 wins by a wide margin even after paying four evaluations per step", at equal cost."""
    assert all(e.holds for e in derive("c12.d06.equal-cost").evidence)
    assert derive("c12.d06.equal-cost").forms["equal_cost_ratio_growth"] == 15
    d06 = _d05()
    wins, growing, ratios = d06.equal_cost_wins(1, 32, 4)
    assert wins and growing and 7 < float(ratios[0]) < 8 and 790 < float(ratios[3]) < 810
    # a wrong version: were an RK4 step to cost 1000 evaluations, Euler would win at n = 1
    assert not d06.equal_cost_wins(1, 2, 1000)[0]


def test_d06_halving_read_at_the_page_setting():
    """"divides the RK4 error by about 16" at the page's 4 -> 8 steps (factor 17.76 = 2^4.15)."""
    assert consistent("16", value("c12.d06.rk4-halving-power"), exact=True)
    for wrong in ("8", "32", "4"):
        assert not consistent(wrong, value("c12.d06.rk4-halving-power"), exact=True)
    with mpmath.workdps(50):
        at_page = real_content().get("c12.d06.halving-at-page-settings").fn()
        one_step = real_content().get("c12.d06.halving-at-page-settings").fn(steps="1")
    assert all(e.holds for e in at_page.evidence) and "17.76" in at_page.evidence[0].statement
    assert at_page.evidence[0].notice              # 17.76 is outside 16's bare interval: said
    # at 1 -> 2 steps the factor is 24.4 = 2^4.6: not "about 16", and the check says so
    assert not one_step.evidence[0].holds and value("c12.d06.rk4-halving-power", steps="1") == 32


def test_d06_halving_claim_is_judged_at_the_page_setting():
    from noteproof.model import Outcome, Scope
    from tests.helpers import ROOT
    result = _run_claim(ROOT, "c12.d06.halving-readout")
    assert result.outcome is Outcome.VERIFIED and result.scope is Scope.SETTING
    assert all(n.check != "c12.d06.rk4-halving-ratio-small-h" for n in result.numbers)


def test_d06_halving_claim_fails_on_a_wrong_factor(tmp_path):
    from noteproof.model import Outcome
    from tests.helpers import copy_project, edit
    root = copy_project(tmp_path / "p")
    edit(root / "notes" / "chapter12.txt", "divides the RK4 error by about 16", "divides the RK4 error by about 8")
    edit(root / "claims.yaml", 'snippet: "divides the RK4 error by about 16"\n        number: "16"',
         'snippet: "divides the RK4 error by about 8"\n        number: "8"')
    edit(root / "claims.yaml", 'but divides the RK4 error by about 16, so', 'but divides the RK4 error by about 8, so')
    result = _run_claim(root, "c12.d06.halving-readout")
    assert result.outcome is Outcome.FAILED
    assert result.messages[0] == "number '8': the value is exactly 16; the note prints 8"
    assert not any("not found" in m or m.startswith("does not hold") for m in result.messages)


def test_d06_series_in_exact_power_series_are_sympys_and_can_fail():
    """The D06 series (local e^{-h} - R, global R^{p/h} - e^{-1}) computed in QQ[[h]] are the very
    series sp.series gives; a wrong factor gives a wrong order, or none."""
    d06 = _d05()
    rk4 = sp.expand(1 - h + h ** 2 / 2 - h ** 3 / 6 + h ** 4 / 24)
    for factor, n, power in ((rk4, 7, 1), (1 - h, 4, 1), (1 - h / 4, 2, 4), (rk4, 5, 1)):
        assert d06._local_series(factor, n) == sp.series(sp.exp(-h) - factor, h, 0, n)
        assert d06._global_series(factor, n, power) == sp.series(
            sp.exp(power * sp.log(factor) / h) - sp.exp(-1), h, 0, n)
    assert d06._leading_power(d06._global_series(rk4, 7)) == 4
    assert d06._leading_power(d06._local_series(rk4, 8)) == 5
    wrong = rk4 + h ** 4 / 24          # a wrong fourth coefficient: third order
    assert d06._leading_power(d06._global_series(wrong, 7)) == 3
    assert d06._leading_power(d06._local_series(wrong, 8)) == 4
    assert d06._global_series(1 - 2 * h, 4) is None     # (1 - 2h)^{1/h} -> e^{-2}: no vanishing error
    assert d06._global_series(2 - h, 4) is None
    assert d06._leading_power(None) == 0


def test_d06_derived_order_can_fail():
    """The numerics' derived global order: 1 for Euler, 4 for RK4, and not 4 for a wrong stepper."""
    import numerics.chapter12_d05_d08 as num
    assert num._derived_order("euler") == 1 and num._derived_order("rk4") == 4
    steppers = dict(num.STEPPERS)
    try:
        num.STEPPERS["rk4"] = lambda f, x, hh: x + hh * f(x + hh / 2 * f(x))    # the midpoint rule
        num._derived_order.cache_clear()
        assert num._derived_order("rk4") == 2
        num.STEPPERS["rk4"] = lambda f, x, hh: 2 * x + hh * f(x)               # not consistent
        num._derived_order.cache_clear()
        assert num._derived_order("rk4") == 0
    finally:
        num.STEPPERS.update(steppers)
        num._derived_order.cache_clear()


def test_cheaper_routes_give_sympys_own_results_and_can_fail():
    """The targeted operations (issue 16) give what the general ones gave, and still refuse a wrong one."""
    import derivations.chapter12_d05_d08 as d05
    eps = sp.Symbol("epsilon", positive=True)
    fd = ((x_0 * sp.exp(theta + eps) - y) ** 2 - (x_0 * sp.exp(theta) - y) ** 2) / eps
    fast, slow = sp.series(sp.expand(fd), eps, 0, 2), sp.series(fd, eps, 0, 2)
    assert d05._zero((fast - slow).removeO()) and fast.getO() == slow.getO()
    assert not d05._zero(fast.removeO().coeff(eps, 1) - 2 * x_0 ** 2 * sp.exp(2 * theta))  # not L''/2 + ...
    A = sp.Matrix([[0, -sp.pi], [sp.pi, 0]])
    assert (A * t).exp() == sp.simplify((A * t).exp())                    # exp(A t) already in cos, sin
    assert sp.trigsimp(4 * sp.sin(sp.pi * t) ** 2 + 4 * sp.cos(sp.pi * t) ** 2) == 4
    assert not d05._zero(sp.trigsimp(4 * sp.sin(sp.pi * t) ** 2 + 3 * sp.cos(sp.pi * t) ** 2) - 4)
    x = sp.Function("x")
    ode = sp.Eq(x(t).diff(t), theta * x(t))
    assert sp.dsolve(ode, x(t), ics={x(0): x_0}, hint="nth_linear_constant_coeff_homogeneous") == \
        sp.dsolve(ode, x(t), ics={x(0): x_0})
    assert d05.order_kept_logic(False) is False and d05.order_kept_logic(True) is True
    assert d05._meeting_argument(lambda e, phi: e)[0] is False            # no flow law: no meeting argument


@pytest.mark.parametrize("printed, verified", [
    ("h lambda < 2", True),      # the same bound for the positive rates the derivation assumes
    ("h lambda < 3", False),
    ("h lambda <= 2", False),
    ("h < 2 lambda", False),
])
def test_d08_stable_range_read_by_meaning_where_the_rates_are_positive(tmp_path, printed, verified):
    from noteproof.model import Outcome
    from tests.helpers import copy_project, edit
    root = copy_project(tmp_path / "p")
    edit(root / "notes" / "chapter12.txt", "that is h < 2/lambda for every mode", f"that is {printed} for every mode")
    result = _run_claim(root, "c12.d08.explicit-range")
    assert (result.outcome is Outcome.VERIFIED) is verified, result.messages
