"""What covers each status-table row and each numeric token of a note (`noteproof scan`).

A token is covered by a *check* when it is the number of a quote with ``numeric:`` (at
the first occurrence of the snippet, the one the engine checks) or lies inside a formula
registered under ``formulas:`` (at every occurrence: the same text is the same formula,
and the audit follows each); by an *input* when it is the
number of a quote with ``input:``; by a *label* when it lies inside a match of one
of the note's ``labels:`` patterns in claims.yaml. Anything else is *unaccounted*.
See noteproof/locate.py for what a numeric token is.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import NoteError, RegistryError
from .sources.locate import Token, numeric_tokens
from .model import Location
from .sources.notes import Note, Row, table_rows
from .sources.registry import Claim, NoteSpec
from .sources.tags import TagError, parse_tag
from .sources.notes import number_offset

RANK = {"check": 0, "input": 1, "label": 2}


@dataclass(frozen=True)
class Cover:
    start: int
    end: int
    coverage: str          # check | input | label
    by: str                # numeric / derivation id, claim id and reason, or the label's why


@dataclass(frozen=True)
class NumberCoverage:
    token: Token
    location: Location
    coverage: str          # check | input | label | unaccounted
    by: str = ""


@dataclass(frozen=True)
class RowCoverage:
    row: str
    tag: str
    claim: str             # "" when no claim encodes the row
    location: Location


@dataclass(frozen=True)
class NoteScan:
    key: str
    path: str
    rows: tuple[RowCoverage, ...]
    numbers: tuple[NumberCoverage, ...]

    @property
    def unaccounted(self) -> tuple[NumberCoverage, ...]:
        return tuple(n for n in self.numbers if n.coverage == "unaccounted")


def covers(note: Note, claims: tuple[Claim, ...], spec: NoteSpec | None = None) -> list[Cover]:
    """Every span of the note that a quote, a formula or (given the note's spec) a label covers."""
    text, out = note.text, []
    for claim in claims:
        for q in claim.quotes:
            i = text.find(q.snippet)
            if i >= 0:
                j = i + number_offset(q.snippet, q.number)
                kind, by = ("check", q.numeric) if q.numeric else ("input", f"{claim.id}: {q.input}")
                out.append(Cover(j, j + len(q.number), kind, by))
        for f in claim.formulas:  # every occurrence: the same text is the same formula
            i = text.find(f.text)
            while i >= 0:
                out.append(Cover(i, i + len(f.text), "check", f.derivation))
                i = text.find(f.text, i + 1)
    for pattern, why in (spec.labels if spec else ()):
        try:
            found = re.finditer(pattern, text, re.M)
            out += [Cover(m.start(), m.end(), "label", why) for m in found if m.end() > m.start()]
        except re.error as exc:
            raise RegistryError(f"label pattern {pattern!r} is not a regular expression: {exc}", spec.location) from None
    return out


def coverage_of(tok: Token, spans: list[Cover]) -> tuple[str, str]:
    """The strongest cover of a token; a quote of "1.2" covers the "-1.2" of "e^(-1.2 x 6)"."""
    signed = tok.text[:1] in "+-\u2212"
    inside = [c for c in spans if c.start <= tok.start and tok.end <= c.end
              or signed and c.start == tok.start + 1 and c.end == tok.end]
    if not inside:
        return "unaccounted", ""
    best = min(inside, key=lambda c: RANK[c.coverage])
    return best.coverage, best.by


def scan_numbers(note: Note, claims: tuple[Claim, ...], spec: NoteSpec,
                 lines: set[int] | None = None) -> tuple[NumberCoverage, ...]:
    """Each numeric token (only on ``lines``, 1-based, when given) with what covers it."""
    spans = covers(note, claims, spec)
    out = []
    for tok in numeric_tokens(note.text):
        where = note.location_of(tok.start)
        if lines is None or where.line in lines:
            out.append(NumberCoverage(tok, where, *coverage_of(tok, spans)))
    return tuple(out)


def scan_rows(note: Note, claims: tuple[Claim, ...]) -> tuple[RowCoverage, ...]:
    """Status-table rows with the claim encoding each; then the claims given by a statement."""
    by_row = {c.row: c.id for c in claims if c.row is not None}
    out = [RowCoverage(r.text, r.tag, by_row.get(r.text, ""), r.location) for r in table_rows(note)]
    for c in claims:
        if c.statement is not None:
            where = note.locate(c.statement) or Location(note.path)
            out.append(RowCoverage(c.statement, c.tag.text, c.id, where))
    return tuple(out)


def scan_note(project, key: str) -> NoteScan:
    note, claims = project.notes[key], project.claims_of(key)
    return NoteScan(key, note.path, scan_rows(note, claims),
                    scan_numbers(note, claims, project.registry.notes[key]))


def scan_project(project, keys: list[str] | None = None) -> tuple[NoteScan, ...]:
    return tuple(scan_note(project, k) for k in (keys or list(project.registry.notes)))


def stubs(project, key: str) -> str:
    """claims.yaml entries (YAML text) for the note's status-table rows no claim encodes."""
    note, claims = project.notes[key], project.claims_of(key)
    encoded = {c.row for c in claims if c.row is not None}
    prefix = claims[0].id.split(".")[0] if claims else key
    ids = {c.id for c in project.registry.claims}
    out = []
    for row in table_rows(note):
        if row.text not in encoded:
            out.append(_stub(row, key, _fresh(f"{prefix}.{slug(row.text)}", ids)))
    return "\n".join(out)


def _stub(row: Row, key: str, claim_id: str) -> str:
    try:
        status = ", ".join(s.value for s in parse_tag(row.tag).parts)
    except TagError:
        status = ""
    return (f"  - id: {claim_id}\n    note: {key}\n    row: {yaml_quote(row.text)}\n"
            f"    tag: {yaml_quote(row.tag)}\n    status: [{status}]\n"
            f"    derivation: {claim_id}          # TODO: register @derivation({claim_id!r})\n"
            f"    # {row.location}\n")


def slug(text: str, words: int = 5) -> str:
    plain = re.sub(r"\$[^$]*\$", " ", text)
    parts = re.findall(r"[a-z0-9]+", plain.lower())
    return "-".join(parts[:words]) or "row"


def _fresh(claim_id: str, taken: set[str]) -> str:
    n, out = 2, claim_id
    while out in taken:
        out, n = f"{claim_id}-{n}", n + 1
    taken.add(out)
    return out


def yaml_quote(text: str) -> str:
    """A YAML double-quoted scalar: backslashes doubled, quotes escaped, tabs written \\t."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") + '"'


def safe_rows(note: Note) -> tuple[tuple[Row, ...], NoteError | None]:
    """(rows, None), or ((), the error) when the table cannot be parsed after an edit."""
    try:
        return table_rows(note), None
    except NoteError as exc:
        return (), exc
