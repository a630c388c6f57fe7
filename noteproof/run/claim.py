"""Run one claim's checks in this process: derivations, formulas, numbers, conditions."""
from __future__ import annotations

import inspect
import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..defaults import DEFAULT_DPS
from ..errors import NoteproofError
from ..formula.printing import text as text_of
from ..model import (
    ClaimResult,
    Derived,
    Erratum,
    Evidence,
    EvidenceKind,
    FormulaResult,
    Location,
    NumberResult,
    Outcome,
    Reach,
    Status,
    Step,
)
from ..sources.content import Check, CheckKind, Content
from ..sources.notes import Note
from ..sources.numtext import canonical, same_value, verdict_word
from ..sources.numtext import verdict as word_verdict
from ..sources.registry import Claim, FormulaSpec, QuoteSpec
from ..sources.reword import cell_meaning_change, describe, respelled, sign_said_in_words
from ..sources.spelling import MATH_SPAN
from ..sources.tags import TagError, parse_tag
from .decision import at_settings, reversal, short_value
from .earn import judge, proposal_evidence, reach_gaps
from .failing import CELL_CHANGED
from .interval import consistent, equal_at_precision, exact_value, parse_quoted, same_exact, same_setting, terminates
from .steps import step_evidence

if TYPE_CHECKING:
    from ..formula.equality import Comparison


NOTE_TEXT = "note_text"      # the keyword a check takes to read the note as printed


@dataclass
class Run:
    """The state of one claim's run: parameters, precision and derived results so far."""

    content: Content
    note: Note
    dps: int = DEFAULT_DPS
    params: dict[str, str] = field(default_factory=dict)
    derived: dict[str, Derived] = field(default_factory=dict)
    computed: dict[str, Any] = field(default_factory=dict)   # numeric id -> compute()'s answer or error

    settings: dict[str, str] = field(default_factory=dict)   # the page's settings, as the note prints them
    quoted: frozenset[str] = frozenset()     # the numbers the claim's quotes judge (printed as they may be)

    def call(self, check: Check) -> Any:
        accepted = inspect.signature(check.fn).parameters
        kwargs = {k: v for k, v in {**self.settings, **self.params}.items() if k in accepted}
        if NOTE_TEXT in accepted:   # a check that reads the note's own definition (claims.yaml: reads_note)
            kwargs[NOTE_TEXT] = self.note.text
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
    run = Run(content, note, dps, dict(params or {}), settings=page_settings(claim, note), quoted=claim.quoted)
    evidence, steps = [], []
    for check_id in claim.derivations:
        d = run.derivation(check_id)
        evidence += d.evidence
        steps += d.steps
    if claim.declared:   # identity:, value:, ... in claims.yaml (run.declared)
        from .declared import declared_evidence
        evidence += declared_evidence(claim, note)
    formulas = tuple(check_formula(run, spec) for spec in claim.formulas)
    numbers = tuple(check_number(run, q) for q in claim.quotes if q.numeric)
    evidence += [check_condition(run, c) for c in claim.conditions]
    return assemble(claim, note, tuple(evidence), formulas, numbers, tuple(_plain_steps(steps)), bool(run.params))


def printed_settings(claim: Claim, note: Note) -> list[tuple[str, str, int]]:
    """(parameter, value as printed, offset) for each ``param:`` quote the note prints, in order."""
    return [(q.param, canonical(at[1]).replace(",", ""), at[0]) for q in claim.quotes if q.param
            and (at := note.quote_at(q.snippet, q.number)) is not None]


def page_settings(claim: Claim, note: Note) -> dict[str, str]:
    """The page's settings as the note prints them (the first place each ``param:`` quote is found):
    the checks run at these values."""
    seen: dict[str, str] = {}
    for name, value, _ in printed_settings(claim, note):
        seen.setdefault(name, value)
    return seen


INPUT_EVIDENCE = "input"    # the detail of evidence about what the note prints as given (input_evidence)


