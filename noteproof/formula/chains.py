"""The notes' worked calculations, read link by link.

A worked calculation is a chain of printed arithmetic: ``z1 = 1.2 x 0 + 1 = 1``,
``2/500 = 0.004``, ``$\\frac{1}{2}(0.8)(0.2)=0.08$``. A *link* is one relation symbol
(``=``, ``\\simeq``, ``<``, ...) with a purely numeric side on each hand; sides that carry
a name (``z1``, ``theta + 0.01``, ``h x rate``) are formulas, not arithmetic, and make no
link. Inside ``$...$`` the LaTeX reader's tokens are split at relations; in the prose
(Chapter 12 writes its mathematics in plain text) a side is the longest run of numeric
text touching the relation, and a run that reaches into a name is not numeric.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Any

from ..defaults import EXPONENT
from ..errors import FormulaError
from ..sources.notes import Note
from ..sources.plainmath import NUMBER_AHEAD
from .arith import is_literal, value
from .lex_latex import Token
from .tokens import split_parts, tokens


@dataclass(frozen=True)
class Side:
    """One numeric side as printed, where it stands, and its value (arith.value)."""

    text: str
    start: int
    end: int
    value: Any
    literal: bool     # one printed number: what a step rounds to
    latex: bool = False   # read inside ``$...$``

    @property
    def shown(self) -> str:
        """The side as a reader sees it: Unicode, not LaTeX (``−log 0.08``, ``2·2·1·(2²−1)``)."""
        from .prose import tex_unicode, unicode
        return tex_unicode(self.text) if self.latex else unicode(self.text)


@dataclass(frozen=True)
class Link:
    """``left op right``: one step of a worked calculation."""

    left: Side
    op: str           # the reader's relation: = ~ < > <= >= !=
    right: Side

    @property
    def text(self) -> str:
        return f"{self.left.text} {PRINTED_OP.get(self.op, self.op)} {self.right.text}"

    @property
    def shown(self) -> str:
        """The step typeset in Unicode (Side.shown)."""
        return f"{self.left.shown} {PRINTED_OP.get(self.op, self.op)} {self.right.shown}"


PRINTED_OP = {"~": "≈", "<=": "≤", ">=": "≥", "!=": "≠"}
_PLAIN_REL = re.compile(r"<=|>=|!=|[≤≥≈≠]|(?<![=<>!-])[=<>](?![=>])")
_PLAIN_OPS = {"≤": "<=", "≥": ">=", "≈": "~", "≠": "!="}
# numeric prose: numbers (3,760 with its thousands comma), operators, parentheses, spaces,
# Euler's e^, exp/log/sqrt( and a `` x `` times sign between two numbers (the second may be
# parenthesised: ``2 x (-0.351)``)
_PIECE = r"(?:\d{1,3}(?:,\d{3})+(?![\d,])|\d+)(?:\.\d+)?(?:" + EXPONENT + r")?|\.\d+|(?<![A-Za-z])e\^|(?:exp|log|ln|sqrt)\(|[-+*/^()×·−]|(?<=[\d)]) x (?=" + NUMBER_AHEAD + r")| "
_RUN = re.compile(f"(?:{_PIECE})+")
_THOUSANDS = re.compile(r"(?<=\d),(?=\d{3}(?!\d))")
_BINARY = "+*/^×·x"
_RANGE = re.compile(r"\d[-−]\d")
_HEDGE = re.compile(r"\s*(?:about|roughly|around)\s+(?=[\d.(-])")
# a value restated rounded in parentheses: "1/6 (about 0.167)", "1/6 (≈ 0.167)": an approximate step
_RESTATED = re.compile(r"\s*\((?:about|roughly|around|approximately|≈|~)\s*(?=[\d.(\-−])")


@functools.lru_cache(maxsize=16)
def links(note: Note) -> tuple[Link, ...]:
    """Every link of every worked calculation in the note, in order (read once per note)."""
    return read_links(note)


def read_links(note: Note) -> tuple[Link, ...]:
    """Every link of every worked calculation in ``note``'s text, in order, read now."""
    spans = note.math_spans()
    out = [link for m in spans for link in _latex_links(m.text, m.start)]
    prose, last = [], 0
    for m in spans:
        prose.append((last, m.start))
        last = m.end
    prose.append((last, len(note.text)))
    out += [link for lo, hi in prose for link in _plain_links(note.text, lo, hi)]
    return tuple(sorted(out, key=lambda k: k.left.start))


def _plain_links(text: str, lo: int, hi: int) -> list[Link]:
    """The links of the prose ``text[lo:hi]``."""
    out = []
    for m in _PLAIN_REL.finditer(text, lo, hi):
        left = _plain_side(text, _run_ending(text, lo, m.start()), m.start())
        hedge = _HEDGE.match(text, m.end(), hi)    # ``= about 4,000``: the step is approximate
        start = hedge.end() if hedge else m.end()  # (Note.marks_approximate reads the word)
        right = _plain_side(text, start, _run_starting(text, start, hi), right=True)
        if left and right:
            out.append(Link(left, _PLAIN_OPS.get(m[0], m[0]), right))
    for m in _RESTATED.finditer(text, lo, hi):
        left = _plain_side(text, _run_ending(text, lo, m.start()), m.start())
        right = _plain_side(text, m.end(), _closing(text, m.end(), _run_starting(text, m.end(), hi)))
        if left and right:
            out.append(Link(left, "~", right))
    return out


