"""Judge an edited claim again from its baseline's cached result, without content or SymPy.

Most edits change only what a note prints: a number re-rounded or mistyped, a row reworded, a
number inside a displayed formula, lines moved. What a claim computes (its derivations'
evidence, its numbers' values, its derived forms) depends on none of that; the result cache
keys on the note text only because results carry locations and verdicts. So when the
baseline note's result is cached (the last ``noteproof report`` or audit put it there), the
edited claim's result is that result's computations judged again on the edited text, by the
functions a run uses (checks.place_number, checks.assemble). The audit then needs neither
the content nor SymPy, and answers in less time than a cached report (benchmarks/bench.py).

:func:`replay` returns None, and the claim is run, whenever that could differ from a run:

* the claim's checks changed (anything but its printed texts: row, statement, snippets,
  numbers, formulas);
* a number has no computed value (an error, or a run at other settings), or its value, kept
  to 20 significant digits, lies too close to an edge of the printed interval to decide
  (compare.interval); a fraction quoted against a decimal value;
* a formula was not found or not readable at the baseline, or its text changed in a way
  formtokens.same_reading cannot vouch for (anything but a number outside the compared side).
"""
from __future__ import annotations

from dataclasses import replace
from decimal import Decimal
from fractions import Fraction
from typing import Iterable

from ..defaults import COMPUTED_DIGITS as SHOWN_DIGITS
from ..errors import NoteproofError
from ..formula.tokens import same_reading
from ..model import ClaimResult, FormulaResult, NumberResult, Outcome
from ..run.claim import assemble, place_number
from ..run.interval import interval, parse_quoted, to_decimal
from ..sources.coverage import places
from ..sources.notes import Note
from ..sources.numtext import verdict
from ..sources.registry import Claim, FormulaSpec, QuoteSpec


def replay(original: Claim, claim: Claim, old: Note, note: Note, caches: Iterable) -> ClaimResult | None:
    """``claim`` (``original`` as the edited ``note`` prints it) judged from the cached result of
    ``original`` on the baseline ``old``; None when only a run can tell."""
    if not _same_checks(original, claim) or _settings_moved(original, note) \
            or (original.reads_note and old.text != note.text):   # its checks read the note itself
        return None
    base = next((hit for cache in caches if (hit := cache.get(original, old)) is not None), None)
    if base is None or base.outcome is Outcome.ERROR:
        return None
    evidence, quotes = _computed_evidence(base), [q for q in claim.quotes if q.numeric]
    try:
        numbers = [_number(q, n, note) for q, n in zip(quotes, base.numbers)]
        formulas = [_formula(o, f, r, note, claim.quoted)
                    for o, f, r in zip(original.formulas, claim.formulas, base.formulas)]
    except NoteproofError:   # a quote the interval rule refuses: the run reports it as it should
        return None
    if evidence is None or None in numbers or None in formulas \
            or len(numbers) != len(quotes) or len(formulas) != len(claim.formulas):
        return None
    return assemble(claim, note, evidence, tuple(formulas), tuple(numbers), base.steps)


def _settings_moved(claim: Claim, note: Note) -> bool:
    """Whether the edited note prints a page setting otherwise than the registry (the checks
    then run at another value, which no cached result knows)."""
    for q in claim.quotes:
        at = note.quote_at(q.snippet, q.number) if q.param else None
        if at is not None and at[1] != q.number:
            return True
    return False


def _same_checks(a: Claim, b: Claim) -> bool:
    """Equal but for printed text (what relocate.plan_note changes)."""
    def bare(c: Claim) -> Claim:
        return replace(c, row=None, statement=None,
                       quotes=tuple(replace(q, snippet="", number="", given=None) for q in c.quotes),
                       formulas=tuple(replace(f, text="") for f in c.formulas))
    return bare(a) == bare(b)


def _computed_evidence(base: ClaimResult):
    """The evidence the checks computed: the result's, less what run.claim.assemble added from
    the note's text alone (``base.assembled`` items: inputs, verified numbers, the proposal
    rule), which is judged again on the edited note."""
    cut = len(base.evidence) - base.assembled
    return None if cut < 0 else base.evidence[:cut]


def _number(quote: QuoteSpec, base: NumberResult, note: Note) -> NumberResult | None:
    if base.outcome not in (Outcome.VERIFIED, Outcome.FAILED) or not base.computed or base.check != quote.numeric:
        return None
    if verdict(base.computed) is not None:   # a read-out in words: the computed conclusion, exactly
        return place_number(note, quote, verdict(base.computed), base.computed, base.dps)
    value, eps = _value(base)
    at = note.quote_at(quote.snippet, quote.number)
    if not _decided(quote, at[1] if at else quote.number, value, eps):
        return None
    return place_number(note, quote, value, base.computed, base.dps)


def _value(base: NumberResult) -> tuple[Decimal | Fraction | float, Decimal]:
    """The computed value and how far the true value may lie from it."""
    text = base.computed
    if base.dps == 0:
        return float(text), Decimal(0)           # repr of a float reads back as that float
    if "/" in text or text.lstrip("-").isdigit():
        return Fraction(text), Decimal(0)        # an exact rational (numbers._is_exact)
    value = Decimal(text)
    shown = min(SHOWN_DIGITS, base.dps)
    return value, abs(value) * Decimal(10) ** (2 - shown)


def _decided(quote: QuoteSpec, printed: str, value, eps: Decimal) -> bool:
    """Whether every value within ``eps`` of ``value`` gets the verdict ``value`` gets against the
    number as the note prints it (a fraction, ``1/6``, is exact: only a run can tell)."""
    if eps == 0:
        return True
    try:
        if isinstance(parse_quoted(printed), Fraction):
            return False
        lo, hi = interval(printed, exact=quote.exact)
    except NoteproofError:
        return False
    c = abs(to_decimal(value))
    # the side of the threshold a conclusion rests on (quote.decides) must be certain too
    edges = (lo, hi) + (tuple(abs(to_decimal(Fraction(side.than))) for side in quote.decides.sides)
                        if quote.decides else ())
    return c > eps and not any(c - eps <= edge <= c + eps for edge in edges)


def _formula(old: FormulaSpec, spec: FormulaSpec, base: FormulaResult, note: Note,
             quoted: frozenset[str] = frozenset()) -> FormulaResult | None:
    if base.location is None or base.outcome not in (Outcome.VERIFIED, Outcome.FAILED) \
            or base.message.startswith("unreadable") or base.check != spec.derivation:
        return None
    if spec.text != old.text and not same_reading(old.text, spec.text, latex=not spec.plain,
                                                  symbols=dict(spec.symbols), part=spec.part,
                                                  side=spec.side, relation=base.relation):
        return None
    spots = places(note, spec.text, quoted, spec.plain)
    reprinted = {p.printed for p in spots} - {spec.text}
    if reprinted:
        # a quoted number reprinted outside the compared side (2^{-10}\simeq 0.000971): a run reads
        # every place equal, as the baseline did, and gives the first; anything else is read in a run
        if base.outcome is not Outcome.VERIFIED or not all(
                same_reading(spec.text, text, latex=not spec.plain, symbols=dict(spec.symbols), part=spec.part,
                             side=spec.side, relation=base.relation) for text in reprinted):
            return None
        return replace(base, latex=spots[0].printed, location=note.location_of(spots[0].start), message="",
                       printed_mathml="")
    if not spots:   # not found by its spelling: a run reads the note's spans by meaning (check_formula)
        return None
    printed = base.printed_mathml if spec.text == old.text else ""
    return replace(base, latex=spec.text, location=note.location_of(spots[0].start), printed_mathml=printed)
