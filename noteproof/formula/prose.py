"""Text fragments (evidence, findings, errata, messages, step titles) in the note's notation.

Content writes the mathematics of a sentence in ASCII (``|theta|^k -> 0``, ``a_star**3/3``,
``1 - beta(1 - a*^2) != 0``, ``Sigma = [[1, 1/2], [1/2, 1]]``); a reader sees it as a
mathematician writes it: |θ|ᵏ → 0, a*³/3, 1 − β(1 − a*²) ≠ 0, a matrix set in brackets.
:func:`pieces` reads a fragment once into text, superscripts, subscripts, matrices and
``$...$`` spans; each output prints the pieces its own way: :func:`unicode` (the terminal,
Jupyter's plain text, Markdown), :func:`html` (``<sup>``, ``<sub>``, MathML for spans and
matrices). The names follow the reader's rules (typeset.greek: ``theta`` -> θ, ``Delta s`` ->
Δs, ``a_star`` -> a*, ``a~`` -> ã). Plain text in JSON keeps the fragment as written.
"""
from __future__ import annotations

import re
from functools import lru_cache
from html import escape
from typing import Mapping, NamedTuple

from ..defaults import GREEK
from .typeset import greek, latex_mathml, wrap

# the Greek names content spells out (every reader name that is a Greek letter), longest first
_GREEK_WORDS = sorted((g for g in GREEK if g not in ("ell",)), key=len, reverse=True) + ["ell", "nabla"]
_GREEK = re.compile(r"(?<![A-Za-z])(?:d(?=theta(?![A-Za-z])))?(" + "|".join(_GREEK_WORDS) + r")(?![A-Za-z])")
_BIG = {"int": "\u222b", "sum": "\u2211", "prod": "\u220f"}
_SIGNS = (("**", "^"), ("!=", "\u2260"), ("<=", "\u2264"), (">=", "\u2265"), ("->", "\u2192"), ("=>", "\u21d2"))
_SPAN = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
_MATRIX = re.compile(r"\[\[([^\[\]]*(?:\],\s*\[[^\[\]]*)*)\]\]")
_BASE_WORDS = ("Var", "Cov", "max", "min", "sup", "inf", "\u222b", "\u2211", "\u220f")
SUPERS = dict(zip("0123456789+-\u2212=()nijkltTabcdefghmoprsuvwxyzABDEGHIJKLMNOPRUVW\u03b2\u03b3\u03b4\u03b8\u03c6\u03c7",
                  "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079\u207a\u207b\u207b\u207c\u207d\u207e"
                  "\u207f\u2071\u02b2\u1d4f\u02e1\u1d57\u1d40\u1d43\u1d47\u1d9c\u1d48\u1d49\u1da0\u1d4d\u02b0\u1d50"
                  "\u1d52\u1d56\u02b3\u02e2\u1d58\u1d5b\u02b7\u02e3\u02b8\u1dbb\u1d2c\u1d2e\u1d30\u1d31\u1d33\u1d34"
                  "\u1d35\u1d36\u1d37\u1d38\u1d39\u1d3a\u1d3c\u1d3e\u1d3f\u1d41\u2c7d\u1d42\u1d5d\u1d5e\u1d5f\u1dbf"
                  "\u1d60\u1d61"))
SUBS = dict(zip("0123456789+-\u2212=()aehijklmnoprstuvx\u03b2\u03b3\u03c1\u03c6\u03c7",
                "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089\u208a\u208b\u208b\u208c\u208d\u208e"
                "\u2090\u2091\u2095\u1d62\u2c7c\u2096\u2097\u2098\u2099\u2092\u209a\u1d63\u209b\u209c\u1d64\u1d65"
                "\u2093\u1d66\u1d67\u1d68\u1d69\u1d6a"))


