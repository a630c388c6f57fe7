"""ClaimResults of a whole run -> one Report (summary, rows no claim encodes)."""
from __future__ import annotations

import multiprocessing
from dataclasses import dataclass

from ..defaults import VERSION, default_jobs
from ..run.graph import MARK_ORDER, propagate, reported
from ..model import ClaimResult, Erratum, Mark, NumberResult, Outcome
from ..sources.notes import Row
from ..sources.project import Project


@dataclass(frozen=True)
class NoteSection:
    key: str
    title: str
    path: str
    results: tuple[ClaimResult, ...]
    unencoded: tuple[Row, ...]          # status-table rows that no claim encodes
    unaccounted_math: tuple = ()        # math spans no formula, claim or declaration accounts for (scan.MathCoverage)


@dataclass(frozen=True)
class Report:
    version: str
    dps: int
    sections: tuple[NoteSection, ...]

    @property
    def results(self) -> tuple[ClaimResult, ...]:
        return tuple(r for s in self.sections for r in s.results)

    @property
    def errata(self) -> tuple[Erratum, ...]:
        """Every erratum of the run, in registry order."""
        return tuple(e for r in self.results for e in r.errata)

    @property
    def summary(self) -> dict:
        results = self.results
        count = {o: sum(r.outcome is o for r in results) for o in Outcome}
        return {
            "claims": len(results),
            "verified": count[Outcome.VERIFIED],
            "partly_verified": count[Outcome.PARTLY],
            "failed": count[Outcome.FAILED],
            "errors": count[Outcome.ERROR],
            "unverified": count[Outcome.UNVERIFIED],
            "unencoded_rows": sum(len(s.unencoded) for s in self.sections),
            "unaccounted_math": sum(len(s.unaccounted_math) for s in self.sections),
            "errata": len(self.errata),
            "decision_errors": sum(decision_error(n) for r in results for n in r.numbers),
            "by_mark": {m.value: sum(m is mark(r) for r in results) for m in MARK_ORDER},
            "by_mark_outcome": {m.value: {o.value: sum(m is mark(r) and r.outcome is o for r in results)
                                          for o in Outcome} for m in MARK_ORDER},
        }

    @property
    def ok(self) -> bool:
        s = self.summary
        return not (s["failed"] or s["errors"] or s["unencoded_rows"] or s["unaccounted_math"])


def decision_error(n: NumberResult) -> bool:
    """A failing number whose value reverses the conclusion the note draws from it (run.decision)."""
    return n.decision and n.outcome is Outcome.FAILED


def decision_text(n: NumberResult) -> str:
    """The decision error's sentence ("decision error: the note concludes ...; the value ... says not")."""
    at = n.message.find("decision error: ")
    return n.message[at:] if decision_error(n) and at >= 0 else ""


def mark(result: ClaimResult) -> Mark:
    """A claim's mark: its weakest part's (exact+approximate is approximate), and after the
    weakest-link rule no stronger than the claims it uses (see graph.py)."""
    return reported(result)


def build_report(project: Project, results: list[ClaimResult], dps: int,
                 jobs: int | None = None, figures: bool = True) -> Report:
    """Sections in the registry's note order, the weakest-link rule applied, and (unless
    ``figures`` is false) MathML and figures computed for the HTML report."""
    from ..sources.coverage import encoded_rows, scan_math
    if figures:
        results = enrich(project, results, dps, jobs)
    by_id = {r.id: r for r in propagate(results)}
    sections = []
    for key, spec in project.registry.notes.items():
        claims = project.claims_of(key)
        encoded = encoded_rows(project.notes[key], claims)
        unencoded = tuple(r for r in project.rows(key) if r.text not in encoded)
        lost = tuple(m for m in scan_math(project.notes[key], claims, spec) if m.coverage == "unaccounted")
        sections.append(NoteSection(key, spec.title, spec.file,
                                    tuple(by_id[c.id] for c in claims if c.id in by_id), unencoded, lost))
    return Report(VERSION, dps, tuple(sections))


CHUNK = 8                 # claims per worker: they share SymPy's caches and the content's
CHUNK_TIMEOUT = 600.0


def enrich(project: Project, results: list[ClaimResult], dps: int, jobs: int | None = None) -> list[ClaimResult]:
    """Results with MathML for derived forms and steps, and their claims' figures filled in."""
    from ..run.extras import extras, warm_up, with_extras as _with
    from ..run.pool import fork_map
    claims = {c.id: c for c in project.registry.claims}
    todo = [r for r in results if r.id in claims and r.outcome is not Outcome.ERROR
            and (claims[r.id].figures or (r.formulas and not any(f.mathml for f in r.formulas))
                 or (r.steps and not any(s.mathml for s in r.steps)))]
    if not todo:
        return list(results)
    if multiprocessing.current_process().daemon:  # already in a worker under a time limit: no forking
        ids = {r.id for r in todo}
        return [_with(r, extras(project, claims[r.id], r, dps)) if r.id in ids else r for r in results]
    project.content  # import once, before forking
    warm_up()
    jobs = jobs or default_jobs()
    size = max(1, min(CHUNK, -(-len(todo) // jobs)))
    chunks = [todo[i:i + size] for i in range(0, len(todo), size)]
    found = fork_map(lambda rs: [extras(project, claims[r.id], r, dps) for r in rs], chunks, jobs,
                     timeout=CHUNK_TIMEOUT)
    more = {r.id: x for rs, xs in zip(chunks, found) if xs for r, x in zip(rs, xs)}
    return [_with(r, more[r.id]) if r.id in more else r for r in results]

