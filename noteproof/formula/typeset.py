"""Presentation MathML for the HTML report, in the notes' own notation.

Two printers share the reader's tables (lex_latex: Greek names, accents, relations; the
per-formula ``symbols:`` tables of claims.yaml):

* :func:`latex_mathml` typesets the notes' LaTeX as written (``$...$`` spans of rows, tags
  and statements; formulas as printed), through the reader's own normalising pass and
  tokenizer. It builds no SymPy object, so ``2^{-10}`` stays ``2^{-10}``. It returns None
  where the reader cannot tokenize the text (the caller shows the text).
* :func:`sympy_mathml` prints a derived SymPy object, turning the reader's symbol names back
  into the note's notation: a name a ``symbols:`` table gives (``ds`` -> ``\\Delta s``,
  ``p_half`` -> ``p_{n+1/2}``) is typeset from its fragment; otherwise the reader's naming
  rules are inverted (``a_tilde_i`` -> ã_i, ``q_dot`` -> q̇, ``z_star`` -> z*, ``s_ell`` -> s_ℓ).
  Derivatives use d or ∂, products ∏, sums ∑, and minus signs are U+2212.
"""
from __future__ import annotations

import re
import unicodedata
from html import escape
from typing import Mapping

from ..errors import FormulaError
from .equality import relation_parts
from .lex_latex import ACCENTS, GREEK, normalise, tokenize_latex
from .lexing import Token
from .printing import SIGNS

MATH_NS = "http://www.w3.org/1998/Math/MathML"
MINUS = "\u2212"
# the reader's accent suffixes (lex_latex.ACCENTS values) -> the combining mark drawn over the base
ACCENT_MARKS = {"tilde": "\u02dc", "hat": "\u005e", "bar": "\u00af", "dot": "\u02d9", "ddot": "\u00a8",
                "vec": "\u2192"}
assert set(ACCENTS.values()) <= set(ACCENT_MARKS)
VARIANTS = {"epsilon": "\u03f5", "varepsilon": "\u03b5", "vartheta": "\u03d1", "phi": "\u03d5",
            "varphi": "\u03c6", "varrho": "\u03f1", "varsigma": "\u03c2", "varpi": "\u03d6", "ell": "\u2113"}
REL_TEXT = {"le": "\u2264", "leq": "\u2264", "leqslant": "\u2a7d", "ge": "\u2265", "geq": "\u2265",
            "geqslant": "\u2a7e", "ne": "\u2260", "neq": "\u2260", "simeq": "\u2243", "approx": "\u2248",
            "sim": "\u223c", "propto": "\u221d", "Rightarrow": "\u21d2", "implies": "\u27f9",
            "Longrightarrow": "\u27f9", "to": "\u2192", "rightarrow": "\u2192", "lt": "&lt;", "gt": "&gt;"}
OPS_TEXT = {op: escape(sign, quote=False) for op, sign in SIGNS.items()}   # as MathML text
FONT_STYLE = {"mathcal": ("SCRIPT", "MATHEMATICAL SCRIPT"), "mathbb": ("DOUBLE-STRUCK", "MATHEMATICAL DOUBLE-STRUCK"),
              "mathbf": ("MATHEMATICAL BOLD",), "boldsymbol": ("MATHEMATICAL BOLD ITALIC",),
              "mathfrak": ("BLACK-LETTER", "MATHEMATICAL FRAKTUR")}
_CMD = re.compile(r"\\([A-Za-z]+)")
_FONT_AT = re.compile(r"\\(mathcal|mathbb|mathbf|boldsymbol|mathfrak|mathrm|operatorname|mathsf)\s*\{?\s*")


def greek(name: str) -> str:
    """The character of a Greek command name (``beta`` -> β, ``Delta`` -> Δ, ``ell`` -> ℓ)."""
    if name in VARIANTS:
        return VARIANTS[name]
    case = "CAPITAL" if name[0].isupper() else "SMALL"
    try:   # Unicode spells lambda "LAMDA"
        return unicodedata.lookup(f"GREEK {case} LETTER {name.upper().replace('LAMBDA', 'LAMDA')}")
    except KeyError:
        return name


