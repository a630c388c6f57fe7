"""ClaimResults of a whole run -> one Report (summary, rows no claim encodes)."""
from __future__ import annotations

from dataclasses import dataclass

from .model import ClaimResult, Mark, Outcome
from .notes import Row
from .project import Project

MARK_ORDER = (Mark.EXACT, Mark.CONDITIONAL, Mark.APPROXIMATE, Mark.PROPOSAL)


@dataclass(frozen=True)
class NoteSection:
    key: str
    title: str
    path: str
    results: tuple[ClaimResult, ...]
    unencoded: tuple[Row, ...]          # status-table rows that no claim encodes


@dataclass(frozen=True)
class Report:
    version: str
    dps: int
    sections: tuple[NoteSection, ...]

    @property
    def results(self) -> tuple[ClaimResult, ...]:
        return tuple(r for s in self.sections for r in s.results)

    @property
    def summary(self) -> dict:
        results = self.results
        count = {o: sum(r.outcome is o for r in results) for o in Outcome}
        return {
            "claims": len(results),
            "verified": count[Outcome.VERIFIED],
            "failed": count[Outcome.FAILED],
            "errors": count[Outcome.ERROR],
            "unverified": count[Outcome.UNVERIFIED],
            "unencoded_rows": sum(len(s.unencoded) for s in self.sections),
            "by_mark": {m.value: sum(m is mark(r) for r in results) for m in MARK_ORDER},
        }

    @property
    def ok(self) -> bool:
        s = self.summary
        return not (s["failed"] or s["errors"] or s["unencoded_rows"])


def mark(result: ClaimResult) -> Mark:
    """A claim's mark is its weakest part's: a compound exact+approximate claim is approximate."""
    return max(result.marks, key=MARK_ORDER.index) if result.marks else Mark.PROPOSAL


def build_report(project: Project, results: list[ClaimResult], dps: int) -> Report:
    from . import __version__
    by_id = {r.id: r for r in results}
    sections = []
    for key, spec in project.registry.notes.items():
        claims = project.claims_of(key)
        encoded = {c.row for c in claims if c.row is not None}
        unencoded = tuple(r for r in project.rows(key) if r.text not in encoded)
        sections.append(NoteSection(key, spec.title, spec.file,
                                    tuple(by_id[c.id] for c in claims if c.id in by_id), unencoded))
    return Report(__version__, dps, tuple(sections))
