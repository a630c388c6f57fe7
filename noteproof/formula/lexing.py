"""What the two lexers (lex_latex, lex_plain) read alike: the `Token`, and the tokens that
start with a symbol-table marker, a digit or one operator character.

A marker ``\\x01N\\x02`` (tokens.substitute put it where a ``symbols:`` fragment stood) is the
atom it names; a number (``12``, ``0.000977``, ``.5``, ``7.47e-4``) is a ``num`` token; one character of a
lexer's operators or relations, or its Unicode sign (``−``, ``×``, ``≤``), is an ``op`` or ``rel`` token; ``:`` and ``;`` separate parts.
Each lexer reads its own words, commands and spaces first and hands the rest here. Nothing
here evaluates text.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from ..defaults import EXPONENT

_NUMBER = re.compile(rf"(?:\d+(?:\.\d+)?|\.\d+)(?:{EXPONENT})?")   # 7.47e-4: one number, not 7.47 e - 4
_MARKER = re.compile("\x01(\\d+)\x02")
SEPARATORS = ":;"
# operators and relations a note may print as one Unicode character, in LaTeX or plain text alike
UNICODE = {"\u2212": "-", "\u00d7": "*", "\u00b7": "*", "\u22c5": "*", "\u2264": "<=", "\u2265": ">=",
           "\u2260": "!=", "\u2248": "~", "\u2243": "~", "\u2192": "->", "\u21d2": "=>"}


class Token(NamedTuple):
    """One token: ``kind`` is num | name | atom | func | rel | op | sep | cmd | annot |
    transpose | end; ``pos`` is the 0-based offset in the (normalised) source."""

    kind: str
    value: str
    pos: int


def shared_token(src: str, i: int, names: list[str], fail, ops: str, rels: str) -> tuple[Token, int]:
    """The token at ``src[i]`` and the index after it: a marker (an atom from ``names``), a
    number, or one character of ``ops`` / ``rels`` / ``:;``; anything else calls ``fail``."""
    ch = src[i]
    if ch in UNICODE:   # a Unicode minus is the operator -, a ≤ the relation <=, however the note spells them
        return Token("op" if UNICODE[ch] in "-*" else "rel", UNICODE[ch], i), i + 1
    if ch == "\x01":
        m = _MARKER.match(src, i)
        if not m or int(m[1]) >= len(names):
            fail("damaged symbol marker", i)
        return Token("atom", names[int(m[1])], i), m.end()
    number = _NUMBER.match(src, i)
    if number:
        return Token("num", number[0], i), number.end()
    for kind, chars in (("op", ops), ("rel", rels), ("sep", SEPARATORS)):
        if ch in chars:
            return Token(kind, ch, i), i + 1
    fail(f"unsupported character {ch!r}", i)
    raise AssertionError("fail raises")
