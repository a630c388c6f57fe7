"""A note's status table, in the formats authors write (README, "Writing a note").

The table follows a heading that names key claims and status: "Key claims and status" in
any case, alone on its line, with or without Markdown ``#`` markers, a closing colon, ``**``
around it or a setext underline (``---``, ``===``). Under it, after blank lines, a header
``Claim | Status`` and then one row per claim up to the first blank line, in one of two forms:

- tab-separated (the seeds' form): ``Claim<TAB>Status``, then ``claim<TAB>status`` rows;
- a Markdown pipe table: ``| Claim | Status |``, a ``|---|---|`` line, then
  ``| claim | status |`` rows; a ``|`` inside ``$...$`` is mathematics (``$|a|$``), one
  written ``\\|`` is text, neither parts cells.

Under the heading, a table that cannot be read (no ``Claim | Status`` header, a pipe header
without its ``|---|`` line, a row without exactly two cells) is a located error. Elsewhere,
nothing is ignored silently: a heading that nearly names the table ("Key Claim and
Statuses", "## Claims and status") and a ``Claim | Status`` header under no such heading are
located warnings (table_warnings), since the table under them is not read.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from ..errors import NoteError
from ..model import Location, SourceWarning


@dataclass(frozen=True)
class Row:
    """One status-table line: the claim cell and the status cell, verbatim."""

    text: str
    tag: str
    location: Location


TITLE = "key claims and status"
SHOWN_TITLE = "Key claims and status"
NEAR = 0.8                 # difflib ratio of a heading to TITLE that counts as nearly naming it
MAX_HEADING_WORDS = 6
_MARKERS = re.compile(r"^\s{0,3}#{1,6}\s+|\s+#+\s*$|^\s*#{1,6}$")
_UNDERLINE = re.compile(r"^\s*(?:=+|-+)\s*$")
_SEPARATOR = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")


def heading_text(line: str) -> str:
    """A line as a heading's words: Markdown ``#`` markers, ``**``/``__`` around it and a closing
    colon removed, white space collapsed, lower case."""
    text = _MARKERS.sub("", line).strip()
    text = re.sub(r"^(\*\*|__)(.*)\1$", r"\2", text).strip().rstrip(":").strip()
    return " ".join(text.split()).lower()


def is_title(line: str) -> bool:
    """Whether the line is the status table's heading (any case, any Markdown heading marker)."""
    return heading_text(line) == TITLE


def near_title(line: str) -> bool:
    """A short heading-like line that names claims and status, or reads almost like the title,
    without being it ("Key Claim and Statuses"); prose sentences are not headings."""
    text = heading_text(line)
    if not text or is_title(line) or "\t" in line or "|" in line or text.endswith(".") \
            or len(text.split()) > MAX_HEADING_WORDS:
        return False
    words = re.findall(r"[a-z]+", text)
    named = any(w.startswith("claim") for w in words) and any(w.startswith("status") for w in words)
    return named or difflib.SequenceMatcher(None, text, TITLE).ratio() >= NEAR


def pipe_cells(line: str) -> list[str]:
    """The cells of a pipe-table line, stripped: split at each ``|`` that is neither escaped
    (``\\|``) nor inside ``$...$`` or ``$$...$$``; the outer pipes are optional."""
    cells, cell, math, i = [], [], False, 0
    text = line.strip()
    while i < len(text):
        c = text[i]
        if c == "\\" and i + 1 < len(text):
            cell.append(text[i:i + 2])
            i += 2
            continue
        if c == "$":
            math = not math
            step = 2 if text.startswith("$$", i) else 1
            cell.append(text[i:i + step])
            i += step
            continue
        if c == "|" and not math:
            cells.append("".join(cell))
            cell = []
        else:
            cell.append(c)
        i += 1
    cells.append("".join(cell))
    if text.startswith("|"):
        cells = cells[1:]
    if text.endswith("|") and not text.endswith("\\|") and cells:
        cells = cells[:-1]
    return [c.strip() for c in cells]


def header_form(line: str) -> str | None:
    """"tab" or "pipe" when the line is a ``Claim | Status`` header in that form, else None."""
    if "\t" in line:
        return "tab" if line.split("\t")[0].strip().lower() == "claim" else None
    if "|" in line and [c.lower() for c in pipe_cells(line)] == ["claim", "status"]:
        return "pipe"
    return "tab" if line.strip() == "Claim" else None   # the seeds' reader took a bare "Claim"


def table_start(lines: list[str]) -> int | None:
    """The index of the first line after the title (and its setext underline), or None."""
    start = next((i for i, s in enumerate(lines) if is_title(s)), None)
    if start is None:
        return None
    i = start + 1
    if i < len(lines) and _UNDERLINE.match(lines[i]) and lines[i].strip():
        i += 1
    return i


def status_rows(path: str, lines: list[str]) -> tuple[Row, ...]:
    """The rows of the note's status table (module docstring); () when it has no title."""
    i = table_start(lines)
    if i is None:
        return ()
    while i < len(lines) and not lines[i].strip():
        i += 1
    form = header_form(lines[i]) if i < len(lines) else None
    if form is None:
        raise NoteError("status table has no 'Claim<TAB>Status' header (or a '| Claim | Status |' pipe table)",
                        Location(path, i + 1))
    if form == "pipe":
        if i + 1 >= len(lines) or not _SEPARATOR.match(lines[i + 1]):
            raise NoteError("pipe table has no '|---|---|' line under its '| Claim | Status |' header",
                            Location(path, i + 2))
        i += 1
    rows = []
    for j in range(i + 1, len(lines)):
        if not lines[j].strip():
            break
        rows.append(_row(lines[j], form, Location(path, j + 1)))
    return tuple(rows)


def _row(line: str, form: str, where: Location) -> Row:
    if form == "tab":
        cells = line.split("\t")
        if len(cells) != 2:
            raise NoteError(f"status-table row has {len(cells)} tab-separated cells, expected 2", where)
    else:
        cells = pipe_cells(line)
        if len(cells) != 2:
            raise NoteError(f"status-table row has {len(cells)} cells, expected 2 (a '|' outside $...$ parts "
                            "cells: write it '\\|')", where)
    return Row(cells[0].strip(), cells[1].strip(), where)


def table_warnings(path: str, lines: list[str]) -> tuple[SourceWarning, ...]:
    """Each heading that nearly names the status table, and each ``Claim | Status`` header
    under no such title: tables that are not read, said so at their line."""
    out, after_title = [], table_start(lines)
    for i, line in enumerate(lines):
        if near_title(line):
            out.append(SourceWarning(Location(path, i + 1), f"heading {line.strip()!r} nearly names the status table, "
                                     f"which is read only under {SHOWN_TITLE!r} (any case, with or without #): "
                                     "the table under it is not read"))
        elif header_form(line) == "pipe" or (header_form(line) == "tab" and "\t" in line):
            if after_title is not None and not any(s.strip() for s in lines[after_title:i]):
                continue
            before = next((s for s in reversed(lines[:i]) if s.strip() and not _UNDERLINE.match(s)), "")
            if not near_title(before):
                out.append(SourceWarning(Location(path, i + 1), "a 'Claim | Status' table under no "
                                         f"{SHOWN_TITLE!r} heading is not read: put that heading above it"))
    return tuple(out)
