"""Worked arithmetic respelled: a side of a worked step printed as another expression of the same
value is read as the registered side (issue 22, item 2: anchor by context, compare by meaning).

The registry knows a note's worked steps by their printed text: statements, formulas, quote
snippets and listed prose hold ``= 1 / 0.2^2 = 25``, ``0.5 x 1.25^2 = 0.78125`` or
``$\\frac{1}{2}(0.8)(0.2)=0.08$``. An author who evaluates a power (``1 / 0.04``), reorders factors
(``1.25^2 x 0.5``, ``(0.2)(0.8)``) or folds a product (``e^(-2)`` for ``e^(-2 x 1)``) changes the
spelling, not the mathematics. A printed side is *the registered side respelled* when

* a registered text holds a side (chains: a purely numeric side of a relation) whose words before
  and after (up to ``CONTEXT`` characters inside the registered text, and not into another
  expression) stand around the printed side;
* the two sides are equal in value (exactly for rationals, to ``TOLERANCE`` for the rest);
* at least one of them is an expression, not one printed number (a number re-rounded or given more
  digits is the quotes' business: Note.quote_at);
* one registered spelling fits (two different ones: the place is left as printed).

The note is then judged in its registered view: each such side replaced by its registered
spelling (Note.respelled), and read again until nothing changes, so two neighbouring sides
respelled are both found. Every value the checks read stays the printed one's, because it is
equal; locations and fixes are mapped back to the text as printed (Note.location_of,
Note.printed_offset). A side of another value is never replaced: that edit is judged as printed.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable

from ..sources.notes import Note, math_spans
from .arith import DIGITS
from .chains import Side, read_links

CONTEXT = 16           # characters of a registered text's words around a side that anchor it
MIN_CONTEXT = 3        # fewer non-space characters of context anchor nothing
TOLERANCE = 1e-40      # relative, for values that are not rationals (e^, log, sqrt)
MAX_PASSES = 4


def registered_view(note: Note) -> Note:
    """The note with each respelled side of a worked step, and each ``$...$`` span respelled, read
    as registered (module docstring); the note itself when nothing is respelled or it has no
    registry."""
    if note.registry is None:
        return note
    sides, spans = _registered_sides(note), _registered_spans(note)
    view = note
    for _ in range(MAX_PASSES):
        swaps = _span_swaps(view, spans)
        swaps += [w for w in _swaps(view, sides) if not any(w[0] < e and s < w[1] for s, e, _ in swaps)]
        if not swaps:
            break
        view = view.respelled(swaps)
    return view


def _registered_texts(note: Note) -> Iterable[tuple[str, bool]]:
    """Every text the registry holds for the note, with whether its edges are real (a whole
    statement, formula or sentence) rather than a fragment's cut (a quote's snippet)."""
    claims, spec = note.registry
    for c in claims:
        if c.row or c.statement:
            yield c.row or c.statement, True
        for f in c.formulas:
            yield (f.text if f.plain else f"${f.text}$"), True
        for q in c.quotes:
            yield q.snippet, False
    for sentence, _ in (spec.prose or ()):
        yield sentence, True
    for snippet, _ in spec.math:
        yield snippet, False


def _registered_sides(note: Note) -> list[tuple[str, str, Side]]:
    """(words before, words after, side) for each side of each registered text; the words stop at
    the next expression (it may be respelled too)."""
    out, seen = [], set()
    for text, whole in _registered_texts(note):
        if not text or text in seen:
            continue
        seen.add(text)
        sides = sorted({s for link in read_links(Note("", text)) for s in (link.left, link.right)},
                       key=lambda s: s.start)
        expressions = [s for s in sides if not s.literal]
        for side in sides:
            if not whole and (side.start == 0 or side.end == len(text)):
                continue      # a snippet may cut a side short: ``0.2^2 = 25`` of ``1 / 0.2^2``
            lo = max([side.start - CONTEXT, 0] + [s.end for s in expressions if s.end <= side.start])
            hi = min([side.end + CONTEXT, len(text)] + [s.start for s in expressions if s.start >= side.end])
            before, after = text[lo:side.start], text[side.end:hi]
            if len((before + after).replace(" ", "")) >= MIN_CONTEXT:
                out.append((before, after, side))
    return out


def _swaps(note: Note, registered: list[tuple[str, str, Side]]) -> list[tuple[int, int, str]]:
    """(start, end, registered spelling) for each printed side that is a registered side respelled:
    none where a registered text prints the side as it stands."""
    text, out = note.text, []
    sides = {(s.start, s.end): s for k in read_links(note) for s in (k.left, k.right)}
    for (start, end), printed in sorted(sides.items()):
        here = [side for before, after, side in registered
                if text.endswith(before, 0, start) and text.startswith(after, end)]
        if any(side.text == printed.text for side in here):
            continue
        spellings = {side.text for side in here
                     if not (side.literal and printed.literal) and _equal(side.value, printed.value)}
        if len(spellings) == 1 and not any(start < e and s < end for s, e, _ in out):
            out.append((start, end, spellings.pop()))
    return out


def _registered_spans(note: Note) -> list[tuple[str, str, str]]:
    """(words before, words after, inner text) for each whole ``$...$`` span of each registered
    text that has words around it; the words stop at the neighbouring spans."""
    out, seen = [], set()
    for text, _ in _registered_texts(note):
        if "$" not in text or text in seen:
            continue
        seen.add(text)
        spans = math_spans(text)
        for i, m in enumerate(spans):
            lo = max(m.start - CONTEXT, spans[i - 1].end if i else 0)
            hi = min(m.end + CONTEXT, spans[i + 1].start if i + 1 < len(spans) else len(text))
            before, after = text[lo:m.start], text[m.end:hi]
            if len((before + after).replace(" ", "").replace("$", "")) >= MIN_CONTEXT:
                out.append((before, after, m.text))
    return out


def _span_swaps(note: Note, registered: list[tuple[str, str, str]]) -> list[tuple[int, int, str]]:
    """(start, end, registered spelling) for each ``$...$`` span printed otherwise with the same
    meaning (formula.meaning) where a registered text's words stand around it."""
    text, out = note.text, []
    for m in math_spans(text):
        here = {span for before, after, span in registered
                if text.endswith(before, 0, m.start) and text.startswith(after, m.end)}
        if not here or m.text in here:
            continue
        from .meaning import same_meaning  # SymPy, only for a span printed otherwise
        same = {span for span in here if same_meaning(span, m.text)}
        if len(same) == 1:
            out.append((m.start, m.end, same.pop()))
    return out


def _equal(a: Any, b: Any) -> bool:
    """Equal values: rationals exactly; otherwise to TOLERANCE relative."""
    if a is None or b is None:
        return False
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a == b
    import mpmath
    with mpmath.workdps(DIGITS):
        a, b = (mpmath.mpf(x.numerator) / x.denominator if isinstance(x, Fraction) else x for x in (a, b))
        return bool(abs(a - b) <= TOLERANCE * max(1, abs(a), abs(b)))
