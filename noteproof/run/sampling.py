"""Deciding one relation ``L op R`` between closed forms: a SymPy proof, else a point that refutes it.

``proved`` returns how SymPy proves it ("" when it does not): for ``=``, ``L - R`` is zero
(sources.content.zero, after ``doit`` of sums and products; a Piecewise closed form is zero on its
general branch, the other branches being where a side is undefined), or ``L.equals(R)``; for an
inequality of one symbol x, no point of the stated range (the intersection of the ranges printed
beside it that speak of x alone, else the reals) solves its negation.

``counterexample`` samples the symbols at exact rationals (integers for a sum's or product's
bounds), inside every stated range, and returns the first point where both sides are finite
reals that break the relation, evaluated at 30 digits: a witness, never a proof.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

DIGITS = 30                      # digits a sampled side is evaluated to
SAMPLED = 40                     # points tried
VALUES = ("1/2", "3", "2", "1/3", "5/4", "7", "3/7", "11/3", "1", "-2/3", "-3/2", "-1/5", "-4", "0", "-1")
INSIDE = ("1/2", "1/3", "2/3", "1/7", "6/7", "1/10", "9/10", "1/100", "99/100", "2/5", "3/5", "1/4", "3/4")
COUNTS = (1, 2, 3, 4, 5, 7)      # a sum's bound n


@dataclass(frozen=True)
class Found:
    """A refuting point ("x = 1/2, a = 3") and both sides' values there; or none, and how many
    points were tried."""

    point: str = ""
    values: tuple[str, str] = ("", "")
    tried: int = 0


def proved(op: str, lhs: Any, rhs: Any, ranges: tuple) -> str:
    """How SymPy proves ``lhs op rhs`` over the stated ``ranges`` ("" when it does not)."""
    try:
        if not (lhs - rhs).free_symbols:
            return _exactly(op, lhs, rhs)
        return _proved_equal(lhs, rhs) if op == "=" else _proved_order(op, lhs, rhs, ranges)
    except (NotImplementedError, TypeError, ValueError, AttributeError, RecursionError):
        return ""


def _exactly(op: str, lhs: Any, rhs: Any) -> str:
    """Sides with no free symbols: SymPy evaluates the relation ("" unless it holds)."""
    from ..sources.content import zero
    diff = (lhs - rhs).doit()
    if op == "=":
        return "SymPy evaluates both sides equal" if zero(diff) else ""
    sign = {"<": diff.is_negative, "<=": diff.is_nonpositive, ">": diff.is_positive, ">=": diff.is_nonnegative}[op]
    return "SymPy evaluates it exactly" if sign is True else ""


def _proved_equal(lhs: Any, rhs: Any) -> str:
    import sympy

    from ..sources.content import zero
    diff = sympy.piecewise_fold((lhs - rhs).doit())
    if zero(diff):
        return "SymPy proves both sides equal"
    if isinstance(diff, sympy.Piecewise) and diff.args[-1].cond is sympy.true and zero(diff.args[-1].expr):
        return "SymPy proves both sides equal wherever both are defined"
    if lhs.doit().equals(rhs.doit()) is True:
        return "SymPy proves both sides equal"
    return ""


def _proved_order(op: str, lhs: Any, rhs: Any, ranges: tuple) -> str:
    import sympy
    from sympy.solvers.inequalities import solve_univariate_inequality
    symbols = (lhs - rhs).free_symbols
    if len(symbols) != 1:
        return ""
    [x] = symbols
    domain, said = stated_domain(x, ranges)
    negation = {"<": sympy.Ge, "<=": sympy.Gt, ">": sympy.Le, ">=": sympy.Lt}[op](lhs, rhs)
    fails = solve_univariate_inequality(negation, x, relational=False, domain=domain)
    if fails is sympy.S.EmptySet:
        return f"SymPy proves it for every {_name(x)} {said}" if said else f"SymPy proves it for every real {_name(x)}"
    return ""


def stated_domain(x: Any, ranges: tuple) -> tuple[Any, str]:
    """The reals cut to every stated range that speaks of ``x`` alone, and those ranges' text."""
    import sympy
    from sympy.solvers.inequalities import solve_univariate_inequality

    domain = sympy.S.Reals
    for r in ranges:
        if r.free_symbols == {x}:
            domain = domain.intersect(solve_univariate_inequality(r, x, relational=False))
    return domain, "" if domain == sympy.S.Reals else f"with {interval_text(x, domain)}"


def interval_text(x: Any, domain: Any) -> str:
    """``0 < x < 1`` for the interval (0, 1), ``x ≥ 2`` for [2, ∞); "x in" a set otherwise."""
    import sympy

    from ..formula.printing import text
    from ..formula.prose import name_unicode, unicode
    name = name_unicode(x.name)
    if not isinstance(domain, sympy.Interval):
        return f"{name} in the stated range"
    low = "" if domain.start.is_infinite else f"{unicode(text(domain.start))} {'<' if domain.left_open else '≤'} "
    high = "" if domain.end.is_infinite else f" {'<' if domain.right_open else '≤'} {unicode(text(domain.end))}"
    return f"{low}{name}{high}"


