"""Finding registered text again when the note rewords it, with no baseline to diff against.

A row or a sentence that claims.yaml registers may be reworded by the author ("for all the
sensitivities"); the claim is the same claim. It is found again as the one row cell or run
of sentences of the note most like the registered text (difflib's ratio at least
``SENTENCE``, and clearly above the next best), and a quoted number as the one printing of
the same value whose surrounding words are most like its snippet (at least ``QUOTE``).
Formulas are never found this way: an edited formula is judged as printed. Nor is a
rewording that changes what the sentence says: its words of comparison, direction, quantity
and quantification (MEANING: "below" for "above", "smallest" for "largest", "halves" for
"quarters", "when" for "only when", "raises ... lowers" for "lowers ... raises") must stay,
in their order, up to synonyms ("below" and "under", "all" and "every"): meaning_change.
"""
from __future__ import annotations

import difflib
import re
from collections import Counter
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from functools import lru_cache
from itertools import combinations, permutations
from typing import Callable, Iterator

from ..defaults import EXPONENT
from .numtext import (
    COMPOUNDS,
    FRACTION_PARTS,
    MANTISSA,
    NUMBER_SPAN,
    SPOKEN,
    TIMES_TEN,
    canonical,
    spoken,
    spoken_alternatives,
    value_of,
)
from .spelling import GOES_ON, MATH_SPAN, RELATION_IN_WORDS, alike, relations_said_plainly, skeleton, span_pattern
from .vocabulary import FUNCTION_WORDS, MEANING, REORDERED, WORD, WORD_OR_SPAN, stem, terms_alike, word_bag, word_dice

SENTENCE = 0.8      # how alike a reworded row or sentence must stay
LOOSE = 0.65        # how alike a registered sentence must stay for a quote inside it, its math unchanged
QUOTE = 0.7         # how alike a quote's words must stay around its number
MARGIN = 0.05       # how far ahead of the next best the best must be
RUN = 3             # sentences a registered statement may span

# a full stop ends a sentence before a space or the line's end, not inside a number ("0.633975")
_SENTENCES = re.compile(r"\S(?:[^.!?\n]|[.!?]+(?![\s.!?]|$))*(?:[.!?]+(?=\s|$)|(?=\n)|$)")




def senses(text: str) -> list[tuple[str, str]]:
    """The words of MEANING in ``text`` with their senses, in order; "all", "every", "each" and
    "any" are left out: said of a definite plural ("for all the sensitivities" for "for the
    sensitivities") they restate it, and swapped for "some" the "some" still counts. "Above
    zero" is "positive", "below zero" "negative" and "shrinks by half" "halves" (_PAIRS, words
    next to each other or joined by "than", "by" or "a"); "don't" is "do not"; "over" and "under"
    are "above" and "below" before a number ("under one"), a preposition elsewhere ("over time");
    "at most", "never exceeds" and "no more than" are "bounded by"; "unit of time" (time unit) is
    a scale of its own; "puts all its mass on" is "concentrates on"; "at first order in $x$" is
    "at order $x$"; "at all times" is "always" and "in general" "usually", wherever in the clause; "every other step" is a sense of its own, and so is a "constant map"; "need not" (and "not necessarily") is "not necessarily"; "as $\\tau$ grows"
    (increases, gets large, and "as $\\tau \\to \\infty$") is "at large $\\tau$", and "as h shrinks"
    (decreases, becomes small, "as $h \\to 0$") "at small h"; "at once" is "immediately"; "about"
    before an amount ("about proportional to h") is "roughly"; the article of a fraction in words ("one millionth") is no count, and nor is the pronoun ("One solves", "a narrow one cannot")."""
    text = _UNDER.sub(lambda m: "below" if m.group(1).lower() == "under" else "above", _NOT.sub(" not", text))
    text = _UNCHANGING.sub("fixed", _FAIL_TO.sub("not", text))
    text = _WHETHER_EXISTS.sub(r"\1is", _ONCE_AFTER.sub("after", text))
    text = _ONE_ANOTHER.sub("", _UNIT_FRACTION.sub("", text))   # "one millionth" is a number, not the sense "one"
    text = _ONE_AFTER_ADJECTIVE.sub(_adjective_one, _VERB_ONE.sub(r"\1", text if _PARTITIVE.search(text)
                                                                   else _PRONOUN_ONE.sub("", text)))
    text = _AT_LEAST.sub("atleast", _AT_MOST.sub("bounded", text))
    text = _TIME_UNIT.sub("timeunit", text)
    text = _FIRST_ORDER.sub("order ", text)
    text = _ALL_MASS.sub("concentrates", text)
    text = _GROWING.sub(r"at large \1", _SHRINKING.sub(r"at small \1", text))
    text = limits_in_words(text)
    text = _AT_ONCE.sub("immediately", text)
    text = _FROM_CENTRE.sub("outward", _TO_CENTRE.sub("inward", text))
    text = _EVERY_OTHER.sub("everyotherstep", _CONSTANT_MAP.sub("constantvalued", text))
    text = _USUALLY.sub("usually", _ALWAYS.sub("always", text))
    text = _ONE_D.sub("onedimensional", text)
    text = _ABOUT_AMOUNT.sub("roughly", text)
    text = _SLASH.sub(" divided ", text)   # "fast rate / slow rate" divides as "fast rate divided by slow rate"
    text = _REFERENCE.sub(r"\1", _BOTH_ALIKE.sub("", text))
    text = _OTHER_THAN.sub("not", _DEFINITE_MATRIX.sub(r"\1", text))
    out = [(sense, _SHOWN.get(m.group(0), m.group(0)), m.start(), m.end()) for m in WORD.finditer(text)
           if (sense := MEANING.get(m.group(0).lower(), "all")) != "all"]
    # a section or week a sentence refers to is what it says ("under the conventions of §3"; probe 94: b08)
    out = sorted(out + [(f"{m['part'] + ' ' if m['part'] else '§'}{m[2]}", m[0], m.start(), m.end())
                        for m in _SECTION_REF.finditer(text)], key=lambda o: o[2])
    for i in range(len(out) - 1, 0, -1):
        (a, w1, _, end), (b, w2, start, e2) = out[i - 1], out[i]
        if (a, b) in _PAIRS and _JOINS.fullmatch(text[end:start]):
            out[i - 1:i + 1] = [(_PAIRS[a, b], f"{w1} {w2}", out[i - 1][2], e2)]
    return [(s, w) for s, w, _, _ in out if s != "need"]   # "need" alone says nothing: "need not" does


def _adjective_one(m: re.Match) -> str:
    """"the uniform one" without its pronoun "one", when the words before it are no preposition
    or count ("a factor below one" keeps its number)."""
    return m[0] if any(w.lower() in FUNCTION_WORDS | _PREPOSITIONS or spoken(w) for w in m[1].split()[1:]) else m[1]


_PREPOSITIONS = frozenset("of at in on by for to from with without below above under over near than about into per "
                          "beyond within between".split())


# two senses that say one: "above zero" is "positive", "shrinks by half" is "halves", "never
# exceeds" (and "no more than") is "bounded by", "need not" (and "not necessarily") is "not
# necessarily": a necessity denied, not "never"
_PAIRS = {("exact", "one"): "unique", ("not", "up"): "at most", ("need", "not"): "not necessarily", ("not", "necessary"): "not necessarily", ("up", "zero"): "positive", ("down", "zero"): "negative", ("down", "half"): "half",
          ("down", "third"): "third", ("down", "quarter"): "quarter"}
_SLASH = re.compile(r"(?<=[a-z]) / (?=[a-z])")   # between words, not names: "EPUB / v43 print"
_JOINS = re.compile(r"\s*(?:(?:than|by|a)\s+)*")
_NOT = re.compile(r"n['\u2019]t\b")
# a thing frozen or unchanged is fixed: "the parameters are frozen" is "hold the parameters fixed"
_UNCHANGING = re.compile(r"\b(?:frozen|unchanged)\b", re.IGNORECASE)
_FIXED = re.compile(r"\b(?:frozen|unchanged|fixed)\b", re.IGNORECASE)
# a change denied of the subject itself, the clause ending there: "the order ... cannot change."
# (not "cannot change sign", "cannot change the order", "cannot change much")
_CANNOT_CHANGE = re.compile(r"\b(?:cannot|can\s+not|can['\u2019]t|can\s+never|can\s+no\s+longer"
                            r"|(?:do|does|did|will)\s+not|(?:do|does|did|wo)n['\u2019]t)\s+change"
                            r"(?=\s*(?:[,.;:!?]|$))", re.IGNORECASE)
# "neither A nor B (nor C)": its items, the last one running on into the rest of the clause
_NEITHER = re.compile(r"\bneither\s+(.+?)\s+nor\s+(.+?)(?=[,.;:!?]|$)", re.IGNORECASE)
_ITEM = r"[\w$\\{}-]+"


def _neither_nor(text: str, other: str) -> str:
    """``text`` with "neither A nor B" said as "A and B not" where ``other`` prints "A and B"
    (or "A or B", or a list "A, B or C" for "neither A nor B nor C") with one negation: "it
    changes neither the objective nor the parameters" says what "the objective and the
    parameters do not change" says (probe 78: h08; probe 81: h05, three items). Elsewhere neither
    and nor stay two negations: "changes the sampling rule, not the learned parameters" is
    another statement."""
    m = _NEITHER.search(text)
    if m is None or _negations(other) != 1:
        return text
    items = [m[1], *m[2].split(" nor ")]
    if any(not re.fullmatch(rf"(?:{_ITEM}\s+){{0,3}}{_ITEM}", item) for item in items[:-1]):
        return text
    last = items[-1].split()
    for k in range(min(len(last), 5), 0, -1):
        if last[k - 1].lower() in FUNCTION_WORDS | _ARTICLES:   # "the objective and the" is no item's end
            continue
        said = [*items[:-1], " ".join(last[:k])]
        for listed in _listings(said):
            if (where := re.search(rf"\b{re.escape(listed)}\b", other, re.IGNORECASE)) is None:
                continue
            # the negation next to the list, in its clause: "do not make A, B or C", "A and B do
            # not change"; not "either A or B do not" (not both), nor a negation of another clause
            head, tail = _NOT.sub(" not", other[:where.start()]), _NOT.sub(" not", other[where.end():])
            before, after = _NEGATION_BEFORE.search(head), _NEGATION_AFTER.match(tail)
            if (before is None) == (after is None) or _NOT_ALL.search(head):
                continue
            rest = " ".join(last[k:])
            said = f"not {listed}" if before else f"{listed} not"
            return text[:m.start()] + said + (f" {rest}" if rest else "") + text[m.end():]
    return text


def _cannot_change(text: str, other: str) -> str:
    """``text`` with a clause-ending "cannot change" (or "do not change") said "is fixed" where
    ``other`` says frozen, unchanged or fixed: "So the order along the line cannot change." says
    "... is frozen." (probe 81), "the objective and the parameters do not change" says "leaves the
    objective and the parameters unchanged" (probe 103: h14). Against another negation, or
    changing something ("cannot change sign"), it stays."""
    return _CANNOT_CHANGE.sub("is fixed", text) if _FIXED.search(other) else text


# "holds only under X" says "requires X" (probe 89: h08); said so only against "requires" or "needs"
_ONLY_UNDER = re.compile(r"\b(?:holds?|applies|apply|is\s+valid|are\s+valid|is\s+true|are\s+true)\s+only\s+"
                         r"(?:under|if|when|given|with)\b|\bonly\s+(?:holds?|applies|apply)\s+(?:under|if|when|given|with)\b",
                         re.IGNORECASE)
_REQUIRES = re.compile(r"\b(?:requires?|needs?)\b", re.IGNORECASE)


def _only_under(text: str, other: str) -> str:
    """``text`` with "holds only under" (or "is valid only if", "only holds when") said "requires"
    where ``other`` says "requires" or "needs" of the same condition, word for word to the end of
    its clause (a closing "holds" or "is given" aside), and ``text`` says neither: one necessary
    condition. Not "holds only when the relation is violated", nor "only with a family or scaling"
    for "requires a family and scaling" (reviewer helper-98)."""
    if not _REQUIRES.search(other) or _REQUIRES.search(text):
        return text
    wanted = {_condition(other, m.end()) for m in _REQUIRES.finditer(other)}
    return _ONLY_UNDER.sub(lambda m: "requires" if _condition(text, m.end()) in wanted else m.group(0), text)


_CONDITION_END = re.compile(r"[;,.:!?)]|\s[\u2013\u2014-]\s|$")
_SATISFIED = re.compile(r"\s+(?:holds?|is\s+given|are\s+given|is\s+satisfied|are\s+satisfied|is\s+met|are\s+met)$")


def _condition(text: str, at: int) -> tuple[str, ...]:
    """The words of the condition after ``at`` to the end of its clause, a closing "holds" aside."""
    end = _CONDITION_END.search(text, at)
    return tuple(w.lower() for w in re.findall(r"[\w$\\{}\u2013-]+", _SATISFIED.sub("", text[at:end.start()].rstrip())))


# "does not hold" says "fails", where the other text says "fails" of the same subject: one sense
_FAILS = re.compile(r"\b(?:fails?|failed|failing)\b", re.IGNORECASE)
_NOT_HOLD = re.compile(r"\b(?:does|do|did)\s+not\s+hold\b|\b(?:is|are)\s+not\s+valid\b|\bbreaks?\s+down\b",
                       re.IGNORECASE)


def _does_not_hold(text: str, other: str) -> str:
    """``text`` with "does not hold" (or "is not valid", "breaks down") said "fails" where
    ``other`` says "fails" after the same words: "The bound fails for anisotropic noise" reworded
    keeps its sense; "The bound's failure does not hold" is another statement."""
    subjects = {_before(other, m.start()) for m in _FAILS.finditer(other)}
    return _NOT_HOLD.sub(lambda m: "fails" if _before(text, m.start()) in subjects else m.group(0), text)


def _before(text: str, at: int) -> tuple[str, ...]:
    """The words of the clause before ``at`` (its subject), in lower case."""
    start = max(text.rfind(c, 0, at) for c in ";:.,") + 1
    return tuple(w.lower() for w in re.findall(r"[\w$\\{}'\u2019-]+", text[start:at]))


# a negation right before a list (its verb between) or right after it (its auxiliary before)
_NEGATION_BEFORE = re.compile(r"\b(?:not|never|cannot)\s+(?:[A-Za-z]+\s+)?$", re.IGNORECASE)
_NEGATION_AFTER = re.compile(r"\s+(?:(?:do|does|did|are|is|can|will)\s+)?(?:not|never)\b", re.IGNORECASE)
_NOT_ALL = re.compile(r"\b(?:either|both|all\s+of|all)\s+(?:[A-Za-z]+\s+)?$", re.IGNORECASE)


def _listings(items: list[str]) -> list[str]:
    """The ways a list of ``items`` is printed: "A and B", "A or B"; "A, B and C", "A, B, or C"."""
    if len(items) == 2:
        return [f"{items[0]} {joint} {items[1]}" for joint in ("and", "or")]
    head = ", ".join(items[:-1])
    return [f"{head}{comma} {joint} {items[-1]}" for joint in ("and", "or") for comma in ("", ",")]


_NOT_WORDS = re.compile(r"\b(?:not|no|never|cannot|neither|nor)\b", re.IGNORECASE)


def _negations(text: str) -> int:
    """How many negations ``text`` prints ("don't" is one)."""
    return len(_NOT_WORDS.findall(_NOT.sub(" not", text)))


_AT_MOST = re.compile(r"\bat\s+most\b|\bor\s+(?:less|fewer|below|lower|smaller)\b", re.IGNORECASE)
# a bound from below that holds at the bound: "1 or more" is not "above 1"
_AT_LEAST = re.compile(r"\bat\s+least\b|\bor\s+(?:more|greater|larger|above|higher|bigger)\b"
                       r"|\bno\s+(?:less|fewer|smaller)\s+than\b", re.IGNORECASE)
_TIME_UNIT = re.compile(r"\bunits?\s+(?:of\s+)?time\b|\btime\s+units?\b", re.IGNORECASE)   # a scale, not a step
_SHOWN = {"atleast": "at least", "timeunit": "unit of time", "onedimensional": "one-dimensional", "constantvalued": "constant",
          "everyotherstep": "every other step"}
_UNIT_FRACTION = re.compile(r"\b(?:a|one)\s+(?=(?:" + "|".join(FRACTION_PARTS) + r")\b)", re.IGNORECASE)
# the pronoun "one" is no count: a sentence that opens "One solves the adjoint backward" (probe 81:
# h14), before a verb of someone working; "Of the two roots, one lies inside" counts (reviewer helper-90)
_PRONOUN_ONE = re.compile(r"\bone\s+(?=(?:should|must|may|might|would|could)\s+(?!be\b|do\b|suffice|work|have\s+been)"
                          r"|(?:has|needs)\s+to\b|needs\s+(?:the|a|an)\b|gets\b|obtains\b)"   # "one should measure", "one has to" (probe 92: h03);
                          # "one needs the gradient" (probe 106: h11); "one would do" counts
                          r"|(?<=\b[Ee]ach\s)one\s+(?=[a-z])"   # "each one is" is "each is" (probe 99: h01)
                          r"|(?:^|(?<=[.;:!?]\s))One\s+(?=(?:can(?:not)?|could|may|might|must|should|would|has|needs"
                          r"|solves|finds|gets|obtains|sees|computes|checks|writes|uses|takes|integrates"
                          r"|recovers|reads|notes|runs)\b)")
# a section ("§3", "Section 3") or a course week, chapter or unit ("Week 1"; reviewer helper-109: b01-b03)
_SECTION_REF = re.compile(r"(?:§\s*|\b[Ss]ection\s+|\b(?P<part>Week|Chapter|Unit)\s+(?=\d+\b(?!\.\d)))(\d+(?:\.\d+)*)")
# "fail to transfer" is "do not transfer"; "can fail to settle" is a possibility (reviewer helper-105: h17)
_FAIL_TO = re.compile(r"\b(?<!\bcan\s)(?<!\bmay\s)(?<!\bmight\s)(?<!\bcould\s)(?<!\balso\s)(?<!\beven\s)"
                      r"(?<!\bsometimes\s)(?<!\bstill\s)fail(?:s|ed)?\s+to\b")   # "can also fail to": a possibility
# "of the two paths, one would be kept" counts: one of them (reviewer helper-105: b14)
# "spirals away from the centre" is "spirals outward", "in toward the origin" "inward" (probe 107: h04)
_FROM_CENTRE = re.compile(r"\baway\s+from\s+the\s+(?:centre|center|origin)\b", re.IGNORECASE)
_TO_CENTRE = re.compile(r"\b(?:in\s+)?towards?\s+the\s+(?:centre|center|origin)\b", re.IGNORECASE)
# "the hypotheses stated above", "the map defined below": where in the page, not a comparison
_REFERENCE = re.compile(r"\b(stated|given|shown|defined|listed|derived|written|described|mentioned|discussed|computed"
                        r"|introduced|noted|displayed|printed)\s+(?:above|below)\b", re.IGNORECASE)
# "both states receive the same inputs" (for "identical inputs"): a relation of two things holds of
# both by its sense, so "both" adds no count there (not "both A and B", two named things)
_BOTH_ALIKE = re.compile(r"\bboth\b(?=\s+(?:(?!and\b|or\b)[\w-]+\s+){1,4}(?:the\s+same|identical|equal|alike)\b)",
                         re.IGNORECASE)