def _closing(text: str, start: int, end: int) -> int:
    """Where the parenthesis opened before ``start`` closes, if before ``end``."""
    depth = 0
    for i in range(start, end):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth < 0:
            return i
    return end


def _run_ending(text: str, lo: int, end: int) -> int:
    """Where the longest numeric run ending at ``end`` starts."""
    start = end
    for m in _RUN.finditer(text, max(lo, end - 200), end):
        if m.end() == end:
            start = min(start, m.start())
    return start


def _run_starting(text: str, start: int, hi: int) -> int:
    m = _RUN.match(text, start, hi)
    return m.end() if m else start


def _plain_side(text: str, start: int, end: int, right: bool = False) -> Side | None:
    """The numeric side ``text[start:end]`` (stripped), or None when it is empty, reaches into
    a name, or is not arithmetic."""
    raw = text[start:end]
    body = raw.strip()
    if not body:
        return None
    s = start + (len(raw) - len(raw.lstrip()))
    e = s + len(body)
    if body.endswith((".", ",")) and not body[-2:-1].isdigit() or body.endswith(","):
        body, e = body[:-1].rstrip(), e - 1
    while body.endswith(".") and (e >= len(text) or not text[e:e + 1].isdigit()):
        body, e = body[:-1], e - 1
    # "(1 - 1.8 = -0.8)", "0.02 (0.05 < 0.02)": an aside's parenthesis opens it, it is no side's; a
    # right side ends before one ("= 0.3 (0.263 < 0.3)" prints 0.3; reviewer helper-143: H1)
    while body.count("(") > body.count(")"):
        if right:
            body = body[:body.index("(")].rstrip()
            e = s + len(body)
        else:
            body = body[body.index("(") + 1:].lstrip()
            s = e - len(body)
    while body.endswith(")") and body.count(")") > body.count("("):
        body, e = body[:-1].rstrip(), e - 1 - (len(body[:-1]) - len(body[:-1].rstrip()))
    if not body:
        return None
    if _RANGE.search(body):
        return None      # ``10-12``: a range, not a subtraction (the notes space their minus signs)
    glued = (s > 0 and (text[s - 1].isalnum() or text[s - 1] in "_*'")) or \
        (e < len(text) and (text[e].isalnum() or text[e] in "_("))
    if glued or body[0] in _BINARY or body[-1] in _BINARY + "-(" or _before_times(text, s):
        return None
    return _side(body, s, e, latex=False)


_TAIL = re.compile(r"(?:\b(?:x|times|plus|minus|over|of|ln|log|exp|sqrt|sin|cos|tan)\s+|\d,\s*|\d:)$")


def _before_times(text: str, s: int) -> bool:
    """The side is the tail of something longer: a product or sum written in words (``slope x
    0.01``, ``2 times 3``), a function named before it (``ln 2``), the end of a list or a ratio
    (``1, 2, 2, 1``, ``3:4``), or a spaced minus after a name (``theta - 0.01``; a sign is glued
    to its number: ``is -2/(0.5)^2``)."""
    before = text[max(0, s - 12):s]
    if text[s:s + 2] in ("- ", "− ") and before.rstrip()[-1:].isalnum():
        return True
    return bool(_TAIL.search(before))


def _latex_links(src: str, offset: int) -> list[Link]:
    """The links of one math span (its text starting at ``offset`` in the note)."""
    try:
        parts = split_parts(tokens(src, {}, True), _fail, len(src))
    except FormulaError:
        return []
    out = []
    for part in parts:    # several statements in one span: \quad, ";", top-level commas
        sides, ops = [[]], []
        for t in part:
            if t.kind == "rel":
                sides.append([])
                ops.append(t.value)
            else:
                sides[-1].append(t)
        read = [_latex_side(src, s, offset) for s in sides]
        out += [Link(a, op, b) for a, op, b in zip(read, ops, read[1:]) if a and b]
    return out


def _fail(message: str, pos: int | None = None):
    raise FormulaError(message)


def _latex_side(src: str, toks: list[Token], offset: int) -> Side | None:
    if not toks or value(toks) is None:
        return None
    lo, hi = toks[0].pos, _end(src, toks[-1])
    return Side(src[lo:hi].strip(), offset + lo, offset + hi, value(toks), _literal(src[lo:hi], toks), True)


def _end(src: str, tok: Token) -> int:
    if tok.kind == "num":
        return tok.pos + len(tok.value)
    return tok.pos + (len(tok.value) + 1 if tok.kind in ("cmd", "func") else 1)


def _side(body: str, start: int, end: int, latex: bool) -> Side | None:
    try:
        toks = tokens(_THOUSANDS.sub("", body), {}, latex)
    except FormulaError:
        return None
    got = value(toks)
    return None if got is None else Side(body, start, end, got, _literal(body, toks))


_ONE_NUMBER = re.compile(r"[-+]?\d+(?:\.\d+)?(?:e[-+]?\d+)?")   # canonical: 9.77e-4, 0.000977 for 0.0977\%


def _literal(text: str, toks) -> bool:
    """One printed number, in any notation: ``9.77\\times 10^{-4}``, ``8.3 x 10^-7`` and
    ``0.0977\\%`` are the numbers 9.77e-4, 8.3e-7 and 0.000977 with their mantissas' digits, not
    products or quotients (sources.numtext)."""
    from ..sources.numtext import canonical
    return is_literal(toks) or _ONE_NUMBER.fullmatch(canonical(text.strip())) is not None
