"""Audit edited notes: what an edit broke, each finding located, with the fix beside it.

The baseline an edit is measured against is, in order: ``git show REV:<note>`` for
``--base REV``; the committed HEAD version when the project is a git repository; the
note in notes/ when the edited file lives elsewhere. With a baseline, the claims the
edit touched are run (an untouched claim's text is byte-identical, so its result is
the baseline's; ``--all`` runs them too); without one, every claim of the note is run.
Results go through the result cache (.noteproof-cache/). Nothing here prints.
"""
from __future__ import annotations

import difflib
import os
import subprocess
from dataclasses import dataclass, field, replace
from pathlib import Path

from ..defaults import DEFAULT_DPS, DEFAULT_TIMEOUT
from ..errors import NoteError, NoteproofError, UsageError
from ..formula.respelled import registered_view
from ..model import ClaimResult, Finding, Location, Severity
from ..sources.notes import Note, read_note
from ..sources.project import Project, load_project
from ..sources.registry import Claim
from .findings import claim_findings, coverage_findings
from .follow import plan_note
from .notation import DerivedForms
from .present import present
from .unregistered import (
    new_note_findings,
    unchecked_arithmetic_findings,
    unchecked_math_findings,
    unchecked_prose_findings,
)


@dataclass(frozen=True)
class Target:
    key: str
    path: Path
    old: Note | None
    baseline: str          # what the edit is compared with ("" when nothing)


@dataclass(frozen=True)
class Fix:
    path: str              # as `git apply` wants it, relative to the project root
    text: str              # the edited note
    fixed: str             # with every wrong number replaced


@dataclass
class AuditResult:
    findings: list[Finding] = field(default_factory=list)
    touched: list[str] = field(default_factory=list)
    fixes: list[Fix] = field(default_factory=list)
    targets: list[Target] = field(default_factory=list)
    ran: int = 0
    replayed: int = 0      # judged again from the baseline's cached result (from_cache.py)
    warnings: tuple = ()   # the sources' warnings (model.SourceWarning): unregistered notes, near-miss tables

    @property
    def failed(self) -> bool:
        return any(f.severity is Severity.ERROR for f in self.findings)

    @property
    def unfixed(self) -> list[Finding]:
        """The errors the --fix patch does not correct (``audit --fix`` exits 0 when none)."""
        return [f for f in self.findings if f.severity is Severity.ERROR and not f.fixed]

    def summary(self) -> dict:
        count = {s.value + "s": sum(f.severity is s for f in self.findings) for s in Severity}
        return {**count, "claims_run": self.ran, "claims_replayed": self.replayed, "touched": list(self.touched),
                "notes": [{"path": str(t.path), "note": t.key, "baseline": t.baseline} for t in self.targets]}


