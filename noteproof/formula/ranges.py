"""The range a printed condition allows one symbol: ``0<\\beta <1``, ``\\beta \\in (0,1)`` and
``1>\\beta >0`` are one range, the open interval (0, 1); ``0<\\beta \\le 1`` is another.

A status cell states the range over which its tag holds ("[Exact] for $0<\\beta <1$"); two
cells are judged alike when each of their conditions allows the same set of real values.
"""
from __future__ import annotations

import re
from functools import lru_cache

import sympy as sp

from .parser import FormulaError, Relation, read_latex

_OPS = {"<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge, "=": sp.Eq, "!=": sp.Ne}
# x \in (a,b), [a,b], (a,b], [a,b), with \left( ... \right) or not
_MEMBER = re.compile(r"^(?P<x>.+?)\\in\s*(?:\\left\s*)?(?P<open>[(\[])(?P<lo>[^,]+),(?P<hi>[^)\]]+?)"
                     r"(?:\\right\s*)?(?P<close>[)\]])\s*$", re.S)
_MATH = re.compile(r"\$([^$]+)\$")


@lru_cache(maxsize=512)
def allowed(latex: str) -> tuple[sp.Symbol, sp.Set] | None:
    """The one symbol a condition constrains and the set of real values it allows; None when the
    text is not a condition on one symbol (a formula, a relation between two symbols)."""
    try:
        member = _MEMBER.match(latex.strip())
        if member:
            return _interval(member)
        read = read_latex(latex)
    except (FormulaError, ValueError, TypeError, SyntaxError):
        return None
    if len(read) != 1 or not isinstance(read[0], Relation) or not set(read[0].ops) <= set(_OPS):
        return None
    rel = read[0]
    parts = [_OPS[op](a, b) for op, a, b in zip(rel.ops, rel.args, rel.args[1:])]
    return _one_symbol(sp.And(*parts))


def _interval(m: re.Match) -> tuple[sp.Symbol, sp.Set] | None:
    (x,), (lo,), (hi,) = (read_latex(m.group(k)) for k in ("x", "lo", "hi"))
    if not isinstance(x, sp.Symbol):
        return None
    return x, sp.Interval(lo, hi, m.group("open") == "(", m.group("close") == ")")


def _one_symbol(condition) -> tuple[sp.Symbol, sp.Set] | None:
    free = getattr(condition, "free_symbols", set())
    if len(free) != 1:
        return None
    (x,) = free
    try:
        return x, condition.as_set()
    except (NotImplementedError, TypeError, ValueError):
        return None


def range_change(old: str, new: str, within: tuple[str, ...] = ()) -> tuple[str, str] | None:
    """The first condition of ``old``'s math spans (``$...$``) whose range ``new``'s does not
    allow, as (old span, new span); None when every condition allows the same set, in order,
    or when either text holds a span that is no condition on one symbol (not judged here).
    A range inside the old one claims less, and one inside every range of ``within`` (LaTeX
    conditions: where the evidence holds, ``\\beta >0``) is still earned: neither is a change."""
    a, b = _MATH.findall(old), _MATH.findall(new)
    if len(a) != len(b):
        return None
    for x, y in zip(a, b):
        ra, rb = allowed(x), allowed(y)
        if ra is None or rb is None:
            if x.strip() != y.strip():
                return None
            continue
        if ra[0].name != rb[0].name or not (rb[1].is_subset(ra[1]) or _inside(rb, within)):
            return x, y
    return None


def _inside(read: tuple[sp.Symbol, sp.Set], within: tuple[str, ...]) -> bool:
    """Whether the range ``read`` lies inside each condition of ``within`` on the same symbol."""
    ranges = [r for r in map(allowed, within) if r is not None and r[0].name == read[0].name]
    return bool(ranges) and all(read[1].is_subset(r[1]) for r in ranges)


def same_ranges(old: str, new: str, within: tuple[str, ...] = ()) -> bool:
    """Whether every math span of ``old`` and ``new`` is a condition on one symbol allowing the
    same set as its counterpart (the same number of spans, in order), or a set still earned
    (range_change: inside the old one, or inside ``within``)."""
    a, b = _MATH.findall(old), _MATH.findall(new)
    return bool(a) and len(a) == len(b) and all(
        (ra := allowed(x)) is not None and (rb := allowed(y)) is not None and ra[0].name == rb[0].name
        and (ra[1] == rb[1] or rb[1].is_subset(ra[1]) or _inside(rb, within)) for x, y in zip(a, b))
