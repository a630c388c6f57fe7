"""A symbol renamed throughout a note: notation, read as registered (issue 22: notation never
changes a verdict).

An author who writes ``\\varepsilon_\\ell`` for the error ``e_\\ell`` in every place, or ``g^\\ell``
for the sensitivity ``\\delta^\\ell``, changes no statement. A note's symbols, inside its ``$...$``
spans, are keyed by name: a Greek letter by its command (``\\delta``), a Latin letter by itself
and the script that follows it (``e_``, ``g^``; ``e^`` is Euler's e, no symbol). The rename is read
when exactly one key of the registered texts (Note.registry: statements, rows, formulas, quotes,
listed prose, declarations) is printed nowhere in the note and exactly one key printed in the
note is in no registered text: every occurrence of the new name is then read as the old one,
spelled as the registered texts spell it. It must make more registered texts stand in the note
as written; a rename of part of a symbol's occurrences, or to a name the note already uses,
leaves the note as printed, and its checks judge it there.
"""
from __future__ import annotations

import re
from collections import Counter
from typing import Iterable

from ..defaults import GREEK
from ..sources.notes import Note, math_spans

_SYMBOL = re.compile(r"\\([A-Za-z]+)\s*|(?<![A-Za-z\\])([A-Za-z])(?=\}*[_^])")


def renamed_symbols(note: Note, registered: Iterable[str]) -> list[tuple[int, int, str]]:
    """(start, end, registered spelling) for each occurrence of a symbol the note renamed
    throughout (module docstring); [] when there is no such rename."""
    texts = list(registered)
    theirs, mine = Counter(), _occurrences(note.text)
    for t in texts:
        for key, _, _, spelled in _occurrences(t):
            theirs[key, spelled] += 1
    names = {k for k, _ in theirs}
    missing = names - {k for k, _, _, _ in mine}
    fresh = {k for k, _, _, _ in mine} - names
    if len(missing) != 1 or len(fresh) != 1:
        return []
    (old,), (new,) = missing, fresh
    spelled = max(((s, n) for (k, s), n in theirs.items() if k == old), key=lambda p: p[1])[0]
    swaps = [(a, b, spelled) for k, a, b, _ in mine if k == new]
    view = note.respelled(swaps)
    return swaps if _standing(view.text, texts) > _standing(note.text, texts) else []


def _occurrences(text: str) -> list[tuple[str, int, int, str]]:
    """(key, start, end, as spelled) of each symbol inside the ``$...$`` spans of ``text``."""
    out = []
    for span in math_spans(text):
        for m in _SYMBOL.finditer(span.text):
            if m.group(1) is not None:
                if m.group(1) in GREEK:
                    out.append((m.group(1), span.start + m.start(), span.start + m.end(), m.group(0)))
                continue
            script = span.text[m.end():].lstrip("}")[:1]
            if m.group(2) == "e" and script == "^":
                continue   # Euler's e
            out.append((m.group(2) + script, span.start + m.start(), span.start + m.end(), m.group(2)))
    return out


def _standing(text: str, registered: list[str]) -> int:
    return sum(t in text for t in registered)
