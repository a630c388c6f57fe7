"""Derived SymPy objects as LaTeX and as one line of Unicode, in the note's notation.

One printer: SymPy's LaTeX printer taught the reader's names. A name a ``symbols:`` table gives
(``ds`` -> ``\\Delta s``, ``a_star`` -> ``a_{\\ast }``) prints as the note's fragment; otherwise
the reader's naming rules are inverted (``a_star`` -> ``a_{\\ast}``, ``theta`` -> ``\\theta``,
``a_tilde_i`` -> ``\\tilde{a}_{i}``, ``q_dot`` -> ``\\dot{q}``, ``s_ell`` -> ``s_{\\ell}``, ``x0``
-> ``x_{0}``). :func:`form_latex` is what JSON's ``*_latex`` fields, Markdown and Jupyter show;
:func:`form_unicode` sets the same LaTeX as one line of Unicode for the terminal
(``(1 - a_star**2)/(a_star**2*beta - beta + 1)`` -> ``(1 − a*²)/(a*²β − β + 1)``).
May import the base modules and the formula layer.
"""
from __future__ import annotations

import re
from typing import Any, Mapping

from .lex_latex import GREEK

_ACCENT = {"tilde": "tilde", "hat": "hat", "bar": "bar", "dot": "dot", "ddot": "ddot", "vec": "vec"}
_MARKS = {"star": r"\ast", "prime": r"\prime"}


def name_latex(name: str, table: Mapping[str, str] | None = None) -> str:
    """A reader's symbol name as LaTeX in the note's notation: the ``symbols:`` fragment the
    table gives, else the naming rules inverted (``a_star`` -> ``a_{\\ast}``, never ``a_{star}``)."""
    if table and name in table:
        fragment = table[name].strip()
        plain = re.fullmatch(r"([A-Za-z])(\d+)", fragment)   # a plain-text note's x0 is x_0
        return f"{plain[1]}_{{{plain[2]}}}" if plain else fragment
    m = re.fullmatch(r"([A-Za-z]+?)(\d+)", name)
    parts = [m[1], m[2]] if m and m[1] not in GREEK else [p for p in name.split("_") if p] or [name]
    base = _word(parts[0])
    marks, subs = [], []
    for p in parts[1:]:
        if p in _ACCENT:
            base = rf"\{_ACCENT[p]}{{{base}}}"
        elif p in _MARKS:
            marks.append(_MARKS[p])
        else:
            subs.append(_word(p))
    if subs:
        return base + "_{" + ",".join(subs) + "}" + ("^{" + " ".join(marks) + "}" if marks else "")
    return base + ("_{" + " ".join(marks) + "}" if marks else "")


def _word(part: str) -> str:
    """One part of a name: a Greek letter as its command, a longer word upright, else as is."""
    if part in GREEK or part == "nabla":
        return "\\" + part
    return rf"\mathrm{{{part}}}" if len(part) > 1 and part.isalpha() else part


def form_latex(obj: Any, table: Mapping[str, str] | None = None, partial: bool = False) -> str:
    """A derived SymPy object or reader Relation as LaTeX in the note's notation ("" when it is
    neither); a reader Relation prints through its ``_latex`` hook (formula.printing).
    ``partial``: derivatives are written with ∂ (the note's formula does: ∂ℒ/∂θ)."""
    from .typeset import as_basic
    basic = as_basic(obj)
    if basic is None:
        return ""
    return _printer_class()(dict(table or {}), partial).doprint(basic)


def form_unicode(obj: Any, table: Mapping[str, str] | None = None) -> str:
    """The derived object as one line of Unicode: :func:`form_latex` set by :func:`latex_unicode`
    (fractions as a/b, scripts as super- and subscript characters, products juxtaposed)."""
    import sympy

    from .printing import text
    plain = str(obj.tolist()) if isinstance(obj, sympy.MatrixBase) else text(obj) if obj is not None else ""
    return unicode_of(form_latex(obj, table), plain)


def unicode_of(latex: str, plain: str) -> str:
    """One line of Unicode from a form's LaTeX, or from its plain text (read by the prose printer)
    where there is no LaTeX or it has a structure one line cannot hold (a matrix)."""
    if latex and "\\begin" not in latex:
        return latex_unicode(latex)
    from .prose import unicode
    return unicode(plain)


_FUNCS = "log|ln|exp|sinh|cosh|tanh|sin|cos|tan|atanh|asin|acos|atan|max|min"
_LETTERS = "|".join(sorted(GREEK, key=len, reverse=True))
_OPS = "+\u2212=<>\u2264\u2265\u2260\u2192\u21d2\u221d\u2243"
_KEEP, _JOIN = "\ue000", "\ue001"   # a space kept; a space between factors, dropped once scripts are set


