"""Status tags as the notes write them -> Status parts.

>>> parse_tag("[Exact] frozen moment matching; [Approximation] to SGD").parts
(<Status.EXACT: 'exact'>, <Status.APPROXIMATION: 'approximation'>)
>>> parse_tag("Conditional: requires the stated relation").parts
(<Status.CONDITIONAL: 'conditional'>,)
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import NoteproofError
from ..model import Location, Status

WORDS = {s.value: s for s in Status}
LABELS = {"illustration": (), "identity": (Status.EXACT,)}
# a page's label: a sentence that is a bare label or status word ("Identity.", "Illustration.")
LABEL = re.compile(r"(?:(?<=[.!?] )|^)((?:%s|exact|approximation|conditional|proposal|controlled approximation)\.)(?= |$)"
                   % "|".join(LABELS), re.I | re.M)
BRACKET = re.compile(r"\[([A-Za-z][A-Za-z ]*?)\.?\]")
LEADING = re.compile(r"^\s*(Conditional|Exact|Proposal|Approximation|Controlled approximation)\s*(?:[:;,.]|$)", re.I)


class TagError(NoteproofError, ValueError):
    """A status cell names no known status."""


@dataclass(frozen=True)
class Tag:
    """A status cell: its text and the status parts it names, in order."""

    text: str
    parts: tuple[Status, ...]
    label: str = ""   # Chapter 12's "Illustration" / "Identity"


def parse_tag(text: str, location: Location | None = None) -> Tag:
    """Read a status cell ("[Exact.]", "[Exact] for $0<\\beta <1$", "Conditional: ...", "Identity")."""
    label = text.strip().rstrip(".").lower()
    if label in LABELS:
        return Tag(text, LABELS[label], text.strip().rstrip("."))
    parts = []
    for match in BRACKET.finditer(text):
        word = " ".join(match.group(1).lower().split())
        if word not in WORDS:
            raise TagError(f"unknown status {match.group(0)!r} (known: {', '.join(sorted(WORDS))})", location)
        parts.append(WORDS[word])
    if not parts:
        lead = LEADING.match(text)
        if lead:
            parts.append(WORDS[" ".join(lead.group(1).lower().split())])
    if not parts:
        raise TagError(f"no status tag in {text[:60]!r}", location)
    return Tag(text, tuple(parts))


def parse_status_words(words: list[str], location: Location | None = None) -> tuple[Status, ...]:
    """claims.yaml's ``status: [exact, approximation]`` -> Status parts."""
    out = []
    for w in words:
        key = " ".join(str(w).lower().split())
        if key not in WORDS:
            raise TagError(f"unknown status {w!r} (known: {', '.join(sorted(WORDS))})", location)
        out.append(WORDS[key])
    return tuple(out)
