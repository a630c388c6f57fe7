"""A claim's failing checks: what a run counts, and what an author may acknowledge.

Every failing check is a finding (a new wrong number inside a claim that already fails is a
new failure): the report's summary and exit status count checks, not only claims. A check
is named by its message, locations set aside (an edit above a check moves its line, not its
verdict). The checks that say the note's words are wrong (its errata: "does not hold: ...")
are acknowledged when claims.yaml gives the claim an ``acknowledged:`` reason; any other
failing check of that claim, and every check of another, still fails a run.
"""
from __future__ import annotations

import re

from ..model import ClaimResult, Outcome

BROKEN = (Outcome.FAILED, Outcome.ERROR)
WHERE = re.compile(r"\s*\(?[^\s()]+\.(?:txt|md|markdown):\d+(?::\d+)?\)?")
# messages that explain a verdict rather than name a failing check
INFO = ("reworded:", "partly verified", "the note prints no tag", "the page's label reads")
RETAGGED = re.compile(r"^the note's status cell reads .* \(claims\.yaml registers ")   # informs; a cell whose
# words change meaning ("which says something other than ...") is a failing check
CELL_CHANGED = re.compile(r"^the note's status cell reads .*, which says something other than the ")   # fails
SOUND_UPSTREAM = re.compile(r"^upstream \S+ has an erratum in its wording; what it establishes holds")   # informs


def failing_checks(result: ClaimResult) -> frozenset[str]:
    """The claim's failing checks, as its messages name them (empty when it does not fail)."""
    named = checks_named(result.outcome.value, result.messages)
    return named or (frozenset({f"{result.id} {result.outcome.value}"}) if result.outcome in BROKEN else named)


def checks_named(outcome: str, messages) -> frozenset[str]:
    """The failing checks a claim's outcome and messages name (a ClaimResult's, or claims.json's
    entry for it), locations set aside; none unless it failed or errored."""
    if outcome not in {o.value for o in BROKEN}:
        return frozenset()
    return frozenset(WHERE.sub("", m) for m in messages if not is_info(m))


def is_info(message: str) -> bool:
    """Whether a message explains a verdict rather than names a failing check."""
    return message.startswith(INFO) or bool(RETAGGED.match(message) or SOUND_UPSTREAM.match(message))


def erratum_checks(result: ClaimResult) -> frozenset[str]:
    """The failing checks that are the claim's errata (the note's words shown wrong)."""
    return frozenset(WHERE.sub("", f"does not hold: {e.statement}") for e in result.evidence
                     if e.erratum is not None and not e.holds)


def unacknowledged(result: ClaimResult, acknowledged: bool) -> frozenset[str]:
    """The failing checks an ``acknowledged:`` reason does not cover."""
    checks = failing_checks(result)
    return checks - erratum_checks(result) if acknowledged else checks