def audit(root: Path, paths: list[Path], base: str | None = None, strict: bool = False, every: bool = False,
          dps: int = DEFAULT_DPS, jobs: int = 1, timeout: float = DEFAULT_TIMEOUT, cache: bool = True,
          memory: int | None = None) -> AuditResult:
    from ..run.cache import ResultCache
    from ..run.pool import run_jobs
    root = root.resolve()
    project = load_project(root, unregistered=True, documents=cache, view=registered_view)
    targets = resolve_targets(project, paths, base)
    project = with_notes(project, targets)
    result = AuditResult(targets=targets, warnings=project.warnings)
    # a note printed as its baseline has nothing to compare: its findings would be none
    targets = [t for t in targets if t.old is None or strict or every or t.old.text != project.notes[t.key].text]
    plans = {t.key: plan_note(project.notes[t.key], t.old, project.claims_of(t.key)) for t in targets}
    todo = [c for t in targets for c in plans[t.key].claims
            if every or t.old is None or c.id in plans[t.key].touched]
    store = ResultCache(root, dps) if cache else None
    baseline = {t.key: t.old for t in targets if t.old is not None}
    if store is None or any(not any(cache.has(c, baseline.get(c.note) or project.notes[c.note])
                                    for cache in (store, store.sibling(True))) for c in project.registry.claims):
        # (a result cached under the same sources, on the note or its baseline, passed this already)
        from ..sources.project import check_references
        check_references(project)   # as report does: a claim naming a missing check is bad input (exit 2)
    replayed = _replayed(project, targets, plans, todo, store) if store is not None else {}
    todo = [c for c in todo if c.id not in replayed]
    judged = {c.id for c in todo} | set(replayed)
    sides = {t.key: judge_sides(project, t, plans[t.key], store, judged) for t in targets
             if t.old is not None and t.key not in project.unregistered}
    # one pool for every run: a claim's edited, baseline and registered runs share its derivations
    work = [(project, c) for c in todo] + [(side.there, c) for pair in sides.values() for side in pair
                                           for c in side.todo]
    ran = run_jobs(work, dps, jobs, timeout, cache=store, memory=memory) if work else []
    results = {r.id: r for r in ran[:len(todo)]}
    rest = iter(ran[len(todo):])
    for pair in sides.values():
        for side in pair:
            side.results.update({c.id: next(rest) for c in side.todo})
    results.update(replayed)
    result.ran, result.replayed = len(todo), len(replayed)
    reworded: list = []
    for t in targets:
        plan = plans[t.key]
        fixes: list[tuple[int, int, str]] = []
        found = list(plan.findings)
        originals = {c.id: c for c in project.claims_of(t.key)}
        forms = DerivedForms(root, plan.note)
        for claim in plan.claims:
            if claim.id in results:
                found += claim_findings(originals[claim.id], claim, results[claim.id], plan, fixes, forms)
        found += coverage_findings(project, t.key, plan, strict)
        found += unchecked_math_findings(plan, project.claims_of(t.key)) + unchecked_arithmetic_findings(plan)
        if t.key not in project.unregistered:
            found += unchecked_prose_findings(plan, project.claims_of(t.key), project.registry.notes[t.key])
        if t.key in project.unregistered:   # nothing is registered yet: its rows and steps, not each number
            found = [f for f in found if f.code != "NP701"] + new_note_findings(plan.note)
        if base is not None:
            found = [f for f in found if not f.claim or f.claim in plan.touched]
        if t.key in sides:
            same = {c.id: results[c.id] for c in plan.claims if c.id in results and c == originals.get(c.id)}
            found, fixes = one_judge(project, t, plan, found, fixes, sides[t.key], same)
        result.findings += present(found, plan.note, plan.old, plan.where)
        result.touched += sorted(plan.touched)
        if fixes:
            printed = plan.note.as_printed
            result.fixes.append(Fix(_shown(root, t.path), printed, _apply(printed, _as_printed(plan.note, fixes))))
        reworded += patched_rewordings(plan.reworded, fixes)
    registry = _registry_fix(root, reworded)
    if registry is not None:
        result.fixes.append(registry)
    return result


@dataclass
class Side:
    """One side of an edited note's judgment: the project with that text of the note, the
    results it has (cached, replayed, then run) and the touched claims still to run."""
    there: Project
    results: dict
    todo: list


def judge_sides(project: Project, t: Target, plan, store, judged: set[str]) -> tuple[Side, Side]:
    """The baseline's and the edited note's sides of the report's judgment (audit.judgments): the
    touched claims, as registered, on each; what the result cache holds (the baseline's, and the
    edited note's judged again from it) is not run, nor, on the edited note, a claim the audit
    judges already (``judged``: run or replayed; one_judge takes its result when its registered
    text is unchanged)."""
    from .from_cache import replay
    claims = [c for c in project.claims_of(t.key) if c.id in plan.touched]
    originals = {c.id: c for c in project.claims_of(t.key)}
    own = {c.id for c in plan.claims if c.id in judged and c == originals.get(c.id)}
    out = []
    for side, note in (("old", t.old), ("new", project.notes[t.key])):
        there = replace(project, notes={**project.notes, t.key: replace(note, registry=None)})
        note = there.notes[t.key]
        results = _cached(store, claims, note)
        if side == "new" and store is not None:   # judged again from the baseline's result
            caches = (store, store.sibling(True))
            results.update({c.id: hit for c in claims if c.id not in results and c.id not in own
                            and (hit := replay(c, c, t.old, note, caches)) is not None})
        skip = own if side == "new" else set()
        out.append(Side(there, results, [c for c in claims if c.id not in results and c.id not in skip]))
    return out[0], out[1]


