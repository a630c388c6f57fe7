"""A read-out line in words, ``label: word``, read for its conclusion, whatever its label's wording.

A figure's read-out asks a question and answers it: "Iteration settles?: no". The same
conclusion may be printed with the question reworded ("Does the iteration converge?: no") or
asked the other way round ("Iteration diverges?: yes"). A label is read as the words it names
(each stemmed, the question's glue dropped) and one *predicate* with its polarity: settles,
converges, stays bounded (+1) against diverges, blows up, runs away (-1); shrinks, decays (+1)
against grows (-1). Two labels name one read-out when their words and predicate agree; the
printed word then says the label's predicate holds or not, and a label asked the other way
round reverses it.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .numtext import verdict

# each predicate a read-out may ask, its words saying it holds (+1) or that its opposite does (-1)
PREDICATES = {
    "settle": ({"settle", "converge", "stabilis", "stabiliz"}, {"diverg", "blow", "explod", "run"}),
    "shrink": ({"shrink", "decay", "decreas", "contract"}, {"grow", "increas", "expand"}),
    "keep": ({"kept", "keep", "preserv", "unchang"}, {"swap", "revers", "exchang", "flip"}),
}
_PREDICATE = {stem: (name, sign) for name, (yes, no) in PREDICATES.items()
              for sign, stems in ((1, yes), (-1, no)) for stem in stems}
# the glue of a question: "Does the iteration converge?" names what "Iteration settles?" names
_GLUE = frozenset("does do is are will it the a an of up away out".split())
_WORD = re.compile(r"[A-Za-z]+")
_ENDING = re.compile(r"(?<=[a-z]{3})(?:ies|es|s|ed|ing|e)$")
_LINE = re.compile(r"^[ \t]*([^:\n]{2,60}?)[ \t]*:[ \t]*([A-Za-z]+)[ \t.]*$", re.MULTILINE)
ALIKE = 0.6           # how alike two labels' words must be (Dice) to name one read-out


@dataclass(frozen=True)
class Label:
    """What a read-out's label names: its words (stemmed, glue dropped) and its predicate."""

    words: frozenset[str]
    predicate: str | None
    sign: int


@lru_cache(maxsize=512)
def label(text: str) -> Label:
    """The words and predicate of a read-out label ("Does the iteration converge?")."""
    words, predicate, sign = set(), None, 1
    for w in _WORD.findall(text.lower()):
        if w in _GLUE:
            continue
        stem = _ENDING.sub("", w)
        hit = next(((n, s) for k, (n, s) in _PREDICATE.items() if stem.startswith(k) or w.startswith(k)), None)
        if hit and predicate is None:
            predicate, sign = hit
        else:
            words.add(stem)
    return Label(frozenset(words), predicate, sign)


def alike(a: Label, b: Label) -> float:
    """How alike two labels are: their words' Dice coefficient, 0 for different predicates."""
    if a.predicate != b.predicate:
        return 0.0
    both = len(a.words) + len(b.words)
    return 1.0 if not both else 2 * len(a.words & b.words) / both


def split(snippet: str, word: str) -> str | None:
    """The label of a registered read-out ``label: word``, or None when it is no such line."""
    m = _LINE.fullmatch(snippet.strip())
    return m.group(1) if m and m.group(2).lower() == word.lower() and verdict(word) is not None else None


def is_readout(line: str) -> bool:
    """Whether ``line`` is one read-out line in words ("Does Euler shrink?: yes")."""
    m = _LINE.fullmatch(line.strip())
    return m is not None and verdict(m.group(2)) is not None


def same_readout(a: str, b: str) -> bool:
    """Whether two read-out lines ask one question, in any wording or either way round."""
    ma, mb = (_LINE.fullmatch(t.strip()) for t in (a, b))
    return bool(ma and mb) and alike(label(ma.group(1)), label(mb.group(1))) >= ALIKE


_ECHOED = re.compile(r"(?i)(yes|no)\s*[,;\u2014\u2013-]\s*(?:it|they|this|that|he|she|we|you|one)\s+"
                     r"(?:does|do|did|is|are|was|were|can|could|will|would|has|have|should|must)(n['\u2019]t|\s+not)?\s*[.!]?")


def answer(text: str) -> str:
    """A reply with its question's verb echoed, as its bare answer ("No, it does not." is "No.",
    "Yes, it is." is "Yes."); an echo that says the other way round, or any other text, is kept."""
    m = _ECHOED.fullmatch(text.strip())
    if m is None or (m.group(1).lower() == "no") != bool(m.group(2)):
        return text
    return m.group(1) + "."


def lines(text: str) -> list[tuple[int, str, str]]:
    """Every read-out line in words of ``text``: (offset of its word, label, word)."""
    return [(m.start(2), m.group(1), m.group(2)) for m in _LINE.finditer(text) if verdict(m.group(2)) is not None]


def reworded_readout(text: str, snippet: str, word: str) -> tuple[int, str] | None:
    """(offset, word) of the one read-out line whose label names what ``snippet``'s names, its
    question reworded or asked the other way round; None when none, or more than one, does."""
    registered = split(snippet, word)
    if registered is None:
        return None
    wanted = label(registered)
    scored = sorted(((alike(wanted, label(name)), at, said) for at, name, said in lines(text)), reverse=True)
    if not scored or scored[0][0] < ALIKE or (len(scored) > 1 and scored[1][0] == scored[0][0]):
        return None
    return scored[0][1], scored[0][2]


def reversed_label(text: str, snippet: str, word: str, at: int) -> bool:
    """Whether the read-out line holding offset ``at`` asks ``snippet``'s question the other way
    round ("Iteration diverges?" for "Iteration settles?"): its word then says the opposite."""
    registered = split(snippet, word)
    if registered is None:
        return False
    start = text.rfind("\n", 0, at) + 1
    m = _LINE.match(text, start)
    if m is None or m.start(2) != at:
        return False
    return label(m.group(1)).sign != label(registered).sign
