"""A registry formula entry -> the parts the project's reader makes of its text."""
from __future__ import annotations

from ..errors import FormulaError, NoteproofError
from ..model import Location
from ..sources.registry import FormulaSpec


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
