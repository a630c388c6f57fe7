"""Tokenizer for the notes' LaTeX (exported from MathML), used by ``noteproof.formulas``.

A normalising pass first undoes the export quirks (``{a}_{\\ast }`` -> ``a_{\\ast }``,
``{\\beta }^{-1}`` -> ``\\beta ^{-1}``, ``(1-\\eta h{)}^{2}`` -> ``(1-\\eta h)^{2}``,
``{\\sum }_b`` -> ``\\sum _b``); the tokenizer then turns the text into `Token` s that the
recursive-descent parser in ``noteproof.formulas`` reads.  Nothing here evaluates text.
"""
from __future__ import annotations

import re

from ..defaults import FUNCTIONS, GREEK  # noqa: F401  (read here by lex_plain, typeset, run.extras)
from .lexing import Token, shared_token

RELATIONS = {
    "le": "<=", "leq": "<=", "leqslant": "<=", "ge": ">=", "geq": ">=", "geqslant": ">=",
    "ne": "!=", "neq": "!=", "simeq": "~", "approx": "~", "sim": "~", "propto": "propto",
    "Rightarrow": "=>", "implies": "=>", "Longrightarrow": "=>", "to": "->",
    "rightarrow": "->", "lt": "<", "gt": ">"}
ACCENTS = {"tilde": "tilde", "widetilde": "tilde", "hat": "hat", "widehat": "hat",
           "bar": "bar", "overline": "bar", "dot": "dot", "ddot": "ddot", "vec": "vec"}
FONTS = frozenset("mathrm mathit mathbf mathsf mathcal mathbb mathfrak boldsymbol "
                  "operatorname text textrm textit".split())
STRUCTURE = frozenset("frac dfrac tfrac sqrt sum prod int max min partial infty mid".split())
IGNORED = frozenset("displaystyle textstyle big Big bigg Bigg bigl bigr Bigl Bigr".split())
SPACING = frozenset({",", ";", ":", "!", ">", " ", "\t", "\n"})
BARE = GREEK | {"sum", "prod", "int", "nabla", "partial", "ast", "infty", "max", "min"}

_BRACED_CMD = re.compile(r"(?<!\\)\{\s*\\([A-Za-z]+)\s*\}")
_BRACED_LETTER = re.compile(r"(?<!\\)\{\s*([A-Za-z])\s*\}")
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9]*")


def normalise(src: str) -> str:
    """Undo the MathML-export quirks that change nothing mathematically."""
    text = src.replace("{)}", ")").replace("{(}", "(")
    text = _BRACED_CMD.sub(lambda m: f"\\{m[1]} " if m[1] in BARE else m[0], text)
    return _BRACED_LETTER.sub(r" \1 ", text)


def tokenize_latex(src: str, names: list[str], fail) -> list[Token]:
    """Tokens of ``src`` (already normalised); ``names`` resolves symbol-table markers;
    ``fail(message, pos)`` raises a FormulaError."""
    out: list[Token] = []
    i, n = 0, len(src)
    while i < n:
        ch = src[i]
        if ch.isspace() or ch in "~&":
            i += 1
        elif ch.isalpha() and ch.isascii():
            out.append(Token("name", ch, i))
            i += 1
        elif ch == "\\":
            i = _command(src, i, out, names, fail)
        else:
            token, i = shared_token(src, i, names, fail, ops="+-*/^_()[]{}|',.", rels="=<>")
            out.append(token)
    return out


