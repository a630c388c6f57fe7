"""The note as printed is what is judged: tags, numbers, statements and math spans are
read from the note text at every run, with no git baseline (issue: one judgment)."""
from __future__ import annotations

import pytest

from noteproof.model import Erratum, ErratumKind, Evidence, Outcome, Reach, Scope, Status
from noteproof.model import EvidenceKind as K
from noteproof.sources.notes import Note
from tests.helpers import ROOT


@pytest.fixture(scope="module")
def real():
    from noteproof.sources.project import load_project
    return load_project(ROOT)


def run_edited(project, claim_id: str, old: str, new: str):
    """Run one claim against its note with ``old`` replaced by ``new`` (no baseline anywhere)."""
    from noteproof.run.claim import run_claim
    claim = project.registry.claim(claim_id)
    note = project.notes[claim.note]
    assert old in note.text
    return run_claim(claim, project.content, Note(note.path, note.text.replace(old, new, 1)))


def test_a_tag_raised_in_the_note_only_fails(real):
    row = "Euler error proportional to $\\Delta s$, constant set by $K$ and $S$\t"
    r = run_edited(real, "w09.euler-error-bound", row + "[Controlled approximation]", row + "[Exact]")
    assert r.outcome is Outcome.FAILED and r.tag.startswith("[Exact]")
    assert any("overstated" in m for m in r.messages)
    assert any("the note's status cell reads" in m for m in r.messages)


def test_a_tag_lowered_in_the_note_is_judged_as_printed(real):
    row = "Descent inequality at fixed current input\t"
    r = run_edited(real, "w09.energy-descent", row + "[Exact]", row + "[Approximation]")
    assert r.tag.startswith("[Approximation]") and r.outcome is not Outcome.FAILED


@pytest.mark.parametrize("claim_id,old,new", [
    ("w10.two-state-path", "\\simeq 2.525729", "\\simeq 2.52573"),
    ("w10.two-state-path", "\\simeq 2.525729", "\\simeq 2.5257286443"),
    ("w10.temperature-softmax", "\\simeq 0.633975", "\\simeq 0.634"),
])
def test_re_rounding_passes_without_a_registry_edit(real, claim_id, old, new):
    r = run_edited(real, claim_id, old, new)
    assert r.outcome in (Outcome.VERIFIED, Outcome.PARTLY), r.messages
    assert new.split()[-1] in {n.quoted for n in r.numbers}


def test_a_wrong_printed_value_fails_with_the_printed_number(real):
    r = run_edited(real, "w10.two-state-path", "\\simeq 2.525729", "\\simeq 2.9")
    assert r.outcome is Outcome.FAILED
    assert any(n.quoted == "2.9" and n.outcome is Outcome.FAILED for n in r.numbers)
    assert not any(n.quoted == "0.633975" for n in r.numbers)


def test_a_quote_is_never_attached_to_another_number():
    note = Note("n.txt", "first $x\\simeq 0.634$ then $y\\simeq 2.52573$.")
    assert note.quote_at("\\simeq 2.525729", "2.525729")[1] == "2.52573"
    assert note.quote_at("\\simeq 0.633975", "0.633975")[1] == "0.634"
    assert note.quote_at("\\simeq 7.5", "7.5") is None          # two candidates, neither re-rounds 7.5
    assert Note("n.txt", "only 3 here").quote_at("= 3", "3") is None  # too little context of its own


def test_a_quote_is_never_read_out_of_the_front_of_a_longer_number():
    """Probe 35: "with the limit at 2" edited to "... at 2.5" read 2 and verified it."""
    note = Note("n.txt", "Right: the factor against ah, with the limit at 2.5 and the point.\n")
    assert note.quote_at("with the limit at 2", "2") == (48, "2.5")
    assert Note("n.txt", "after 12 steps we stop").quote_at("2 steps we stop", "2") == (6, "12")


@pytest.mark.parametrize("a, b, same", [("1.5", "1", False), ("1.5", "2", True), ("0.5", "1", True),
                                        ("0.01075", "0.0108", True), ("0.0107", "0.0107", True),
                                        ("0.01074", "0.0107", True), ("0.0106", "0.0107", False)])
