"""A registry formula entry -> the parts the project's reader makes of its text."""
from __future__ import annotations

from dataclasses import replace

from ..errors import FormulaError, NoteproofError
from ..model import Location
from ..sources.registry import FormulaSpec
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
    if spec.side not in ("lhs", "rhs") or registered == spec.text:
        return spec.side
    try:
        now, was = read_spec(spec), read_spec(replace(spec, text=registered))
    except NoteproofError:
        return spec.side
    if len(now) == len(was) and all(map(turned_equation, now, was)):
        return "lhs" if spec.side == "rhs" else "rhs"
    return spec.side
