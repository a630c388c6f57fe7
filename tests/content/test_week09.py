"""Week 9 - Four Indices: one test per status-table claim, the quoted numbers, and mutants.

Every check is called the way the engine calls it: through ``load_content`` and
``.get(id).fn()``. Mutants (a wrong bound, a flipped certificate, a witness that no
longer refutes, a wrong number) must fail.
"""
from __future__ import annotations

import sys
from decimal import Decimal
from functools import lru_cache

import mpmath
import pytest
import sympy as sp

from noteproof.formula.parser import Relation
from noteproof.model import EvidenceKind as Kind
from noteproof.model import Status
from noteproof.sources.content import content_module
from tests.helpers import (
    ROOT,
    assert_check_names_condition,
    assert_conditions_hold,
    assert_edit_refuted,
    note_text,
    real_content,
    real_registry,
)

C, K, S, ds = sp.symbols("C K S ds", positive=True)
beta = sp.Symbol("beta", positive=True)
h_0, s, h_ell, s_ell, e_ell, u = sp.symbols("h_0 s h_ell s_ell e_ell u", real=True)
a, a_star, a_0, a_tilde_0, a_i, u_i = sp.symbols("a a_star a_0 a_tilde_0 a_i u_i", real=True)
f = sp.Function("f")
H = sp.Function("h")
ell, i = sp.symbols("ell i", real=True)
h_next = sp.IndexedBase(sp.Symbol("h", real=True))[ell + 1]


@lru_cache(maxsize=None)
def derive(check_id: str, **params: str):
    return real_content().get(check_id).fn(**params)


def same(x, y) -> bool:
    """Equal after rebinding by name (the engine's rule: symbols match by name)."""
    names = {v.name: v for v in y.free_symbols if isinstance(v, sp.Symbol)}
    x = x.xreplace({v: names[v.name] for v in x.free_symbols if isinstance(v, sp.Symbol) and v.name in names})
    return sp.simplify(x - y) == 0


def same_relation(x: Relation, y) -> bool:
    """Same operators and every side equal (the engine's rule for a derived relation, a
    Relation or a SymPy Eq)."""
    from noteproof.formula.equality import relation_parts
    (xo, xs), got = relation_parts(x), relation_parts(y)
    return got is not None and got[0] == xo and len(got[1]) == len(xs) \
        and all(same(sp.sympify(p), sp.sympify(q)) for p, q in zip(xs, got[1]))


def holds(derived, kind: Kind | None = None) -> list[bool]:
    return [e.holds for e in derived.evidence if kind is None or e.kind is kind]


def in_interval(quoted: str, value) -> bool:
    """statcheck's rule: "0.000977" stands for [0.0009765, 0.0009775)."""
    q = Decimal(quoted)
    half = Decimal(1).scaleb(q.as_tuple().exponent) / 2
    with mpmath.workdps(60):
        v = Decimal(mpmath.nstr(mpmath.mpf(value), 40, strip_zeros=False, min_fixed=-80, max_fixed=80))
    return abs(q) - half <= abs(v) < abs(q) + half and (q == 0 or v == 0 or (q < 0) == (v < 0))


def test_module_loads():
    assert not {k: v for k, v in real_content().broken.items() if "week09" in k}


# ---- one test per claim --------------------------------------------------------

def test_four_indices_by_definition():
    d = derive("w09.four-indices", note_text=note_text("week09"))
    assert [e.kind for e in d.evidence] == [Kind.DEFINITION] and all(holds(d))
    assert d.forms == {}


@pytest.mark.parametrize("edit", [
    lambda t: t.replace("The accessible prefix and positional operations", "The internal state"),   # collapsed
    lambda t: t.replace("Training step $n$\tThe parameter collection\tThe training rule and dataset; "
                        "the selected batch can vary\n", ""),                                        # a row lost
    lambda t: t.replace("Index\tWhat changes", "Index\tWhat moves"),                                 # no table
])
def test_four_indices_reads_the_notes_table(edit):
    """The definition is the table as printed: collapsed or lost rows fail (not a hard-coded dict)."""
    text = note_text("week09")
    assert not all(holds(derive("w09.four-indices", note_text=edit(text))))