def test_a_context_number_is_the_same_only_as_a_rounding(a, b, same):
    """A quote's context words keep their numbers up to a re-rounding ("exact value 1 by 0.0107"
    is not found in "exact value 1.5 by 0.0107": 1.5 is never printed 1)."""
    from noteproof.sources.notes import agree_rounded
    assert agree_rounded(a, b) is same and agree_rounded(b, a) is same
    note = Note("n.txt", "Its frequency exceeds the exact value 1.5 by 0.0107, so the drift grows.\n")
    assert note.quote_at("exceeds the exact value 1 by 0.0107", "0.0107") is None


def test_a_quote_is_found_beside_another_quotes_number_that_changed(real):
    """Probe 35: "(Euler, RK4): 4, 8" for "4, 16" also failed the unchanged 4 ("snippet not
    found"); the 16 is the RK4 quote's, which says what is wrong."""
    note = real.notes["chapter12"]
    edited = real.judged("chapter12", Note(note.path, note.text.replace("(Euler, RK4): 4, 16", "(Euler, RK4): 4, 8", 1)))
    at = edited.quote_at("): 4, 16", "4")
    assert at is not None and at[1] == "4"


def test_a_changed_page_setting_read_from_the_note_is_not_its_snippet():
    note = Note("n.txt", "Decay rate (a): 1.3\n")
    assert note.quote_at("Decay rate (a): 1.2", "1.2") == (16, "1.3")


@pytest.mark.parametrize("cell", ["[Proposal]: 12% lower perplexity than the baseline",
                                  "[Proposal]: better accuracy in the version consulted"])
def test_a_proposal_quoting_performance_in_the_note_fails(real, cell):
    old = "[Proposal]: no reported performance in the version consulted on 2026-09-13"
    r = run_edited(real, "w09.looped-transformer-proposal", old, cell)
    assert r.outcome is Outcome.FAILED


def test_the_proposal_as_printed_passes(real):
    from noteproof.run.claim import run_claim
    claim = real.registry.claim("w09.looped-transformer-proposal")
    assert run_claim(claim, real.content, real.notes["week09"]).outcome is Outcome.VERIFIED


def _math(real, key: str, text: str):
    from noteproof.sources.coverage import scan_math
    return scan_math(Note(real.notes[key].path, text), real.claims_of(key), real.registry.notes[key])


def test_every_math_span_of_the_notes_is_accounted_for(real):
    for key, note in real.notes.items():
        lost = [m for m in _math(real, key, note.text) if m.coverage == "unaccounted"]
        assert not lost, lost


@pytest.mark.parametrize("key,old,new", [
    ("week09", "the response is $1/(1-\\beta )$", "the response is $1/(1+\\beta )$"),
    ("week09", "zero-input branch with $\\beta <1$", "zero-input branch with $\\beta >1$"),
    ("week10", "$A\\Sigma +\\Sigma A=\\eta C/B.$", "$A\\Sigma +A\\Sigma =\\eta C/B.$"),
    ("week09", "At $\\Delta s=0.5$ the amplitude", "At $\\Delta s=0.7$ the amplitude"),
])
def test_an_edited_math_span_is_unaccounted(real, key, old, new):
    text = real.notes[key].text
    assert old in text
    lost = [m for m in _math(real, key, text.replace(old, new, 1)) if m.coverage == "unaccounted"]
    assert lost, "the edited span should be unaccounted"


@pytest.mark.parametrize("old,new", [
    ("the slope is x/(1-theta)^2, which", "the slope is x/(1-theta)^3, which"),   # one of two printings
    ("Slope = x / (1 - theta)^2", "Slope = x / (1 + theta)^2"),                   # inside worked arithmetic
    ("Fixed point: z* = x / (1 - theta)", "Fixed point: y* = x / (1 - theta)"),   # the side named
    ("Euler factor per step (1 - ah)", "Euler factor per step (1 + ah)"),
    ("that is h < 2 / 100", "that is h > 2 / 100"),
    ("The denominator 1 - theta", "The denominator 1 + theta"),                   # a declared definition
    ("With x = 0 every", "With x < 0 every"),                                     # a setting's relation
    ("2 (x(1) - y) x(1) = 2", "2 (x(1) + y) x(1) = 2"),
])
def test_an_edited_plain_text_formula_is_unaccounted(real, old, new):
    text = real.notes["chapter12"].text
    assert old in text
    lost = [m for m in _math(real, "chapter12", text.replace(old, new, 1)) if m.coverage == "unaccounted"]
    assert lost, "the edited plain-text formula should be unaccounted"