# "for theta other than 1" is "for theta not 1" (probe 113: h09)
_OTHER_THAN = re.compile(r"\bother\s+than\b", re.IGNORECASE)
# a "positive Hessian" is a positive-definite one: of a matrix, "positive" says "definite" (probe 113: h07)
_DEFINITE_MATRIX = re.compile(r"\b(positive|negative)[- ]definite(?=\s+(?:symmetric\s+)?(?:Hessians?|matri(?:x|ces)"
                              r"|covariances?)\b)", re.IGNORECASE)
# "from one index to another", "one another": a pairing, no count (probe 105: h13)
_ONE_ANOTHER = re.compile(r"\b(?<=from\s)one(?=\s+(?:[a-z-]+\s+)?to\s+another\b)|\bone(?=\s+another\b)", re.IGNORECASE)
_PARTITIVE = re.compile(r"\b[Oo]f\s+(?:the|these|those)\s+(?:[a-z-]+\s+)?(?:two|three|four|five|several|many|\d+)\b")
# "Once" opening a clause is "after" ("Once training is finished, keep ..." for "After training,
# keep ...", probe 92: h09), and so is "once" before a clause ("hold them fixed once training is
# over"), not a count: "applied once", "once per step", "once during training" count
_ONCE_AFTER = re.compile(r"(?:^|(?<=[.;:!?,]\s))[Oo]nce(?=\s+(?!(?:more|again|per|every|each|in|and|or|during|at|for|a|an)\b)[A-Za-z])"
                         r"|\bonce(?=\s+(?:the\s+|a\s+|an\s+)?[\w-]+\s+(?:is|are|has|have|was|were)\b)")
# "whether a solution exists" asks; it says of no "some" (probe 92: h12, for "having a solution"),
# nor does "for when a temperature exists" (reviewer helper-105: h08, h09)
_WHETHER_EXISTS = re.compile(r"\b((?:whether|if|when)\s+(?:[\w$\\{}-]+\s+){1,6}?)exists?\b", re.IGNORECASE)
# and "one" after an article and its adjectives, at a clause's end or before its verb: "tends to
# the uniform one" (probe 83: h09), "a narrow one cannot reverse"; not "a factor below one", "a
# distance of one" (a preposition between)
_ONE_AFTER_ADJECTIVE = re.compile(r"\b((?:the|a|an)\s+(?:[a-z-]+\s+){1,2})one\b"
                                  r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:can(?:not)?|could|may|might|must|should|would|is|has)\b)",
                                  re.IGNORECASE)
# and "one" standing for a thing named before, after a verb of having or finding: "Reaching a
# solution ... and having one are two questions" (probe 84: h12); "having one fixed point" counts
_VERB_ONE = re.compile(r"\b((?:have|having|has|had|find|finding|finds|found|get|getting|gets|need|needs|needing)\s+)one\b"
                       r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:are|is)\b)", re.IGNORECASE)   # not "has one or two"
# "at first order in $\\eta h$" is "at order $\\eta h$": the order of a small quantity is its first power
_FIRST_ORDER = re.compile(r"\bfirst[- ]order\s+(?:in\s+)?", re.IGNORECASE)
_ALL_MASS = re.compile(r"\b(?:puts|places|put|place)\s+all\s+(?:its|the|of\s+its)\s+(?:probability\s+)?mass\b",
                       re.IGNORECASE)   # "puts all its mass on" a token "concentrates on" it
# a limit said of one quantity: "as $\tau$ grows" is "at large $\tau$", "as h becomes small" "at small h"
_QUANTITY = r"(\$[^$]{1,40}\$|[A-Za-z]\w*)"
_GROWING = re.compile(rf"\b(?:as|when)\s+{_QUANTITY}\s+(?:(?:grows|becomes|gets|is)\s+large|grows|increases)\b",
                      re.IGNORECASE)   # "as tau grows large" too
_SHRINKING = re.compile(rf"\b(?:as|when)\s+{_QUANTITY}\s+(?:(?:becomes|gets|is)\s+small|shrinks|decreases)\b",
                        re.IGNORECASE)
# "as $\tau \to \infty$" is "at large $\tau$"; "as $h \to 0$" (or 0^{+}) "at small $h$"
_TENDS = re.compile(r"\b(?:as|when)\s+\$\s*((?:\\[A-Za-z]+|[A-Za-z])(?:_\{?\w+\}?)?)\s*\\to\s*"
                    r"(\\infty|\+\s*\\infty|0(?:\^\{?\+\}?)?)\s*\$", re.IGNORECASE)
_MOVABLE = frozenset(("always", "usually"))   # senses an adverb carries, wherever the clause puts it


def _without(said: list[str], left_out: frozenset[str]) -> list[str]:
    return [x for x in said if x not in left_out]


def _movable_kept(old: str, new: str) -> bool:
    """Whether each adverb of frequency stays in its clause: each clause of either sentence that
    holds one is most like a clause of the other that holds one too ("The exact answer decays
    smoothly at all times" for "... always decays smoothly"); "which always shrinks the mode"
    made "always divides ..., which shrinks the mode" moves it to another claim."""
    def clauses(text: str) -> list[tuple[str, bool]]:
        text = _USUALLY.sub("usually", _ALWAYS.sub("always", text))
        return [(c, any(MEANING.get(w.lower()) in _MOVABLE for w in WORD.findall(c)))
                for c in _CLAUSE_SPLIT.split(text) if c.strip()]

    def kept(these: list[tuple[str, bool]], those: list[tuple[str, bool]]) -> bool:
        return all(max(those, key=lambda o: word_dice(c, o[0]))[1] for c, holds in these if holds)
    a, b = clauses(old), clauses(new)
    return not a or not b or kept(a, b) and kept(b, a)


def _movable_moved(old: str, new: str) -> tuple[str, str] | None:
    """An adverb of frequency moved to another clause (``_movable_kept``), as the clauses that
    hold it: ("such an architecture is generally a driven sequence of maps", "an enlarged state
    must generally include everything")."""
    if _movable_kept(old, new):
        return None
    holds = lambda text: next((c.strip() for c in _CLAUSE_SPLIT.split(text)
                               if any(s in _MOVABLE for s, _ in senses(c))), "")
    return holds(old), holds(new)


_CLAUSE_SPLIT = re.compile(r"[,;:]\s*|\s+(?=(?:so|which|while|whereas|but|because|since|and)\s)", re.IGNORECASE)


_USUALLY = re.compile(r"\b(?:in\s+general|as\s+a\s+rule|in\s+most\s+cases)\b", re.IGNORECASE)
# ("for every step": "which always shrinks the mode" is "which shrinks the mode for every step",
# probe 84: h15; "for every positive step" keeps its restriction; "for any step", which a negation
# turns, and "every step size", another quantifier, are no "always": reviewer helper-93)
_ALWAYS = re.compile(r"\b(?:at\s+all\s+times|in\s+(?:every|all)\s+cases?|without\s+exception|(?:at\s+)?(?:every|each)\s+time"
                     r"|for\s+(?:every|each)\s+step|for\s+all\s+steps)\b(?!\s+sizes?\b)", re.IGNORECASE)
# a guarantee is a sufficient condition where the other sentence speaks of conditions; elsewhere
# "ensures" is a verb like "keeps" ("the mask is what ensures the training task is the same")
_ENSURE = re.compile(r"\b(?:ensures?|ensured|guarantees?|guaranteed)\b", re.IGNORECASE)
_CONDITION_WORDS = re.compile(r"\b(?:requires?|required|needs?|needed|necessar\w*|suffic\w*|only\s+if|ensur\w*|guarant\w*)\b",
                              re.IGNORECASE)
# "every other step": half the steps ("every other input" is all the rest: no sense of its own)
_EVERY_OTHER = re.compile(r"\bevery\s+other\s+(?:steps?|updates?|iterations?|rounds?|layers?|times?)\b", re.IGNORECASE)
# a constant map is one value everywhere, no "fixed map" (one rule at every step); a constant
# energy, a parameter held constant, a product that is constant: "fixed" (the sense of "constant")
_CONSTANT_MAP = re.compile(r"\bconstant(?=\s+(?:maps?|functions?|mappings?|layers?|rules?|sequences?|solutions?)\b)",
                           re.IGNORECASE)
_AT_ONCE = re.compile(r"\bat\s+once\b", re.IGNORECASE)   # "immediately": no count
# "one-dimensional" flows are flows "on a line": one sense, no count
_ONE_D = re.compile(r"\bone[- ]dimensional\b|\bon\s+(?:a|the)\s+(?:real\s+)?line\b", re.IGNORECASE)
_NUMBER_WORDS = "zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|hundred|thousand|half"
_UNDER = re.compile(rf"\b(over|under)(?=\s+(?:[\d$.]|(?:{_NUMBER_WORDS})\b))", re.IGNORECASE)
# "about" before an amount in words ("about proportional to h", "about half") is "roughly"; before
# a number it marks a rounding, which the number's quote judges ("about 7,500"); a preposition elsewhere
_ABOUT_AMOUNT = re.compile(rf"\babout(?=\s+(?:proportional|equal|half|twice|{_NUMBER_WORDS})\b)", re.IGNORECASE)
# and "roughly" (approximately, around) before a printed number is that "about" where the other
# text says "about" before the same number: "Roughly 1,001 forward solves" (probe 83: h15)
_ROUGHLY_NUMBER = re.compile(r"\b(?:roughly|approximately|around)(?=\s+(\$?\s*[-\u2212]?\d[\d,.]*))", re.IGNORECASE)


def _roughly_as_about(text: str, other: str) -> str:
    """``text`` with "roughly" before a number written "about" where ``other`` prints "about"
    before it: one hedge. Dropped, or another word for it ("Precisely"), the sense changes."""
    return _ROUGHLY_NUMBER.sub(lambda m: "about" if re.search(rf"\babout\s+{re.escape(m[1])}", other, re.IGNORECASE)
                               else m[0], text)


def unicode_as_spans(text: str, other: str) -> str:
    """``text`` with a plain-text formula printed in Unicode written as the ``$...$`` span of
    ``other`` it prints ("Hold the parameter β > 0 fixed" against "Hold the parameter $\\beta
    >0$ fixed": one span, in two notations; probe 122: h06). Only a run with a symbol or an
    operator in it: a word is no span ("a" is not ``$a$``); a Greek letter may be printed by name
    ("beta > 0", as the note's plain text reads "β > 0": formula.respelled)."""
    spans = {m.group(0): m.group(1) or m.group(2) for m in MATH_SPAN.finditer(other)}
    if not spans:
        return text
    for printed, inner in spans.items():
        if printed in text:
            continue
        # the whole plain formula: not "β > 0 - 2", "β > 0.5" or "−β > 0" (reviewer helper-139: H2)
        pattern = re.compile(rf"(?<![\w$\\]){_NOT_AFTER_AN_OPERATOR}{span_pattern(inner)}(?![\w$]){_NOT_GOING_ON}")
        out, last = [], 0
        for m in MATH_SPAN.finditer(text):
            out += [_as_span(pattern, text[last:m.start()], printed), m.group(0)]
            last = m.end()
        text = "".join(out + [_as_span(pattern, text[last:], printed)])
    return text


_NOT_AFTER_AN_OPERATOR = r"(?<![-+*/^=<>.\u2212\u00d7\u00b7(|])(?<![-+*/^=<>\u2212\u00d7\u00b7]\s)"
_NOT_GOING_ON = f"(?!{GOES_ON})"


def _as_span(pattern: re.Pattern, plain: str, printed: str) -> str:
    return pattern.sub(lambda m: m[0] if _BARE_WORD.fullmatch(m[0]) else printed, plain)


_BARE_WORD = re.compile(r"[A-Za-z]+")


def relations_in_words(text: str) -> str:
    """``text`` with a relation between a plain-text name and a number said in words: "while
    ah < 2" is "while ah is below 2" (probe 121: h08); "ah <= 2" is "ah is at most 2". Both
    sides of a comparison are read so, and each relation keeps its own word: "<" and ">" stay
    apart ("below", "above"), as the senses compare them."""
    if not _PLAIN_RELATION.search(text):
        return text
    out, last = [], 0
    for m in MATH_SPAN.finditer(text):   # inside $...$ a relation is the formula's (spans compare by meaning)
        out += [_PLAIN_RELATION.sub(_in_words, text[last:m.start()]), m.group(0)]
        last = m.end()
    return "".join(out + [_PLAIN_RELATION.sub(_in_words, text[last:])])


def _in_words(m: re.Match) -> str:
    # against 0 a relation is a sign, each its own word ("h > 0": "h is positive"; "h >= 0" is
    # not "h > 0": reviewer helper-143, H2)
    if float(m[3]) == 0:
        return f"{m[1]} is {_SIGN_WORD[m[2]]}"
    return f"{m[1]} {_RELATION_WORD[m[2]]} {m[3]}"


_SIGN_WORD = {">": "positive", "<": "negative", ">=": "nonnegative", "≥": "nonnegative", "<=": "nonpositive",
              "≤": "nonpositive"}


_GREEK_NAME = "alpha|beta|gamma|delta|epsilon|eta|theta|lambda|mu|sigma|tau|omega"
_RELATION_WORD = {r: f"is {w}" for r, w in RELATION_IN_WORDS.items()}
# outside $...$: a name (letters, no digits first) or |name|, a relation, a number
_PLAIN_RELATION = re.compile(rf"(?<![$\\\w])(\|?(?:{_GREEK_NAME}|[A-Za-z]{{1,3}}|[\u03b1-\u03c9])\|?)\s*(<=|>=|[<>≤≥])\s*"
                             r"(\d+(?:\.\d+)?)(?![\d$])")


def limits_in_words(text: str) -> str:
    """``text`` with "as $\\tau \\to \\infty$" written "at large $\\tau$" and "as $h \\to 0$" (or
    ``0^{+}``) "at small $h$": one statement, in words or as a limit; in the prose, "as h tends to
    0" is "as h becomes small" (probe 127: h12)."""
    text = _TENDS_IN_WORDS.sub(lambda m: f"{m[1]} becomes small", text)
    return _TENDS.sub(lambda m: f"at {'small' if m.group(2).startswith('0') else 'large'} ${m.group(1)}$", text)


_TENDS_IN_WORDS = re.compile(r"\b((?:as|when)\s+[A-Za-z]{1,2})\s+(?:tends|goes|shrinks|falls)\s+to\s+(0|zero)"
                             r"(?!\d|\.\d|\s*(?:[-+*/^,×·]|times\b|plus\b|minus\b|over\b))", re.IGNORECASE)


# what a limit is taken in: "as h becomes small" (limits_in_words writes "as h tends to 0" so),
# "as the number of steps grows", "at small $h$" (so written from "as $h\to 0$")
_LIMIT_OF = re.compile(r"\b(?:as|when)\s+([^,.;:()]{1,40}?)\s+(?:becomes?|grows?|gets?|goes|go|tends?|shrinks?|falls?"
                       r"|increases?|decreases?|(?:is|are)\s+(?:made\s+)?(?:small|large))\b"
                       r"|\bat\s+(?:small|large)\s+(\$[^$]+\$|[A-Za-z]\b)", re.IGNORECASE)
_SYMBOL_IN = re.compile(r"\$([^$]+)\$|(?<![\w\\])([A-Za-z])(?![\w])")
_NOT_NAMING = frozenset(("the", "a", "an", "of", "its", "step", "size", "parameter", "variable"))
# words that make another quantity of a symbol: "the reciprocal of h" is not h (reviewer helper-148)
_OF_SYMBOL = frozenset(("reciprocal", "inverse", "square", "number", "count", "log", "logarithm", "root", "power",
                        "product", "ratio", "sum", "difference"))


def _limit_variables(text: str) -> list[frozenset[str]]:
    """What each limit of ``text`` is taken in: its symbols ("$h$", "h", "the step $h$": {h}),
    else its naming words ("the number of steps": {number, steps})."""
    out = []
    for m in _LIMIT_OF.finditer(text):
        subject = m[1] or m[2]
        symbols = {re.sub(r"[\s{}\\]", "", a or b) for a, b in _SYMBOL_IN.findall(subject)}
        words = {w.lower() for w in re.findall(r"[A-Za-z]{2,}", subject)} - _NOT_NAMING
        out.append(frozenset(symbols | (words & _OF_SYMBOL) if symbols else words))
    return out


def limit_variable_changed(old: str, new: str) -> tuple[str, str] | None:
    """The variable of a limit changed by a rewording ("as h becomes small" reworded "as the
    number of steps becomes small", probe 128: b10; "the $K\to 0$ limit" is a formula's business):
    the two variables, or None when each limit is taken in what it was, however written
    ("as $h\to 0$", "as h tends to 0", "at small $h$", "as the step h becomes small")."""
    a, b = _limit_variables(old), _limit_variables(new)
    if len(a) != len(b) or a == b:
        return None
    for x, y in zip(a, b):
        if x and y and x != y:   # "the step size" names no symbol: read as words elsewhere
            return " ".join(sorted(x)), " ".join(sorted(y))
    return None


# a word that makes another quantity of the noun after it ("the number of steps", "the number of
# solver steps": no step), or of the noun before it ("the step count", "the step-count", "the
# steps' count", "the step squared", "the step's square"), or a word before the noun ("the inverse
# step", "the squared step"), or a question of how many ("how many steps")
_QUANTITY_OF = re.compile(r"\b(number|count|reciprocal|inverse|square|log|logarithm|root)s?\s+of\s+"
                          r"(?:the\s+|a\s+|an\s+|its\s+|their\s+)?((?:[A-Za-z]+\s+){0,2}[A-Za-z]{3,})\b", re.IGNORECASE)
_QUANTITY_AFTER = re.compile(r"\b([A-Za-z]{3,})(?:'s?)?(?:\s+|-)(count|number|squared|cubed|square|frequency)\b",
                             re.IGNORECASE)
_QUANTITY_BEFORE = re.compile(r"\b(inverse|reciprocal|squared|how\s+many)\s+([A-Za-z]{3,})", re.IGNORECASE)
_COUNTED = re.compile(r"\b(?:number|count)s?\s+of\b|\bhow\s+many\b|\b[A-Za-z]+(?:'s?)?(?:\s+|-)(?:count|number)\b"
                      r"|\bcount(?:ing|ed)\b", re.IGNORECASE)
_COUNT_WORDS = ("number", "count", "how many")
_QUANTITY_DETERMINERS = frozenset(("the", "its", "their", "this", "that", "each", "any", "every", "some", "total", "same",
                                   "whose"))


def quantity_of_changed(old: str, new: str) -> tuple[str, str] | None:
    """A noun made another quantity by a rewording ("Halving the step" reworded "Halving the
    number of steps", probe 138: b09; "the step count", "the step squared", "the inverse step",
    "how many steps"): (the noun, the new words), or None. A count said otherwise ("the number
    of steps" and "the step count", "how many steps", "counting steps") is the same quantity; a
    quantity dropped is left to the sentence's other rules (a count is said in too many ways to
    read its absence)."""
    for m in _QUANTITY_AFTER.finditer(new):
        noun, word = m[1].lower(), m[2].lower()
        if _quantity_gained(old, new, noun, word, rf"\b[A-Za-z]{{3,}}(?:'s?)?(?:\s+|-){word}\b"):
            return noun.removesuffix("s"), m[0]
    for m in [*_QUANTITY_OF.finditer(new), *_QUANTITY_BEFORE.finditer(new)]:
        word = " ".join(m[1].lower().split())
        # the noun: the first of the words after it that the old text names ("time steps": steps)
        for noun in (w for w in m[2].lower().split() if len(w) >= 3):
            if _quantity_gained(old, new, noun, word, rf"\b{word}s?\s+of\b|\b{word}\s+[A-Za-z]{{3,}}"):
                return noun.removesuffix("s"), m[0][:m.start(2) - m.start(0) + m[2].lower().index(noun) + len(noun)]
    return None