def test_euler_error_bound_and_order():
    d = derive("w09.euler-error-bound")
    assert {e.kind for e in d.evidence} == {Kind.BOUND, Kind.ORDER}
    assert all(e.supports is Status.CONTROLLED for e in d.evidence) and all(holds(d))
    expected = {
        "recursion": (1 + K * ds) * e_ell + C * ds**2,
        "bound": C / K * (sp.exp(K * S) - 1) * ds,
        "bound_limit": C * S * ds,
        "local_error": C * ds**2,
    }
    for name, form in expected.items():
        got = d.forms[name]
        if name in ("recursion", "bound"):   # derived as inequalities: e_{l+1} <= ..., e_L <= ...
            assert got.rel_op == "<=", name
            got = got.rhs
        assert same(form, got), name
    relations = {   # the display's relations, every side derived
        "euler_step": (h_next, h_ell + ds * f(s_ell, h_ell)),
        "ode": (sp.Derivative(H(s), s), f(s, sp.Symbol("h", real=True))),
        "initial_error": (sp.Symbol("e_0"), 0),
        "step": (ds, S / sp.Symbol("L")),
        "grid": (s_ell, ell * ds),
    }
    for name, sides in relations.items():
        assert same_relation(Relation(("=",), sides), d.forms[name]), name


@pytest.mark.parametrize("wrong", [
    C / K * (sp.exp(K * S) - 1) * ds**2,    # second order
    C / K * sp.exp(K * S) * ds,             # missing -1
    C * K * (sp.exp(K * S) - 1) * ds,       # K upside down
])
def test_mutant_wrong_bound_differs(wrong):
    assert not same(wrong, derive("w09.euler-error-bound").forms["bound"].rhs)


def test_mutant_wrong_limit_differs():
    assert not same(C * S * ds**2, derive("w09.euler-error-bound").forms["bound_limit"])


def test_mutant_order_tolerance_too_tight_fails():
    d = derive("w09.euler-error-bound", order_tol="0.001")
    assert holds(d, Kind.ORDER) == [False]


def test_mutant_reversed_log_certificate_fails():
    module = content_module(ROOT, "derivations", "week09")
    assert module.log_certificate() and not module.log_certificate(sign=-1)


def test_unstable_discretization_witness():
    d = derive("w09.unstable-discretization")
    assert Kind.COUNTEREXAMPLE in {e.kind for e in d.evidence} and all(holds(d))
    assert same(h_0 * sp.exp(-s), d.forms["continuous"])
    assert same_relation(Relation(("=",), (h_next, (1 - ds) * h_ell)), d.forms["euler"])
    assert same_relation(Relation(("=",), (sp.Derivative(H(s), s), -sp.Symbol("h"))), d.forms["test_equation"])
    assert not same_relation(Relation(("=",), (sp.Derivative(H(s), s), sp.Symbol("h"))), d.forms["test_equation"])
    assert d.forms["factor"].subs(ds, sp.Rational(1, 2)) == sp.Rational(1, 2)
    assert d.forms["factor"].subs(ds, 3) == -2


@pytest.mark.parametrize("step", ["1.5", "2", "0.5"])
def test_mutant_witness_that_no_longer_refutes(step):
    d = derive("w09.unstable-discretization", ds_large=step)
    assert holds(d, Kind.COUNTEREXAMPLE) == [False]


def test_contraction_certificate_and_notice():
    d = derive("w09.contraction")
    assert all(holds(d))
    cert = [e for e in d.evidence if e.kind is Kind.INEQUALITY]
    assert len(cert) == 1 and "every beta > 0" in cert[0].notice
    bound = d.forms["bound"]
    assert bound.rel_op == "<=" and bound.lhs.func is sp.Abs
    assert same(beta**sp.Symbol("i", integer=True, nonnegative=True) * sp.Abs(a_0 - a_tilde_0), bound.rhs)
    assert not same(beta**(sp.Symbol("i") + 1) * sp.Abs(a_0 - a_tilde_0), bound.rhs)
    assert d.forms["bound_at_example"] == sp.Rational(1, 2**10)


def test_mutant_resolution_too_fine_fails():
    d = derive("w09.contraction", resolution="0.0009")
    assert False in holds(d, Kind.IDENTITY)