def _mi(text: str) -> str:
    """An identifier; an upright capital Greek letter as mathematicians print it."""
    if len(text) == 1 and "\u0391" <= text <= "\u03a9":
        return f'<mi mathvariant="normal">{text}</mi>'
    return f"<mi>{escape(text, quote=False)}</mi>"


def _styled(letter: str, font: str) -> str:
    for prefix in FONT_STYLE.get(font, ()):
        case = "CAPITAL" if letter.isupper() else "SMALL"
        try:
            return unicodedata.lookup(f"{prefix} {case} {letter.upper()}")
        except KeyError:
            continue
    return letter


def _row(items: list[str]) -> str:
    return items[0] if len(items) == 1 else "<mrow>" + "".join(items) + "</mrow>"


TIGHT_STAR, TIGHT_PRIME = '<mo lspace="0" rspace="0">\u2217</mo>', '<mo lspace="0" rspace="0">\u2032</mo>'


def _tight(xml: str) -> str:
    """A star or prime in a script is a mark, not an operator: no space around it."""
    return xml.replace("<mo>\u2217</mo>", TIGHT_STAR).replace("<mo>\u2032</mo>", TIGHT_PRIME)


def wrap(body: str, display: bool) -> str:
    return f'<math xmlns="{MATH_NS}" display="{"block" if display else "inline"}">{body}</math>'


# ---- LaTeX as printed ---------------------------------------------------------------

def latex_mathml(src: str, display: bool = False) -> str | None:
    """The note's LaTeX typeset as MathML (a ``<math>`` element), or None where unreadable."""
    body = latex_body(src)
    return None if body is None else wrap(body, display)


def latex_body(src: str) -> str | None:
    """The inside of :func:`latex_mathml` (an ``<mrow>``), or None."""
    text = normalise(src)
    try:
        toks = tokenize_latex(text, [], _fail)
        body = _Typesetter(text, toks).whole()
    except (FormulaError, IndexError, RecursionError):
        return None
    return body if body else None


def _fail(message: str, pos: int | None = None):
    raise FormulaError(message)


