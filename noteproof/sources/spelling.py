"""A formula's spelling with its notation set aside, and its skeleton with its grouping too.

``\\dfrac`` and ``\\tfrac`` are ``\\frac``, ``\\left(`` and ``\\right)`` are ``(`` and ``)``,
thin spaces and white space are nothing, a Unicode minus is ``-``, a group of one token ``{e}``
is ``e``, every "approximately equal" is ``\\simeq`` (``spelling``); and a quotient or product
spelled ``\\frac{a}{b}``, ``a/b``, ``a\\cdot b`` or with its factors grouped otherwise has one
skeleton (``skeleton``). sources.anchor places formulas by them; sources.reword keeps a
sentence's mathematics up to them. Reads no formula.
"""
from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from typing import Iterable

from ..defaults import APPROX_EQUAL, GREEK

MATH_SPAN = re.compile(r"\$\$(.+?)\$\$|\$(.+?)\$", re.S)   # a note's $$...$$ and $...$ spans
_NOTATION = re.compile(r"(?<!\\)\{\s*(\\[A-Za-z]+|[A-Za-z0-9])\s*\}"   # a group of one token: {e}, {\sum }
                       r"|\\[dt]frac(?![A-Za-z])|\\(?:left|right)(?=[()\[\]|.]|\\[{}|])|\\[,;:! ]|\s+|\u2212|\\displaystyle"
                       r"|(?<![\\A-Za-z])exp(?=\()"   # plain text's exp(-2t) is e^(-2t)
                       r"|" + APPROX_EQUAL)


@lru_cache(maxsize=8192)
def spelling(text: str) -> tuple[str, tuple[int, ...], tuple[int, ...]]:
    """``text`` with its notation set aside, and for each character kept the offset in ``text``
    where it starts and where it ends (exclusive): the character of a brace group ``{e}`` read
    as ``e`` spans its braces, so a place ending on it ends after its ``}``."""
    out, starts, ends, last = [], [], [], 0
    for m in _NOTATION.finditer(text):
        out.append(text[last:m.start()])
        starts.extend(range(last, m.start()))
        ends.extend(range(last + 1, m.start() + 1))
        token, inner = m.group(0), m.group(1)
        if inner is not None:      # {e}, {\sum }: a group of one token is that token
            keep = inner
            starts.extend([m.start()] + list(range(m.start(1) + 1, m.start(1) + len(inner))))
            ends.extend(list(range(m.start(1) + 1, m.start(1) + len(inner))) + [m.end()])
        else:
            keep = "\\frac" if token.endswith("frac") else "-" if token == "\u2212" else "e^" if token == "exp" \
                else "\\simeq" if re.fullmatch(APPROX_EQUAL, token) else ""   # one "approximately equal"
            starts.extend([m.start()] * len(keep))
            ends.extend([m.end()] * len(keep))
        out.append(keep)
        last = m.end()
    out.append(text[last:])
    starts.extend(range(last, len(text)))
    ends.extend(range(last + 1, len(text) + 1))
    return "".join(out), tuple(starts), tuple(ends)


# grouping and the spelling of a quotient or product left out: a factor moved into a group gains
# braces (``{C\Delta s}``), one moved out loses them; ``\frac{1}{1-\beta}`` is ``1/(1-\beta)``
_STRUCTURE = re.compile(r"\\frac|[{}()\[\]/*]|\\cdot(?![A-Za-z])|\\times(?![A-Za-z])")


def skeleton(text: str) -> str:
    """``text``'s characters once notation (``spelling``) and grouping are set aside."""
    # a product's sign goes before spelling drops the space that ends it (\cdot a)
    return _STRUCTURE.sub("", spelling(_PRODUCT.sub(" ", text))[0])


_PRODUCT = re.compile(r"\\(?:cdot|times)(?![A-Za-z])")


def alike(a: Iterable, b: Iterable) -> float:
    """How alike two multisets are, in any order: 2 |a ∩ b| / (|a| + |b|) (a ``Counter`` counts as
    its multiset): a formula's characters, a snippet's tokens."""
    x, y = Counter(a), Counter(b)
    total = sum(x.values()) + sum(y.values())
    return 2 * sum((x & y).values()) / total if total else 1.0


SPACES = r"(?:\s|\\[ ,;!:]|~)*"
_AFTER = re.compile(SPACES + r"(?:[\^_/!']|\\cdot(?![A-Za-z])|\\times(?![A-Za-z])|\*)")


def goes_on(text: str, end: int) -> bool:
    """Whether what is printed up to ``end`` goes on past it: a power, an index, a division or a
    product follows, or a letter or digit glued to its last one."""
    return bool(_AFTER.match(text, end)) or (text[end:end + 1].isalnum() and text[end - 1:end].isalnum())


# one relation between two unspaced operands, in plain text or inside $...$ (whose dollars stay)
_OPS = r"<=|>=|<|>|≤|≥|\\(?:le|ge|leq|geq|lt|gt)(?![A-Za-z])"
_RELATION = re.compile(rf"([^\s<>=≤≥$]+?)(\s*)({_OPS})(\s*)([^\s<>=≤≥$]+?)(?=[$.,;:!?]*(?:\s|$))")
_CHAIN = re.compile(rf"([^\s<>=≤≥$]+?)(\s*)({_OPS})(\s*)([^\s<>=≤≥$]+?)(\s*)({_OPS})(\s*)([^\s<>=≤≥$]+?)"
                    rf"(?=[$.,;:!?]*(?:\s|$))")