def test_sensitivity_product_chain_rule():
    d = derive("w09.sensitivity-product")
    assert holds(d) == [True, True]
    A, (k, m) = sp.IndexedBase(sp.Symbol("a", real=True)), sp.symbols("k m", real=True)
    assert d.forms["factor"] == beta * (1 - A[k + 1]**2)
    assert d.forms["product"] == sp.Product(beta * (1 - A[k + 1]**2), (k, 0, m - 1))
    assert d.forms["factor"] != beta * (1 + A[k + 1]**2)


def test_fixed_point_slope_and_response():
    slope = derive("w09.fixed-point-slope")
    response = derive("w09.fixed-point-response")
    assert all(holds(slope)) and all(holds(response))
    assert same((1 - a_star**2) / (1 - beta * (1 - a_star**2)), slope.forms["slope"])
    assert not same((1 - a_star**2) / (1 + beta * (1 - a_star**2)), slope.forms["slope"])
    assert same(1 / (1 - beta), response.forms["response"])
    assert same_relation(Relation(("=",), (a_star, 0)), response.forms["zero_branch"])
    fixed = slope.forms["fixed_point"]
    assert same_relation(Relation(("=",), (a_star, sp.tanh(beta * a_star + u))), fixed)
    assert not same_relation(Relation(("=",), (a_star, sp.tanh(beta * a_star - u))), fixed)


def test_mutant_response_off_the_stable_branch_fails():
    # the symbolic proof (every beta: slope beta at a* = 0) still holds; the page's beta = 2 is unstable
    assert holds(derive("w09.fixed-point-response", beta="2")) == [True, False]


def test_fixed_point_response_stability_is_proved_for_every_beta():
    from noteproof.model import Reach
    reaches = [e.reach for e in derive("w09.fixed-point-response").evidence]
    assert reaches == [Reach.GENERAL, Reach.SETTING]


def test_energy_descent_certificate_and_both_signs():
    d = derive("w09.energy-descent")
    assert all(holds(d))
    assert [e.kind for e in d.evidence].count(Kind.COUNTEREXAMPLE) == 2
    assert same(a**2 / 2 - sp.log(2 * sp.cosh(beta * a + u)) / beta, d.forms["energy"])
    a_next = sp.IndexedBase(sp.Symbol("a", real=True))[i + 1]
    assert same_relation(Relation(("=",), (a_next, sp.tanh(beta * a_i + u_i))), d.forms["map"])


@pytest.mark.parametrize("gap", ["-1/2", "1", "0"])
def test_mutant_descent_certificate_with_wrong_term_fails(gap):
    d = derive("w09.energy-descent", gap=gap)
    assert holds(d, Kind.INEQUALITY) == [False]


def test_mutant_constant_input_has_no_sign_change():
    d = derive("w09.energy-descent", u_high="0")
    assert holds(d, Kind.COUNTEREXAMPLE) == [False, False]


def test_proposal_quotes_no_performance():
    from noteproof.run.earn import proposal_evidence
    e = proposal_evidence("Recurrent Looped Transformer as inspected [Proposal]: no reported "
                          "performance in the version consulted on 2026-09-13")
    assert e.kind is Kind.DEFINITION and e.holds


@pytest.mark.parametrize("tag", ["[Proposal]: reaches 92% on the benchmark",
                                 "[Proposal]: 12% lower perplexity",
                                 "[Proposal]: better accuracy than Universal Transformers"])
def test_mutant_proposal_with_performance_fails(tag):
    from noteproof.run.earn import proposal_evidence
    assert not proposal_evidence(f"Recurrent Looped Transformer as inspected {tag}").holds


# ---- the numbers ------------------------------------------------------------------

NUMBERS = [  # (numeric id, params, quoted, consistent)
    ("w09.separation-bound", {}, "0.000977", True),
    ("w09.separation-bound", {}, "0.000976", False),
    ("w09.separation-bound", {}, "0.000978", False),
    ("w09.separation-bound", {"steps": "9"}, "0.000977", False),
    ("w09.zero-input-fixed-point", {}, "0", True),
    ("w09.tanh-saturation", {}, "1", True),
    ("w09.zero-input-fixed-point", {"u": "0.5"}, "0", False),
]


