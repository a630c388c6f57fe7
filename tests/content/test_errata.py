"""The notes' own errors: each erratum claim fails with its erratum located at the words it
corrects; the note corrected as the erratum suggests is verified; a witness that the second
route does not reproduce is no counterexample."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pytest
import sympy as sp

from noteproof.model import ErratumKind, EvidenceKind, Outcome
from noteproof.run.claim import run_claim
from noteproof.run.witness import where_it_fails
from noteproof.sources.content import content_module, load_content
from noteproof.sources.project import load_project
from tests.helpers import ROOT, copy_project, edit

CONTENT = load_content(ROOT)


@dataclass(frozen=True)
class Case:
    claim: str
    note: str                 # notes/<note>.txt
    line: int
    kind: ErratumKind
    old: str                  # the note's words, as printed ...
    new: str                  # ... and corrected as the erratum suggests
    yaml: tuple = ()          # further claims.yaml edits the corrected words need (old, new)
    says: str | None = None   # the erratum's words, where one line holds two errata


def _y(text: str) -> str:
    """Text as claims.yaml's double-quoted strings write it."""
    return text.replace("\\", "\\\\")


SLOPE = ("but it grows without limit near theta = 1 and understates the size of a finite change.",
         "but for x other than 0 it grows without limit near theta = 1 and understates the size of a finite "
         "increase of theta that stays below 1, such as the 0.01 shown (a decrease it would overstate).")

