"""Reading a declarative claim's LaTeX (sources.declared) with the project's reader: its parts,
one expression, the links of its relations. What cannot be read is an error naming the entry."""
from __future__ import annotations

from typing import Any

from ..errors import FormulaError, NoteproofError
from ..sources.declared import Declared


def read(latex: str, d: Declared) -> tuple:
    """The parts of ``latex`` (formula.parser.read_latex); unreadable: an error naming the entry."""
    from ..formula.parser import read_latex
    try:
        return read_latex(latex)
    except FormulaError as exc:
        raise NoteproofError(f"{d.kind}: {latex!r} cannot be read: {exc.message}", d.location) from None


def expr(latex: str, d: Declared) -> Any:
    parts = read(latex, d)
    if len(parts) != 1 or relation_of(parts[0]):
        raise NoteproofError(f"{d.kind}: {latex!r} is not one expression", d.location)
    return parts[0]


def relation_of(part: Any) -> list[tuple[str, Any, Any]]:
    """(op, left, right) of each link of a reader Relation ([] for an expression)."""
    from ..formula.parser import Relation
    if not isinstance(part, Relation):
        return []
    return list(zip(part.ops, part.args, part.args[1:]))


def links(latex: str, d: Declared, ops: tuple[str, ...]) -> list[tuple[str, Any, Any]]:
    out = [link for part in read(latex, d) for link in relation_of(part) if link[0] in ops]
    if not out:
        raise NoteproofError(f"{d.kind}: {latex!r} holds no relation {' '.join(ops)}", d.location)
    return out


def bare(e: Any) -> bool:
    import sympy
    return isinstance(e, (sympy.Symbol, sympy.Indexed))
