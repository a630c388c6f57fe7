"""Chapter 12 illustrations C12-D01..D04: every read-out and worked number, the closed forms,
and mutants (a wrong number, a wrong formula) that must fail."""
from __future__ import annotations

import functools

import mpmath
import sympy as sp

from noteproof.formula.equality import compare_form
from noteproof.run.interval import consistent
from tests.helpers import note_text, real_content

a, h, x, theta, n, t, k, q, p = sp.symbols("a h x theta n t k q p")
x_0, z_0, z_star, dtheta = sp.symbols("x_0 z_0 z_star dtheta")


def value(check_id: str, **settings):
    with mpmath.workdps(50):
        return real_content().get(check_id).fn(**settings)


def agrees(quoted: str, check_id: str, exact: bool = False, **settings) -> bool:
    return consistent(quoted, value(check_id, **settings), exact=exact)


@functools.lru_cache(maxsize=None)
def derived(derivation_id: str):
    return real_content().get(derivation_id).fn()


def form(derivation_id: str, name: str):
    return derived(derivation_id).forms[name]


def same(printed, derivation_id: str, name: str) -> bool:
    return compare_form(printed, form(derivation_id, name)).equal is True




def printed(text: str, derivation_id: str, name: str, *, plain: bool = True, part: int = 0,
            symbols: dict | None = None) -> bool:
    """Read a formula with the project's reader and compare it with the derived form."""
    from noteproof.formula.parser import read_latex, read_plain
    parts = (read_plain if plain else read_latex)(text, symbols=symbols or {})
    return compare_form(parts[part], form(derivation_id, name)).equal is True


def all_evidence_holds(*derivation_ids: str) -> bool:
    return all(e.holds for d in derivation_ids for e in derived(d).evidence)


# (numeric id, number as printed, printed as a count)
D01_NUMBERS = [
    ("c12.d01.euler-factor", "-0.8", False),            # Euler factor per step (1 - ah)
    ("c12.d01.exact-factor", "0.165", False),           # e^(-ah)
    ("c12.d01.error-at-horizon", "0.409", False),       # error at time 6
    ("c12.d01.step-times-rate", "1.8", False),          # ah = 1.8
    ("c12.d01.steps-to-horizon", "4", True),            # after 4 steps
    ("c12.d01.euler-at-horizon", "0.41", False),        # (-0.8)^4 = 0.41
    ("c12.d01.exact-at-horizon", "0.000747", False),    # e^(-1.2 x 6)
    ("c12.d01.shrink-limit", "2", False),               # ah below 2
    ("c12.d01.shrink-lower", "0", False),               # 0 < ah
    ("c12.d01.sign-limit", "1", False),                 # ah below 1
    ("c12.d01.check-step-times-rate", "1.5", False),    # check: 1 - 1.5
    ("c12.d01.check-euler-factor", "-0.5", False),      # check: = -0.5
]
D02_NUMBERS = [
    ("c12.d02.fixed-point-value", "-5", False),
    ("c12.d02.multiplier-size", "1.2", False),
    ("c12.d02.updates", "12", True),
    ("c12.d02.distance", "44.6", False),
    ("c12.d02.z1", "1", False),
    ("c12.d02.z2", "2.2", False),
    ("c12.d02.theta-one-growth", "1", False),            # "grows by one each round"
    ("c12.d02.singular-theta", "1", False),              # "theta other than 1"
]
D03_NUMBERS = [
    ("c12.d03.equilibrium", "5", False),
    ("c12.d03.slope-value", "25", False),
    ("c12.d03.estimate", "0.25", False),
    ("c12.d03.actual-change", "0.263", False),
    ("c12.d03.new-equilibrium", "5.26", False),
    ("c12.d03.new-equilibrium", "5.263", False),
    ("c12.d03.excess-percent", "5", False),              # "5% larger"
    ("c12.d03.one-minus-theta", "0.2", False),
    ("c12.d03.shifted-theta", "0.81", False),
    ("c12.d03.one-minus-shifted", "0.19", False),
    ("c12.d03.check-slope", "-8", False),
    ("c12.d03.pole", "1", False),                        # "near theta = 1"
]
D04_NUMBERS = [
    ("c12.d04.euler-energy-end", "3,760", False),
    ("c12.d04.euler-energy-ratio", "7,520", False),
    ("c12.d04.start-energy", "0.5", False),
    ("c12.d04.verlet-energy-min", "0.469", False),
    ("c12.d04.verlet-energy-max", "0.5", False),
    ("c12.d04.phase-drift-estimate", "0.214", False),
    ("c12.d04.verlet-frequency-excess", "0.0107", False),
    ("c12.d04.exact-frequency", "1", False),
    ("c12.d04.exact-frequency-excess", "0", False),
    ("c12.d04.half-kick-impulse", "-0.5", False),
    ("c12.d04.half-kick", "-0.25", False),
    ("c12.d04.verlet-q1", "0.875", False),
    ("c12.d04.verlet-p1", "-0.469", False),
    ("c12.d04.euler-energy-factor", "1.25", False),
    ("c12.d04.h-squared", "0.25", False),
    ("c12.d04.steps", "40", True),
    ("c12.d04.check-euler-energy", "0.78125", False),
    ("c12.d04.stability-limit", "2", False),
]


