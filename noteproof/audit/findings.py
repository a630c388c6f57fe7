"""An audit's findings from what the claims computed on the edited note (see audit.py).

Numbers: a wrong one is an error whose ``expected`` is the computed value printed to the
quoted precision (compare.rounded_like); formulas: different or unreadable is an error,
equal after an edit a notice; tags: an edited status cell judged against the claim's
evidence (earn.judge, plus: a part is raised only on evidence stronger than the old
part); coverage: a new number nothing covers is a warning (an error with --strict).
"""
from __future__ import annotations

import difflib
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from ..errors import NoteproofError
from ..formula.declared import unaccounted_numbers
from ..model import ClaimResult, Finding, Outcome, Severity, Status
from ..run.claim import INPUT_EVIDENCE, cell_change, certified
from ..run.decision import reversal, supports
from ..run.earn import APPROX_KINDS, PROOF_KINDS, earns, judge, relevant
from ..run.interval import rounded_like
from ..run.steps import STEP_EVIDENCE, step_checks, wrong_step
from ..sources.locate import line_offsets, valued_numbers
from ..sources.numtext import verdict as word_verdict
from ..sources.project import Project
from ..sources.registry import Claim
from ..sources.reword import describe
from ..sources.tags import TagError, parse_tag
from .follow import Plan, old_place
from .formula_edits import unchecked_change
from .present import changed_span

RANK = {Status.PROPOSAL: 0, Status.APPROXIMATION: 1, Status.CONTROLLED: 2, Status.CONDITIONAL: 3, Status.EXACT: 4}


def claim_findings(original: Claim, claim: Claim, result: ClaimResult, plan: Plan,
                   fixes: list[tuple[int, int, str]], derived_form=None) -> list[Finding]:
    out: list[Finding] = []
    if result.outcome is Outcome.ERROR and not result.numbers and not result.formulas:
        return [Finding("claim", Severity.ERROR, claim.id, result.location or original.location,
                        "could not run: " + "; ".join(result.messages), code="NP801",
                        help=f"run `noteproof check {claim.id}` to see why")]
    numbers = number_findings(claim, result, plan, fixes)
    out += numbers + step_findings(claim, plan, [f.span for f in numbers if f.span and f.severity is Severity.ERROR])
    out += formula_findings(claim, result, plan, derived_form)
    for e in result.evidence:
        known = e.erratum is not None and plan.old is not None and plan.old.says(e.erratum.says) is not None
        # an erratum whose words the baseline printed too is the note's old error (the report lists
        # it), not the edit's; an input the note no longer prints is the follow rules' finding
        if not e.holds and not known and e.detail not in (INPUT_EVIDENCE, STEP_EVIDENCE):
            out.append(Finding("claim", Severity.ERROR, claim.id, result.location, f"does not hold: {e.statement}",
                               code="NP802", help=f"run `noteproof check {claim.id}` for the computation"))
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
                                   moved.new, moved.new, code="NP104", span=(moved.start, moved.end)))
            continue
        if n.outcome is Outcome.ERROR:
            out.append(Finding("number", Severity.ERROR, claim.id, where, f"{q.numeric}: {n.message}", q.number,
                               code="NP103", span=(moved.start, moved.end) if moved else None,
                               help=f"run `noteproof check {claim.id}` to see why"))
            continue
        if n.location is not None and word_verdict(n.quoted) is not None:   # a read-out in words
            at = _offset(text, n.location)
            fixes.append((at, at + len(n.quoted), n.computed))
            out.append(Finding("number", Severity.ERROR, claim.id, n.location,
                               f"{n.quoted} is wrong: {q.numeric} computes {n.computed!r}", n.quoted, n.computed,
                               code="NP101", span=(at, at + len(n.quoted)), fixed=True,
                               help=f"expected {n.computed}; `noteproof audit --fix` writes the patch"))
            continue
        expected = _expected(q.number, n.computed, q.exact)
        if n.location is None:
            out.append(Finding("number", Severity.ERROR, claim.id, old_place(plan, q.snippet),
                               f"checked number {q.number} ({q.numeric}) is no longer in the note: it stood in "
                               f"\"{q.snippet}\"", q.number, expected, code="NP102",
                               help=f"restore \"{q.snippet}\", or change the quote's snippet in claims.yaml",
                               origin=old_offset(plan, q.snippet)))
            continue
        at = moved.start if moved else _offset(text, n.location)
        fixes.append((at, at + len(moved.new if moved else n.quoted), expected))
        reversed_ = reversal(q.decides, n.quoted, n.computed) if n.decision and q.decides else ""
        if reversed_:
            out.append(Finding("number", Severity.ERROR, claim.id, where,
                               f"{n.quoted} is wrong: {q.numeric} computes {n.computed} "
                               f"(printed to the same precision: {expected}); {reversed_}", q.number, expected,
                               code="NP106", span=(at, at + len(q.number)),
                               fixed=not supports(q.decides, n.quoted),   # else the conclusion is wrong too
                               help=f"expected {expected}; the value says not {q.decides.says!r}: correct the "
                                    "conclusion drawn from it too (`noteproof audit --fix` writes the number)"
                               if supports(q.decides, n.quoted) else
                               f"expected {expected}, which supports {q.decides.says!r}; "
                               "`noteproof audit --fix` writes the patch"))
            continue
        out.append(Finding("number", Severity.ERROR, claim.id, where,
                           f"{q.number} is wrong: {q.numeric} computes {n.computed} (printed to the same "
                           f"precision: {expected})", q.number, expected, code="NP101",
                           span=(at, at + len(q.number)), fixed=True,
                           help=f"expected {expected}; `noteproof audit --fix` writes the patch"))
    return out


