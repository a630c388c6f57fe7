"""The report without a baseline, on edits of its own: the notes as written fail only on their
errata; one occurrence of a plain-text formula edited fails the report, a respacing passes; a
number moved across its conclusion is a decision error. (The mutation suite's "no baseline"
column, every breaking edit failing the report of the edited note as it stands and every harmless
one passing it, is judged in the suite's forked workers: tests/audit/test_audit_mutations.py.)
The judge is tests/audit/judge.py, with the session's report cache as memo.
"""
from __future__ import annotations

import pytest

from tests.audit.judge import as_written as written
from tests.audit.judge import report_judge


@pytest.fixture(scope="module")
def judge(report_cache):
    return report_judge(report_cache)


@pytest.fixture(scope="module")
def as_written(judge):
    """What fails in the notes as their author wrote them: the notes' own errata."""
    return written(judge)


def test_the_notes_as_written_fail_only_on_their_errata(judge, as_written):
    """As written, what fails is the notes' own errors (and claims resting on them), nothing else."""
    from noteproof.run.claim import run_claim
    for key, bad in as_written.items():
        failing = {b[0] for b in bad if b[0] not in ("row", "math", "prose", "step", "number")}
        assert not [b for b in bad if b[0] in ("row", "math", "prose", "step", "number")], bad   # no row, math, sentence or number unaccounted
        for claim_id in failing:
            claim = judge.project.registry.claim(claim_id)
            r = run_claim(claim, judge.project.content, judge.project.notes[key])
            assert r.errata or any(m.startswith("upstream ") for m in r.messages) or claim.uses, claim_id


# Chapter 12's plain-text formulas, one occurrence edited: the report of the note as it stands
# finds the edit (the other printings still read as registered), and a respacing passes.
PLAIN_BREAKING = [
    ("the slope is x/(1-theta)^2, which", "the slope is x/(1-theta)^3, which"),
    ("Slope = x / (1 - theta)^2 = 1", "Slope = x / (1 + theta)^2 = 1"),
    ("Fixed point: z* = x / (1 - theta)", "Fixed point: z* = x / (1 + theta)"),
]
PLAIN_HARMLESS = [
    ("the slope is x/(1-theta)^2, which", "the slope is x / (1 - theta)^2, which"),
    ("Slope = x / (1 - theta)^2 = 1", "Slope = x/(1-theta)^2 = 1"),
]


@pytest.mark.parametrize("old,new", PLAIN_BREAKING)
def test_an_edit_of_one_plain_text_occurrence_fails_the_report(old, new, judge, as_written):
    text = judge.project.notes["chapter12"].text
    assert old in text
    assert judge.new_failure("chapter12", text.replace(old, new, 1), as_written["chapter12"])


@pytest.mark.parametrize("old,new", PLAIN_HARMLESS)
def test_a_respaced_plain_text_formula_passes_the_report(old, new, judge, as_written):
    text = judge.project.notes["chapter12"].text
    assert old in text
    assert judge("chapter12", text.replace(old, new, 1)) <= as_written["chapter12"]


# A number printed across the threshold the note's conclusion rests on (claims.yaml `decides:`)
# is a decision error in the report of the edited note, with no baseline; a wrong digit on the
# same side is an ordinary wrong number.
DECISION_EDITS = [
    ("chapter12", "Size of multiplier |theta|: 1.2", "Size of multiplier |theta|: 0.8", True),
    ("chapter12", "Size of multiplier |theta|: 1.2", "Size of multiplier |theta|: 1.3", False),
    ("week09", "2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.00107", True),
    ("week09", "2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000987", False),
    ("week10", "\\simeq (0.207588,-0.207588)", "\\simeq (-0.207588,-0.207588)", True),
    ("chapter12", "so the gap 0.271 stays above zero", "so the gap 0.281 stays above zero", False),
]


@pytest.mark.parametrize("key,old,new,decision", DECISION_EDITS)
def test_a_number_across_its_conclusion_is_a_decision_error_without_a_baseline(key, old, new, decision, judge,
                                                                               as_written):
    text = judge.project.notes[key].text
    assert old in text
    bad = judge(key, text.replace(old, new, 1)) - as_written[key]
    wrong = [m for _, m in bad if m.startswith("number ")]
    assert wrong, bad
    assert any("decision error: the note concludes" in m for m in wrong) == decision, wrong
