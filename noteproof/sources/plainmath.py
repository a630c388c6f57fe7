"""Chapter 12's plain-text formulas located in its prose (``z* = x / (1 - theta)``, ``h < 2/a``).

A line is cut into pieces: numbers, words, operators, relations, parentheses, spaces. A
*run* is a maximal stretch of pieces that can stand in a formula: numbers, operators,
relations, parentheses (commas only inside them), and the words the plain-text reader
(noteproof/formula/lex_plain.py) reads as symbols or functions: one letter, a Greek name,
``d`` and a Greek name, a name with an underscore (``x_new``), a letter with digits
(``x0``), a starred name (``z*``), or two lower-case letters that are no English word
(``ah``, ``dx``). Any other word ends a run, and `` x `` before a number or such a word is a
times sign (``1.5 x 1.2``, ``h x rate``). A run, trimmed of dangling operators and of
parentheses around the whole, is a formula when it has an operator or a relation and at
least one symbol (``e`` and function names are not symbols): purely numeric arithmetic is
left to the numbers inventory. The word lists are the reader's own (noteproof.defaults): the
reader itself lives a layer above (sources may not import formula).
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..defaults import FUNCTIONS, GREEK
from .numtext import TIMES_TEN

# a number in any notation is one piece: 4x10^{-3} is no product of 4 and a symbol x10
PIECE = re.compile(r"(?P<num>\d+(?:,\d{3})*(?:\.\d+)?(?:[eE][-+]?\d+(?!\w|\.\d)|" + TIMES_TEN + r")?|\.\d+)|(?P<word>[A-Za-z][A-Za-z0-9_]*(?:\*(?!\*))?)"
                   r"|(?P<brk>\*\*)|(?P<rel><=|>=|!=|->|=>|[=<>~\u2248\u2264\u2265\u2260])"
                   r"|(?P<op>[-+*/^|\u2212\u00d7])|(?P<open>\()|(?P<close>\))|(?P<comma>,)|(?P<space>[ \t]+)")
ENGLISH = frozenset("am an as at be by do go he if in is it me my no of on or so to up us we".split())
SYMBOL = re.compile(r"[A-Za-z]|[a-z]\d+|[A-Za-z][A-Za-z0-9]*_[A-Za-z0-9_]*|[a-z]{2}")
CONSTANTS = frozenset({"e"})
NAMED = re.compile(r"\s*[A-Za-z][A-Za-z0-9_]*\*?(?:\([^()]*\))?(?: [A-Za-z]+)?\s*=(?!=)")
ARITHMETIC = frozenset({"num", "op", "rel", "open", "close", "space", "comma", "func", "x"})
_APOSTROPHES = ("'", "\u2019")
_CLITICS = frozenset("s t d m ll re ve".split())
# words after which a bare x opens a formula ("the slope is x (1-theta)^(-2)"), never multiplies
_NO_OPERAND = ENGLISH | frozenset("the and are was were then gives equals becomes with from".split())
DANGLING = frozenset("x+*/^=<>~\u2248\u2264\u2265\u2260\u00d7,") | {"<=", ">=", "!=", "->", "=>"}


def word_kind(word: str) -> str | None:
    """"symbol", "func" (a function name or the constant e), or None (a word of prose)."""
    name = word.rstrip("*")
    if name in FUNCTIONS or name in CONSTANTS:
        return "func"
    if name in GREEK or (name[:1] == "d" and name[1:] in GREEK):
        return "symbol"
    if SYMBOL.fullmatch(name) and name not in ENGLISH:
        return "symbol"
    return None


def arithmetic(text: str) -> bool:
    """Whether ``text`` is numbers and operators only (``= 1 / 0.2^2 = 25``, ``1.5 x 1.2``)."""
    return all(kind in ARITHMETIC for kind, _, _ in _pieces(text))


def plain_formulas(text: str, skip: list[tuple[int, int]] = ()) -> list[tuple[int, int]]:
    """(start, end) of every plain-text formula of ``text``, outside the ``skip`` spans."""
    out, start = [], 0
    for line in text.split("\n"):
        for a, b in _runs(line):
            if not any(s <= start + a < e for s, e in skip):
                out.append((start + a, start + b))
        start += len(line) + 1
    return out


@lru_cache(maxsize=4096)
def _runs(line: str) -> tuple[tuple[int, int], ...]:
    """Formula spans of one line (see the module docstring); remembered by the line's text, so an
    edited note reads again only the lines the edit changed."""
    pieces = _pieces(line)
    out, run, depth, prev = [], [], 0, ("other", "")
    for k, (kind, a, b) in enumerate(pieces):
        if kind == "x":     # `` x `` as a times sign needs an operand (or a word) before it
            kind = "op" if prev[0] in ("num", "symbol", "func", "close") \
                or (prev[0] == "prose" and prev[1].lower() not in _NO_OPERAND) else "symbol"
        elif kind == "prose" and prev == ("op", "x") and _names_quantity(line[a:b]) and _operand_follows(pieces, k + 1) \
                and any(p[0] in ("num", "symbol", "close") for p in run):
            kind = "word"   # a quantity named in words: ``h x rate = 0.05 x 100``
        prev = prev if kind == "space" else (kind, line[a:b])
        keep = kind in ("num", "symbol", "func", "word", "op", "rel", "open", "close", "space") \
            or (kind == "comma" and depth > 0)
        if keep:
            depth += (kind == "open") - (kind == "close")
            run.append((kind, a, b))
            continue
        out += _formula(run, line)
        run, depth = [], 0
    return tuple(out + _formula(run, line))


def _names_quantity(word: str) -> bool:
    """A word that may name a quantity in a worked line (not a short English word)."""
    return word.isalpha() and word.lower() not in ENGLISH


def _operand_follows(pieces: list[tuple[str, int, int]], k: int) -> bool:
    """Whether the next piece after spaces is an operator, a relation, a symbol or a number."""
    nxt = next((kind for kind, _, _ in pieces[k:] if kind != "space"), None)
    return nxt in ("op", "rel", "symbol", "num", "x")


def _pieces(line: str) -> list[tuple[str, int, int]]:
    """(kind, start, end) of each piece of a line; kind "x" is a bare x that may be a times sign."""
    out, i = [], 0
    while i < len(line):
        m = PIECE.match(line, i)
        if not m:
            out.append(("other", i, i + 1))
            i += 1
            continue
        kind = m.lastgroup
        if kind == "word":
            kind = word_kind(m[0]) or "prose"
            if line[i - 1:i] in _APOSTROPHES and m[0] in _CLITICS:   # the s of "B's x", the t of "don't"
                kind = "prose"
            if m[0] == "x" and line[i - 1:i].isspace() and _times_after(line, m.end()):
                kind = "x"
        out.append((kind, m.start(), m.end()))
        i = m.end()
    return out


def _times_after(line: str, j: int) -> bool:
    """Whether what follows a bare x (after a space) is a number (NUMBER_AHEAD) or a word of prose."""
    rest = line[j:]
    if not rest[:1].isspace():
        return False
    if re.match(r"\s*" + NUMBER_AHEAD, rest):
        return True
    nxt = re.match(r"\s*([A-Za-z][A-Za-z0-9_]*\*?)", rest)
    return bool(nxt) and word_kind(nxt[1]) is None


# what may follow `` x `` read as a times sign: a number, or a parenthesis opening with one
# (``2 x (-0.351)``); ``x(1)``, with no space, is x at 1 (lex_plain, chains and this module)
NUMBER_AHEAD = r"(?:\(\s*[-\u2212]?\s*)?\.?\d"


def _formula(run: list[tuple[str, int, int]], line: str) -> list[tuple[int, int]]:
    """The run trimmed, as [(start, end)] when it is a formula, else []."""
    before = None
    while run != before:
        before = run
        while run and (run[0][0] in ("space", "close") or _dangles(run[0], line, lead=True)):
            run = run[1:]
        while run and (run[-1][0] in ("space", "open") or _dangles(run[-1], line, lead=False)):
            run = run[:-1]
        run = _balanced(run)
    kinds = {k for k, _, _ in run}
    if not run or "symbol" not in kinds or not kinds & {"op", "rel"}:
        return []
    return [(run[0][1], run[-1][2])]


def _dangles(piece: tuple[str, int, int], line: str, lead: bool) -> bool:
    """An operator, relation or comma at an end of a run with nothing on that side; a
    leading minus or bar is a sign or an absolute value, not dangling."""
    kind, a, b = piece
    return kind in ("op", "rel", "comma") and (line[a:b] in DANGLING or not lead and line[a:b] in "-\u2212")


def _balanced(run: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """Drop unmatched parentheses at the ends and parentheses around the whole run."""
    changed = True
    while changed and run:
        changed = False
        depth, low = 0, 0
        for kind, _, _ in run:
            depth += (kind == "open") - (kind == "close")
            low = min(low, depth)
        if run[0][0] == "open" and depth > 0:
            run, changed = _strip(run[1:]), True
        elif run[-1][0] == "close" and low < 0:
            run, changed = _strip(run[:-1]), True
        elif run[0][0] == "open" and run[-1][0] == "close" and _closes_at_end(run):
            run, changed = _strip(run[1:-1]), True
    return run


def _closes_at_end(run: list[tuple[str, int, int]]) -> bool:
    """Whether the opening parenthesis of the run is closed only by its last piece."""
    depth = 0
    for k, (kind, _, _) in enumerate(run):
        depth += (kind == "open") - (kind == "close")
        if depth == 0:
            return k == len(run) - 1
    return False


def _strip(run: list[tuple[str, int, int]]) -> list[tuple[str, int, int]]:
    """The run without spaces at its ends."""
    while run and run[0][0] == "space":
        run = run[1:]
    while run and run[-1][0] == "space":
        run = run[:-1]
    return run
