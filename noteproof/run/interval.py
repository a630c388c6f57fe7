"""Quoted numbers against computed values: statcheck's interval rule.

A number printed with its last significant digit in place 10^e stands for the
half-open interval ``[|q| - 10^e/2, |q| + 10^e/2)`` of magnitudes, with the printed
sign: "0.409" stands for [0.4085, 0.4095). Trailing zeros of an integer are not
significant ("3,760" stands for [3755, 3765)) unless the quote is exact (a count).
A fraction "3/4" stands for itself exactly.

>>> interval("0.409")
(Decimal('0.4085'), Decimal('0.4095'))
>>> consistent("3,760", "3761.58")
True
"""
from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation, localcontext
from fractions import Fraction
from typing import Any

from ..defaults import EXPONENT
from ..errors import NumberError
from ..sources.numtext import canonical

NUMBER = re.compile(rf"[-+−]?(?:(?:\d{{1,3}}(?:,\d{{3}})+|\d+)(?:\.\d+)?(?:{EXPONENT})?|\d+/\d+)")
MAX_DIGITS = 200
MAX_EXPONENT = 400   # 7.47e-4 is printed; 1e999999 is not a number a note computes


def parse_quoted(text: str) -> Decimal | Fraction:
    """The printed number as a Decimal (or a Fraction for "a/b"), never through float; any
    notation the notes use (``8.3 x 10^-7``, ``−4``, ``.25``, ``ten``: sources.numtext)."""
    s = canonical(text)
    if len(s) > MAX_DIGITS or not NUMBER.fullmatch(s):
        raise NumberError(f"not a number as the notes print them: {text[:40]!r}")
    s = s.replace(",", "")
    if "/" in s:
        num, den = s.split("/")
        if int(den) == 0:
            raise NumberError(f"zero denominator in {text!r}")
        return Fraction(int(num), int(den))
    value = Decimal(s)
    if abs(value.adjusted()) > MAX_EXPONENT:
        raise NumberError(f"an exponent beyond 10^{MAX_EXPONENT} in {text[:40]!r}")
    return value


def unit(text: str, *, exact: bool = False) -> Decimal:
    """Half the interval's width doubled: the place value of the last significant digit."""
    value = parse_quoted(text)
    if isinstance(value, Fraction):
        return Decimal(0)
    sign, digits, exponent = value.as_tuple()
    if exponent < 0 or exact:
        return Decimal(1).scaleb(exponent)
    stripped = _trailing_zeros(digits)
    if stripped == len(digits):  # "0": one significant digit
        stripped = 0
    if len(digits) == 2:   # "10" is ten, not "5 to 15": a two-digit count or percentage is read to the unit
        stripped = 0
    return Decimal(1).scaleb(exponent + stripped)


def _trailing_zeros(digits: tuple[int, ...]) -> int:
    n = 0
    for d in reversed(digits):
        if d:
            break
        n += 1
    return n


def interval(text: str, *, exact: bool = False) -> tuple[Decimal, Decimal]:
    """The magnitudes [lo, hi) the printed digits allow."""
    value = parse_quoted(text)
    if isinstance(value, Fraction):
        d = Decimal(value.numerator) / Decimal(value.denominator)
        return abs(d), abs(d)
    half = unit(text, exact=exact) / 2
    return abs(value) - half, abs(value) + half


def consistent(quoted: str, computed: Any, *, exact: bool = False) -> bool:
    """True when ``computed`` lies in the interval the quoted digits allow (sign respected)."""
    q = parse_quoted(quoted)
    c = to_decimal(computed)
    if isinstance(q, Fraction):   # at the comparison's digits: 1/6 to 28 digits is not 1/6 to 1e-40
        with localcontext() as ctx:
            ctx.prec = DECIMAL_DIGITS
            return abs(c - to_decimal(q)) <= abs(c) * Decimal("1e-40") + Decimal("1e-60")
    if q != 0 and c != 0 and (q < 0) != (c < 0):
        return False
    lo, hi = interval(quoted, exact=exact)
    return lo <= abs(c) < hi


DECIMAL_DIGITS = 120   # digits of a comparison; more where the value was computed at more (--dps 1000)