CASES = [
    Case("c12.d01.factor-by-step", "chapter12", 11, ErratumKind.FALSE,
         "That factor is positive and small for small steps", "That factor is positive and close to 1 for small steps"),
    Case("c12.d02.settles-only-if-contraction", "chapter12", 77, ErratumKind.MISSING_CONDITION,
         "the repeated update settles from the start only when |theta| is below 1.",
         "the repeated update settles from the start only when |theta| < 1 or the start is already the "
         "fixed point (x = 0)."),
    Case("c12.d02.convergence-requires-contraction", "chapter12", 108, ErratumKind.MISSING_CONDITION,
         "Starting from z0 = 0, convergence requires |theta| < 1.",
         "Starting from z0 = 0, convergence requires |theta| < 1 unless x = 0 (then the start is the fixed point).",
         yaml=(('"convergence requires |theta| < 1."', '"convergence requires |theta| < 1 unless"'),)),
    Case("c12.d02.multiplier-decides", "chapter12", 89, ErratumKind.IMPRECISE,
         "multiplier staying below 1, not on", "multiplier staying below 1 in size, not on"),
    # line 134 holds two errata: x = 0 (a boundary) and a decrease of theta (the page's change is +0.01: words)
    Case("c12.d03.slope-understates", "chapter12", 134, ErratumKind.MISSING_CONDITION, *SLOPE,
         says="but it grows without limit near theta = 1 and understates the size of a finite change"),
    Case("c12.d03.slope-understates", "chapter12", 134, ErratumKind.IMPRECISE, *SLOPE,
         says="understates the size of a finite change"),
    Case("c12.d02.distance-multiplied", "chapter12", 67, ErratumKind.IMPRECISE,
         "multiplies the distance from the fixed point by theta.",
         "multiplies the distance from the fixed point by |theta| (the signed error z_k - z* by theta)."),
    Case("c12.d03.estimate-approximate", "chapter12", 124, ErratumKind.MISSING_CONDITION,
         "so the straight-line estimate is only approximate.",
         "so for x other than 0 the straight-line estimate is only approximate."),
    Case("c12.d04.energy-surface", "chapter12", 206, ErratumKind.FALSE,
         "a long rollout stays on the right energy surface,",
         "a long rollout keeps its energy in a bounded band around the right value instead of drifting away,"),
    Case("c12.d08.check-question", "chapter12", 460, ErratumKind.IMPRECISE,
         "What is the largest stable explicit step, and how many steps does it need for horizon 2?",
         "Below what step is explicit Euler stable, and how many steps does it then need for horizon 2?"),
    Case("c12.d08.stability-limit-readout", "chapter12", 433, ErratumKind.IMPRECISE,
         "Largest stable explicit step (2 / fast rate): 0.02", "Stability limit (2 / fast rate): 0.02",
         yaml=(('snippet: "Largest stable explicit step', 'snippet: "Stability limit'),
               ('"step (2 / fast rate)"', '"limit (2 / fast rate)"'))),
    Case("c12.d08.implicit-range", "chapter12", 458, ErratumKind.FALSE,
         "divides by 1 + h lambda, which is below 1 for every positive step.",
         "divides by 1 + h lambda, so its factor 1/(1 + h lambda) is below 1 for every positive step.",
         yaml=(('"divides by 1 + h lambda, which"', '"divides by 1 + h lambda, so"'),
               ('"which is below 1 for every"', '"lambda) is below 1 for every"'))),
    Case("c12.d08.check-answer", "chapter12", 462, ErratumKind.IMPRECISE,
         "The largest step is 2/500 = 0.004, so 2/0.004 = 500 steps.",
         "Steps must stay below 2/500 = 0.004, so more than 2/0.004 = 500 steps are needed.",
         yaml=(('"so 2/0.004"', '"than 2/0.004"'),)),
    Case("w09.euler-error-bound", "week09", 126, ErratumKind.IMPRECISE,
         "Euler error proportional to $\\Delta s$, constant set by $K$ and $S$",
         "Euler error bounded by a constant times $\\Delta s$, the constant $(C/K)(e^{KS}-1)$ set by $C$, $K$ and $S$"),
    Case("w09.fixed-point-slope-formula", "week09", 76, ErratumKind.MISSING_CONDITION,
         "$. Implicit differentiation gives", "$. Where $1-\\beta (1-a_{\\ast }^2)\\ne 0$, implicit differentiation gives"),
    # issue 23, second reading: x = 0 (the page allows it), summary items against the body's conditions
    Case("c12.d02.distance-grows", "chapter12", 67, ErratumKind.MISSING_CONDITION,
         "A distance multiplied by something above 1 in size can only grow.",
         "A distance other than 0 multiplied by something above 1 in size can only grow."),
    Case("c12.d03.change-per-step", "chapter12", 124, ErratumKind.MISSING_CONDITION,
         "so the resting value changes more and more per step in theta.",
         "so for x other than 0 the resting value changes more and more per step in theta."),
    Case("c12.d03.edge-gradients", "chapter12", 146, ErratumKind.MISSING_CONDITION,
         "1/(1-theta): layers close to the edge of stability", "1/(1-theta): for x other than 0, layers close to the edge of stability"),
    # hypotheses too weak: Lipschitz f (Week 9) makes no sensitivity; f = -max(h, 0) at h0 = 0
    Case("w10.continuous-adjoint", "week10", 127, ErratumKind.MISSING_CONDITION,
         "[Controlled approximation], under the Week 9 hypotheses",
         "[Controlled approximation], for f differentiable in h with a Lipschitz derivative, under the Week 9 hypotheses"),
    # an edge the page allows: at B = 1 no correction, at B = N no dependence (issue 22 review)
    Case("w10.without-replacement", "week10", 112, ErratumKind.MISSING_CONDITION,
         "It introduces a finite-population correction and temporal dependence",
         "For batches of more than one example but fewer than the whole dataset, it introduces a "
         "finite-population correction and temporal dependence"),
    # hypotheses too weak: smooth and invertible maps can reverse order (x -> -x); a flow's map cannot
    Case("c12.d05.layer-order", "chapter12", 263, ErratumKind.IMPRECISE,
         "A continuous-depth layer is a smooth, invertible map, so",
         "A continuous-depth layer is the time-T map of a flow, a smooth invertible map that on a single number "
         "is also increasing (its slope exp(int_0^T f'(x(s)) ds) is positive), so"),
    Case("w09.contraction-summary", "week09", 140, ErratumKind.IMPRECISE,
         "A geometric contraction of initial distinctions under identical inputs, and",
         "A geometric contraction of initial distinctions under identical inputs for $0<\\beta <1$, and"),
]


def _at(errata, case: Case) -> list:
    """The case's errata: those on its line (with its words, where the line holds two)."""
    return [e for e in errata if e.location.line == case.line and case.says in (None, e.says)]


