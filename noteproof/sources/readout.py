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
from .vocabulary import FUNCTION_WORDS, MEANING, stem, terms_alike

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
# for "Euler energy range") is a relabelling, never a rewording. A read-out may print a range
# ("0.469 to 0.5"), and a number may stand in the label itself ("(start 0.5)").
_VALUES = rf"({PRINTED})(?:[ \t]+to[ \t]+({PRINTED}))?"
# the value may be named by its symbol: "Position of A (starts at -1): x = -0.135"
_NUMBER_LINE = re.compile(rf"^[ \t]*([^:\n]{{2,80}}?)[ \t]*:[ \t]*(?:[A-Za-z](?:_\w+)?\*?[ \t]*=[ \t]*)?{_VALUES}[ \t]*$",
                          re.MULTILINE)
_IN_LABEL = re.compile(rf"(?<![\w.]){PRINTED}(?!\w)")   # not the 4 of RK4
_LABEL_WORD = re.compile(r"[A-Za-z][A-Za-z'-]*")
SYNONYMS = {"predicted": "estimate", "predicts": "estimate", "predict": "estimate", "prediction": "estimate",
            "estimated": "estimate", "estimates": "estimate", "end": "final", "initial": "start"}
# names of one thing in the notes' subject, said in several words: "fixed point", "resting value"
_ONE_NAME = re.compile(r"\b(?:fixed|rest(?:ing)?|steady|stationary|equilibrium)[ -](?:point|value|state)\b",
                       re.IGNORECASE)
_SENSES = frozenset(MEANING.values())
# "change in the equilibrium" names "equilibrium change", "initial value" names "start"
_LABEL_GLUE = frozenset("in at on to by value".split())
RELABELLED = 0.75     # how alike (Dice over the words' meanings) a reworded label must stay


def _meaning(word: str) -> str:
    """What a label's word means: its sense (largest, biggest: max), a synonym's, or its stem."""
    w = SYNONYMS.get(w := word.lower().removesuffix("'s").removesuffix("\u2019s"), w)
    if w.endswith("bly"):   # stably: stable
        w = w[:-1] + "e"
    return MEANING.get(w) or stem(w)


def label_words(text: str) -> frozenset[str]:
    """The meanings of a label's words, its glue and function words aside."""
    text = _ONE_NAME.sub("equilibrium", text)
    return frozenset(_meaning(w) for w in _LABEL_WORD.findall(text) if (low := w.lower()) not in _GLUE
                     and low not in _LABEL_GLUE and low not in FUNCTION_WORDS
                     and len(low.removesuffix("'s").removesuffix("\u2019s")) > 1)   # "A's" is the symbol A's


@dataclass(frozen=True)
class _Readout:
    """A read-out line's label, and where each number of its label and of its value stands."""
    label: str
    in_label: tuple[tuple[int, str], ...]
    values: tuple[tuple[int, str], ...]

    def number(self, place: tuple[bool, int]) -> tuple[int, str] | None:
        """The number at ``place``: (in the label?, its index there)."""
        numbers = self.in_label if place[0] else self.values
        return numbers[place[1]] if place[1] < len(numbers) else None


@lru_cache(maxsize=16)
def _readouts(text: str) -> tuple[_Readout, ...]:
    """Every read-out line of a number (or a range of two) in ``text``."""
    out = []
    for m in _NUMBER_LINE.finditer(text):
        inside = [(m.start(1) + k.start(), k.group(0)) for k in _IN_LABEL.finditer(m.group(1))]
        values = [(m.start(g), m.group(g)) for g in (2, 3) if m.group(g) is not None]
        out.append(_Readout(m.group(1), tuple(inside), tuple(values)))
    return tuple(out)


def is_readout_line(text: str) -> bool:
    """Whether ``text`` is one whole read-out line of a number ("Error ratio (Euler / RK4): 3,490")."""
    return bool(_NUMBER_LINE.fullmatch(text.strip()))


def names_another_readout(text: str, registered: str, at: int) -> bool:
    """Whether the read-out line of ``text`` at offset ``at``, found for the ``registered`` one
    reworded, gained a word (of three letters or more) that labels another read-out, is no noun of
    the group of a word it lost, and is not said in the prose just before the line (its demo's
    own words: "Biggest step explicit Euler can take stably" under "explicit Euler blows up"):
    "Size of gap |theta|: 1.2" for "Size of multiplier |theta|: 1.2", "Gap in x" being another
    read-out; "Error ratio (Verlet / RK4)" (reviewer helper-148)."""
    start, line = _line_around(text, at)
    mine, theirs = _readouts(registered.strip()), _readouts(line.strip())
    if not mine or not theirs:
        return False
    wanted, have = label_words(mine[0].label), label_words(theirs[0].label)
    others = {w for r in _readouts(text) if label_words(r.label) != have for w in label_words(r.label)}
    said = label_words(text[max(0, start - _DEMO_PROSE):start])
    return bool({w for w in _gained(wanted, have) if len(w) >= 3 and w not in said} & others)


def _gained(wanted: frozenset[str], have: frozenset[str]) -> set[str]:
    """The label words ``have`` gained over ``wanted``, but for nouns of the group of a word it
    lost (vocabulary.TERMS_ALIKE: "multiplier" for "factor")."""
    return {w for w in have - wanted if not any(terms_alike(w, x) for x in wanted - have)}