def test_d01_euler_decay():
    for check_id, quoted, exact in D01_NUMBERS:
        assert agrees(quoted, check_id, exact), (check_id, quoted, value(check_id))
    # printed closed forms: 1 - ah, e^(-ah), x(t) = e^{-at} x0, x_n = (1 - ah)^n x0
    assert same(1 - a * h, "c12.d01.euler-decay", "factor")
    assert same(sp.exp(-a * h), "c12.d01.euler-decay", "exact_factor")
    assert same(sp.exp(-a * t) * x_0, "c12.d01.euler-decay", "exact")
    assert same((1 - a * h) ** n * x_0, "c12.d01.euler-decay", "iterate")
    assert all_evidence_holds("c12.d01.euler-decay", "c12.d01.euler-regimes", "c12.d01.check-answer")
    # mutants: a wrong number, a wrong formula; a re-rounded number still passes
    assert not agrees("0.419", "c12.d01.error-at-horizon")
    assert not agrees("0.8", "c12.d01.euler-factor")          # the sign is respected
    assert not same(1 + a * h, "c12.d01.euler-decay", "factor")
    assert agrees("0.4089", "c12.d01.error-at-horizon")
    for text in ("1 - ah", "e^(-ah)"):
        assert text in note_text("chapter12")
    assert printed("1 - ah", "c12.d01.euler-decay", "factor")
    assert printed("e^(-ah)", "c12.d01.euler-decay", "exact_factor")
    assert not printed("1 + ah", "c12.d01.euler-decay", "factor")
    assert not printed("e^(ah)", "c12.d01.euler-decay", "exact_factor")
    # the user's settings: a = 2, h = 0.75 gives the check answer; ah = 2.4 breaks "shrinks"
    assert agrees("-0.5", "c12.d01.euler-factor", h="0.75", a="2")
    assert real_content().get("c12.d01.euler-shrinks").fn()
    assert not real_content().get("c12.d01.euler-shrinks").fn(h="2", a="1.2")
    assert not real_content().get("c12.d01.step-divides-horizon").fn(h="1.25")
    assert not real_content().get("c12.d01.keeps-sign").fn()


def test_d02_fixed_point_iteration():
    for check_id, quoted, exact in D02_NUMBERS:
        assert agrees(quoted, check_id, exact), (check_id, quoted, value(check_id))
    assert same(x / (1 - theta), "c12.d02.fixed-point", "fixed_point")
    assert same(theta**k * (z_0 - z_star), "c12.d02.fixed-point", "error")
    assert all_evidence_holds("c12.d02.fixed-point", "c12.d02.convergence", "c12.d02.theta-one",
                              "c12.d02.shown-updates")
    assert not agrees("44.8", "c12.d02.distance")
    assert not agrees("5", "c12.d02.fixed-point-value")
    assert not same(x / (1 + theta), "c12.d02.fixed-point", "fixed_point")
    assert agrees("44.58", "c12.d02.distance")
    assert printed("x / (1 - theta)", "c12.d02.fixed-point", "fixed_point")
    assert printed(r"z_k-z^*=\theta^k(z_0-z^*)", "c12.d02.fixed-point", "error", plain=False)
    assert not printed("x / (1 + theta)", "c12.d02.fixed-point", "fixed_point")
    assert not printed(r"z_k-z^*=\theta^{k+1}(z_0-z^*)", "c12.d02.fixed-point", "error", plain=False)
    assert agrees("0.5", "c12.d02.fixed-point-value", theta="0.5", x="0.25")
    assert real_content().get("c12.d02.contraction").fn(theta="-0.5")
    assert not real_content().get("c12.d02.contraction").fn()
    assert not real_content().get("c12.d02.theta-not-one").fn(theta="1")


