"""How a relation prints: its text, its pretty form and its MathML, defined once.

A relation is the reader's `parser.Relation` (``0 < eta*h < 2``: sides and the operators
between them) or a SymPy relational (``Eq``, ``Le``, ...). Printed, it is its sides joined by
its operators: in text, ``a <= b`` (SymPy's own ``str`` of ``Eq(a, b)`` is the call, not the
relation); in a pretty form, SymPy's pretty blocks of the sides set side by side on their
middle lines with `` <= `` between; in MathML, an ``<mrow>`` of the sides with the operator's
character (``≤``, ``∝``, ``⇒``) as an ``<mo>``; in LaTeX, the sides joined by ``\\le``,
``\\ne``, ... The reader's Relation carries SymPy's printer hooks (``_sympystr``, ``_pretty``,
``_mathml_presentation``, ``_latex``) built on the joins below, so ``str``, ``sympy.pretty``,
``sympy.latex`` and the report's MathML printer all follow this one definition.
May import the base modules and the formula layer's equality (which says what a relation is).
"""
from __future__ import annotations

from html import escape
from typing import Any, Sequence

from .equality import relation_parts

# a relation operator -> the character that prints it in MathML (the reader's ops, parser.RELATION_OPS)
SIGNS = {"=": "=", "<=": "\u2264", "<": "<", ">=": "\u2265", ">": ">", "!=": "\u2260", "~": "\u2243",
         "propto": "\u221d", "=>": "\u21d2", "->": "\u2192"}


def _pairs(ops: Sequence[str], sides: Sequence[Any]) -> list[tuple[str, Any]]:
    """(operator, side) for every side after the first; one operator given for a longer
    chain relates every pair."""
    return list(zip(tuple(ops) * len(sides), sides[1:]))


def joined_text(ops: Sequence[str], sides: Sequence[str]) -> str:
    """Sides (text) joined by their operators: ``a <= b < c``."""
    return sides[0] + "".join(f" {op} {side}" for op, side in _pairs(ops, sides))


# a relation operator -> its LaTeX
TEX_SIGNS = {"=": "=", "<=": "\\le", "<": "<", ">=": "\\ge", ">": ">", "!=": "\\ne", "~": "\\simeq",
             "propto": "\\propto", "=>": "\\Rightarrow", "->": "\\to"}


def joined_latex(ops: Sequence[str], sides: Sequence[str]) -> str:
    """Sides (LaTeX) joined by their operators' LaTeX: ``a \\le b < c``."""
    return sides[0] + "".join(f" {TEX_SIGNS.get(op, op)} {side}" for op, side in _pairs(ops, sides))


def joined_blocks(ops: Sequence[str], blocks: Sequence[str]) -> str:
    """Pretty blocks (multi-line text) side by side, `` op `` between on the middle line."""
    text = blocks[0]
    for op, block in _pairs(ops, blocks):
        text = _beside(text, f" {op} ", block)
    return text


def _beside(left: str, op: str, right: str) -> str:
    """Two pretty blocks side by side, centred on their middle lines."""
    a, b = left.split("\n"), right.split("\n")
    h = max(len(a), len(b))
    pad = lambda lines: [""] * ((h - len(lines)) // 2) + lines + [""] * (h - len(lines) - (h - len(lines)) // 2)
    a, b = pad(a), pad(b)
    wa = max(len(x) for x in a)
    mid = (h - 1) // 2
    return "\n".join(x.ljust(wa) + (op if i == mid else " " * len(op)) + y for i, (x, y) in enumerate(zip(a, b)))


def joined_row(dom, ops: Sequence[str], sides: Sequence[Any]):
    """MathML elements of the sides (``dom`` nodes) in one ``<mrow>``, each operator an ``<mo>``."""
    row = dom.createElement("mrow")
    row.appendChild(sides[0])
    for op, side in _pairs(ops, sides):
        mo = dom.createElement("mo")
        mo.appendChild(dom.createTextNode(escape(SIGNS.get(op, op), quote=False)))   # SymPy's DOM writes text as is
        row.appendChild(mo)
        row.appendChild(side)
    return row


def text(obj: Any) -> str:
    """The text of an expression or a relation: SymPy's ``str``, a reader Relation through its
    ``_sympystr`` hook, a SymPy relational as its sides joined by its operator (``Eq(a, b)`` as
    ``a = b``)."""
    import sympy
    if isinstance(obj, sympy.core.relational.Relational):
        ops, args = relation_parts(obj)
        return joined_text(ops, [text(a) for a in args])
    return str(obj)


def pretty(obj: Any) -> str:
    """SymPy's pretty form (unicode, unwrapped) of an expression or of a reader Relation (its
    ``_pretty`` hook); anything else as its ``str``."""
    import sympy
    if isinstance(obj, sympy.Basic) or relation_parts(obj) is not None:
        return sympy.pretty(obj, use_unicode=True, wrap_line=False)
    return str(obj)


def block_form(block: str):
    """A SymPy prettyForm holding ``block`` line by line as it is, its baseline the middle line
    (SymPy's constructor would centre lines of unequal length)."""
    from sympy.printing.pretty.stringpict import prettyForm
    lines = block.split("\n")
    form = prettyForm(lines[0], baseline=(len(lines) - 1) // 2)
    form.picture = lines
    return form
