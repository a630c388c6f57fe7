"""Tokenizer for Chapter 12's plain-text formulas (``2 asin(h/2)/h``, ``e^(-ah)``, ``z* = x/(1 - theta)``).

It yields the same `Token` s as ``noteproof.latex`` so that one parser reads both.
Words are split as the chapter writes them: known function names (asin, exp, ...) are
functions; Greek words (theta, lambda, ...) and names with an underscore (x_new, z_k) are
single symbols; ``x0`` is ``x_0``; a trailing ``*`` on a name (``z*``) means "star"; a bare
`` x `` between two numbers (``1.5 x 1.2``) is a multiplication sign, "minus" and "plus" are
their signs; other runs of
letters are products of single letters (``ah`` -> a*h).  Nothing here evaluates text.
"""
from __future__ import annotations

import re

from ..sources.plainmath import NUMBER_AHEAD
from .lex_latex import FUNCTIONS, GREEK
from .lexing import Token, shared_token

UNICODE_GREEK = {"\u03b1": "alpha", "\u03b2": "beta", "\u03b3": "gamma", "\u03b4": "delta",
                  "\u03b5": "epsilon", "\u03b7": "eta", "\u03b8": "theta", "\u03bb": "lambda",
                  "\u03bc": "mu", "\u03c0": "pi", "\u03c3": "sigma", "\u03c4": "tau",
                  "\u0394": "Delta"}
_TWO = {"<=": "<=", ">=": ">=", "!=": "!=", "=>": "=>", "->": "->", "==": "="}
_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_OPERATOR_WORDS = {"minus": "-", "plus": "+"}
_LETTERS = re.compile(r"([A-Za-z]+)(\d*)")


def tokenize_plain(src: str, names: list[str], fail) -> list[Token]:
    """Tokens of the plain text ``src``; ``names`` resolves symbol-table markers."""
    out: list[Token] = []
    i, n = 0, len(src)
    while i < n:
        ch = src[i]
        if ch.isspace():
            i += 1
        elif ch.isascii() and ch.isalpha():
            m = _WORD.match(src, i)
            _word(src, m, out, fail)
            i = _star(src, m.end(), out)
        elif ch in UNICODE_GREEK:
            out.append(Token("name", UNICODE_GREEK[ch], i))
            i += 1
        elif src[i:i + 2] in _TWO:
            out.append(Token("rel", _TWO[src[i:i + 2]], i))
            i += 2
        elif src.startswith("**", i):
            out.append(Token("op", "^", i))
            i += 2
        else:
            token, i = shared_token(src, i, names, fail, ops="+-*/^()[]{}|,.", rels="=<>~")
            out.append(token)
            if token.kind == "atom":    # a symbol-table marker: it may be starred (z*)
                i = _star(src, i, out)
    return out


def _star(src: str, j: int, out: list[Token]) -> int:
    """``z*`` (no space, not followed by an operand) marks the previous name as starred."""
    nxt = src[j + 1:j + 2]
    if src.startswith("*", j) and not src.startswith("**", j) and not (nxt.isalnum() or nxt in "(."):
        last = out[-1]
        out[-1] = last._replace(value=last.value + "_star")
        return j + 1
    return j


def _word(src: str, m: re.Match, out: list[Token], fail) -> None:
    """Append the tokens of one word (see the module docstring for the rules)."""
    word, pos = m[0], m.start()
    if word in _OPERATOR_WORDS:   # "p_B minus 1" is p_B - 1 (probe 125: h12): an operator in words
        out.append(Token("op", _OPERATOR_WORDS[word], pos))
    elif "_" in word:
        if word.endswith("_") or "__" in word:
            fail(f"malformed name {word!r}", pos)
        out.append(Token("atom", word, pos))
    elif word in FUNCTIONS:
        out.append(Token("func", word, pos))
    elif word in GREEK:
        out.append(Token("name", word, pos))
    elif word[0] == "d" and word[1:] in GREEK:
        out.extend((Token("name", "d", pos), Token("name", word[1:], pos + 1)))
    elif word == "x" and _is_times(src, m, out):
        out.append(Token("op", "*", pos))
    else:
        parts = _LETTERS.fullmatch(word)
        if not parts:
            fail(f"cannot split the word {word!r} into symbols", pos)
        letters, digits = parts[1], parts[2]
        for k, letter in enumerate(letters):
            last = k == len(letters) - 1 and digits
            out.append(Token("name", f"{letter}_{digits}" if last else letter, pos + k))


def _is_times(src: str, m: re.Match, out: list[Token]) -> bool:
    """`` x `` between a number (or a closing parenthesis) and a number, or a parenthesis that
    opens with one (``2 x (-0.351)``): a times sign. ``x(1)``, with no space, is x at 1."""
    before = src[m.start() - 1:m.start()]
    after = src[m.end():m.end() + 1]
    rest = src[m.end():].lstrip()
    prev_ok = bool(out) and (out[-1].kind == "num" or out[-1].value == ")")
    return before.isspace() and after.isspace() and prev_ok and bool(_NUMBER_NEXT.match(rest))


_NUMBER_NEXT = re.compile(NUMBER_AHEAD)
