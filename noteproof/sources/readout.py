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

from .numtext import PRINTED, verdict
from .reword import names_turned, transposed
from .vocabulary import FUNCTION_WORDS, MEANING, stem

# each predicate a read-out may ask, its words saying it holds (+1) or that its opposite does (-1)
PREDICATES = {
    "settle": ({"settle", "converge", "stabilis", "stabiliz"}, {"diverg", "blow", "explod", "run"}),
    "shrink": ({"shrink", "decay", "decreas", "contract"}, {"grow", "increas", "expand"}),
    "keep": ({"kept", "keep", "preserv", "unchang"}, {"swap", "revers", "exchang", "flip"}),
}
_PREDICATE = {key: (name, sign) for name, (yes, no) in PREDICATES.items()
              for sign, stems in ((1, yes), (-1, no)) for key in stems}
# the glue of a question: "Does the iteration converge?" names what "Iteration settles?" names
_GLUE = frozenset("does do is are will it the a an of up away out".split())
_WORD = re.compile(r"[A-Za-z]+")
_NEGATIONS = frozenset("not never fail fails failed".split())
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
        if w in _NEGATIONS:   # "Iteration fails to settle?" asks "Iteration settles?" the other way round
            sign = -sign
            continue
        if w in _GLUE:
            continue
        root = stem(w)
        hit = next(((n, s) for k, (n, s) in _PREDICATE.items() if root.startswith(k) or w.startswith(k)), None)
        if hit and predicate is None:
            predicate, sign = hit[0], sign * hit[1]
        else:
            words.add(root)
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
    """Whether ``line`` is one read-out line: in words ("Does Euler shrink?: yes") or a number's."""
    m = _LINE.fullmatch(line.strip())
    return (m is not None and verdict(m.group(2)) is not None) or _NUMBER_LINE.fullmatch(line.strip()) is not None


def quotes_line(snippet: str, number: str) -> bool:
    """Whether a quote's snippet is a whole read-out line ending in its number or word."""
    m = _NUMBER_LINE.fullmatch(snippet.strip())
    return split(snippet, number) is not None or (m is not None and m.group(2) == number)


def same_readout(a: str, b: str) -> bool:
    """Whether two read-out lines say one thing: a question in any wording or either way round,
    a number's label in other words."""
    ma, mb = (_LINE.fullmatch(t.strip()) for t in (a, b))
    if ma and mb and verdict(ma.group(2)) is not None:
        return alike(label(ma.group(1)), label(mb.group(1))) >= ALIKE
    na, nb = (_NUMBER_LINE.fullmatch(t.strip()) for t in (a, b))
    if not (na and nb):
        return False
    wanted, have = label_words(na.group(1)), label_words(nb.group(1))
    return 2 * len(wanted & have) >= RELABELLED * (len(wanted) + len(have)) > 0


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


# A read-out of a number, "Largest stable explicit step (2 / fast rate): 0.02", relabelled in
# other words ("Biggest step explicit Euler can take stably (2 / fast rate): 0.02") is the same
# read-out when its value is printed as registered and its label's words mean what they meant:
# each word of the registered label kept (its stem, its sense, a synonym), a few words added. A
# word dropped for a word another read-out of the note is labelled with ("Verlet energy range"
# for "Euler energy range") is a relabelling, never a rewording.
_NUMBER_LINE = re.compile(rf"^[ \t]*([^:\n]{{2,80}}?)[ \t]*:[ \t]*({PRINTED})[ \t]*$", re.MULTILINE)
_LABEL_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
SYNONYMS = {"predicted": "estimate", "predicts": "estimate", "predict": "estimate", "prediction": "estimate",
            "estimated": "estimate", "estimates": "estimate"}
_SENSES = frozenset(MEANING.values())
RELABELLED = 0.75     # how alike (Dice over the words' meanings) a reworded label must stay


def _meaning(word: str) -> str:
    """What a label's word means: its sense (largest, biggest: max), a synonym's, or its stem."""
    w = SYNONYMS.get(w := word.lower().removesuffix("'s").removesuffix("\u2019s"), w)
    if w.endswith("bly"):   # stably: stable
        w = w[:-1] + "e"
    return MEANING.get(w) or stem(w)


def label_words(text: str) -> frozenset[str]:
    """The meanings of a label's words, its glue and function words aside."""
    return frozenset(_meaning(w) for w in _LABEL_WORD.findall(text)
                     if w.lower() not in _GLUE and w.lower() not in FUNCTION_WORDS and len(w) > 1)


def relabelled_readout(text: str, snippet: str, number: str, same) -> tuple[int, str] | None:
    """(offset, printed value) of the one read-out line of ``text`` printing ``number``'s value
    (``same``) under a label that says what ``snippet``'s label says in other words; None when
    ``snippet`` is no read-out line, or no line (or more than one) does."""
    m = _NUMBER_LINE.fullmatch(snippet.strip())
    if m is None or m.group(2) != number:
        return None
    wanted = label_words(m.group(1))
    printed = [(k.start(2), label_words(k.group(1)), k.group(2), k.group(1)) for k in _NUMBER_LINE.finditer(text)]
    found = []
    for at, have, value, name in printed:
        both = len(wanted) + len(have)
        if not same(value, number) or 2 * len(wanted & have) < RELABELLED * both \
                or names_turned(m.group(1), name) or transposed(m.group(1), name):   # "(A minus B)" for "(B minus A)"
            continue
        if (wanted - have) & _SENSES:   # a word of sense dropped ("fast" for "slow"): another read-out
            continue
        others = {w for a, words, _, _ in printed if a != at for w in words}   # what the other read-outs are labelled with
        if not (wanted - have and (have - wanted) & others):
            found.append((at, value))
    return found[0] if len(found) == 1 else None


def relabelled_line(text: str, line: str, same) -> tuple[int, str] | None:
    """(offset, printed line) of a registered read-out line (a claim's statement, "Largest stable
    explicit step (2 / fast rate): 0.02") printed relabelled in other words (relabelled_readout)."""
    m = _NUMBER_LINE.fullmatch(line.strip())
    found = relabelled_readout(text, line, m.group(2), same) if m else None
    if found is None:
        return None
    start = text.rfind("\n", 0, found[0]) + 1
    return start, text[start:found[0] + len(found[1])]