def _run(root: Path, claim_id: str):
    project = load_project(root)
    claim = next(c for c in project.registry.claims if c.id == claim_id)
    return run_claim(claim, CONTENT, project.notes[claim.note])


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.claim}-{c.kind.value}")
def test_the_claim_fails_with_its_erratum_located(case):
    result = _run(ROOT, case.claim)
    assert result.outcome is Outcome.FAILED
    assert result.errata, result.messages
    [e] = _at(result.errata, case)
    assert e.kind is case.kind and e.claim == case.claim
    assert e.location.path == f"notes/{case.note}.txt"
    text = (ROOT / "notes" / f"{case.note}.txt").read_text(encoding="utf-8")
    assert e.says in text.split("\n")[case.line - 1]
    assert e.finding and e.suggestion and e.rerun
    # the refuting evidence is a counterexample, the one item that does not hold
    failing = [ev for ev in result.evidence if not ev.holds]
    assert failing and all(ev.kind is EvidenceKind.COUNTEREXAMPLE and ev.erratum for ev in failing)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.claim}-{c.kind.value}")
def test_the_rerun_reproduces_the_finding(case):
    project = load_project(ROOT)
    claim = next(c for c in project.registry.claims if c.id == case.claim)
    [e] = _at(_run(ROOT, case.claim).errata, case)
    rerun = run_claim(claim, CONTENT, project.notes[claim.note], params=dict(e.rerun))
    assert rerun.outcome is Outcome.FAILED and any(r.finding == e.finding for r in rerun.errata)


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c.claim}-{c.kind.value}")
def test_the_corrected_note_is_verified(case, tmp_path):
    root = copy_project(tmp_path / "project")
    edit(root / "notes" / f"{case.note}.txt", case.old, case.new)
    edit(root / "claims.yaml", _y(case.old), _y(case.new))
    for old, new in case.yaml:
        edit(root / "claims.yaml", old, new)
    result = _run(root, case.claim)
    assert result.outcome in (Outcome.VERIFIED, Outcome.PARTLY), result.messages
    assert not result.errata
    assert all(ev.holds for ev in result.evidence)


def test_the_inert_refutation_is_live_again_when_the_words_return():
    """An audit replays a cached result on an edited note: the refutation of words the
    corrected note no longer printed is judged again when they are printed."""
    from noteproof.run.claim import as_printed
    case = CASES[0]
    project = load_project(ROOT)
    note = project.notes[case.note]
    live = _run(ROOT, case.claim).evidence
    claim = project.registry.claim(case.claim)
    corrected = type(note)(note.path, note.text.replace(case.old, case.new))
    inert = as_printed(corrected, live, claim, corrected.stated(claim.text, claim.quoted))
    assert all(e.holds for e in inert) and any(e.condition and e.erratum for e in inert)
    assert as_printed(note, inert, claim, note.stated(claim.text, claim.quoted)) == live


def test_an_erratum_stands_when_its_statement_is_reworded_in_the_same_sense():
    """Probe 35: the row's "set by $K$ and $S$" written "set by $S$ and $K$" dropped its erratum
    (the claim passed): the words an erratum corrects stand where its statement stands reworded."""
    project = load_project(ROOT)
    note = project.notes["week09"]
    edited = note.text.replace("constant set by $K$ and $S$", "constant set by $S$ and $K$", 1)
    assert edited != note.text
    r = run_claim(project.registry.claim("w09.euler-error-bound"), CONTENT,
                  project.judged("week09", type(note)(note.path, edited)))
    assert r.outcome is Outcome.FAILED and r.errata, r.messages


@pytest.mark.parametrize("old,new", [("2/500 = 0.004, so", "2/500 = 4 x 10^-3, so"),
                                     ("2/500 = 0.004, so", "2/500 = 4\\times 10^{-3}, so")])
def test_an_erratum_stands_when_its_words_are_respelled(old, new):
    """The words an erratum corrects, a number in them printed in another notation of its value,
    are still printed: the erratum stands (a probe's: it vanished, and the report lost an error)."""
    project = load_project(ROOT)
    note = project.notes["chapter12"]
    respelled = project.judged("chapter12", type(note)(note.path, note.text.replace(old, new, 1)))
    r = run_claim(project.registry.claim("c12.d08.check-answer"), CONTENT, respelled)
    assert r.outcome is Outcome.FAILED and r.errata, r.messages
    assert r.errata[0].location.line == 462


def _errata_module():
    return content_module(ROOT, "derivations", "errata")