class Piece(NamedTuple):
    """One piece of a fragment: ``text``, ``sup``/``sub`` (their pieces in ``inner``),
    ``matrix`` (rows of entries, each a tuple of pieces) or ``tex`` (a ``$...$`` span)."""

    kind: str
    value: str = ""
    inner: tuple = ()


def words(text: str) -> str:
    """The plain substitutions: Greek names, a*, ã, ȧ, √, ∞ and the relation signs."""
    for old, new in _SIGNS:
        text = text.replace(old, new)
    text = _GREEK.sub(lambda m: m[0][:-len(m[1])] + greek(m[1]) if m[1] != "nabla" else "\u2207", text)
    text = re.sub(r"(?<![A-Za-z])oo(?![A-Za-z])", "\u221e", text)
    text = re.sub(r"\b(int|sum|prod)(?=[_^])", lambda m: _BIG[m[1]], text)
    text = re.sub(r"(?<=[A-Za-z])~", "\u0303", text)
    text = re.sub(r"\bsqrt(?=\()", "\u221a", text)
    text = re.sub(r"\u0394 (?=[a-z]\b)", "\u0394", text)
    text = re.sub(r"(?<=[\w)\]])\*(?=[\w(\[])", "\u00b7", text)
    text = re.sub(r"(?<=\w)_star\b", "*", text)   # after the products: a_star*beta is a*·β
    text = re.sub(r"(?<=[A-Za-z])_(dot|ddot|hat|bar|tilde)\b", lambda m: _ACCENTS[m[1]], text)   # a_dot is ȧ
    text = re.sub(r"(?<=\b\d)x(?=\d\b)|(?<=\b[\dnmp]) x (?=(?:\d+(?:\.\d+)?|[nmp])\b)", "\u00d7", text)
    return _MINUS.sub("\u2212", text).replace(" - ", " \u2212 ")


# the reader's names of an accented letter (parser: ``\\dot a`` -> a_dot) as combining marks
_ACCENTS = {"dot": "\u0307", "ddot": "\u0308", "hat": "\u0302", "bar": "\u0304", "tilde": "\u0303"}


# a minus sign: a leading -, one after a space, bracket, = or comma, or between one-letter operands
# (b-a, a_i-ã_i, }-1); not a hyphen inside words (1-Lipschitz, one-step)
_MINUS = re.compile(r"(?:(?<=^)|(?<=[\s(\[=,|]))-(?=[\w(\u221a.])|(?<=[})])-(?=[\w(])"
                    r"|(?<![A-Za-z0-9][A-Za-z0-9])(?<=[A-Za-z0-9])-(?=[A-Za-z0-9](?![A-Za-z])|[A-Za-z]_)")


@lru_cache(maxsize=8192)   # a report prints the same fragments in four formats
def pieces(text: str) -> tuple[Piece, ...]:
    """The fragment read into pieces (``$...$`` spans kept whole, as the note's LaTeX)."""
    out: list[Piece] = []
    last = 0
    for m in _SPAN.finditer(text):
        out += _scripts(words(text[last:m.start()]))
        out.append(Piece("tex", m[0]))
        last = m.end()
    out += _scripts(words(text[last:]))
    return tuple(out)


def _scripts(text: str) -> list[Piece]:
    out: list[Piece] = []
    buf, i = [], 0
    while i < len(text):
        m = _MATRIX.match(text, i)
        if m:
            out += _flush(buf)
            rows = [r.strip(" []") for r in re.split(r"\],\s*\[", m[1])]
            out.append(Piece("matrix", inner=tuple(tuple(tuple(_scripts(c.strip())) for c in r.split(","))
                                                  for r in rows)))
            i = m.end()
            continue
        ch = text[i]
        if ch in "^_" and i and _is_base(text, i, ch):
            arg, end = _argument(text, i + 1, ch)
            if arg:
                out += _flush(buf)
                out.append(Piece("sup" if ch == "^" else "sub", arg, tuple(_scripts(arg))))
                i = end
                continue
        buf.append(ch)
        i += 1
    return out + _flush(buf)


