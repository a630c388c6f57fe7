"""Decision errors: a recomputed value that reverses a conclusion the note draws from a number.

statcheck's distinction: a wrong digit is one thing; a reported value and a recomputed value on
opposite sides of the threshold a conclusion rests on ("p < .05, significant") is another. Here a
quote's ``decides`` (sources.registry.Decides) names the conclusion the note draws from the
number it prints: "Size of multiplier |theta|: 1.2" with "Iteration settles?: no" is
``|theta| > 1``, "the iteration does not settle". A failing number is a decision error when the
printed number and the computed value lie on opposite sides of ``than``: the conclusion the
reader draws from the printed number is not the one the value supports.

>>> from noteproof.sources.registry import Decides
>>> d = Decides(">", "1", "the iteration does not settle")
>>> reversal(d, "1.2", "0.8")
"decision error: the note concludes 'the iteration does not settle'; the value 0.8 says not (0.8 is not > 1)"
>>> reversal(d, "1.2", "1.3")
''
"""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from ..errors import NoteproofError
from ..sources.registry import Decides
from .interval import parse_quoted, to_decimal


def _fraction(value: Any) -> Fraction | None:
    """A printed number or a computed value as an exact Fraction (None: not a real number)."""
    try:
        if isinstance(value, str):
            q = parse_quoted(value) if "e" not in value.lower() else Decimal(value)
        else:
            q = to_decimal(value)
        return Fraction(q)
    except (NoteproofError, ValueError, ArithmeticError, TypeError):
        return None


def short(value: Fraction, d: Decides | None) -> str:
    """The value to six significant figures (more where six would move it across ``d.than``),
    without trailing zeros (1e-30, not 1.00000e-30); an exact value that six figures would round
    is given to 20."""
    exact = Decimal(value.numerator) / Decimal(value.denominator)
    for digits in (6, 12, 20):
        text = trim(format(exact, f".{digits}g"))
        if "e" in text and abs(exact) >= 1:
            text = format(exact.quantize(Decimal(1)), "f") if digits == 6 else format(exact, "f")
        if d is None and Fraction(Decimal(text)) == value:
            return text
        if d is not None and d.holds(Fraction(Decimal(text))) == d.holds(value):
            return text
    return trim(format(exact, ".20g")) if d is None else format(exact, "f")


def trim(text: str) -> str:
    """Trailing zeros of a mantissa dropped: 1.00000e-30 -> 1e-30, 0.2500 -> 0.25."""
    mantissa, e, exponent = text.partition("e")
    if "." in mantissa:
        mantissa = mantissa.rstrip("0").rstrip(".")
    return mantissa + (e + exponent.replace("+", "") if e else "")


def _side(d: Decides, shown: str, value: Fraction | None = None) -> str:
    """``|x| is not < 1`` or ``x is not < 1`` with the number in place: the first side of the
    conclusion ``value`` is not on (the first side when ``value`` is None or on every side)."""
    side = (d.failing(value) if value is not None else None) or d.sides[0]
    return f"{'|' + shown + '|' if side.size else shown} is not {side.relation} {side.than}"


def reversal(d: Decides, printed: str, computed: Any) -> str:
    """The sentence of a decision error, or "" when the printed number and the computed value lie
    on the same side of ``d.than`` (or either cannot be compared)."""
    p, c = _fraction(printed), _fraction(computed)
    if p is None or c is None or d.holds(p) == d.holds(c):
        return ""
    v = short(c, d)
    if d.holds(p):
        return f"decision error: the note concludes {d.says!r}; the value {v} says not ({_side(d, v, c)})"
    return (f"decision error: the note concludes {d.says!r}, which the printed {printed} contradicts "
            f"({_side(d, printed, p)}); the value {v} supports the conclusion")


def at_settings(d: Decides, printed: str, computed: Any) -> tuple[bool | None, str]:
    """At a user's values (`check --set`): (whether the note's conclusion still holds there, the
    sentence that says so); (None, "") when the value cannot be compared."""
    c = _fraction(computed)
    if c is None:
        return None, ""
    v = short(c, d)
    if d.holds(c):
        return True, f"the note's conclusion {d.says!r} still holds at your settings ({v})"
    return False, (f"the note's conclusion {d.says!r} is reversed at your settings: the value {v} says not "
                   f"({_side(d, v, c)})")


def short_value(computed: Any, d: Decides | None) -> str:
    """A computed value as :func:`short` prints it ("" when it is not a real number)."""
    c = _fraction(computed)
    return "" if c is None else short(c, d)


def supports(d: Decides, printed: str) -> bool:
    """Whether the printed number lies on the side where the note's conclusion holds."""
    p = _fraction(printed)
    return p is not None and d.holds(p)