@pytest.mark.parametrize("claim_id, route, disagree", [
    ("c12.d02.settles-only-if-contraction", "recheck_iterates", lambda theta, x, updates=60: [1] * updates),
    ("c12.d01.factor-by-step", "recheck_euler_factor", lambda a, h: 0),
    ("w09.fixed-point-slope-formula", "recheck_inverse_slope", lambda beta, u: 1),
])
def test_a_witness_the_second_route_does_not_reproduce_is_no_counterexample(monkeypatch, claim_id, route, disagree):
    monkeypatch.setattr(_errata_module(), route, disagree)
    result = _run(ROOT, claim_id)
    assert not result.errata
    assert not [e for e in result.evidence if e.kind is EvidenceKind.COUNTEREXAMPLE and not e.holds]
    undecided = [e for e in result.evidence if e.statement.startswith("undecided")]
    assert undecided and not undecided[0].holds and result.outcome is Outcome.FAILED


def test_cheaper_sets_are_the_general_solvers_and_can_fail():
    """reduce_rational_inequalities decides the rational sets solve_univariate_inequality did."""
    import sympy as sp

    import derivations.errata as errata
    w, hs = sp.Symbol("w", real=True), sp.Symbol("h", positive=True)
    for cond in (lambda v: 1 - v > 0, lambda v: 1 - v < 1, lambda v: v ** 2 < 4):
        assert errata._solve(cond) == sp.solve_univariate_inequality(cond(w), w, relational=False)
    assert errata._solve(lambda v: 1 - v < 1) != sp.Interval.open(0, 1)
    more = errata.reduce_rational_inequalities([[sp.Integer(2) / hs > 500]], hs, relational=False)
    assert more == sp.solve_univariate_inequality(sp.Integer(2) / hs > 500, hs, relational=False)
    assert errata._stable_set() is errata._stable_set() and errata._iterate() is errata._iterate()
    assert not errata.zero(errata._iterate() - errata.x_ / (1 - errata.th_))   # a wrong closed form fails


# ---- words computed from the values beside them (issue 23) --------------------------

def _fn(check_id: str):
    return CONTENT.get(check_id).fn


def test_the_verlet_phase_words_follow_the_sign_of_the_lead():
    """Verlet runs fast (omega > 1): its phase ends ahead of the exact one, and says so."""
    derived = _fn("c12.d04.drift")()
    [ev] = derived.evidence
    lead = derived.steps[0].expr
    assert lead > 0 and "ahead of cos(T)" in ev.statement and "above 1" in ev.statement
    assert "behind" not in ev.statement and "lags" not in ev.statement


def test_the_rk4_remainder_carries_its_computed_sign():
    module = content_module(ROOT, "derivations", "chapter12_d05_d08")
    h = module.h
    assert module.term_text(-h**5 / 120) == "-h^5/120" and module.term_text(h**5 / 120) == "h^5/120"
    assert module.term_text(sp.exp(-1) * h**4 / 120) == "e^{-1} h^4/120"
    statements = " ".join(e.statement for e in _fn("c12.d06.step-factors")().evidence)
    assert "e^{-h} - R4(h) = -h^5/120 + O(h^6)" in statements
    assert "e^{-h} - (1 - h) = h^2/2" in statements and "Euler -e^{-1} h/2" in statements


def test_the_gradient_step_shows_its_reading_and_what_its_values_check():
    """The registered reading (a step on the scores) is shown and verified; the other reading
    (a step on parameters) fails; the notice presents the z_A change and the margin, not flags."""
    scores = _fn("w10.parameter-step")()
    reading = [e for e in scores.evidence if e.statement.startswith("reading: a step on the scores")]
    assert reading and all(e.holds for e in scores.evidence)
    assert "z_A falls by 0.207588 and z_B rises by 0.207588" in reading[0].statement
    assert "z_A rises" in reading[0].notice and "margin z_B - z_A still grows" in reading[0].notice
    assert "True" not in reading[0].notice
    params = _fn("w10.parameter-step")(on_parameters="1")
    [bad] = [e for e in params.evidence if not e.holds]
    assert "z_A rises by 0.207588" in bad.statement


def test_the_estimate_is_judged_as_printed_at_the_users_x():
    fn = _fn("c12.d03.estimate-at-zero")
    at_zero = [e for e in fn(x="0", witness_x="1").evidence if not e.holds]
    assert len(at_zero) == 1 and "exact here" in at_zero[0].statement and "0/0" in at_zero[0].statement
    assert all(e.holds for e in fn(x="-2", witness_x="1").evidence)