def latex_unicode(latex: str) -> str:
    """SymPy-style LaTeX as one line of Unicode (``\\frac{1 - a_{\\ast}^{2}}{a_{\\ast}^{2} \\beta + 1}``
    -> ``(1 − a*²)/(a*²β + 1)``): factors juxtaposed, binary operators spaced, a function set off
    from a factor before it (2 cosh(u), Δs f(s)), a factor after a two-part name (Δs e_ℓ)."""
    from .prose import SUBS, SUPERS, tex_unicode
    latex = re.sub(r"\\(?:no)?limits(?![A-Za-z])", "", latex)   # ∫₀¹: a line has no place for limits above
    latex = re.sub(rf"(?<=[\w}})])\s*(?=\\(?:{_FUNCS})\b|\\operatorname\{{(?:{_FUNCS})\}}|[A-Za-z]\\left\()",
                   _KEEP, latex)
    latex = re.sub(rf"(\\(?:{_LETTERS}) [A-Za-z])\s+(?=[A-Za-z]|\\(?!left|right|frac)[A-Za-z])", rf"\1{_KEEP}", latex)
    text = tex_unicode(_squeeze(latex)).replace(_JOIN, "").replace(_KEEP, " ").replace(",", ", ")
    text = re.sub(rf"(?<=[^\s(\[,{_OPS}])([{_OPS}])", r" \1 ", text)
    scripts = re.escape("".join(sorted(set(SUPERS.values()) | set(SUBS.values()))))
    atom = rf"(?:[d\u2202]?[^\W\d_][\u0303*\u2032]?[{scripts}]*|\d+|\([^()]*\)[{scripts}]+)"
    text = re.sub(rf"\(({atom})\)(?=/)|(?<=/)\(({atom})\)", lambda m: m[1] or m[2], text)
    text = re.sub(rf"\u221a\(({atom})\)", "\u221a" + r"\1", text)
    return re.sub(rf"\(([^\s()/{_OPS}]+)\)(?=/)", r"\1", text)


def _squeeze(latex: str) -> str:
    """The LaTeX's spaces made explicit: none inside a script's braces (``e^{- a t}`` -> ``e^{-at}``),
    a mark between factors elsewhere (dropped once the scripts are set: ``\\theta z_k`` -> θzₖ); in a
    script, a space only where one ends a command before a letter."""
    out: list[str] = []
    scripts: list[bool] = []   # for each open brace: whether it opens (or lies inside) a script
    i = 0
    while i < len(latex):
        ch = latex[i]
        if ch.isspace():
            j = i
            while j < len(latex) and latex[j].isspace():
                j += 1
            inside = bool(scripts and scripts[-1])
            if not inside:
                out.append(_JOIN)
            elif re.search(r"\\[A-Za-z]+$", "".join(out[-24:])) and j < len(latex) and latex[j].isalpha():
                out.append(" ")
            i = j
            continue
        if ch == "{":
            scripts.append(bool(out) and out[-1] in "^_" or bool(scripts and scripts[-1]))
        elif ch == "}" and scripts:
            scripts.pop()
        out.append(ch)
        i += 1
    return "".join(out)


_PRINTER = None


def _printer_class():
    """SymPy's LaTeX printer with the notes' names (built once, on first use)."""
    global _PRINTER
    if _PRINTER is not None:
        return _PRINTER
    from sympy import Derivative
    from sympy.core.function import AppliedUndef
    from sympy.printing.latex import LatexPrinter

    from .sums import indexed_call, indices

    class Printer(LatexPrinter):
        def __init__(self, table, partial=False):
            super().__init__({"mul_symbol": None})
            self.table, self.partial = table, partial

        def _print_Symbol(self, sym, style="plain"):
            return name_latex(sym.name, self.table)

        _print_Dummy = _print_Symbol

        def _print_Function(self, e, exp=None):
            if isinstance(e, AppliedUndef):
                head, args = name_latex(type(e).__name__, self.table), e.args
                if indexed_call(self, e):   # z_b(c): the reader's z(b, c) inside a sum over b
                    head, args = f"{head}_{{{self._print(args[0])}}}", args[1:]
                args = ", ".join(self._print(a) for a in args)
                head = f"{{{head}}}^{{{exp}}}" if exp is not None else head
                return rf"{head}\left({args}\right)"
            return super()._print_Function(e, exp)

        def _print_Sum(self, e):
            return self._big(e, r"\sum")

        def _print_Product(self, e):
            return self._big(e, r"\prod")

        def _big(self, e, symbol: str) -> str:
            """With limits; over (-oo, oo) under the index alone, as the note writes ``\\sum_b``."""
            from sympy import oo
            from sympy.printing.precedence import PRECEDENCE
            heads = []
            for var, lo, hi in e.limits:
                whole = lo == -oo and hi == oo
                heads.append(f"{symbol}_{{{self._print(var)}}}" if whole else
                             f"{symbol}_{{{self._print(var)}={self._print(lo)}}}^{{{self._print(hi)}}}")
            with indices(self, e):
                body = self.parenthesize(e.function, PRECEDENCE["Mul"], strict=True)
            return " ".join(heads) + " " + body

        def _print_Subs(self, e):
            """f'(z*) for a derivative of f(z) taken at a point, as the notes write it."""
            d = e.expr
            if isinstance(d, Derivative) and len(e.variables) == 1 and d.variables == e.variables \
                    and isinstance(d.expr, AppliedUndef) and d.expr.args == e.variables:
                return rf"{name_latex(type(d.expr).__name__, self.table)}'\left({self._print(e.point[0])}\right)"
            return super()._print_Subs(e)

        def _print_Derivative(self, e):
            """d a*/du as the notes write it: the function's name on top (∂ for several variables)."""
            f, variables = e.expr, [v for v, _ in e.variable_count]
            if not (isinstance(f, AppliedUndef) and set(f.args) <= set(variables)):
                return super()._print_Derivative(e)
            from sympy.printing.conventions import requires_partial
            d = r"\partial " if self.partial or requires_partial(e) else "d "
            dim = sum(int(n) for _, n in e.variable_count)
            top = d.strip() + (f"^{{{dim}}} " if dim > 1 else " ") + name_latex(type(f).__name__, self.table)
            bottom = " ".join(d + self._print(v) + (f"^{{{n}}}" if n > 1 else "") for v, n in e.variable_count)
            return rf"\frac{{{top}}}{{{bottom}}}"

    _PRINTER = Printer
    return Printer
