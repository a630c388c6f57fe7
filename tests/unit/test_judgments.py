"""One judge (audit.judgments): an audit's errors stand where the report's judgment of the
edited note gained a failing check, and only there."""
from __future__ import annotations

from noteproof.audit.judgments import Judgment, new_failures, reconcile
from noteproof.model import ClaimResult, Finding, Location, Outcome, Severity
from noteproof.run.failing import failing_checks


def _result(outcome: Outcome, *messages: str) -> ClaimResult:
    return ClaimResult("c.one", "note", "row", "[Exact]", (), outcome, messages=tuple(messages))


def _finding(code: str = "NP101", claim: str = "c.one", severity: Severity = Severity.ERROR) -> Finding:
    return Finding("number", severity, claim, Location("n.txt", 3, 1), "0.41 is wrong", code=code, span=(5, 9))


def test_failing_checks_set_locations_aside_and_skip_explanations():
    r = _result(Outcome.FAILED, "does not hold: x (notes/n.txt:12:3) is wrong", "reworded: the note now reads 'y'")
    assert failing_checks(r) == {"does not hold: x is wrong"}
    assert failing_checks(_result(Outcome.VERIFIED, "reworded: z")) == frozenset()


def test_a_new_failure_inside_a_failing_claim_is_new():
    old = Judgment({"c.one": frozenset({"does not hold: the erratum"})})
    new = Judgment({"c.one": frozenset({"does not hold: the erratum", "number '0.18': computed 0.19"})})
    assert new_failures(old, new) == {"c.one": frozenset({"number '0.18': computed 0.19"})}
    assert new_failures(old, old) == {}


def test_an_error_the_report_does_not_make_becomes_a_notice():
    same = Judgment({"c.one": frozenset()})
    [f] = reconcile([_finding()], same, same, {})
    assert f.severity is Severity.NOTICE


def test_an_error_the_report_makes_stands():
    old, new = Judgment({"c.one": frozenset()}), Judgment({"c.one": frozenset({"number '0.4': computed 0.409"})})
    [f] = reconcile([_finding()], old, new, {})
    assert f.severity is Severity.ERROR


def test_a_failure_no_finding_names_is_np901_and_still_equal_is_dropped():
    old, new = Judgment({"c.one": frozenset()}), Judgment({"c.one": frozenset({"formula 'x': wrong"})})
    out = reconcile([_finding("NP205", severity=Severity.NOTICE)], old, new, {"c.one": Location("n.txt", 52)})
    assert [f.code for f in out] == ["NP901"] and out[0].severity is Severity.ERROR
    assert "formula 'x': wrong" in out[0].message and out[0].location.line == 52


def test_math_no_claim_owns_is_an_error_only_when_more_of_it_is_unaccounted():
    """Else it is no finding at all: the report accounts for it (one judge)."""
    f = _finding("NP302", claim="")
    span = (("x+1", None),)
    assert reconcile([f], Judgment({}, math=()), Judgment({}, math=()), {}) == []
    assert reconcile([f], Judgment({}, math=()), Judgment({}, math=span), {})[0].severity is Severity.ERROR


def test_more_unaccounted_math_that_no_finding_names_is_a_finding_of_its_own():
    """One judge: words moved into a declaration's snippet leave its spans unaccounted in the
    report; the audit, which had no finding about them, says so (probe 13)."""
    spans = (("\\Delta s=0.5", None), ("\\Delta s=3", None))
    out = reconcile([], Judgment({}), Judgment({}, math=spans), {})
    assert [(f.code, f.severity, f.quoted) for f in out] == [("NP301", Severity.ERROR, t) for t, _ in spans]
    assert reconcile([], Judgment({}, math=spans), Judgment({}, math=spans), {}) == []


def test_a_new_unchecked_number_stands_only_where_the_report_lists_one_more():
    unchecked = Finding("coverage", Severity.WARNING, "", Location("n.txt", 9, 31), "new number 12 is checked by nothing",
                        "12", code="NP701", span=(40, 42))
    same = Judgment({}, numbers=())
    more = Judgment({}, numbers=(("12", Location("n.txt", 9, 31)),))
    assert reconcile([unchecked], same, same, {}) == []          # "12 updates" for "Twelve updates"
    assert reconcile([unchecked], same, more, {}) == [unchecked]  # a number nothing checks, as the report lists it


def test_a_statement_reworded_where_its_claim_lost_a_failure_asks_for_claims_yaml_to_follow():
    """An erratum fixed as suggested (run.claim._corrected): NP507 is a notice that names the
    failing check gone and asks for claims.yaml's statement, not for the old words back."""
    fixed = Finding("statement", Severity.ERROR, "c.one", Location("n.txt", 3, 1), "statement reworded",
                    code="NP507", help='restore "small"')
    old, new = Judgment({"c.one": frozenset({"does not hold: small"})}), Judgment({"c.one": frozenset()})
    [f] = reconcile([fixed], old, new, {})
    assert f.severity is Severity.NOTICE and "lost a failing check: does not hold: small" in f.message
    assert "claims.yaml" in f.help and "restore" not in f.help
    [g] = reconcile([fixed], new, new, {})   # nothing fixed: the old help stands
    assert g.severity is Severity.NOTICE and g.help == 'restore "small"'
