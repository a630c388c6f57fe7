"""Finding registered text again when the note rewords it, with no baseline to diff against.

A row or a sentence that claims.yaml registers may be reworded by the author ("for all the
sensitivities"); the claim is the same claim. It is found again as the one row cell or run
of sentences of the note most like the registered text (difflib's ratio at least
``SENTENCE``, and clearly above the next best), and a quoted number as the one printing of
the same value whose surrounding words are most like its snippet (at least ``QUOTE``).
Formulas are never found this way: an edited formula is judged as printed.
"""
from __future__ import annotations

import difflib
import re
from typing import Callable, Iterator

SENTENCE = 0.8      # how alike a reworded row or sentence must stay
QUOTE = 0.7         # how alike a quote's words must stay around its number
MARGIN = 0.05       # how far ahead of the next best the best must be
RUN = 3             # sentences a registered statement may span

_SENTENCES = re.compile(r"\S[^.!?\n]*(?:[.!?]+(?=\s|$)|(?=\n)|$)")


def _ratio(a: str, b: str) -> float:
    m = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return m.ratio() if m.real_quick_ratio() >= SENTENCE * 0.9 and m.quick_ratio() >= SENTENCE * 0.9 else 0.0


def _runs(text: str) -> Iterator[tuple[int, str]]:
    """Each run of one to RUN consecutive sentences of a line, and each row's claim cell."""
    start = 0
    for line in text.split("\n"):
        cells = line.split("\t")
        if len(cells) > 1:
            yield start, cells[0]
        found = [(m.start(), m.end()) for m in _SENTENCES.finditer(line)]
        for i in range(len(found)):
            for j in range(i, min(i + RUN, len(found))):
                yield start + found[i][0], line[found[i][0]:found[j][1]]
        start += len(line) + 1


def _best(candidates: Iterator[tuple[int, str]], score: Callable[[str], float],
          floor: float) -> tuple[int, str] | None:
    ranked = sorted(((score(c), at, c) for at, c in candidates), reverse=True)
    if not ranked or ranked[0][0] < floor:
        return None
    if len(ranked) > 1 and ranked[1][0] > ranked[0][0] - MARGIN and ranked[1][2] != ranked[0][2]:
        return None
    return ranked[0][1], ranked[0][2]


MATHS = frozenset("+-\u2212*/^=<>()[]{}|\\_0123456789")


def _maths(text: str) -> str:
    """The characters of a text that carry its mathematics: rewording must leave them alone."""
    return "".join(ch for ch in text if ch in MATHS)


def reworded(note: str, text: str) -> tuple[int, str] | None:
    """(offset, printed text) of the note's one row cell or sentences most like ``text`` and
    with the same mathematics (digits, operators, brackets, LaTeX): words may change, never
    the math (an edited formula inside a sentence is judged as an edit, not a rewording)."""
    if len(text) < 12:
        return None
    signature = _maths(text)
    return _best(((at, c) for at, c in _runs(note) if 0.6 < len(c) / len(text) < 1.7 and _maths(c) == signature),
                 lambda c: _ratio(text, c), SENTENCE)


def reworded_cell(cell: str, cells: list[str]) -> int | None:
    """The index of the one of ``cells`` (a status table's claim cells) reworded from ``cell``."""
    hit = _best(enumerate(cells), lambda c: _ratio(cell, c), SENTENCE)
    return None if hit is None else hit[0]


def reworded_quote(note: str, snippet: str, number: str, offset: int, same: Callable[[str, str], bool],
                   token: str) -> tuple[int, str] | None:
    """(offset, printed number) of the one printing of ``number``'s value whose words are most
    like ``snippet`` (the number stands at ``offset`` in it)."""
    before, after = len(snippet[:offset]), len(snippet) - offset - len(number)
    found = [(m.start(), m.group(0)) for m in re.finditer(f"(?<![\\w.]){token}(?![\\w])", note)
             if same(m.group(0), number)]

    mb, ma = _maths(snippet[:offset]), _maths(snippet[offset + len(number):])

    def same_maths(at: int, shown: str) -> bool:   # the words may change around it, never the math
        left = _maths(note[max(0, at - before - 4):at])
        right = _maths(note[at + len(shown):at + len(shown) + after + 4])
        return left.endswith(mb) and right.startswith(ma)

    found = [(at, shown) for at, shown in found if same_maths(at, shown)]

    def likeness(at: int, shown: str) -> float:
        words = note[max(0, at - before - 4):at + len(shown) + after + 4]
        return difflib.SequenceMatcher(None, snippet, words, autojunk=False).ratio()

    scored = sorted(((likeness(at, shown), at, shown) for at, shown in found), reverse=True)
    if not scored or scored[0][0] < QUOTE or (len(scored) > 1 and scored[1][0] > scored[0][0] - MARGIN):
        return None
    return scored[0][1], scored[0][2]
