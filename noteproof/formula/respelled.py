"""Worked arithmetic respelled: a side of a worked step printed as another expression of the same
value is read as the registered side (issue 22, item 2: anchor by context, compare by meaning).

The registry knows a note's worked steps by their printed text: statements, formulas, quote
snippets and listed prose hold ``= 1 / 0.2^2 = 25``, ``0.5 x 1.25^2 = 0.78125`` or
``$\\frac{1}{2}(0.8)(0.2)=0.08$``. An author who evaluates a power (``1 / 0.04``), reorders factors
(``1.25^2 x 0.5``, ``(0.2)(0.8)``) or folds a product (``e^(-2)`` for ``e^(-2 x 1)``) changes the
spelling, not the mathematics. A printed side is *the registered side respelled* when

* a registered text holds a side (chains: a purely numeric side of a relation) whose words before
  and after (up to ``CONTEXT`` characters inside the registered text, and not into another side)
  stand around the printed side, a neighbouring number that cuts them short printed with its
  value (``= 0.000747`` as ``= 7.47 x 10^-4``);
* the two sides are equal in value (exactly for rationals, to ``TOLERANCE`` for the rest);
* at least one of them is an expression, not one printed number (a number re-rounded or given more
  digits is the quotes' business: Note.quote_at);
* one registered spelling fits (two different ones: the place is left as printed).

A ``$...$`` span, or a plain-text formula of the prose (``1 - h + h^2/2 - h^3/6 + h^4/24 =
0.779``, sources.plainmath), is read the same way: where a registered text's words stand around it
and it is printed otherwise with the same meaning (formula.declared.alike: its names, then the
reader; a plain formula keeps its numbers as printed, so its terms may move but a number is
never re-rounded away). A registered number printed with its arithmetic shown (``$2\\cdot 2\\cdot
1\\cdot (2^2-1)=12$`` for ``$12$``, ``$\\log (1/0.08)=\\log 12.5\\simeq 2.5257$`` for ``$-\\log
0.08\\simeq 2.525729$``) is read as registered up to its first relation of another kind when
every step is an equality of that value (``_worked_out``); what follows stays as printed, and one
wrong step leaves it all as printed.

The note is then judged in its registered view: each such side or span replaced by its
registered spelling (Note.respelled), and read again until nothing changes, so two neighbouring
sides respelled are both found. Every value the checks read stays the printed one's, because it
is equal. A respelled side holds no line break, so locations keep their lines (their columns are
the view's); `audit --fix` maps its fixes back to the text as printed (Note.printed_offset). A
side of another value, or a span of another meaning, is never replaced: it is judged as printed.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import Any, Iterable

from ..sources.notes import Note, agree_rounded, math_spans
from ..sources.numtext import SUPERSCRIPT
from ..sources.sentences import sentences
from .arith import DIGITS
from .chains import Link, Side, read_links
from .lex_plain import UNICODE_GREEK
from .renamed import renamed_symbols

CONTEXT = 16           # characters of a registered text's words around a side that anchor it
MIN_CONTEXT = 3        # fewer non-space characters of context anchor nothing
NUMBER_CONTEXT = 3     # what a neighbouring number, matched by value, counts for
TOLERANCE = 1e-40      # relative, for values that are not rationals (e^, log, sqrt)
MAX_PASSES = 4


def registered_view(note: Note) -> Note:
    """The note with each respelled side of a worked step, each ``$...$`` span respelled, and a
    symbol renamed throughout (formula.renamed), read as registered (module docstring); the note
    itself when nothing is respelled or it has no registry."""
    if note.registry is None:
        return note
    sides, spans, steps = _registered_sides(note), _registered_spans(note), _registered_steps(note)
    wholes = _registered_wholes(note)
    first = _apart(_ascii_swaps(note), _paired_swaps(note), _sign_swaps(note),
                   renamed_symbols(note, (t for t, _ in _registered_texts(note))))
    view = note.respelled(first) if first else note
    for _ in range(MAX_PASSES):
        links = read_links(view)
        swaps = _apart(_joined_swaps(view, spans), _span_swaps(view, spans, wholes), _swaps(view, links, sides),
                       _shown_steps(links, steps))
        if not swaps:
            break
        view = view.respelled(swaps)
    return view


def _apart(*groups: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The swaps of each group, in order, less those that overlap a swap of an earlier group."""
    out: list[tuple[int, int, str]] = []
    for group in groups:
        out += [w for w in group if not any(w[0] < e and s < w[1] for s, e, _ in out)]
    return out


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


