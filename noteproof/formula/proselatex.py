"""Text fragments as Markdown with LaTeX math: the fragment's words as written, each run of
mathematics in ``$...$`` (``at beta = 1, a_star**3/3 -> 0`` -> ``at $\\beta = 1$, $a_{\\ast}^{3}/3
\\to 0$``).

The fragment is read once, as the Unicode printer reads it (prose.pieces: Greek names, a*, ã,
scripts, matrices, the note's ``$...$`` spans kept whole); a run of words that are mathematics
(operators, scripts, single letters, Greek names, numbers between them) is set in LaTeX, the
rest stays text. JSON's ``*_latex`` fields, Markdown and Jupyter show it.
"""
from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from ..defaults import FUNCTIONS, GREEK
from .prose import Piece, pieces
from .typeset import greek

_SPAN = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)
_SIGN = re.compile(r"\*\*|!=|<=|>=|->|=>|[=<>^_|/+*~]|(?<![A-Za-z])-|\[\[")
_WORD = re.compile(r"[A-Za-z][A-Za-z'\u2019]+(?:-[A-Za-z]+)*|[A-Za-z]+\d*(?:-[A-Za-z]{2,})+|\d+-[A-Za-z]{3,}")
_NUMBER = re.compile(r"[\d.,]+")
_CODE = re.compile(r"[a-z]{3,}(?:_[a-z]{3,})+")                 # a code name (rsolve_hyper), not a subscript
# a function applied: f(, h'(, phi(, Cov(
_CALL = re.compile(r"(?:[A-Za-z]{1,3}|" + "|".join(sorted(GREEK | FUNCTIONS, key=len, reverse=True)) + r")'?\(")
_MATH_WORDS = GREEK | FUNCTIONS | {"oo", "nabla", "Var", "Cov", "max", "min", "sup", "inf", "det", "atanh"}
_TEX = {"\u221e": r"\infty", "\u2192": r"\to", "\u2264": r"\le", "\u2265": r"\ge", "\u2260": r"\ne",
        "\u21d2": r"\Rightarrow", "\u00b7": r"\cdot", "\u00d7": r"\times", "\u2212": "-", "\u2207": r"\nabla",
        "\u222b": r"\int", "\u2211": r"\sum", "\u220f": r"\prod", "\u2243": r"\simeq", "\u221d": r"\propto",
        "\u2032": "'", "\u221a": r"\sqrt", "%": r"\%", "#": r"\#", "&": r"\&", "{": r"\{", "}": r"\}",
        "_": r"\_", "~": r"\sim"}
_LETTER = {greek(g): g for g in sorted(GREEK)}
_ACCENT = {"\u0303": "tilde", "\u0302": "hat", "\u0304": "bar", "\u0307": "dot", "\u0308": "ddot"}
_OPERATORS = {"sin", "cos", "tan", "sinh", "cosh", "tanh", "exp", "log", "ln", "max", "min", "sup", "inf", "det",
              "arcsin", "arccos", "arctan"}


@lru_cache(maxsize=8192)
def latex(text: str) -> str:
    """The fragment as Markdown with LaTeX math (the note's ``$...$`` spans kept as they are)."""
    out, last = [], 0
    for m in _SPAN.finditer(text):
        out.append(_runs(text[last:m.start()]))
        out.append(m[0])
        last = m.end()
    out.append(_runs(text[last:]))
    return "".join(out)


def _runs(text: str) -> str:
    """Text whose math runs are each set in ``$...$``."""
    tokens = re.split(r"(\s+)", text)
    words, gaps = tokens[::2], tokens[1::2]
    kinds = [_kind(w, words, i) for i, w in enumerate(words)]
    out, i = [], 0
    while i < len(words):
        j = i
        if _starts(kinds, i):
            while j + 1 < len(words) and _joins(kinds, j + 1) and not _closes(words[i:j + 1]):
                j += 1
            out.append(_math_run(" ".join(words[i:j + 1])))
        else:
            out.append(words[i])
        out.append(gaps[j] if j < len(gaps) else "")
        i = j + 1
    return "".join(out)


def _starts(kinds: list[str], k: int) -> bool:
    return kinds[k] == "math" or kinds[k] == "number" and k + 1 < len(kinds) and kinds[k + 1] == "math"


def _closes(run: list[str]) -> bool:
    """A run ends at a comma, colon or semicolon outside brackets (``beta = 1, u = 0: ...``, ``sum R): ...``)."""
    text = " ".join(run)
    return text[-1:] in ",;:" and text.count("(") + text.count("[") <= text.count(")") + text.count("]")


def _joins(kinds: list[str], k: int) -> bool:
    """A number joins mathematics beside it (``beta = 1, u = 0``; ``59049 < 0.001``)."""
    return kinds[k] == "math" or kinds[k] == "number" and (kinds[k - 1] == "math"
                                                           or k + 1 < len(kinds) and kinds[k + 1] == "math")