def _flush(buf: list[str]) -> list[Piece]:
    text = "".join(buf)
    buf.clear()
    return [Piece("text", text)] if text else []


def _is_base(text: str, i: int, mark: str) -> bool:
    """``^`` follows anything; ``_`` only a single letter (x_k, θ_n, ã_i), a closing bracket or
    a named operator (Var_disc, ∑_l): ``rsolve_hyper`` is a name, not a subscript."""
    if mark == "^":
        return not text[i - 1].isspace()
    word = re.search(r"[\w\u0300-\u036f*\u2032']+$", text[:i])
    if word is None:
        return text[i - 1] in ")]|\u222b\u2211\u220f"
    bare = re.sub("[\u0300-\u036f]", "", word[0]).rstrip("*'\u2032")
    return len(bare) == 1 or bare in _BASE_WORDS or (len(bare) == 2 and bare[0] == "d" and not bare.isascii())


def _argument(text: str, start: int, mark: str) -> tuple[str, int]:
    """The script after ``^``/``_`` at ``start``: a braced or (for ``^``) bracketed group, or a
    run of word characters (with a leading minus for ``^``); with where it ends."""
    if start < len(text) and text[start] in "{(":
        close = "}" if text[start] == "{" else ")"
        depth = 0
        for j in range(start, len(text)):
            depth += text[j] == text[start]
            depth -= text[j] == close
            if depth == 0:
                return text[start + 1:j], j + 1
        return "", start
    m = re.compile(r"[\u2212-]?\w+\*?" if mark == "^" else r"\w+").match(text, start)
    return (m[0], m.end()) if m else ("", start)


# ---- printers --------------------------------------------------------------------------------

@lru_cache(maxsize=8192)   # a report prints the same fragments in four formats
def unicode(text: str, keep_tex: bool = False) -> str:
    """The fragment as Unicode text: scripts as superscript or subscript characters where every
    character has one (``^(…)``, ``_…`` otherwise), matrices as ``[2 1; 1 2]``, the note's
    ``$...$`` spans as Unicode too (``keep_tex``: kept as LaTeX, for Markdown)."""
    return _nfc("".join(p.value if keep_tex and p.kind == "tex" else _unicode(p) for p in pieces(text)))


def _nfc(text: str) -> str:
    """Composed characters where Unicode has them (a and a combining tilde -> ã)."""
    import unicodedata
    return unicodedata.normalize("NFC", text)


def _unicode(p: Piece) -> str:
    if p.kind == "text":
        return p.value.replace("\\%", "%")   # a number quoted as printed in LaTeX: 1.07\%
    if p.kind == "tex":
        return tex_unicode(p.value)
    if p.kind == "matrix":
        return "[" + "; ".join(" ".join("".join(_unicode(x) for x in c) for c in r) for r in p.inner) + "]"
    inner = "".join(_unicode(x) for x in p.inner)
    table = SUPERS if p.kind == "sup" else SUBS
    if inner and all(ch in table for ch in inner):
        return "".join(table[ch] for ch in inner)
    if p.kind == "sub":
        return "_" + (inner if inner.isalnum() else f"({inner})")
    return "^" + (inner if len(inner) == 1 else f"({inner})")


@lru_cache(maxsize=8192)   # a report prints the same fragments in four formats
def html(text: str) -> str:
    """The fragment as HTML: escaped text, ``<sup>``/``<sub>`` scripts, matrices and the
    note's ``$...$`` spans as MathML (a span the typesetter cannot read stays as code)."""
    return _nfc("".join(_html(p) for p in pieces(text)))


def _html(p: Piece) -> str:
    if p.kind == "text":
        return escape(p.value, quote=False)
    if p.kind == "tex":
        inner = p.value.strip("$")
        typeset = latex_mathml(inner)
        return typeset or f'<code class="tex">{escape(p.value)}</code>'
    if p.kind == "matrix":
        return _matrix_mathml(p)
    tag = p.kind
    return f"<{tag}>{''.join(_html(x) for x in p.inner)}</{tag}>"


