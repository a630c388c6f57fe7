"""An audit's findings from what the claims computed on the edited note (see audit.py).

Numbers: a wrong one is an error whose ``expected`` is the computed value printed to the
quoted precision (compare.rounded_like); formulas: different or unreadable is an error,
equal after an edit a notice; tags: an edited status cell judged against the claim's
evidence (earn.judge, plus: a part is raised only on evidence stronger than the old
part); coverage: a new number nothing covers is a warning (an error with --strict).
"""
from __future__ import annotations

import difflib
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from .compare import rounded_like
from .earn import APPROX_KINDS, PROOF_KINDS, earns, judge, relevant
from .errors import NoteproofError
from .formedit import unchecked_change
from .locate import numeric_tokens
from .model import ClaimResult, Finding, Outcome, Severity, Status
from .project import Project
from .registry import Claim
from .relocate import Plan, old_place
from .scan import scan_numbers
from .tags import TagError, parse_tag
from .notes import number_offset

RANK = {Status.PROPOSAL: 0, Status.APPROXIMATION: 1, Status.CONTROLLED: 2, Status.CONDITIONAL: 3, Status.EXACT: 4}


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
            known = e.erratum is not None and plan.old is not None and plan.old.locate(e.erratum.says) is not None
            # an erratum whose words the baseline printed too is the note's old error, not the edit's
            out.append(Finding("claim", Severity.NOTICE if known else Severity.ERROR, claim.id, result.location,
                               ("erratum, printed before this edit too: " if known else "does not hold: ")
                               + e.statement))
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
            out.append(Finding("number", Severity.ERROR, claim.id, old_place(plan, q.snippet),
                               f"checked number {q.number} ({q.numeric}) no longer found: snippet {q.snippet!r}",
                               q.number, expected))
            continue
        at = moved.start if moved else text.find(q.snippet) + number_offset(q.snippet, q.number)
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
    checked = {n.quoted for n in result.numbers if n.outcome in (Outcome.VERIFIED, Outcome.FAILED)}  # judged there
    for i, (spec, f) in enumerate(zip(claim.formulas, result.formulas)):
        moved = plan.formulas.get((claim.id, i))
        where = moved.location if moved else f.location
        if f.outcome is Outcome.VERIFIED:
            if moved and not any(g.outcome is not Outcome.VERIFIED and g.latex == f.latex for g in result.formulas):
                why = unchecked_change(spec, moved.old, moved.new, f.relation, checked)
                if why:
                    out.append(Finding("formula", Severity.ERROR, claim.id, where,
                                       f"formula edited where {spec.derivation} does not check it: {moved.old!r} -> "
                                       f"{moved.new!r}: {why}", moved.new, moved.old))
                else:
                    out.append(Finding("formula", Severity.NOTICE, claim.id, where,
                                       f"formula edited and still equal to {spec.derivation}: {moved.old!r} -> "
                                       f"{moved.new!r}", moved.new, f.derived))
            continue
        if f.location is None and not moved:
            msg = f"formula no longer found: {spec.text!r} ({spec.derivation})"
            where = old_place(plan, spec.text)
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