def _offset(text: str, where) -> int:
    """The offset of a 1-based line:column location in ``text`` (its line starts, locate.line_offsets)."""
    return line_offsets(text)[where.line - 1] + (where.column or 1) - 1


def step_findings(claim: Claim, plan: Plan, explained: list[tuple[int, int]]) -> list[Finding]:
    """A worked step of the claim that no longer holds (run.steps), located at the step; not
    when a wrong number in it (``explained``: their spans) already says why, nor when the
    baseline printed the same wrong step (the note's own error: the report lists it)."""
    old = {o.link.text for o in step_checks(claim, plan.old) if not o.holds} if plan.old is not None else set()
    out = []
    for c in step_checks(claim, plan.note):
        if c.holds or c.link.text in old or any(c.link.left.start <= a < c.link.right.end for a, _ in explained):
            continue
        link = c.link
        help_ = (f"print {c.expected} for {link.right.text}, or correct the operand that was mistyped"
                 if c.expected else f"correct {link.left.text} or {link.right.text}")
        out.append(Finding("number", Severity.ERROR, claim.id, c.location, wrong_step(c, located=False),
                           link.right.text, c.expected, code="NP105", span=(link.left.start, link.right.end),
                           help=help_))
    return out


def old_offset(plan: Plan, text: str) -> int | None:
    """Where ``text`` stood in the baseline (None: no baseline, or not there)."""
    if plan.old is None:
        return None
    at = plan.old.text.find(text)
    return at if at >= 0 else None


def _expected(quoted: str, computed: str, exact: bool) -> str:
    try:
        value = Fraction(computed) if "/" in computed else Decimal(computed)
        return rounded_like(quoted, value, exact=exact)
    except (InvalidOperation, ValueError, ZeroDivisionError, NoteproofError):
        return computed


