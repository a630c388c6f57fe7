"""Formulas anchored by the word that names them.

The prose names what it prints: "the slope is x/(1-theta)^2", "The slope x/(1-theta)^2 predicts",
"Slope = x / (1 - theta)^2", but "z* = x / (1 - theta)". A registered formula printed where the
note's word for another registered formula stands, a word the note uses nearby (within _NEAR
characters) for that formula and never for this one, is that other formula edited: "the slope is x/(1-theta)" is the slope printed wrong,
not a second fixed point (sources.coverage.places gives the place to the named formula, and the run
compares it there: "wrong: ... derives x/(1-θ)², the note prints x/(1-θ)").

A formula is known by what computes it (its derivation, form, part and side): the registry's
several spellings of one formula are one formula. A name is the last word before a formula, past
"is", "=", ":" or a comma (not "are": "mean and covariance are A and B" names A by the first word), and never a word that names nothing ("the", "which", "gives").
"""
from __future__ import annotations

import re
from difflib import SequenceMatcher
from functools import lru_cache
from typing import TYPE_CHECKING

from . import anchor

if TYPE_CHECKING:
    from .notes import Note
    from .registry import FormulaSpec

_HEAD = 48     # characters before a formula searched for its name
_NEAR = 3000   # how far the note's use of a name reaches: its paragraph and the next ones, not another section
_NAME = re.compile(r"(?<![\\A-Za-z])([A-Za-z]+\*?)\s*(?:(?:is|equals|becomes)\s+|[=:,]\s*)?\$*\s*\Z")
_NOT_NAMES = frozenset("""a an the and or of to with at by for in on as so then that which this these
those is are be it its gives give gave giving yields where when while since because if than from
into per times over plus minus only also just here there both each every all same like""".split())


def name_before(text: str, start: int) -> str | None:
    """The word that names the formula printed at ``text[start:]`` ("slope" in "the slope is
    x/(1-theta)^2"), lower-cased, or None when the words before it name nothing."""
    head = text[max(0, start - _HEAD):start]
    head = re.split(r"[.;!?\n]\s", head)[-1]
    m = _NAME.search(head)
    if m is None:
        return None
    word = m.group(1).lower()
    return None if word.rstrip("*") in _NOT_NAMES else word


def _key(f: "FormulaSpec") -> tuple:
    return (f.derivation, f.form, f.part, f.side)


@lru_cache(maxsize=16)
def renamed(note: "Note") -> dict[tuple[int, int, bool], "FormulaSpec"]:
    """(start, end, plain) of each registered formula printed under another's name -> the
    formula that name belongs to (its registered spelling most like what is printed)."""
    if note.registry is None:
        return {}
    claims, _ = note.registry
    specs = {(f.text, f.plain): f for c in claims for f in c.formulas}
    spots: dict[tuple[int, int, bool], set] = {}
    for (text, plain), f in specs.items():
        for p in anchor.placed(note, text, plain=plain):
            spots.setdefault((p.start, p.end, plain), set()).add(_key(f))
    named = {spot: name_before(note.text, spot[0]) for spot in spots}
    out = {}
    for spot, keys in spots.items():
        name = named[spot]
        if name is None or len(keys) != 1:
            continue
        others = {k for s, ks in spots.items()
                  if s != spot and named[s] == name and abs(s[0] - spot[0]) <= _NEAR for k in ks}
        if len(others) != 1 or keys <= others:
            continue
        other = next(iter(others))
        printed = note.text[spot[0]:spot[1]]
        same_kind = [f for f in specs.values() if _key(f) == other and f.plain == spot[2]]
        if same_kind:
            out[spot] = max(same_kind, key=lambda f: SequenceMatcher(None, f.text, printed).ratio())
    return out