def test_d03_implicit_differentiation():
    for check_id, quoted, exact in D03_NUMBERS:
        assert agrees(quoted, check_id, exact), (check_id, quoted, value(check_id))
    assert same(x / (1 - theta) ** 2, "c12.d03.slope", "slope")
    assert same(x * dtheta / (1 - theta) ** 2, "c12.d03.slope", "estimate")
    assert same(1 / (1 - theta), "c12.d03.slope", "inverse_factor")
    assert all_evidence_holds("c12.d03.slope", "c12.d03.general-formula", "c12.d03.sensitivity",
                              "c12.d03.exact-equilibria")
    assert not agrees("0.253", "c12.d03.actual-change")
    assert not agrees("8", "c12.d03.check-slope")
    assert not same(x / (1 - theta), "c12.d03.slope", "slope")
    assert agrees("0.2632", "c12.d03.actual-change")
    assert printed("x/(1-theta)^2", "c12.d03.slope", "slope")
    assert printed(r"\frac{\partial z^*}{\partial\theta}=\frac{x}{(1-\theta)^2}", "c12.d03.slope", "slope",
                   plain=False)
    assert not printed("x/(1-theta)", "c12.d03.slope", "slope")
    assert not printed(r"\frac{\partial z^*}{\partial\theta}=\frac{x}{(1-\theta)^3}", "c12.d03.slope",
                       "slope", plain=False)
    assert not real_content().get("c12.d03.step-below-one").fn(theta="0.995")


def test_d04_euler_against_verlet():
    for check_id, quoted, exact in D04_NUMBERS:
        assert agrees(quoted, check_id, exact), (check_id, quoted, value(check_id))
    assert same(1 + h**2, "c12.d04.energy", "euler_factor")
    assert same(2 * sp.asin(h / 2) / h, "c12.d04.frequency", "frequency")
    assert same((q**2 + p**2) / 2, "c12.d04.energy", "energy")
    assert all_evidence_holds("c12.d04.energy", "c12.d04.frequency", "c12.d04.scheme", "c12.d04.drift")
    assert not agrees("3,770", "c12.d04.euler-energy-end")
    assert not agrees("3,760", "c12.d04.euler-energy-ratio")   # 3,760 is the energy, not the ratio
    assert not same(1 - h**2, "c12.d04.energy", "euler_factor")
    assert not same(sp.asin(h / 2) / h, "c12.d04.frequency", "frequency")
    assert agrees("3,762", "c12.d04.euler-energy-end")
    assert printed("1 + h^2", "c12.d04.energy", "euler_factor")
    assert printed("2 asin(h/2)/h", "c12.d04.frequency", "frequency")
    assert not printed("1 + h", "c12.d04.energy", "euler_factor")
    assert not printed("2 asin(h)/h", "c12.d04.frequency", "frequency")
    assert agrees("3761.6", "c12.d04.euler-energy-end")
    assert agrees("0.78125", "c12.d04.euler-energy-end", horizon="1")
    assert not real_content().get("c12.d04.stable-step").fn(h="2.5")
    assert not real_content().get("c12.d04.horizon-divisible").fn(h="0.3")


# ---- the displayed formulas registered under formulas: (read as printed, and mutants) ----

IFT = (r"\frac{\partial z^*}{\partial\theta}=(I-J_f)^{-1}\frac{\partial f}{\partial\theta},\qquad "
       r"J_f=\left.\frac{\partial f}{\partial z}\right|_{z^*}")