@pytest.mark.parametrize("old,new", [
    ("the slope is x/(1-theta)^2, which", "the slope is x / (1 - theta)^2, which"),
    ("Fixed point: z* = x / (1 - theta)", "Fixed point: z* = x/(1 - theta)"),
    ("x_old x 0.167", "x_old x 0.1667"),                                          # re-rounded in worked arithmetic
    ("1 - h + h^2/2 - h^3/6 + h^4/24 = 0.779", "1 - h + h^2/2 - h^3/6 + h^4/24 = 0.77930"),
])
def test_a_respaced_or_re_rounded_plain_text_formula_stays_accounted(real, old, new):
    text = real.notes["chapter12"].text
    assert old in text
    assert not [m for m in _math(real, "chapter12", text.replace(old, new, 1)) if m.coverage == "unaccounted"]


def test_plain_text_formulas_are_in_the_math_inventory(real):
    got = {m.text: m.coverage for m in _math(real, "chapter12", real.notes["chapter12"].text)}
    assert got["x/(1-theta)^2"] in ("check", "restatement")
    assert got["x / (1 - theta)^2 = 1 / 0.2^2 = 25"] == "check"
    assert got["1 / 10^k"] == "definition"
    assert "e^(-1.2 x 6) = 0.000747" not in got          # numbers only: the numbers inventory's


def test_a_reworded_sentence_around_math_stays_accounted(real):
    text = real.notes["week09"].text.replace("A large response near one", "A big response near one", 1)
    assert not [m for m in _math(real, "week09", text) if m.coverage == "unaccounted"]


# ---- reach and errata ----------------------------------------------------------------

def test_a_general_statement_with_instance_evidence_is_partly_verified():
    from noteproof.run.earn import reach_gaps
    inst = (Evidence(K.IDENTITY, "holds for m = 1..4", True, reach=Reach.INSTANCES),)
    assert reach_gaps(Scope.GENERAL, (Status.EXACT,), inst)
    assert not reach_gaps(Scope.EXISTS, (Status.EXACT,), inst)
    general = inst + (Evidence(K.IDENTITY, "holds for every m (induction)", True),)
    assert not reach_gaps(Scope.GENERAL, (Status.EXACT,), general)


def test_numeric_evidence_reaches_the_setting_only():
    from noteproof.run.earn import reach_gaps
    num = (Evidence(K.NUMERIC, "0.409 recomputed", True),)
    assert num[0].reach is Reach.SETTING
    assert reach_gaps(Scope.GENERAL, (Status.APPROXIMATION,), num) == ()   # a value is particular by nature
    assert reach_gaps(Scope.GENERAL, (Status.EXACT,), (Evidence(K.IDENTITY, "x", True, reach=Reach.SETTING),))


def test_an_erratum_fails_its_claim_and_is_located(real):
    from noteproof.run.claim import assemble
    claim = real.registry.claim("c12.d02.twelve-updates")
    note = real.notes["chapter12"]
    wrong = Erratum(ErratumKind.FALSE, "Twelve updates are shown.", "eleven are", "say eleven",
                    (("updates", "11"),))
    ev = (Evidence(K.COUNTEREXAMPLE, "the page shows eleven", False, erratum=wrong),)
    r = assemble(claim, note, ev, (), (), ())
    assert r.outcome is Outcome.FAILED and len(r.errata) == 1
    e = r.errata[0]
    assert e.claim == claim.id and e.location == note.locate("Twelve updates are shown.")
    assert e.command == "noteproof check c12.d02.twelve-updates --set updates=11"