def _quantity_gained(old: str, new: str, noun: str, word: str, said: str) -> bool:
    """Whether ``new`` says ``word`` of ``noun`` more often than ``old`` does, where ``old`` names
    the noun; a count is one quantity however it is said."""
    stem = noun.removesuffix("s")
    if stem in _QUANTITY_DETERMINERS or not re.search(rf"\b{stem}s?\b", old, re.IGNORECASE):
        return False
    pattern = _COUNTED if word in _COUNT_WORDS else re.compile(said, re.IGNORECASE)
    return len(pattern.findall(new)) > len(pattern.findall(old))


def limit_said_at(text: str, at: int) -> bool:
    """Whether the 0 at ``at`` is the end of a limit in words ("as h tends to 0": "as h becomes
    small", limits_in_words reads it so), not a number of its own."""
    return any(m.start(2) == at for m in _TENDS_IN_WORDS.finditer(text, max(0, at - 40), at + 40))


# a sign in words or in symbols: "positive decoding temperature $\tau$" is "a decoding temperature
# $\tau > 0$"; the word's relation to zero, the symbol one letter or command with a subscript
_SYMBOL = r"(?:\\[A-Za-z]+|[A-Za-z])(?:_\{?\w+\}?)?"
_SIGN_WORDS = {"positive": ">", "negative": "<", "nonnegative": r"\ge", "non-negative": r"\ge",
               "nonpositive": r"\le", "non-positive": r"\le"}
_SIGN_SAID = re.compile(r"\b(?:strictly\s+)?(" + "|".join(_SIGN_WORDS) + r")\s+((?:[A-Za-z-]+\s+){0,3})\$\s*(" + _SYMBOL + r")\s*\$",
                        re.IGNORECASE)
# the end of a clause, a comma only where no qualification follows it ("positive, or zero,", "exceeds
# one, in absolute value": reviewer helper-98)
_CLAUSE_ENDS_HERE = (r"(?=\s*(?:[.;:!?)]|$)|\s*,(?!\s*(?:or|and|nor|but|in|up|at|as|except|possibly|perhaps|nearly"
                     r"|roughly|approximately|almost|not|if|unless|when)\b)")
# and after it: "Let the curvature $h$ be positive" is "Let the curvature be $h > 0$" (probe 80: h06)
# (the symbol the clause's subject, no preposition before it; the sign word ending the clause:
# not "$h$ be positive or zero", "the factor at $h$ is positive", reviewer helper-90)
_SIGN_AFTER = re.compile(r"(?<!\bat\s)(?<!\bof\s)(?<!\bfor\s)(?<!\bin\s)(?<!\bto\s)(?<!\bon\s)(?<!\bby\s)"
                         r"\$\s*(" + _SYMBOL + r")\s*\$\s+(is|be|are|stays|remains)\s+(?:strictly\s+)?(" + "|".join(_SIGN_WORDS) + r")\b"
                         + _CLAUSE_ENDS_HERE + r"|\s+and\s+(?!zero\b|vanish))", re.IGNORECASE)
_RELATION = r"(>|<|\\geq?|\\leq?|\\geqslant|\\leqslant|≥|≤)"   # one of _RELATION_OF's symbols
SIGN_SPAN = re.compile(r"\$\s*(" + _SYMBOL + r")\s*" + _RELATION + r"\s*(0)\s*\$")
# a symbol compared with a number, in symbols ("$\beta >1$") or in words after it ("$\beta$ exceeds
# one", probe 89: h04); the number ends its phrase (not "$h$ is below 2 divided by the rate", nor
# "below 1 in size", which is of the absolute value)
RELATION_SPAN = re.compile(r"\$\s*(" + _SYMBOL + r")\s*" + _RELATION + r"\s*([-\u2212]?\d+(?:\.\d+)?)\s*\$")
_COMPARED_WORDS = {"exceeds": ">", "exceed": ">", "is greater than": ">", "is larger than": ">", "is bigger than": ">",
                   "is above": ">", "stays above": ">", "is less than": "<", "is smaller than": "<", "is below": "<",
                   "stays below": "<", "falls below": "<", "is at least": r"\ge", "is no less than": r"\ge",
                   "is at most": r"\le", "is no more than": r"\le", "is no greater than": r"\le"}
_SMALL_NUMBERS = "zero|one|two|three|four|five|six|seven|eight|nine|ten"
# (the symbol the clause's subject, after a conjunction or a clause's start: not "the inverse of
# $\beta$", "one minus $\beta$", "the rate times $h$"; the number ends the clause: not "exceeds one
# and a half", "exceeds one or more": reviewer helper-98)
_COMPARED_AFTER = re.compile(r"(\b(?:when|whenever|if|while|once|until|unless|where|whereas|and|that|so|since|because|as"
                             r"|even|let|Let)\s+|(?:^|(?<=[,;:(]))\s*)"
                             r"\$\s*(" + _SYMBOL + r")\s*\$\s+("
                             + "|".join(w.replace(" ", r"\s+") for w in sorted(_COMPARED_WORDS, key=len, reverse=True))
                             + r")\s+(\$\s*[-\u2212]?\d+(?:\.\d+)?\s*\$|[-\u2212]?\d+(?:\.\d+)?(?![\d,/^]|\.\d)|(?:"
                             + _SMALL_NUMBERS + r")\b)" + _CLAUSE_ENDS_HERE
                             + r"|\s+(?:so|while|whereas|then|which)\b)", re.IGNORECASE)
_RELATION_OF = {">": ">", "<": "<", r"\geq": r"\ge", r"\ge": r"\ge", r"\geqslant": r"\ge", "≥": r"\ge",
                r"\leq": r"\le", r"\le": r"\le", r"\leqslant": r"\le", "≤": r"\le"}


# a symbol strictly between two numbers, in symbols ("$0<\\beta <1$") or in words ("$\\beta$ strictly
# between $0$ and $1$", probe 97: h04; a bare "between" may hold its ends: left in words)
_NUMBER_SAID = r"(\$\s*[-\u2212]?\d+(?:\.\d+)?\s*\$|[-\u2212]?\d+(?:\.\d+)?(?![\d,/^]|\.\d)|(?:" + _SMALL_NUMBERS + r")\b)"
CHAIN_SPAN = re.compile(r"\$\s*([-\u2212]?\d+(?:\.\d+)?)\s*<\s*(" + _SYMBOL + r")\s*<\s*([-\u2212]?\d+(?:\.\d+)?)\s*\$")
_BETWEEN_SAID = re.compile(r"\$\s*(" + _SYMBOL + r")\s*\$\s+(?:(?:lies|is|be|are|stays|remains)\s+)?strictly\s+between\s+"
                           + _NUMBER_SAID + r"\s+and\s+" + _NUMBER_SAID, re.IGNORECASE)


def _relations(other: str) -> dict[tuple[str, str, object], str]:
    """Each relation of a symbol to a number that ``other`` prints in symbols ($\\tau > 0$,
    $\\beta >1$): (symbol, relation, value) -> the number as printed."""
    return {(m.group(1).replace(" ", ""), _RELATION_OF[m.group(2)], value_of(m.group(3).replace("\u2212", "-"))): m.group(3)
            for m in RELATION_SPAN.finditer(other)}


def _said_in_words(text: str, other: str) -> list[tuple[int, int, str]]:
    """(start, end, the same in symbols) of each sign or comparison ``text`` says in words that
    ``other`` prints in symbols on the same symbol ("positive decoding temperature $\\tau$": "decoding
    temperature $\\tau > 0$"; "$h$ be positive": "be $h > 0$"; "$\\beta$ exceeds one": "$\\beta > 1$"),
    in order; a sign or number ``other`` states otherwise is left in words (a changed sense)."""
    said = _relations(other)
    chains = {(m[2].replace(" ", ""), value_of(m[1].replace("\u2212", "-")), value_of(m[3].replace("\u2212", "-"))):
              (m[1], m[3]) for m in CHAIN_SPAN.finditer(other)}
    if not said and not chains:
        return []
    edits = []
    for m in _BETWEEN_SAID.finditer(text) if chains else ():
        symbol, low, high = m[1].replace(" ", ""), *(value_of(n.strip("$ ").replace("\u2212", "-")) for n in m.groups()[1:])
        if (key := (symbol, low, high)) in chains:
            edits.append((m.start(), m.end(), f"${chains[key][0]}<{symbol}<{chains[key][1]}$"))
    for m in _SIGN_SAID.finditer(text):
        symbol, sign = m.group(3).replace(" ", ""), _SIGN_WORDS[m.group(1).lower()]
        if (symbol, sign, 0) in said:
            edits.append((m.start(), m.end(), f"{m.group(2)}${symbol} {sign} 0$"))
    for m in _SIGN_AFTER.finditer(text):
        symbol, sign = m.group(1).replace(" ", ""), _SIGN_WORDS[m.group(3).lower()]
        if (symbol, sign, 0) in said:
            edits.append((m.start(), m.end(), f"{m.group(2)} ${symbol} {sign} 0$"))
    for m in _COMPARED_AFTER.finditer(text):
        symbol, relation = m.group(2).replace(" ", ""), _COMPARED_WORDS[" ".join(m.group(3).lower().split())]
        number = value_of(m.group(4).strip("$ ").replace("\u2212", "-"))
        if (key := (symbol, relation, number)) in said:
            edits.append((m.end(1), m.end(), f"${symbol} {relation} {said[key]}$"))
    edits.sort()
    return [e for i, e in enumerate(edits) if i == 0 or edits[i - 1][1] <= e[0]]


def signs_as_spans(text: str, other: str) -> str:
    """``text`` with each sign or comparison said in words written as ``other`` writes it in
    symbols (_said_in_words): one statement, in words or in symbols."""
    out, last = [], 0
    for a, b, put in _said_in_words(text, other):
        out += [text[last:a], put]
        last = b
    return "".join(out) + text[last:] if out else text


def sign_after_symbol(text: str, formula: str) -> list[tuple[int, int, str]]:
    """(start, end, verb) of each place ``text`` says the sign relation ``formula`` (``h>0``) in
    words after its symbol: "$h$ be positive" (_SIGN_AFTER)."""
    said = SIGN_SPAN.fullmatch(f"${formula.strip()}$")
    if said is None:
        return []
    symbol, relation = said.group(1).replace(" ", ""), _RELATION_OF[said.group(2)]
    return [(m.start(), m.end(), m.group(2)) for m in _SIGN_AFTER.finditer(text)
            if m.group(1).replace(" ", "") == symbol and _SIGN_WORDS[m.group(3).lower()] == relation]


def signs_in_words_at(text: str, snippet: str) -> list[tuple[int, int]]:
    """(start, end) of each place ``text`` prints ``snippet``, which holds a sign or comparison in
    symbols ("for $K>0$, with"), with it in words ("for positive $K$, with", "Let the curvature
    $h$ be strictly positive", "even when $\\beta$ exceeds one"), spacing aside: the words before
    and after it kept."""
    edits = _said_in_words(text, snippet) if RELATION_SPAN.search(snippet) else []
    if not edits:
        return []
    converted, pieces, last = "", [], 0   # the text with its signs in symbols; (offset there, start, end or None)
    for a, b, put in edits + [(len(text), len(text), "")]:
        pieces += [(len(converted), last, None)]
        converted += text[last:a]
        pieces += [(len(converted), a, b)]
        converted += put
        last = b

    def back(k: int, closing: bool) -> int:   # an offset of the converted text, in ``text``
        at, start, end = next(p for p in reversed(pieces) if p[0] <= k - closing)
        return start + k - at if end is None else (end if closing else start)
    pattern = r"\s*".join(re.escape(ch) for ch in re.sub(r"\s+", "", snippet))
    return [(back(m.start(), False), back(m.end(), True)) for m in re.finditer(pattern, converted)]


def sign_said_in_words(text: str, snippet: str) -> bool:
    """Whether ``text`` says ``snippet``, which holds a sign or comparison in symbols ("Hold the
    parameter $\\beta >0$"), with it in words ("Hold the positive parameter $\\beta$ fixed", "Let
    the curvature $h$ be positive"): a line of ``text`` with its signs in words written as the
    snippet writes them holds it, math spacing aside."""
    return bool(signs_in_words_at(text, snippet))


def meaning_change(old: str, new: str, swaps: int = 2) -> tuple[str, str] | None:
    """The first words whose sense a rewording changed (``("below", "above")``; ``("only", "")``
    for a dropped "only"), or None when every word of MEANING kept its sense and its order. Two
    conjuncts swapped (``_unswapped``, at most ``swaps`` times) are turned back before the rest
    is judged: "constant set by $K$ and $S$" reworded "with the constant set by $S$ and $K$"."""
    if swaps and (turned := _unswapped(old, new)) is not None:
        return meaning_change(turned, new, swaps - 1)
    old, new = in_digits(old, new), in_digits(new, old)
    old, new = _neither_nor(old, new), _neither_nor(new, old)
    old, new = _cannot_change(old, new), _cannot_change(new, old)
    old, new = _only_under(old, new), _only_under(new, old)
    old, new = _does_not_hold(old, new), _does_not_hold(new, old)
    old, new = _roughly_as_about(old, new), _roughly_as_about(new, old)
    old, new = unicode_as_spans(old, new), unicode_as_spans(new, old)
    old, new = relations_in_words(old), relations_in_words(new)
    old, new = relations_said_plainly(old), relations_said_plainly(new)
    old, new = limits_in_words(old), limits_in_words(new)
    old, new = _uninverted(old), _uninverted(new)
    old, new = _never_as_no(old, new), _never_as_no(new, old)
    old, new = not_one_as_none(old), not_one_as_none(new)
    old, new = spans_as_words(old, new), spans_as_words(new, old)
    old, new = signs_as_spans(old, new), signs_as_spans(new, old)
    old, new = _as_fraction_words(old, new), _as_fraction_words(new, old)
    old, new = _count_of_steps(old, new), _count_of_steps(new, old)
    old, new = valued(old), valued(new)
    old, new = _forward_and_reverse(old, new), _forward_and_reverse(new, old)
    if not _CONDITION_WORDS.search(_ENSURE.sub("", new)):
        old = _ENSURE.sub("makes", old)
    if not _CONDITION_WORDS.search(_ENSURE.sub("", old)):
        new = _ENSURE.sub("makes", new)
    old, new = halved(old), halved(new)   # "is multiplied by $0.5$"
    if _HALVES.search(old) and _HALVES.search(new):   # "shrinks by half" and "is halved": one sense
        old, new = _HALVES.sub("halves", old), _HALVES.sub("halves", new)
    if _BOTH.search(old) and _EACH.search(new) and not _MANY.search(new) \
            or _EACH.search(old) and _BOTH.search(new) and not _MANY.search(old):
        old, new = _EACH.sub("both are", old), _EACH.sub("both are", new)   # of two things, "each is" is "both are"
    if (limit := limit_variable_changed(old, new) or quantity_of_changed(old, new)) is not None:
        return limit
    a, b = senses(old), senses(new)
    sa, sb = [s for s, _ in a], [s for s, _ in b]
    if (converse := converse_stated(old, new)) is not None:   # before the exchanges a rewording may make
        return converse
    if swapped_conjuncts(old, new) or sides_exchanged(old, new) or _added_conjunct(old, new) or phrase_moved(old, new) \
            or _hypothesis_reworded(old, new) or clauses_permuted(old, new) or in_other_voice(old, new) \
            or cause_turned(old, new):
        return None
    if dropped := _added_conjunct(new, old):   # a conjunct of the hypothesis dropped: a weaker one
        return dropped.strip(), ""
    if sa != sb and Counter(sa) == Counter(sb) and _without(sa, _MOVABLE) == _without(sb, _MOVABLE) \
            and _movable_kept(old, new):
        sb = sa   # an adverb of frequency moved in its clause: "decays smoothly at all times"
    if sa == sb:
        return restriction_dropped(old, new) or qualifier_dropped(old, new) or names_turned(old, new) or necessary_made_sufficient(old, new) or transposed(old, new) \
            or _renamed(old, new) or _listed_otherwise(old, new) or moved_across_clauses(old, new) \
            or negated_word(old, new) or _only_restricts_another(old, new) or roles_exchanged(old, new) \
            or causes_exchanged(old, new) or _voice_turned_otherwise(old, new) or _counts_exchanged(old, new) \
            or _domain_changed(old, new) or _movable_moved(old, new) or _generalised(old, new) \
            or _generalised(new, old, turned=True) or _contrast_turned(old, new) or _place_negated(old, new) \
            or _place_negated(new, old) or terms_exchanged(old, new) or pairing_changed(old, new) \
            or negation_moved(old, new) or alternative_added(old, new)
    if _converse(sa, sb, old, new):
        return None
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, sa, sb).get_opcodes():
        if op != "equal":
            return " ".join(w for _, w in a[i1:i2]), " ".join(w for _, w in b[j1:j2])
    return None


# "after two steps": a count of steps, and the "after" that may go with it
_AFTER_COUNT = re.compile(r"\bafter\s+(\w+\s+(?:steps?|iterations?|updates?|rounds?|applications?)\b)", re.IGNORECASE)


def _count_of_steps(text: str, other: str) -> str:
    """``text`` with "after" dropped before a count of steps that ``other`` counts with no
    "after" or "before": "so after two steps it is 0.78125" says what "two steps give 0.78125"
    says. "before two steps" keeps its sense, and differs."""
    def bare(m: re.Match) -> str:
        said = re.search(rf"(\w+\s+)?{re.escape(m[1])}", other, re.IGNORECASE)
        return m[1] if said and (said[1] or "").strip().lower() not in ("after", "before") else m[0]
    return _AFTER_COUNT.sub(bare, text)


def _added_conjunct(old: str, new: str) -> str:
    """The conjunct ``new`` adds to ``old``'s leading hypothesis (" and a finite vocabulary" in "For
    a unique largest score and a finite vocabulary, the limit ..." for "For a unique largest
    score, the limit ..."): a stronger hypothesis keeps a true conclusion true; "" when there is
    none. Anything else changed, or a hypothesis that is not the sentence's opening clause, is
    judged as words."""
    m = _LEADING_HYPOTHESIS.match(old)
    if m is None:
        return ""
    head, rest = old[:m.end(1)], old[m.end(1):]
    added = new[len(head):len(new) - len(rest)] if new.startswith(head) and new.endswith(rest) else ""
    return added if _CONJUNCT.fullmatch(added) else ""


# "Only at X does Y hold": the phrase "only" restricts fronted, the subject after its auxiliary
_INVERTED_ONLY = re.compile(r"\bOnly\s+((?:at|when|for|under|if|in|on|with|below|above|near)\b[^,.;:]*?)\s+"
                            r"(does|do|is|are|can)\s+([^,.;:]+?)\s+([A-Za-z-]+)(?=\s*[.;:]|\s*$)")
_UNINVERTED = {"does": "{verb}s", "do": "{verb}", "is": "is {verb}", "are": "are {verb}", "can": "can {verb}"}


def _uninverted(text: str) -> str:
    """``text`` with "Only at X does Y hold" said "Y holds only at X" (and "Only when X is Y
    stable" as "Y is stable only when X"): the same restriction, the subject first."""
    def turn(m: re.Match) -> str:
        subject = m.group(3)
        if text[:m.start()].rstrip()[-1:] in ("", ".", "!", "?"):   # the inversion opened a sentence
            subject = subject[:1].upper() + subject[1:]
        return f"{subject} {_UNINVERTED[m.group(2)].format(verb=m.group(4))} only {m.group(1)}"
    return _INVERTED_ONLY.sub(turn, text)


_NOT_ONE_OF = re.compile(r"\bnot\s+(?:a\s+single\s+)?one\s+of\b", re.IGNORECASE)


