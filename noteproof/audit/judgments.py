"""One judge: an audit's errors are the report's judgment of the edit, located.

The report judges a note as printed: each registered claim run on it (run.claim.run_claim),
the status rows no claim encodes and the math spans and sentences nothing accounts for. An edit breaks
something exactly when that judgment of the edited note has a failing check the judgment of
the baseline does not have. The audit's own findings (audit.findings, audit.follow) say
where and how to fix; this module makes their severity follow the judgment:

* a claim whose judgment gained a failing check keeps its errors; a warning about it (an
  input lost) becomes an error; and it gets one (NP901, the check's own words) when no
  finding of the audit names it;
* a finding of error severity about a claim whose judgment gained nothing becomes a warning
  (the report passes the edit: a re-spelling, a re-rounding);
* an error about text no claim owns (NP301, NP302, NP303, NP502) stays an error only when
  the edited note has more unaccounted math, unaccounted sentences or unencoded rows than
  the baseline.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from ..model import ClaimResult, Finding, Severity
from ..run.failing import failing_checks

OWNERLESS = {"NP301": "math", "NP302": "math", "NP303": "prose", "NP502": "rows"}


@dataclass(frozen=True)
class Judgment:
    """What fails in the report of one note: each claim's failing checks, and how many rows
    and math spans nothing accounts for."""

    failing: dict[str, frozenset[str]]
    rows: int = 0
    math: int = 0
    prose: int = 0


def judgment(results: dict[str, ClaimResult], rows: int, math: int, prose: int = 0) -> Judgment:
    return Judgment({cid: failing_checks(r) for cid, r in results.items()}, rows, math, prose)


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
        if f.severity is Severity.ERROR and not _stands(f, gained, old, new):
            f = replace(f, severity=Severity.WARNING,
                        message=f"{f.message} (the report's judgment of the claims is unchanged)")
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
    return out


def _stands(f: Finding, gained: dict, old: Judgment, new: Judgment) -> bool:
    """Whether an error finding is one the report's judgment makes too."""
    if f.code in OWNERLESS:
        return getattr(new, OWNERLESS[f.code]) > getattr(old, OWNERLESS[f.code])
    owners = [c for c in (f.claim, *f.claims) if c]
    if not owners:
        return True
    return any(c in gained or c not in new.failing for c in owners)
