"""Edited mathematics that no registered formula checks: an audit error, never silence.

The notes hold math (``$...$`` and ``$$...$$``) beyond the formulas claims.yaml registers:
hypotheses (``$\\beta <1$``), definitions, sub-results. An edit that changes one of them
cannot be judged by any check, so, like a status-table row that no claim encodes, it is an
error that says so: register the formula, or restore it. Edits confined to registered
formulas (judged by their checks) or to numbers (judged by quotes, inputs, labels and the
coverage findings) are left to those; a segment inserted that holds no operator or relation
(a symbol named in prose) is not a formula.
"""
from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import NamedTuple

from .locate import numeric_tokens
from .model import Finding, Severity
from .registry import Claim
from .relocate import Plan

MATH = re.compile(r"\$\$(.+?)\$\$|\$([^$\n]+?)\$", re.S)
OPERATOR = re.compile(r"[=<>+\-*/^|]|\\(?:le|ge|leq|geq|ne|neq|approx|simeq|sim|propto|frac|sqrt|sum|prod|int|to"
                      r"|Rightarrow|implies|cdot|times|partial|nabla)(?![A-Za-z])")


class Segment(NamedTuple):
    text: str
    start: int


def segments(text: str) -> list[Segment]:
    return [Segment(m.group(1) or m.group(2), m.start(1) if m.group(1) else m.start(2)) for m in MATH.finditer(text)]


def unchecked_math_findings(plan: Plan, originals: tuple[Claim, ...]) -> list[Finding]:
    """Every math segment the edit changed or added outside the registered formulas."""
    if plan.old is None:
        return []
    old, new = segments(plan.old.text), segments(plan.note.text)
    before = sorted({f.text for c in originals for f in c.formulas}, key=len, reverse=True)
    after = sorted({f.text for c in plan.claims for f in c.formulas}, key=len, reverse=True)
    out = []
    ops = SequenceMatcher(None, [s.text for s in old], [s.text for s in new], autojunk=False).get_opcodes()
    for op, i1, i2, j1, j2 in ops:
        if op not in ("replace", "insert"):
            continue
        for k, seg in enumerate(new[j1:j2]):
            was = old[i1 + k].text if op == "replace" and i1 + k < i2 else None
            rest = _unregistered(seg.text, after)
            if was is not None and _unregistered(was, before) == rest:
                continue
            if not rest.replace("#", "").replace("\x00", "").strip(" .,;:") or (was is None and not OPERATOR.search(rest)):
                continue
            shown = f"${seg.text}$" + (f" (was ${was}$)" if was is not None else " (new)")
            out.append(Finding("formula", Severity.ERROR, "", plan.note.location_of(seg.start),
                               f"edited math that no registered formula checks: {shown}; register it in "
                               f"claims.yaml (formulas:) or restore it", seg.text, was or ""))
    return out


def _unregistered(text: str, formulas: list[str]) -> str:
    """The segment without its registered formulas, numbers as '#', white space only where it parts words."""
    for f in formulas:
        text = text.replace(f, "\x00")
    for tok in reversed(numeric_tokens(text)):
        text = text[:tok.start] + "#" + text[tok.end:]
    text = re.sub(r"(?<![A-Za-z])\s+|\s+(?![A-Za-z])", "", text)   # LaTeX ignores it, but "\\beta x"
    return re.sub(r"\s+", " ", text)