@pytest.mark.parametrize("check_id, params, quoted, ok", NUMBERS)
@pytest.mark.parametrize("dps", [50, 70])
def test_numbers(check_id, params, quoted, ok, dps):
    with mpmath.workdps(dps):
        value = real_content().get(check_id).fn(**params)
    assert in_interval(quoted, value) is ok


@pytest.mark.parametrize("params", [{}, {"u": "0.3"}, {"beta": "2", "u": "0.1"},
                                    {"beta": "0.9", "u": "-0.2", "a0": "-1"}])
def test_fixed_point_iteration_is_accurate_at_every_size(params):
    """The iteration's precision follows the iterate's size (fewer bits as it shrinks towards
    0): the fixed point is still found to the working precision, and 0 stays below it."""
    with mpmath.workdps(300):
        beta, u = (mpmath.mpf(sp.Rational(params.get(k, d)).p) / sp.Rational(params.get(k, d)).q
                   for k, d in (("beta", "1/2"), ("u", "0")))
        got = real_content().get("w09.zero-input-fixed-point").fn(**params)
        assert abs(mpmath.tanh(beta * got + u) - got) <= mpmath.mpf(10) ** -298
        if u == 0:
            assert abs(got) <= mpmath.mpf(2) ** -mpmath.mp.prec


def test_actual_separation_under_bound_and_resolution():
    with mpmath.workdps(50):
        actual = real_content().get("w09.separation-after-ten-steps").fn()
        bound = real_content().get("w09.separation-bound").fn()
    assert actual <= bound <= mpmath.mpf("0.000977") < mpmath.mpf("0.001")


@pytest.mark.parametrize("quoted, value, ok", [
    ("0.000977", "0.0009765", True), ("0.000977", "0.0009775", False),
    ("0.000977", "0.00097649", False), ("0.001", "0.00149", True), ("0.001", "-0.001", False),
])
def test_interval_rule_helper(quoted, value, ok):
    assert in_interval(quoted, mpmath.mpf(value)) is ok


# ---- the note's formulas through the engine's reader: as printed they verify, edited they fail ----

def _registry():
    return real_registry()


FORMULA_MUTANTS = [  # (claim, form, text as printed -> a wrong edit of it)
    # a* = tanh(beta a* + u) (Section 3): the fixed-point equation the slope is derived from
    ("w09.fixed-point-response", "fixed_point", ("+u)", "-u)")),
    ("w09.fixed-point-response", "fixed_point", ("a_{\\ast }=\\tanh", "a_0=\\tanh")),
    ("w09.fixed-point-response", "fixed_point", ("\\beta a_{\\ast }", "\\beta ^2a_{\\ast }")),
    ("w09.fixed-point-response", "zero_branch", ("a_{\\ast }=0", "a_{\\ast }=1")),
    ("w09.fixed-point-response", "zero_branch", ("a_{\\ast }=0", "a_0=0")),
    # Delta s = S/L and s_l = l Delta s (Section 2): the Euler grid
    ("w09.euler-error-bound", "step", ("S/L", "L/S")),
    ("w09.euler-error-bound", "step", ("\\Delta s=", "\\Delta t=")),
    ("w09.euler-error-bound", "grid", ("\\ell \\Delta s", "(\\ell +1)\\Delta s")),
    ("w09.euler-error-bound", "grid", ("s_{\\ell }=", "s_{\\ell +1}=")),
    # e_0 = 0 (Section 2): the recursion's start
    ("w09.euler-error-bound", "initial_error", ("e_0=0", "e_0=1")),
    ("w09.euler-error-bound", "initial_error", ("e_0=0", "e_1=0")),
    # h_{l+1} = h_l + ds f(s_l, h_l) and dh/ds = f(s, h): both sides of each
    ("w09.euler-error-bound", "euler_step", ("+\\Delta sf", "-\\Delta sf")),
    ("w09.euler-error-bound", "euler_step", ("h_{\\ell +1}=h_{\\ell }+", "h_{\\ell +2}=h_{\\ell }+")),
    ("w09.euler-error-bound", "ode", ("\\frac{dh}{ds}=f", "\\frac{dh}{ds}=-f")),
    ("w09.euler-error-bound", "ode", ("\\frac{dh}{ds}=f", "\\frac{ds}{dh}=f")),
    # dh/ds = -h and its Euler map h_{l+1} = (1 - ds) h_l (Section 2's example)
    ("w09.unstable-discretization", "test_equation", ("dh/ds=-h", "dh/ds=h")),
    ("w09.unstable-discretization", "test_equation", ("dh/ds=-h", "dh/ds=-2h")),
    ("w09.unstable-discretization", "test_equation", ("dh/ds=-h", "dh/dt=-h")),
    ("w09.unstable-discretization", "euler", ("(1-\\Delta s)", "(1+\\Delta s)")),
    ("w09.unstable-discretization", "euler", ("h_{\\ell +1}=", "h_{\\ell -1}=")),
    # a_{i+1} = tanh(beta a_i + u_i) (Section 3): the driven map
    ("w09.energy-descent", "map", ("+u_i", "-u_i")),
    ("w09.energy-descent", "map", ("a_{i+1}=", "a_{i+2}=")),
]