def not_one_as_none(text: str) -> str:
    """``text`` with "not one of" (or "not a single one of") said "none of": one quantifier,
    not a count of one (probe 139: h03)."""
    return _NOT_ONE_OF.sub("none of", text)


def _never_as_no(text: str, other: str) -> str:
    """``other`` where ``text`` is it with its "no" subject said "a ... never": "a flow with unique
    solutions never allows it" for "no flow with unique solutions allows it" (probe 119: h15)."""
    if not re.search(r"\bnever\b", text) or not re.search(r"\b[Nn]o\b", other) or re.search(r"\bnever\b", other):
        return text
    for m in re.finditer(r"\b([Aa]n?)\s+", text):
        rest = re.sub(r"\s+never\b", "", text[m.end():], count=1)
        if text[:m.start()] + ("No " if m.group(1)[0] == "A" else "no ") + rest == other:
            return other
    return text


def phrase_moved(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` with one phrase of place or condition moved from its end to its
    start or back ("At large step, a stable ODE can have an unstable discretization" for "A
    stable ODE can have an unstable discretization at large step"): the same words, commas and
    the first letter's case aside, the moved phrase opening with a preposition of _RESTRICTING, or
    a condition ("If that factor is below -1, the leftover grows" for "The leftover grows if that
    factor is below -1": _CONDITIONAL)."""
    # an article may come or go with the move ("At a large step, ..." for "... at large step")
    a, b = ([w.lower() for w in WORD_OR_SPAN.findall(t) if w.lower() not in _ARTICLES] for t in (old, new))
    if len(a) != len(b) or a == b:
        return False
    # a condition moved may open with "whenever" for "if" ("If A, add B" as "Add B whenever A")
    a, b = ([_AS_IF.get(w, w) for w in words] for words in (a, b))
    for k in range(1, len(a)):
        if b == a[k:] + a[:k]:   # the tail fronted, or the head sent to the end
            return any(m[0] in _RESTRICTING and 2 <= len(m) <= 6 or m[0] in _CONDITIONAL and 2 <= len(m) <= 12
                       for m in (a[k:], a[:k]))
    return _only_moved(old, new) or _only_moved(new, old)


_CONDITIONAL = frozenset("if when whenever unless provided".split())   # "If A, B" is "B if A"
_AS_IF = {"when": "if", "whenever": "if"}   # a condition's opening words of one sense


def in_other_voice(old: str, new: str) -> bool:
    """Whether one of the two says a clause of the other in the passive voice: "Four different
    things are advanced by the four indices" for "The four indices advance four different
    things". The passive clause, turned active with the other's verb of the same stem, gives the
    other's words in their order: who does what to whom is kept."""
    return _active_of(new, old) is not None or _active_of(old, new) is not None


def roles_exchanged(old: str, new: str) -> tuple[str, str] | None:
    """The doer and the done-to exchanged through the passive voice: "A is lowered by B" for "A
    lowers B", as ("A lowers B", "B lowers A")."""
    for passive, active, flip in ((new, old, False), (old, new, True)):
        if (turned := _active_of(passive, active, exchanged=True)) is not None:
            return turned[::-1] if flip else turned
    return None


# a clause in the passive voice, "(so) Y are advanced by X", and the ends of clauses
_PASSIVE = re.compile(r"(?P<lead>\s*(?:(?:so|and|but|then|thus|hence|because|since|while|that)\s+)?)"
                      r"(?P<y>\S.*?)\s+(?:is|are|was|were|gets|get)\s+(?:(?P<neg>not|never)\s+)?"
                      r"(?P<p>[A-Za-z]+)(?:\s+(?P<c>(?!by\b)[A-Za-z]+))?\s+by\s+(?P<x>\S.*?)\s*",
                      re.IGNORECASE)
# the active voice of a negated passive: "X does not establish Y" for "Y is not established by X"
_NEGATED = {"not": ("does not", "do not", "did not"), "never": ("never",)}
_CLAUSE_ENDS = re.compile(r"([,;:.!?](?:\s+|$))")


def _active_of(passive: str, active: str, exchanged: bool = False) -> tuple[str, str] | None:
    """(the clause as ``active`` prints it, the passive clause of ``passive`` turned active)
    when ``passive`` is ``active`` with that clause in the passive voice (its doer and done-to
    ``exchanged``, if asked); None otherwise."""
    passive, active = _NOT.sub(" not", passive), _NOT.sub(" not", active)   # "isn't made" is "is not made"
    parts = _CLAUSE_ENDS.split(passive)
    said = [w.lower() for w in WORD_OR_SPAN.findall(active)]
    # a clause may hold commas of its own: "This family, scaling or uniform bound is not ..."
    for j, k in ((j, k) for k in range(0, len(parts), 2) for j in range(k, -1, -2)):
        if (m := _PASSIVE.fullmatch("".join(parts[j:k + 1]))) is None or _list_goes_on(parts[k + 1:k + 3]):
            continue
        x, y = (m["y"], m["x"]) if exchanged else (m["x"], m["y"])
        # its complement follows the object: "B is not made autonomous by A" is "A does not make B autonomous"
        y, said_y = (f"{y} {m['c']}", f"{m['y']} {m['c']}") if m["c"] else (y, m["y"])
        done = stem(_PARTICIPLES.get(m["p"].lower(), m["p"]))
        for verb in {w for w in WORD.findall(active) if stem(w) == done and w.lower() != m["p"].lower()}:
            for said_verb in (f"{neg} {verb}" for neg in _NEGATED.get((m["neg"] or "").lower(), ("",))):
                turned = "".join(parts[:j]) + f"{m['lead']}{x} {said_verb.strip()} {y}" + "".join(parts[k + 1:])
                if [w.lower() for w in WORD_OR_SPAN.findall(turned)] == said:
                    return f"{x} {said_verb.strip()} {y}", f"{m['x']} {said_verb.strip()} {said_y}"
    return None


def _domain_changed(old: str, new: str) -> tuple[str, str] | None:
    """The set a distribution, an extreme or an average is taken over, changed: "uniform over
    the ties" for "uniform over the vocabulary" as ("the ties", "the vocabulary"). The words
    after "over" (on, across, among), up to the clause's end, name what is quantified over:
    each of its items ("the ties and the runner-up" lists two) must share a word with the
    other's (an added adjective keeps it: "the training examples" for "examples"); another
    noun is another statement, however alike the rest ("puts all its mass on" is
    "concentrates on")."""
    found = [[(m["set"].strip(), _items(m["set"])) for m in _DOMAIN.finditer(_ALL_MASS.sub("concentrates", t))]
             for t in (old, new)]
    if not found[0] or not found[1]:
        return None
    for (x, xs), (y, ys) in zip(*found):
        if len(xs) != len(ys) or any(not (p & q) for p, q in zip(xs, ys)):
            return x, y
    return None


# a universal quantifier, the words after it, and a "the" that is already one ("whatever the step")
_EVERY_ONE = re.compile(r"\b(every|each|any|all)\s+((?:[\w-]+\s*){1,3})", re.IGNORECASE)
_QUANTIFIED = re.compile(r"\b(?:every|each|any|all)\b", re.IGNORECASE)
_ANY_THE = re.compile(r"\b(?:whatever|whichever|regardless\s+of|irrespective\s+of|independent(?:ly)?\s+of)\s+the\b",
                      re.IGNORECASE)


def _generalised(old: str, new: str, turned: bool = False) -> tuple[str, str] | None:
    """One thing made all of them: "every path of a two-state chain" (or "all two-state paths")
    for "the two-state path" claims of each path what was said of one (probe 78: b10). A noun
    of the few words after "every" ("each", "any"; "all" before its plural) printed in ``old``
    singular after "the", "this" or "that", and ``old`` quantifying nothing, as ("the",
    "every"); ``turned``: the other way round, all of them made one. A definite plural ("for
    all the sensitivities" and "for the sensitivities") restates, and so does a "the" already
    read as any ("whatever the vector field" for "for any vector field")."""
    if _QUANTIFIED.search(old):
        return None
    old = _ANY_THE.sub("any", old)
    for m in _EVERY_ONE.finditer(new):
        for word in (w.lower() for w in m[2].split()):
            if len(word) < 3 or word in FUNCTION_WORDS:
                break
            noun = _singular(word) if m[1].lower() == "all" else word
            if m[1].lower() != "all" and _singular(word) != word \
                    or re.search(rf"\b{re.escape(noun)}s\b", old, re.IGNORECASE):
                continue
            if re.search(rf"\b(?:the|this|that)\s+(?:[\w-]+\s+){{0,2}}?{re.escape(noun)}\b(?!['\u2019]?s\b)", old,
                         re.IGNORECASE):
                return (m[1].lower(), "the") if turned else ("the", m[1].lower())
    return None


_AWAY = frozenset("away outside without beyond far off".split())   # prepositions that exclude a place
_AT = frozenset("at near close on in under inside within with".split())


def _place_negated(old: str, new: str) -> tuple[str, str] | None:
    """A restricting place made its complement: "away from a fixed current input" (outside,
    without, beyond) for "at fixed current input" (near, on, inside, within, with)."""
    wo, wn = [w.lower() for w in WORD_OR_SPAN.findall(old)], [w.lower() for w in WORD_OR_SPAN.findall(new)]
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, wo, wn, autojunk=False).get_opcodes():
        if op == "replace" and set(wo[i1:i2]) & _AT and set(wn[j1:j2]) & _AWAY \
                and not set(wo[i1:i2]) & (_AWAY | {"no", "not"}):   # "with no" is "without"
            return " ".join(wo[i1:i2]), " ".join(wn[j1:j2])
    return None


# a negation that sets one thing against another: "the sampling rule, not the parameters",
# "the objective but not the parameters", "not a network but a family"
_CONTRAST = re.compile(r"(?:,|\bbut|\b(?:al)?though|\byet)\s+not\b|\bnot\s+(?:[\w$\\{}-]+\s+){1,5}?but\b"
                       r"|\bbut\s+(?:[\w$\\{}-]+\s+){1,4}?(?:do|does|did|is|are|was|were|can|could|will|would|has|have)"
                       r"(?:\s+not\b|n['\u2019]t\b)"
                       # "X; it is not Y" says "X, not Y" of the same subject (probe 99: h08)
                       r"|[;,]\s+(?:and\s+)?(?:it|this)\s+(?:is|was|does|did)(?:\s+not\b|n['\u2019]t\b)",
                       re.IGNORECASE)


def _contrast_turned(old: str, new: str) -> tuple[str, str] | None:
    """A negation of the whole made a negation of a part, or back: "the objective and the
    parameters do not change" and "it changes the objective but not the parameters" have
    one "not" each and say opposite things of the objective. Both texts negate; one sets
    things against each other ("X, not Y", "X but not Y", "not Y but X", "X changes but Y does
    not"), the other does not."""
    if not (_negations(old) and _negations(new)):
        return None
    a, b = _CONTRAST.search(old), _CONTRAST.search(new)
    if a and b and (x := _denied(old, a)) and (y := _denied(new, b)) and not _roots(x) & _roots(y):
        return f"not {' '.join(sorted(x))}", f"not {' '.join(sorted(y))}"   # the other thing denied
    if bool(a) == bool(b):
        return None
    def part(m: re.Match) -> str:   # ", not", "but not", "not ... but"
        return m[0].strip() if not m[0].lower().startswith("not") else "not ... but"
    return ("not (of all)", part(b)) if b else (part(a), "not (of all)")


def _roots(words: set[str]) -> set[str]:
    """The words' stems, a noun in -ment as its verb: "requirement" and "required" are one root."""
    return {stem(w.removesuffix("ment")) for w in words}


def _denied(text: str, m: re.Match) -> set[str]:
    """The words of content a contrast denies: Y of "X, not Y", "X but not Y", "not Y but X"
    and "X changes but Y does not"."""
    got = m[0].strip()
    if got.lower().startswith("not") or got.lower().startswith("but") and len(got.split()) > 2:
        said = got   # "not Y but", "but Y does not"
    else:            # ", not Y", "but not Y", "though not Y"
        said = re.split(r"[,.;:!?]", text[m.end():])[0]
    return {w.lower() for w in WORD.findall(said) if w.lower() not in FUNCTION_WORDS | _AUXILIARIES and len(w) > 2}


_AUXILIARIES = frozenset("not but though although yet does did are was were can could will would has have".split())


def _items(phrase: str) -> list[set[str]]:
    """The items of a listed set, each as its words of content, singular: "the ties and the
    runner-up" -> [{"tie"}, {"runner-up"}]."""
    return [{_singular(w) for w in re.findall(r"[\w$\\{}^-]+", item) if w.lower() not in _DETERMINERS}
            for item in re.split(r"\s+(?:and|or)\s+|,\s*", phrase) if item.strip()]


def _singular(word: str) -> str:
    """A noun or participle without its ending: ties, tied -> tie; vocabularies -> vocabulary."""
    w = word.lower()
    if w.endswith(("ies", "ied")) and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith("ed"):
        return w[:-1]
    return w[:-1] if w.endswith("s") and not w.endswith("ss") else w


# what follows "uniform over" (concentrates on, averages across, the maximum among): a set, up
# to the clause's end
_DOMAIN = re.compile(r"\b(?:uniform(?:ly)?|concentrat(?:es?|ed|ing)|averag(?:es?|ed|ing)|mean|maximum|minimum|max|min|"
                     r"supremum|sup|sum(?:s|med|ming)?|spread(?:s|ing)?)(?:\s+(?:distributed|spread|evenly|uniformly|taken))?"
                     r"\s+(?:over|on|across|among)\s+(?P<set>(?:(?!\s(?:while|which|where|when|so|but|because|with|"
                     r"until|agreeing|as|if)\b)[^,;:.!?])+)", re.IGNORECASE)


def _counts_exchanged(old: str, new: str) -> tuple[str, str] | None:
    """The first pair of counts (in words or digits, outside ``$...$``) that the two say in
    another order, the same counts in all: "matches exactly 1 moments of 2 update" for "matches
    exactly two moments of one update" as ("2", "1"). Counts in words are senses, compared in
    order already (senses); in digits they are not."""
    a, b = (_COUNT.findall(counts_in_digits(MATH_SPAN.sub(" ", t))) for t in (old, new))
    if a == b or Counter(a) != Counter(b):
        return None
    return next((x, y) for x, y in zip(a, b) if x != y)


_COUNT = re.compile(r"(?<![\w.,/^_{}\\-])\d+(?![\w.,/%])")


def _voice_turned_otherwise(old: str, new: str) -> tuple[str, str] | None:
    """A clause one of the two says in the passive voice, its doer a list whose tail follows a
    comma, with a verb the other says actively (in_other_voice and roles_exchanged found
    nothing): the list is the doer, not the active clause's, as (the active sentence, the
    passive turned active): "This family is established by a single trained stack, scaling or
    uniform bound" for "A single trained stack establishes this family, scaling or uniform
    bound". A passive the voice rules cannot otherwise turn is left to the words' senses."""
    for passive, active in ((new, old), (old, new)):
        parts = _CLAUSE_ENDS.split(passive)
        verbs = {stem(w): w for w in WORD.findall(active)}
        for j, k in ((j, k) for k in range(0, len(parts), 2) for j in range(k, -1, -2)):
            if not _list_goes_on(parts[k + 1:k + 3]):
                continue
            k += 2   # the doer is the whole list
            m = _PASSIVE.fullmatch("".join(parts[j:k + 1]))
            done = stem(_PARTICIPLES.get(m["p"].lower(), m["p"])) if m is not None else ""
            if m is not None and done in verbs and verbs[done].lower() != m["p"].lower() and not _PASSIVE.search(active):
                said = f"{_NEGATED[m['neg'].lower()][0]} {verbs[done]}" if m["neg"] else verbs[done]
                done_to = f"{m['y'].strip()[:1].lower()}{m['y'].strip()[1:]}" + (f" {m['c']}" if m["c"] else "")
                return active.strip(), f"{m['x'].strip()} {said} {done_to}"
    return None


def _list_goes_on(after: list[str]) -> bool:
    """Whether the words after a passive clause's comma go on listing its doer ("... by a single
    trained stack, scaling or uniform bound"): then the doer is the whole list, not the clause's
    last words, and the rest is no clause of its own to leave in place."""
    return len(after) == 2 and after[0].startswith(",") and _LIST_TAIL.match(after[1]) is not None


# the rest of a list, "scaling or uniform bound": "or"/"and" inside, not a clause it opens
_LIST_TAIL = re.compile(r"(?!(?:and|or|but|so|then|while|whereas|which|that|who)\b)[^,;:.!?]*?\b(?:or|and)\b[^,;:.!?]*$",
                        re.IGNORECASE)


# the irregular past participles of the notes' verbs ("is given by" is "gives")
_PARTICIPLES = {"given": "give", "shown": "show", "taken": "take", "driven": "drive", "written": "write",
                "chosen": "choose", "known": "know", "seen": "see", "done": "do", "made": "make", "held": "hold",
                "kept": "keep", "found": "find", "left": "leave", "brought": "bring", "sent": "send",
                "set": "set", "put": "put", "fed": "feed", "led": "lead", "met": "meet", "paid": "pay",
                "said": "say", "spent": "spend", "built": "build", "grown": "grow", "thrown": "throw"}


def cause_turned(old: str, new: str) -> bool:
    """Whether the two say one cause and one effect, joined otherwise: "Because |theta| is above
    1, the iterates move away" for "The iterates move away, because |theta| is above 1", or "A,
    so B" for "B, because A". The cause and the effect each keep their words and senses."""
    a, b = _cause_effect(old, new), _cause_effect(new, old)
    return a is not None and b is not None and a[2] != b[2] and _said_alike(a[0], b[0]) and _said_alike(a[1], b[1])


def causes_exchanged(old: str, new: str) -> tuple[str, str] | None:
    """The cause and the effect exchanged: "B, so A" (or "A, because B") for "A, so B", as
    ("A so B", "B so A")."""
    a, b = _cause_effect(old, new), _cause_effect(new, old)
    if a is None or b is None or not (_said_alike(a[0], b[1]) and _said_alike(a[1], b[0])):
        return None
    return f"{a[0]} so {a[1]}", f"{b[0]} so {b[1]}"


# one cause and one effect: "Because A, B", "A, so B" (hence, therefore, thus), "B, because A" (since)
_CAUSE_FIRST = re.compile(r"(?:because|since)\s+(?P<a>[^,]+),\s*(?P<b>.+)", re.IGNORECASE | re.DOTALL)
_EFFECT_AFTER = re.compile(r"(?P<a>.+?),?\s+(?:so|hence|therefore|thus)\s+(?!that\b)(?P<b>.+)", re.IGNORECASE | re.DOTALL)
_CAUSE_AFTER = re.compile(r"(?P<b>.+?),?\s+(?:because|since)\s+(?P<a>.+)", re.IGNORECASE | re.DOTALL)
_CONNECTIVE = re.compile(r"\b(?:because|since|so|hence|therefore|thus)\b", re.IGNORECASE)


def _cause_effect(text: str, other: str) -> tuple[str, str, str] | None:
    """(cause, effect, how they are joined) of a sentence with one connective of cause, an
    opening phrase it shares with ``other`` ("In a deterministic causal decoder,") set aside."""
    comma = text.find(",")
    opening = (text[:comma].split() or [""])[0].lower() if comma > 0 else ""
    if opening in _RESTRICTING and comma < 80 and other.startswith(text[:comma + 1]) \
            and not _CONNECTIVE.search(text, 0, comma):
        text = text[comma + 1:]
    text = text.strip().rstrip(".!?")
    if len(_CONNECTIVE.findall(text)) != 1:
        return None
    for how, pattern in (("first", _CAUSE_FIRST), ("so", _EFFECT_AFTER), ("because", _CAUSE_AFTER)):
        if (m := pattern.fullmatch(text)) is not None:
            return m["a"].strip(), m["b"].strip(), how
    return None


def _said_alike(a: str, b: str) -> bool:
    """Whether two clauses say one thing: the same mathematics, the words kept in any order
    (vocabulary.word_dice), and no sense changed (meaning_change)."""
    return _printed(a) == _printed(b) and word_dice(a, b) >= REORDERED and meaning_change(a, b) is None


def restriction_dropped(old: str, new: str) -> tuple[str, str] | None:
    """A phrase that restricts where or when the statement holds, struck out: "Response
    $1/(1-\\beta)$ at the origin for constant input" printed without "at the origin" claims it
    everywhere. A phrase that opens with a preposition of place or condition (_RESTRICTING) and
    none of whose own words is printed elsewhere in ``new``; "for example" and its kind are no
    restriction. As (the phrase, "")."""
    a, b = WORD_OR_SPAN.findall(old), WORD_OR_SPAN.findall(new)
    kept = {w.lower().removesuffix("'s").rstrip("'") for w in b}   # "the sensitivities'" keeps "for the sensitivities"
    kept |= {word for word, said in _SAID_AS.items() if said.search(new)}
    matcher = difflib.SequenceMatcher(None, [w.lower() for w in a], [w.lower() for w in b], autojunk=False)
    for op, i1, i2, _, _ in matcher.get_opcodes():
        gone = a[i1:i2]
        if op != "delete" or len(gone) < 2 or gone[0].lower() not in _RESTRICTING:
            continue
        own = [w for w in gone[1:] if w.lower() not in FUNCTION_WORDS | _ARTICLES]
        if own and not any(w.lower() in kept for w in own) and " ".join(gone).lower() not in _ASIDES:
            return " ".join(gone), ""
    return None


def qualifier_dropped(old: str, new: str) -> tuple[str, str] | None:
    """A word that narrows a phrase of place or condition struck out of it, its noun kept: "In a
    deterministic decoder," for "In a deterministic causal decoder," claims it of every decoder
    (probe 97: b06, a hypothesis too weak). The phrase opens with a preposition of place or
    condition (_RESTRICTING) or "if"/"when", the word stands before its noun, and it is printed
    nowhere else in ``new``. As (the phrase, the phrase printed)."""
    a, b = WORD_OR_SPAN.findall(old), WORD_OR_SPAN.findall(new)
    kept = {w.lower() for w in b}
    matcher = difflib.SequenceMatcher(None, [w.lower() for w in a], [w.lower() for w in b], autojunk=False)
    for op, i1, i2, j1, _ in matcher.get_opcodes():
        gone = [w for w in a[i1:i2] if w.lower() not in FUNCTION_WORDS | _ARTICLES]
        if op != "delete" or not gone or i2 - i1 > 2 or i2 >= len(a) or any(w.lower() in kept for w in gone) \
                or not re.fullmatch(r"[a-z][a-z-]+", a[i2].lower()) or a[i2].lower() in FUNCTION_WORDS:
            continue
        opens = max((k for k in range(max(0, i1 - 3), i1) if a[k].lower() in _QUALIFIED), default=None)
        if opens is not None and all(w.lower() in _ARTICLES or re.fullmatch(r"[a-z][a-z-]+", w) for w in a[opens + 1:i1]):
            return " ".join(a[opens:i2 + 1]), " ".join(b[j1 - (i1 - opens):j1 + 1])
    return None


_QUALIFIED = frozenset("in for under within with if when whenever".split())


# a restricting word kept in other words: "above 1 in size" is "whose absolute value exceeds 1" (probe 78: h12)
# (said of a bound: "whose absolute value exceeds 1", "of magnitude above 1"; not "grow in magnitude")
_SAID_AS = {"size": re.compile(r"\b(?:absolute(?:\s+value)?|magnitude|modulus)\s+(?:(?:is|are)\s+)?(?:exceeds?|above"
                               r"|below|greater|less|larger|smaller|at\s+most|at\s+least|bounded|over|under)\b",
                               re.IGNORECASE)}
RESTRICTING = _RESTRICTING = frozenset("at near for under within inside in on along with without outside away close".split())
_ARTICLES = frozenset("a an the".split())
_ASIDES = frozenset(("for example", "for instance", "in particular", "in practice", "in fact", "in short",
                     "in turn", "at first", "in other words", "on the other hand", "in general", "for now",
                     "in this note", "in this section", "at this point", "in the note", "with care",
                     "at least", "at most"))   # bounds, which senses read


# an "only" that closes a clause, and a preposition of place or condition opening a phrase
_CLOSING_ONLY = re.compile(r"\s+only(?=\s*(?:[,.;:!?]|$))", re.IGNORECASE)
_RESTRICTION_START = re.compile(r"\b(?:" + "|".join(sorted(_RESTRICTING)) + r")\b", re.IGNORECASE)


def _only_moved(old: str, new: str) -> bool:
    """Whether ``new`` puts the "only" that closes a phrase of place or condition in ``old``
    before that phrase: "holds only at fixed current input." for "holds at fixed current input
    only."; "only" moved anywhere else ("only the energy holds ...") restricts another thing."""
    for end in _CLOSING_ONLY.finditer(old):
        clause = max(old.rfind(c, 0, end.start()) for c in ",.;:!?") + 1
        # the phrase "only" closes opens at the clause's last preposition: "on E holds at X only"
        # is no phrase
        starts = [m.start() for m in _RESTRICTION_START.finditer(old, clause, end.start())]
        if starts and old[:starts[-1]] + "only " + old[starts[-1]:end.start()] + old[end.end():] == new:
            return True
    return False


def _only_restricts_another(old: str, new: str) -> tuple[str, str] | None:
    """An "only" moved to restrict another thing: "Only the energy inequality holds at fixed
    input" for "The energy inequality holds only at fixed input", as ("only at", "only the").
    Moved over a preposition or an article ("for only the ..."), or to the front of the phrase it
    closes (_only_moved), it restricts the same thing."""
    a, b = ([w.lower() for w in WORD_OR_SPAN.findall(t)] for t in (old, new))
    if a.count("only") != 1 or b.count("only") != 1 or a == b or _only_moved(old, new) or _only_moved(new, old):
        return None
    i, j = a.index("only"), b.index("only")
    if a[:i] + a[i + 1:] != b[:j] + b[j + 1:]:
        return None
    between = a[i + 1:j + 1] if i < j else a[j:i]
    if set(between) <= _RESTRICTING | _ARTICLES:
        return None
    after = lambda ws, k: " ".join(ws[k:k + 2])
    return after(a, i), after(b, j)


def _hypothesis_reworded(old: str, new: str) -> bool:
    """Whether the two open with a hypothesis of the same words in another order, the rest
    alike: "Whenever the largest score is unique, the limit ..." for "For a unique largest score,
    the limit ...". Its marker (For, If, When, Whenever, Given, Provided), articles and copulas
    aside; a word of direction or order in it ("A exceeds B") keeps it judged as words."""
    a, b = _OPENING.match(old), _OPENING.match(new)
    if a is None or b is None or old[a.end():].strip() != new[b.end():].strip():
        return False
    wa, wb = ([w.lower() for w in WORD_OR_SPAN.findall(m.group(1))] for m in (a, b))
    if any(MEANING.get(w) in _DIRECTED - {"max", "min"} or w == "than" for w in wa + wb):
        return False
    content = lambda ws: Counter(w for w in ws if w not in _ARTICLES | _COPULAS)
    return wa != wb and content(wa) == content(wb)


_OPENING = re.compile(r"\s*(?:For|If|When|Whenever|Given|Provided(?:\s+that)?)\b([^,.;:]+),", re.IGNORECASE)
_COPULAS = frozenset("is are be being".split())


_LEADING_HYPOTHESIS = re.compile(r"\s*(?:For|If|When|Whenever|Given)\b[^,.;:]*?(\S)(?=,)")
_CONJUNCT = re.compile(r" and (?:[A-Za-z$][^,.;:]*)")


# verbs whose two sides are not interchangeable: "A implies B" is not "B implies A"
_ONE_WAY = re.compile(r"\b(implies|imply|implied|requires?|required|needs?|needed|guarantees?|guaranteed|ensures?|"
                      r"ensured|entails?|entailed|forces?|forced|yields?|determines?|determined|causes?|caused|"
                      r"precedes?|exceeds?|dominates?|controls?|bounds)\b", re.IGNORECASE)
# verbs of one implication, A -> B: "A requires B" and "A implies B" say the same, "B implies A" its converse
_IMPLYING = {"requir": "imply", "need": "imply", "guarant": "imply", "ensur": "imply", "entail": "imply", "forc": "imply"}
_SIDE_WORDS = frozenset("a an the of its their this that these those is are be and but so then while "
                        "whereas thus hence because since which conversely".split())   # "not" is a side's


def converse_stated(old: str, new: str) -> tuple[str, str] | None:
    """The two sides of a one-way verb exchanged ("Convergence of the iteration implies
    contraction" for "Contraction implies convergence of the iteration"; "a specified family
    requires the limit" for "the limit requires a specified family"), as (old clause, new clause)."""
    def sides(text: str) -> dict[tuple[str, frozenset, frozenset], str]:   # (verb, one side, other) -> clause
        out = {}
        for clause in re.split(r"[,;:.!?]+(?:\s|$)", text):
            m = _ONE_WAY.search(clause)
            if m:
                verb = stem(m.group(1))
                out.setdefault((_IMPLYING.get(verb, verb), _side(clause[:m.start()]), _side(clause[m.end():])), clause.strip())
        return out
    before, after = sides(old), sides(new)
    for (verb, x, y), was in before.items():
        # a two-way statement ("and conversely") says both, in any order
        if x and y and x != y and (verb, y, x) in after and (verb, y, x) not in before and (verb, x, y) not in after:
            return was, after[verb, y, x]
    return None


_HOLDS_UNDER = re.compile(r"\b(?:holds?|is\s+valid|are\s+valid|applies|apply)\s+(?!only\b)(?:under|if|when|whenever|"
                         r"for|given|with|provided(?:\s+that)?|as\s+long\s+as|in\s+case)\b", re.IGNORECASE)


def necessary_made_sufficient(old: str, new: str) -> tuple[str, str] | None:
    """A condition a clause requires said to be one under which it holds ("the limit holds under
    a specified family" for "the limit requires a specified family"): necessary made sufficient."""
    if not _REQUIRES.search(old) or _ANY_REQUIRE.search(new) or _ONLY_UNDER.search(new):
        return None
    wanted = {_condition(old, r.end()): r.group(0) for r in _REQUIRES.finditer(old)}
    # of the condition the old text requires, word for word ("requires small steps and holds for
    # all $t$" made "Small steps are required ..., which holds for all $t$" is no such edit)
    m = next((m for m in _HOLDS_UNDER.finditer(new) if _condition(new, m.end()) in wanted), None)
    return None if m is None else (wanted[_condition(new, m.end())], m.group(0))


_ANY_REQUIRE = re.compile(r"\b(?:requir|need)\w*", re.IGNORECASE)


def _side(words: str) -> frozenset:
    """A side of a one-way verb: its words by stem, with how often each stands, in any order."""
    return frozenset(Counter(stem(w) for w in re.findall(r"[A-Za-z][\w-]*|\$[^$]*\$", words)
                             if w.lower() not in _SIDE_WORDS).items())


def names_turned(old: str, new: str) -> tuple[str, str] | None:
    """The names (one capital letter: the points A and B) a rewording printed in another order,
    as (old order, new order): "A still left of B" is not "B still left of A", whatever the
    words of sense around them; None when they keep their order (or are not the same names)."""
    na, nb = (_names(t) for t in (old, new))
    if na == nb or Counter(na) != Counter(nb):
        return None
    first = next(i for i, (x, y) in enumerate(zip(na, nb)) if x != y)
    last = len(na) - next(i for i, (x, y) in enumerate(zip(reversed(na), reversed(nb))) if x != y)
    return " … ".join(na[first:last]), " … ".join(nb[first:last])


def _renamed(old: str, new: str) -> tuple[str, str] | None:
    """A legend's symbol changed (``q: momentum of the oscillator`` for ``p: momentum of the
    oscillator``): the line says what another symbol means. As (old symbol, new symbol)."""
    a, b = LEGEND.match(old), LEGEND.match(new)
    if a and b and a.group(1) != b.group(1):
        return a.group(1), b.group(1)
    return None


LEGEND = re.compile(r"\s*([^\s:]{1,12}): (?=\S)")   # a legend's line: "q: position of the oscillator"
_TERM = re.compile(r"(?<![\\A-Za-z])[A-Za-z][A-Za-z0-9]*(?:-[A-Za-z0-9]+)*")   # round-off, RK4


def transposed(old: str, new: str) -> tuple[str, str] | None:
    """Two words of their own (names, nouns) that changed places, every other word kept: "big
    steps lose accuracy to round-off, and tiny steps to curvature" pairs each cause with the other
    size, "Error ratio (RK4 / Euler)" is the inverse ratio. As (old order, new order); None when
    the words differ otherwise, or when the two are the factors of "times" or the terms of "plus".
    Whole phrases swapped around one "and" are swapped_conjuncts."""
    a, b = _TERM.findall(old), _TERM.findall(new)
    if len(a) != len(b):
        return None
    moved = [i for i, (x, y) in enumerate(zip(a, b)) if x.lower() != y.lower()]
    if len(moved) != 2:
        return None
    i, j = moved
    if a[i].lower() != b[j].lower() or a[j].lower() != b[i].lower() or \
            any(w.lower() in FUNCTION_WORDS or len(w) < 2 for w in (a[i], a[j])):
        return None
    between = {w.lower() for w in a[i + 1:j]}
    if between & _COMMUTING and between <= _COMMUTING | _ARTICLES:
        return None   # "the step times the rate" is "the rate times the step": a product commutes
    if j == i + 1 and _PARTICIPLE.fullmatch(a[i].lower()):
        return None   # "no performance reported" for "no reported performance": the participle follows its noun (probe 114: h11)
    return f"{a[i]} … {a[j]}", f"{b[i]} … {b[j]}"


_PARTICIPLE = re.compile(r"[a-z]{3,}ed|given|shown|taken|written|chosen|known|drawn")


_COMMUTING = frozenset(("times", "plus"))


def terms_exchanged(old: str, new: str) -> tuple[str, str] | None:
    """Two words of their own that changed places across a word of sense, whatever else was
    reworded: "loses accuracy to curvature when the step is large and to round-off when it is
    tiny" printed "...; it loses accuracy to round-off when the step is large and to curvature
    when the step is tiny" pairs each cause with the other size (probe 107: b05). Each word
    stands once in each sentence; the sense between them is the same occurrence in both (their
    senses are kept in order). As (old order, new order)."""
    a, b = _sense_places(old), _sense_places(new)
    if len(a) != len(b) or not a:
        return None
    ta, tb = _term_places(old), _term_places(new)
    common = sorted(set(ta) & set(tb), key=ta.get)
    for i, x in enumerate(common):
        for y in common[i + 1:]:
            if tb[y] < tb[x] and any(ta[x] < p < ta[y] and tb[y] < q < tb[x] for p, q in zip(a, b)):
                return f"{x} … {y}", f"{y} … {x}"
    return None


def pairing_changed(old: str, new: str) -> tuple[str, str] | None:
    """Two names given two values in order ("mean and covariance are $A$ and $B$"), paired
    otherwise: "covariance and mean are $A$ and $B$" gives each name the other's value (probe
    108: b14); names and values both turned round ("covariance and mean are $B$ and $A$") keep
    the pairs. As (old pairs, new pairs)."""
    a, b = _pairs_of(old), _pairs_of(new)
    if a is None or b is None or a == b or set(a) != set(b) or set(a.values()) != set(b.values()):
        return None
    def shown(pairs: dict) -> str:
        return ", ".join(f"{k}: {v}" for k, v in pairs.items())
    return shown(a), shown(b)


_NAMES_VALUES = re.compile(r"\b(?P<n1>[A-Za-z][\w-]*)\s+and\s+(?P<n2>[A-Za-z][\w-]*)\s+(?:are|were|is|equal|read|become)\s+"
                         r"(?P<s1>\$[^$]+\$)\s+and\s+(?P<s2>\$[^$]+\$)")


def alternative_added(old: str, new: str) -> tuple[str, str] | None:
    """An alternative the sentence did not allow, added with "or": "In a deterministic decoder,
    causal or bidirectional," for "In a deterministic causal decoder" widens the hypothesis to
    things the claim was not made for (probe 113: b12). The word after the new "or" is one the
    sentence never printed; "or equivalently" and the like add no alternative. As ("", "or" and
    the word)."""
    a, b = _ALTERNATIVE.findall(MATH_SPAN.sub(" ", old)), _ALTERNATIVE.findall(MATH_SPAN.sub(" ", new))
    if len(b) <= len(a):
        return None
    words = {_word_root(w) for w in _TERM.findall(old.lower())}
    added = [w for w in b if w.lower() not in _NO_ALTERNATIVE and _word_root(w.lower()) not in words]
    return ("", f"or {added[0]}") if added else None


_ALTERNATIVE = re.compile(r"\bor\s+([A-Za-z][\w-]*)", re.IGNORECASE)
_NO_ALTERNATIVE = frozenset("equivalently rather so more less fewer greater larger smaller higher lower above below not "
                            "else otherwise in at a an the its their".split())


def negation_moved(old: str, new: str) -> tuple[str, str] | None:
    """A negation moved onto other words of the sentence: "is the course's teaching example and
    not a reduction derived from it" printed "is not the course's teaching example; it is a
    reduction derived from it" denies the other thing (probe 108: b12). Each "not" is compared
    with its counterpart by the words it denies, to the end of its clause; it moved when it now
    denies none of the words it denied, only words the sentence printed outside its reach. As
    (old denial, new denial)."""
    a, b = _denials(old), _denials(new)
    if len(a) != len(b):
        return None
    words = {_word_root(w) for w in _TERM.findall(old)}
    for (said, x), (now, y) in zip(a, b):
        if x and y and not x & y and y <= words - x:
            return said, now
    return None


_CLAUSE_EDGE = re.compile(r"[,;:.!?]|\s(?:and|but|while|whereas)\s", re.IGNORECASE)


def _denials(text: str) -> list[tuple[str, set[str]]]:
    """Each "not" of ``text`` (``n't`` read as "not") with its clause and the roots of the clause's
    words of its own ("but the learned parameters do not change" denies the parameters' change)."""
    text = _NOT.sub(" not", text)
    edges = [(e.start(), e.end()) for e in _CLAUSE_EDGE.finditer(text)]
    out = []
    for m in re.finditer(r"\bnot\b", text, re.IGNORECASE):
        a = max((end for _, end in edges if end <= m.start()), default=0)
        b = min((start for start, _ in edges if start >= m.end()), default=len(text))
        clause = text[a:b]
        out.append((clause.strip(), {_word_root(w) for w in _TERM.findall(clause) if w.lower() not in FUNCTION_WORDS
                                     and len(w) > 2 and w.lower() not in MEANING}))
    return out


def _word_root(word: str) -> str:
    return re.sub(r"ment$", "", stem(word.lower()))


def _pairs_of(text: str) -> dict[str, str] | None:
    m = _NAMES_VALUES.search(text)
    if m is None:
        return None
    return {m[f"n{k}"].lower(): re.sub(r"\s+", "", m[f"s{k}"]) for k in (1, 2)}   # spacing aside


def _term_places(text: str) -> dict[str, int]:
    """Where each word of its own (no function word, no word of sense) that stands once stands."""
    words = [(m.group(0).lower(), m.start()) for m in _TERM.finditer(text)]
    seen = Counter(w for w, _ in words)
    return {w: at for w, at in words if seen[w] == 1 and len(w) > 2 and w not in FUNCTION_WORDS
            and w not in MEANING}


def _sense_places(text: str) -> list[int]:
    """Where each word of sense (senses) stands, in order (found word by word from the left)."""
    out, at, lowered = [], 0, text.lower()
    for _, shown in senses(text):
        found = lowered.find(shown.lower(), at)
        if found < 0:
            return []
        out.append(found)
        at = found + len(shown)
    return out


_NEGATING = ("non", "un", "in", "im", "ir", "il", "dis")


def negated_word(old: str, new: str) -> tuple[str, str] | None:
    """A word replaced by its negation, or a negation by its word ("nonautonomous" for
    "autonomous", "unbiased" for "biased", "irregular" for "regular"), as (old, new)."""
    a, b = (Counter(w.lower() for w in WORD.findall(t)) for t in (old, new))
    gone, came = a - b, b - a
    for x, y in ((w, v) for w in gone for v in came):
        short, long_ = sorted((x, y), key=len)
        if len(short) > 3 and any(long_ == p + short for p in _NEGATING):
            return x, y
    return None


# where a clause ends: a full stop, a colon, a semicolon, or a comma before "while", "whereas", "but"
_CLAUSE_BREAK = re.compile(r"[;:.!?]+(?=\s|$)|,\s+(?=(?:while|whereas|but)\b)")


def moved_across_clauses(old: str, new: str) -> tuple[str, str] | None:
    """A word of its own (or a math span) exchanged with another clause's, the clauses
    otherwise kept: "A batch contains the $B$ examples ...; an epoch is one pass" with batch and
    epoch exchanged, "requires X; fails for Y" with X and Y exchanged, "the path cost is
    $-\\log 0.08$, while the log ratio ... is zero" with the values exchanged. Each clause of
    ``old`` is paired with the clause of ``new`` sharing most of its words; clauses moved whole
    keep their words and change nothing. As (the word, the word in another clause)."""
    a, b = (_clause_sets(t) for t in (old, new))
    # a clause added (or struck) besides: the others judged without it ("The trajectory is long;
    # the adjoint method stores ...; backpropagating ... needs one extra backward solve",
    # reviewer helper-93)
    if len(b) == len(a) + 1:
        b = _without_the_extra(b, a)
    elif len(a) == len(b) + 1:
        a = _without_the_extra(a, b)
    if len(a) != len(b) or not 2 <= len(a) <= 6:
        return None
    # the pairing sharing most words in all; of those, the one moving fewest clauses
    pair = max(permutations(range(len(b))), key=lambda p: (sum(len(c & b[j]) for c, j in zip(a, p)),
                                                             -sum(i != j for i, j in enumerate(p))))

    def moved(i: int, k: int) -> list[str]:   # the words clause i gave clause k
        return sorted(w for w in a[i] - b[pair[i]] if w in b[pair[k]] and w not in a[k])
    for i in range(len(a)):
        for k in range(len(a)):
            # an exchange: a word for a word ("evaluations" said once for two clauses is no exchange)
            if k != i and moved(k, i) and (w := next(iter(moved(i, k)), None)) is not None:
                said = next((t for t in WORD_OR_SPAN.findall(old) if t.lower() == w or stem(t) == w), w)
                return said, f"{said} (in another clause)"
    # a phrase carried to another clause: "it doubles while alternating sign" made "shrinks by
    # half ... while alternating sign; ... it doubles" says the sign alternates where it halves
    for i in range(len(a)):
        for k in range(len(a)):
            gone = [w for w in moved(i, k) if w not in FUNCTION_WORDS and len(w) > 2]
            if k != i and len(gone) >= 2 and not moved(k, i):
                said = [t for t in WORD_OR_SPAN.findall(old) if t.lower() in gone or stem(t) in gone]
                phrase = " ".join(dict.fromkeys(said)) or " ".join(gone)
                return phrase, f"{phrase} (in another clause)"
    return None


# a clause joined by "and" before a determiner: "... one evaluation of f and each RK4 step four"
_AND_CLAUSE = re.compile(r",?\s+and\s+(?=(?:each|every|the|a|an|its|their)\b)")


def clauses_permuted(old: str, new: str) -> bool:
    """Whether ``new`` says ``old``'s clauses in another order, each whole: "Each RK4 step costs
    four evaluations of f, and each Euler step one" for "Each Euler step costs one evaluation of f
    and each RK4 step four". Each clause of ``old`` is paired with the clause of ``new`` sharing
    most of its words; each pair keeps its words of sense in their order, and a word one of them
    lacks stands in another clause (said once for both: "costs ... evaluations of f")."""
    a, b = (_clause_texts(t) for t in (old, new))
    if len(a) != len(b) or not 2 <= len(a) <= 6:
        return False
    wa, wb = [set(word_bag(c)) for c in a], [set(word_bag(c)) for c in b]
    pair = max(permutations(range(len(b))), key=lambda p: (sum(len(c & wb[j]) for c, j in zip(wa, p)),
                                                             -sum(i != j for i, j in enumerate(p))))
    if list(pair) == sorted(pair):
        return False
    every, said = set().union(*wa), set().union(*wb)
    for i, j in enumerate(pair):
        if [x for x, _ in senses(a[i])] != [x for x, _ in senses(b[j])] or wb[j] - every or (wa[i] - wb[j]) - said:
            return False

    def gave(i: int, k: int) -> set[str]:   # the words clause i gave clause k
        return (wa[i] - wb[pair[i]]) & wb[pair[k]] - wa[k]
    # a word for a word between two clauses ("requires X; fails for Y" as "requires Y; fails for X")
    return not any(gave(i, k) and gave(k, i) for i in range(len(a)) for k in range(i + 1, len(a)))


# the clauses clauses_permuted may reorder: sentences, lines, and clauses after ";" (a label and
# its value, "label: value", stay one)
_WHOLE_CLAUSE = re.compile(r"[;.!?]+(?=\s|$)|\n")


def _clause_texts(text: str) -> list[str]:
    return [c for part in _WHOLE_CLAUSE.split(text) for c in _AND_CLAUSE.split(part) if c.strip()]


def _without_the_extra(more: list[set[str]], fewer: list[set[str]]) -> list[set[str]]:
    """``more`` (one clause longer than ``fewer``) without the clause whose removal leaves the
    rest sharing most words with ``fewer``, clause for clause in order."""
    def shared(j: int) -> int:
        rest = more[:j] + more[j + 1:]
        return max(sum(len(c & rest[k]) for c, k in zip(fewer, p)) for p in permutations(range(len(rest))))
    if not 2 <= len(fewer) <= 6:
        return more
    j = max(range(len(more)), key=shared)
    return more[:j] + more[j + 1:]


def _clause_sets(text: str) -> list[set[str]]:
    """The words (by stem) and math spans of each clause of ``text`` (_CLAUSE_BREAK)."""
    return [set(word_bag(c)) for c in _CLAUSE_BREAK.split(text) if c.strip()]


def _listed_otherwise(old: str, new: str) -> tuple[str, str] | None:
    """A list in parentheses printed in another order ("(adjoint, finite difference): 3.7, 10.9"
    for "(finite difference, adjoint): 3.7, 10.9"): the order pairs each name with its value, or
    with a coordinate. As (old list, new list)."""
    a, b = _LISTED.findall(old), _LISTED.findall(new)
    if len(a) != len(b):
        return None
    for x, y in zip(a, b):
        xs, ys = x.split(", "), y.split(", ")
        if xs != ys and sorted(xs) == sorted(ys):
            return f"({x})", f"({y})"
    return None


_LISTED = re.compile(r"\(([^()]+(?:, [^()]+)+)\)")


def _converse(sa: list[str], sb: list[str], old: str, new: str) -> bool:
    """Whether ``new`` states ``old``'s relation between two names from the other side: one word
    of direction turned to its opposite and the two names around it swapped ("B still right of
    A" for "A still left of B", "Q is below P" for "P exceeds Q")."""
    diff = [(x, y) for x, y in zip(sa, sb) if x != y]
    if len(sa) != len(sb) or len(diff) != 1 or frozenset(diff[0]) not in _OPPOSITE:
        return False
    turned = names_turned(old, new)
    return turned is not None and turned[0].split(" … ") == list(reversed(turned[1].split(" … "))) \
        and len(turned[0].split(" … ")) == 2


_OPPOSITE = frozenset(frozenset(p) for p in (("left", "right"), ("up", "down"), ("earlier", "later"),
                                              ("forward", "backward")))


def _names(text: str) -> list[str]:
    """The capital letters standing alone (or as a span, ``$A$``), but "A" or "I" opening a
    sentence (an article, a word)."""
    out = []
    for m in _NAME.finditer(text):
        before = text[:m.start()].rstrip(" *\"'(")
        if not (m.group(0) in "AI" and (not before or before[-1] in ".!?")):
            out.append(m.group(0))
    return out


_NAME = re.compile(r"(?<![\\\w$^_{])[A-Z](?![\w}])|(?<=\$)[A-Z](?=\$)")   # "A", or "$A$" in a span of its own


# a verb whose two sides may be exchanged: "A is compared with B" says "B is compared with A"
_SYMMETRIC = re.compile(r"(?P<a>\S.*?)\s+(?P<v>(?:is|are)\s+(?:compared|contrasted)\s+(?:with|to|against)"
                        r"|(?:is|are)\s+(?:equal|identical)\s+to|coincides?\s+with|(?:is|are)\s+(?:different|distinct)\s+from"
                        r"|differs?\s+from)\s+(?P<b>\S.*?)\s*[.;!?]?", re.IGNORECASE)


_VERB_CORE = re.compile(r"compar|contrast|equal|identical|coincid|differ|distinct")   # "compared with" is "compared against"


def sides_exchanged(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` with the two sides of a symmetric verb exchanged: "The book's
    Stormer-Verlet update is compared with explicit Euler." for "Explicit Euler is compared with
    the book's Stormer-Verlet update." (probe 92: h13). Each side is the other's as printed,
    its first letter's case aside; the sentence is that one clause."""
    m, n = _SYMMETRIC.fullmatch(old.strip()), _SYMMETRIC.fullmatch(new.strip())
    if m is None or n is None or _VERB_CORE.findall(m["v"].lower()) != _VERB_CORE.findall(n["v"].lower()):
        return False
    def key(side: str) -> str:
        return side[:1].lower() + side[1:]
    return key(m["a"]) == key(n["b"]) and key(m["b"]) == key(n["a"])


def swapped_conjuncts(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` with the two phrases joined by one "and" or "or" swapped, the
    rest alike: "one backward and one forward solve" for "one forward and one backward solve".
    The phrases run from word to word, and may share their first or last words with the text
    around the change; "the first is smaller and the second larger" is not "the first is larger
    and the second smaller" (the join there is not one word)."""
    if old == new or len(old) != len(new):
        return False
    i = next((k for k, (x, y) in enumerate(zip(old, new)) if x != y), len(old))
    j = next((k for k, (x, y) in enumerate(zip(reversed(old), reversed(new))) if x != y), len(old))
    starts = [k + 1 for k in range(i - 1, -1, -1) if old[k] == " "][:4] + [0]
    ends = [k for k in range(len(old) - j, len(old)) if old[k] in " ,.;:"][:4] + [len(old)]
    for a in starts:
        for b in ends:
            mo, mn = old[a:b], new[a:b]
            for join in (" and ", " or ", "; "):
                parts = mo.split(join)
                if len(parts) == 2 and all(parts) and _same_clause(mn, parts[1] + join + parts[0]) \
                        and not _RESPECTIVE.match(old, b) \
                        and (join != "; " or _whole_clauses(old, a, b) and min(len(p.split()) for p in parts) >= 4):
                    return True
    return False


def _unswapped(old: str, new: str) -> str | None:
    """``old`` with two short conjuncts around one "and" or "or" (one to four words each) put in
    the order ``new`` prints them, where ``new`` prints that order and ``old`` does not; None when
    there are none, or when a list after them pairs with them in order (_RESPECTIVE: "A and B
    are X and Y"). What else the rewording changed is judged after (meaning_change)."""
    words = old.split(" ")
    for k, join in enumerate(words):
        if join not in ("and", "or"):
            continue
        for left in range(1, 5):
            for right in range(1, 5):
                if k - left < 0 or k + right >= len(words):
                    continue
                x, y = " ".join(words[k - left:k]), " ".join(words[k + 1:k + 1 + right])
                y = y.rstrip(",.;:")   # a conjunct ends before the clause's punctuation
                here, there = f"{x} {join} {y}", f"{y} {join} {x}"
                if x == y or not x or not y or there not in new or there in old or old.count(here) != 1:
                    continue
                at = old.index(here)
                if _RESPECTIVE.match(old, at + len(here)) or _RESPECTIVE_BEFORE.search(old[:at]):
                    continue
                return old.replace(here, there, 1)
    return None


def _whole_clauses(text: str, a: int, b: int) -> bool:
    """Whether ``text[a:b]`` runs from a clause's start to a clause's end: two clauses around "; "
    swap whole, never two phrases inside them ("rescales the objective; the scores ... do not
    change" for "rescales the scores; the objective ... do not change", reviewer helper-93), and
    never a fragment, which qualifies its neighbour ("Linear decay only; ...": at least 4 words)."""
    return (a == 0 or text[:a].rstrip()[-1:] in ".;:") and (b >= len(text.rstrip(". ")) or text[b] in ".;:")


# "A and B are X and Y": a second list after the swapped one pairs with it, in order
_RESPECTIVE = re.compile(r"\W*(?:are|were|is|equal|read|give|respectively)\b[^.;]*\band\b")
# ... and the values of such a pairing, after their names
_RESPECTIVE_BEFORE = re.compile(r"\b(?:and|or)\b[^.;]*\b(?:are|were|is|equal|read|give)\W*$")


def _same_clause(a: str, b: str) -> bool:
    """Equal, or equal but for the capital that opens a sentence (two clauses around "; " swapped:
    "At theta = 1 with x = 0 ...; at theta = 1 with x = 1 ...")."""
    return a == b or a.lower() == b.lower()


def _replaced(old: str, new: str, was: str, now: str) -> tuple[str, str]:
    """A change of sense with a side that carries none ("every" -> "some": "every" restates the
    plural) said with the words the edit replaced there, when one word-level change holds it."""
    if was and now:
        return was, now
    wo, wn = WORD.findall(old), WORD.findall(new)
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, wo, wn).get_opcodes():
        if op == "replace" and (now in " ".join(wn[j1:j2]) if now else was in " ".join(wo[i1:i2])):
            return " ".join(wo[i1:i2]), " ".join(wn[j1:j2])
    return was, now


def in_digits(text: str, other: str) -> str:
    """``text`` with each count word that ``other`` prints in digits instead written so ("after
    ten steps" against "after 10 steps"): the same number, however written. A word printed
    more often than ``other`` prints it, where ``other`` prints its digits more often, is
    written in digits at the places that make the texts most alike ("The four indices advance
    4 different things" for "... advance four different things")."""
    out = text
    for word in {" ".join(m.group(0).lower().split()) for m in _COUNT_WORD.finditer(text)}:
        value = spoken(word)
        # not the 4 of RK4, nor of 1/4; "one thousand" is 1000 or 1,000 (a bare "thousand" is
        # none: "fifty thousand" is no "fifty 1,000", reviewer helper-158)
        forms = [value, f"{int(value):,}"] if word in COMPOUNDS and int(value) >= 1000 else [value]
        digit = rf"(?<![\w.,/])(?:{'|'.join(map(re.escape, forms))})(?![\d/]|[.,]\d)"
        spots = [m for m in re.finditer(rf"\b{word}\b", out, re.IGNORECASE)]
        extra = len(spots) - len(re.findall(rf"\b{word}\b", other, re.IGNORECASE))
        more = len(re.findall(digit, other)) - len(re.findall(digit, out))
        k = min(extra, more)
        if k <= 0:
            continue
        value = re.search(digit, other).group(0)   # as ``other`` prints it
        def written(chosen) -> str:
            pieces, last = [], 0
            for m in chosen:
                pieces += [out[last:m.start()], value]
                last = m.end()
            return "".join(pieces) + out[last:]
        out = max((written(c) for c in combinations(spots, k)),
                  key=lambda t: difflib.SequenceMatcher(None, t, other, autojunk=False).ratio())
    return out


def spans_as_words(text: str, other: str) -> str:
    """``text`` with each ``$...$`` span that is one number written as ``other`` says that value
    in words ("a derivative of one millionth" against "a derivative of $10^{-6}$")."""
    words = {}
    for m in _COUNT_WORD.finditer(other):
        words.setdefault(value_of(m.group(0)), m.group(0))
    # or in digits outside $...$: "a derivative of 0.000001" for "a derivative of $10^{-6}$" (probe 125: h06)
    for m in _PLAIN_NUMBER.finditer(MATH_SPAN.sub(lambda s: " " * len(s.group(0)), other)):
        if (v := value_of(m.group(0))) is not None:
            words.setdefault(v, m.group(0))
    return NUMBER_SPAN.sub(lambda m: words.get(value_of(m.group(1)), m.group(0)), text) if words else text


_PLAIN_NUMBER = re.compile(rf"(?<![\w.^])(?:{MANTISSA})(?:{TIMES_TEN}|{EXPONENT})?(?![\w.])")


_FRACTION_WORDS = {"half": "50", "a quarter": "25", "a third": r"33(?:\.3+)?", "three quarters": "75"}


# "shrinks by half" and "is halved" both say "halves"
_HALVES = re.compile(r"\b(?:(?:shrinks?|falls?|drops?|decreases?|reduces?|is reduced|is cut) by (?:a )?half"
                     r"|(?:shrinks?|falls?|drops?|decreases?|is reduced) to (?:(?:one )?half|50\s*(?:%|\\%|percent))"
                     r"(?: of)? (?:its|the) (?:value|size)"
                     r"|(?:is|are|gets|get) halved|halves"
                     r"|(?:is|are|gets|get) (?:divided|cut) (?:by (?:two|2)(?![\d.,/^]|\s+(?:squared|cubed|hundred|"
                     r"thousand|million))|in half))\b(?!\s+(?:an?\s+)?(?:order|percent|%))", re.IGNORECASE)


# "the two-state path and its time reverse are equally probable" is "forward and reverse of the
# two-state path have equal probability" (probes 84: h09, 85: h10)
_ITS_REVERSE = re.compile(r"\bthe\s+((?:[\w-]+\s+){0,2}[\w-]+)\s+and\s+its\s+(?:time[- ])?reverse\b", re.IGNORECASE)
_EQUALLY_LIKELY = re.compile(r"\b(?:are|is)\s+equally\s+(?:probable|likely)\b", re.IGNORECASE)


def _forward_and_reverse(text: str, other: str) -> str:
    """``text`` with "the X and its reverse" said "forward and reverse of the X" where ``other``
    says that of the same X, and "are equally probable" "have equal probability" where ``other``
    says so: one statement of a path and its reverse (a changed X is left to differ)."""
    def said(m: re.Match) -> str:
        turned = f"forward and reverse of the {m[1]}"
        return turned if re.search(rf"\b{re.escape(turned)}\b", other, re.IGNORECASE) else m[0]
    text = _ITS_REVERSE.sub(said, text)
    return _EQUALLY_LIKELY.sub("have equal probability", text) if "equal probability" in other.lower() else text


# a half said as a factor: "the amplitude is multiplied by $0.5$ each step" (probe 85: h05)
def halved(text: str) -> str:
    """``text`` with "is multiplied by $1/2$" (or $0.5$, "one half") said "is halved": a factor
    of one half, as words say it (probe 89: h05); "decreases by $0.5$" stays a number."""
    return _TIMES_HALF.sub("is halved", text)


_TIMES_HALF = re.compile(r"\b(?:is|are|gets|get)\s+multiplied\s+by\s+(?:a\s+factor\s+(?:of\s+)?)?"
                         r"(?:\$\s*(?:0?\.5|1/2|\\frac\{1\}\{2\})\s*\$|(?:0?\.5|1/2|(?:one\s+|a\s+)?half)\b(?![\d.,/^]))"
                         # the factor ends its phrase: not "by 0.5 h", "by 1/2 of h", "by 0.5 or by 2"
                         r"(?=\s*(?:[,.;:!?)]|$)|\s+(?:each|every|per|at|when|whenever|while|in|on)\b)", re.IGNORECASE)


# the two things said one by one or together: "Each is a legitimate dynamical system" for "Both are
# legitimate dynamical systems" (said of two things, as "both" in the other sentence says)
_BOTH = re.compile(r"\bboth(?: of (?:them|these|those))? (?:are|were)\b", re.IGNORECASE)
_EACH = re.compile(r"\beach(?: of (?:them|these|those|the two))? (?:is|was)\b", re.IGNORECASE)
# a sentence that counts more than two things: its "each is" is no "both are" ("four different
# experiments even when each is implemented by a loop")
_MANY = re.compile(r"\b(?:three|four|five|six|seven|eight|nine|ten|eleven|twelve|several|many|all|every)\b"
                   r"|(?<![\w.,])(?:[3-9]|\d{2,})(?![\w.,])", re.IGNORECASE)


def as_fraction_word(text: str, start: int, end: int) -> bool:
    """Whether the number at ``text[start:end]`` is a percentage a fraction word says ("50%" is
    "half"): a listed sentence printing it says that word (_as_fraction_words)."""
    return any(re.fullmatch(digits, text[start:end]) for digits in _FRACTION_WORDS.values()) \
        and re.match(r"\s*(?:%|\\%|percent\b|per cent\b)", text[end:]) is not None


def _as_fraction_words(text: str, other: str) -> str:
    """``text`` with each percentage that ``other`` writes as a fraction word written so ("by 50%"
    against "by half", "50% of the derivative" against "half the derivative")."""
    for word, digits in _FRACTION_WORDS.items():
        if re.search(rf"\b{word}\b", other, re.IGNORECASE) and not re.search(rf"\b{word}\b", text, re.IGNORECASE):
            text = re.sub(rf"(?<![\w.,]){digits}\s*(?:%|\\%|percent\b|per cent\b)(?:\s+of\b)?", word, text)
    return text


def counts_in_digits(text: str) -> str:
    """``text`` with every count word written in digits ("at time six" -> "at time 6")."""
    return _COUNT_WORD.sub(lambda m: spoken(m.group(0)), text)


_COUNT_WORD = re.compile(r"\b(?:" + spoken_alternatives(SPOKEN) + r")\b", re.IGNORECASE)   # "a sixteenth" before "a"


def describe(change: tuple[str, str], old: str = "", new: str = "") -> str:
    """A meaning change as findings print it: ``"below" -> "above"`` (``-`` for no word); given
    the texts, a side with no sense word is said with the words the edit replaced there
    (``"every" -> "some"``, ``"four" -> "two"``)."""
    was, now = _replaced(old, new, *change) if old and new else change
    return f"\"{was or '-'}\" -> \"{now or '-'}\""


_MARKS = re.compile(r"\[[^\]]*\]|\b(?:conditional|exact|controlled|approximation|proposal)\b", re.IGNORECASE)


def cell_meaning_change(old: str, new: str) -> tuple[str, str] | None:
    """meaning_change of a status cell's words besides its marks ("Conditional: fails for
    anisotropic noise"): a changed mark is a changed tag, judged as such (audit NP401-NP403).
    The evidence a cell names is named by "by" or "it follows (directly) from": "[Exact], by the
    chain rule" is "[Exact]; it follows directly from the chain rule" (probe 83: h10)."""
    return meaning_change(_FOLLOWS_FROM.sub("by", _MARKS.sub(" ", old)), _FOLLOWS_FROM.sub("by", _MARKS.sub(" ", new)))


# (its subject the claim, "it", "this", "which"; never "the chain rule follows from it", the converse)
_FOLLOWS_FROM = re.compile(r"\b(?:it|this|which)\s+follows\s+(?:(?:directly|immediately)\s+)?from\b"
                           r"(?!\s+(?:it|this|that|them|these|those)\b)", re.IGNORECASE)


def _ratio(a: str, b: str) -> float:
    """How alike two texts are: as spelled, or with each word of a sense written as its sense
    ("is above" and "exceeds" are both "up": _sensed), or 1 for the same words in another order
    that keeps each sense word between the same neighbours (_reordered), or two phrases joined
    by "and" or "or" swapped (swapped_conjuncts)."""
    raw = _quick(a, b)
    if raw >= SENTENCE:
        return raw
    return max(raw, _quick(_sensed(a), _sensed(b)),
               1.0 if _reordered(a, b) or swapped_conjuncts(a, b) or phrase_moved(a, b) else 0.0)


def _quick(a: str, b: str) -> float:
    m = difflib.SequenceMatcher(None, a, b, autojunk=False)
    return m.ratio() if m.real_quick_ratio() >= SENTENCE * 0.9 and m.quick_ratio() >= SENTENCE * 0.9 else 0.0


# "equals 12", "is equal to 12", "comes to 12": a value stated, as "is 12" states it
_VALUE_COPULA = re.compile(r"\b(?:is\s+equal\s+to|equals|comes\s+to|amounts\s+to)\s+(?=[-\u2212$\d]|(?:"
                           + spoken_alternatives(SPOKEN) + r")\b)", re.IGNORECASE)


def valued(text: str) -> str:
    """``text`` with each verb stating a value before it written "is" ("this equals twelve": "this is twelve")."""
    return _VALUE_COPULA.sub("is ", text)


@lru_cache(maxsize=4096)
def _sensed(text: str) -> str:
    """``text`` with each word of MEANING written as its sense, and a copula before one left out:
    "because |theta| is above 1" and "because |theta| exceeds 1" read alike."""
    text = _COPULA.sub(lambda m: "" if MEANING.get(m.group(1).lower()) else m.group(0), _ALL_MASS.sub("concentrates", text))
    return WORD.sub(lambda m: f"<{MEANING[w]}>" if (w := m.group(0).lower()) in MEANING else m.group(0), text)


_COPULA = re.compile(r"\b(?:is|are|was|were|be)\s+(?=([A-Za-z]+))", re.IGNORECASE)


def _reordered(a: str, b: str) -> bool:
    """The same words, signs and numbers (commas aside) in another order, each word of a sense
    before the same word, and one of direction ("exceeds", "below") also after the same word:
    "Exact equilibria, not unconverged iterates, are compared." for "Exact equilibria are
    compared, not unconverged iterates."; never "B exceeds A" for "A exceeds B"."""
    ta, tb = ([t for t in _TOKEN.findall(x) if t != ","] for x in (a, b))
    if len(ta) != len(tb) or Counter(ta) != Counter(tb):
        return False

    def around(tokens: list[str]) -> Counter:
        return Counter((tokens[i - 1] if i and MEANING[t.lower()] in _DIRECTED else "", t,
                        tokens[i + 1] if i + 1 < len(tokens) else "")
                       for i, t in enumerate(tokens) if t.lower() in MEANING)
    return around(ta) == around(tb)


_DIRECTED = frozenset({"up", "down", "at most", "max", "min", "earlier", "later", "forward", "backward"})


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
            # and each clause that begins it (a statement registered as a sentence's first clauses)
            for m in _CLAUSE_END.finditer(line, found[i][0], found[i][1]):
                yield start + found[i][0], line[found[i][0]:m.start()]
        start += len(line) + 1


_CLAUSE_END = re.compile(r"[,;](?=\s)")


def _best(candidates: Iterator[tuple[int, str]], score: Callable[[str], float],
          floor: float) -> tuple[int, str] | None:
    ranked = sorted(((score(c), at, c) for at, c in candidates), reverse=True)
    if not ranked or ranked[0][0] < floor:
        return None
    # a close second elsewhere is ambiguous; one at the same place is a longer or shorter run of it
    if len(ranked) > 1 and ranked[1][0] > ranked[0][0] - MARGIN and ranked[1][2] != ranked[0][2] \
            and ranked[1][1] != ranked[0][1]:
        return None
    return ranked[0][1], ranked[0][2]


MATHS = frozenset("+-\u2212*/^=<>()[]{}|\\_0123456789")


def _maths(text: str) -> str:
    """The characters of a text that carry its mathematics: rewording must leave them alone
    (a bold mark ``**`` is emphasis, not a product)."""
    text = _ABS_DIFFERENCE.sub(lambda m: "|" + " - ".join(sorted(m.groups())) + "|", text)   # |z - 1| is |1 - z|
    text = _DIVIDED.sub("/", text)   # "fast rate divided by slow rate" is "fast rate / slow rate"
    text = _WORD_HYPHEN.sub(" ", text)   # "zero-input" is a word, not a difference
    return "".join(ch for ch in text.replace("**", "") if ch in MATHS)


_WORD_HYPHEN = re.compile(r"(?<=[A-Za-z]{2})-(?=[A-Za-z]{2})")


_ABS_DIFFERENCE = re.compile(r"\|\s*([^|\s-]+)\s*-\s*([^|\s-]+)\s*\|")
_DIVIDED = re.compile(r"\bdivided\s+by\b|\bover\b(?=\s+(?:the\s+)?[a-z0-9(])", re.IGNORECASE)


def signature(text: str) -> str:
    """What of a text's mathematics a rewording must keep: the characters of _MATHS in order,
    and of each ``$...$`` span those of its skeleton (sources.anchor: notation and grouping set
    aside) in any order, so ``\\frac{\\sqrt{3}}{\\sqrt{3}+1}`` keeps ``\\sqrt{3}/(1+\\sqrt{3})``'s and
    a changed sign or digit does not (the formula reader judges the span as printed). A plain
    relation is read in words first ("ah < 2" keeps "ah is below 2"'s: relations_in_words)."""
    text = _TENDS_IN_WORDS.sub(lambda m: f"{m[1]} becomes small", relations_in_words(text))
    out, last = [], 0
    for m in MATH_SPAN.finditer(text):
        out += [_maths(_decimals(text[last:m.start()])), "$" + "".join(sorted(_maths(skeleton(m.group(1) or m.group(2))))) + "$"]
        last = m.end()
    return "".join(out) + _maths(_decimals(text[last:]))


def _decimals(text: str) -> str:
    """Plain text with each number printed with a power of ten written as a decimal, and a
    number alone in parentheses without them: "2/(4x10^{-3})" is "2/0.004" (probe 122: h20)."""
    text = _POWER_OF_TEN.sub(lambda m: _as_decimal(m[0]), text)
    return _LONE_NUMBER.sub(r"\1", text)


def _as_decimal(number: str) -> str:
    value = value_of(number)
    if value is None:
        return number
    d = Decimal(value.numerator) / Decimal(value.denominator)
    return format(d.normalize(), "f")


_POWER_OF_TEN = re.compile(rf"(?<![\w.])(?:{MANTISSA})(?:{TIMES_TEN}|{EXPONENT})(?![\w.])")
_LONE_NUMBER = re.compile(r"\(\s*(\d+(?:\.\d+)?)\s*\)")


def respelled(a: str, b: str) -> bool:
    """Whether two sentences differ only in how their ``$...$`` spans are spelled (the same
    words, each span the same up to notation and grouping: ``signature``)."""
    words = [" ".join(MATH_SPAN.sub("$", t).split()) for t in (a, b)]
    return words[0] == words[1] and signature(a) == signature(b)


def reworded(note: str, text: str, row: bool = False) -> tuple[int, str] | None:
    """(offset, printed text) of the note's one row cell or sentences most like ``text`` and
    with the same mathematics (digits, operators, brackets, LaTeX, each ``$...$`` up to its
    spelling: ``signature``): words may change, never the math (an edited formula inside a
    sentence is judged as an edit, not a rewording)."""
    changed = (lambda c: row_changed(text, c, note)) if row else (lambda c: changed_in(note, text, c))
    return _alike(note, text, lambda c: changed(c) is None) or _swapped_run(note, text)


def paraphrased(note: str, text: str) -> tuple[int, str] | None:
    """(offset, printed text) of the note's one sentence run that says ``text`` in other words
    (at least LOOSE alike, clearly ahead of the next) with exactly its mathematics and no word's
    sense changed: "integrated backwards, starting at t = 1 and ending at t = 0" for "solved
    backward in time, from t = 1 down to t = 0"; a question, whatever its words (it claims
    nothing). Only a quote inside it is found this way (Note._in_reworded): its number keeps
    its place among the same numbers."""
    if len(text) < 12:
        return None
    sign, asks = signature(text), text.rstrip(" *").endswith("?")   # a question's words claim nothing
    return _best(((at, c) for at, c in _runs(note) if 0.6 < len(c) / len(text) < 1.7 and signature(c) == sign
                  and (asks and c.rstrip(" *").endswith("?") or meaning_change(text, c) is None)),
                 lambda c: _loose(text, c), LOOSE)


def _loose(a: str, b: str) -> float:
    """How alike two sentences are: as printed, by their senses, or by their words in any order
    (a clause turned round: "When theta is raised by 0.01, the equilibrium moves" for "Raising
    theta by 0.01 moves the equilibrium"), the last only where nearly every word is kept."""
    words = word_dice(a, b)
    return max(difflib.SequenceMatcher(None, a, b, autojunk=False).ratio(),
               difflib.SequenceMatcher(None, _sensed(a), _sensed(b), autojunk=False).ratio(),
               words if words >= REORDERED else 0.0)


def sentence_around(text: str, start: int, end: int) -> tuple[int, int]:
    """(start, end) of the sentence of ``text``'s line that holds ``text[start:end]``."""
    lo, hi = text.rfind("\n", 0, start) + 1, text.find("\n", end)
    hi = len(text) if hi < 0 else hi
    for m in _SENTENCES.finditer(text, lo, hi):
        if m.start() <= start and end <= m.end():
            return m.start(), m.end()
    return lo, hi


def restructured(old: str, new: str) -> bool:
    """Whether ``new`` says ``old`` with its parts in another order: two phrases joined by "and"
    or "or" swapped (swapped_conjuncts), a phrase of place moved to the other end (phrase_moved),
    or the same words reordered with each word of sense between the same neighbours (_reordered).
    Names turned ("B still left of A") or a respective list re-paired is meaning_change's to say."""
    return swapped_conjuncts(old, new) or phrase_moved(old, new) or _reordered(old, new)


def _swapped_run(note: str, text: str) -> tuple[int, str] | None:
    """The one run of the note that is ``text`` with two of its clauses swapped around "and",
    "or" or "; " (swapped_conjuncts): the same statement, its numbers in another order."""
    found = [(at, c) for at, c in _runs(note) if len(c) == len(text) and swapped_conjuncts(text, c)]
    return found[0] if len(found) == 1 else None


def sense_changed(note: str, text: str) -> tuple[int, str, tuple[str, str]] | None:
    """(offset, printed text, the words changed) of the note's one row cell or sentences most
    like ``text``, with the same mathematics, whose words changed sense (``meaning_change``:
    "understates" -> "overstates") or name another of the note's terms (``term_swapped``: "a
    dataset" -> "a batch"): a registered statement edited to say something else."""
    hit = _alike(note, text, lambda c: changed_in(note, text, c) is not None)
    if hit is None:
        return None
    at, printed = hit
    words = printed.lstrip("—–-* ").rstrip("* ")   # a caption's dash and bold marks are not its words
    return at + printed.index(words), words, changed_in(note, text, printed)


def row_changed(cell: str, printed: str, note: str = "") -> tuple[str, str] | None:
    """What a status-table row ``printed`` changed of the registered claim cell: a word's sense,
    or a word after its first made another term of the ``note`` wherever it stands (a row is a
    short claim: term_swapped, ``anywhere``)."""
    return meaning_change(cell, printed) or (term_swapped(cell, printed, note, anywhere=True) if note else None)


def changed_in(note: str, text: str, printed: str) -> tuple[str, str] | None:
    """What a rewording ``printed`` of ``text`` in ``note`` changed: a word's sense
    (meaning_change), or else a noun for another term of the note (term_swapped); None for none."""
    return meaning_change(text, printed) or term_swapped(text, printed, note)


# a noun: a determiner right before it, or before one adjective before it ("a fixed map")
_DETERMINERS = frozenset("the a an its their this these those that each every any no one some our several both such "
                         "two three four".split())
_NOT_NOUNS = FUNCTION_WORDS | frozenset("a an of is be to in on at by as or it not no can may must does do did will "
                                        "would should could each every any all some one two thing things way ways "
                                        "kind kinds sort".split())   # vague nouns: "such a thing", "the way"
_TERM_WORD = re.compile(r"\$[^$]*\$|(?<![\\A-Za-z])[A-Za-z][A-Za-z'-]*")


def term_swapped(text: str, printed: str, note: str, anywhere: bool = False) -> tuple[str, str] | None:
    """The noun a rewording replaced by another term the note uses (elsewhere, or in the same
    sentence), as (old, new): "an epoch is one pass through a batch" for "... through a
    dataset", "rescales the parameters" for "rescales the scores", "A fixed input gives" for "A
    fixed map gives" (words of sense are meaning_change's; a term the note never uses, a
    synonym an author brings, is no swap). One word for one, each after a determiner or a
    preposition (``anywhere``: wherever it stands, as in a status-table row's short claim; a
    name, capitalised inside the sentence or holding a digit, stands anywhere: "Verlet's" for
    "Euler's"), the old one printed fewer times and the new one more."""
    if text == printed:   # most sentences: printed as listed
        return None
    a, b = _TERM_WORD.findall(text), _TERM_WORD.findall(printed)
    ka, kb = [_term_key(w) for w in a], [_term_key(w) for w in b]
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ka, kb, autojunk=False).get_opcodes():
        # a determiner changed with its phrase is no word of the phrase ("the training step" for
        # "an internal iteration", probe 99: b04)
        while op == "replace" and i2 - i1 > 1 and j2 - j1 > 1 and a[i1].lower() in _DETERMINERS \
                and b[j1].lower() in _DETERMINERS:
            i1, j1 = i1 + 1, j1 + 1
        if op != "replace" or i2 - i1 > 2 or j2 - j1 > 2:
            continue
        # a phrase of two words is a noun and the one word before it: its head noun is compared
        # ("the available context" for "the parameters", probe 92: b01)
        i, j = i2 - 1, j2 - 1
        old, new = ka[i], kb[j]
        first = i == 0 or j == 0   # a sentence's first word is capitalised whatever it is
        if (named := _phrases_named(a[i1:i2], b[j1:j2], note)) is not None:
            return named
        if _is_term(a[i]) and _is_term(b[j]) and not terms_alike(a[i], b[j]) \
                and not _same_participle(a[i], b[j]) \
                and not (i2 - i1 + j2 - j1 > 2 and _share_a_root(a[i1:i2], b[j1:j2])) \
                and not _holds(a[i], b[j]) \
                and (not first or _proper(a[i], note) and _proper(b[j], note)) \
                and ka.count(old) > kb.count(old) and kb.count(new) > ka.count(new) \
                and (anywhere or _named(a, i) and _named(b, j) or _determined(a, i) and _determined(b, j)) \
                and (new in ka or _note_terms(note)[new] > Counter(kb)[new]):
            return " ".join(a[i1:i2]), " ".join(b[j1:j2])
    return None


# participles of one sense: one for another is a verb reworded ("constant determined by $K$" for
# "constant set by $K$"; probe 131: h04), no term swapped. A closed list: "generated" for
# "supplied", "trained" for "shared" name other things (reviewer helper-152)
_SAME_PARTICIPLE = (frozenset("set determined fixed specified chosen given governed controlled".split()),)


def _same_participle(a: str, b: str) -> bool:
    """Whether two words are participles of one sense (_SAME_PARTICIPLE)."""
    return any(a.lower() in group and b.lower() in group for group in _SAME_PARTICIPLE)


def question_changed(old: str, new: str) -> tuple[str, str] | None:
    """The words of an answered question (one the note answers "No." or "Yes." right after) a
    rewording replaced, added or struck out, as (old, new); None when only function words,
    inflections and terms of one group changed. The answer is printed for exactly what is
    asked, and no check computes it: "change the output sampling rule" for "retrain the model"
    can turn its "No." false (probe 94: b06; "free to leave" for "forced to stay", b12)."""
    def words(text: str) -> list[str]:   # numbers aside: their quotes and senses judge them ("6" for "six")
        return [w for w in WORD.findall(text) if w.lower() not in FUNCTION_WORDS | _DETERMINERS | _AUXILIARIES
                and w.lower() not in SPOKEN and (root := w.lower().removesuffix("s").removesuffix("th")) not in SPOKEN
                and root not in _ORDINAL_ROOTS]
    a, b = words(old), words(new)
    ka, kb = [stem(w) for w in a], [stem(w) for w in b]
    if any(ka[:i] + [ka[i + 1], ka[i]] + ka[i + 2:] == kb for i in range(len(ka) - 1)):
        return None   # two neighbours turned round: "weight sharing" for "sharing weights"
    for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, ka, kb, autojunk=False).get_opcodes():
        if op == "equal" or op == "replace" and i2 - i1 == j2 - j1 \
                and all(terms_alike(x, y) for x, y in zip(a[i1:i2], b[j1:j2])):
            continue
        return " ".join(a[i1:i2]) or "-", " ".join(b[j1:j2]) or "-"
    return None


# an ordinal's root that is no number in words: "fifth", "millionths"
_ORDINAL_ROOTS = frozenset("half third quarter fif eigh nin twelf twentie million billion".split())


def _holds(old: str, new: str) -> bool:
    """Whether one word is a hyphenated form holding the other: "mini-batch" for "batch"."""
    return stem(old) in {stem(p) for p in new.split("-")} or stem(new) in {stem(p) for p in old.split("-")}


def _phrases_named(old: list[str], new: list[str], note: str) -> tuple[str, str] | None:
    """Two phrases of two words each, the new one printed elsewhere in the note as it stands
    here, for one another: one named thing for another, whatever their head nouns ("the internal
    iteration" for "the training step", two of Week 9's four indices; reviewer helper-105: b01;
    "called greedy decoding" for "called teacher forcing", probe 96: b04)."""
    if len(old) != 2 or len(new) != 2 or not all(_is_term(w) for w in old + new):
        return None
    said, instead = " ".join(old), " ".join(new)
    if said.lower() == instead.lower() or _share_a_root(old, new):
        return None
    printed = note.lower()
    return (said, instead) if printed.count(instead.lower()) >= 2 else None   # "greedy decoding" for "teacher forcing"


def _share_a_root(old: list[str], new: list[str]) -> bool:
    """Whether two phrases share a word's root (its first three letters), a hyphenated word's
    parts too: "the tied tokens" says "the ties" again, "its per-use contributions" "its uses"."""
    def roots(words: list[str]) -> set[str]:
        return {p[:3].lower() for w in words for p in w.split("-") if len(p) >= 3}
    return bool(roots(old) & roots(new))


def _term_key(word: str) -> str:
    return word if word.startswith("$") else stem(_POSSESSIVE.sub("", word))


_POSSESSIVE = re.compile(r"['\u2019]s?$")


def _proper(word: str, note: str) -> bool:
    """Whether the note prints ``word`` (its possessive aside) capitalised inside a sentence: a name."""
    name = _POSSESSIVE.sub("", word)
    return name[:1].isupper() and re.search(rf"[a-z,;:]\s+{re.escape(name)}\b", note) is not None


def _named(words: list[str], i: int) -> bool:
    """A name: capitalised inside its sentence ("Verlet's energy" after "but"), or holding a digit (RK4)."""
    return any(c.isdigit() for c in words[i]) or words[i][:1].isupper()


def _is_term(word: str) -> bool:
    return not word.startswith("$") and len(word) >= 3 and word.lower() not in _NOT_NOUNS and word.lower() not in MEANING


def _determined(words: list[str], i: int) -> bool:
    """A noun: a determiner or a preposition right before it, or before one adjective before it."""
    before = [w.lower() for w in words[max(0, i - 2):i]]
    return bool(before) and (before[-1] in _NOUN_AFTER
                             or len(before) == 2 and before[0] in _NOUN_AFTER and before[1] not in _NOT_NOUNS)


_NOUN_AFTER = _DETERMINERS | frozenset("with for of by through over on in from to at across per under".split())


@lru_cache(maxsize=16)
def _note_terms(note: str) -> Counter:
    """How often the note prints each word (by stem), a hyphenated word's parts too."""
    return Counter(_term_key(p) for w in _TERM_WORD.findall(note) for p in {w, *w.split("-")})


def maths_changed(note: str, text: str) -> tuple[int, str, tuple[str, str]] | None:
    """(offset, printed text, the first math span changed, before and after) of the note's one
    row cell or sentences most like ``text`` whose ``$...$`` spans differ (``$\\Delta s$`` ->
    ``$\\Delta s^2$``): a registered row or sentence whose mathematics was edited."""
    spans = [m.group(0) for m in MATH_SPAN.finditer(text)]

    def edited(c: str) -> bool:
        printed = [m.group(0) for m in MATH_SPAN.finditer(c)]
        return len(printed) == len(spans) and printed != spans
    hit = _most_like(note, text, edited)
    if hit is None:
        return None
    at, printed = hit
    old, new = next((a, b) for a, b in zip(spans, (m.group(0) for m in MATH_SPAN.finditer(printed))) if a != b)
    return at, printed, (old, new)


def _alike(note: str, text: str, keep: Callable[[str], bool]) -> tuple[int, str] | None:
    """The run most like ``text`` (``_most_like``) that ``keep`` keeps and that has the same
    mathematics (a count word printed in digits is the same number)."""
    sign = signature(text)

    def same_maths(c: str) -> bool:
        printed = signature(c)
        return printed == sign or printed == signature(in_digits(text, c)) \
            or signature(rounded_back(text, c)) == sign or printed == signature(spans_as_words(text, c)) \
            or signature(halved(c)) == sign   # "shrinks by half" printed "is multiplied by $1/2$"
    found = _most_like(note, text, lambda c: same_maths(c) and keep(c))
    if found is None and _CONNECTIVE.search(text):   # "B, because A" for "A, so B", each clause's maths kept
        found = _best(((at, c) for at, c in _runs(note) if 0.6 < len(c) / len(text) < 1.7 and cause_turned(text, c)),
                      lambda c: word_dice(text, c), REORDERED)
    return found


def rounded_back(text: str, printed: str) -> str:
    """``printed`` with each decimal that re-rounds ``text``'s decimal at its place, or that
    ``text``'s rounds (``0.634`` or ``0.6339746`` for ``0.633975``, in order), written as ``text``
    has it: a quote judges the rounding and the digits added."""
    from decimal import Decimal
    a, b = _DECIMAL.findall(text), list(_DECIMAL.finditer(printed))
    if not b or len(a) != len(b):
        return printed
    out, last = [], 0
    for x, m in zip(a, b):
        y = m.group(0)
        places = min(len(y.split(".")[1]), len(x.split(".")[1]))
        if abs(Decimal(x) - Decimal(y)) > Decimal(5) / Decimal(10) ** (places + 1):
            return printed
        out += [printed[last:m.start()], x]
        last = m.end()
    return "".join(out) + printed[last:]


_DECIMAL = re.compile(r"(?<![\w.])\d+\.\d+")


def _most_like(note: str, text: str, keep: Callable[[str], bool]) -> tuple[int, str] | None:
    """The one run of the note's sentences (or row cell) of about ``text``'s length, kept by
    ``keep``, most like ``text`` (at least SENTENCE, clearly ahead of the next)."""
    if len(text) < 12:
        return None
    kept = [(at, c) for at, c in _runs(note) if 0.6 < len(c) / len(text) < 1.7 and keep(c)]
    return _best(iter(kept), lambda c: _ratio(text, c), SENTENCE) or _words_kept(text, kept)


def _words_kept(text: str, candidates: list[tuple[int, str]]) -> tuple[int, str] | None:
    """The one candidate that says ``text`` restructured: each of its words kept, in any order
    within its clause (vocabulary.word_dice at least REORDERED); "away from the origin" is not
    "at the origin", and "while alternating sign" moved to the clause before says another thing."""
    mine = _clause_words(text)
    return _best(((at, c) for at, c in candidates if len(theirs := _clause_words(c)) == len(mine)
                  and all(a <= b for a, b in zip(mine, theirs))), lambda c: word_dice(text, c), REORDERED)


_CLAUSE = re.compile(r"[;.!?:]+(?=\s|$)")


def _clause_words(text: str) -> list[set[str]]:
    """The words of each clause of ``text`` (cut at ``;``, ``:`` and sentence ends), by stem."""
    return [set(word_bag(c)) for c in _CLAUSE.split(text) if c.strip()]


def reworded_cell(cell: str, cells: list[str], note: str = "") -> int | None:
    """The index of the one of ``cells`` (a status table's claim cells) reworded from ``cell``:
    most like it by difflib's ratio, else by its words in any order (a phrase moved, the
    sentence restructured: vocabulary.word_dice), each of its words, math spans and numbers kept
    (given the ``note``, no noun made another of its terms: "stationary means" for "stationary
    variances", row_changed)."""
    kept = [(i, c) for i, c in enumerate(cells) if row_changed(cell, c, note) is None]
    mine = _printed(cell)
    hit = _best(iter(kept), lambda c: _ratio(cell, c), SENTENCE) \
        or _words_kept(cell, [(i, c) for i, c in kept if _printed(c) == mine])
    return None if hit is None else hit[0]


def _printed(text: str) -> Counter:
    """A text's math spans and numbers, as printed."""
    return Counter(t for t in WORD_OR_SPAN.findall(text) if t[0] in "$0123456789")


_TOKEN = re.compile(r"\d+(?:\.\d+)?|\w+|[^\w\s]")


def _lost_word(snippet: str, around: str) -> bool:
    """Whether a word of the quote's own (a name, a noun: "Euler", "steps") is missing from the
    note's words ``around`` a candidate number (its words of sense are meaning_change's: "exceeds"
    for "above"): the number of another sentence with a few words in common is not the quote's."""
    have = {stem(w) for w in WORD.findall(around)}
    return any(stem(w) not in have for w in (x.lower() for x in WORD.findall(snippet))
               if len(w) > 2 and w not in FUNCTION_WORDS and w not in MEANING)   # senses: meaning_change


def _relabelled(before: str, note: str, at: int) -> bool:
    """Whether a read-out's label (the snippet's words before ``label:``) lost a word on the
    line that prints the number at ``at``: the label names what the number is."""
    if ":" not in before:
        return False
    label = before[:before.index(":")]
    line = note[note.rfind("\n", 0, at) + 1:at]
    printed = {stem(w) for w in WORD.findall(line[:line.find(":")])} if ":" in line else set()
    if ":" in line and transposed(label, line[:line.find(":")]) is not None:
        return True       # "(RK4 / Euler)" names the inverse of "(Euler / RK4)"
    return any(stem(w) not in printed for w in WORD.findall(label) if len(w) > 2 and w.lower() not in FUNCTION_WORDS)


def _named_by_symbol(before: str, note: str, at: int) -> bool:
    """Whether a read-out's label names its number by a symbol (``(z*)``, ``|theta|``) that the label on the
    line printing the number at ``at`` names too, the value straight after the colon: the words
    around the symbol may change ("Resting value (z*): 5" for "Equilibrium (z*): 5")."""
    if not before.rstrip().endswith(":"):
        return False
    named = _SYMBOL.findall(before[:before.rindex(":")])
    line = note[note.rfind("\n", 0, at) + 1:at]
    if not named or not line.rstrip().endswith(":"):
        return False
    return all(n in line or _said(n, line) for n in named)


def _said(symbol: str, line: str) -> bool:
    """Whether ``line`` names a size symbol in words: "absolute value of theta" for ``|theta|``."""
    inner = symbol[1:-1]
    return symbol.startswith("|") and re.search(rf"\b(?:absolute value|magnitude|size) of {re.escape(inner)}\b",
                                                line, re.IGNORECASE) is not None


# a label's symbol: (z*), (h), (theta), |theta|
_SYMBOL = re.compile(r"\([^()\s]{1,10}\)|\|[^|\s]{1,10}\|")


def _about(note: str, at: int, shown: str, number: str) -> bool:
    """Whether ``shown`` at ``at`` is ``number`` rounded to its trailing zeros after a word that
    says so: "about 7,500" for "7,520" (the number's own check judges the rounding)."""
    digits = shown.replace(",", "")
    if not (digits.isdigit() and digits.endswith("0") and _ABOUT.search(note, max(0, at - 16), at)):
        return False
    zeros = len(digits) - len(digits.rstrip("0"))
    try:
        value = Decimal(canonical(number).replace(",", "")).scaleb(-zeros)
    except InvalidOperation:
        return False
    return int(value.to_integral_value(ROUND_HALF_UP)) * 10 ** zeros == int(digits)


_ABOUT = re.compile(r"(?:\b(?:about|roughly|approximately|around|nearly)\s+|[~\u2248]\s*)$", re.IGNORECASE)


def _start(snippet: str, note: str, at: int, before: int) -> int:
    """Where the words of a quote whose number stands at ``at`` begin: its width before the
    number, or back to the snippet's first word when words were inserted after it ("Implicit
    factor on the fast mode (1 / (1 + z)): 0.167" for "Implicit factor on the fast mode: 0.167")."""
    lo = max(0, at - before - 4)
    first = WORD.search(snippet)
    if first is None or len(first.group(0)) < 3:
        return lo
    k = note.rfind(first.group(0), max(0, lo - _INSERTED), lo)
    return k if k >= 0 and "\n" not in note[k:at] else lo


_INSERTED = 32   # how many characters a label or phrase may gain before its number


def _as_said(a: str, b: str) -> tuple[str, str]:
    """Two texts with their values said alike: a count in digits, a number span as its digits, a
    value stated with "is" ("this is $12$" and "this equals twelve": "this is 12" both)."""
    def said(text: str) -> str:
        return NUMBER_SPAN.sub(lambda m: canonical(m.group(1)), counts_in_digits(valued(text)))
    return said(a), said(b)


def reworded_quote(note: str, snippet: str, number: str, offset: int, same: Callable[[str, str], bool],
                   token: str) -> tuple[int, str] | None:
    """(offset, printed number) of the one printing of ``number``'s value whose words are most
    like ``snippet`` (the number stands at ``offset`` in it)."""
    before, after = len(snippet[:offset]), len(snippet) - offset - len(number)
    printing = re.compile(f"(?<![\\w.]){token}(?![\\w])")   # the number token as a whole word
    found = [(m.start(), m.group(0)) for m in printing.finditer(note)
             if same(m.group(0), number) or _about(note, m.start(), m.group(0), number)]

    mb, ma = _maths(snippet[:offset]), _maths(snippet[offset + len(number):])
    sb, sa = (_maths(skeleton(t)) for t in (snippet[:offset], snippet[offset + len(number):]))

    def same_maths(at: int, shown: str) -> bool:   # the words may change around it, never the math
        left = _maths(note[max(0, at - before - 4):at])
        right = _maths(note[at + len(shown):at + len(shown) + after + 4])
        if left.endswith(mb) and right.startswith(ma):
            return True
        # or the math is respelled or regrouped: its skeleton's characters, in any order
        # (``\\frac{\\sqrt{3}}{\\sqrt{3}+1}\\simeq 0.633975`` for ``(1+\\sqrt{3})\\simeq 0.633975``)
        wide = 2 * (before + after) + 8
        left = _maths(skeleton(note[max(0, at - wide):at]))
        right = _maths(skeleton(note[at + len(shown):at + len(shown) + wide]))
        return Counter(left[len(left) - len(sb):] if sb else "") == Counter(sb) \
            and Counter(right[:len(sa)]) == Counter(sa)

    def likeness(at: int, shown: str) -> float:
        words = note[_start(snippet, note, at, before):at + len(shown) + after + 4]
        if meaning_change(snippet, words) is not None:   # "is below 1" is not where "is above 1" stood
            return 0.0
        if _named_by_symbol(snippet[:offset], note, at):
            return 1.0   # "Resting value (z*): 5" is the read-out "Equilibrium (z*): 5"
        if _lost_word(snippet, note[max(0, at - before - 24):at + len(shown) + after + 24]):
            return 0.0   # "After 4 steps the errors" is not where "After 4 steps Euler" stood
        if _relabelled(snippet[:offset], note, at):
            return 0.0   # "Euler energy range: 0.469" is not the read-out "Verlet energy range: 0.469"
        return max(difflib.SequenceMatcher(None, snippet, words, autojunk=False).ratio(), alike_tokens(at, shown),
                   difflib.SequenceMatcher(None, _sensed(snippet), _sensed(words), autojunk=False).ratio(),
                   difflib.SequenceMatcher(None, *_as_said(snippet, words), autojunk=False).ratio())

    def alike_tokens(at: int, shown: str) -> float:
        """The snippet's tokens, in any order, among those of its width of the note around the
        number (``0.01 x slope = 0.25`` for ``slope x 0.01 = 0.25``: operands reordered)."""
        lo, hi = max(0, at - before - after), at + len(shown) + before + after
        near = [m for m in _TOKEN.finditer(note, max(0, lo - 12), hi + 12) if lo <= m.end() and m.start() <= hi]
        wanted = Counter(t.group(0) for t in _TOKEN.finditer(snippet[:offset] + shown + snippet[offset + len(number):]))
        best = 0.0
        for i in range(len(near)):   # the run of the note's tokens of the snippet's length holding the number
            run = near[i:i + sum(wanted.values())]
            if run and run[0].start() <= at < run[-1].end():
                best = max(best, alike((t.group(0) for t in run), wanted))
        return best

    # the same math around it, or the snippet's very tokens in another order (operands swapped)
    found = [(at, shown) for at, shown in found if same_maths(at, shown) or alike_tokens(at, shown) == 1.0
             or _named_by_symbol(snippet[:offset], note, at)]   # the label's symbol said in words
    scored = sorted(((likeness(at, shown), at, shown) for at, shown in found), reverse=True)
    if not scored or scored[0][0] < QUOTE:
        return None
    top = sorted((at, shown) for score, at, shown in scored if score > scored[0][0] - MARGIN)
    if len(top) == 1:
        return top[0]
    # the snippet prints the number more than once ($\beta (1-a_{k+1}^2)$ reordered as
    # $(1-a_{k+1}^2)\beta$): within one printing of its words, the quote is the same occurrence
    k = sum(same(m.group(0), number) for m in printing.finditer(snippet[:offset]))
    return top[k] if top[-1][0] - top[0][0] < len(snippet) and k < len(top) else None