def _matrix_mathml(p: Piece) -> str:
    rows = "".join("<mtr>" + "".join(f"<mtd><mtext>{escape(''.join(_unicode(x) for x in c))}</mtext></mtd>"
                                     for c in r) + "</mtr>" for r in p.inner)
    return wrap(f'<mrow><mo>[</mo><mtable>{rows}</mtable><mo>]</mo></mrow>', False)


def tex_unicode(src: str) -> str:
    """A ``$...$`` span of the note as Unicode text (``a_{\\ast }=\\tanh (\\beta a_{\\ast }+u)``
    -> a*=tanh(βa*+u)): fractions as (a)/(b), accents as combining marks, commands as their
    characters, scripts as :func:`unicode` sets them."""
    from .typeset import REL_TEXT, _styled
    text = re.sub(r"[_^](?:\{\s*(?:\\ast|\*)\s*\}|\s*(?:\\ast(?![A-Za-z])|\*))", "*", src.strip("$"))
    text = re.sub(r"([_^])\s*([A-Za-z0-9]|\\[A-Za-z]+)", r"\1{\2}", text)   # LaTeX's script is one token: D_hF
    # a brace is taken only with its pair: \frac{\partial\mathcal L}{...} keeps the frac's own
    text = re.sub(r"\\(mathcal|mathbb|mathfrak)\s*(?:\{\s*([A-Za-z])\s*\}|([A-Za-z]))",
                  lambda m: _styled(m[2] or m[3], m[1]), text)
    text = re.sub(r"\\(left|right|mathrm|operatorname|text|displaystyle|mathsf|mathbf|mathit|boldsymbol)\b\.?"
                  r"|\\[,;!]", "", text)
    text = re.sub(r"\\(tilde|hat|bar|dot|ddot)\s*(?:\{\s*([^\W\d_]|\\[A-Za-z]+)\s*\}|([^\W\d_]|\\[A-Za-z]+))",
                  lambda m: _accented(m[2] or m[3], m[1]), text)
    marks = {**{k: v for k, v in REL_TEXT.items() if not v.startswith("&")}, "ast": "*", "cdot": "\u00b7",
             "times": "\u00d7", "infty": "\u221e", "partial": "\u2202", "nabla": "\u2207", "pm": "\u00b1",
             "quad": " ", "qquad": "  ", "sum": "\u2211", "prod": "\u220f", "int": "\u222b", "mid": "\u2223",
             "Vert": "\u2016", "lVert": "\u2016", "rVert": "\u2016", "vert": "|", "lvert": "|", "rvert": "|",
             "ell": "\u2113", "to": "\u2192", "in": " \u2208 ", "notin": " \u2209 ", "subset": " \u2282 "}
    text = re.sub(r"\\(?!d?frac|tfrac|sqrt)([A-Za-z]+)(\s?)(?=(.?))",
                  lambda m: marks.get(m[1]) or (greek(m[1]) if m[1] in GREEK else m[1])
                  + (" " if m[1] in _FUNCTION_NAMES and m[2] and m[3] not in "(^_{" else ""), text)
    text = re.sub(r"(?<![_^}])(?<!frac)(?<!sqrt)\{\s*([^{}\s]\u0303?)\s*\}", r"\1", text)   # {a} -> a
    text = _fractions(text)
    text = text.replace("-", "\u2212").replace("\\", "")
    return "".join(_unicode(p) for p in _scripts(text)).replace("{", "").replace("}", "")


_FUNCTION_NAMES = frozenset("log ln exp sin cos tan tanh sinh cosh det min max".split())  # log 0.08, not log0.08