class _Typesetter:
    """Tokens of the reader's tokenizer -> MathML, as written (no evaluation, no reordering)."""

    def __init__(self, src: str, toks: list[Token]) -> None:
        self.src, self.toks, self.i = src, toks, 0

    def whole(self) -> str:
        items = self.seq()
        if self.i < len(self.toks):
            raise FormulaError(f"unexpected {self.toks[self.i].value!r}")
        return "<mrow>" + "".join(items) + "</mrow>"

    def peek(self) -> Token | None:
        return self.toks[self.i] if self.i < len(self.toks) else None

    def is_op(self, value: str) -> bool:
        t = self.peek()
        return t is not None and t.kind == "op" and t.value == value

    def seq(self, close: str | None = None) -> list[str]:
        out: list[str] = []
        while self.i < len(self.toks):
            if close and self.is_op(close):
                return out
            out.append(self.scripted(self.primary()))
        if close:
            raise FormulaError(f"missing {close!r}")
        return out

    def group(self) -> str:
        """A braced group or a single item (an argument of \\frac, an accent or a script)."""
        if self.is_op("{"):
            self.i += 1
            items = self.seq("}")
            self.i += 1
            return _row(items) if items else "<mrow></mrow>"
        return self.primary()

    def scripted(self, base: str, under: bool = False) -> str:
        sub = sup = None
        while True:
            if self.is_op("_") and sub is None:
                self.i += 1
                sub = self.group()
            elif self.is_op("^") and sup is None:
                self.i += 1
                sup = self.group()
            elif self.is_op("'"):
                self.i += 1
                sup = (sup or "") + "<mo>\u2032</mo>"
                sup = f"<mrow>{sup}</mrow>"
            else:
                break
        if sub is None and sup is None:
            return base
        sub, sup = (_tight(x) if x else x for x in (sub, sup))
        tags = ("munder", "mover", "munderover") if under else ("msub", "msup", "msubsup")
        if sup is None:
            return f"<{tags[0]}>{base}{sub}</{tags[0]}>"
        if sub is None:
            return f"<{tags[1]}>{base}{sup}</{tags[1]}>"
        return f"<{tags[2]}>{base}{sub}{sup}</{tags[2]}>"

    def source_command(self, t: Token) -> str:
        m = _CMD.match(self.src, t.pos)
        return m[1] if m else ""

    def primary(self) -> str:
        t = self.toks[self.i]
        self.i += 1
        k, v = t.kind, t.value
        if k == "num":
            return f"<mn>{v}</mn>"
        if k == "name":
            if v in GREEK:
                return _mi(greek(v))
            font = _FONT_AT.match(self.src, t.pos)
            if font and font[1] in FONT_STYLE:
                return _mi(_styled(v, font[1]))
            if font and font[1] in ("mathrm", "operatorname"):
                return f'<mi mathvariant="normal">{v}</mi>'
            return _mi(v)
        if k == "atom":
            if v == "nabla":
                return _mi("\u2207")
            return _mi(v)
        if k == "func":
            if v == "sqrt" and self.is_op("{"):
                return f"<msqrt>{self.group()}</msqrt>"
            return self.scripted(_mi(v)) + "<mo>\u2061</mo>"
        if k == "rel":
            cmd = self.source_command(t)
            return f"<mo>{REL_TEXT.get(cmd) or OPS_TEXT.get(v, escape(v))}</mo>"
        if k == "op":
            return self.operator(t)
        if k == "sep":
            if v == "quad":
                return '<mspace width="1em"/>'
            if v == "qquad":
                return '<mspace width="2em"/>'
            if v == "\\\\":
                return '<mspace width="1em"/>'
            return f"<mo>{v}</mo>"
        if k == "transpose":
            return "<mi>\u22a4</mi>" if self.source_command(t) == "top" else '<mi mathvariant="normal">T</mi>'
        if k == "annot":
            return f"<mtext>{escape(v, quote=False)}</mtext>"
        if k == "cmd":
            return self.command(t)
        raise FormulaError(f"cannot typeset {v!r}")

    def operator(self, t: Token) -> str:
        v = t.value
        if v == "{":
            self.i -= 1
            return self.group()
        if v == "-":
            return f"<mo>{MINUS}</mo>"
        if v == "*":
            cmd = self.source_command(t)
            return {"cdot": "<mo>\u22c5</mo>", "times": "<mo>\u00d7</mo>"}.get(cmd, "<mo>\u2217</mo>")
        if v == "'":
            return "<mo>\u2032</mo>"
        if v == "/":
            return '<mo lspace="0" rspace="0">/</mo>'
        if v in "()[]|":
            return f'<mo stretchy="false">{v}</mo>' if v != "|" else "<mo>|</mo>"
        if v == "}":
            raise FormulaError("unbalanced }")
        return f"<mo>{escape(v, quote=False)}</mo>"

    def command(self, t: Token) -> str:
        v = t.value
        if v in ("frac", "dfrac", "tfrac"):
            num = self.group()
            return f"<mfrac>{num}{self.group()}</mfrac>"
        if v == "sqrt":
            return f"<msqrt>{self.group()}</msqrt>"
        if v in ("sum", "prod"):
            return self.scripted(f"<mo>{'∑' if v == 'sum' else '∏'}</mo>", under=True)
        if v == "int":
            return self.scripted("<mo>\u222b</mo>")
        if v in ("max", "min"):
            return self.scripted(f"<mi>{v}</mi>", under=True)
        if v == "partial":
            return "<mi>\u2202</mi>"
        if v == "infty":
            return "<mi>\u221e</mi>"
        if v == "mid":
            return "<mo>\u2223</mo>"
        if v == "Vert":
            return "<mo>\u2016</mo>"
        if v in ("L.", "R."):
            return "<mrow></mrow>"
        if v == "R|":
            return "<mo>|</mo>"
        if v.startswith("accent:"):
            mark = ACCENT_MARKS[v.split(":", 1)[1]]
            return f'<mover accent="true">{self.group()}<mo>{mark}</mo></mover>'
        raise FormulaError(f"cannot typeset \\{v}")