@pytest.mark.parametrize("claim_id, form, edit", FORMULA_MUTANTS)
def test_engine_reader_refutes_a_wrong_formula(claim_id, form, edit):
    spec = next(f for f in _registry().claim(claim_id).formulas if f.form == form)
    assert_edit_refuted(spec, derive(spec.derivation).forms[form], "week09", edit)


@pytest.mark.parametrize("text", ["a_{\\ast }=\\tanh (\\beta a_{\\ast }+u)", "\\Delta s=S/L",
                                  "s_{\\ell }=\\ell \\Delta s", "dh/ds=-h", "e_0=0"])
def test_formula_is_registered_as_a_relation(text):
    """Each of these is registered whole, against a derived relation: both sides are compared."""
    from noteproof.formula.equality import relation_parts
    specs = [(c, f) for c in _registry().claims if c.note == "week09" for f in c.formulas if f.text == text]
    assert len(specs) == 1
    _, spec = specs[0]
    assert relation_parts(derive(spec.derivation).forms[spec.form]) is not None


# ---- through the engine: every week-9 claim verified as registered -------------------

def _week09_claims():
    from noteproof.sources.project import load_project
    project = load_project(ROOT)
    return project, [c for c in project.claims_of("week09")]


def test_registry_has_one_claim_per_row():
    from noteproof.sources.notes import table_rows
    project, claims = _week09_claims()
    rows = [r.text for r in table_rows(project.notes["week09"])]
    assert sorted(c.row for c in claims if c.row is not None) == sorted(rows) and len(rows) == 8


@pytest.mark.parametrize("claim_id", [
    "w09.four-indices", "w09.unstable-discretization", "w09.contraction",
    "w09.sensitivity-product", "w09.fixed-point-response", "w09.energy-descent",
    "w09.looped-transformer-proposal"])
def test_engine_verifies(claim_id):
    from noteproof.model import Outcome
    from noteproof.run.claim import run_claim
    project, claims = _week09_claims()
    claim = next(c for c in claims if c.id == claim_id)
    result = run_claim(claim, real_content(), project.notes["week09"])
    assert result.outcome is Outcome.VERIFIED, result.messages


def test_sensitivity_product_induction_refutes_a_wrong_factor():
    import sympy as sp

    from derivations.week09 import BETA, _product_induction
    A = sp.IndexedBase(sp.Symbol("a", real=True))
    k = sp.Symbol("k", real=True)
    assert _product_induction(BETA * (1 - A[k + 1] ** 2), A, k)
    assert not _product_induction(BETA * (1 - A[k] ** 2), A, k)      # the state before, not after
    assert not _product_induction((1 - A[k + 1] ** 2), A, k)          # beta dropped


