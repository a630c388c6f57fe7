"""Run one claim's checks in this process: derivations, formulas, numbers, conditions."""
from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..defaults import DEFAULT_DPS
from .interval import consistent
from ..sources.content import Check, CheckKind, Content
from .earn import judge
from ..errors import NoteproofError
from ..model import (ClaimResult, Derived, Evidence, EvidenceKind, FormulaResult, Location,
                    NumberResult, Outcome, Step)
from ..sources.notes import Note
from ..sources.registry import Claim, FormulaSpec, QuoteSpec
from ..sources.notes import number_offset

if TYPE_CHECKING:
    from ..formula.equality import Comparison


@dataclass
class Run:
    """The state of one claim's run: parameters, precision and derived results so far."""

    content: Content
    note: Note
    dps: int = DEFAULT_DPS
    params: dict[str, str] = field(default_factory=dict)
    derived: dict[str, Derived] = field(default_factory=dict)
    computed: dict[str, Any] = field(default_factory=dict)   # numeric id -> compute()'s answer or error

    def call(self, check: Check) -> Any:
        accepted = inspect.signature(check.fn).parameters
        kwargs = {k: v for k, v in self.params.items() if k in accepted}
        return check.fn(**kwargs)

    def derivation(self, check_id: str) -> Derived:
        if check_id not in self.derived:
            import mpmath
            with mpmath.workdps(self.dps):
                out = self.call(self.content.get(check_id, CheckKind.DERIVATION))
            if not isinstance(out, Derived):
                raise NoteproofError(f"derivation {check_id!r} returned {type(out).__name__}, not Derived")
            self.derived[check_id] = out
        return self.derived[check_id]


def run_claim(claim: Claim, content: Content, note: Note, dps: int = DEFAULT_DPS,
              params: dict[str, str] | None = None) -> ClaimResult:
    """Everything about one claim, computed here and now (errors propagate to the caller)."""
    run = Run(content, note, dps, dict(params or {}))
    evidence, steps = [], []
    for check_id in claim.derivations:
        d = run.derivation(check_id)
        evidence += d.evidence
        steps += d.steps
    formulas = tuple(check_formula(run, spec) for spec in claim.formulas)
    numbers = tuple(check_number(run, q) for q in claim.quotes if q.numeric)
    evidence += [check_condition(run, c) for c in claim.conditions]
    return assemble(claim, note, tuple(evidence), formulas, numbers, tuple(_plain_steps(steps)), bool(run.params))


def assemble(claim: Claim, note: Note, evidence: tuple[Evidence, ...], formulas: tuple[FormulaResult, ...],
             numbers: tuple[NumberResult, ...], steps: tuple[Step, ...], overridden: bool = False) -> ClaimResult:
    """The claim's result from what its checks gave: where its row stands, the numeric
    evidence its verified numbers add, and the verdict on its tag. Needs no content and no SymPy
    (an audit's replay, replay.py, calls it with what a cached result computed)."""
    where = note.locate(claim.text)
    messages = [] if where else [f"{'row' if claim.row else 'statement'} not found in {note.path}"]
    evidence += tuple(_numeric_evidence(numbers))
    outcome, more = verdict(claim, evidence, formulas, numbers, overridden)
    return ClaimResult(claim.id, claim.note, claim.text, claim.tag.text,
                       tuple(dict.fromkeys(s.mark for s in claim.status)),
                       Outcome.FAILED if not where else outcome, evidence, numbers, formulas,
                       claim.uses, where, tuple(messages + more), steps)


def _numeric_evidence(numbers: tuple[NumberResult, ...]) -> list[Evidence]:
    """Each recomputed number that matches its quote is numeric evidence."""
    return [Evidence(EvidenceKind.NUMERIC, f"{n.quoted} recomputed as {n.computed}", True)
            for n in numbers if n.outcome is Outcome.VERIFIED]


def verdict(claim: Claim, evidence: tuple[Evidence, ...], formulas: tuple[FormulaResult, ...],
            numbers: tuple[NumberResult, ...], overridden: bool) -> tuple[Outcome, list[str]]:
    """Verified only if every evidence item, formula and number holds and the tag is earned."""
    messages = [f"does not hold: {e.statement}" for e in evidence if not e.holds]
    messages += [f"formula {f.latex!r}: {f.message}" for f in formulas if f.outcome is not Outcome.VERIFIED]
    messages += [f"number {n.quoted!r}: {n.message or 'computed ' + n.computed}"
                 for n in numbers if n.outcome is Outcome.FAILED]
    v = judge(claim.status, evidence)
    if overridden:
        return (Outcome.FAILED if messages else Outcome.VERIFIED), messages + list(v.notices)
    if any(f.outcome is Outcome.ERROR for f in formulas) or any(n.outcome is Outcome.ERROR for n in numbers):
        return Outcome.ERROR, messages + list(v.messages)
    if not evidence and not formulas and not numbers and not v.earned:
        return Outcome.UNVERIFIED, list(v.messages)
    failed = bool(messages) or not v.earned
    return (Outcome.FAILED if failed else Outcome.VERIFIED), messages + list(v.messages) + list(v.notices)


