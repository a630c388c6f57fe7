"""Numeric tokens of a note, and where an edited snippet, sentence or formula went.

A *numeric token* is a run of digits that the note states as a number:

* an optional sign (``-``, ``+`` or the Unicode minus) when the sign does not follow
  a letter, digit or closing bracket (``x = -0.135``, ``e^(-2t)``, ``{\\beta }^{-1}``;
  in ``1-x`` or ``2026-09-13`` the dash is an operator or a separator);
* digits with optional thousands commas and one decimal part (``3,760``, ``0.000977``);
* or a fraction of two integers written without spaces (``1/2``, ``3/4``, ``1/16``),
  unless it touches an exponent (``h^4/24`` and ``1/10^4`` are separate tokens).

Digits glued to a name are part of the name, not tokens: ``v39``, ``RK4``, ``L2``,
``x0``, ``k1``, ``C12-D01``, ``log10``, and everything inside a LaTeX subscript
(``a_0``, ``a_{k+1}``, ``p_{n+1/2}``). Exponents are tokens of their own: ``10^4``
gives 10 and 4, ``2^{-10}`` gives 2 and -10. A dotted section number such as
``12.1.1`` gives one token, ``12.1`` (its tail is glued to it), which a label covers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache

from .notes import number_offset
from .numtext import TIMES_TEN, WORD, value_of

_NEWLINE = re.compile("\n")
TOKEN = re.compile(r"""
    (?:(?<![\w.)\]}])[-+\u2212](?=\d))?        # a sign, unless it is an operator
    (?<![\w.])                                 # not the tail of a name or a number
    (?:(?<!\^)\d+/\d+(?![\d.^/])               # a fraction 1/2
      |\d{1,3}(?:,\d{3})+(?!\d)(?:\.\d+)?      # 3,760
      |\d+(?:\.\d+)?)                          # 0.409
    (?:[eE][-+\u2212]?\d+(?!\w|\.\d)          # 7.47e-4 (defaults.EXPONENT, and the note's own minus)
      |(?:TIMES_TEN))?                         # 7.47 x 10^-4, 7.47\times 10^{-4} (sources.numtext)
    """.replace("TIMES_TEN", TIMES_TEN), re.X)
SUBSCRIPT = re.compile(r"_\{")
CONTEXT = 60


@dataclass(frozen=True)
class Token:
    text: str
    start: int
    end: int


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    score: float

    def text(self, s: str) -> str:
        return s[self.start:self.end]


def subscript_spans(text: str) -> list[tuple[int, int]]:
    """The spans of LaTeX subscripts in braces, ``_{...}`` (nested braces included)."""
    spans = []
    for m in SUBSCRIPT.finditer(text):
        depth, i = 0, m.end() - 1
        while i < len(text):
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            if depth == 0:
                break
            i += 1
        spans.append((m.start(), i + 1))
    return spans


def numeric_tokens(text: str, start: int = 0, end: int | None = None) -> list[Token]:
    """Every numeric token of ``text[start:end]`` (offsets into ``text``), in order."""
    end = len(text) if end is None else end
    masked = subscript_spans(text[start:end])
    out = []
    for m in TOKEN.finditer(text, start, end):
        if not any(a <= m.start() - start < b for a, b in masked):
            out.append(Token(m.group(), m.start(), m.end()))
    return out


_NUMBER_WORD = re.compile(WORD)


def valued_numbers(text: str) -> list[tuple[int, object]]:
    """(offset, value) of each numeric token and each number in words of ``text``, in order (a
    token whose value is not read keeps its text): "Twelve" and "12", "3,760" and "3760" alike."""
    out = [(t.start, t.text if (v := value_of(t.text)) is None else v) for t in numeric_tokens(text)]
    out += [(m.start(), v) for m in _NUMBER_WORD.finditer(text) if (v := value_of(m[0])) is not None]
    return sorted(out, key=lambda p: p[0])


def ratio(a: str, b: str) -> float:
    return SequenceMatcher(None, a, b, autojunk=False).ratio() if a or b else 1.0


def changed_lines(old: str, new: str) -> tuple[set[int], dict[int, tuple[int, int]]]:
    """(1-based new lines an edit changed or added, old line -> new line range [a, b))."""
    a, b = old.split("\n"), new.split("\n")
    changed: set[int] = set()
    where: dict[int, tuple[int, int]] = {}
    for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
        if op != "equal":
            changed.update(range(j1 + 1, j2 + 1))
        for i in range(i1, i2):
            one = op == "equal" or (op == "replace" and i2 - i1 == j2 - j1)
            where[i + 1] = (j1 + 1 + (i - i1), j1 + 2 + (i - i1)) if one else (j1 + 1, max(j2, j1 + 1) + 1)
    return changed, where


@lru_cache(maxsize=8)
def line_offsets(text: str) -> tuple[int, ...]:
    """Offset of the start of each line (index 0 is line 1), plus the end of the text."""
    return (0, *(m.end() for m in _NEWLINE.finditer(text)), len(text) + 1)


def region(text: str, lines: tuple[int, int] | None, margin: int = 2) -> tuple[int, int]:
    """Offsets of 1-based lines [a, b) widened by ``margin`` lines; the whole text if None."""
    if lines is None:
        return 0, len(text)
    starts = line_offsets(text)
    a = max(1, lines[0] - margin)
    b = min(len(starts) - 1, lines[1] + margin)
    return starts[a - 1], min(len(text), starts[b - 1])


def find_number(text: str, snippet: str, number: str, span: tuple[int, int]) -> Span | None:
    """The numeric token of ``text[span]`` standing where ``number`` stood in ``snippet``.

    Each token is scored by how well the text around it matches the snippet's text
    around the number; the same printed value breaks ties.
    """
    at = number_offset(snippet, number)
    before, after = snippet[:at][-CONTEXT:], snippet[at + len(number):][:CONTEXT]
    if not before.strip() and not after.strip():
        return None
    best: Span | None = None
    for tok in numeric_tokens(text, *span):
        cb = text[max(0, tok.start - len(before)):tok.start]
        ca = text[tok.end:tok.end + len(after)]
        score = (ratio(cb, before) * len(before) + ratio(ca, after) * len(after)) / (len(before) + len(after))
        score += 0.05 * (tok.text == number)
        if best is None or score > best.score:
            best = Span(tok.start, tok.end, score)
    return best if best and best.score >= 0.6 else None


def find_fragment(text: str, fragment: str, span: tuple[int, int], math: bool = False,
                  threshold: float = 0.6) -> Span | None:
    """The substring of one line of ``text[span]`` most like ``fragment`` (ratio >= threshold).

    With ``math`` the substring stays inside one ``$...$`` segment of the line.
    """
    starts = line_offsets(text)
    lines = [(s, min(e - 1, len(text))) for s, e in zip(starts, starts[1:])
             if e - 1 > span[0] and s < span[1]]
    scored = []
    for s, e in lines:
        m = SequenceMatcher(None, text[s:e], fragment, autojunk=False).find_longest_match(0, e - s, 0, len(fragment))
        if m.size >= min(4, len(fragment)):
            scored.append((m.size, s, e, s + m.a - m.b))
    best: Span | None = None
    for _, s, e, guess in sorted(scored, reverse=True)[:4]:
        lo, hi = _segment(text, s, e, guess, math)
        cand = _refine(text, fragment, guess, lo, hi)
        if cand and (best is None or cand.score > best.score):
            best = cand
    return best if best and best.score >= threshold else None


def _segment(text: str, s: int, e: int, at: int, math: bool) -> tuple[int, int]:
    if not math:
        return s, e
    dollars = [i for i in range(s, e) if text[i] == "$"]
    left = [i for i in dollars if i < max(at, s)]
    right = [i for i in dollars if i > max(at, s)]
    return (left[-1] + 1 if left else s), (right[0] if right else e)


def _refine(text: str, fragment: str, guess: int, lo: int, hi: int) -> Span | None:
    """Move both ends of the window around ``guess`` to the best-scoring position."""
    slack = max(4, len(fragment) // 3)
    a = min(max(lo, guess), hi)
    b = min(hi, a + len(fragment))
    if b <= a:
        return None
    for _ in range(2):
        a = max(range(max(lo, a - slack), min(b, a + slack + 1)), key=lambda x: (ratio(text[x:b], fragment), -abs(x - a)))
        b = max(range(max(a + 1, b - slack), min(hi, b + slack) + 1), key=lambda y: (ratio(text[a:y], fragment), -abs(y - b)))
    return Span(a, b, ratio(text[a:b], fragment))


def map_span(old: str, new: str, a: int, b: int, where: dict[int, tuple[int, int]]) -> tuple[int, int] | None:
    """Offsets in ``new`` of what ``old[a:b]`` became, by a character diff of the edited lines.

    Text inserted against either end without a space between is taken in (``0.409`` ->
    ``0.40885``, ``/h`` -> ``/h^2``); None when the span was deleted.
    """
    ostarts, nstarts = line_offsets(old), line_offsets(new)
    la, lb = old.count("\n", 0, a) + 1, old.count("\n", 0, max(a, b - 1)) + 1
    na, nb = where[la][0], where[lb][1]
    oa, ob = ostarts[la - 1], min(len(old), ostarts[lb] - 1)
    sa, sb = nstarts[na - 1], min(len(new), nstarts[min(nb, len(nstarts)) - 1] - 1)
    if sb < sa:
        return None
    ops = _opcodes(old[oa:ob], new[sa:sb])
    start, end = _map_start(ops, a - oa, new[sa:sb]), _map_end(ops, b - oa, new[sa:sb])
    if start is None or end is None or end <= start:
        return None
    return sa + start, sa + end


@lru_cache(maxsize=64)
def _opcodes(a: str, b: str) -> tuple:
    """A character diff; an audit maps many spans of the same edited lines."""
    return tuple(SequenceMatcher(None, a, b, autojunk=False).get_opcodes())


def _map_start(ops, p: int, new: str) -> int | None:
    for k, (op, i1, i2, j1, j2) in enumerate(ops):
        if op != "insert" and i1 <= p < i2:
            out = j1 + (p - i1) if op == "equal" else j1
            prev = ops[k - 1] if k else None
            if p == i1 and prev and prev[0] == "insert":
                out = prev[4] - len(_glued(new[prev[3]:prev[4]][::-1]))
            return out
    return None


def _map_end(ops, q: int, new: str) -> int | None:
    for k, (op, i1, i2, j1, j2) in enumerate(ops):
        if op != "insert" and i1 < q <= i2:
            out = j1 + (q - i1) if op == "equal" else (j1 if op == "delete" else j2)
            nxt = ops[k + 1] if k + 1 < len(ops) else None
            if q == i2 and nxt and nxt[0] == "insert":
                out = nxt[3] + len(_glued(new[nxt[3]:nxt[4]]))
            return out
    return None


def _glued(inserted: str) -> str:
    """The part of inserted text before its first white space."""
    return re.split(r"\s", inserted, maxsplit=1)[0]


def token_at(text: str, start: int, end: int, span: tuple[int, int]) -> Token | None:
    """The numeric token of ``text[span]`` overlapping ``[start, end)`` the most."""
    best, most = None, 0
    for tok in numeric_tokens(text, *span):
        overlap = min(end, tok.end) - max(start, tok.start)
        if overlap > most:
            best, most = tok, overlap
    return best


def unique_snippet(text: str, start: int, end: int) -> str:
    """A snippet beginning at ``start`` whose first occurrence in ``text`` is at ``start``."""
    stop = end
    while text.find(text[start:stop]) != start and stop < len(text):
        stop += 1
    return text[start:stop]