def test_an_erratum_whose_evidence_holds_is_dropped(real):
    from noteproof.run.claim import assemble
    claim = real.registry.claim("c12.d02.twelve-updates")
    ok = Erratum(ErratumKind.FALSE, "Twelve updates are shown.", "", "")
    r = assemble(claim, real.notes["chapter12"], (Evidence(K.IDENTITY, "twelve", True, erratum=ok),), (), (), ())
    assert r.errata == () and r.outcome is Outcome.VERIFIED


# ---- relations whole, operators kept in order --------------------------------------

def run_both_edited(project, claim_id: str, old: str, new: str):
    """Edit the note and the registry's formulas alike (a registry kept in step)."""
    from dataclasses import replace

    from noteproof.run.claim import run_claim
    claim = project.registry.claim(claim_id)
    claim = replace(claim, row=claim.row.replace(old, new) if claim.row else None,
                    formulas=tuple(replace(f, text=f.text.replace(old, new)) for f in claim.formulas))
    note = project.notes[claim.note]
    assert old in note.text
    return run_claim(claim, project.content, Note(note.path, note.text.replace(old, new)))


@pytest.mark.parametrize("claim_id,old,new", [
    ("w09.contraction", "{\\tilde{a}}_i|\\le {\\beta }^i", "{\\tilde{a}}_i|\\ge {\\beta }^i"),
    ("w09.contraction", "{\\tilde{a}}_i|\\le {\\beta }^i", "{\\tilde{a}}_i|<{\\beta }^i"),
    ("w09.euler-error-bound", "e_L\\le \\frac{C}{K}", "e_L\\ge \\frac{C}{K}"),
    ("w09.euler-error-bound", "e_{\\ell +1}\\le (1+K", "e_{\\ell +1}=(1+K"),
])
def test_a_relation_turned_round_fails_even_with_the_registry_in_step(real, claim_id, old, new):
    r = run_both_edited(real, claim_id, old, new)
    assert r.outcome is Outcome.FAILED
    assert any(f.outcome is Outcome.FAILED and "relation" in f.message for f in r.formulas)


def test_matrices_do_not_commute(real):
    r = run_both_edited(real, "w10.lyapunov-balance", "A\\Sigma +\\Sigma A=", "A\\Sigma +A\\Sigma =")
    assert r.outcome is Outcome.FAILED
    assert any("operator" in f.message for f in r.formulas)


def test_the_gibbs_covariance_keeps_its_inverse(real):
    r = run_both_edited(real, "w10.effective-temperature", "\\Sigma =T{A}^{-1}", "\\Sigma =T{A}")
    assert r.outcome is Outcome.FAILED


def test_the_lyapunov_balance_is_proved_for_symbolic_size(real):
    from noteproof.run.claim import run_claim
    r = run_claim(real.registry.claim("w10.lyapunov-balance"), real.content, real.notes["week10"])
    assert r.outcome is Outcome.VERIFIED
    assert any(e.reach is Reach.GENERAL and "n x n" in e.statement and e.holds for e in r.evidence)


# ---- exact quantities compared exactly ------------------------------------------------

def _quote(number: str, exact: bool = False, rounded: bool = False):
    from noteproof.model import Location
    from noteproof.sources.registry import QuoteSpec
    return QuoteSpec(f"Fixed point (z*): {number}", number, "n.id", None, exact, Location("claims.yaml", 1), rounded)


@pytest.mark.parametrize("printed,value,exact,ok", [
    ("-5", "-5", True, True),
    ("-5", "-4.8", True, False),          # the interval [-5.5, -4.5) would accept it
    ("-5", "-4.8", False, True),          # a measured value, rounded: the interval rule
    ("1", "1.0000000001", True, False),   # a threshold found by findroot must be 1 to its precision
    ("-5.0", "-5", True, True),
])
def test_an_exact_quantity_is_compared_for_equality(printed, value, exact, ok):
    import mpmath

    from noteproof.run.claim import place_number
    note = Note("n.txt", f"Fixed point (z*): {printed}\n")
    with mpmath.workdps(50):
        v = mpmath.mpf(value)
    r = place_number(note, _quote(printed, exact), v, value, 50)
    assert (r.outcome is Outcome.VERIFIED) is ok, r.message


