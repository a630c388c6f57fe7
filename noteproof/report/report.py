"""ClaimResults of a whole run -> one Report (summary, rows no claim encodes)."""
from __future__ import annotations

import multiprocessing
from dataclasses import dataclass

from ..defaults import VERSION, default_jobs
from ..model import ClaimResult, Erratum, FormulaResult, Mark, NumberResult, Outcome
from ..run.failing import failing_checks, unacknowledged
from ..run.graph import MARK_ORDER, propagate, reported
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
    unaccounted_prose: tuple = ()       # sentences no claim states and claims.yaml's prose: does not list (ProseCoverage)
    registered: bool = True             # False: a note of notes/ that claims.yaml does not list (sources.newnotes)
    steps: tuple = ()                   # an unregistered note's worked steps, each judged (run.steps.StepCheck);
    #                                     a registered one's wrong steps no quote reads (unchecked_wrong_steps)
    identities: tuple = ()              # its self-contained relations, each decided (run.identities.IdentityCheck)
    unaccounted_numbers: tuple = ()     # numbers nothing checks (formula.declared.unaccounted_numbers): warnings

    @property
    def wrong_steps(self) -> tuple:
        return tuple(c for c in self.steps if not c.holds)

    @property
    def wrong_identities(self) -> tuple:
        return tuple(c for c in self.identities if c.wrong)


@dataclass(frozen=True)
class Report:
    version: str
    dps: int
    sections: tuple[NoteSection, ...]
    acknowledged: tuple[tuple[str, str], ...] = ()   # (claim id, the author's reason) from claims.yaml

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
            "unaccounted_prose": sum(len(s.unaccounted_prose) for s in self.sections),
            "unaccounted_numbers": sum(len(s.unaccounted_numbers) for s in self.sections),
            "wrong_steps": sum(len(s.wrong_steps) for s in self.sections),
            "errata": len(self.errata),
            "failing_checks": sum(len(failing_checks(r)) for r in results),
            "acknowledged": sum(self.settled(r) for r in results),
            "decision_errors": sum(decision_error(n) for r in results for n in r.numbers),
            "by_mark": {m.value: sum(m is mark(r) for r in results) for m in MARK_ORDER},
            "by_mark_outcome": {m.value: {o.value: sum(m is mark(r) and r.outcome is o for r in results)
                                          for o in Outcome} for m in MARK_ORDER},
            **self.unregistered_summary,
        }

    @property
    def unregistered_summary(self) -> dict:
        """The notes of notes/ that claims.yaml does not list and their wrong self-contained
        relations and worked steps (the fields are there only when there is such a note;
        ``wrong_steps`` counts every note's, ``unregistered_wrong_steps`` only theirs)."""
        new = [s for s in self.sections if not s.registered]
        if not new:
            return {}
        return {"unregistered": [s.path for s in new],
                "unregistered_wrong_steps": sum(len(s.wrong_steps) for s in new),
                "wrong_identities": sum(len(s.wrong_identities) for s in new)}

    @property
    def ok(self) -> bool:
        s = self.summary
        return not (s["failed"] - s["acknowledged"] or s["errors"] or s["unencoded_rows"] or s["unaccounted_math"]
                    or s["unaccounted_prose"] or s.get("wrong_steps")
                    or s.get("wrong_identities"))

    def settled(self, result: ClaimResult) -> bool:
        """Whether a failing claim fails only by errata its author acknowledged (run.failing)."""
        return (result.outcome is Outcome.FAILED and result.id in dict(self.acknowledged)
                and not unacknowledged(result, True))

    def __repr__(self) -> str:
        """Short: the counts, not every result (``.results`` holds them)."""
        s = self.summary
        return (f"<Report {s['claims']} claims: {s['verified']} verified, {s['partly_verified']} partly verified, "
                f"{s['failed']} failed ({s['errata']} errata), {s['errors']} errors>")



