"""Where a registered formula stands in a note: its places, found by text and by spelling.

A formula's *places* are every math span (``$...$``, or a plain-text formula of Chapter 12's
prose) that prints it:

* ``exact``: the registered text itself (every occurrence, spaced as printed);
* ``respelled``: the same text once notation is set aside: ``\\dfrac`` and ``\\tfrac`` for
  ``\\frac``, ``\\left(`` and ``\\right)`` for ``(`` and ``)``, thin spaces, white space, a
  Unicode minus for ``-`` (``spelling``);
* ``near``: a span no place of it covers whose spelling is most like it (SequenceMatcher
  ratio at least NEAR): an edited occurrence. Its meaning is decided by the formula reader
  (run.claim.check_formula): read equal it is a re-spelling (``{a}^2/2`` for
  ``\\frac{1}{2}{a}^2``), else the formula printed wrong there.

This module only finds places; it reads no formula.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher
from enum import Enum
from functools import lru_cache
from typing import TYPE_CHECKING

from ..defaults import APPROX_EQUAL
from .locate import ratio
from .spelling import SPACES, alike, goes_on, skeleton, spelling, turned

if TYPE_CHECKING:
    from .notes import Note

NEAR = 0.75           # spelling ratio from which an unplaced span is taken for an edited occurrence


class How(Enum):
    EXACT = "exact"
    RESPELLED = "respelled"
    NEAR = "near"


@dataclass(frozen=True)
class Place:
    """One place a formula stands: offsets into the note, the text printed there, how found."""

    start: int
    end: int
    printed: str
    how: How
    score: float = 1.0


def placed(note: "Note", formula: str, numbers: frozenset[str] = frozenset(), plain: bool = False) -> tuple[Place, ...]:
    """Where ``formula`` stands printed as registered or respelled (no near places): exactly,
    else spaced as printed (Note.printed_all); never where it is only a part of a longer term
    (``extends``: ``x / (1 - theta)`` is not placed in ``x / (1 - theta)^2``, nor ``\\sin\\pi t``
    in ``-\\sin\\pi t``); then each math span of its kind that holds it once notation is set aside."""
    if plain:
        found = dict(note.printed_all(formula)) | {i: formula for i in note.offsets(formula)}
        exact = sorted(found.items())
    else:
        exact = [(i, formula) for i in note.offsets(formula)] or note.printed_all(formula, numbers)
    exact = [(i, s) for i, s in exact if not extends(note.text, i, i + len(s), formula)]
    return _respelled(note.text, _spans(note, plain), formula, tuple(exact))


_BEFORE = re.compile(r"(?:[-\u2212/^_*]|\\cdot|\\times)" + SPACES + r"\Z")


def extends(text: str, start: int, end: int, formula: str = "") -> bool:
    """Whether the formula printed at ``text[start:end]`` is only a part of a longer term: it
    goes on in a power, an index, a division or a product (``1 + h^2`` of ``1 + h^2/2``), or a
    letter or digit glued to its last one, or it stands after a minus sign, a division or a
    product (``\\sin\\pi t`` of ``-\\sin\\pi t``). Printed so, it is not that formula."""
    if goes_on(text, end):
        return True
    head = text[max(0, start - 12):start]
    return not _signed(formula) and bool(_BEFORE.search(head))


def _signed(formula: str) -> bool:
    """Whether a registered formula begins with its own minus sign (``-4``)."""
    return formula.lstrip().startswith(("-", "\u2212"))


def _spans(note: "Note", plain: bool) -> tuple[tuple[int, int], ...]:
    return tuple((m.start, m.end) for m in (note.plain_math() if plain else note.math_spans()))


@lru_cache(maxsize=4096)
def _respelled(text: str, spans: tuple[tuple[int, int], ...], formula: str,
               exact: tuple[tuple[int, str], ...]) -> tuple[Place, ...]:
    out = [Place(i, i + len(s), s, How.EXACT) for i, s in exact]
    # the formula respelled, or (one relation) written from its other side: x_A(0)<x_B(0) for x_B(0)>x_A(0)
    other = turned(formula)
    wanted = [w for w in (spelling(formula)[0], spelling(other)[0] if other else "") if w]
    covered = [(p.start, p.end) for p in out]
    for a, b in spans if wanted else ():
        if any(a <= s < b or s <= a < e for s, e in covered):
            continue
        norm, starts, ends = spelling(text[a:b])
        for w in wanted:
            k = norm.find(w)
            if k >= 0:
                s, e = a + starts[k], a + ends[k + len(w) - 1]
                if not extends(text, s, e, formula):
                    out.append(Place(s, e, text[s:e], How.RESPELLED))
                    break
    return tuple(sorted(out, key=lambda p: p.start))


REORDERED = 0.95      # how alike the characters of a span and a formula, in any order, for a reordering


def reordered(text: str, a: int, b: int, formula: str) -> tuple[int, int, float] | None:
    """The whole span ``text[a:b]`` with its ratio 1 when it is ``formula`` with its terms or
    factors in another order or another grouping (its skeleton's characters, in any order, alike
    to REORDERED: ``\\frac{C\\Delta s}{K}(e^{KS}-1)`` for ``\\frac{C}{K}(e^{KS}-1)\\Delta s``,
    ``\\frac{1}{1-\\beta}`` for ``1/(1-\\beta)``); a window of it would be taken for a shorter
    formula it contains. None otherwise."""
    norm, wanted = (skeleton(t) for t in (text[a:b], formula))
    if not norm or not wanted or abs(len(norm) - len(wanted)) > 0.1 * len(wanted):
        return None
    # or one character changed besides: a sign flipped in a reordered sum (an edit, judged there)
    changed = len(norm) == len(wanted) and sum((Counter(norm) - Counter(wanted)).values()) <= 1
    return (a, b, 1.0) if changed or alike(norm, wanted) >= REORDERED else None


def regrouped(text: str, a: int, b: int, formula: str) -> tuple[int, int, float] | None:
    """The whole span ``text[a:b]`` with the ratio of its skeleton to ``formula``'s when it is at
    least NEAR: an edited occurrence spelled with another grouping (``\\frac{1}{1+\\beta}`` for
    ``1/(1-\\beta)``), which ``window`` does not see through; None otherwise."""
    norm, wanted = skeleton(text[a:b]), skeleton(formula)
    score = ratio(norm, wanted) if norm and wanted else 0.0
    return (a, b, score) if score >= NEAR else None


_BETWEEN = re.compile(r"\\text\{[^{}]*\}|\\q?quad(?![A-Za-z])|\\[ ;]|[,;]\s")   # \, and \! are spacing inside a term


def pieces(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """``text[a:b]`` and, when it prints several formulas, each of them: the parts between
    ``\\text{...}`` words, ``\\quad`` and ``, `` outside any group (``x_{n+1}=(1-h\\lambda)x_n\\
    \\text{(explicit)},\\qquad x_{n+1}=...``)."""
    depth, outside = 0, set()
    for i in range(a, b):
        if depth == 0:
            outside.add(i)
        depth += {"{": 1, "}": -1, "(": 1, ")": -1}.get(text[i], 0)
    cuts = [(m.start(), m.end()) for m in _BETWEEN.finditer(text, a, b) if m.start() in outside]
    out, last = [(a, b)], a
    for x, y in cuts + [(b, b)]:
        piece = text[last:x]
        if re.search(r"\w", piece) and (last, x) != (a, b):
            lead = len(piece) - len(piece.lstrip())
            out.append((last + lead, last + len(piece.rstrip())))
        last = max(last, y)
    out += _components(text, a, b)
    # and a formula before its value: p_2(A)=\frac{\sqrt{3}}{\sqrt{3}+1} of p_2(A)=...\simeq 0.633975,
    # an expression before the number it evaluates to: 1 - h + h^2/2 of 1 - h + h^2/2 = 0.625
    for x, y in list(out):
        value = [m.start() for m in re.finditer(APPROX_EQUAL, text[x:y]) if x + m.start() in outside]
        value += [m.start() - x for m in _VALUE.finditer(text, x, y)
                  if m.start() in outside and m.end() == y and _OPERATION.search(text, x, m.start())]
        if value and text[x:x + value[-1]].strip():
            out.append((x, x + len(text[x:x + value[-1]].rstrip())))
    return out


_VALUE = re.compile(r"=\s*[-+\u2212]?\d[\d.,]*\s*$")
_OPERATION = re.compile(r"\w\s*[-+/^*]\s*[\w(\\{]")


def _components(text: str, a: int, b: int) -> list[tuple[int, int]]:
    """Each component of a pair or tuple printed in ``text[a:b]``: the parts between the commas
    of a bracket group (``\\sin\\pi t`` of ``x_0(\\cos\\pi t,\\ \\sin\\pi t)``)."""
    out, opened = [], []
    commas: dict[int, list[int]] = {}
    for i in range(a, b):
        ch = text[i]
        if ch in "({":
            opened.append(i)
        elif ch in ")}" and opened:
            start = opened.pop()
            cuts = commas.pop(start, [])
            if cuts and text[start] == "(":
                bounds = [start + 1, *(c for cut in cuts for c in (cut, cut + 1)), i]
                out += [_stripped(text, x, y) for x, y in zip(bounds[::2], bounds[1::2])]
        elif ch == "," and opened:
            commas.setdefault(opened[-1], []).append(i)
    return [(x, y) for x, y in out if x < y]


def _stripped(text: str, x: int, y: int) -> tuple[int, int]:
    """``(x, y)`` less the white space and LaTeX spacing at either end."""
    lead = re.match(SPACES, text[x:y])
    x += lead.end() if lead else 0
    while y > x and text[y - 1].isspace():
        y -= 1
    return x, y


def window(text: str, a: int, b: int, formula: str) -> tuple[int, int, float] | None:
    """The part of ``text[a:b]`` spelled most like ``formula`` (the whole span, or the window
    from its first to its last character matching the formula's when the formula is a part of
    it: ``\\sqrt{3}/(1+\\sqrt{3})\\simeq 0.643975`` inside ``p_2(A)=...``), as offsets in
    ``text`` and its ratio; None when nothing of it matches or its length is far from the formula's."""
    norm, starts, ends = spelling(text[a:b])
    wanted = spelling(formula)[0]
    if not norm or not wanted:
        return None
    blocks = [m for m in SequenceMatcher(None, norm, wanted, autojunk=False).get_matching_blocks() if m.size]
    if not blocks:
        return None
    lo = max(0, blocks[0].a - blocks[0].b)                       # the formula's unmatched head
    hi = min(len(norm), blocks[-1].a + blocks[-1].size + (len(wanted) - blocks[-1].b - blocks[-1].size))
    lo, hi = (0, len(norm)) if len(norm) <= 1.6 * len(wanted) else (lo, hi)
    piece = norm[lo:hi]
    if not 0.6 * len(wanted) <= len(piece) <= 1.6 * len(wanted):
        return None
    start, end = a + starts[lo], a + ends[hi - 1]
    # a window never stops before its last factor's power, nor inside brackets: (1 - theta)^(-2)
    while text.count("(", start, end) > text.count(")", start, end) and text.find(")", end, b) >= 0:
        end = text.find(")", end, b) + 1
    script = _SCRIPT.match(text, end, b)
    if script:
        end = script.end()
    sign = _SIGN.search(text, a, start)   # nor after its sign: -\sin\pi t is read whole
    if sign and not _signed(formula):
        start = sign.start()
    piece = spelling(text[start:end])[0]
    if _cuts_word(text, start, end):
        return None   # "1 - th" of "(1 - theta)" is no place of 1 - h
    return start, end, ratio(piece, wanted)


def _cuts_word(text: str, start: int, end: int) -> bool:
    """Whether a window begins or ends inside a word of letters (a plain-text name: theta)."""
    return (text[end - 1:end].isalpha() and text[end:end + 1].isalpha()) \
        or (text[start - 1:start].isalpha() and text[start:start + 1].isalpha())


_SIGN = re.compile(r"[-\u2212]" + SPACES + r"\Z")
_SCRIPT = re.compile(r"\s*[\^_]\s*(?:\{[^{}]*\}|\([^()]*\)|[-+\u2212]?\w+)")