@dataclass(frozen=True)
class _Anchor:
    """A registered side and the words around it; a neighbouring number that cuts the words short
    is matched by its value (it may be printed in another notation too)."""

    before: str
    after: str
    side: Side
    previous: Side | None = None   # the number just before ``before``, if it cut them
    next: Side | None = None       # the number just after ``after``, if it cut them

    def stands(self, text: str, start: int, end: int, printed: dict[int, Side], ending: dict[int, Side]) -> bool:
        """Whether these words (and neighbouring numbers) stand around ``text[start:end]``."""
        if not (text.endswith(self.before, 0, start) and text.startswith(self.after, end)):
            return False
        after, before = printed.get(end + len(self.after)), ending.get(start - len(self.before))
        return _neighbour(after, self.next) and _neighbour(before, self.previous)


def _neighbour(printed: Side | None, registered: Side | None) -> bool:
    """Whether the number printed beside a side is the registered neighbour: of its value, or the
    same number re-rounded or given more digits (``= 0.781`` for ``= 0.78125``: its own quote
    judges the digits; ``1.25^2 x 0.5 = 0.781`` is still ``0.5 x 1.25^2 = 0.78125`` respelled)."""
    if registered is None:
        return True
    if printed is None:
        return False
    return _equal(printed.value, registered.value) or (printed.literal and agree_rounded(printed.text, registered.text))


def _registered_sides(note: Note) -> list[_Anchor]:
    """Each side of each registered text with the words around it; the words stop at the next
    side (it may be respelled too), a number there is matched by value. A text the note still
    prints as registered anchors nothing elsewhere: it stands where it belongs, and a side of
    the same value in another sentence ("= 100 x 0.05 = 5" beside the quote "= 1 / 0.2 = 5",
    which still stands in its own) is another calculation, judged as printed."""
    out, seen = [], set()
    for text, whole in _registered_texts(note):
        if not text or text in seen or text in note.text:
            continue
        seen.add(text)
        sides = sorted({s for link in _links_of(text) for s in (link.left, link.right)},
                       key=lambda s: s.start)
        for i, side in enumerate(sides):
            if not whole and (side.start == 0 or side.end == len(text)):
                continue      # a snippet may cut a side short: ``0.2^2 = 25`` of ``1 / 0.2^2``
            prev = sides[i - 1] if i and sides[i - 1].end > side.start - CONTEXT else None
            nxt = sides[i + 1] if i + 1 < len(sides) and sides[i + 1].start < side.end + CONTEXT else None
            before = text[prev.end if prev else max(0, side.start - CONTEXT):side.start]
            after = text[side.end:nxt.start if nxt else side.end + CONTEXT]
            cut = [p for p in (prev, nxt) if p is not None and p.literal]
            if len((before + after).replace(" ", "")) + NUMBER_CONTEXT * len(cut) >= MIN_CONTEXT:
                out.append(_Anchor(before, after, side, prev if prev and prev.literal else None,
                                   nxt if nxt and nxt.literal else None))
    return out


