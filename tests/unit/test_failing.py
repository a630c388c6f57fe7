"""Every failing check counts (run.failing), and an acknowledged erratum no longer fails a run
while anything new in the same claim still does (report.Report.ok)."""
from __future__ import annotations

from noteproof.model import ClaimResult, Erratum, ErratumKind, Evidence, EvidenceKind, Outcome
from noteproof.report.report import NoteSection, Report
from noteproof.run.failing import failing_checks, unacknowledged

WRONG = Evidence(EvidenceKind.COUNTEREXAMPLE, "1 + h lambda is below 1", False,
                 erratum=Erratum(ErratumKind.FALSE, "below 1", "at h = 1/20 it is 6", "above 1"))


def _claim(*extra: str) -> ClaimResult:
    return ClaimResult("c.one", "n", "row", "Illustration", (), Outcome.FAILED, evidence=(WRONG,),
                       messages=("does not hold: 1 + h lambda is below 1", *extra))


def _report(result: ClaimResult, acknowledged: bool) -> Report:
    return Report("0", 50, (NoteSection("n", "N", "n.txt", (result,), ()),),
                  (("c.one", "kept until the next edition"),) if acknowledged else ())


def test_each_failing_check_is_counted():
    assert len(failing_checks(_claim())) == 1
    assert len(failing_checks(_claim("number '0.18': computed 0.19"))) == 2
    assert _report(_claim("number '0.18': computed 0.19"), False).summary["failing_checks"] == 2


def test_an_acknowledged_erratum_no_longer_fails_a_run():
    assert not _report(_claim(), False).ok
    report = _report(_claim(), True)
    assert report.ok and report.summary["acknowledged"] == 1
    assert unacknowledged(_claim(), True) == frozenset()


def test_a_new_failure_in_an_acknowledged_claim_still_fails():
    report = _report(_claim("number '0.18': computed 0.19, outside what '0.18' allows"), True)
    assert not report.ok and report.summary["acknowledged"] == 0


def test_a_sound_upstream_explains_and_a_failed_upstream_fails():
    from noteproof.run.failing import is_info
    assert is_info("upstream w09.euler-error-bound has an erratum in its wording; what it establishes holds")
    assert not is_info("upstream c12.d05.order-kept failed")
