"""One judge: an audit's errors are the report's judgment of the edit, located.

The report judges a note as printed: each registered claim run on it (run.claim.run_claim),
the status rows no claim encodes and the math spans and sentences nothing accounts for. An edit breaks
something exactly when that judgment of the edited note has a failing check the judgment of
the baseline does not have. The audit's own findings (audit.findings, audit.follow) say
where and how to fix; this module makes their severity follow the judgment:

* a claim whose judgment gained a failing check keeps its errors; a warning about it (an
  input lost) becomes an error; and it gets one (NP901, the check's own words) when no
  finding of the audit names it;
* a finding of error severity about a claim whose judgment gained nothing becomes a notice
  (the report passes the edit: a re-spelling, a re-rounding; what the report does not fail,
  the audit does not warn of);
* a new number checked by nothing (NP701) stands only when the edited note has more numbers
  nothing checks than the baseline (the report lists them as warnings);
* an error about text no claim owns (NP301, NP302, NP303, NP502) stays an error only when
  the edited note has more unaccounted math, unaccounted sentences or unencoded rows than
  the baseline; else it is dropped: the report accounts for the edited text as for the old
  (a sentence reworded around a number its quote still finds).
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace

from ..model import ClaimResult, Finding, Severity
from ..run.failing import failing_checks

OWNERLESS = {"NP301": "math", "NP302": "math", "NP303": "prose", "NP502": "rows"}
UNCHECKED = "NP701"   # a new number checked by nothing: a warning, as the report lists it


@dataclass(frozen=True)
class Judgment:
    """What fails in the report of one note: each claim's failing checks, and the rows, math
    spans and sentences nothing accounts for, each as (its text, where it stands)."""

    failing: dict[str, frozenset[str]]
    rows: tuple = ()
    math: tuple = ()
    prose: tuple = ()
    numbers: tuple = ()   # the numbers nothing checks (formula.declared.unaccounted_numbers): warnings
    steps: tuple = ()     # the wrong worked steps that print them (run.steps.unchecked_wrong_steps): errors


def judgment(results: dict[str, ClaimResult], rows: tuple = (), math: tuple = (), prose: tuple = (),
             numbers: tuple = (), steps: tuple = ()) -> Judgment:
    return Judgment({cid: failing_checks(r) for cid, r in results.items()}, rows, math, prose, numbers, steps)


# an ownerless kind the report finds more of, with no finding of the audit naming it: its own
_RESTORE = "restore the text its declaration or listing reads, or register it in claims.yaml"
_UNNAMED = {"math": ("formula", "NP301", "math the report finds unaccounted after the edit", _RESTORE),
            "prose": ("statement", "NP303", "a sentence the report finds unaccounted after the edit", _RESTORE),
            "rows": ("row", "NP502", "a status row the report finds no claim encoding after the edit", _RESTORE),
            "steps": ("number", "NP105", "a worked step no quote reads that does not hold as printed",
                      "print what the left side computes, or restore the step")}


def new_failures(old: Judgment, new: Judgment) -> dict[str, frozenset[str]]:
    """claim id -> the failing checks of the edited note the baseline's judgment lacks."""
    return {cid: gained for cid, checks in new.failing.items()
            if (gained := checks - old.failing.get(cid, frozenset()))}


def reconcile(findings: list[Finding], old: Judgment, new: Judgment, where: dict[str, object]) -> list[Finding]:
    """The audit's findings with their severity set by the two judgments (module docstring);
    ``where`` locates a claim that gained a failure no finding names (its printed place)."""
    gained = new_failures(old, new)
    out = []
    for f in findings:
        if f.code == "NP205" and f.claim in gained:   # "still equal" is not what the report finds
            continue
        if f.code == UNCHECKED and len(new.numbers) <= len(old.numbers):
            continue   # the report finds no more numbers unchecked: "12 updates" for "Twelve updates"
        if f.severity is Severity.ERROR and not _stands(f, gained, old, new):
            if f.code in OWNERLESS:
                continue   # the report accounts for the edited text as it accounted for the old
            f = _demoted(f, old, new)
        out.append(f)
    named = {c for f in out if f.severity is Severity.ERROR for c in (f.claim, *f.claims) if c}
    # a warning about a claim whose judgment gained a failure is what broke it (an input lost)
    out = [replace(f, severity=Severity.ERROR) if f.severity is Severity.WARNING and f.claim in gained
           and f.claim not in named else f for f in out]
    named |= {c for f in out if f.severity is Severity.ERROR for c in (f.claim, *f.claims) if c}
    for cid, checks in sorted(gained.items()):
        if cid not in named:
            out.append(Finding("claim", Severity.ERROR, cid, where.get(cid),
                               f"{cid} no longer holds: " + "; ".join(sorted(checks)), code="NP901",
                               help=f"run `noteproof check {cid}` to see the computation"))
    return out + _unnamed(out, old, new)


def _demoted(f: Finding, old: Judgment, new: Judgment) -> Finding:
    """An error the report's judgment does not bear out, as a notice. A reworded statement whose
    claim lost a failing check (an erratum fixed as its suggestion reads: run.claim._corrected)
    asks for claims.yaml to follow, not for the old words back."""
    fixed = f.claim is not None and old.failing.get(f.claim, frozenset()) - new.failing.get(f.claim, frozenset())
    if f.code == "NP507" and fixed:
        return replace(f, severity=Severity.NOTICE,
                       message=f"{f.message} (the report's judgment of {f.claim} lost a failing check: "
                               f"{'; '.join(sorted(fixed))})",
                       help="the report's checks hold for the new words: change the claim's statement in "
                            "claims.yaml to them")
    return replace(f, severity=Severity.NOTICE, message=f"{f.message} (the report's judgment of the claims is unchanged)")


def _unnamed(findings: list[Finding], old: Judgment, new: Judgment) -> list[Finding]:
    """One finding for each span, sentence or row the edited note's judgment leaves unaccounted
    beyond the baseline's when no error of the audit names that kind (a declaration's snippet
    broken by words inserted into it: the report's unaccounted math is the audit's too)."""
    out = []
    for kind, (what, code, message, advice) in _UNNAMED.items():
        before, after = getattr(old, kind), getattr(new, kind)
        if len(after) <= len(before) or any(f.severity is Severity.ERROR and OWNERLESS.get(f.code) == kind
                                            for f in findings):
            continue
        was = Counter(text for text, _ in before)
        for text, where in after:
            if was[text] > 0:
                was[text] -= 1
                continue
            out.append(Finding(what, Severity.ERROR, "", where, f"{message}: {text}", text, code=code,
                               help=advice))
    return out


def _stands(f: Finding, gained: dict, old: Judgment, new: Judgment) -> bool:
    """Whether an error finding is one the report's judgment makes too."""
    if f.code in OWNERLESS:
        return len(getattr(new, OWNERLESS[f.code])) > len(getattr(old, OWNERLESS[f.code]))
    owners = [c for c in (f.claim, *f.claims) if c]
    if not owners:
        return True
    return any(c in gained or c not in new.failing for c in owners)