def formula_findings(claim: Claim, result: ClaimResult, plan: Plan, derived_form=None) -> list[Finding]:
    """``derived_form(spec)``: the derived form in the note's notation, for a formula the edit
    did not change (the expected form of a changed one is its baseline text)."""
    out = []
    checked = {n.quoted for n in result.numbers if n.outcome in (Outcome.VERIFIED, Outcome.FAILED)}  # judged there
    for i, (spec, f) in enumerate(zip(claim.formulas, result.formulas)):
        moved = plan.formulas.get((claim.id, i))
        where = moved.location if moved else f.location
        span = changed_span(moved.old, moved.new, moved.start, latex=not spec.plain) if moved else None
        if span is None and where is not None and f.location is not None:
            at = _offset(plan.note.text, f.location)     # the place judged (sources.coverage.places)
            if plan.note.text[at:at + len(f.latex)] != f.latex:
                at = plan.note.text.find(spec.text)
            span = (at, at + len(f.latex if at == _offset(plan.note.text, f.location) else spec.text)) \
                if at >= 0 else None
        if f.outcome is Outcome.VERIFIED:
            if moved and not any(g.outcome is not Outcome.VERIFIED and g.latex == f.latex for g in result.formulas):
                why = unchecked_change(spec, moved.old, moved.new, f.relation, checked)
                if why:
                    side = {"rhs": "right side", "lhs": "left side"}.get(spec.side, "part")
                    out.append(Finding("formula", Severity.ERROR, claim.id, where,
                                       f"formula edited outside what {spec.derivation} compares (it checks the "
                                       f"{side} only): {_plain_why(why)}", moved.new, moved.old, code="NP203",
                                       span=span, help=f"restore `{moved.old}`, or register the edited part "
                                                       f"in claims.yaml so that a check reads it"))
                else:
                    out.append(Finding("formula", Severity.NOTICE, claim.id, where,
                                       f"formula reworded and still equal to what {spec.derivation} derives",
                                       moved.new, moved.old, code="NP205", span=span))
            continue
        if f.location is None and not moved:
            out.append(Finding("formula", Severity.ERROR, claim.id, old_place(plan, spec.text),
                               f"registered formula is no longer in the note: `{spec.text}` ({spec.derivation})",
                               spec.text, spec.text, code="NP204", origin=old_offset(plan, spec.text),
                               help=f"restore `{spec.text}`, or remove the formula from claims.yaml"))
            continue
        expected = moved.old if moved else (derived_form(spec) if derived_form else "") or f.derived
        if f.message.startswith("unreadable"):
            reason = f.message.split(":", 1)[1].strip() if ":" in f.message else f.message
            out.append(Finding("formula", Severity.ERROR, claim.id, where,
                               f"the formula reader cannot read this formula: {reason}", spec.text, expected,
                               code="NP202", span=span,
                               help=f"restore `{expected}`" if moved else
                               "write it in the notes' LaTeX subset (README, Formulas)"))
            continue
        detail = f.message.replace("differs at a sample point: ", "")
        if f.relation or spec.side == "whole":
            detail = re.sub(r"^side 1: ", "left side, ", re.sub(r"^side 2: ", "right side, ", detail))
        out.append(Finding("formula", Severity.ERROR, claim.id, where,
                           f"formula no longer equals what {spec.derivation} derives ({detail})",
                           spec.text, expected, code="NP201", span=span, help=f"write `{expected}`"
                           + (" (as before the edit)" if moved else "")))
    return _one_per_place(out)


def _one_per_place(found: list[Finding]) -> list[Finding]:
    """One finding per edited place: two formulas registered for one span (a text and its
    respacing) that both fail there are one error, the one with the narrower caret."""
    kept: list[Finding] = []
    for f in sorted(found, key=lambda f: (f.span[1] - f.span[0]) if f.span else 1 << 30):
        if f.span and f.severity is Severity.ERROR and any(
                g.span and g.severity is Severity.ERROR and f.span[0] < g.span[1] and g.span[0] < f.span[1]
                for g in kept):
            continue
        kept.append(f)
    return sorted(kept, key=lambda f: found.index(f))