def decision_error(n: NumberResult) -> bool:
    """A failing number whose value reverses the conclusion the note draws from it (run.decision)."""
    return n.decision and n.outcome is Outcome.FAILED


def decision_text(n: NumberResult) -> str:
    """The decision error's sentence ("decision error: the note concludes ...; the value ... says not")."""
    at = n.message.find("decision error: ")
    return n.message[at:] if decision_error(n) and at >= 0 else ""


def derived_latex(f: FormulaResult) -> str:
    """A derived form as LaTeX: as the printer set it from the SymPy object (formula.texform), else
    (a result whose form was not printed: an error, an old cache entry) its text read as mathematics."""
    from ..formula.proselatex import tex
    return f.derived_latex or (tex(f.derived) if f.derived else "")


def mark(result: ClaimResult) -> Mark:
    """A claim's mark: its weakest part's (exact+approximate is approximate), and after the
    weakest-link rule no stronger than the claims it uses (see graph.py)."""
    return reported(result)


def registered_wrong_steps(summary: dict) -> int:
    """The wrong worked steps of the registered notes (``wrong_steps`` counts every note's;
    ``unregistered_wrong_steps``, the new notes')."""
    return summary.get("wrong_steps", 0) - summary.get("unregistered_wrong_steps", 0)


def build_report(project: Project, results: list[ClaimResult], dps: int,
                 jobs: int | None = None, figures: bool = True) -> Report:
    """Sections in the registry's note order, the weakest-link rule applied, and (unless
    ``figures`` is false) MathML and figures computed for the HTML report."""
    from ..sources.coverage import encoded_rows
    from ..formula.declared import prose_read, unaccounted_math, unaccounted_numbers
    from ..run.steps import unchecked_wrong_steps
    if figures:
        results = enrich(project, results, dps, jobs)
    by_id = {r.id: r for r in propagate(results)}
    sections = []
    for key, spec in project.registry.notes.items():
        if key in project.unregistered:
            sections.append(unregistered_section(project, key))
            continue
        claims = project.claims_of(key)
        encoded = encoded_rows(project.notes[key], claims)
        unencoded = tuple(r for r in project.rows(key) if r.text not in encoded)
        lost = unaccounted_math(project.notes[key], claims, spec)
        said = tuple(p for p in prose_read(project.notes[key], claims, spec) if p.coverage == "unaccounted")
        unchecked = unaccounted_numbers(project.notes[key], claims, spec)
        wrong = unchecked_wrong_steps(project.notes[key], unchecked)
        sections.append(NoteSection(key, spec.title, spec.file,
                                    tuple(by_id[c.id] for c in claims if c.id in by_id), unencoded, lost, said,
                                    steps=wrong, unaccounted_numbers=unchecked))
    acknowledged = tuple((c.id, c.acknowledged) for c in project.registry.claims if c.acknowledged)
    return Report(VERSION, dps, tuple(sections), acknowledged)


def unregistered_section(project: Project, key: str) -> NoteSection:
    """A note claims.yaml does not list: its status rows, none encoded, and every worked step
    of its calculations judged as printed (run.steps), with what a wrong one should read, and
    every self-contained equality, identity or inequality between closed forms decided by SymPy
    (run.identities)."""
    from ..formula.chains import links
    from ..run.relations import relation_checks
    from ..run.steps import judge
    note, spec = project.notes[key], project.registry.notes[key]
    steps = tuple(judge(k, note) for k in links(note))
    return NoteSection(key, spec.title, spec.file, (), project.rows(key), registered=False, steps=steps,
                       identities=relation_checks(note))


CHUNK = 8                 # claims per worker: they share SymPy's caches and the content's
CHUNK_TIMEOUT = 600.0


def enrich(project: Project, results: list[ClaimResult], dps: int, jobs: int | None = None) -> list[ClaimResult]:
    """Results with MathML for derived forms and steps, and their claims' figures filled in."""
    from ..run.extras import extras, warm_up
    from ..run.extras import with_extras as _with
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