@pytest.mark.parametrize("printed,ok,rounded", [("5", True, False), ("5.2", False, False),
                                                ("0.41", False, False), ("0.41", True, True)])
def test_an_exact_rational_result_is_exact_by_default(printed, ok, rounded):
    from fractions import Fraction

    from noteproof.run.claim import place_number
    note = Note("n.txt", f"Fixed point (z*): {printed}\n")
    value = Fraction(5) if printed in ("5", "5.2") else Fraction(4096, 10000)
    r = place_number(note, _quote(printed, rounded=rounded), value, str(value), 50)
    assert (r.outcome is Outcome.VERIFIED) is ok, r.message


def test_a_marked_approximation_of_an_exact_value_is_rounded():
    from fractions import Fraction

    from noteproof.model import Location
    from noteproof.run.claim import place_number
    from noteproof.sources.registry import QuoteSpec
    note = Note("n.txt", "$2^{-10}\\simeq 0.000977$\n")
    q = QuoteSpec("2^{-10}\\simeq 0.000977", "0.000977", "n.id", None, False, Location("claims.yaml", 1))
    assert place_number(note, q, Fraction(1, 1024), "1/1024", 50).outcome is Outcome.VERIFIED


# ---- page settings read from the note -------------------------------------------------

@pytest.mark.parametrize("claim_id,old,new", [
    ("c12.d01.euler-follows-decay", "Decay rate (a): 1.2\n\nThe exact", "Decay rate (a): 1.3\n\nThe exact"),
    ("c12.d02.settles-only-if-contraction", "z1 = 1.2 x 0 + 1 = 1", "z1 = 1.2 x 0 + 2 = 1"),
])
def test_a_page_setting_printed_otherwise_fails(real, claim_id, old, new):
    r = run_edited(real, claim_id, old, new)
    assert r.outcome is Outcome.FAILED
    assert any("the page states" in e.statement and not e.holds for e in r.evidence), r.messages


def test_a_slider_moved_alone_fails_its_read_outs(real):
    r = run_edited(real, "c12.d08.stiff-limit", "Step size (h): 0.05\n", "Step size (h): 0.04\n")
    assert r.outcome is Outcome.FAILED
    assert any(n.quoted == "-4" and n.outcome is Outcome.FAILED for n in r.numbers)   # 1 - 0.04 x 100 = -3


def test_the_checks_run_at_the_printed_setting(real):
    """Every print of a changed consistently: the read-outs are recomputed at the printed value."""
    from noteproof.run.claim import page_settings
    claim = real.registry.claim("c12.d08.stiff-limit")
    note = real.notes["chapter12"]
    from noteproof.run.claim import input_evidence
    edited = Note(note.path, note.text.replace("0.05", "0.04"))
    assert page_settings(claim, edited)["h"] == "0.04" and not input_evidence(claim, edited)


def test_the_backward_recursion_keeps_the_transpose_on_the_left(real):
    old = "=(D_h{F}_{\\ell }{)}^{\\mathsf{T}}{\\delta }^{\\ell +1},"
    new = "={\\delta }^{\\ell +1}(D_h{F}_{\\ell }{)}^{\\mathsf{T}},"
    r = run_both_edited(real, "w10.backward-recursion", old, new)
    assert r.outcome is Outcome.FAILED


def test_a_derivative_is_written_with_the_notes_partial_sign():
    """∂ℒ/∂θ where the note's formula writes \\partial, d/dθ otherwise; the note's \\mathcal L."""
    import sympy

    from noteproof.formula.texform import form_latex
    theta = sympy.Symbol("theta")
    d = sympy.Derivative(sympy.Function("L")(theta), theta)
    assert form_latex(d, {"L": "\\mathcal L"}, partial=True) == r"\frac{\partial \mathcal L}{\partial \theta}"
    assert form_latex(d, {"L": "\\mathcal L"}) == r"\frac{d \mathcal L}{d \theta}"
