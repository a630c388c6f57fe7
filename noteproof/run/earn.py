"""Does the evidence earn the tag? (README, "How it works").

exact needs an identity, an inequality certificate, a witness or a definition;
controlled approximation needs a bound and its order; approximation needs a
numeric value, an order or a bound; conditional needs the result under its
condition and a counterexample without it; proposal needs nothing. Evidence
stronger than a part is a notice ("understated"), weaker a failure ("overstated").
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..model import SUFFICIENT_REACH, Evidence, Reach, Scope, Status
from ..model import EvidenceKind as K

EXACT_KINDS = frozenset({K.IDENTITY, K.INEQUALITY, K.COUNTEREXAMPLE, K.DEFINITION})
APPROX_KINDS = frozenset({K.NUMERIC, K.ORDER, K.BOUND})
PROOF_KINDS = frozenset({K.IDENTITY, K.INEQUALITY})
STRENGTH = {Status.EXACT: 0, Status.CONDITIONAL: 1, Status.CONTROLLED: 2, Status.APPROXIMATION: 3, Status.PROPOSAL: 4}
# an observed order, a witness and a measured value are particular by nature: the parts they
# serve beside a proof (controlled approximation, conditional, approximation) ask no more of them
PARTICULAR_KINDS = frozenset({K.ORDER, K.COUNTEREXAMPLE, K.NUMERIC})


# what a quoted measurement looks like: a number (dates aside) or a word that reports performance
PERFORMANCE_WORDS = ("accuracy", "perplexity", "score", "bleu", "outperform", "improve",
                     "faster", "better", "%", "state-of-the-art", "benchmark", "loss of", "speedup")
DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")


def measured_performance(text: str) -> list[str]:
    """What in a proposal's printed text reads as measured performance (empty: nothing)."""
    plain = DATE.sub("", text)
    prose = re.sub(r"\$[^$]*\$", " ", plain)          # a formula's digits are mathematics, not a measurement
    found = re.findall(r"\d+(?:[.,]\d+)*\s*%?", prose) + re.findall(r"\d+(?:[.,]\d+)*\s*\\?%", plain)
    return [f.strip() for f in found] + [w for w in PERFORMANCE_WORDS if w in plain.lower()]


def proposal_evidence(text: str) -> Evidence:
    """The proposal rule, applied to the note's own words: a proposal quotes no measured performance.

    What it checks is the page as printed, so its reach is the setting: the note is internally
    consistent with its [Proposal] tag. What a cited source itself reports (Week 9's "no reported
    performance in the version consulted on 2026-09-13") is outside noteproof's reach, and the
    evidence says so rather than lend the source's content the note's definition."""
    found = measured_performance(text)
    return Evidence(K.DEFINITION, "internally consistent: the claim's row and status cell, as printed, "
                    "quote no measured performance (no number besides a date, no performance word); "
                    "what the cited source itself reports is not checked (outside noteproof's reach)",
                    not found, supports=Status.PROPOSAL, reach=Reach.SETTING,
                    detail=f"found: {', '.join(found)}" if found else "")


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


def judge(parts: tuple[Status, ...], evidence: tuple[Evidence, ...],
          meant: tuple[Status, ...] | None = None) -> Verdict:
    """Judge each status part of a tag against the holding evidence meant for it.

    ``meant`` are the parts the evidence was registered for, position by position (the
    note may print another tag: "[Exact] ...; [Exact] to SGD" is judged with the evidence
    meant for the registered "[Approximation] to SGD")."""
    messages, notices = [], [e.notice for e in evidence if e.notice]
    meant = meant if meant is not None and len(meant) == len(parts) else parts
    for part, aim in zip(parts, meant):
        kinds = frozenset(e.kind for e in relevant(evidence, aim))
        if part is Status.EXACT and aim is Status.CONDITIONAL and K.COUNTEREXAMPLE in kinds:
            messages.append("overstated: [exact] drops the condition, and a counterexample shows the result "
                            "fails without it")
        elif STRENGTH[part] < STRENGTH[aim] and not earns(part, frozenset(
                e.kind for e in evidence if e.supports is part and e.holds and not e.condition)):
            # printed stronger than the checks were written for: only evidence meant for it earns it
            messages.append(f"overstated: the note prints [{part.value}] where the checks establish "
                            f"[{aim.value}]")
        elif not earns(part, kinds):
            have = ", ".join(sorted(k.value for k in kinds)) or "no evidence"
            messages.append(f"overstated: [{part.value}] needs {_needs(part)}; the evidence is {have}")
        elif part in (Status.APPROXIMATION, Status.CONTROLLED) and kinds & PROOF_KINDS and not kinds & APPROX_KINDS:
            notices.append(f"understated: [{part.value}] is backed by exact evidence")
    return Verdict(not messages, tuple(messages), tuple(notices))


def reach_gaps(scope: Scope, parts: tuple[Status, ...], evidence: tuple[Evidence, ...]) -> tuple[str, ...]:
    """What keeps an earned tag from being verified: for each part, the evidence that
    earns it must reach as far as the statement does (a general statement needs a
    general proof or the note's definition; instances and samples leave it partly verified)."""
    need = SUFFICIENT_REACH[scope]
    gaps = []
    for part in parts:
        if part is Status.PROPOSAL:
            continue
        if part is Status.APPROXIMATION:
            gaps.extend(_control_gap(scope, evidence))
        ev = relevant(evidence, part)
        far = frozenset(e.kind for e in ev if e.reach in need
                        or (part is not Status.EXACT and e.kind in PARTICULAR_KINDS))
        if earns(part, far):
            continue
        short = [e for e in ev if e.reach not in need]
        reaches = ", ".join(sorted({e.reach.value for e in short}))
        gaps.append(f"partly verified: the statement is {scope.value}, but the evidence for [{part.value}] "
                    f"reaches only {reaches or 'nothing'} ({'; '.join(e.statement for e in short[:3])}); "
                    f"missing: a proof over {_over(scope)}")
    return tuple(gaps)


def _control_gap(scope: Scope, evidence: tuple[Evidence, ...]) -> tuple[str, ...]:
    """An [approximation] the note calls controlled ("controlled only with the stated small-step
    hypotheses"): its content registers the control as evidence for [controlled approximation],
    and the control is shown only by a bound that reaches as far as the statement; an example
    or samples leave it partly verified, naming what is missing."""
    control = [e for e in evidence if e.supports is Status.CONTROLLED and e.holds and not e.condition]
    if not control or any(e.kind is K.BOUND and e.reach in SUFFICIENT_REACH[scope] for e in control):
        return ()
    reaches = ", ".join(sorted({e.reach.value for e in control}))
    return (f"partly verified: the [approximation] is said to be controlled, but the control reaches only "
            f"{reaches} ({'; '.join(e.statement for e in control[:3])}); missing: a bound of general reach "
            f"over {_over(scope)}",)


def _over(scope: Scope) -> str:
    return {Scope.GENERAL: "the whole stated range", Scope.SETTING: "the page's setting",
            Scope.EXISTS: "one case"}[scope]