def test_d03_implicit_function_display():
    from dataclasses import replace

    from noteproof.model import Reach
    from noteproof.run.claim import compare_printed
    from tests.helpers import real_registry
    assert IFT in note_text("chapter12")
    assert all_evidence_holds("c12.d03.implicit-function")
    d = derived("c12.d03.implicit-function")
    # the scalar template is solved, not typed: at I = 1 it is the scalar implicit derivative
    I_, J_f, F = sp.symbols("I J_f F", real=True)
    assert sp.simplify(d.forms["template"] - F / (I_ - J_f)) == 0
    # n x n of symbolic size is general; the explicit 2 x 2 system is an instance
    def reach(start):
        return next(e.reach for e in d.evidence if e.statement.startswith(start))

    assert reach("n x n of symbolic size") is Reach.GENERAL and reach("2x2: (I - J)^{-1}") is Reach.INSTANCES
    specs = {f.form: f for f in real_registry().claim("c12.d03.needs-invertible").formulas}

    def agrees(text, name):
        return compare_printed(replace(specs[name], text=text), d.forms[name]).equal is True

    assert agrees(IFT, "slope") and agrees(IFT, "jacobian")
    # mutants: (I + J_f), a squared inverse, J_f - I, the wrong partial, operands swapped, the left side
    for old, new in [("(I-J_f)^{-1}", "(I+J_f)^{-1}"), ("(I-J_f)^{-1}", "(I-J_f)^{-2}"),
                     ("(I-J_f)^{-1}", "(J_f-I)^{-1}"),
                     (r"\frac{\partial f}{\partial\theta},", r"\frac{\partial f}{\partial z},"),
                     (r"(I-J_f)^{-1}\frac{\partial f}{\partial\theta}", r"\frac{\partial f}{\partial\theta}(I-J_f)^{-1}"),
                     (r"\frac{\partial z^*}{\partial\theta}=", r"\frac{\partial z^*}{\partial x}=")]:
        assert old in IFT
        assert not agrees(IFT.replace(old, new), "slope"), new
    assert not agrees(IFT.replace(r"J_f=\left", r"J_g=\left"), "jacobian")


def test_d03_general_formula_2x2_is_an_instance_and_singular_witness():
    from noteproof.model import EvidenceKind, Reach
    general = derived("c12.d03.general-formula").evidence
    assert general[0].reach is Reach.INSTANCES and general[1].kind is EvidenceKind.COUNTEREXAMPLE
    singular = [e for e in derived("c12.d03.implicit-function").evidence if e.statement.startswith("I - J_f singular")]
    assert len(singular) == 1 and singular[0].holds


def test_d03_sign_follows_x_for_every_x_and_theta():
    fn = real_content().get("c12.d03.sensitivity").fn
    sign_follows = fn.__globals__["_sign_follows_x"]
    assert sign_follows(x / (1 - theta) ** 2)
    assert not sign_follows(x / (1 - theta))          # the sign flips past theta = 1
    assert not sign_follows(-x / (1 - theta) ** 2)
    assert not sign_follows(x ** 2 / (1 - theta) ** 2)    # x = -2 would give a positive slope
    assert not sign_follows(x / (1 - theta) ** 2 + 1)     # not zero at x = 0


def test_d02_convergence_is_proved_for_every_theta():
    from noteproof.model import Reach
    ev = derived("c12.d02.convergence").evidence
    assert [e.reach for e in ev] == [Reach.GENERAL, Reach.SAMPLES] and all(e.holds for e in ev)


# ---- issue #13: each check tests what the page prints, with its reach ---------------------

def _run_claim(root, claim_id: str):
    from noteproof.run.claim import run_claim
    from noteproof.sources.project import load_project
    project = load_project(root)
    claim = next(c for c in project.registry.claims if c.id == claim_id)
    return run_claim(claim, real_content(), project.notes[claim.note])


def test_d02_twelve_updates_read_from_the_page():
    """"Twelve updates are shown": the word against the read-out's count and its distance 44.6."""
    fn = real_content().get("c12.d02.updates-shown").fn
    text = note_text("chapter12")
    assert all(e.holds for e in fn(note_text=text).evidence)
    for old, new in (("Twelve updates are shown", "Eleven updates are shown"),
                     ("after 12 updates: 44.6", "after 13 updates: 44.6"),
                     ("after 12 updates: 44.6", "after 12 updates: 44.5")):
        assert not all(e.holds for e in fn(note_text=text.replace(old, new)).evidence), new
    assert not all(e.holds for e in fn(note_text="").evidence)
    # the read-out's settings are the page's, read from its sliders (a user's --set theta does not
    # re-judge the page's read-out): 44.6 is not theta = 1.1's
    assert not all(e.holds for e in fn(note_text=text.replace("Feedback multiplier (theta): 1.2",
                                                              "Feedback multiplier (theta): 1.1", 1)).evidence)