@pytest.mark.parametrize("claim_id, params", [
    ("c12.d02.distance-by-size", {"witness_theta": "1/2"}),        # theta >= 0: the distance is multiplied by theta
    ("c12.d04.energy-surface", {"h": "3"}),                       # no stable step: no witness
    ("c12.d03.estimate-at-zero", {"witness_x": "1"}),             # x other than 0: only approximate
    ("c12.d08.no-largest-step-question", {"check_fast": "-1"}),
    ("c12.d03.decrease-overstates", {"witness_dtheta": "1/100"}),   # an increase: the slope understates
    ("c12.d03.decrease-overstates", {"witness_x": "0"}),            # x = 0: no change to misjudge
    ("c12.d05.smooth-invertible-reverses", {"witness_slope": "2"}),  # an increasing map keeps the order
])
def test_a_new_witness_moved_off_its_failure_set_refutes_nothing(claim_id, params):
    derived = _fn(claim_id)(**params)
    assert not [e for e in derived.evidence if e.erratum is not None and not e.holds]


def test_the_kind_is_computed_from_where_the_witness_fails():
    """The same x = 0 case is a missing condition everywhere; moved onto an open set it is false."""
    module = _errata_module()
    for fails, witness in ((module.start_is_fixed_fails, {"theta": "2", "x": "0"}),
                           (module.zero_input_fails, {"theta": "4/5", "x": "0", "dtheta": "1/100"}),
                           (module.estimate_exact_fails, {"theta": "4/5", "x": "0", "dtheta": "1/100"})):
        assert where_it_fails(fails, witness).kind is ErratumKind.MISSING_CONDITION
    assert where_it_fails(module.divisor_fails, {"h": "1/20", "fast": "100"}).kind is ErratumKind.FALSE
    assert where_it_fails(module.small_factor_fails, {"a": "6/5", "h": "1/4"}).kind is ErratumKind.FALSE


@pytest.mark.parametrize("claim_id, params", [
    ("c12.d02.zero-distance-stays", {"witness_x": "1"}),          # x other than 0: the distance grows
    ("c12.d03.zero-input-change", {"witness_x": "-2"}),           # the change per step grows in size
    ("c12.d03.zero-input-gradient", {"witness_x": "1/1000"}),     # unbounded as theta -> 1
    ("w09.contraction-needs-small-coupling", {"beta": "1/2"}),    # beta < 1: it contracts
    ("w10.adjoint-needs-differentiable-f", {"start": "1/2"}),     # off the kink the flow is differentiable
    ("w10.without-replacement-edges", {"batch": "2"}),            # 1 < B < N: both effects are there
])
def test_a_second_reading_witness_moved_off_its_failure_set_refutes_nothing(claim_id, params):
    derived = _fn(claim_id)(**params)
    assert not [e for e in derived.evidence if e.erratum is not None and not e.holds]


def test_the_second_reading_kinds_are_computed_from_where_the_witness_fails():
    """x = 0 alone is a boundary (missing-condition); beta > 1 is an open set."""
    module = _errata_module()
    for fails, witness in ((module.distance_stays_fails, {"theta": "6/5", "x": "0"}),
                           (module.change_stays_fails, {"theta": "4/5", "x": "0", "dtheta": "1/100"}),
                           (module.flat_gradient_fails, {"theta": "19/20", "x": "0"})):
        assert fails(**witness) and where_it_fails(fails, witness).kind is ErratumKind.MISSING_CONDITION
        assert not fails(**{**witness, "x": "1"})
    # beta > 1 is an open set; the summary's erratum is still imprecise: the body and the row state the condition
    assert where_it_fails(module.distinction_grows_fails, {"beta": "2", "a0": "1/10", "b0": "-1/10"}).kind \
        is ErratumKind.FALSE
    assert not module.distinction_grows_fails("1/2", "1/2", "-1/2")


def test_the_second_reading_words_follow_the_values():
    """"stays" / "grows" and "above" / "below" are computed from the numbers beside them."""
    stays = _fn("c12.d02.zero-distance-stays")().evidence[1].erratum.finding
    assert "= 0 stays 0 after the first update" in stays
    grows = _fn("w09.contraction-needs-small-coupling")().evidence[1].erratum.finding
    assert "above $a_0$" in grows and "the distinction grows from 0.2 to 1.915" in grows