def _kind(word: str, words: list[str], i: int) -> str:
    """``math``, ``number`` (joins mathematics beside it) or ``text``."""
    core = word.strip("()[],.;:!?\"'\u201c\u201d")
    if not core:
        return "math" if word and set(word) <= set("()[]|.") and "|" in word else "text"
    if _NUMBER.fullmatch(core):
        return "number"
    if _WORD.fullmatch(core) and not set(core.split("-")) & _MATH_WORDS:
        beside = [words[k] for k in (i - 1, i + 1) if 0 <= k < len(words)]
        return "math" if len(core) <= 3 and any(_SIGN.fullmatch(b) for b in beside) else "text"
    if re.fullmatch(r"[A-Za-z]'*", core):
        return "text" if _article(core, words, i) else "math"
    if _CODE.fullmatch(core):
        return "text"
    if core in _MATH_WORDS or _SIGN.search(core) or core.endswith("*") or _CALL.match(core):
        return "math"
    return "math" if re.fullmatch(r"[A-Za-z]\d+|\d+[A-Za-z]", core) else "text"


def _article(core: str, words: list[str], i: int) -> bool:
    """``a`` before a word, ``A`` opening a sentence: the article, not a symbol."""
    if words[i] not in ("a", "A") or i + 1 >= len(words) or _kind(words[i + 1], words, i + 1) != "text":
        return False
    return core == "a" or i == 0 or words[i - 1].endswith((".", ":"))


def _math_run(run: str) -> str:
    """One run of mathematics in ``$...$``, its unbalanced brackets and closing punctuation outside."""
    lead = re.match(r"[(\[]*", run)[0]
    inside = min(len(lead), max(0, _excess(run[len(lead):], ")]", "([")))
    lead, run = lead[:len(lead) - inside], run[len(lead) - inside:]
    tail = re.search(r"[)\],.;:!?]*$", run)[0]
    body = run[:len(run) - len(tail)]
    back = ""
    for ch in tail:
        if ch in ")]" and body.count("(" if ch == ")" else "[") > body.count(ch):
            body += ch
        else:
            back += ch
    if not body:
        return lead + back
    return f"{lead}${tex(body)}${back}"


def _excess(run: str, closes: str, opens: str) -> int:
    return sum(run.count(c) for c in closes) - sum(run.count(o) for o in opens)


def tex(math: str) -> str:
    """A run of ASCII mathematics as LaTeX (no ``$``): the Unicode printer's pieces, each set in LaTeX."""
    parts = pieces(math)
    return re.sub(r" +", " ", "".join(_piece(p, parts[k + 1] if k + 1 < len(parts) else None)
                                      for k, p in enumerate(parts))).strip()


def _piece(p: Piece, after: Piece | None) -> str:
    if p.kind == "tex":
        return p.value.strip("$")
    if p.kind == "matrix":
        rows = [" & ".join("".join(_piece(x, None) for x in c).strip() for c in r) for r in p.inner]
        return r"\begin{bmatrix}" + r" \\ ".join(rows) + r"\end{bmatrix}"
    if p.kind in ("sup", "sub"):
        inner = "".join(_piece(x, None) for x in p.inner).strip()
        return ("^" if p.kind == "sup" else "_") + "{" + inner + "}"
    return _text(p.value, after is not None and after.kind == "sub")


def _text(text: str, sub_follows: bool) -> str:
    """Plain text of a math run as LaTeX: Greek letters, signs, a* (``a_{\\ast}``), accents, words."""
    text = "".join(_split(ch) for ch in text)
    toks = re.findall(r"(?:[A-Za-z]{2,}|.)[\u0300-\u036f]?", text, re.S)
    out: list[str] = []
    for k, tok in enumerate(toks):
        mark = tok[-1] if len(tok) > 1 and tok[-1] in _ACCENT else ""
        base = tok[:-1] if mark else tok
        if base == "*" and out and out[-1][-1:] not in " (":
            last = k == len(toks) - 1
            shown = r"^{\ast}" if sub_follows and last else r"_{\ast}"
        elif len(base) > 1 and base.isalpha():
            shown = _name(base)
        elif base in _LETTER:
            shown = "\\" + _LETTER[base] + " "
        elif base in _TEX:
            shown = _TEX[base] + (" " if _TEX[base][:1] == "\\" and base not in "%#&{}_" else "")
        else:
            shown = base
        out.append(rf"\{_ACCENT[mark]}{{{shown.strip()}}}" if mark else shown)
    return "".join(out)


def _split(ch: str) -> str:
    """A letter with an accent the printer sets (ã) as the letter and its combining mark; else as is."""
    parts = unicodedata.normalize("NFD", ch)
    return parts if len(parts) == 2 and parts[1] in _ACCENT and parts[0].isalpha() else ch


def _name(word: str) -> str:
    """A word inside mathematics: an operator's command, a short product of letters as it is, else upright."""
    if word in _OPERATORS:
        return "\\" + word + " "
    if word in _MATH_WORDS:
        return rf"\operatorname{{{word}}}"
    return word if len(word) <= 2 else rf"\text{{{word}}}"