def input_evidence(claim: Claim, note: Note) -> list[Evidence]:
    """What the note must print for the checks to apply: every input (a setting taken as given)
    where its snippet says, and every place that prints a page setting (the slider, the caption,
    each operand of a worked calculation) the same value. Failing evidence for each that does not."""
    failed = []
    for q in claim.quotes:
        if not q.input:
            continue
        at = note.quote_at(q.snippet, q.number)
        if at is None and input_respelled(q, claim, note):
            continue
        if at is None:
            failed.append(Evidence(EvidenceKind.DEFINITION, f"the input {q.number} ({q.input}) is printed where "
                                   f"the registry says: '{q.snippet}'", False, condition=True,
                                   detail=INPUT_EVIDENCE))
        elif not q.param and not input_as_given(note, at, q.given or q.number):
            # the checks compute with the registered value: a page that now prints another one
            # is not what they verify (a setting the checks take from the page is a param: instead)
            failed.append(Evidence(EvidenceKind.DEFINITION, f"the note prints {at[1]} at "
                                   f"{note.location_of(at[0])} where the checks take {q.given or q.number} as given "
                                   f"({q.input})", False, condition=True, detail=INPUT_EVIDENCE))
    seen: dict[str, tuple[str, Location]] = {}
    for name, value, at in printed_settings(claim, note):
        where = note.location_of(at)
        if name not in seen:
            seen[name] = (value, where)
        elif not same_setting(seen[name][0], value):
            first, there = seen[name]
            failed.append(Evidence(EvidenceKind.DEFINITION, f"the page states {name} = {first} at {there} "
                                   f"and {name} = {value} at {where}", False, condition=True,
                                   detail=INPUT_EVIDENCE))
    return failed


def assemble(claim: Claim, note: Note, evidence: tuple[Evidence, ...], formulas: tuple[FormulaResult, ...],
             numbers: tuple[NumberResult, ...], steps: tuple[Step, ...], overridden: bool = False) -> ClaimResult:
    """The claim's result from what its checks gave: where its row stands, the numeric
    evidence its verified numbers add, and the verdict on its tag. Needs no content and no SymPy
    (an audit's replay, replay.py, calls it with what a cached result computed)."""
    at = note.stated(claim.text, claim.quoted) or _stated_otherwise(claim, note, formulas)
    verbatim = at is not None and note.printed(claim.text, claim.quoted) is not None
    # printed reworded as its erratum suggested ("below 1 in size" for "below 1") is the correction
    corrected = None if verbatim else _corrected(claim, note, evidence)
    at = at if corrected is None else corrected[0]
    where = None if at is None else note.location_of(at[0])
    # the words an erratum quotes stand reworded at ``at`` only when it rewords the statement, not its correction
    reworded = at if corrected is None else None
    evidence = as_printed(note, evidence, claim, reworded)
    messages = [] if where else [_not_found(claim, note)]
    # (a statement whose formulas alone are respelled says the same: no registry edit to ask for)
    if corrected is not None:   # the note prints the correction its erratum suggested: judged as printed
        messages.append(f"reworded: the note now reads '{at[1]}', the correction suggested for "
                        f"'{corrected[1]}'; claims.yaml registers '{claim.text}' (update it; `noteproof audit --fix` "
                        "prints the change)")
    elif at is not None and not verbatim:   # found reworded or respelled
        if not respelled(at[1], claim.text):
            messages.append(f"reworded: the note now reads '{at[1]}'; claims.yaml registers '{claim.text}' "
                            "(update it; `noteproof audit --fix` prints the change)")
        evidence += tuple(statement_maths(claim, at[1]))
    tag, status, said = printed_tag(claim, note, certified(evidence))
    # what the note's text alone decides, recomputed on every note a cached result is judged on
    added = (*input_evidence(claim, note), *step_evidence(claim, note), *_numeric_evidence(numbers),
             *((proposal_evidence(f"{claim.text} {tag}"),) if Status.PROPOSAL in status else ()))
    evidence += added
    outcome, more = verdict(replace(claim, status=status), evidence, formulas, numbers, overridden, claim.status)
    if not status or any(CELL_CHANGED.match(m) for m in said):
        outcome = Outcome.FAILED
    return ClaimResult(claim.id, claim.note, claim.text, tag,
                       tuple(dict.fromkeys(s.mark for s in status or claim.status)),
                       Outcome.FAILED if not where else outcome, evidence, numbers, formulas,
                       claim.uses, where, tuple(messages + said + more), steps,
                       errata=located_errata(claim, note, evidence, reworded), scope=claim.scope,
                       assembled=len(added))


def input_as_given(note: Note, at: tuple[int, str], given: str) -> bool:
    """Whether the input printed at ``at`` is the value the checks take as given: the same value;
    or that value rounded, when stated approximately ("\\simeq 0.7924" for 0.792412) or when the
    given value is itself a rounded one (GIVEN_ROUNDED significant digits or more: 0.7924 for
    0.792412, never 0.3 for a setting 0.25) printed to PRINTED_ROUNDED digits or more."""
    if same_value(at[1], given):
        return True
    if not _rounds(at[1], given):
        return False
    return note.marks_approximate(at[0]) or (_digits(given) >= GIVEN_ROUNDED and _digits(at[1]) >= PRINTED_ROUNDED)