def _swaps(note: Note, links: tuple[Link, ...], registered: list[_Anchor]) -> list[tuple[int, int, str]]:
    """(start, end, registered spelling) for each printed side that is a registered side respelled:
    none where a registered text prints the side as it stands (``links``: the note's)."""
    text, found = note.text, []
    sides = {(s.start, s.end): s for k in links for s in (k.left, k.right)}
    starting = {s.start: s for s in sides.values()}
    ending = {s.end: s for s in sides.values()}
    held = _held(note)
    partners: dict[tuple[int, int], set[str]] = {}
    for k in links:
        partners.setdefault((k.left.start, k.left.end), set()).add(_tight(k.right.text))
        partners.setdefault((k.right.start, k.right.end), set()).add(_tight(k.left.text))
    for (start, end), printed in sorted(sides.items()):
        if any(a <= start and end <= b for a, b in held):
            continue      # inside a registered text printed as registered: it is that text's
        here = [a for a in registered if a.stands(text, start, end, starting, ending)]
        if kept := {id(a) for a in here if a.side.text == printed.text}:
            found.append((start, end, None, kept))   # printed as registered: its place
            continue
        fits = [a for a in here if not (a.side.literal and printed.literal) and _equal(a.side.value, printed.value)]
        # a side printed where its equal partner was ("h < 0.02 = 2 / 100" for "h < 2 / 100 =
        # 0.02"): the link's sides changed places, and the quotes find it turned (probe 111: h15)
        if len({a.side.text for a in fits}) == 1 and _tight(fits[0].side.text) not in partners.get((start, end), ()):
            found.append((start, end, fits[0].side.text, {id(a) for a in fits}))
    out: list[tuple[int, int, str]] = []
    for start, end, spelling, anchors in found:
        if spelling is None or any(start < e and s < end for s, e, _ in out):
            continue
        # a registered side stands in one place: where its words stand around two printed sides
        # of its value ("= 1/0.2 = 5" respaced and "= 0.05 x 100 = 5" on another card), the one
        # printed as registered but for spacing is it, and with none such neither is; one printed
        # as registered (a view's earlier pass respelled it) leaves the other as printed (probe 104: h19)
        rivals = [f for f in found if f[3] & anchors]
        if len(rivals) > 1 and not (_tight(text[start:end]) == _tight(spelling) and all(f[2] for f in rivals)
                                    and sum(_tight(text[f[0]:f[1]]) == _tight(f[2]) for f in rivals) == 1):
            continue
        out.append((start, end, spelling))
    return out


def _held(note: Note) -> list[tuple[int, int]]:
    """Where the note prints a registered text (a statement, formula or quote snippet of some
    length) as registered: "Fast mode z = h x rate = 0.05 x 100 = 5" is card 8's, whatever
    another card's snippet "= 1 / 0.2 = 5", respelled or edited, would make of its words."""
    out = []
    for registered, _ in _registered_texts(note):
        if len(registered) < _HELD_LENGTH:
            continue
        at = note.text.find(registered)
        while at >= 0:
            out.append((at, at + len(registered)))
            at = note.text.find(registered, at + 1)
    return out


_HELD_LENGTH = 12   # characters: a shorter snippet ("= 5") holds too little to claim its place


def _tight(text: str) -> str:
    """``text`` with its white space taken out: spacing is no spelling."""
    return re.sub(r"\s+", "", text)


def _ascii_swaps(note: Note) -> list[tuple[int, int, str]]:
    """(start, end, the note's plain spelling) for each multiplication sign, minus sign, relation,
    superscript power or Greek letter the prose prints in Unicode outside ``$...$``: ``0.5 ×
    1.25²`` is the note's ``0.5 x 1.25^2``, ``e⁻¹`` its ``e^-1`` and ``(1 − θ)`` its ``(1 - theta)``,
    for the registry and the formula readers; and ``exp(0.5)`` its ``e^0.5``."""
    text, spans = note.text, [(m.start, m.end) for m in math_spans(note.text)]
    out = []
    for m in _UNICODE_SIGNS.finditer(text):
        if any(a <= m.start() < b for a, b in spans):
            continue
        sign = m.group(0)
        plain = _PLAIN_SIGNS.get(sign) or "^" + sign.translate(SUPERSCRIPT)
        if sign in UNICODE_GREEK:   # a name: spaced from a neighbouring name or number ("hλ" is "h lambda")
            plain = UNICODE_GREEK[sign]
            plain = (" " if m.start() and text[m.start() - 1].isalnum() else "") + plain + \
                (" " if m.end() < len(text) and text[m.end()].isalnum() else "")
        out.append((m.start(), m.end(), plain))
    out += [(m.start(), m.end(), f"e^{m.group(1)}") for m in _EXP_OF_NUMBER.finditer(text)
            if not any(a <= m.start() < b for a, b in spans)]
    return out