_TURNED = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "≤": "≥", "≥": "≤", "\\le": "\\ge", "\\ge": "\\le",
           "\\leq": "\\geq", "\\geq": "\\leq", "\\lt": "\\gt", "\\gt": "\\lt"}


def turned(text: str) -> str | None:
    """Plain text holding one relation, with that relation written from its other side
    (``shrinks only when |theta| < 1.`` -> ``shrinks only when 1 > |theta|.``, ``for $K>0$,`` ->
    ``for $0<K$,``; a chain ``0 < ah < 2`` -> ``2 > ah > 0``): the same statement; None when the
    text holds no relation or more than one."""
    chain = list(_CHAIN.finditer(text))
    if len(chain) == 1 and len(re.findall(_OPS, text)) == 2:   # 0 < ah < 2 -> 2 > ah > 0
        m = chain[0]
        a, s1, op1, s2, b, s3, op2, s4, c = m.groups()
        return text[:m.start()] + c + s3 + _TURNED[op2] + s4 + b + s1 + _TURNED[op1] + s2 + a + text[m.end():]
    found = list(_RELATION.finditer(text))
    if len(found) != 1 or len(re.findall(_OPS, text)) != 1:
        return None
    m = found[0]
    a, pre, op, post, b = m.groups()
    return text[:m.start()] + b + pre + _TURNED[op] + post + a + text[m.end():]


def _unicode_of(command: str) -> str | None:
    """The Unicode character a LaTeX command prints (``\\beta`` β, ``\\Delta`` Δ, ``\\le`` ≤), or None."""
    import unicodedata
    name = command[1:]
    if name in _SYMBOLS:
        return _SYMBOLS[name]
    if name not in _GREEK_NAMES:
        return None
    case = "CAPITAL" if name[0].isupper() else "SMALL"
    try:
        return unicodedata.lookup(f"GREEK {case} LETTER {_UNICODE_NAME.get(name.lower(), name.upper())}")
    except KeyError:
        return None


# the Greek letters Unicode names (not the variants, not \ell: a symbol below)
_GREEK_NAMES = frozenset(n for n in GREEK if not n.startswith("var") and n != "ell")
_UNICODE_NAME = {"lambda": "LAMDA"}
_SYMBOLS = {"le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠", "times": "×", "cdot": "·",
            "to": "→", "infty": "∞", "approx": "≈", "simeq": "≃", "pm": "±", "nabla": "∇", "partial": "∂", "ell": "ℓ"}
_SPAN_TOKEN = re.compile(r"\\[A-Za-z]+|\s+|.", re.S)


def command_or_character(command: str) -> str:
    """A pattern for one LaTeX command as printed in LaTeX, as its Unicode character, or (a
    Greek letter) as its name: ``\\beta``, ``β``, ``beta``."""
    ch = _unicode_of(command)
    if ch is None:
        return re.escape(command) + "(?![A-Za-z])"
    # a Greek letter may stand as its name too: a note's plain text reads "β" as "beta" (formula.respelled)
    name = rf"|(?<![A-Za-z]){command[1:]}(?![A-Za-z])" if command[1:] in _GREEK_NAMES else ""
    return rf"(?:{re.escape(command)}(?![A-Za-z])|{re.escape(ch)}{name})"


@lru_cache(maxsize=4096)
def span_pattern(latex: str) -> str:
    """A pattern that matches the inside of a ``$...$`` span printed in LaTeX or as plain text in
    Unicode: ``\\beta >0`` matches ``\\beta>0`` and ``β > 0``, ``\\Delta s=0.5`` ``Δs = 0.5``
    (each command as its character, spacing free, a minus either minus, braces optional)."""
    out = []
    for t in _SPAN_TOKEN.findall(latex):
        if t.isspace():
            continue
        if t.startswith("\\") and len(t) > 1:
            out.append(command_or_character(t))
        elif t in "-\u2212":
            out.append("[-\u2212]")
        elif t in "{}":
            out.append(re.escape(t) + "?")
        else:
            out.append(re.escape(t))
    return r"\s*".join(out)


# a formula going on after a number: an operator, a relation, a digit or a decimal point
GOES_ON = r"\s*(?:[-+*/^=<>\u2212\u00d7\u00b7\d(]|\.\d)"
# a relation in symbols and in words ("ah < 2", "ah is below 2"): sources.reword reads the one as
# the other, sources.notes finds a quote's words printed either way
RELATION_IN_WORDS = {"<": "below", ">": "above", "<=": "at most", "\u2264": "at most", ">=": "at least",
                     "\u2265": "at least"}
# other words for each ("ah is less than 1" is "ah is below 1"; probe 131: h09), after "is" only:
# "more than one fixed point" compares nothing
RELATION_SYNONYMS = {"below": ("less than", "smaller than", "lower than"),
                     "above": ("greater than", "larger than", "more than", "higher than"),
                     "at most": ("no more than", "no greater than", "no larger than"),
                     "at least": ("no less than", "no smaller than")}
_SYNONYM = re.compile(r"\bis\s+(" + "|".join(sorted((w.replace(" ", r"\s+") for ws in RELATION_SYNONYMS.values()
                                                       for w in ws), key=len, reverse=True)) + r")\b", re.IGNORECASE)
_OWN_WORD = {w: own for own, ws in RELATION_SYNONYMS.items() for w in ws}


def relations_said_plainly(text: str) -> str:
    """``text`` with each relation in words said with its own word (RELATION_IN_WORDS): "is less
    than" is "is below", "is no more than" is "is at most"."""
    return _SYNONYM.sub(lambda m: "is " + _OWN_WORD[" ".join(m[1].lower().split())], text)
