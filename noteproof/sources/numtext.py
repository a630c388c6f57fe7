"""A number as a note prints it, and the one decimal spelling it stands for.

The notes print one value in many notations; none of them changes the value or the digits it
carries (statcheck's rule reads the interval from the mantissa's digits):

* ``0.000747``, ``7.47e-4``, ``7.47 x 10^-4``, ``7.47\\times 10^{-4}``, ``7.47 × 10⁻⁴``;
* a Unicode minus ``−4`` for ``-4``, a leading dot ``.25`` for ``0.25``;
* thousands separators ``3,760``;
* a count written as a word: ``ten`` steps, ``twelve`` updates;
* a read-out in words, ``yes``/``no``, ``kept``/``swapped``, ``shrinks``/``grows``
  (:func:`verdict`), which a computation's True or False judges.

:func:`canonical` turns each into the plain spelling the number readers parse (``7.47e-4``,
``-4``, ``0.25``, ``3,760``, ``10``); :data:`PRINTED` is the pattern that finds one.
"""
from __future__ import annotations

import re
from decimal import Decimal
from fractions import Fraction

from ..defaults import EXPONENT

MINUS = "\u2212"
WORDS = {w: n for n, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty".split())}
WORDS.update({"thirty": 30, "forty": 40, "fifty": 50, "hundred": 100, "thousand": 1000})
# a round number said in words, "one thousand", "a hundred", "two million": one number, not a
# count followed by a word of scale
COMPOUNDS = {f"{head} {scale}": (1 if head in ("a", "one") else WORDS[head]) * size
             for scale, size in (("hundred", 100), ("thousand", 1000), ("million", 10**6))
             for head in ("a", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")}
# a unit fraction in words, "a sixteenth" or "one hundredth": 1/16, 1/100
FRACTION_PARTS = {"half": 2, "third": 3, "quarter": 4, "fifth": 5, "sixth": 6, "seventh": 7, "eighth": 8, "ninth": 9,
          "tenth": 10, "twelfth": 12, "sixteenth": 16, "twentieth": 20, "hundredth": 100, "thousandth": 1000,
          "millionth": 1000000}
FRACTIONS = {f"{article} {part}": f"1/{n}" for part, n in FRACTION_PARTS.items() for article in ("a", "one")}
SPOKEN = {**{w: str(n) for w, n in WORDS.items()}, **{w: str(n) for w, n in COMPOUNDS.items()}, **FRACTIONS}   # every number in words, as digits
# a fraction said with no article, "half the derivative is missing": canonical reads it (a quote's
# number "half"), but the number patterns (WORD, PRINTED_OR_WORD) do not, so the prose's "half
# kick" or "shrinks by half" is no number of the note
BARE_FRACTIONS = {"half": "1/2"}
# a read-out in words: each pair's first word says the property holds, its second that it does
# not ("Iteration settles?: no", "Order of A and B along x: kept"); a read-out is judged by
# the conclusion its computation supports (a numeric returning a bool)
VERDICTS = (("yes", "no"), ("kept", "swapped"), ("shrinks", "grows"), ("true", "false"),
            ("stable", "unstable"), ("settles", "diverges"))
VERDICT = {w: i == 0 for pair in VERDICTS for i, w in enumerate(pair)}
# words a read-out may print for its pair's own ("Order of A and B along x: unchanged")
VERDICT.update({"unchanged": True, "preserved": True, "reversed": False, "exchanged": False,
                "converges": True, "decays": True})
SUPERSCRIPT = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹⁻⁺", "0123456789-+")

# "x 10^-7", "\times 10^{-7}", "× 10⁻⁷", "\cdot 10^{-7}": a power of ten after a mantissa
TIMES_TEN = (r"\s*(?:x|×|\\times|\\cdot|·)\s*10(?:\^\{\s*[-+\u2212]?\s*\d+\s*\}|\^\(?[-+\u2212]?\d+\)?"
             r"|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")
MANTISSA = r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?|\.\d+"
# a round number in words is one only where no number goes on after it: "one thousand and fifty",
# "a thousand-odd" are other numbers (reviewer helper-161)
_GOES_ON = r"(?!\s*-?\s*(?:and\s+)?(?:" + "|".join(WORDS) + r"|odd)\b)"


def spoken_alternatives(words) -> str:
    """A regular expression's alternatives for ``words`` (numbers in words), the longest first,
    a space matching any run of spaces, a round number only where no number goes on after it."""
    return "|".join(w.replace(" ", r"\s+") + (_GOES_ON if w in COMPOUNDS else "")
                    for w in sorted(words, key=len, reverse=True))


WORD = r"\b(?i:" + spoken_alternatives([*FRACTIONS, *COMPOUNDS, *WORDS, *VERDICT]) + r")\b"   # "No", "Twelve"
# a printed number: sign, mantissa, then an exponent in any of its notations or a fraction's
# denominator (the same token the quote finder and the interval rule read)
UNSIGNED = rf"(?:{MANTISSA})(?:{EXPONENT}|{TIMES_TEN}|/[1-9]\d*)?"
PRINTED = rf"[-+\u2212]?{UNSIGNED}"
PRINTED_OR_WORD = rf"(?:{PRINTED}|{WORD})"
_TIMES_TEN = re.compile(TIMES_TEN + r"$")
_EXP_DIGITS = re.compile(r"[-+]?\d+")
_POWER_OF_TEN = re.compile(r"10(\^\{\s*[-+]?\s*\d+\s*\}|\^\(?[-+]?\d+\)?|[⁻⁺]?[⁰¹²³⁴⁵⁶⁷⁸⁹]+)")


PERCENT = r"\\?%"   # a percent sign, as text prints it (%) or LaTeX (\%)
_PLAIN = re.compile(r"(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?")


def canonical(text: str) -> str:
    """The plain spelling of a printed number: ``7.47 x 10^-4`` -> ``7.47e-4``, ``−4`` -> ``-4``,
    ``.25`` -> ``0.25``, ``ten`` -> ``10``, ``a sixteenth`` -> ``1/16``, a quote's ``half`` -> ``1/2``. Text that is none of these comes back stripped."""
    s = text.strip().replace(MINUS, "-")
    if (said := spoken(s) or BARE_FRACTIONS.get(s.lower())) is not None:   # ten, a sixteenth, half
        return said
    if (power := _POWER_OF_TEN.fullmatch(s)) is not None:   # 10^{-6} is 1e-6
        return "1e" + _EXP_DIGITS.search(power.group(1).translate(SUPERSCRIPT).replace(" ", "")).group(0)
    m = _TIMES_TEN.search(s)
    if m and m.start() > 0:
        power = m.group(0).translate(SUPERSCRIPT).split("10", 1)[1]
        digits = _EXP_DIGITS.search(power.replace(" ", "").replace("\u2212", "-"))
        s = s[:m.start()].rstrip() + "e" + (digits.group(0) if digits else "0")
    sign = s[:1] if s[:1] in "+-" else ""
    body = s[len(sign):]
    if body.startswith("."):
        body = "0" + body
    percent = re.search(PERCENT + "$", body)
    digits = body[:percent.start()] if percent else ""
    if percent and _PLAIN.fullmatch(digits):   # 1.07% is 0.0107, its digits kept
        body = format(Decimal(digits.replace(",", "")).scaleb(-2), "f")
    return sign + body


def same_value(a: str, b: str) -> bool:
    """Whether two printings are one exact value in any notation (``1/2`` and ``0.5``, ``ten`` and
    ``10``, ``2.0`` and ``2``; not a re-rounding); text that is no number must read the same."""
    if (said := verdict(a)) is not None and verdict(b) is not None:
        return said == verdict(b)   # "No" and "no", "unchanged" and "kept": one conclusion
    x, y = value_of(a), value_of(b)
    if x is None or y is None:
        return canonical(a).replace(",", "") == canonical(b).replace(",", "")
    return x == y


def value_of(text: str) -> Fraction | None:
    """The exact value of a printed number in any notation (``7.47 x 10^-4``, ``a sixteenth``,
    ``1/2``), or None for text that is no number."""
    try:
        return Fraction(canonical(text).replace(",", ""))
    except (ValueError, ZeroDivisionError):
        return None


def spoken(text: str) -> str | None:
    """The digits of a number said in words (``ten`` -> ``10``, ``A  sixteenth`` -> ``1/16``), or None."""
    return SPOKEN.get(" ".join(text.lower().split()))


NUMBER_SPAN = re.compile(r"\$([^$\n]{1,24})\$")   # a ``$...$`` short enough to be one number: ``$10^{-6}$``


def count(text: str) -> int | None:
    """A count as printed, in digits or as a word (``12``, ``twelve``, ``Twelve``); None when
    ``text`` is neither."""
    s = canonical(text)
    return int(s) if s.isdigit() else None


_SAID_AS_WORDS = frozenset(WORDS) | frozenset(COMPOUNDS)


def is_word(text: str) -> bool:
    """Whether a printed number is written as a word (``ten``)."""
    return " ".join(text.lower().split()) in _SAID_AS_WORDS


def verdict(text: str) -> bool | None:
    """What a read-out word says: True (yes, kept, shrinks), False (no, swapped, grows), None
    when it is not a read-out word."""
    return VERDICT.get(text.strip().lower())


def verdict_word(registered: str, holds: bool) -> str:
    """The word of ``registered``'s pair that says ``holds`` ("no" -> "yes" when it holds)."""
    pair = next((p for p in VERDICTS if registered.strip().lower() in p), ("yes", "no"))
    return pair[0] if holds else pair[1]