def one_judge(project: Project, t: Target, plan, found: list[Finding], fixes: list, sides: tuple[Side, Side],
              judged_new: dict | None = None):
    """The findings and fixes of one edited note with their severity set by the report's
    judgment of the baseline and of the edited note (audit.judgments): the touched claims,
    as registered, judged on each (``sides``, judge_sides; ``judged_new``, the audit's own
    results for claims it did not rewrite, are the edited note's already)."""
    from .judgments import OWNERLESS, UNCHECKED, reconcile
    # what no claim owns is judged when a finding is about it, or when the audit found nothing
    # at all (a silent audit must be the report's silence too: words moved into a declaration's
    # snippet); a finding about a claim already names the edit, without the formula reader, but
    # a row the audit matched to its claim may be a row the report finds no claim encoding
    # (a noun made another term: "stationary means" for "stationary variances", probe 90: b10)
    ownerless = not found or any(f.severity is Severity.ERROR and (f.code in OWNERLESS or f.kind == "row")
                                 for f in found)
    unchecked = any(f.code == UNCHECKED for f in found)
    old, new = _judged(project, t, sides, judged_new, ownerless, unchecked)
    where = {cid: _new_failure_place(old[1].get(cid), r, plan.where) for cid, r in new[1].items()}
    kept = reconcile(found, old[0], new[0], where)
    # a fix goes with a finding that keeps its severity (one demoted or dropped fixes nothing)
    severity = {(g.code, g.span): g.severity for g in kept}
    demoted = {f.span[0] for f in found if f.span and severity.get((f.code, f.span)) is not f.severity}
    return kept, [fx for fx in fixes if fx[0] not in demoted]


def _judged(project: Project, t: Target, sides: tuple[Side, Side], judged_new: dict | None, ownerless: bool,
            unchecked: bool) -> list[tuple]:
    """(the report's judgment, the claims' results) of the baseline and of the edited note; the
    rows, math and sentences no claim owns judged when ``ownerless``, the numbers nothing checks
    and the wrong steps that print them when ``unchecked``."""
    from ..formula.declared import prose_read, unaccounted_math, unaccounted_numbers
    from ..run.steps import unchecked_wrong_steps, wrong_step
    from ..sources.coverage import encoded_rows
    from ..sources.notes import table_rows
    from .judgments import judgment
    out = []
    for name, side in zip(("old", "new"), sides):
        note = side.there.notes[t.key]
        results = dict(side.results)
        if name == "new":   # a claim the edit did not rewrite was judged on the edited note already
            results.update({k: v for k, v in (judged_new or {}).items() if k not in results})
        rows = math = prose = numbers = steps = ()
        mine, spec = project.claims_of(t.key), project.registry.notes[t.key]
        if unchecked:
            lost = unaccounted_numbers(note, mine, spec)
            numbers = tuple((n.token.text, n.location) for n in lost)
            steps = tuple((wrong_step(c, located=False), c.location) for c in unchecked_wrong_steps(note, lost))
        if ownerless:   # judged as the report judges it
            encoded = encoded_rows(note, mine)
            rows = tuple((r.text, r.location) for r in _rows(note, table_rows) if r.text not in encoded)
            math = tuple((m.text, m.location) for m in unaccounted_math(note, mine, spec))
            prose = tuple((p.text, p.location) for p in prose_read(note, mine, spec) if p.coverage == "unaccounted")
        out.append((judgment(results, rows, math, prose, numbers, steps), results))
    return out