def _accented(name: str, accent: str) -> str:
    """A letter or Greek command with its accent as a combining mark (``\\tilde{a}`` -> ã)."""
    base = greek(name[1:]) if name[1:] in GREEK else name
    return base + {"tilde": "\u0303", "hat": "\u0302", "bar": "\u0304", "dot": "\u0307", "ddot": "\u0308"}[accent]


def _fractions(text: str) -> str:
    """``\\frac{a}{b}`` as a/b (bracketed where a side is more than a name) and ``\\sqrt{x}``
    as √(x), nested ones too."""
    m = re.search(r"\\(?:[dt]?frac|sqrt)\s*(?=\{)", text)
    if m is None:
        return text
    first, end = _argument(text, m.end(), "^")
    if "sqrt" in m[0]:
        return text[:m.start()] + f"\u221a({_fractions(first)})" + _fractions(text[end:])
    second, end2 = _argument(text, end, "^") if text[end:end + 1] == "{" else ("", end)
    fraction, rest = _over(_fractions(first), _fractions(second)), _fractions(text[end2:])
    if rest[:1] == "(" or rest[:1].isalnum():   # a factor follows: (1/2)(0.8), not 1/2(0.8)
        fraction = f"({fraction})"
    return text[:m.start()] + fraction + rest


def _over(top: str, bottom: str) -> str:
    wrap_ = lambda t: t if re.fullmatch(r"[\w\u0303*]+", t) else f"({t})"
    return f"{wrap_(top.strip())}/{wrap_(bottom.strip())}"


# ---- names and derived objects ------------------------------------------------------------------

_COMBINING = {"tilde": "\u0303", "hat": "\u0302", "bar": "\u0304", "dot": "\u0307", "ddot": "\u0308", "vec": "\u20d7"}


def name_unicode(name: str, table: Mapping[str, str] | None = None) -> str:
    """A reader's symbol name as the note writes it, in Unicode: a ``symbols:`` fragment where
    the table gives one (``ds`` -> Δs), else the reader's naming rules inverted (``a_star`` ->
    a*, ``a_tilde_i`` -> ãᵢ, ``q_dot`` -> q̇, ``theta`` -> θ, ``s_ell`` -> s_ℓ)."""
    if table and name in table:
        return tex_unicode(table[name]).replace(" ", "")
    parts = [p for p in name.split("_") if p] or [name]
    base = greek(parts[0]) if parts[0] in GREEK else parts[0]
    marks, subs = "", []
    for p in parts[1:]:
        if p in _COMBINING:
            base += _COMBINING[p]
        elif p in ("star", "prime"):
            marks += "*" if p == "star" else "\u2032"
        else:
            subs.append(greek(p) if p in GREEK else p)
    if not subs:
        return _nfc(base + marks)
    sub = ",".join(subs)
    scripted = "".join(SUBS[c] for c in sub) if all(c in SUBS for c in sub) else "_" + sub
    return _nfc(base + scripted + marks)


def in_notation(obj, table: Mapping[str, str] | None = None):
    """A derived SymPy object (or reader Relation) with every symbol and undefined function
    renamed as the note writes it, for SymPy's pretty printer; anything else as it is."""
    import sympy
    from sympy.core.function import AppliedUndef

    from .equality import relation_parts
    from .typeset import as_basic
    basic = as_basic(obj)
    if basic is None:
        return obj
    if not isinstance(basic, sympy.Basic):
        ops, args = relation_parts(basic)
        return type(basic)(tuple(ops), tuple(in_notation(a, table) for a in args))
    names = {s: sympy.Symbol(name_unicode(s.name, table), **s.assumptions0)
             for s in basic.free_symbols if isinstance(s, sympy.Symbol)}
    out = basic.xreplace({s: n for s, n in names.items() if n.name != s.name})
    return out.replace(lambda e: isinstance(e, AppliedUndef),
                       lambda e: sympy.Function(name_unicode(type(e).__name__, table))(*e.args))