def _plain_why(why: str) -> str:
    """formula_edits' reason, with SymPy's ``**`` printed as the notes print powers."""
    return why.replace("**", "^")


def tag_findings(original: Claim, result: ClaimResult, plan: Plan) -> list[Finding]:
    new = plan.tags.get(original.id)
    evidence = result.evidence
    if new is None:
        v = judge(original.status, evidence)
        return [Finding("tag", Severity.ERROR, original.id, result.location, m, original.tag.text, code="NP401",
                        help=f"run `noteproof check {original.id}`")
                for m in v.messages]
    span = _tag_span(plan, new)
    try:
        parts = parse_tag(new.text, new.location).parts
    except TagError as exc:
        return [Finding("tag", Severity.ERROR, original.id, new.location, exc.message, new.text, new.old,
                        code="NP404", span=span, help=f"restore the tag \"{new.old}\"")]
    # as the report reads the cell (run.claim.printed_tag): other words fail it, whatever its marks
    change = cell_change(new.old, new.text, certified(evidence))
    reworded = [] if change is None else [
        Finding("tag", Severity.ERROR, original.id, new.location,
                f"status cell reworded with another meaning ({describe(change)}); "
                f"the claim's checks were written for \"{new.old}\"", new.text, new.old, code="NP507", span=span,
                help=f"restore \"{new.old}\", or change the claim's checks and claims.yaml to the new cell")]
    old = original.status
    v = judge(parts, evidence)
    # the tag a reworded cell prints is judged too (run.claim.printed_tag): "[Exact], for any
    # residual network" for "[Controlled approximation], under ..." is two failing checks
    if (v.messages or _raised(old, parts, evidence)) and (parts or not reworded):
        return reworded + [Finding("tag", Severity.ERROR, original.id, new.location, _overstated(parts, old, evidence),
                                   new.text, new.old, code="NP401", span=span,
                                   help=f"restore \"{new.old}\", or add a check whose evidence earns the new tag")]
    if reworded:
        return reworded
    if not parts or max(RANK[p] for p in parts) < max(RANK[p] for p in old):
        return [Finding("tag", Severity.NOTICE, original.id, new.location,
                        f"tag lowered: the evidence earns {_tags(old)} (was \"{new.old}\")", new.text, new.old,
                        code="NP402", span=span)]
    return [Finding("tag", Severity.NOTICE, original.id, new.location,
                    f"tag changed from \"{new.old}\"; the evidence earns it", new.text, new.old,
                    code="NP403", span=span)]


NEEDS = {Status.EXACT: "a proof (an identity or an inequality certificate), a witness or a definition",
         Status.CONTROLLED: "an error bound and its observed order",
         Status.APPROXIMATION: "a computed value, an order or a bound",
         Status.CONDITIONAL: "a proof under the condition and a counterexample without it",
         Status.PROPOSAL: "nothing"}
PLAIN_KIND = {"identity": "a symbolic identity", "inequality": "an inequality certificate",
              "bound": "an error bound", "order": "an observed order", "counterexample": "a counterexample",
              "numeric": "a numeric value", "definition": "a definition", "none": "no evidence"}


def _tags(parts) -> str:
    return ", ".join(f"[{p.value.capitalize()}]" for p in parts) or "no tag"