# ---- text with $...$ spans ---------------------------------------------------------------

_SPAN = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)


def text_html(text: str) -> str:
    """Escaped text with each ``$...$`` / ``$$...$$`` span typeset; an unreadable span stays
    as its text (in <code>)."""
    out, last = [], 0
    for m in _SPAN.finditer(text):
        out.append(escape(text[last:m.start()]))
        inner = m[1] if m[1] is not None else m[2]
        typeset = latex_mathml(inner, display=False)
        out.append(typeset if typeset else f'<code class="tex">{escape(m[0])}</code>')
        last = m.end()
    out.append(escape(text[last:]))
    return "".join(out)


# ---- derived SymPy objects --------------------------------------------------------------

def inverse_table(*tables: Mapping[str, str]) -> dict[str, str]:
    """name -> the note's fragment, from ``symbols:`` tables (fragment -> name); the first
    table naming a name wins, and within a table the longest fragment."""
    out: dict[str, str] = {}
    for table in tables:
        for fragment, name in sorted(table.items(), key=lambda kv: (-len(kv[0]), kv[0])):
            out.setdefault(name, fragment)
    return out


def name_body(name: str, table: Mapping[str, str] | None = None) -> str:
    """A reader's symbol name as the note writes it (inner MathML)."""
    if table and name in table:
        body = latex_body(table[name])
        if body:
            return body
    return _decode(name)


def _decode(name: str) -> str:
    parts = [p for p in name.split("_") if p] or [name]
    base, rest = parts[0], parts[1:]
    body = _mi(greek(base)) if base in GREEK else _mi("\u2207") if base == "nabla" else _mi(base)
    sup: list[str] = []
    while rest and (rest[0] in ACCENT_MARKS or rest[0] in ("star", "prime")):
        mark = rest.pop(0)
        if mark in ACCENT_MARKS:
            body = f'<mover accent="true">{body}<mo>{ACCENT_MARKS[mark]}</mo></mover>'
        else:
            sup.append(TIGHT_STAR if mark == "star" else TIGHT_PRIME)
    # marks after the subscript (a_i_star) still belong on top
    tail = [p for p in rest if p in ("star", "prime")]
    rest = [p for p in rest if p not in ("star", "prime")]
    sup += [TIGHT_STAR if p == "star" else TIGHT_PRIME for p in tail]
    sub = _decode("_".join(rest)) if rest else None
    if sub is not None and len(rest) == 1 and rest[0].isdigit():
        sub = f"<mn>{rest[0]}</mn>"
    if sub and sup:
        return f"<msubsup>{body}{sub}{_row(sup)}</msubsup>"
    if sub:
        return f"<msub>{body}{sub}</msub>"
    if sup:
        return f"<msup>{body}{_row(sup)}</msup>"
    return body


def sympy_mathml(expr, table: Mapping[str, str] | None = None, display: bool = True,
                 partial: bool = False) -> str:
    """A SymPy object or a reader Relation as a ``<math>`` element in the note's notation (""
    when it is neither); ``partial``: derivatives are written with ∂ (the note's formula does)."""
    body = sympy_body(expr, table, partial)
    return wrap(body, display) if body else ""