def to_decimal(value: Any, digits: int = DECIMAL_DIGITS) -> Decimal:
    """An mpf, int, float, Fraction, Decimal or SymPy number as a Decimal, to ``digits`` digits."""
    with localcontext() as ctx:
        ctx.prec = digits
        if isinstance(value, Decimal):
            return value
        if isinstance(value, (int, float)):
            return Decimal(value)
        if isinstance(value, Fraction):
            return Decimal(value.numerator) / Decimal(value.denominator)
        if hasattr(value, "p") and hasattr(value, "q"):  # SymPy Rational
            return Decimal(int(value.p)) / Decimal(int(value.q))
        try:
            import mpmath
            if isinstance(value, mpmath.mpf):
                sign, man, exp, _ = value._mpf_
                if not man:
                    return Decimal(0)
                d = Decimal(int(man)) * Decimal(2) ** int(exp)
                return -d if sign else d
            return to_decimal(mpmath.mpf(value), digits)
        except (TypeError, ValueError, InvalidOperation) as exc:
            raise NumberError(f"cannot compare a {type(value).__name__} with a quoted number") from exc


FRACTION_DENOMINATOR = 10_000   # the largest denominator a fix prints as a fraction,
FRACTION_SLACK = Fraction(1, 10 ** 12)   # for a value that near it (a float's, at worst)


def rounded_like(quoted: str, computed: Any, *, exact: bool = False) -> str:
    """The computed value printed at the quoted number's precision ("0.409" style), for fixes."""
    q = parse_quoted(quoted)
    c = to_decimal(computed)
    if isinstance(q, Fraction):   # printed as a fraction: the value's own, when it is one ("1/6")
        near = Fraction(c).limit_denominator(FRACTION_DENOMINATOR)
        if abs(Fraction(c) - near) <= FRACTION_SLACK * max(1, abs(near)):
            return str(near)
        return format(c.normalize(), "f")
    place = unit(quoted, exact=exact)
    r = c.quantize(place) if place < 1 else (c / place).quantize(Decimal(1)) * place
    text = format(r, "f") if place < 1 else str(int(r))
    if "," in quoted and place >= 1:
        text = f"{int(r):,}"
    return text


def exact_value(value: Any) -> Fraction | None:
    """A computed value as a Fraction when it is an exact rational (int, Fraction, SymPy Rational)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if getattr(value, "is_Rational", False):
        return Fraction(int(value.p), int(value.q))
    return None


def terminates(value: Fraction) -> bool:
    """Whether a rational has a finite decimal expansion (its denominator has no prime but 2 and 5):
    only then can a note print it exactly, so only then is a shorter print a wrong value."""
    q = value.denominator
    for p in (2, 5):
        while q % p == 0:
            q //= p
    return q == 1


def same_exact(quoted: str, value: Fraction) -> bool:
    """Whether a printed number (decimal, thousands commas, or fraction) is exactly ``value``."""
    q = parse_quoted(quoted)
    return (q if isinstance(q, Fraction) else Fraction(q)) == value


def equal_at_precision(quoted: str, value: Any, dps: int) -> bool:
    """Whether a value computed at ``dps`` digits (0: 64-bit) equals the printed number to
    within the precision it was computed at (ten digits of slack; four units in the last
    place of a float)."""
    q = parse_quoted(quoted)
    qd = Decimal(q.numerator) / Decimal(q.denominator) if isinstance(q, Fraction) else q
    digits = max(DECIMAL_DIGITS, dps + 30)   # finer than the tolerance below
    with localcontext() as ctx:
        ctx.prec = digits
        c = to_decimal(value, digits)
        scale = max(Decimal(1), abs(qd))
        tol = scale * (Decimal(2) ** -50 if dps == 0 else Decimal(10) ** -(max(dps, 20) - 10))
        return abs(c - qd) <= tol


def same_setting(a: str, b: str) -> bool:
    """Whether two printings of a setting are the same number ("1" and "+1", "0.5" and "0.50")."""
    x, y = parse_quoted(a), parse_quoted(b)
    return (x if isinstance(x, Fraction) else Fraction(x)) == (y if isinstance(y, Fraction) else Fraction(y))