def test_the_cheap_zero_tests_refute_what_is_not_zero():
    """The targeted operations that replaced simplify decide both ways: a wrong identity,
    a wrong recursion coefficient, a wrong quotient are not taken for the right ones."""
    from derivations import week09 as w
    x_, w_ = sp.Symbol("x", real=True), sp.Symbol("w")
    dtanh = sp.diff(sp.tanh(x_), x_)
    assert w._zero((dtanh - 1 / sp.cosh(x_)**2).rewrite(sp.exp))
    assert not w._zero((dtanh - 1 / sp.cosh(x_)**3).rewrite(sp.exp))
    y_ = sp.Symbol("y_ell", real=True)
    assert w._poly_zero(f(s_ell, h_ell) - f(s_ell, y_) - (f(s_ell, h_ell) - f(s_ell, y_)))
    assert not w._poly_zero(h_ell - y_ + f(s_ell, h_ell) - f(s_ell, y_))
    assert w._poly_zero(sp.Integer(0)) and not w._poly_zero(sp.Integer(1))
    with pytest.raises(ArithmeticError):        # a step with no ds-term: its ds^2 group has no bound
        w._recursion_rhs(h_ell + ds**2 * f(s_ell, h_ell))
    assert w._as_tanh(sp.sinh(w_) / sp.cosh(w_)) == sp.tanh(w_)
    assert w._as_tanh(sp.sinh(w_) / sp.cosh(2 * w_)) != sp.tanh(w_)
    z = w.BETA * w.t + w.u
    gpp, pythagoras = w._cosh_squared(sp.diff(w._g(w.t, w.u), w.t, 2))
    assert pythagoras and gpp == w.BETA / sp.cosh(z)**2 and gpp.is_nonnegative
    wrong, _ = w._cosh_squared(w.BETA * (sp.sinh(z)**2 / sp.cosh(z)**2 - 1))   # -beta sech^2
    assert wrong == -w.BETA / sp.cosh(z)**2 and not wrong.is_nonnegative


@pytest.mark.parametrize("claim_id", ["w09.euler-error-bound", "w09.fixed-point-slope-formula"])
def test_engine_fails_the_errata_claims_on_their_erratum_only(claim_id):
    """The row's and the sentence's wording is wrong (tests/test_errata.py); every other
    piece of their evidence holds (the bound earns [Controlled approximation])."""
    from noteproof.model import Outcome
    from noteproof.run.claim import run_claim
    project, claims = _week09_claims()
    claim = next(c for c in claims if c.id == claim_id)
    result = run_claim(claim, real_content(), project.notes["week09"])
    assert result.outcome is Outcome.FAILED and result.errata
    assert all(e.holds or e.erratum for e in result.evidence)
    assert all(f.outcome is Outcome.VERIFIED for f in result.formulas)
    assert all(n.outcome is Outcome.VERIFIED for n in result.numbers)


@pytest.mark.parametrize("check_id, params, holds", [
    ("w09.stable-branch", {}, True), ("w09.stable-branch", {"beta": "3/2"}, False),
    ("w09.stable-branch", {"beta": "1"}, False), ("w09.zero-input", {}, True),
    ("w09.zero-input", {"u": "1/2"}, False),
    ("w09.slope-denominator", {}, True), ("w09.slope-denominator", {"beta": "1"}, False),
    ("w09.slope-denominator", {"beta": "1", "u": "1/2"}, True),      # a* != 0 there: a*^2 != 0
    ("w09.slope-denominator", {"beta": "2"}, True),                   # the fold is at u = +-0.2...
    ("w09.euler-grid", {}, True), ("w09.euler-grid", {"total": "0"}, False),
    ("w09.euler-grid", {"levels": "10,0"}, False), ("w09.euler-grid", {"levels": "5/2"}, False),
    ("w09.lipschitz-constant", {}, True), ("w09.lipschitz-constant", {"K": "0"}, False),
    ("w09.remainder-constant", {}, True), ("w09.remainder-constant", {"C": "-1"}, False),
    ("w09.exact-start", {}, True), ("w09.exact-start", {"e0": "1/10"}, False),
    ("w09.small-step-shrinks", {}, True), ("w09.small-step-shrinks", {"ds_small": "2"}, False),
    ("w09.small-step-shrinks", {"ds_small": "0"}, False),
    ("w09.large-step-grows", {}, True), ("w09.large-step-grows", {"ds_large": "2"}, False),
    ("w09.contracting-coupling", {}, True), ("w09.contracting-coupling", {"beta": "1"}, False),
    ("w09.contracting-coupling", {"beta": "0"}, False),
    ("w09.whole-steps", {}, True), ("w09.whole-steps", {"steps": "0"}, True),
    ("w09.whole-steps", {"steps": "5/2"}, False), ("w09.whole-steps", {"steps": "-1"}, False),
    ("w09.whole-depths", {}, True), ("w09.whole-depths", {"depths": "0"}, True),
    ("w09.whole-depths", {"depths": "1,3/2"}, False),
    ("w09.positive-coupling", {}, True), ("w09.positive-coupling", {"beta": "-1/2"}, False),
    ("w09.driven-input", {}, True), ("w09.driven-input", {"u_high": "0"}, False),
])
def test_the_week09_conditions_are_the_notes(check_id, params, holds):
    """The conditions the note states or its statements need (Section 2's K > 0, C Delta s^2,
    e_0 = 0 and the grid S/L; the example's small and large steps; Section 3's beta > 0, the
    contraction's 0 < beta < 1, the stable branch beta < 1 at u = 0, the slope's denominator, a
    changing input), so `check --set` names the one a value breaks. (The contraction bound
    itself holds for every beta > 0, as its notice says; 0 < beta < 1 is the range its status
    cell states it for.)"""
    got = real_content().get(check_id).fn(**params)
    assert got is holds