def sympy_body(expr, table: Mapping[str, str] | None = None, partial: bool = False) -> str:
    """The inside of :func:`sympy_mathml`; a relation prints through its printer hook
    (formula.printing: the sides joined by the operators' signs)."""
    expr = as_basic(expr)
    if expr is None:
        return ""
    printer = _printer_class()(dict(table or {}), partial)
    return _minus(printer.doprint(expr))


def _minus(xml: str) -> str:
    """Real minus signs; e, i and d as the letters mathematicians write."""
    for old, new in (("&ExponentialE;", "e"), ("&ImaginaryI;", "i"), ("&dd;", "d"), ("&#x2146;", "d")):
        xml = xml.replace(old, new)
    xml = re.sub(r"&#(\d+);", lambda m: chr(int(m[1])) if int(m[1]) > 127 else m[0], xml)
    xml = xml.replace("<mo>-</mo>", f"<mo>{MINUS}</mo>")
    return re.sub(r"<mn>-(\d)", lambda m: f"<mo>{MINUS}</mo><mn>{m[1]}", xml)


def as_basic(obj):
    """What the printers print: a SymPy object or a reader Relation as it is, a (mutable)
    Matrix as an immutable one, a tuple of such as a SymPy Tuple; None for anything else."""
    import sympy
    if isinstance(obj, sympy.MatrixBase) and not isinstance(obj, sympy.Basic):
        return sympy.ImmutableMatrix(obj)
    if isinstance(obj, (tuple, list)) and obj:
        parts = [as_basic(x) for x in obj]
        return None if any(p is None or not isinstance(p, sympy.Basic) for p in parts) else sympy.Tuple(*parts)
    if isinstance(obj, sympy.Basic) or relation_parts(obj) is not None:
        return obj
    if isinstance(obj, int) and not isinstance(obj, bool):
        return sympy.Integer(obj)
    return sympy.Float(obj) if isinstance(obj, float) else None


_PRINTER = None