GIVEN_ROUNDED = 5     # significant digits of a given value that is itself a rounding (0.792412)
PRINTED_ROUNDED = 3   # significant digits it keeps when printed re-rounded


def _digits(number: str) -> int:
    """Significant digits of a decimal as printed (0.792412: 6; 0.25: 2)."""
    return len(re.sub(r"^[-+\u2212]?[0.]*", "", number.split("e")[0].split("E")[0]).replace(".", ""))


def _rounds(printed: str, given: str) -> bool:
    """Whether ``printed`` is ``given`` rounded to the digits it shows."""
    try:
        return consistent(printed, parse_quoted(given))
    except (NoteproofError, ValueError, TypeError, ArithmeticError):
        return False


def _corrected(claim: Claim, note: Note, evidence: tuple[Evidence, ...]) -> tuple[tuple[int, str], str] | None:
    """Where the note prints the statement with an erratum's words replaced by the correction
    it suggested (the derivation proves the corrected statement in general, and its refutation of
    the words no longer printed is inert: as_printed), and the words corrected; or None."""
    for e in evidence:
        if e.erratum is None or not e.erratum.suggestion or not e.erratum.says:
            continue
        says, suggestion = e.erratum.says, e.erratum.suggestion
        # a suggestion is the corrected statement whole, or the corrected words of it
        for text in dict.fromkeys((suggestion, claim.text.replace(says, suggestion, 1))):
            if (found := note.printed(text)) is not None:
                return found, says
    return None


def _stated_otherwise(claim: Claim, note: Note, formulas: tuple[FormulaResult, ...]) -> tuple[int, str] | None:
    """The statement printed with a formula of its own written otherwise, where that formula's
    check read it and found it equal to the derived form: ``h lambda < 2`` for ``h < 2/lambda``
    (the derivation's rates are positive). Its words are still judged (Note.stated)."""
    text = claim.text
    for spec, result in zip(claim.formulas, formulas):
        if result.outcome is Outcome.VERIFIED and result.latex != spec.text and spec.text in text:
            text = text.replace(spec.text, result.latex)
    return note.stated(text, claim.quoted) if text != claim.text else None


def _not_found(claim: Claim, note: Note) -> str:
    """Why a claim's row or sentence is not in the note; when the one most like it says
    something else (its words of comparison, direction or quantity changed, or a ``$...$`` span
    of it was edited), where and how."""
    what = f"{'row' if claim.row else 'statement'} not found in {note.path}"
    if (changed := note.sense_changed(claim.text)) is not None:
        at, printed, words = changed
        how = f"its words changed sense at {note.location_of(at)} ({describe(words, claim.text, printed)})"
    elif (edited := note.maths_changed(claim.text)) is not None:
        at, printed, (old, new) = edited
        how = f"its mathematics changed at {note.location_of(at)} ({old} -> {new})"
    else:
        return what
    return f"{what}: {how}: the note now says '{printed}'; the checks verify what claims.yaml registers"


def certified(evidence: tuple[Evidence, ...]) -> tuple[str, ...]:
    """The ranges the holding evidence of general reach needs (Evidence.holds_for): a status cell
    may state its tag over any range inside them."""
    return tuple(dict.fromkeys(e.holds_for for e in evidence
                               if e.holds_for and e.holds and e.reach is Reach.GENERAL and e.erratum is None))


def printed_tag(claim: Claim, note: Note, within: tuple[str, ...] = ()) -> tuple[str, tuple, list[str]]:
    """The tag that is judged: the status cell as the note prints it beside the claim's row
    (claims.yaml's ``tag`` only says what was registered); a statement's registered tag.
    Returns (tag text, status parts, messages); no parts when the cell names no status.
    ``within``: the ranges the evidence holds over (certified); a cell's range inside them, or
    inside the registered one, is still earned."""
    if claim.row is None and not claim.tag.label:
        return claim.tag.text, claim.status, [
            f"the note prints no tag for this sentence: {claim.tag.text} is claims.yaml's reading of "
            "what it states, judged as such"]
    if claim.row is None:
        return printed_label(claim, note)
    cell = note.status_cell(claim.row)
    if cell is None or cell == claim.tag.text:
        return claim.tag.text, claim.status, []
    try:
        parts = parse_tag(cell, note.locate(claim.row)).parts
    except TagError as exc:
        return cell, (), [f"the status cell {cell!r}: {exc.message}"]
    change = cell_change(claim.tag.text, cell, within)
    if change is not None:   # and the tag it prints is judged too: every failing check is a finding
        return cell, parts or claim.status, [
            f"the note's status cell reads {cell!r}, which says something other than the "
            f"{claim.tag.text!r} the checks verified ({describe(change)})"]
    return cell, parts or claim.status, [
        f"the note's status cell reads {cell!r} (claims.yaml registers {claim.tag.text!r}); "
        "the note's tag is judged: update claims.yaml's 'tag'"]