def test_d02_twelve_updates_claim(tmp_path):
    from noteproof.model import Outcome, Scope
    from tests.helpers import ROOT, copy_project, edit
    result = _run_claim(ROOT, "c12.d02.twelve-updates")
    assert result.outcome is Outcome.VERIFIED and result.scope is Scope.SETTING
    root = copy_project(tmp_path / "p")
    edit(root / "notes" / "chapter12.txt", "Twelve updates are shown.", "Ten updates are shown.")
    edit(root / "claims.yaml", 'statement: "Twelve updates are shown."', 'statement: "Ten updates are shown."')
    assert _run_claim(root, "c12.d02.twelve-updates").outcome is Outcome.FAILED


def test_d01_horizon_and_rates_from_the_page(tmp_path):
    """"Fixed time horizon 6 and positive rates": the printed horizon and rates, setting reach only
    (the rate slider's range is not printed), so partly verified; a second horizon or a negative
    rate fails."""
    from noteproof.model import Outcome
    from tests.helpers import ROOT, copy_project, edit
    setup = real_content().get("c12.d01.setup").fn
    assert all(e.holds for e in setup().evidence)
    assert not all(e.holds for e in setup(a="-1.2").evidence)
    assert not all(e.holds for e in setup(check_a="-2").evidence)
    result = _run_claim(ROOT, "c12.d01.horizon-and-rates")
    assert result.outcome is Outcome.PARTLY and any("not printed" in m for m in result.messages)
    root = copy_project(tmp_path / "p")
    edit(root / "notes" / "chapter12.txt", "Error at time 6: 0.409", "Error at time 5: 0.409")
    edit(root / "claims.yaml", '{snippet: "Error at time 6", number: "6", input: "the page\'s time horizon", param: horizon}',
         '{snippet: "Error at time 5", number: "5", input: "the page\'s time horizon", param: horizon}')
    assert _run_claim(root, "c12.d01.horizon-and-rates").outcome is Outcome.FAILED


def test_cheaper_decisions_prove_the_same_and_can_fail():
    """The targeted operations that replaced simplify/solve decide as before, and refute."""
    helpers = real_content().get("c12.d03.general-formula").fn.__globals__
    rational_zero, rational_nonzero, solved = (helpers[n] for n in ("_rational_zero", "_rational_nonzero", "_solved"))
    u, v = sp.symbols("u v")
    assert rational_zero(u / (u - v) + v / (v - u) - 1)
    assert not rational_zero(u / (u - v) + v / (v - u))              # = 1, not 0
    assert rational_nonzero(u / (u - v) + v / (v - u))
    assert not rational_nonzero(u / (u - v) + v / (v - u) - 1)       # identically 0
    assert not rational_nonzero(sp.Subs(u, v, 1) - u)                # the Subs is u: 0
    assert not rational_nonzero(sp.Function("f")(u) - u)             # not a function of plain symbols
    # rational conditions by reduce_rational_inequalities, |.| by solve_univariate_inequality: same sets
    zr = sp.Symbol("z", real=True)
    for cond in (lambda z: 1 - z > 0, lambda z: (z - 1) / (z + 2) >= 0, lambda z: sp.Abs(1 - z) < 1,
                 lambda z: sp.Abs(2 - z**2) < 2):
        assert solved(cond) == sp.solve_univariate_inequality(cond(zr), zr, relational=False)
    assert solved(lambda z: 1 - z > 0) == sp.Interval.open(-sp.oo, 1)
    assert solved(lambda z: 1 - z < 0) != sp.Interval.open(-sp.oo, 1)
    solution_set = real_content().get("c12.d01.shrink-limit").fn.__globals__["_solution_set"]
    assert solution_set(1 - zr > 0) == sp.Interval.open(-sp.oo, 1) and solution_set(sp.Abs(1 - zr) < 1) == sp.Interval.open(0, 2)
    assert value("c12.d01.shrink-limit") == 2 and value("c12.d01.shrink-lower") == 0 and value("c12.d01.sign-limit") == 1


def test_rational_nonzero_proves_only_over_the_rationals():
    """A reviewer's counterexamples: an algebraic zero and a Float zero are not proved nonzero."""
    import sys
    c12 = sys.modules[real_content().get("c12.d01.euler-decay").fn.__module__]
    x = sp.Symbol("x")
    assert not c12._rational_nonzero(sp.sqrt(3 + 2 * sp.sqrt(2)) - 1 - sp.sqrt(2))
    assert not c12._rational_nonzero(x * (sp.Float(0.1) + sp.Float(0.2) - sp.Float(0.3)))
    assert not c12._rational_nonzero(1 / (x + 1) - 1 / (1 + x))
    assert c12._rational_nonzero(1 / (x + 1))
