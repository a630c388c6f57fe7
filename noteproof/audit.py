"""Audit edited notes: what an edit broke, each finding located, with the fix beside it.

The baseline an edit is measured against is, in order: ``git show REV:<note>`` for
``--base REV``; the committed HEAD version when the project is a git repository; the
note in notes/ when the edited file lives elsewhere. With a baseline, the claims the
edit touched are run (``run_all`` runs every claim of the note); without one, every
claim of the note is run. Nothing here prints or writes.
"""
from __future__ import annotations

import difflib
import os
import subprocess
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

from .compare import rounded_like
from .earn import APPROX_KINDS, PROOF_KINDS, earns, judge, relevant
from .errors import NoteError, NoteproofError, UsageError
from .model import ClaimResult, Finding, Location, Outcome, Severity, Status
from .notes import Note, read_note
from .project import Project, load_project
from .registry import Claim
from .locate import numeric_tokens
from .relocate import Plan, plan_note
from .scan import scan_numbers
from .tags import TagError, parse_tag

RANK = {Status.PROPOSAL: 0, Status.APPROXIMATION: 1, Status.CONTROLLED: 2, Status.CONDITIONAL: 3, Status.EXACT: 4}


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

    @property
    def failed(self) -> bool:
        return any(f.severity is Severity.ERROR for f in self.findings)

    def summary(self) -> dict:
        count = {s.value + "s": sum(f.severity is s for f in self.findings) for s in Severity}
        return {**count, "claims_run": self.ran, "touched": list(self.touched),
                "notes": [{"path": str(t.path), "note": t.key, "baseline": t.baseline} for t in self.targets]}


def audit(root: Path, paths: list[Path], base: str | None = None, strict: bool = False, every: bool = False,
          dps: int = 50, jobs: int = 1, timeout: float = 120.0, cache: bool = True) -> AuditResult:
    from .cache import ResultCache
    from .pool import run_all
    root = root.resolve()
    project = load_project(root)
    targets = resolve_targets(project, paths, base)
    project = with_notes(project, targets)
    result = AuditResult(targets=targets)
    plans = {t.key: plan_note(project.notes[t.key], t.old, project.claims_of(t.key)) for t in targets}
    todo = [c for t in targets for c in plans[t.key].claims
            if every or t.old is None or c.id in plans[t.key].touched]
    store = ResultCache(root, dps) if cache else None
    results = {r.id: r for r in run_all(project, todo, dps, jobs, timeout, cache=store)} if todo else {}
    result.ran = len(todo)
    for t in targets:
        plan = plans[t.key]
        fixes: list[tuple[int, int, str]] = []
        found = list(plan.findings)
        originals = {c.id: c for c in project.claims_of(t.key)}
        for claim in plan.claims:
            if claim.id in results:
                found += claim_findings(originals[claim.id], claim, results[claim.id], plan, fixes)
        found += coverage_findings(project, t.key, plan, strict)
        if base is not None:
            found = [f for f in found if not f.claim or f.claim in plan.touched]
        result.findings += found
        result.touched += sorted(plan.touched)
        if fixes:
            result.fixes.append(Fix(_shown(root, t.path), plan.note.text, _apply(plan.note.text, fixes)))
    return result


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
        chosen[key] = Target(key, path.resolve(), old, what)
    return list(chosen.values())


def with_notes(project: Project, targets: list[Target]) -> Project:
    """The project with each target's note read from the edited file."""
    notes = dict(project.notes)
    for t in targets:
        if t.path != (project.root / project.registry.notes[t.key].file).resolve():
            notes[t.key] = read_note(t.path, str(t.path))
    return Project(project.root, project.registry, notes)


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


# ------------------------------------------------------------------ results -> findings

def claim_findings(original: Claim, claim: Claim, result: ClaimResult, plan: Plan,
                   fixes: list[tuple[int, int, str]]) -> list[Finding]:
    out: list[Finding] = []
    if result.outcome is Outcome.ERROR and not result.numbers and not result.formulas:
        return [Finding("claim", Severity.ERROR, claim.id, result.location or original.location,
                        "could not run: " + "; ".join(result.messages))]
    out += number_findings(claim, result, plan, fixes)
    out += formula_findings(claim, result, plan)
    for e in result.evidence:
        if not e.holds:
            out.append(Finding("claim", Severity.ERROR, claim.id, result.location, f"does not hold: {e.statement}"))
    out += tag_findings(original, result, plan)
    return out


def number_findings(claim: Claim, result: ClaimResult, plan: Plan, fixes: list) -> list[Finding]:
    out = []
    numeric = [(i, q) for i, q in enumerate(claim.quotes) if q.numeric]
    text = plan.note.text
    for (i, q), n in zip(numeric, result.numbers):
        moved = plan.quotes.get((claim.id, i))
        where = moved.location if moved else n.location
        if n.outcome is Outcome.VERIFIED:
            if moved and moved.new != moved.old:
                out.append(Finding("number", Severity.NOTICE, claim.id, where,
                                   f"{moved.old} now printed {moved.new}; still consistent with {n.computed}",
                                   moved.new, moved.new))
            continue
        if n.outcome is Outcome.ERROR:
            out.append(Finding("number", Severity.ERROR, claim.id, where, f"{q.numeric}: {n.message}", q.number))
            continue
        expected = _expected(q.number, n.computed, q.exact)
        if n.location is None:
            out.append(Finding("number", Severity.ERROR, claim.id, None,
                               f"checked number {q.number} ({q.numeric}) no longer found: snippet {q.snippet!r}",
                               q.number, expected))
            continue
        at = moved.start if moved else text.find(q.snippet) + q.snippet.find(q.number)
        fixes.append((at, at + len(q.number), expected))
        out.append(Finding("number", Severity.ERROR, claim.id, where,
                           f"{q.number} is wrong: {q.numeric} computes {n.computed} (printed to the same "
                           f"precision: {expected})", q.number, expected))
    return out