def _command(src: str, i: int, out: list[Token], names, fail) -> int:
    """Read the command at ``src[i] == '\\\\'``; append its tokens; return the next index."""
    m = re.compile(r"\\([A-Za-z]+)\s*").match(src, i)
    if not m:
        nxt = src[i + 1:i + 2]
        if nxt in SPACING or nxt == "":
            return i + 2
        if nxt == "|":
            out.append(Token("cmd", "Vert", i))
            return i + 2
        if nxt == "\\":
            out.append(Token("sep", "\\\\", i))
            return i + 2
        if nxt == "%" and out and out[-1].kind == "num":   # 1.07\% is 1.07/100
            out.extend((Token("op", "/", i), Token("num", "100", i)))
            return i + 2
        fail(f"unsupported command \\{nxt}", i)
    name, end = m[1], m.end()
    if name in ("quad", "qquad"):
        out.append(Token("sep", name, i))
    elif name in IGNORED:
        pass
    elif name in ("left", "right"):
        return _delimiter(src, name, end, i, out, fail)
    elif name in GREEK:
        out.append(Token("name", name, i))
    elif name in FUNCTIONS:
        out.append(Token("func", name, i))
    elif name in RELATIONS:
        out.append(Token("rel", RELATIONS[name], i))
    elif name in ACCENTS:
        out.append(Token("cmd", "accent:" + ACCENTS[name], i))
    elif name in FONTS:
        return _font(src, name, end, i, out, names, fail)
    elif name in STRUCTURE:
        out.append(Token("cmd", name, i))
    elif name in ("ast", "cdot", "times"):
        out.append(Token("op", "*", i))
    elif name in ("Vert", "lVert", "rVert"):
        out.append(Token("cmd", "Vert", i))
    elif name == "nabla":
        out.append(Token("atom", "nabla", i))
    elif name == "top":
        out.append(Token("transpose", "T", i))
    elif name == "prime":
        out.append(Token("op", "'", i))
    elif name in ("lbrack", "rbrack"):
        out.append(Token("op", "[" if name == "lbrack" else "]", i))
    else:
        fail(f"unknown command \\{name}", i)
    return end


def _delimiter(src: str, side: str, j: int, i: int, out: list[Token], fail) -> int:
    """``\\left`` / ``\\right`` and their delimiter; ``\\left.`` opens an evaluation bar."""
    for text, kind, value in ((".", "cmd", "L." if side == "left" else "R."),
                              ("(", "op", "("), (")", "op", ")"), ("[", "op", "["),
                              ("]", "op", "]"), ("\\Vert", "cmd", "Vert"), ("\\|", "cmd", "Vert"),
                              ("|", "cmd" if side == "right" else "op",
                               "R|" if side == "right" else "|")):
        if src.startswith(text, j):
            out.append(Token(kind, value, i))
            return j + len(text)
    fail(f"unsupported delimiter after \\{side}", j)
    return j


def _font(src: str, font: str, j: int, i: int, out: list[Token], names, fail) -> int:
    """``\\mathrm{Var}`` -> one atom; ``\\text{(explicit)}`` (prose) -> an annotation."""
    if src.startswith("{", j):
        depth, k = 0, j
        while k < len(src):
            depth += {"{": 1, "}": -1}.get(src[k], 0)
            if depth == 0:
                break
            k += 1
        if depth:
            fail("unbalanced braces", j)
        body, end = src[j + 1:k], k + 1
    elif j < len(src) and src[j].isalpha():
        body, end = src[j], j + 1
    elif src.startswith("\\", j):
        m = re.compile(r"\\[A-Za-z]+\s*").match(src, j)
        if not m:
            fail(f"\\{font} needs an argument", j)
        body, end = m[0], m.end()
    else:
        fail(f"\\{font} needs an argument", j)
    word = body.strip()
    if _WORD.fullmatch(word):
        if font == "mathsf" and word == "T":
            out.append(Token("transpose", "T", i))
        elif word in FUNCTIONS and font in ("operatorname", "mathrm"):
            out.append(Token("func", word, i))
        else:
            out.append(Token("name" if len(word) == 1 else "atom", word, i))
    elif font.startswith("text"):
        out.append(Token("annot", word, i))
    else:
        out.append(Token("op", "{", i))
        out.extend(t._replace(pos=t.pos + j + 1)
                   for t in tokenize_latex(body, names, lambda msg, p: fail(msg, p + j + 1)))
        out.append(Token("op", "}", end - 1))
    return end