def _week09_conditioned():
    project, claims = _week09_claims()
    return [c for c in claims if c.conditions]


def test_every_week09_claim_with_a_parameter_the_note_conditions_registers_it():
    """Every Week 9 claim but the definition, the proposal and the erratum on the slope's
    denominator (whose settings are that erratum's witness beta = 1, u = 0) has conditions."""
    ids = {c.id for c in _week09_conditioned()}
    assert ids == {"w09.euler-error-bound", "w09.unstable-discretization", "w09.contraction",
                   "w09.sensitivity-product", "w09.fixed-point-response", "w09.energy-descent"}


def test_the_notes_settings_meet_every_week09_condition():
    """The note as written meets its conditions: each holds at its claim's parameters."""
    project, _ = _week09_claims()
    assert_conditions_hold(project, _week09_conditioned())


@pytest.mark.parametrize("claim_id, params, condition_id", [
    ("w09.euler-error-bound", {"K": "0"}, "w09.lipschitz-constant"),
    ("w09.euler-error-bound", {"e0": "1/10"}, "w09.exact-start"),
    ("w09.euler-error-bound", {"total": "-1"}, "w09.euler-grid"),
    ("w09.unstable-discretization", {"ds_large": "3/2"}, "w09.large-step-grows"),
    ("w09.unstable-discretization", {"ds_small": "5/2"}, "w09.small-step-shrinks"),
    ("w09.contraction", {"beta": "3/2"}, "w09.contracting-coupling"),
    ("w09.contraction", {"steps": "5/2"}, "w09.whole-steps"),
    ("w09.sensitivity-product", {"depths": "3/2"}, "w09.whole-depths"),
    ("w09.fixed-point-response", {"beta": "1"}, "w09.slope-denominator"),
    ("w09.energy-descent", {"beta": "-1/2"}, "w09.positive-coupling"),
    ("w09.energy-descent", {"u_high": "0"}, "w09.driven-input"),
])
def test_check_outside_a_condition_names_it(claim_id, params, condition_id):
    assert_check_names_condition(claim_id, params, condition_id)


def test_linear_recurrence_solver_matches_rsolve_and_refuses_what_it_cannot_fix():
    """The contraction's bound comes from rsolve_hyper and its initial value (rsolve's own route,
    without its simplify): the same closed form as rsolve, and an error when the initial values
    do not fix the constants."""
    module = sys.modules[real_content().get("w09.contraction").fn.__module__]
    i = sp.Symbol("i", integer=True, nonnegative=True)
    b, d0 = sp.Symbol("beta", positive=True), sp.Symbol("d0", positive=True)
    d = sp.Function("d")
    got = module._solve_linear_recurrence([-b, 1], i, [d0])
    assert sp.expand(got - sp.rsolve(d(i + 1) - b * d(i), d(i), {d(0): d0})) == 0
    fib = module._solve_linear_recurrence([-1, -1, 1], i, [0, 1])          # a second-order one
    assert [sp.nsimplify(sp.expand(fib.subs(i, k))) for k in range(8)] == [0, 1, 1, 2, 3, 5, 8, 13]
    with pytest.raises(ArithmeticError):
        module._solve_linear_recurrence([-1, -1, 1], i, [0])                # one value, two constants
    assert not sp.expand(got - d0 * (b + 1) ** i) == 0                        # a wrong bound differs