def _line_around(text: str, at: int) -> tuple[int, str]:
    """(start, text) of the line of ``text`` that holds offset ``at``."""
    start, end = text.rfind("\n", 0, at) + 1, text.find("\n", at)
    return start, text[start:len(text) if end < 0 else end]


_DEMO_PROSE = 800   # characters of prose before a read-out line that its demo says it in


def _registered(snippet: str, number: str) -> tuple[str, tuple[bool, int]] | None:
    """The label of a registered read-out snippet and the place of ``number`` among its numbers:
    a whole line ("Verlet energy range: 0.469 to 0.5"), or a label alone ("Euler energy at the
    end (start 0.5)")."""
    line = snippet.strip()
    found = _readouts(line)
    if not found and ":" not in line:
        inside = tuple((k.start(), k.group(0)) for k in _IN_LABEL.finditer(line))
        found = (_Readout(line, inside, ()),)
    if not found:
        return None
    places = [((True, i), n) for i, (_, n) in enumerate(found[0].in_label)] + \
        [((False, i), n) for i, (_, n) in enumerate(found[0].values)]
    hits = [place for place, n in places if n == number]
    return (found[0].label, hits[0]) if len(hits) == 1 else None


# a label's symbols: one letter, perhaps starred ("(z*)", "(h)", "Gap in x"), not a possessive's s
_SYMBOL = re.compile(r"(?<![\w'\u2019])[A-Za-z]\*?(?![\w])")


def symbols(label: str) -> frozenset[str]:
    """The symbols a label names its quantity by: kept by a relabelling ("Resting value (z*)" for
    "Fixed point (z*)"), changed only by another read-out ("Resting value (x)")."""
    return frozenset(_SYMBOL.findall(label))


def relabelled_readout(text: str, snippet: str, number: str, same) -> tuple[int, str] | None:
    """(offset, printed value) of ``number`` in the one read-out line of ``text`` printing its value
    (``same``) in its place under a label that says what ``snippet``'s label says in other words;
    None when ``snippet`` is no read-out line, or no line (or more than one) does."""
    registered = _registered(snippet, number)
    if registered is None:
        return None
    name, place = registered
    wanted = label_words(name)
    printed = [(r, label_words(r.label)) for r in _readouts(text)]
    found = []
    for r, have in printed:
        both = len(wanted) + len(have)
        at = r.number(place)
        if at is None or not same(at[1], number) or 2 * len(wanted & have) < RELABELLED * both \
                or symbols(name) != symbols(r.label) \
                or names_turned(name, r.label) or transposed(name, r.label):   # "(A minus B)" for "(B minus A)"
            continue
        if (wanted - have) & _SENSES:   # a word of sense dropped ("fast" for "slow"): another read-out
            continue
        others = {w for q, words in printed if q is not r for w in words}   # what the other read-outs are labelled with
        # a word another read-out is labelled with names that one ("Implicit factor per step"), unless
        # it is a noun of the same group as the word it replaced ("multiplier" for "factor"; probe 129: h11)
        if not (wanted - have and _gained(wanted, have) & others):
            found.append(at)
    return found[0] if len(found) == 1 else None


def relabelled_line(text: str, line: str, same) -> tuple[int, str] | None:
    """(offset, printed line) of a registered read-out line (a claim's statement, "Largest stable
    explicit step (2 / fast rate): 0.02") printed relabelled in other words (relabelled_readout)."""
    m = _NUMBER_LINE.fullmatch(line.strip())
    found = relabelled_readout(text, line, m.group(2), same) if m else None
    if found is None:
        return None
    start, printed = _line_around(text, found[0])
    return start, printed.rstrip()


# a read-out of a list: "Network evaluations (Euler, RK4): 4, 16", each value its name's
_LISTED_LINE = re.compile(r"^(?P<head>[^:()\n]*)\((?P<names>[^()\n]+,[^()\n]+)\):[ \t]*(?P<values>[^\n:]+?)[ \t.]*$",
                          re.MULTILINE)
_ITEM = re.compile(r"[^,]+")


def _items(text: str, at: int = 0) -> list[tuple[int, str]]:
    """(offset, item) of each comma-separated item of ``text``, stripped."""
    return [(at + m.start() + len(m.group(0)) - len(m.group(0).lstrip()), m.group(0).strip())
            for m in _ITEM.finditer(text) if m.group(0).strip()]


def listed_readout(text: str, snippet: str, number: str) -> tuple[int, str] | None:
    """(offset, printed value) of ``number`` in a read-out of a list, read beside its name
    wherever the line prints that name ("(RK4, Euler): 16, 4" for "(Euler, RK4): 4, 16": the
    number the snippet prints for Euler is read where the line prints Euler's); None when
    ``snippet`` lists nothing, or no single line lists its names, in any order, under the same
    heading. Values exchanged under names kept, or names exchanged under values kept, read the
    other name's value: wrong."""
    m = _LISTED_LINE.search(snippet.strip())
    if m is None:
        return None
    names, values = [n for _, n in _items(m["names"])], [v for _, v in _items(m["values"])]
    hits = [i for i, v in enumerate(values) if v == number]
    if len(names) != len(values) or len(hits) != 1:
        return None
    found = []
    for line in _LISTED_LINE.finditer(text):
        have = [n for _, n in _items(line["names"])]
        printed = _items(line["values"], line.start("values"))
        if sorted(have) == sorted(names) and len(printed) == len(have) \
                and line["head"].strip().lower().endswith(m["head"].strip().lower()):
            found.append(printed[have.index(names[hits[0]])])
    return found[0] if len(found) == 1 else None