# plain text's exp(0.5) is its e^0.5 (a lone number needs no parentheses as a power)
_EXP_OF_NUMBER = re.compile(r"(?<![\\A-Za-z])exp\((\d+(?:\.\d+)?)\)")
# "≈" is the note's "=": it writes rounded values with "=", so the checks ask no less of either
_PLAIN_SIGNS = {"\u00d7": "x", "\u2212": "-", "\u2264": "<=", "\u2265": ">=", "\u2260": "!=", "\u2248": "="}
_UNICODE_SIGNS = re.compile("[\u00d7\u2212\u2264\u2265\u2260\u2248" + "".join(UNICODE_GREEK) + "]"
                            "|[\u207b\u207a]?[\u2070\u00b9\u00b2\u00b3\u2074-\u2079]+")


def _sign_swaps(note: Note) -> list[tuple[int, int, str]]:
    """(start, end, the registered span with its verb) for a registered sign formula (``h>0``)
    not printed as such, where the note says that sign in words after its symbol: "Let the
    curvature $h$ be positive" reads "Let the curvature be $h>0$" (probe 80: h06; the places
    are sources.reword.sign_after_symbol's, the rule the words' own comparison reads too)."""
    from ..sources.reword import sign_after_symbol
    tight = _tight(note.text)
    out = []
    for claim in note.registry[0]:
        for f in claim.formulas:
            if f.plain or _tight(f"${f.text}$") in tight:
                continue
            out += [(start, end, f"{verb} ${f.text}$") for start, end, verb in sign_after_symbol(note.text, f.text)]
    return out


def _paired_swaps(note: Note) -> list[tuple[int, int, str]]:
    """(start, end, registered line) for each read-out of paired names and values printed with
    its pairs in another order: "Correct digits (adjoint, finite difference): 10.9, 3.7" for the
    registered "Correct digits (finite difference, adjoint): 3.7, 10.9" (each name keeps its
    value, as printed)."""
    registered = {}
    for text, whole in _registered_texts(note):
        if whole and (key := _pairs(text)) is not None:
            registered.setdefault(key, set()).add(text)
    out = []
    for m in _PAIRED.finditer(note.text) if registered else ():
        found = registered.get(_pairs(m.group(0)), set())
        if len(found) == 1 and m.group(0) not in found:
            out.append((m.start(), m.end(), next(iter(found))))
    return out


def _pairs(line: str) -> tuple[str, frozenset] | None:
    """(label, {(name, value)}) of a read-out ``label (a, b): x, y``; None for another line."""
    m = _PAIRED.fullmatch(line.strip())
    if m is None:
        return None
    names, values = m.group("names").split(", "), m.group("values").split(", ")
    if len(names) < 2 or len(names) != len(values) or len(set(names)) != len(names):
        return None
    return m.group("label"), frozenset(zip(names, values))


_PAIRED = re.compile(r"^(?P<label>[^\n:()]+?) \((?P<names>[^()\n:]+)\): (?P<values>[^\n]+?)[ \t]*$", re.MULTILINE)


def _registered_steps(note: Note) -> frozenset[tuple[str, str]]:
    """(left, right) of each equality a registered text prints: ``1 - 1.5 x 1.2 x 1 = -0.8``."""
    return frozenset((k.left.text, k.right.text) for text, _ in _registered_texts(note) if text
                     for k in _links_of(text) if k.op == "=")


def _shown_steps(links: tuple[Link, ...], registered: frozenset[tuple[str, str]]) -> list[tuple[int, int, str]]:
    """(start, end, "") for each step the author inserted into a registered equality, its
    arithmetic right: ``A = B = C`` printed where a registered text prints ``A = C``, all three
    of one value (``1 - 1.5 x 1.2 x 1 = 1 - 1.8 = -0.8``). The view reads ``A = C``; a step of
    another value is judged as printed (``links``: the note's, chains.read_links)."""
    out = []
    for a, b in zip(links, links[1:]):
        if a.op == b.op == "=" and a.right == b.left and (a.left.text, b.right.text) in registered \
                and (a.left.text, a.right.text) not in registered and (a.right.text, b.right.text) not in registered \
                and _equal(a.left.value, a.right.value) and _equal(b.left.value, b.right.value):
            out.append((a.left.end, a.right.end, ""))
    return out


