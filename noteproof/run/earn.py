"""Does the evidence earn the tag? (DESIGN.md, "Evidence, and what earns a mark").

exact needs an identity, an inequality certificate, a witness or a definition;
controlled approximation needs a bound and its order; approximation needs a
numeric value, an order or a bound; conditional needs the result under its
condition and a counterexample without it; proposal needs nothing. Evidence
stronger than a part is a notice ("understated"), weaker a failure ("overstated").
"""
from __future__ import annotations

from dataclasses import dataclass

from ..model import Evidence, EvidenceKind as K, Status

EXACT_KINDS = frozenset({K.IDENTITY, K.INEQUALITY, K.COUNTEREXAMPLE, K.DEFINITION})
APPROX_KINDS = frozenset({K.NUMERIC, K.ORDER, K.BOUND})
PROOF_KINDS = frozenset({K.IDENTITY, K.INEQUALITY})


@dataclass(frozen=True)
class Verdict:
    earned: bool
    messages: tuple[str, ...]   # why a part is not earned
    notices: tuple[str, ...]    # understated parts and evidence notices


def relevant(evidence: tuple[Evidence, ...], part: Status) -> tuple[Evidence, ...]:
    return tuple(e for e in evidence if e.supports in (None, part) and e.holds and not e.condition)


def earns(part: Status, kinds: frozenset[K]) -> bool:
    """Whether holding evidence of these kinds earns one status part."""
    if part is Status.EXACT:
        return bool(kinds & EXACT_KINDS)
    if part is Status.CONTROLLED:
        return {K.BOUND, K.ORDER} <= kinds
    if part is Status.APPROXIMATION:
        return bool(kinds & (APPROX_KINDS | EXACT_KINDS))
    if part is Status.CONDITIONAL:
        return bool(kinds & PROOF_KINDS) and K.COUNTEREXAMPLE in kinds
    return True  # PROPOSAL


def _needs(part: Status) -> str:
    return {
        Status.EXACT: "an identity, an inequality certificate, a witness or a definition",
        Status.CONTROLLED: "a bound and its observed order",
        Status.APPROXIMATION: "a numeric value, an order or a bound",
        Status.CONDITIONAL: "an identity under the condition and a counterexample without it",
        Status.PROPOSAL: "nothing",
    }[part]


def judge(parts: tuple[Status, ...], evidence: tuple[Evidence, ...]) -> Verdict:
    """Judge each status part of a tag against the holding evidence meant for it."""
    messages, notices = [], [e.notice for e in evidence if e.notice]
    for part in parts:
        kinds = frozenset(e.kind for e in relevant(evidence, part))
        if not earns(part, kinds):
            have = ", ".join(sorted(k.value for k in kinds)) or "no evidence"
            messages.append(f"overstated: [{part.value}] needs {_needs(part)}; the evidence is {have}")
        elif part in (Status.APPROXIMATION, Status.CONTROLLED) and kinds & PROOF_KINDS and not kinds & APPROX_KINDS:
            notices.append(f"understated: [{part.value}] is backed by exact evidence")
    return Verdict(not messages, tuple(messages), tuple(notices))