def cell_change(registered: str, cell: str, within: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """How a status cell printed otherwise than registered says something else, for
    ``describe``: its words (sources.reword.cell_meaning_change), or a range it states
    otherwise (``0<\\beta <1`` printed ``0<\\beta \\le 1``); None when its words keep their sense
    and each condition allows the same values (``\\beta \\in (0,1)``). The report's tag and the
    audit's tag findings both ask this. A range inside the registered one, or inside every
    range of ``within`` (where the evidence holds: certified), is no change: the tag is earned."""
    change = cell_meaning_change(registered, cell)
    if change is not None or MATH_SPAN.findall(registered) == MATH_SPAN.findall(cell):
        return change
    from ..formula.ranges import range_change  # SymPy, only for a cell whose math is edited
    found = range_change(registered, cell, within)
    return None if found is None else (f"${found[0]}$", f"${found[1]}$")


def input_respelled(q, claim: Claim, note: Note) -> bool:
    """Whether an input whose snippet is not found stands in a respelled span that says the same:
    the claim's status cell (in_printed_cell), a sign said in words ("the positive parameter
    $\\beta$" for "the parameter $\\beta >0$") or a ``math:`` declaration (formula.declared:
    ``(y-x(1))^2`` for ``(x(1)-y)^2``). The report's input evidence and the audit's NP602 ask this."""
    if in_printed_cell(q, claim, note) or sign_said_in_words(note.text, q.snippet):   # "positive $\beta$"
        return True
    if folded_into_step(q, claim, note):   # "2 e^(-2) = 0.2707" for "2 e^(-2 x 1) = 0.271"
        return True
    from ..formula.declared import respelled_declaration_of  # SymPy, only for a quote not found
    return respelled_declaration_of(note, q.snippet)


_CHAIN_END = re.compile(r"=\s*(\S+?)\.?\s*$")   # a snippet ending a worked chain: "= 0.271"


def folded_into_step(q, claim: Claim, note: Note) -> bool:
    """Whether an input whose snippet is not found stood inside a worked chain whose result the
    claim quotes and the note still prints, its links printed otherwise (Note.quote_at: ``gap =
    2 e^(-2) = 0.2707`` for ``gap = 2 e^(-2 x 1) = 0.271``, the time 1 folded into the exponent).
    Nothing printed there contradicts the input: the new links are the chain's judge's
    (formula.chains), the result its quote's."""
    end = _CHAIN_END.search(q.snippet)
    return end is not None and any(
        not r.input and r.number == end[1] and r.snippet.endswith(end[0]) and r.snippet not in note.text
        and note.quote_at(r.snippet, r.number) is not None for r in claim.quotes)


def in_printed_cell(q, claim: Claim, note: Note) -> bool:
    """Whether an input quoted from the claim's registered status cell stands in the cell the
    note prints, its ranges respelled (``$\\beta \\in (0,1)$`` for ``$0<\\beta <1$``): the tag's
    judge (printed_tag) reads that cell by meaning."""
    if claim.row is None or q.snippet not in claim.tag.text:
        return False
    cell = note.status_cell(claim.row)
    if cell is None or cell == claim.tag.text:
        return False
    from ..formula.ranges import same_ranges
    return same_ranges(claim.tag.text, cell)


_NUMBER = re.compile(r"\d+(?:\.\d+)?|\.\d+")


def statement_maths(claim: Claim, printed: str) -> list[Evidence]:
    """Each ``$...$`` span of a statement found reworded or respelled, read against the span it
    registers there (formula.meaning): ``h\\eta`` for ``\\eta h`` says the same; ``1/(\\beta -1)``
    for ``1/(1-\\beta )``, or ``\\eta`` for ``\\eta h``, is another formula, and fails. A span
    differing only in a number the claim quotes is left to that quote."""
    from ..formula.meaning import same_meaning
    from ..sources.reword import rounded_back
    from ..sources.spelling import spelling
    old, new = ([m.group(1) or m.group(2) for m in MATH_SPAN.finditer(t)] for t in (claim.text, printed))
    # a span printed as registered, wherever the words put it, is that span ("set by $S$ and $K$":
    # the order of the words is the reword judge's, Note.stated); the others are read in order
    for x in list(old):
        y = next((y for y in new if spelling(y)[0] == spelling(x)[0]), None)
        if y is not None:
            old.remove(x)
            new.remove(y)
    out = []
    for x, y in zip(old, new) if len(old) == len(new) else ():
        if _NUMBER.sub("#", x) == _NUMBER.sub("#", y) and any(n in x for n in claim.quoted):
            continue
        same = same_meaning(x, rounded_back(x, y))   # a re-rounded number is its quote's to judge
        if same is not True:
            how = "reads as another formula" if same is False else "is not read as the same formula"
            out.append(Evidence(EvidenceKind.DEFINITION, f"the statement's ${x}$ is printed ${y}$, which {how}",
                                False, condition=True, detail=INPUT_EVIDENCE))
    return out


NOT_PRINTED = "not judged: the note does not print the words this refutes; "


def still_said(note: Note, says: str, claim: Claim, at: tuple[int, str] | None) -> Location | None:
    """Where the note still prints an erratum's words: as written, in any notation (Note.says),
    or, for words of the claim's own statement, where that statement stands reworded in the same
    sense (``at``, Note.stated: "set by $S$ and $K$" for "set by $K$ and $S$"), or, for its status
    cell, where the cell stands with a restriction struck out ("[Controlled approximation]" for
    "[Controlled approximation], under the Week 9 hypotheses": weaker hypotheses, the same
    counterexample) or reworded in the same sense; None: corrected."""
    found = note.says(says)
    if found is None and at is not None and says in claim.text:
        found = note.location_of(at[0])
    if found is None and claim.row is not None and says == claim.tag.text:
        # the status cell with a restriction struck out claims more: the same witness refutes it
        from ..sources.reword import restriction_dropped
        row = note.row_of(claim.row)
        # or reworded in the same sense both ways ("[Controlled approximation] — under the hypotheses
        # of Week 9"; probe 127: h07; a condition added is no rewording): it does not correct the note
        if row is not None and (restriction_dropped(says, row.tag) is not None
                                or (cell_meaning_change(says, row.tag) is None
                                    and cell_meaning_change(row.tag, says) is None)):
            found = row.location
    return found


def is_inert(e: Evidence) -> bool:
    """Whether ``e`` refutes words the note no longer prints (as_printed made it inert)."""
    return e.detail.startswith(NOT_PRINTED)


def as_printed(note: Note, evidence: tuple[Evidence, ...], claim: Claim,
               at: tuple[int, str] | None) -> tuple[Evidence, ...]:
    """Evidence that shows the note wrong refutes the words its erratum quotes (``says``). Where
    the note no longer prints them (it was corrected) the refutation is not about this note: it is
    kept inert (holds, as a condition, so it earns nothing and fails nothing), and made live again
    when the words are printed (an audit's replay judges a cached result on an edited note)."""
    out = []
    for e in evidence:
        if e.erratum is not None:
            printed = still_said(note, e.erratum.says, claim, at) is not None
            inert = is_inert(e)
            if printed and inert:
                e = replace(e, holds=False, condition=False, detail=e.detail[len(NOT_PRINTED):])
            elif not printed and not inert and not e.holds:
                e = replace(e, holds=True, condition=True, detail=NOT_PRINTED + e.detail)
        out.append(e)
    return tuple(out)


def printed_label(claim: Claim, note: Note) -> tuple[str, tuple, list[str]]:
    """A labelled statement's tag as printed: the first sentence after it that is a bare label
    ("Identity." on a page labelled Illustration is judged as [Exact]); else the registered tag."""
    found = note.label_after(claim.text, claim.quoted) if claim.tag.label else None
    if found is None or found[1].rstrip(".").lower() == claim.tag.text.strip().rstrip(".").lower():
        return claim.tag.text, claim.status, []
    parts = parse_tag(found[1]).parts
    return found[1], parts or claim.status, [
        f"the page's label reads {found[1]!r} (claims.yaml registers {claim.tag.text!r}); the label is judged"]


def located_errata(claim: Claim, note: Note, evidence: tuple[Evidence, ...],
                   at: tuple[int, str] | None) -> tuple[Erratum, ...]:
    """The errata of evidence that shows the note wrong, each located at the words it corrects
    (at the claim's own text when those words are not found)."""
    where = None if at is None else note.location_of(at[0])
    return tuple(replace(e.erratum, claim=claim.id, location=still_said(note, e.erratum.says, claim, at) or where)
                 for e in evidence if e.erratum is not None and not e.holds)


def _numeric_evidence(numbers: tuple[NumberResult, ...]) -> list[Evidence]:
    """Each recomputed number that matches its quote is numeric evidence."""
    return [Evidence(EvidenceKind.NUMERIC, f"{n.quoted} recomputed as {n.computed}", True, reach=Reach.SETTING)
            for n in numbers if n.outcome is Outcome.VERIFIED]


def verdict(claim: Claim, evidence: tuple[Evidence, ...], formulas: tuple[FormulaResult, ...],
            numbers: tuple[NumberResult, ...], overridden: bool,
            registered: tuple | None = None) -> tuple[Outcome, list[str]]:
    """Verified only if every evidence item, formula and number holds and the tag is earned.

    ``claim.status`` is the tag as printed; ``registered`` the parts the checks were written for."""
    messages = [f"does not hold: {e.statement}" for e in evidence if not e.holds]
    # LaTeX between dollars, so that a reader sees it typeset (a plain-text formula as printed)
    messages += [f"formula ${f.latex}$: {f.message}" if "\\" in f.latex or "{" in f.latex
                 else f"formula '{f.latex}': {f.message}" for f in formulas if f.outcome is not Outcome.VERIFIED]
    messages += [f"number '{n.quoted}': {n.message or 'computed ' + n.computed}"
                 for n in numbers if n.outcome is Outcome.FAILED]
    v = judge(claim.status, evidence, registered)
    if overridden:
        return (Outcome.FAILED if messages else Outcome.VERIFIED), messages + list(v.notices)
    if any(f.outcome is Outcome.ERROR for f in formulas) or any(n.outcome is Outcome.ERROR for n in numbers):
        return Outcome.ERROR, messages + list(v.messages)
    if not evidence and not formulas and not numbers and not v.earned \
            and registered in (None, claim.status):   # nothing registered yet (a stub), the tag as registered
        return Outcome.UNVERIFIED, list(v.messages)
    if bool(messages) or not v.earned:
        return Outcome.FAILED, messages + list(v.messages) + list(v.notices)
    gaps = reach_gaps(claim.scope, claim.status, evidence)
    return (Outcome.PARTLY if gaps else Outcome.VERIFIED), list(gaps) + list(v.notices)


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
    """Where the quoted number stands in the note (Note.quote_at)."""
    at = note.quote_at(quote.snippet, quote.number)
    return None if at is None else note.location_of(at[0])


def place_number(note: Note, quote: QuoteSpec, value: Any, text: str, dps: int,
                 overridden: bool = False) -> NumberResult:
    """A computed value against the quote as the note prints it: the interval rule
    (compare.consistent), located at the number. A failing number whose value lies on the other
    side of the conclusion the quote ``decides`` than the printed number is a decision error
    (run.decision); at the user's values, whether that conclusion still holds there."""
    at = note.quote_at(quote.snippet, quote.number)
    if at is None:
        if isinstance(value, bool) and word_verdict(quote.number) is not None:
            text = verdict_word(quote.number, value)   # the conclusion in the quote's own words ("shrinks")
        return NumberResult(quote.number, text, dps, Outcome.FAILED, None, quote.numeric,
                            f"snippet '{quote.snippet}' not found in {note.path}")
    where, printed = note.location_of(at[0]), at[1]
    if overridden:
        return _at_settings(NumberResult(printed, text, dps, Outcome.UNVERIFIED, where, quote.numeric,
                                         "recomputed at the given settings"), quote, value)
    if isinstance(value, bool) or word_verdict(printed) is not None:
        if isinstance(value, bool) and note.asked_reversed(quote.snippet, quote.number, at[0]):
            value = not value   # "Iteration diverges?" asks "Iteration settles?" the other way round
        return _verdict_number(printed, quote, value, text, dps, where)
    exactly = exact_value(value)
    if quote.exact or (exactly is not None and terminates(exactly) and not note.marks_approximate(at[0])
                       and not quote.rounded):
        # the mathematics makes it exact (a count, a threshold, a pole, a fixed point): equal, not rounded
        ok = same_exact(printed, exactly) if exactly is not None else equal_at_precision(printed, value, dps)
        return _decided(NumberResult(printed, text, dps, Outcome.VERIFIED if ok else Outcome.FAILED, where,
                                     quote.numeric, "" if ok else f"the value is exactly {text}; the note prints "
                                     f"{printed}"), quote, value)
    try:
        ok = consistent(printed, value, exact=quote.exact)
    except NoteproofError as exc:
        return NumberResult(printed, text, dps, Outcome.FAILED, where, quote.numeric, exc.message)
    return _decided(NumberResult(printed, text, dps, Outcome.VERIFIED if ok else Outcome.FAILED, where,
                                 quote.numeric, "" if ok else f"computed {text}, outside what '{printed}' allows"),
                    quote, value)


def _verdict_number(printed: str, quote: QuoteSpec, value: Any, text: str, dps: int,
                    where: Location) -> NumberResult:
    """A read-out in words ("Iteration settles?: no") against the conclusion its numeric computes."""
    said = word_verdict(printed)
    if not isinstance(value, bool) or said is None:
        return NumberResult(printed, text, dps, Outcome.FAILED, where, quote.numeric,
                            f"the note prints '{printed}' where {quote.numeric} computes {text}")
    right = verdict_word(quote.number if word_verdict(quote.number) is not None else printed, value)
    ok = said == value
    return NumberResult(printed, right, dps, Outcome.VERIFIED if ok else Outcome.FAILED, where, quote.numeric,
                        "" if ok else f"the computation says '{right}'; the note prints '{printed}'")


def _decided(n: NumberResult, quote: QuoteSpec, value: Any) -> NumberResult:
    """A failing number marked a decision error when its value reverses the quote's conclusion;
    a rounding the digits allow fails too when it lands on the other side of the conclusion's
    threshold (``2^{-10}\\simeq 0.001`` for "below the resolution 0.001"): the reader checks
    the conclusion against the printed number."""
    if quote.decides is None or n.outcome not in (Outcome.FAILED, Outcome.VERIFIED):
        return n
    sentence = reversal(quote.decides, n.quoted, value)
    if not sentence:
        return n
    if n.outcome is Outcome.VERIFIED:
        return replace(n, outcome=Outcome.FAILED, decision=True,
                       message=f"'{n.quoted}' rounds {short_value(value, quote.decides)} onto the other side of the conclusion's threshold; {sentence}")
    return replace(n, decision=True, message=f"{n.message}; {sentence}")


def _at_settings(n: NumberResult, quote: QuoteSpec, value: Any) -> NumberResult:
    """A number recomputed at the user's values: whether the quote's conclusion holds there."""
    if quote.decides is None:
        return n
    holds, sentence = at_settings(quote.decides, n.quoted, value)
    return n if holds is None else replace(n, decision=not holds, message=sentence)


def check_formula(run: Run, spec: FormulaSpec) -> FormulaResult:
    """Read the formula at every place it stands (sources.anchor: printed, respelled, or an
    edited occurrence) and compare each with the form its derivation derived. The first place
    that does not read equal fails the formula there; notation never does."""
    from ..formula.equality import relation_parts
    from ..sources.coverage import places
    form = pick_form(run.derivation(spec.derivation), spec)
    shown, relation = text_of(form), relation_parts(form) is not None
    spots = places(run.note, spec.text, run.quoted, spec.plain)
    if not spots:   # respelled beyond its spelling's reach, the same formula
        from ..formula.declared import placed_by_meaning
        spots = placed_by_meaning(run.note, spec.text, spec.plain)
    if not spots:
        return FormulaResult(spec.text, Outcome.FAILED, None, spec.derivation, shown,
                             f"not found in {run.note.path}", relation=relation)
    judged: dict[str, FormulaResult] = {}
    spots = tuple(_whole_span(run.note, spec, spot) for spot in spots)
    for spot in spots:
        if spot.printed not in judged:
            judged[spot.printed] = _judge_at(run.note, replace(spec, text=spot.printed), form, spot, shown, relation,
                                             spec.text)
        result = judged[spot.printed]
        if result.outcome is not Outcome.VERIFIED:
            return result
    return judged[spots[0].printed]


def _whole_span(note: Note, spec: FormulaSpec, spot: Any) -> Any:
    """An edited occurrence (How.NEAR) found in part of a span that reads, whole, as the
    formula: the whole span (formula.declared.enclosing_by_meaning)."""
    from ..sources.anchor import How
    if spot.how is not How.NEAR or spec.plain:
        return spot
    from ..formula.declared import enclosing_by_meaning
    return enclosing_by_meaning(note, spec.text, spot.start, spot.end) or spot


def _judge_at(note: Note, spec: FormulaSpec, form: Any, spot: Any, shown: str, relation: bool,
              registered: str | None = None) -> FormulaResult:
    """One place of a formula (``registered``, printed there as ``spec.text``), read and compared
    with the derived form."""
    from ..sources.anchor import How
    where = note.location_of(spot.start)
    try:
        same = compare_printed(spec, form, where, registered)
    except NoteproofError as exc:
        return FormulaResult(spec.text, Outcome.FAILED, where, spec.derivation, shown,
                             f"unreadable: {exc.message}", relation=relation)
    if same.equal:
        return FormulaResult(spec.text, Outcome.VERIFIED, where, spec.derivation, shown, "", relation=relation)
    from ..formula.prose import tex_unicode, unicode
    printed = unicode(spec.text) if spec.plain else tex_unicode(spec.text)
    wrong = f"wrong: {spec.derivation} derives {_expected(spec, form, shown, spot, registered)}, the note prints {printed}"
    if spot.how is How.NEAR:
        wrong += " (an edited occurrence of the registered formula)"
    return FormulaResult(spec.text, Outcome.FAILED, where, spec.derivation, shown,
                         f"{wrong}: {same.message}" if same.message else wrong, relation=relation)


def _expected(spec: FormulaSpec, form: Any, shown: str, spot: Any, registered: str | None) -> str:
    """What the place should print: at an edited occurrence, the formula as the registry spells it
    (x/(1−θ)², not SymPy's x/(θ − 1)²) when that reads equal to the derived form; else the derived
    form in the note's notation."""
    from ..formula.prose import tex_unicode, unicode
    from ..sources.anchor import How
    if spot.how is How.NEAR and registered:
        try:
            if compare_printed(replace(spec, text=registered), form).equal:
                return unicode(registered) if spec.plain else tex_unicode(registered)
        except NoteproofError:
            pass
    return _in_notation(form, spec, shown)


def _in_notation(form: Any, spec: FormulaSpec, shown: str) -> str:
    """The derived form as Unicode in the note's notation (its ``symbols:`` fragments: ∇_θℓ ℒ,
    not grad_theta_L), else as the prose printer reads its text."""
    from ..formula.prose import unicode
    from ..formula.texform import form_unicode
    from ..formula.typeset import inverse_table
    try:
        return form_unicode(form, inverse_table(dict(spec.symbols))) or unicode(shown)
    except Exception:   # a form the printer cannot set (a printer's bug): its text, as before
        return unicode(shown)


def compare_printed(spec: FormulaSpec, form: Any, where: Location | None = None,
                    registered: str | None = None) -> "Comparison":
    """``spec.text`` read by the project's reader against a derived form: equal when part
    ``spec.part`` (every part, when it has none or too few parts) equals it on ``spec.side``
    (sameform.compare_form); the other side when the note prints the ``registered`` equation
    written from its other side. A formula that cannot be read raises FormulaError."""
    from ..formula.equality import Comparison, compare_form
    from ..formula.formread import compared_side, read_spec
    parts = read_spec(spec, where)
    candidates = [parts[spec.part]] if spec.part is not None and spec.part < len(parts) else list(parts)
    side = spec.side if registered is None else compared_side(spec, registered)
    results = [compare_form(p, form, side) for p in candidates]
    if any(r.equal for r in results):
        return Comparison(True)
    if registered is not None and side in ("lhs", "rhs"):   # an edited occurrence: terms moved?
        from ..formula.equality import moved_from_registered
        try:
            theirs = read_spec(replace(spec, text=registered), where)
        except NoteproofError:
            theirs = ()
        if any(moved_from_registered(p, r, form, side) for p in candidates for r in theirs):
            return Comparison(True)
    return Comparison(False, "; ".join(sorted({r.message for r in results if r.message}))
                      or "differs from the derived form")


def pick_form(derived: Derived, spec: FormulaSpec) -> Any:
    """The derived form a formula names (its only form when it names none); a NoteproofError
    that says which forms there are when that picks nothing."""
    if spec.form is not None:
        if spec.form not in derived.forms:
            raise NoteproofError(f"derivation {spec.derivation!r} has no form {spec.form!r} "
                                 f"(it has: {', '.join(derived.forms) or 'none'})")
        return derived.forms[spec.form]
    if len(derived.forms) != 1:
        raise NoteproofError(f"derivation {spec.derivation!r} has {len(derived.forms)} forms; name one with 'form:'")
    return next(iter(derived.forms.values()))


def _plain_steps(steps: list[Step]) -> list[Step]:
    return [Step(s.text, "" if s.expr is None else text_of(s.expr)) for s in steps]