def test_an_erratum_stands_when_its_status_cell_drops_a_restriction():
    """Probe 13: "[Controlled approximation], under the Week 9 hypotheses" printed without its
    hypotheses claims more; the counterexample that refuted it refutes that too, and the dropped
    words are a failing check of their own (the tag's judge)."""
    project = load_project(ROOT)
    note = project.notes["week10"]
    old = "[Controlled approximation], under the Week 9 hypotheses"
    edited = project.judged("week10", type(note)(note.path, note.text.replace(old, "[Controlled approximation]", 1)))
    r = run_claim(project.registry.claim("w10.continuous-adjoint"), CONTENT, edited)
    assert r.outcome is Outcome.FAILED and r.errata, r.messages
    assert any("says something other than" in m for m in r.messages)


@pytest.mark.parametrize("claim_id", ["w09.euler-error-bound", "w10.effective-temperature", "c12.d01.factor-by-step",
                                      "c12.d04.energy-surface", "c12.d02.distance-grows",
                                      "c12.d02.multiplier-decides"])   # printed reworded as suggested
def test_the_note_corrected_as_the_report_suggests_is_verified_before_claims_yaml_is(claim_id):
    """An author prints the erratum's suggestion in place of the statement (the corrected
    statement, or the corrected words of it): the claim finds its statement there, the refutation
    of the words no longer printed is inert, and the derivation's proof of the correction
    verifies it, with a notice to update claims.yaml. Another sentence there is still not the claim."""
    project = load_project(ROOT)
    claim = project.registry.claim(claim_id)
    note = project.notes[claim.note]
    [e] = [e for e in _run(ROOT, claim_id).errata]
    whole = claim.text if note.text.count(claim.text) == 1 and e.says in claim.text else e.says
    for printed, verified in ((e.suggestion, True), (e.suggestion.replace(" ", "  ", 1) + " Not quite.", True),
                              (e.suggestion[:-12] + " otherwise.", False)):
        text = note.text.replace(whole, printed, 1)
        r = run_claim(claim, CONTENT, project.judged(claim.note, type(note)(note.path, text)))
        if verified:
            assert r.outcome in (Outcome.VERIFIED, Outcome.PARTLY) and not r.errata, r.messages
            assert any(m.startswith("reworded: ") and "the correction suggested" in m for m in r.messages)
        else:
            assert r.outcome is Outcome.FAILED, r.messages


def test_check_lists_a_refutation_of_corrected_words_as_corrected_not_failing(tmp_path):
    """The note printed as the erratum suggested ("below 1 in size"): `check` lists the
    counterexample to the old words ("below 1") apart, as corrected, never among the statements
    that fail (run.checkat._mark_corrected); the claim is verified."""
    from noteproof.run.checkat import check_at
    root = copy_project(tmp_path / "p")
    path = root / "notes" / "chapter12.txt"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "staying below 1, not on", "staying below 1 in size, not on", 1), encoding="utf-8")
    project = load_project(root)
    checked = check_at(project, project.registry.claim("c12.d02.multiplier-decides"), {})
    [old] = [s for s in checked.statements if s["kind"] == "counterexample" and "does not settle" in s["statement"]]
    assert old.get("corrected") and not old["judged"] and checked.result.outcome is Outcome.VERIFIED


@pytest.mark.parametrize("cell, live", [
    ("[Controlled approximation] — under the hypotheses of Week 9", True),   # reworded: still the erratum's words
    ("[Controlled approximation], for f differentiable in h with a Lipschitz derivative, under the Week 9 "
     "hypotheses", False),                                                   # corrected as suggested
])
def test_a_status_cell_reworded_in_the_same_sense_keeps_its_erratum(tmp_path, cell, live):
    """Probe 127 h07: a harmless rewording of a wrong cell keeps the note wrong in the same way."""
    root = copy_project(tmp_path / "project")
    edit(root / "notes" / "week10.txt", "[Controlled approximation], under the Week 9 hypotheses", cell)
    result = _run(root, "w10.continuous-adjoint")
    assert bool(result.errata) is live, result.messages
