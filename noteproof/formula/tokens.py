"""The formula reader's front end, without SymPy: symbol-table substitution, tokens, parts.

parser.py parses what this module tokenizes; the audit's replay (from_cache.py) uses it alone to
tell, without importing SymPy, whether an edited formula still reads as its baseline does in
the part a check compares (:func:`same_reading`).
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import Mapping

from ..defaults import APPROX_EQUAL
from ..errors import FormulaError
from .lex_latex import normalise, tokenize_latex
from .lex_plain import tokenize_plain
from .lexing import Token

MAX_CHARS = 2000
MAX_DEPTH = 50
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_ROMAN = re.compile(r"\\(?:mathrm|operatorname|text|textrm|textit|mathit|mathbf|mathsf)\s*\{[^{}]*\}")


def substitute(src: str, symbols, latex: bool, location) -> tuple[str, list[str]]:
    """Replace each ``symbols`` fragment (longest first) by a marker naming its symbol."""
    if not symbols:
        return src, []
    if not isinstance(symbols, Mapping):
        try:
            symbols = dict(symbols)  # also (fragment, name) pairs
        except (TypeError, ValueError):
            raise FormulaError("symbols must map fragments to names", location) from None
    for key, name in symbols.items():
        if not isinstance(key, str) or not key.strip() or not isinstance(name, str) \
                or not _NAME.fullmatch(name) or len(key) > MAX_CHARS:
            raise FormulaError(f"bad symbols entry {key!r}: {name!r}", location)
    keys = sorted(symbols, key=len, reverse=True)
    words = [m.span() for m in _ROMAN.finditer(src)] if latex else []
    out, names, i = [], [], 0
    while i < len(src):
        hit = None if any(start < i < end for start, end in words) else next(
            ((k, m.group(0)) for k in keys if (m := _spaced(k, latex).match(src, i)) and fits(src, i, m.group(0), latex)),
            None)
        if hit is None:
            out.append(src[i])
            i += 1
        else:
            out.append(f"\x01{len(names)}\x02")
            names.append(symbols[hit[0]])
            i += len(hit[1])
    return "".join(out), names


@lru_cache(maxsize=1024)
def _spaced(key: str, latex: bool) -> re.Pattern:
    """A symbols fragment as a pattern that any spacing of it matches (``{\\delta }^{\\ell +1}``
    is ``{\\delta}^{\\ell + 1}``): white space between its tokens is free, except that a command
    before a letter keeps at least one space (``\\Delta s`` is not ``\\Deltas``); ``\\dfrac``,
    ``\\left(`` and a Unicode minus are its ``\\frac``, ``(`` and ``-``."""
    if not latex:
        return re.compile(re.escape(key))
    tokens = _ungrouped(re.findall(r"\\[A-Za-z]+|\\.|\S", key))
    out = []
    for prev, tok in zip([None, *tokens], tokens):
        if prev is not None:
            # (unless one of them stands in a group of its own: {\theta }{F})
            out.append(r"(?:\s+|(?<=\})\s*|\s*(?=\{))" if prev[0] == "\\" and prev[1:].isalpha() and tok[0].isalpha()
                       else r"\s*")
        one = _SPELLINGS.get(tok, re.escape(tok))
        # a command or a letter may stand in a group of its own: {\sum }_b{e}^ is \sum_b e^
        out.append(rf"(?:\{{\s*{one}\s*\}}|{one})" if _SINGLE.fullmatch(tok) else one)
    return re.compile("".join(out))


# the commands whose braces hold an argument (a Greek letter's or \ell's do not: \theta {F} is θF)
_TAKES_ARGUMENTS = frozenset({"frac", "dfrac", "tfrac", "sqrt", "binom", "mathsf", "mathrm", "mathbf", "mathcal", "mathit",
                              "mathbb", "boldsymbol", "text", "textrm", "textit", "operatorname", "hat", "tilde", "bar",
                              "dot", "ddot", "vec", "overline", "underline", "widehat", "widetilde", "left", "right"})
_SINGLE = re.compile(r"\\[A-Za-z]+|[A-Za-z0-9()\[\]]")   # {)}^T, an exporter's group of a bracket, is )^T


def _ungrouped(tokens: list[str]) -> list[str]:
    """The tokens with each group of one command or character, ``{e}``, read as that token."""
    out, i = [], 0
    while i < len(tokens):
        if tokens[i] == "{" and i + 2 < len(tokens) and tokens[i + 2] == "}" and _SINGLE.fullmatch(tokens[i + 1]) \
                and not (out and out[-1][1:] in _TAKES_ARGUMENTS):   # \frac{1}: an argument (\theta{F}: not)
            out.append(tokens[i + 1])
            i += 3
        else:
            out.append(tokens[i])
            i += 1
    return out


# the notation a symbols fragment may be printed in (sources.spelling sets the same aside)
_SPELLINGS = {"\\frac": r"\\[dt]?frac", "(": r"(?:\\left\s*)?\(", ")": r"(?:\\right\s*)?\)",
              "-": "[-\u2212]", "\\simeq": APPROX_EQUAL, "\\approx": APPROX_EQUAL}


def fits(src: str, i: int, key: str, latex: bool) -> bool:
    """A fragment must not start or end inside a command name (LaTeX) or a word (plain)."""
    after = src[i + len(key):i + len(key) + 1]
    if not latex:
        word = lambda c: c.isalnum() or c == "_"  # noqa: E731
        return not (word(key[0]) and i and word(src[i - 1])) and \
            not (word(key[-1]) and after and word(after))
    j = i
    while j > 0 and src[j - 1].isalpha():
        j -= 1
    if key[0].isalpha() and j > 0 and src[j - 1] == "\\":
        return False
    return not (re.search(r"\\[A-Za-z]+$", key) and after.isalpha())


def split_parts(tokens: list[Token], fail, end: int) -> list[list[Token]]:
    """Split at top-level separators; drop a trailing full stop and empty parts."""
    parts, depth = [[]], 0
    for t in tokens:
        if t.kind == "op" and t.value in "([{":
            depth += 1
            if depth > MAX_DEPTH:
                fail("formula nested too deeply", t.pos)
        elif t.kind == "op" and t.value in ")]}":
            depth -= 1
            if depth < 0:
                fail(f"unbalanced {t.value!r}", t.pos)
        if depth == 0 and (t.kind == "sep" or (t.kind == "op" and t.value == ",")):
            parts.append([])
        else:
            parts[-1].append(t)
    if depth:
        fail("unbalanced brackets", end)
    for part in parts:
        while part and part[-1].kind == "op" and part[-1].value == ".":
            part.pop()
    return [p for p in parts if p]


MAX_NUMBER_CHARS = 24   # longer numbers can reach the reader's size limits (formulas.MAX_BITS)


def tokens(src: str, symbols, latex: bool) -> list[Token]:
    """The tokens the reader parses (FormulaError when it cannot tokenize)."""
    if len(src) > MAX_CHARS:
        raise FormulaError(f"formula longer than {MAX_CHARS} characters")
    text, names = substitute(src, symbols, latex, None)
    return tokenize_latex(normalise(text), names, _fail) if latex else tokenize_plain(text, names, _fail)


def same_reading(old: str, new: str, *, latex: bool, symbols, part: int | None, side: str,
                 relation: bool) -> bool:
    """Would checks.check_formula compare the same thing in ``new`` as in ``old``?

    True when the two texts tokenize alike, or differ only in numbers (each a number in both,
    at most MAX_NUMBER_CHARS long, neither a base, an exponent nor a subscript) that stand outside what is
    compared: the side ``side`` names of a printed relation when an expression was derived
    (``relation`` False). A number never changes how the tokens around it parse, so the
    compared side reads exactly as before. Anything the check of a number cannot vouch for
    (a changed name, operator or structure, or tokens that cannot be read) gives False."""
    aligned = _aligned(old, new, symbols, latex)
    if aligned is None:
        return False
    a, b, diff = aligned
    if not diff:
        return True
    if relation or any(not _plain_number(a, i) or not _plain_number(b, i) for i in diff):
        return False
    try:
        compared = _compared(b, part, side)
    except FormulaError:
        return False
    return not any(b[i].pos in compared for i in diff)


def changed_outside(old: str, new: str, *, latex: bool, symbols, part: int | None, side: str,
                    relation: bool) -> tuple[str, ...] | None:
    """The tokens of ``new`` that differ from ``old`` outside what check_formula compares
    (see :func:`same_reading`); None when the two do not align token for token (a reading
    must tell) or cannot be tokenized. Numbers in the tuple are marked ``num:``."""
    aligned = _aligned(old, new, symbols, latex)
    if aligned is None:
        return None
    a, b, diff = aligned
    try:
        compared = {t.pos for t in b} if relation else _compared(b, part, side)
    except FormulaError:
        return None
    return tuple(("num:" if b[i].kind == "num" and _plain_number(b, i) and a[i].kind == "num" else "") + b[i].value
                 for i in diff if b[i].pos not in compared)


def _aligned(old: str, new: str, symbols, latex: bool) -> tuple[list[Token], list[Token], list[int]] | None:
    """Both texts' tokens and the indexes where they differ; None when the two do not align
    token for token or cannot be tokenized."""
    try:
        a, b = tokens(old, symbols, latex), tokens(new, symbols, latex)
    except FormulaError:
        return None
    if len(a) != len(b):
        return None
    return a, b, [i for i, (x, y) in enumerate(zip(a, b)) if (x.kind, x.value) != (y.kind, y.value)]


def _fail(message: str, pos: int | None = None):
    raise FormulaError(message)


def _plain_number(toks: list[Token], i: int) -> bool:
    if toks[i].kind != "num" or len(toks[i].value) > MAX_NUMBER_CHARS:
        return False
    j = i - 1
    while j >= 0 and toks[j].kind == "op" and toks[j].value in "{(-+":
        j -= 1
    k = i + 1
    while k < len(toks) and toks[k].kind == "op" and toks[k].value in "})":
        k += 1
    script = lambda t, marks: t.kind == "op" and t.value in marks  # noqa: E731
    return not (j >= 0 and script(toks[j], "^_")) and not (k < len(toks) and script(toks[k], "^"))


def _compared(toks: list[Token], part: int | None, side: str) -> set[int]:
    """Positions of the tokens check_formula compares with a derived expression."""
    parts = split_parts(toks, _fail, 0)
    chosen = [parts[part]] if part is not None and part < len(parts) else parts
    out: set[int] = set()
    for p in chosen:
        sides, depth = [[]], 0
        for t in p:
            if t.kind == "op" and t.value in "([{":
                depth += 1
            elif t.kind == "op" and t.value in ")]}":
                depth -= 1
            if depth == 0 and t.kind == "rel":
                sides.append([])
            else:
                sides[-1].append(t)
        implication = any(t.kind == "rel" and t.value in ("=>", "->") for t in p)
        if len(sides) == 1 or implication or side not in ("lhs", "rhs"):
            out |= {t.pos for t in p}
        else:
            out |= {t.pos for t in (sides[0] if side == "lhs" else sides[-1])}
    return out