def _registered_spans(note: Note) -> list[tuple[str, str, str, bool]]:
    """(words before, words after, inner text, plain) for each whole ``$...$`` span, and each
    plain-text formula of the prose (``1 - h + h^2/2 = 0.779``: sources.plainmath), of each
    registered text that has words around it; the words stop at the neighbouring formulas."""
    out, seen = [], set()
    for text, whole in _registered_texts(note):
        if text in seen:
            continue
        seen.add(text)
        out += _around(text, math_spans(text), False, True)
        plain = [m for m in _plain_of(text) if whole or 0 < m.start and m.end < len(text)]
        out += _around(text, plain, True, whole)
    # a claim's LaTeX formula, words or none: anchored by its own first and last sides (_step_between_own_sides)
    out += [(None, None, f.text, False) for c in note.registry[0] for f in c.formulas if not f.plain]
    return out


def _registered_wholes(note: Note) -> tuple[tuple[frozenset[str], tuple[str, ...]], ...]:
    """(words, inner texts of its ``$...$`` spans) of each registered whole text (a row, a
    statement, a listed sentence) that prints a span: a row reworded around a span respelled
    keeps most of its words and the order of its spans."""
    out = {}
    for text, whole in _registered_texts(note):
        if whole and (found := math_spans(text)):
            out[text] = (_words_of(text, found), tuple(m.text for m in found))
    return tuple(out.values())


def _words_of(text: str, spans) -> frozenset[str]:
    """The words of ``text`` outside its math spans, in lower case."""
    last, parts = 0, []
    for m in spans:
        parts.append(text[last:m.start])
        last = m.end
    return frozenset(w.lower() for w in _WORD.findall(" ".join(parts + [text[last:]])))


_WORD = re.compile(r"[A-Za-z]{2,}")
REWORDED = 0.7   # Dice similarity of the words of a line and of a registered text it rewords


def _reworded_anchor(text: str, m, wholes) -> set[str]:
    """The registered spans ``m`` may be a respelling of when its words around it changed: the
    span at its place in a registered whole text of as many spans whose words the cell (of a
    line, up to a tab) around ``m`` mostly keeps (REWORDED), or else the sentence around it (a
    listed sentence reworded in a paragraph: probe 111, h05)."""
    lo = max(text.rfind("\n", 0, m.start), text.rfind("\t", 0, m.start)) + 1
    ends = [e for e in (text.find("\n", m.end), text.find("\t", m.end)) if e >= 0]
    hi = min(ends, default=len(text))
    found = _reworded_in(text[lo:hi], m.start - lo, wholes)
    if not found:
        sentence = next(((a, b) for a, b in _sentence_bounds(text[lo:hi]) if a <= m.start - lo and m.end - lo <= b), None)
        if sentence is not None and sentence != (0, hi - lo):
            found = _reworded_in(text[lo + sentence[0]:lo + sentence[1]], m.start - lo - sentence[0], wholes)
    return found