def check_condition(run: Run, check_id: str) -> Evidence:
    check = run.content.get(check_id, CheckKind.CONDITION)
    holds = run.call(check)
    if not isinstance(holds, bool):
        raise NoteproofError(f"condition {check_id!r} returned {type(holds).__name__}, not bool")
    statement = (check.doc.splitlines() or [check_id])[0]
    return Evidence(EvidenceKind.DEFINITION, f"condition: {statement}", holds, detail=check_id, condition=True)


def check_number(run: Run, quote: QuoteSpec) -> NumberResult:
    """Compute the quote's value at dps (and dps+20 to confirm) and apply the interval rule."""
    from .numbers import compute
    if quote.numeric not in run.computed:   # a claim may quote one value several times
        try:
            run.computed[quote.numeric] = compute(run, quote.numeric)
        except NoteproofError as exc:
            run.computed[quote.numeric] = exc
    got = run.computed[quote.numeric]
    if isinstance(got, NoteproofError):
        return NumberResult(quote.number, "", run.dps, Outcome.ERROR, number_location(run.note, quote),
                            quote.numeric, got.message)
    value, text, dps = got
    return place_number(run.note, quote, value, text, dps, bool(run.params))


def number_location(note: Note, quote: QuoteSpec) -> Location | None:
    """Where the quoted number stands in the note: inside the first occurrence of its snippet."""
    if note.locate(quote.snippet) is None:
        return None
    return note.location_of(note.text.find(quote.snippet) + number_offset(quote.snippet, quote.number))


def place_number(note: Note, quote: QuoteSpec, value: Any, text: str, dps: int,
                 overridden: bool = False) -> NumberResult:
    """A computed value against the quote as the note prints it: the interval rule
    (compare.consistent), located at the number."""
    where = number_location(note, quote)
    if where is None:
        return NumberResult(quote.number, text, dps, Outcome.FAILED, None, quote.numeric,
                            f"snippet {quote.snippet!r} not found in {note.path}")
    if overridden:
        return NumberResult(quote.number, text, dps, Outcome.UNVERIFIED, where, quote.numeric,
                            "recomputed at the given settings")
    ok = consistent(quote.number, value, exact=quote.exact)
    return NumberResult(quote.number, text, dps, Outcome.VERIFIED if ok else Outcome.FAILED, where,
                        quote.numeric, "" if ok else f"computed {text}, outside what {quote.number!r} allows")


def check_formula(run: Run, spec: FormulaSpec) -> FormulaResult:
    """Read the formula as printed and compare it with the form its derivation derived."""
    from ..formula.equality import relation_parts
    where = run.note.locate(spec.text)
    form = _pick_form(run.derivation(spec.derivation), spec)
    shown, relation = _text(form), relation_parts(form) is not None
    if where is None:
        return FormulaResult(spec.text, Outcome.FAILED, None, spec.derivation, shown,
                             f"not found in {run.note.path}", relation=relation)
    try:
        same = compare_printed(spec, form, where)
    except NoteproofError as exc:
        return FormulaResult(spec.text, Outcome.FAILED, where, spec.derivation, shown,
                             f"unreadable: {exc.message}", relation=relation)
    outcome = Outcome.VERIFIED if same.equal else Outcome.FAILED
    return FormulaResult(spec.text, outcome, where, spec.derivation, shown, same.message, relation=relation)


def compare_printed(spec: FormulaSpec, form: Any, where: Location | None = None) -> "Comparison":
    """``spec.text`` read by the project's reader against a derived form: equal when part
    ``spec.part`` (every part, when it has none or too few parts) equals it on ``spec.side``
    (sameform.compare_form). A formula that cannot be read raises FormulaError."""
    from ..formula.formread import read_spec
    from ..formula.equality import Comparison, compare_form
    parts = read_spec(spec, where)
    candidates = [parts[spec.part]] if spec.part is not None and spec.part < len(parts) else list(parts)
    results = [compare_form(p, form, spec.side) for p in candidates]
    if any(r.equal for r in results):
        return Comparison(True)
    return Comparison(False, "; ".join(sorted({r.message for r in results if r.message}))
                      or "differs from the derived form")


def _pick_form(derived: Derived, spec: FormulaSpec) -> Any:
    if spec.form is not None:
        if spec.form not in derived.forms:
            raise NoteproofError(f"derivation {spec.derivation!r} has no form {spec.form!r} "
                                 f"(it has: {', '.join(derived.forms) or 'none'})")
        return derived.forms[spec.form]
    if len(derived.forms) != 1:
        raise NoteproofError(f"derivation {spec.derivation!r} has {len(derived.forms)} forms; name one with 'form:'")
    return next(iter(derived.forms.values()))


def _text(obj: Any) -> str:
    from ..formula.equality import relation_parts
    rel = relation_parts(obj)
    if rel is not None:
        ops, args = rel
        out = str(args[0])
        for op, arg in zip(ops * len(args), args[1:]):
            out += f" {op} {arg}"
        return out
    return str(obj)


def _plain_steps(steps: list[Step]) -> list[Step]:
    return [Step(s.text, "" if s.expr is None else _text(s.expr)) for s in steps]
