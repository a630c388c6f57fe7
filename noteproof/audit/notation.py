"""A derived form printed in the note's own notation, for a finding's ``expected``.

Used only where the baseline has no text of the formula to offer (a formula the edit did
not change that fails, e.g. with ``--all``): the derivation is run here, and its form is
printed by sympy.latex with the formula's symbol table (``a_star`` -> ``a_{\\ast }``) for a
LaTeX formula, or as plain text with ``^`` powers for a page's plain-text formula.
"""
from __future__ import annotations

from pathlib import Path

from ..errors import NoteproofError
from ..sources.notes import Note
from ..sources.registry import FormulaSpec


class DerivedForms:
    """spec -> the derived form in the note's notation ("" when it cannot be had)."""

    def __init__(self, root: Path, note: Note) -> None:
        self.root, self.note, self._run = root, note, None

    def __call__(self, spec: FormulaSpec) -> str:
        try:
            form = self._form(spec)
        except (NoteproofError, ImportError, ArithmeticError, TypeError, ValueError, KeyError):
            return ""
        return note_form(form, spec)

    def _form(self, spec: FormulaSpec):
        if self._run is None:
            from ..run.claim import Run
            from ..sources.content import load_content
            self._run = Run(load_content(self.root), self.note)
        forms = self._run.derivation(spec.derivation).forms
        if spec.form is not None:
            return forms[spec.form]
        if len(forms) != 1:
            raise KeyError(spec.derivation)
        return next(iter(forms.values()))


def note_form(form, spec: FormulaSpec) -> str:
    import sympy
    if spec.plain:
        return str(form).replace("**", "^")
    names = {sympy.Symbol(name): text for text, name in spec.symbols}
    shown = sympy.latex(form, symbol_names=names, mul_symbol=None, ln_notation=False)
    return _export_style(shown)


def _export_style(latex: str) -> str:
    """sympy.latex made closer to the notes' export: \\left( \\right) as plain parentheses."""
    return latex.replace("\\left(", "(").replace("\\right)", ")").replace("\\left[", "[").replace("\\right]", "]")