@lru_cache(maxsize=1024)
def _sentence_bounds(line: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each sentence of a line of prose (sources.sentences)."""
    return tuple((s.start, s.end) for s in sentences(line, every=True))


def _reworded_in(cell: str, start: int, wholes) -> set[str]:
    """The spans of ``wholes`` at the place of the span at ``start`` in ``cell`` (_reworded_anchor)."""
    found = math_spans(cell)
    at = next((k for k, f in enumerate(found) if f.start == start), None)
    if at is None:
        return set()
    words = _words_of(cell, found)
    return {spans[at] for theirs, spans in wholes if len(spans) == len(found) and words and theirs
            and 2 * len(words & theirs) / (len(words) + len(theirs)) >= REWORDED}


def _around(text: str, spans, plain: bool, whole: bool) -> list[tuple[str, str, str, bool]]:
    """The words around each of ``spans`` in ``text``, up to CONTEXT characters and not into
    the neighbouring spans."""
    out = []
    for i, m in enumerate(spans):
        lo = max(m.start - CONTEXT, spans[i - 1].end if i else 0)
        hi = min(m.end + CONTEXT, spans[i + 1].start if i + 1 < len(spans) else len(text))
        before, after = text[lo:m.start], text[m.end:hi]
        if len((before + after).replace(" ", "").replace("$", "")) >= MIN_CONTEXT:
            out.append((before, after, m.text, plain))
    return out


def _span_swaps(note: Note, registered: list[tuple[str, str, str, bool]],
                wholes: tuple[tuple[frozenset[str], tuple[str, ...]], ...]) -> list[tuple[int, int, str]]:
    """(start, end, registered spelling) for each ``$...$`` span, or plain-text formula, printed
    otherwise with the same meaning (formula.meaning) where a registered text's words stand
    around it, or where its cell rewords a registered text of ``wholes`` (_reworded_anchor)."""
    from .declared import alike, step_shown  # the names first; SymPy only for a formula that may be the same
    text, out = note.text, []
    for plain, spans in ((False, math_spans(text)), (True, note.plain_math())):
        for m in spans:
            if any(m.start < e and s < m.end for s, e, _ in out):
                continue
            here = {span for before, after, span, kind in registered if kind == plain and before is not None
                    and text.endswith(before, 0, m.start) and text.startswith(after, m.end)}
            if not here and not plain:
                shown = {span for before, _, span, _ in registered if before is None and _step_between_own_sides(span, m.text)}
                if len(shown) == 1:
                    out.append((m.start, m.end, shown.pop()))
                    continue
                here = _reworded_anchor(text, m, wholes)
            if not here or m.text in here:
                continue
            same = {(len(m.text), span) for span in here if (not plain or _numbers(span) == _numbers(m.text))
                    and alike(span, m.text, plain)} or \
                {w for span in here if not plain and (w := _worked_out(span, m.text)) is not None} or \
                {(len(m.text), span) for span in here if not plain and step_shown(span, m.text)}
            if len(same) == 1:
                end, spelling = same.pop()
                out.append((m.start, m.start + end, spelling))
    return out


_JOINER = re.compile(r"\s*(?:,\s*(?:and\s+)?|and\s+)")


def _joined_swaps(note: Note, registered: list[tuple[str, str, str, bool]]) -> list[tuple[int, int, str]]:
    """(start, end, registered spelling) for a registered list of settings printed as a span of
    its own for each (``$w=2$ and $x=y=1$`` for ``$w=2,x=y=1$``): the spans in a row, joined by
    commas or "and", each printing one item of the list as registered."""
    lists = {span: parts for _, _, span, plain in registered if not plain
             and len(parts := _top_items(span)) > 1 and all("=" in p for p in parts)}
    if not lists:
        return []
    found, text, out = math_spans(note.text), note.text, []
    for i, m in enumerate(found):
        for span, parts in lists.items():
            row = found[i:i + len(parts)]
            if len(row) == len(parts) and all(r.text.strip() == p for r, p in zip(row, parts)) \
                    and all(_JOINER.fullmatch(text[a.end + 1:b.start - 1]) for a, b in zip(row, row[1:])):
                out.append((m.start, row[-1].end, span))
                break
    return out


def _top_items(span: str) -> list[str]:
    """The items of ``span`` between its commas outside braces and brackets, stripped."""
    items, depth, last = [], 0, 0
    for i, ch in enumerate(span):
        depth += (ch in "({[") - (ch in ")}]")
        if ch == "," and depth == 0:
            items.append(span[last:i].strip())
            last = i + 1
    return items + [span[last:].strip()]


def _step_between_own_sides(formula: str, printed: str) -> bool:
    """The span prints ``formula`` with a step of its algebra shown between its first and last
    sides, each printed as registered (formula.declared.step_shown): its place, with no words."""
    from .declared import step_shown, top_sides
    mine, theirs = top_sides(formula), top_sides(printed)
    if len(mine) < 2 or len(theirs) != len(mine) + 1:
        return False
    ends = [(formula[a:b].strip(), printed[c:d].strip()) for (a, b), (c, d) in ((mine[0], theirs[0]), (mine[-1], theirs[-1]))]
    return all(x == y for x, y in ends) and step_shown(formula, printed)


def _numbers(text: str) -> Counter:
    """The decimals a plain-text formula prints, as printed: its terms may move and its integers
    go with its algebra (``-1 < 1 - z < 1`` for ``|1 - z| < 1``), but a number re-rounded or given
    more digits (``= 25.0`` for ``= 25``, ``0.7792`` for ``0.779``) is the quotes' business."""
    return Counter(m for m in _NUMBER.findall(text) if not m.isdigit())


_NUMBER = re.compile(r"\d+(?:[.,]\d+)*")


def _worked_out(registered: str, printed: str) -> tuple[int, str] | None:
    """(end, registered spelling) of the chain of equalities ``printed`` opens with when it is
    the one ``registered`` opens with, its arithmetic shown otherwise: every side of one value,
    the same relation (or none) after it, and a step of arithmetic on one hand at least
    (``2\\cdot 2\\cdot 1\\cdot (2^2-1)=12`` for ``12``; ``\\log (1/0.08)=\\log 12.5`` for
    ``-\\log 0.08`` before ``\\simeq 2.5257``, which the quotes judge as printed). A step of
    another value is judged as printed: None. A chain that opens with a name (``p_2(A)=``),
    printed as registered, is judged after it."""
    found = _worked_chain(registered, printed)
    head = _named_head(registered) if found is None else None
    if head and printed.startswith(head) and (rest := _worked_chain(registered[len(head):], printed[len(head):])):
        return len(head) + rest[0], head + rest[1]
    return found


def _named_head(text: str) -> str | None:
    """``text`` up to its first ``=`` outside braces and brackets when what stands before it has
    no value (a name: ``p_2(A)``), else None."""
    depth = 0
    for i, ch in enumerate(text):
        depth += (ch in "({[") - (ch in ")}]")
        if ch == "=" and depth == 0:
            return text[:i + 1] if i and _lead(text[:i]) is None else None
    return None


def _worked_chain(registered: str, printed: str) -> tuple[int, str] | None:
    """_worked_out for a chain that opens with a side of value."""
    mine, theirs = _lead(registered), _lead(printed)
    if mine is None or theirs is None or mine[3] != theirs[3] or mine[2] + theirs[2] == 0:
        return None
    if not _equal(mine[1], theirs[1]) or printed[:theirs[0]] == registered[:mine[0]]:
        return None
    return theirs[0], registered[:mine[0]]


def _lead(text: str) -> tuple[int, Any, int, str | None] | None:
    """(end, value, steps, next relation) of the chain of equalities a span's ``text`` opens
    with (its first side when a step of another kind follows); None when it opens with no
    numeric side, a step of another value, or something that is no relation follows it."""
    links, lead = _links_of(f"${text}$"), len(text) - len(text.lstrip())
    if not links or links[0].left.start != 1 + lead:
        alone = _links_of(f"${text}=0$")     # the whole text one side, no relation
        whole = len(alone) == 1 and (alone[0].left.start, alone[0].left.end) == (1 + lead, 1 + len(text.rstrip()))
        return (len(text.rstrip()), alone[0].left.value, 0, None) if whole else None
    run = [links[0]]
    for k in links[1:]:
        if k.left != run[-1].right:
            break
        run.append(k)
    steps = next((i for i, k in enumerate(run) if k.op != "="), len(run))
    sides = [run[0].left] + [k.right for k in run[:steps]]
    if not all(_equal(side.value, sides[0].value) for side in sides):
        return None
    after = run[steps].op if steps < len(run) else None
    if after is None and sides[-1].end != 1 + len(text.rstrip()):
        return None
    return sides[-1].end - 1, sides[0].value, steps, after


@lru_cache(maxsize=4096)
def _links_of(text: str) -> tuple:
    """The links of a registered text (or a span's), read once per process."""
    return read_links(Note("", text))


@lru_cache(maxsize=4096)
def _plain_of(text: str) -> tuple:
    """The plain-text formulas of a registered text, read once per process."""
    return Note("", text).plain_math()


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