def counterexample(op: str, lhs: Any, rhs: Any, ranges: tuple) -> Found:
    """The first sampled point where both sides are finite reals and ``lhs op rhs`` fails."""
    symbols = sorted((lhs - rhs).free_symbols, key=lambda s: s.name)
    counts = {s for e in (lhs, rhs) for s in _bounds(e)}
    tried = 0
    for point in _points(symbols, counts, ranges):
        if not all(_true(r.xreplace(point)) for r in ranges if r.free_symbols <= set(symbols)):
            continue
        left, right = _value(lhs, point), _value(rhs, point)
        if left is None or right is None:
            continue
        tried += 1
        if not _holds(op, left, right):
            at = ", ".join(f"{_name(s)} = {point[s]}".replace("-", "\u2212") for s in symbols) or "the stated values"
            return Found(at, (_shown(lhs, point, left), _shown(rhs, point, right)), tried)
    return Found(tried=tried)


def _bounds(expr: Any) -> set:
    """The free symbols of the bounds of a sum or product in ``expr`` (sampled as counts)."""
    import sympy
    return {s for e in expr.atoms(sympy.Sum, sympy.Product) for lim in e.limits for s in
            sympy.Tuple(*lim[1:]).free_symbols}


def _points(symbols: list, counts: set, ranges: tuple):
    """SAMPLED points, each symbol at its own stride through its values (inside its stated range)."""
    table = {s: _values(s, counts, ranges) for s in symbols}
    for i in range(SAMPLED):
        yield {s: table[s][(i * (j + 1) + 3 * j) % len(table[s])] for j, s in enumerate(symbols)}


def _values(s: Any, counts: set, ranges: tuple) -> list:
    import sympy
    if s in counts:
        return [sympy.Integer(n) for n in COUNTS]
    domain, _ = stated_domain(s, ranges)
    if isinstance(domain, sympy.Interval) and domain != sympy.S.Reals:
        return [_inside(domain, sympy.Rational(t)) for t in INSIDE]
    return [sympy.Rational(v) for v in VALUES]


def _inside(interval: Any, t: Any) -> Any:
    """A point of ``interval`` at fraction ``t`` in (0, 1) of its way (an unbounded end stretched)."""
    import sympy
    a, b = interval.start, interval.end
    if a.is_finite and b.is_finite:
        return a + t * (b - a)
    if a.is_finite:
        return a + t / (1 - t)
    if b.is_finite:
        return b - t / (1 - t)
    return sympy.Rational(t)


def _value(expr: Any, point: dict) -> Any:
    """``expr`` at ``point``, a finite real at DIGITS digits, or None (undefined or complex there)."""
    import sympy
    try:
        v = sympy.N(expr.xreplace(point).doit(), DIGITS)
    except (TypeError, ValueError, ZeroDivisionError, RecursionError, AttributeError):
        return None
    if not v.is_number or v.has(sympy.nan, sympy.zoo, sympy.oo, -sympy.oo) or v.is_real is not True:
        return None
    return v


def _holds(op: str, left: Any, right: Any) -> bool:
    """``left op right`` at DIGITS digits: sides within 10^-(DIGITS-8) of each other are equal."""
    import sympy
    same = abs(left - right) <= max(1, abs(left), abs(right)) * sympy.Float(10, DIGITS) ** (8 - DIGITS)
    if op == "=" or same:
        return bool(same) and op in ("=", "<=", ">=")
    return bool({"<": left < right, "<=": left < right, ">": left > right, ">=": left > right}[op])


def _true(rel: Any) -> bool:
    """Whether a stated range holds at a point (``rel`` with the point put in); False when unknown."""
    import sympy
    from sympy.logic.boolalg import BooleanAtom
    if isinstance(rel, BooleanAtom):
        return bool(rel)
    try:
        return bool(type(rel)(sympy.N(rel.lhs.doit(), DIGITS), sympy.N(rel.rhs.doit(), DIGITS)))
    except (TypeError, AttributeError):
        return False


def _shown(expr: Any, point: dict, value: Any) -> str:
    """A side's value at a point: exact when it is rational (``-5/4``), else to 6 digits."""
    import sympy
    exact = expr.xreplace(point).doit()
    if isinstance(exact, sympy.Rational):
        return str(Fraction(int(exact.p), int(exact.q))).replace("-", "\u2212")
    return f"{float(value):.6g}".replace("-", "\u2212")


def _name(s: Any) -> str:
    from ..formula.prose import name_unicode
    return name_unicode(s.name)