def _overstated(parts: tuple[Status, ...], old: tuple[Status, ...], evidence) -> str:
    """In plain words: "[Exact] needs a proof ...; this claim has only an error bound and an
    observed order, which earn [Controlled approximation]"."""
    # the proposal rule's own evidence (earn.proposal_evidence) is the tag's, not the claim's, and a
    # condition (where the claim applies, a worked step) earns no tag
    kinds = sorted({e.kind.value for e in evidence if e.holds and e.kind.value != "none"
                    and e.supports is not Status.PROPOSAL and not e.condition})
    have = _and([PLAIN_KIND.get(k, k) for k in kinds]) or "no evidence"
    weak = [p for p in parts if not earns(p, frozenset(e.kind for e in relevant(evidence, p) if e.holds))
            or p not in old] or list(parts)
    if Status.CONDITIONAL in old and Status.CONDITIONAL not in parts:
        return (f"{_tags(weak)} drops the condition, but a counterexample shows the result fails without it; "
                f"the evidence ({have}) earns {_tags(old)}")
    need = "; ".join(f"[{p.value.capitalize()}] needs {NEEDS[p]}" for p in dict.fromkeys(weak))
    if not kinds:
        return f"{need}; this claim has no evidence, so it earns no more than {_tags(old)}"
    return f"{need}; this claim has only {have}, which earns {_tags(old)}"


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1] if items else ""


def _tag_span(plan: Plan, new) -> tuple[int, int] | None:
    """The edited tag in the note: where its text stands on its line."""
    if new.location is None or not new.location.line:
        return None
    from ..sources.locate import line_offsets
    start = line_offsets(plan.note.text)[new.location.line - 1]
    at = plan.note.text.find(new.text, start)
    if at < 0:
        return None
    words = re.compile(r"\[[^\]]*\]|[^\s;,:]+")
    a, b = [(m.group(), m.start()) for m in words.finditer(new.old)], [(m.group(), m.start(), m.end())
                                                                        for m in words.finditer(new.text)]
    ops = [o for o in difflib.SequenceMatcher(None, [w for w, _ in a], [w[0] for w in b], autojunk=False).get_opcodes()
           if o[0] != "equal"]
    if not ops or ops[0][3] == ops[0][4]:
        return at, at + len(new.text)
    return at + b[ops[0][3]][1], at + b[ops[0][4] - 1][2]


def _raised(old: tuple[Status, ...], new: tuple[Status, ...], evidence) -> bool:
    """A part raised above the registry's is earned only when the evidence meant for the old
    part already showed more than it (earn.judge's "understated": proof where an
    approximation was claimed); a proposal or a condition is never raised away."""
    for i, part in enumerate(new):
        was = old[min(i, len(old) - 1)] if old else Status.PROPOSAL
        if RANK[part] <= RANK[was]:
            continue
        kinds = frozenset(e.kind for e in relevant(evidence, was))
        stronger = was in (Status.APPROXIMATION, Status.CONTROLLED) and kinds & PROOF_KINDS and not kinds & APPROX_KINDS
        if not (stronger and earns(part, kinds)):
            return True
    return False


def coverage_findings(project: Project, key: str, plan: Plan, strict: bool) -> list[Finding]:
    """New numeric tokens (all tokens without a baseline) that nothing covers."""
    spec = project.registry.notes[key]
    severity = Severity.ERROR if strict else Severity.WARNING
    fresh = new_tokens(plan)
    lost = [n for n in unaccounted_numbers(plan.note, tuple(plan.claims), spec)
            if fresh is None or n.token.start in fresh]
    return [Finding("coverage", severity, "", n.location,
                    f"new number {n.token.text} is checked by nothing", n.token.text, code="NP701",
                    span=(n.token.start, n.token.end),
                    help="quote it in claims.yaml (quotes:), or add a label pattern under notes: if it is a label")
            for n in lost]


def new_tokens(plan: Plan) -> set[int] | None:
    """Offsets of the numeric tokens the edit added or changed in value (None: no baseline, all
    are new). A number is compared by its value, and a number in words counts: "12 updates" for
    "Twelve updates", or 3760 for 3,760, adds nothing."""
    if plan.old is None:
        return None
    a, b = valued_numbers(plan.old.text), valued_numbers(plan.note.text)
    ops = difflib.SequenceMatcher(None, [v for _, v in a], [v for _, v in b], autojunk=False).get_opcodes()
    return {at for op, _, _, j1, j2 in ops if op in ("insert", "replace") for at, _ in b[j1:j2]}
