"""The dependency graph of claims (`uses:`) and the weakest-link rule.

A claim is reported as no stronger than what it relies on (leanblueprint's idea,
applied to approximation): an exact claim that uses an approximate one is
reported approximate, with a notice; a claim whose upstream failed or erred is
failed ("upstream X failed"); one whose upstream is unverified is unverified.
The rule is transitive: upstream results are taken after their own propagation.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Iterable, Sequence

from ..model import ClaimResult, Mark, Outcome

# strongest first; a claim's mark is the last of these among its parts and its upstream
MARK_ORDER = (Mark.EXACT, Mark.CONDITIONAL, Mark.APPROXIMATE, Mark.PROPOSAL)
BROKEN = (Outcome.FAILED, Outcome.ERROR)


def weakest(marks: Iterable[Mark]) -> Mark:
    """The weakest of some marks (proposal when there are none)."""
    return max(marks, key=MARK_ORDER.index, default=Mark.PROPOSAL)


def tag_mark(result: ClaimResult) -> Mark:
    """The mark the claim's own tag earns, before the weakest-link rule."""
    return weakest(result.marks)


def topological(results: Sequence[ClaimResult]) -> list[ClaimResult]:
    """Results with every claim after the claims it uses (registry order otherwise)."""
    by_id = {r.id: r for r in results}
    done: dict[str, ClaimResult] = {}

    def visit(r: ClaimResult, trail: frozenset[str]) -> None:
        if r.id in done or r.id in trail:  # a cycle is refused by the registry; never loop here
            return
        for u in r.uses:
            if u in by_id:
                visit(by_id[u], trail | {r.id})
        done[r.id] = r

    for r in results:
        visit(r, frozenset())
    return list(done.values())


def propagate(results: Sequence[ClaimResult]) -> list[ClaimResult]:
    """Apply the weakest-link rule; results come back in the order given."""
    out: dict[str, ClaimResult] = {}
    for r in topological(results):
        ups = [out[u] for u in r.uses if u in out]
        out[r.id] = _link(r, ups)
    return [out[r.id] for r in results]


def _link(r: ClaimResult, ups: list[ClaimResult]) -> ClaimResult:
    own = tag_mark(r)
    mark = weakest([own, *(reported(u) for u in ups)])
    messages = list(r.messages)
    if mark is not own:
        why = ", ".join(f"{u.id} ({reported(u).value})" for u in ups if reported(u) is mark)
        messages.append(f"reported {mark.value}, not {own.value}: it uses {why}")
    outcome = r.outcome
    for u in ups:
        if wording_only(u):
            messages.append(f"upstream {u.id} has an erratum in its wording; what it establishes holds")
        elif u.outcome in BROKEN:
            messages.append(f"upstream {u.id} {'failed' if u.outcome is Outcome.FAILED else 'errs'}")
            if outcome not in BROKEN:
                outcome = Outcome.FAILED
        elif u.outcome is Outcome.UNVERIFIED and outcome in (Outcome.VERIFIED, Outcome.PARTLY):
            messages.append(f"upstream {u.id} is unverified")
            outcome = Outcome.UNVERIFIED
        elif u.outcome is Outcome.PARTLY and outcome is Outcome.VERIFIED:
            messages.append(f"upstream {u.id} is only partly verified")
            outcome = Outcome.PARTLY
    return replace(r, reported_mark=mark, outcome=outcome, messages=tuple(messages))


def wording_only(result: ClaimResult) -> bool:
    """Whether a failed claim fails only by its errata (the note's words are wrong; every check
    of what the claim establishes holds): claims that use it stand on the checks, not the words."""
    return (result.outcome is Outcome.FAILED and bool(result.errata)
            and all(e.holds or e.erratum is not None for e in result.evidence)
            and all(f.outcome is Outcome.VERIFIED for f in result.formulas)
            and all(n.outcome is not Outcome.FAILED for n in result.numbers))


def reported(result: ClaimResult) -> Mark:
    """The mark a claim is reported with: after the weakest-link rule when it was applied."""
    return result.reported_mark or tag_mark(result)


def edges(results: Sequence[ClaimResult]) -> list[tuple[str, str]]:
    """(upstream, downstream) pairs among these results, in registry order."""
    ids = {r.id for r in results}
    return [(u, r.id) for r in results for u in r.uses if u in ids]


def upstream_mark(claim_id: str, uses: dict[str, tuple[str, ...]], marks: dict[str, tuple[Mark, ...]]) -> Mark:
    """The weakest-link mark from tags alone (no run): for `show`, which runs one claim."""
    seen: dict[str, Mark] = {}

    def visit(cid: str, trail: frozenset[str]) -> Mark:
        if cid not in seen:
            ups = [visit(u, trail | {cid}) for u in uses.get(cid, ()) if u in marks and u not in trail]
            seen[cid] = weakest([*marks.get(cid, ()), *ups])
        return seen[cid]

    return visit(claim_id, frozenset())
