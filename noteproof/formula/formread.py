"""A registry formula entry -> the parts the project's reader makes of its text."""
from __future__ import annotations

import re
from dataclasses import replace

from ..errors import FormulaError, NoteproofError
from ..model import Location
from ..sources.locate import ratio
from ..sources.registry import FormulaSpec
from ..sources.spelling import spelling
from .equality import turned_equation


def read_spec(spec: FormulaSpec, where: Location | None = None) -> tuple:
    """Read ``spec.text`` as LaTeX or plain text with its symbol table and functions."""
    from . import parser as formulas
    reader = formulas.read_plain if spec.plain else formulas.read_latex
    try:
        return tuple(reader(spec.text, symbols=dict(spec.symbols), functions=spec.functions, location=where,
                            operators=spec.operators))
    except (NoteproofError, MemoryError):  # (a worker's memory limit: the pool names it)
        raise
    except Exception as exc:  # the reader's contract is FormulaError only; anything else is its bug
        raise FormulaError(f"reader failed: {type(exc).__name__}: {exc}", where) from None


def compared_side(spec: FormulaSpec, registered: str) -> str | None:
    """The side of ``spec.text`` its check compares: ``spec.side``, or the other one when the text
    is the ``registered`` equation written from its other side (``2TI=\\eta C/B`` for
    ``\\eta C/B=2TI``)."""
    if spec.side not in ("lhs", "rhs") or registered == spec.text or not _maybe_turned(spec.text, registered):
        return spec.side
    try:
        now, was = read_spec(spec), read_spec(replace(spec, text=registered))
    except NoteproofError:
        return spec.side
    if len(now) == len(was) and all(map(turned_equation, now, was)):
        return "lhs" if spec.side == "rhs" else "rhs"
    return spec.side


_RELATION = re.compile(r"<=|>=|\\(?:simeq|approx|leq?|geq?)(?![A-Za-z])|[=<>\u2264\u2265\u2248]")


def _maybe_turned(text: str, registered: str) -> bool:
    """Whether ``text`` may be ``registered`` written from its other side, as its spelling tells
    without reading either (no SymPy): each has one relation, and the sides of ``text`` are more
    like the registered sides swapped than in order (``0.000987`` for ``0.000977`` on the right is
    not a turned equation)."""
    sides = [_RELATION.split(spelling(t)[0]) for t in (text, registered)]
    if any(len(p) != 2 for p in sides):
        return True   # not one relation each: let the reader tell
    (a, b), (c, d) = sides
    return ratio(a, d) + ratio(b, c) > ratio(a, c) + ratio(b, d)