def _expected(quoted: str, computed: str, exact: bool) -> str:
    try:
        value = Fraction(computed) if "/" in computed else Decimal(computed)
        return rounded_like(quoted, value, exact=exact)
    except (InvalidOperation, ValueError, ZeroDivisionError, NoteproofError):
        return computed


def formula_findings(claim: Claim, result: ClaimResult, plan: Plan) -> list[Finding]:
    out = []
    for i, (spec, f) in enumerate(zip(claim.formulas, result.formulas)):
        moved = plan.formulas.get((claim.id, i))
        where = moved.location if moved else f.location
        if f.outcome is Outcome.VERIFIED:
            if moved and not any(g.outcome is not Outcome.VERIFIED and g.latex == f.latex for g in result.formulas):
                out.append(Finding("formula", Severity.NOTICE, claim.id, where,
                                   f"formula edited and still equal to {spec.derivation}: {moved.old!r} -> {moved.new!r}",
                                   moved.new, f.derived))
            continue
        if f.location is None and not moved:
            msg = f"formula no longer found: {spec.text!r} ({spec.derivation})"
        elif f.message.startswith("unreadable"):
            msg = f"formula {spec.text!r} is {f.message}"
        else:
            msg = f"formula {spec.text!r} differs from {spec.derivation}'s derived form {f.derived}: {f.message}"
        out.append(Finding("formula", Severity.ERROR, claim.id, where, msg, spec.text, f.derived))
    return out


def tag_findings(original: Claim, result: ClaimResult, plan: Plan) -> list[Finding]:
    new = plan.tags.get(original.id)
    evidence = result.evidence
    if new is None:
        v = judge(original.status, evidence)
        return [Finding("tag", Severity.ERROR, original.id, result.location, m, original.tag.text)
                for m in v.messages]
    try:
        parts = parse_tag(new.text, new.location).parts
    except TagError as exc:
        return [Finding("tag", Severity.ERROR, original.id, new.location, exc.message, new.text)]
    old = original.status
    v = judge(parts, evidence)
    problems = list(v.messages) + _raised(old, parts, evidence)
    if problems:
        return [Finding("tag", Severity.ERROR, original.id, new.location,
                        f"tag {new.text!r} is overstated (was {new.old!r}): " + "; ".join(problems),
                        new.text, new.old)]
    if not parts or max(RANK[p] for p in parts) < max(RANK[p] for p in old):
        why = f"the evidence earns {', '.join(s.value for s in old)}"
        return [Finding("tag", Severity.NOTICE, original.id, new.location,
                        f"tag {new.text!r} is understated (was {new.old!r}): {why}", new.text, new.old)]
    return [Finding("tag", Severity.NOTICE, original.id, new.location,
                    f"tag changed from {new.old!r} to {new.text!r}; the evidence earns it", new.text, new.old)]


def _raised(old: tuple[Status, ...], new: tuple[Status, ...], evidence) -> list[str]:
    """A part raised above the registry's is earned only when the evidence meant for the old
    part already showed more than it (earn.judge's "understated": proof where an
    approximation was claimed); a proposal or a condition is never raised away."""
    out = []
    for i, part in enumerate(new):
        was = old[min(i, len(old) - 1)] if old else Status.PROPOSAL
        if RANK[part] <= RANK[was]:
            continue
        kinds = frozenset(e.kind for e in relevant(evidence, was))
        stronger = was in (Status.APPROXIMATION, Status.CONTROLLED) and kinds & PROOF_KINDS and not kinds & APPROX_KINDS
        if not (stronger and earns(part, kinds)):
            have = ", ".join(sorted(k.value for k in kinds)) or "no evidence"
            out.append(f"[{part.value}] in place of [{was.value}]: the evidence for [{was.value}] is {have}, "
                       f"which earns no more than [{was.value}]")
    return out


def coverage_findings(project: Project, key: str, plan: Plan, strict: bool) -> list[Finding]:
    """New numeric tokens (all tokens without a baseline) that nothing covers."""
    spec = project.registry.notes[key]
    severity = Severity.ERROR if strict else Severity.WARNING
    fresh = new_tokens(plan)
    return [Finding("coverage", severity, "", n.location,
                    f"new number {n.token.text} is covered by no quote, input or label "
                    f"(register it in claims.yaml or add a label pattern)", n.token.text)
            for n in scan_numbers(plan.note, tuple(plan.claims), spec)
            if n.coverage == "unaccounted" and (fresh is None or n.token.start in fresh)]


def new_tokens(plan: Plan) -> set[int] | None:
    """Offsets of the numeric tokens the edit added or changed (None: no baseline, all are new)."""
    if plan.old is None:
        return None
    a, b = numeric_tokens(plan.old.text), numeric_tokens(plan.note.text)
    ops = difflib.SequenceMatcher(None, [t.text for t in a], [t.text for t in b], autojunk=False).get_opcodes()
    return {t.start for op, _, _, j1, j2 in ops if op in ("insert", "replace") for t in b[j1:j2]}


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
