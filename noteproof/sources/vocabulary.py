"""The words the notes' prose is read by: each word of sense and its sense, the words that carry
no meaning of their own, and a word's stem.

A sentence claims by its words of comparison, direction, quantity and quantification
("below", "smallest", "halves", "only"); synonyms share a sense ("below" and "under", "all"
and "every"). ``reword`` compares sentences by these senses, ``readout`` a read-out's label.
"""
from __future__ import annotations

import re
from collections import Counter

# words that carry what a sentence claims, each mapped to its sense: synonyms share one
SENSES = {
    "up": "above exceed exceeds exceeding larger greater bigger higher more raise raises raised raising increase "
          "increases increased increasing grow grows growing rise rises rising upper amplify amplifies amplified "
          "magnify magnifies magnified widen widens widened widening wider gain gains gained past beyond",
    "down": "below beneath smaller less fewer lower lowers lowered lowering decrease decreases decreased shrink "
            "shrinks shrinking fall falls falling reduce reduces reduced drop drops decay decays decaying decreasing "
            "attenuate attenuates attenuated damp damps damped dampen dampens suppress suppresses suppressed "
            "narrows narrowed narrowing narrower lose loses lost losing missing",
    "max": "largest greatest highest biggest maximum max most maximal",
    "min": "smallest least lowest fewest minimum min minimal",
    "fast": "fast faster fastest quick quickly", "slow": "slow slower slowest slowly",
    "strong": "strong strongly stronger", "weak": "weak weakly weaker", "high": "high", "low": "low",
    "accurate": "accurate accurately", "inaccurate": "inaccurate", "correct": "correct correctly",
    "wrong": "wrong incorrect incorrectly", "possible": "possible", "impossible": "impossible",
    "large": "large big huge", "small": "small tiny",
    "all": "all every each any", "always": "always invariably", "at most": "bounded", "at least": "atleast", "some": "some exists exist sometimes occasionally", "usually": "usually generally typically often frequently mostly commonly", "only": "only solely",
    "not": "not no never cannot nothing none neither nor without except unless", "unique": "unique", "strict": "strict strictly",
    "same": "same identical equal equals equality",
    "uniform": "uniform uniformly evenly", "concentrated": "concentrates concentrate concentrated concentrating",
    "product": "multiply multiplies multiplied multiplying "
    "product products", "quotient": "divide divides divided dividing quotient ratio", "follows": "follows follow followed", "opposite": "opposite opposes contrary",
    "different": "different differ differs differed differing arbitrary unequal distinct separate separated separately",
    "probable": "probable likely", "improbable": "improbable unlikely", "earlier": "earlier early",
    "later": "later late", "forward": "forward forwards", "backward": "backward backwards reverse", "first": "first", "second": "second",
    "inward": "inward inwards", "outward": "outward outwards", "explicit": "explicit", "implicit": "implicit",
    "continuous": "continuous", "discrete": "discrete", "finite": "finite", "infinite": "infinite",
    "necessary": "necessary necessarily", "need": "need needs", "sufficient": "sufficient sufficiently suffice suffices sufficed guarantee guarantees guaranteed ensure ensures ensured", "independent": "independent unaffected", "dependent": "dependent",
    "convex": "convex", "concave": "concave", "definite": "definite", "semidefinite": "semidefinite semi-definite", "attracting": "attracting attractive attractor",
    "repelling": "repelling repulsive repeller", "contract": "contract contracts contracting contraction contractive",
    "expand": "expand expands expanding expansion expansive",
    "last": "last final", "before": "before", "after": "after", "inside": "inside",
    "outside": "outside", "left": "left", "right": "right", "positive": "positive", "negative": "negative",
    "enabled": "enable enables enabled", "disabled": "disable disables disabled",
    "zero": "zero", "yes": "yes", "true": "true", "false": "false", "stable": "stable", "unstable": "unstable", "converge": "converge converges converged converging convergence",
    "diverge": "diverge diverges diverged diverging divergence", "exact": "exact exactly precisely", "fail": "fail fails failed failing",
    "approximate": "approximate approximately approximation roughly", "sum": "sum sums summed summing total add adds adding",
    "fixed": "fixed fix fixes constant", "constant-valued": "constantvalued", "onward": "onward onwards",
    "every other step": "everyotherstep",
    "digits": "digit digits", "time unit": "timeunit", "one-dimensional": "onedimensional", "bits": "bit bits", "radians": "radian radians", "degrees": "degree degrees", "linear": "linear", "nonlinear": "nonlinear",
    "quadratic": "quadratic", "isotropic": "isotropic", "anisotropic": "anisotropic",
    "one": "one once single", "two": "two twice double doubles doubled doubling both", "three": "three thrice triple triples",
    "four": "four", "five": "five", "six": "six", "seven": "seven", "eight": "eight", "nine": "nine",
    "ten": "ten", "eleven": "eleven", "twelve": "twelve", "twenty": "twenty", "hundred": "hundred", "thousand": "thousand", "half": "half halves halved halving",
    "third": "third thirds", "quarter": "quarter quarters quartered",
    "overstate": "overstate overstates overstated overestimate overestimates overestimated",
    "understate": "understate understates understated underestimate underestimates underestimated",
}
MEANING = {word: sense for sense, words in SENSES.items() for word in words.split()}
# nouns an author uses for one another in these subjects: a rewording may trade one for another
# of its group (reword.term_swapped: "each update" for "each step", "the weights" for "the
# parameters"); a noun for a term outside its group names another thing
TERMS_ALIKE = (
    "step update iteration iterate", "map rule function mapping transformation", "model network net decoder stack",
    "parameter weight", "objective loss cost", "derivative gradient sensitivity slope",
    "answer solution result value number", "orbit trajectory path route curve", "distance gap separation",
    "method solver scheme algorithm procedure integrator", "factor multiplier coefficient", "size magnitude",
    "change perturbation variation", "calculation computation", "difference distinction", "fact result statement",
    "family sequence", "equilibrium fixed-point solution", "example instance case", "token word symbol",
    "state value", "state solution", "score logit", "quantity amount", "subset sample",
    "proof argument derivation reasoning", "draw sample pick",
)
WORD = re.compile(r"(?<![\\A-Za-z])[A-Za-z]+")   # a LaTeX command (\left, \right) is no word