def _printer_class():
    """SymPy's presentation printer taught the notes' notation (built once, on first use)."""
    from .sums import indexed_call, indices
    global _PRINTER
    if _PRINTER is not None:
        return _PRINTER
    from xml.dom.minidom import parseString

    import sympy
    from sympy.core.function import AppliedUndef
    from sympy.printing.mathml import MathMLPresentationPrinter

    class Printer(MathMLPresentationPrinter):
        def __init__(self, table, partial=False):
            super().__init__({})
            self.table, self.partial = table, partial

        def node(self, xml: str):
            root = parseString(f"<r>{xml}</r>").documentElement
            kids = [self.dom.importNode(k, True) for k in root.childNodes]
            if len(kids) == 1:
                return kids[0]
            row = self.dom.createElement("mrow")
            for k in kids:
                row.appendChild(k)
            return row

        def mo(self, text: str):
            el = self.dom.createElement("mo")
            el.appendChild(self.dom.createTextNode(text))
            return el

        def _print_Pow(self, e):
            """x_i^2 as one msubsup, not (x_i) raised."""
            out = super()._print_Pow(e)
            if out.nodeName == "msup":
                base = out.firstChild
                while base.nodeName == "mrow" and len(base.childNodes) == 1:
                    base = base.firstChild
                if base.nodeName == "msub":
                    both = self.dom.createElement("msubsup")
                    for k in list(base.childNodes):
                        both.appendChild(k)
                    both.appendChild(out.childNodes[1])
                    return both
            return out

        def _print_Symbol(self, sym, style="plain"):
            return self.node(name_body(sym.name, self.table))

        _print_Dummy = _print_Symbol

        def _print_IndexedBase(self, e):
            return self.node(name_body(str(e.label), self.table))

        def _print_Indexed(self, e):
            x = self.dom.createElement("msub")
            x.appendChild(self._print(e.base))
            idx = [self._print(i) for i in e.indices]
            if len(idx) == 1:
                x.appendChild(idx[0])
            else:
                row = self.dom.createElement("mrow")
                for k, i in enumerate(idx):
                    if k:
                        row.appendChild(self.mo(","))
                    row.appendChild(i)
                x.appendChild(row)
            return x

        def _print_Function(self, e):
            if isinstance(e, AppliedUndef):
                row = self.dom.createElement("mrow")
                head, args = self.node(name_body(type(e).__name__, self.table)), e.args
                if indexed_call(self, e):   # z_b(c): the reader's z(b, c) inside a sum over b
                    sub = self.dom.createElement("msub")
                    sub.appendChild(head)
                    sub.appendChild(self._print(args[0]))
                    head, args = sub, args[1:]
                row.appendChild(head)
                row.appendChild(self._paren_comma_separated(*args))
                return row
            return super()._print_Function(e)

        def _print_Derivative(self, e):
            from sympy.printing.conventions import requires_partial
            partial = self.partial or requires_partial(e)
            d = "\u2202" if partial else "d"
            f = e.expr
            top = self.dom.createElement("mrow")
            dim = sum(int(n) for _, n in e.variable_count)
            top.appendChild(self.node(f"<msup><mi>{d}</mi><mn>{dim}</mn></msup>") if dim > 1 else self.node(f"<mi>{d}</mi>"))
            inline = isinstance(f, AppliedUndef) and set(f.args) <= {v for v, _ in e.variable_count}
            if inline:   # d a*/du: the function's name on top, as the notes write it
                top.appendChild(self.node(name_body(type(f).__name__, self.table)))
            elif isinstance(f, (sympy.Symbol, sympy.Indexed)):
                top.appendChild(self._print(f))
            bottom = self.dom.createElement("mrow")
            for v, n in e.variable_count:
                bottom.appendChild(self.node(f"<mi>{d}</mi>"))
                base = self._print(v)
                if n > 1:
                    p = self.dom.createElement("msup")
                    p.appendChild(base)
                    p.appendChild(self._print(n))
                    base = p
                bottom.appendChild(base)
            frac = self.dom.createElement("mfrac")
            frac.appendChild(top)
            frac.appendChild(bottom)
            if inline or isinstance(f, (sympy.Symbol, sympy.Indexed)):
                return frac
            row = self.dom.createElement("mrow")
            row.appendChild(frac)
            row.appendChild(self.parenthesize(f, 1000))
            return row

        def _big(self, e, symbol: str):
            """With limits; over (-oo, oo) under the index alone, as the note writes ``\\sum_b``."""
            row = self.dom.createElement("mrow")
            for var, lo, hi in reversed(e.limits):
                whole = lo == -sympy.oo and hi == sympy.oo
                op = self.dom.createElement("munder" if whole else "munderover")
                op.appendChild(self.mo(symbol))
                low = self.dom.createElement("mrow")
                low.appendChild(self._print(var))
                if not whole:
                    low.appendChild(self.mo("="))
                    low.appendChild(self._print(lo))
                op.appendChild(low)
                if not whole:
                    op.appendChild(self._print(hi))
                row.appendChild(op)
            from sympy.printing.precedence import PRECEDENCE
            with indices(self, e):
                row.appendChild(self.parenthesize(e.function, PRECEDENCE["Mul"], strict=True))
            return row

        def _print_Sum(self, e):
            return self._big(e, "\u2211")

        def _print_Product(self, e):
            return self._big(e, "\u220f")

        def _print_Subs(self, e):
            row = self.dom.createElement("mrow")
            row.appendChild(self._print(e.expr))
            bar = self.dom.createElement("msub")
            bar.appendChild(self.mo("|"))
            pts = self.dom.createElement("mrow")
            for k, (v, p) in enumerate(zip(e.variables, e.point)):
                if k:
                    pts.appendChild(self.mo(","))
                pts.appendChild(self._print(v))
                pts.appendChild(self.mo("="))
                pts.appendChild(self._print(p))
            bar.appendChild(pts)
            row.appendChild(bar)
            return row

    _PRINTER = Printer
    return Printer
