"""Printed arithmetic evaluated exactly: the value of ``1.2 x 0 + 1``, ``\\frac{1}{2}(0.8)(0.2)``,
``-2/(0.5)^2`` or ``2 e^(-2 x 1)`` from the reader's tokens, without SymPy.

Rationals stay rationals (``fractions.Fraction``: a printed decimal is the rational it
writes); only ``e^``, ``exp``, ``log``, ``sqrt`` of a non-square and non-integer powers
leave them, as mpmath numbers at ``DIGITS`` digits. A token run that is not purely numeric
(a name other than Euler's ``e``, an unknown command) has no value: `value` returns None.
Nothing here evaluates text as code.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from .lex_latex import Token

DIGITS = 60          # working digits for the transcendental parts
MAX_EXPONENT = 4096  # a larger integer power is not arithmetic a note prints
_FUNCTIONS = frozenset({"exp", "log", "ln", "sqrt"})


class _NotArithmetic(Exception):
    """The tokens are not a numeric expression."""


def value(toks: list[Token]) -> Any:
    """The exact value (Fraction) or mpmath value of the numeric expression ``toks``, or None."""
    out = _evaluated(toks)
    if out is not None and not isinstance(out, Fraction):   # a transcendental part: again, at DIGITS
        mp = _mp()
        with mp.workdps(max(DIGITS, mp.mp.dps)):
            out = _evaluated(toks)
    return out


def _evaluated(toks: list[Token]) -> Any:
    if not toks:
        return None
    try:
        reader = _Arith(toks)
        out = reader.expr()
        if reader.i != len(toks):
            return None
        return out
    except (_NotArithmetic, ZeroDivisionError, ValueError, OverflowError):
        return None


def is_literal(toks: list[Token]) -> bool:
    """One printed number, perhaps signed: what a worked step rounds to."""
    body = toks[1:] if toks and toks[0].value in "+-" and toks[0].kind == "op" else toks
    return len(body) == 1 and body[0].kind == "num"


def _mp():
    import mpmath
    return mpmath


def _real(x: Any) -> Any:
    if isinstance(x, Fraction):
        return _mp().mpf(x.numerator) / x.denominator
    return x


def _power(base: Any, exp: Any) -> Any:
    """``base^exp``: exact for an integer exponent, else at DIGITS digits."""
    if isinstance(exp, Fraction) and exp.denominator == 1 and abs(exp.numerator) <= MAX_EXPONENT:
        if isinstance(base, Fraction):
            return base ** exp.numerator
        return base ** int(exp.numerator)
    if isinstance(base, Fraction) and base < 0:
        raise _NotArithmetic("a negative base to a fractional power")
    with _mp().workdps(DIGITS):
        return _real(base) ** _real(exp)


def _apply(name: str, x: Any) -> Any:
    """``exp``, ``log``/``ln`` (natural) or ``sqrt`` of ``x``."""
    if name == "sqrt" and isinstance(x, Fraction) and x >= 0:
        n, d = _isqrt(x.numerator), _isqrt(x.denominator)
        if n is not None and d is not None:
            return Fraction(n, d)
    mp = _mp()
    with mp.workdps(DIGITS):
        if name == "exp":
            return mp.exp(_real(x))
        if _real(x) <= 0:
            raise _NotArithmetic(f"{name} of a non-positive number")
        return mp.sqrt(_real(x)) if name == "sqrt" else mp.log(_real(x))


def _log_base(base: Any, x: Any) -> Any:
    """``log_base x``: the exact integer k when x = base^k between rationals (log_10 1000 = 3),
    else log x / log base at DIGITS digits."""
    if isinstance(base, Fraction) and isinstance(x, Fraction) and base > 0 and base != 1 and x > 0:
        import math
        k = round(math.log(x) / math.log(base))
        if abs(k) <= MAX_EXPONENT and base ** k == x:
            return Fraction(k)
    if _real(base) <= 0 or base == 1:
        raise _NotArithmetic("a logarithm to a base that is not positive, or 1")
    mp = _mp()
    with mp.workdps(DIGITS):
        return _apply("log", x) / _apply("log", base)


def _isqrt(n: int) -> int | None:
    import math
    r = math.isqrt(n)
    return r if r * r == n else None


class _Arith:
    """Recursive descent over the reader's tokens: expr = term (+|- term)*, term = factor
    (*|/ factor | juxtaposed factor)*, factor = -factor | power, power = primary (^ exponent)?"""

    def __init__(self, toks: list[Token]):
        self.t, self.i = list(toks), 0

    def _peek(self) -> Token | None:
        return self.t[self.i] if self.i < len(self.t) else None

    def _is(self, kind: str, val: str | None = None) -> bool:
        tok = self._peek()
        return tok is not None and tok.kind == kind and (val is None or tok.value == val)

    def _take(self, kind: str, val: str) -> None:
        if not self._is(kind, val):
            raise _NotArithmetic(f"expected {val}")
        self.i += 1

    def expr(self) -> Any:
        out = self.term()
        while self._is("op", "+") or self._is("op", "-"):
            sign = self.t[self.i].value
            self.i += 1
            out = _binary(sign, out, self.term())
        return out

    def term(self) -> Any:
        out = self.factor()
        while True:
            if self._is("op", "*") or self._is("op", "/"):
                op = self.t[self.i].value
                self.i += 1
                out = _binary(op, out, self.factor())
            elif self._juxtaposed():
                out = _binary("*", out, self.power())
            else:
                return out

    def _juxtaposed(self) -> bool:
        tok = self._peek()
        return tok is not None and (tok.value in ("(", "{") and tok.kind == "op" or tok.kind in ("func", "cmd")
                                    or (tok.kind == "name" and tok.value == "e"))

    def factor(self) -> Any:
        if self._is("op", "-"):
            self.i += 1
            return -self.factor()
        if self._is("op", "+"):
            self.i += 1
            return self.factor()
        return self.power()

    def power(self) -> Any:
        base = self.primary()
        if not self._is("op", "^"):
            return base
        self.i += 1
        return _power(base, self._exponent())

    def _tex_argument(self) -> Any:
        """A ``\\frac`` argument: a group, or one digit of a bare number, as TeX reads
        ``\\frac12`` (one half, not twelve over what follows)."""
        tok = self._peek()
        if tok is not None and tok.kind == "num" and len(tok.value) > 1:
            self.t[self.i] = tok._replace(value=tok.value[1:], pos=tok.pos + 1)
            return Fraction(tok.value[0])
        return self.primary()

    def _exponent(self) -> Any:
        """What ``^`` raises to: a primary, perhaps negated (``e^-x``)."""
        if self._is("op", "-"):
            self.i += 1
            return -self.primary()
        return self.primary()

    def primary(self) -> Any:
        tok = self._peek()
        if tok is None:
            raise _NotArithmetic("unexpected end")
        self.i += 1
        if tok.kind == "num":
            return Fraction(tok.value)
        if tok.kind == "op" and tok.value in "({":
            inner = self.expr()
            self._take("op", ")" if tok.value == "(" else "}")
            return inner
        if tok.kind == "name" and tok.value == "e":
            if not self._is("op", "^"):
                raise _NotArithmetic("a bare e")
            self.i += 1
            return _apply("exp", self._exponent())
        if tok.kind == "cmd" and tok.value in ("frac", "dfrac", "tfrac"):
            num = self._tex_argument()
            return _binary("/", num, self._tex_argument())
        if tok.kind in ("func", "cmd") and tok.value == "log" and self._is("op", "_"):
            self.i += 1
            base = self._tex_argument()     # ``\log_{10} 1000``, ``\log_2 8``
            return _log_base(base, self.power())
        if tok.kind in ("func", "cmd") and tok.value in _FUNCTIONS:
            return _apply(tok.value, self.power())
        raise _NotArithmetic(f"not arithmetic: {tok.value}")


def _binary(op: str, a: Any, b: Any) -> Any:
    """``a op b``: exact between rationals, else at DIGITS digits."""
    if not (isinstance(a, Fraction) and isinstance(b, Fraction)):
        with _mp().workdps(DIGITS):
            return _binary(op, _real(a), _real(b)) if isinstance(a, Fraction) or isinstance(b, Fraction) \
                else _ARITH[op](a, b)
    return _ARITH[op](a, b)


_ARITH = {"+": lambda a, b: a + b, "-": lambda a, b: a - b, "*": lambda a, b: a * b, "/": lambda a, b: a / b}