def _new_failure_place(old: ClaimResult | None, new: ClaimResult, lines: dict[int, tuple[int, int]]):
    """Where a claim's new failure stands: the first, in the note, of its failing numbers and
    formulas that did not fail (as printed) before the edit; a number the edited note no
    longer prints where it stood before, that line followed through the edit (``lines``: old
    line -> new lines); else the claim's own place, or, its row or sentence not found, the line
    it stood on, followed through the edit."""
    def failing(r):
        return [] if r is None else [(x.location, getattr(x, "quoted", "") or getattr(x, "latex", ""))
                                     for x in (*r.numbers, *r.formulas) if x.outcome.value == "failed" and x.location]
    before = {text for _, text in failing(old)}
    fresh = [at for at, text in failing(new) if text not in before]
    if not fresh and old is not None and len(old.numbers) == len(new.numbers):   # a quote lost: where it stood
        path = new.location.path if new.location else None
        fresh = [Location(path or was.location.path, lines[was.location.line][0])
                 for was, x in zip(old.numbers, new.numbers) if x.outcome.value == "failed" and x.location is None
                 and was.check == x.check and was.location and was.location.line in lines]
    if not fresh and new.location is None and old is not None and old.location and old.location.line in lines:
        return Location(old.location.path, lines[old.location.line][0])   # its row or sentence lost: where it stood
    return min(fresh, key=lambda at: (at.line, at.column or 0)) if fresh else new.location


def _cached(store, claims, note) -> dict:
    """The results a report or an earlier audit stored for these claims on this note."""
    if store is None:
        return {}
    out = {}
    for cache in (store, store.sibling(True)):
        for c in claims:
            if c.id not in out and (hit := cache.get(c, note)) is not None:
                out[c.id] = hit
    return out


def _rows(note, table_rows) -> tuple:
    try:
        return table_rows(note)
    except NoteError:
        return ()


def findings_of(project: Project, claim: Claim, result: ClaimResult) -> list[Finding]:
    """The findings `noteproof audit` with no baseline gives ``claim`` on its note as it stands,
    from a result already computed (the pytest plugin's item, the report's run): its wrong
    numbers with the expected value, changed formulas, overstated tags, each located."""
    plan = plan_note(project.notes[claim.note], None, project.claims_of(claim.note))
    rewritten = next((c for c in plan.claims if c.id == claim.id), claim)
    found = [f for f in plan.findings if f.claim == claim.id]
    found += claim_findings(claim, rewritten, result, plan, [], DerivedForms(project.root, plan.note))
    return present(found, plan.note)


def patched_rewordings(reworded: list, fixes: list[tuple[int, int, str]]) -> list:
    """Each reworded row or statement as it reads once the patch's number fixes are applied to
    it, so that claims.yaml gets the corrected text, never a wrong number; dropped when that
    is the registered text again (the fix restored the note)."""
    out = []
    for claim, what, new, at in reworded:
        inside = [(a - at, b - at, text) for a, b, text in fixes if at <= a and b <= at + len(new)]
        text = _apply(new, inside)
        if text != (claim.row if what == "row" else claim.statement):
            out.append((claim, what, text, at))
    return out


def _registry_fix(root: Path, reworded: list) -> Fix | None:
    """claims.yaml kept in step with the note: each reworded row or statement's registered text
    replaced by the note's (YAML-quoted as claims.yaml writes it), on the claim's own entry."""
    from ..defaults import REGISTRY
    from ..sources.coverage import yaml_quote
    path = root / REGISTRY
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    lines, changed = text.split("\n"), False
    for claim, what, new, _ in reworded:
        old = claim.row if what == "row" else claim.statement
        n = claim.location.line - 1
        for i in range(max(n, 0), min(n + 12, len(lines))):   # the field stands just after the id
            if lines[i].lstrip().startswith(f"{what}: ") and yaml_quote(old) in lines[i]:
                lines[i] = lines[i].replace(yaml_quote(old), yaml_quote(new), 1)
                changed = True
                break
    return Fix(REGISTRY, text, "\n".join(lines)) if changed else None


def _replayed(project: Project, targets: list[Target], plans: dict, todo: list, store) -> dict:
    """Claim id -> result, for each claim to check that is not cached as edited but whose
    baseline result is (the report's or an audit's): judged again from it (from_cache.py)."""
    from .from_cache import replay
    caches = (store, store.sibling(extras=True))
    out = {}
    for t in targets:
        if t.old is None:
            continue
        originals = {c.id: c for c in project.claims_of(t.key)}
        note = plans[t.key].note
        for claim in todo:
            if claim.note == t.key and store.get(claim, note) is None:
                hit = replay(originals[claim.id], claim, t.old, note, caches)
                if hit is not None:
                    out[claim.id] = hit
    return out