# a word, a math span or a number, as a bag of words counts them
WORD_OR_SPAN = re.compile(r"\$[^$]*\$|[A-Za-z][A-Za-z0-9'-]*|\d+(?:[.,]\d+)*")   # RK4 one word; "4," the number 4
# words a rewording may drop or change without changing what a quote's number stands for
FUNCTION_WORDS = frozenset("the and for with are its this that from then than was were has have had been "
                           "into onto per which who whose where when while also only just".split())
_ENDING = re.compile(r"(?<=[a-z]{3})(?:ies|es|s|ed|ing)$")
_Y_ENDING = re.compile(r"(?<=[a-z]{3})i(?:es|ed)$")


def stem(word: str) -> str:
    """A word without its inflection: "shrinks", "shrink" and "shrinking" are one word in a
    label ("Does Euler shrink?" names what "Euler shrinks?" names)."""
    word = _Y_ENDING.sub("y", word.lower().rstrip("'"))   # "supplies" and "supplied": supply
    return _ENDING.sub("", word).removesuffix("e")   # "settles" and "settle": settl


def terms_alike(a: str, b: str) -> bool:
    """Whether two nouns (any inflection) are of one group of TERMS_ALIKE."""
    return bool(_TERM_GROUPS.get(stem(a), frozenset()) & _TERM_GROUPS.get(stem(b), frozenset()))


_TERM_GROUPS: dict[str, frozenset[int]] = {}
for _i, _group in enumerate(TERMS_ALIKE):
    for _w in _group.split():
        _TERM_GROUPS[stem(_w)] = _TERM_GROUPS.get(stem(_w), frozenset()) | {_i}


REORDERED = 0.75   # how alike two sentences' words must be, in any order, to be one sentence restructured
# words a sentence may gain or lose when it is restructured ("is a different task from" for
# "are different tasks"): function words, articles, the copula
_RESTRUCTURING = FUNCTION_WORDS | frozenset("a an of is be".split())


def word_bag(text: str) -> Counter:
    """A sentence's words by their stems, with its math spans and numbers as printed; the words
    a restructuring adds or drops (_RESTRUCTURING) left out."""
    return Counter(t if t[0] in "$0123456789" else stem(t) for t in (w.lower() for w in WORD_OR_SPAN.findall(text))
                   if t not in _RESTRUCTURING)


def word_dice(a: str, b: str) -> float:
    """How alike two sentences' words are in any order: Dice over their word bags (word_bag)."""
    mine, theirs = word_bag(a), word_bag(b)
    both = sum(mine.values()) + sum(theirs.values())
    return 2 * sum((mine & theirs).values()) / both if both else 0.0
