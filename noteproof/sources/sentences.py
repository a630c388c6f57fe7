"""The sentences of a note that say something a word can change: each located, with its words
of comparison, direction, quantity and quantification (sources.reword's senses).

"the sign stays negative", "the orbit spirals outward", "at large tau", "separated by one",
"sampling with replacement": a sentence holds a claim in its words as well as in its math. A
legend's line ("q: position of the oscillator") says what a symbol names, and is one too.
The sentences a registered claim states are judged by that claim (run.claim); every other
sentence that carries a sense is either listed under its note's ``prose:`` in claims.yaml
(words the checks do not compute, kept as printed) or unaccounted, like unaccounted math
(sources.coverage.scan_prose). A rewording that keeps every sense, in order, up to synonyms,
is the same sentence; one that changes a sense ("negative" -> "positive") is a new one.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .reword import LEGEND, senses

_SENTENCE = re.compile(r"\S.*?(?:[.!?]+(?=\s|$)|$)")     # a full stop ends one before a space: "0.167" does not
_MATH = re.compile(r"\$\$.+?\$\$|\$[^$\n]*\$", re.S)


@dataclass(frozen=True)
class Sentence:
    start: int
    end: int
    text: str
    senses: tuple[str, ...]     # the senses of its words, math left out (reword.senses)


def is_legend(line: str) -> bool:
    """Whether a line of the note is a legend's: a symbol and what it names (reword.LEGEND; a
    symbol given another's meaning changes the sense)."""
    return LEGEND.match(line) is not None


@lru_cache(maxsize=4096)
def words_senses(text: str) -> tuple[str, ...]:
    """The senses of a sentence's words outside its ``$...$`` math (``\\left`` is no "left")."""
    return tuple(s for s, _ in senses(_MATH.sub(" ", text)))


# a sentence of this many words says something whatever its senses: "Training step $n$ advances
# when the parameters change." names what advances when (probe 92: b01, its noun swapped)
WORDED = 5
_WORDS = re.compile(r"[A-Za-z]{2,}")


def words_of(text: str) -> list[str]:
    """The words of a sentence outside its ``$...$`` math, of two letters or more."""
    return _WORDS.findall(_MATH.sub(" ", text))


@lru_cache(maxsize=32)
def sentences(text: str, every: bool = False, worded: bool = False) -> tuple[Sentence, ...]:
    """Each sentence of the note's prose lines that carries a sense (``every``: each sentence;
    ``worded``: and each of WORDED words or more outside its math), in order (status-table rows,
    tab-separated, are judged as rows: sources.tables)."""
    out, start = [], 0
    masked = _MATH.sub(lambda m: "#" * len(m.group(0)), text)    # a full stop inside math ends nothing
    for line in masked.split("\n"):
        if "\t" not in line:
            for m in _SENTENCE.finditer(line):
                a, b = start + m.start(), start + m.end()
                said = words_senses(text[a:b])
                if said or every or (m.start() == 0 and is_legend(line)) \
                        or worded and len(words_of(text[a:b])) >= WORDED:
                    out.append(Sentence(a, b, text[a:b], said))
        start += len(line) + 1
    return tuple(out)