# ------------------------------------------------------------------ which notes, against what

def resolve_targets(project: Project, paths: list[Path], base: str | None) -> list[Target]:
    registry, root = project.registry, project.root
    if not paths:
        paths = [root / spec.file for spec in registry.notes.values()]
    chosen: dict[str, Target] = {}
    for path in paths:
        key = match_note(project, path)
        if key in chosen:
            raise UsageError(f"{path} and {chosen[key].path} are both note {key!r}; audit one at a time")
        old, what = baseline(root, registry.notes[key].file, path, base)
        if old is not None and key in registry.notes:
            old = project.judged(key, old)
        chosen[key] = Target(key, path.resolve(), old, what)
    return list(chosen.values())


def with_notes(project: Project, targets: list[Target]) -> Project:
    """The project with each target's note read from the edited file."""
    notes = dict(project.notes)
    for t in targets:
        if t.path != (project.root / project.registry.notes[t.key].file).resolve():
            notes[t.key] = read_note(t.path, str(t.path))
    return Project(project.root, project.registry, notes, unregistered=project.unregistered,
                   warnings=project.warnings, store=project.store, view=project.view)


def match_note(project: Project, path: Path) -> str:
    """The note a file is: by registry path, else by file name, else by the most similar text."""
    notes = project.registry.notes
    for key, spec in notes.items():
        if path.resolve() == (project.root / spec.file).resolve():
            return key
    for key, spec in notes.items():
        if path.name == Path(spec.file).name:
            return key
    text = read_note(path, str(path)).text
    score = {k: difflib.SequenceMatcher(None, text.split("\n"), project.notes[k].text.split("\n"),
                                        autojunk=False).ratio() for k in notes}
    best = max(score, key=score.get)
    if score[best] < 0.3:
        raise NoteError(f"not one of the registry's notes ({', '.join(notes)}) and like none of them", Location(str(path)))
    return best


def baseline(root: Path, file: str, path: Path, base: str | None) -> tuple[Note | None, str]:
    shown = file
    if base is not None:
        text = _git_show(root, base, file)
        if text is None:
            raise NoteproofError(f"cannot read {file} at revision {base!r} (unknown revision, or not a git "
                                 f"repository, or the note is not in it)", Location(str(path)))
        return Note(shown, _normal(text)), f"git {base}"
    if path.resolve() == (root / file).resolve():
        text = _git_show(root, "HEAD", file)
        return (Note(shown, _normal(text)), "git HEAD") if text is not None else (None, "")
    return read_note(root / file, shown), file


def _git_show(root: Path, rev: str, file: str) -> str | None:
    if rev.startswith("-"):
        raise UsageError(f"--base takes a revision, not {rev!r}")
    try:
        out = subprocess.run(["git", "-C", str(root), "show", f"{rev}:./{file}"], capture_output=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired):
        return None
    if out.returncode != 0:
        return None
    try:
        return out.stdout.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None


def _normal(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


def _shown(root: Path, path: Path) -> str:
    try:
        return path.resolve().relative_to(root).as_posix()
    except ValueError:
        return os.path.relpath(path.resolve()).replace(os.sep, "/")


def _as_printed(note, fixes: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The fixes (offsets in the note as judged) at their offsets in the text as printed; one
    inside a worked step's respelled side is dropped (the side as printed has the same value)."""
    out = []
    for start, end, new in fixes:
        a, b = note.printed_offset(start), note.printed_offset(end)
        if b - a == end - start:
            out.append((a, b, new))
    return out


def _apply(text: str, fixes: list[tuple[int, int, str]]) -> str:
    for start, end, new in sorted(set(fixes), reverse=True):
        text = text[:start] + new + text[end:]
    return text


def fix_diff(fixes: list[Fix]) -> str:
    """A unified diff (a/ and b/ paths, for `git apply`) of every number fix."""
    out = []
    for f in fixes:
        out += difflib.unified_diff(f.text.splitlines(keepends=True), f.fixed.splitlines(keepends=True),
                                    f"a/{f.path}", f"b/{f.path}")
    return "".join(out)
