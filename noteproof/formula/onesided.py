"""The point a one-sided limit approaches: ``0^{+}`` (from above) and ``0^{-}`` (from below).

The reader keeps the side (``\\tau \\to 0^{+}`` and ``\\tau \\to 0^{-}`` are different
statements: the tempered softmax concentrates on the largest score as tau -> 0+, on the
smallest as tau -> 0-), and prints it as the note writes it: ``0⁺`` in Unicode, ``0^{+}`` in
LaTeX and MathML. Equality (formula.equality.same_expr) compares the one-sided points first
and then reads each as one symbol on both hands.
"""
from __future__ import annotations

import sympy as sp

MARKS = {1: ("+", "\u207a"), -1: ("-", "\u207b")}   # side -> (text and LaTeX, Unicode superscript)


class OneSided(sp.Function):
    """``OneSided(point, side)``: ``point`` approached from above (side 1) or below (side -1)."""

    nargs = 2   # no evaluation rule: 0^{+} stays itself, never 0

    @property
    def mark(self) -> tuple[str, str]:
        return MARKS[int(self.args[1])]

    def _base(self, show, left: str = "(", right: str = ")") -> str:
        point = self.args[0]
        return show(point) if point.is_Atom else f"{left}{show(point)}{right}"

    def _sympystr(self, printer) -> str:
        return f"{self._base(printer._print)}^{self.mark[0]}"

    def _pretty(self, printer):
        from sympy.printing.pretty.stringpict import prettyForm
        base = printer._print(self.args[0])
        base = base if self.args[0].is_Atom else prettyForm(*base.parens())
        return prettyForm(*base.right(self.mark[1]))

    def _latex(self, printer) -> str:
        base = self._base(printer._print, "\\left(", "\\right)")
        return f"{base}^{{{self.mark[0]}}}"

    def _mathml_presentation(self, printer):
        sup = printer.dom.createElement("msup")
        sup.appendChild(printer._print(self.args[0]))
        mo = printer.dom.createElement("mo")
        mo.appendChild(printer.dom.createTextNode(self.mark[0]))
        sup.appendChild(mo)
        return sup


def one_sided(point, mark: str) -> OneSided:
    """``point`` with the side a superscript ``+`` or ``-`` gives it."""
    return OneSided(point, sp.Integer(1 if mark == "+" else -1))


def apart(a, b) -> tuple | None:
    """``a`` and ``b`` with each one-sided point read as one symbol (the same on both hands), or
    None when they approach different points or one point from different sides."""
    ours, theirs = a.atoms(OneSided), b.atoms(OneSided)
    if ours != theirs:
        return None
    table = {p: sp.Dummy(f"point{k}") for k, p in enumerate(sorted(ours, key=sp.default_sort_key))}
    return a.xreplace(table), b.xreplace(table)
