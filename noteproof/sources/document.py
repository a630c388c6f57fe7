"""A note read once into located regions, the way Sybil reads a file into regions before any
evaluator runs.

A :class:`Document` holds, for one note text under one registry:

* ``math``: every ``$...$`` and ``$$...$$`` (the inner text and its offsets);
* ``plain_math``: the plain-text formulas of the prose (sources.plainmath);
* ``rows``: the status table's rows, claim cell and status cell (sources.tables);
* ``anchors``: the places of every formula the registry names for the note (sources.coverage.places:
  printed as registered, respelled, or an edited occurrence);
* ``lookups``: where each registered statement, quoted number, status cell and page label
  stands, and how it is printed there (Note.stated, quote_at, status_cell, label_after).

Those are what every claim of the note looks up, for its cache key and for its run; reading them
once per note, not once per claim and formula, is most of what makes a warm report or audit cheap.

A document is built once per key: the SHA-256 of the note text, of the registry's claims and spec
for the note, and of the engine's own source (what reads the regions). It is kept in memory, and,
given a folder (the project's ``.noteproof-cache/documents``), as one JSON file per key, written
atomically. Nothing is unpickled: an entry is read as JSON, its schema and key are checked and
every region is rebuilt with its exact type; anything else is a miss and the document is built again.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from pathlib import Path
from typing import Any, Callable, Iterable

from ..errors import NoteError
from ..model import Location
from .anchor import How, Place
from .files import write_atomically
from .notes import MathSpan, Note, Row, numbers_key

SCHEMA = "noteproof-document/1"
FOLDER = "documents"               # under the project's result cache folder
MAX_ENTRY_BYTES = 16 * 1024 * 1024
MEMORY_ENTRIES = 32                # documents kept in memory by one process
Anchor = tuple[str, tuple[str, ...], bool]   # (formula text, the claim's quoted numbers: numbers_key, plain)


@dataclass(frozen=True)
class Document:
    """One note's regions. ``text`` is the text they were read from (in memory only: a note
    whose text is replaced, as the audit does with an edit, no longer matches its document)."""

    key: str
    math: tuple[MathSpan, ...]
    plain_math: tuple[MathSpan, ...]
    rows: tuple[Row, ...] | None          # None: the note's table could not be read (NoteError)
    anchors: dict[Anchor, tuple[Place, ...]] = field(hash=False)
    # where each registered statement, quote, status cell and label stands: (what, its arguments)
    # -> what Note.stated / quote_at / status_cell / label_after answer
    lookups: dict[tuple, Any] = field(default_factory=dict, hash=False)
    text: str = field(default="", compare=False, repr=False)

    def reads(self, text: str) -> bool:
        """Whether this document was read from ``text``."""
        return self.text is text or self.text == text

    def lookup(self, key: tuple, default: Any) -> Any:
        """What the note's method answered for registered arguments when read (``key``: its name
        and the arguments), else ``default``."""
        return self.lookups.get(key, default)

    def places(self, formula: str, numbers: Iterable[str], plain: bool) -> tuple[Place, ...] | None:
        """The registered formula's places, or None when the registry did not name it so."""
        return self.anchors.get((formula, numbers_key(numbers), plain))


def read_document(note: Note, folder: Path | None = None) -> Document:
    """The note's document (``note.registry`` set: the claims and spec it is judged under), from
    memory, else from ``folder``, else read now (and written to ``folder``)."""
    key = document_key(note)
    path = None if folder is None else folder / f"{key}.json"
    found = _MEMORY.get(key)
    if found is None and path is not None:
        found = _load(path, key, note.text)
    if found is None:
        found = build(note, key)
    if path is not None and not path.exists():
        _store(path, found)
    _MEMORY.pop(key, None)
    _MEMORY[key] = found
    while len(_MEMORY) > MEMORY_ENTRIES:   # the oldest first (a long notebook session of edits)
        del _MEMORY[next(iter(_MEMORY))]
    return found if found.text is note.text else replace(found, text=note.text)


_MEMORY: dict[str, Document] = {}


def read_view(note: Note, view: Callable[[Note], Note], folder: Path | None = None) -> Note:
    """The note as ``view`` reads it (Project.view: formula.respelled.registered_view), from
    memory, else from ``folder``, else read now (and kept there): its text and respellings,
    keyed as its document is (the note's text, its registry, the engine). An entry that does
    not give back the printed text is a miss."""
    key = "view-" + document_key(note)
    path = None if folder is None else folder / f"{key}.json"
    found = _VIEWS.get(key)
    if found is None and path is not None:
        found = _load_view(path, key)
    if found is None:
        read = view(note)
        found = (None, ()) if not read.respellings else (read.text, read.respellings)
        if path is not None:
            _store_view(path, key, found)
    _VIEWS[key] = found
    while len(_VIEWS) > MEMORY_ENTRIES:
        del _VIEWS[next(iter(_VIEWS))]
    text, respellings = found
    if text is None:
        return note
    out = replace(note, text=text, respellings=respellings, regions=None)
    return out if out.as_printed == note.text else view(note)


_VIEWS: dict[str, tuple[str | None, tuple[tuple[int, int, str], ...]]] = {}


def _store_view(path: Path, key: str, found: tuple) -> None:
    text, respellings = found
    data = {"schema": SCHEMA, "key": key, "text": text, "respellings": [list(r) for r in respellings]}
    try:
        write_atomically(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    except OSError:
        pass


def _load_view(path: Path, key: str) -> tuple | None:
    try:
        if not path.exists() or path.stat().st_size > MAX_ENTRY_BYTES:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("schema") != SCHEMA or data.get("key") != key:
            return None
        text = data["text"]
        return (None if text is None else _str(text),
                tuple((_int(s), _int(e), _str(t)) for s, e, t in data["respellings"]))
    except (OSError, ValueError, TypeError, KeyError):
        return None


def build(note: Note, key: str) -> Document:
    """Read every region of the note now (the note carries no document, so nothing is looked up)."""
    from .coverage import places
    from .notes import table_rows
    bare = replace(note, regions=None)
    try:
        rows: tuple[Row, ...] | None = table_rows(bare)
    except NoteError:
        rows = None
    claims = note.registry[0] if note.registry else ()
    lookups: dict[tuple, Any] = {}
    for claim in claims:
        numbers = numbers_key(claim.quoted)
        lookups[("stated", claim.text, numbers)] = bare.stated(claim.text, claim.quoted)
        if claim.row is not None:
            lookups[("status_cell", claim.row)] = bare.status_cell(claim.row)
        elif claim.tag.label:
            lookups[("label_after", claim.text, numbers)] = bare.label_after(claim.text, claim.quoted)
        for q in claim.quotes:
            lookups[("quote_at", q.snippet, q.number)] = bare.quote_at(q.snippet, q.number)
    # the formulas' places are read with the lookups in hand: finding an edited occurrence reads
    # every quote again (sources.coverage.scan_math), which the lookups answer at once
    anchors: dict[Anchor, tuple[Place, ...]] = {}
    math, plain = bare.math_spans(), bare.plain_math()
    read = replace(bare, regions=Document(key, math, plain, rows, anchors, lookups, note.text))
    for claim in claims:
        numbers = numbers_key(claim.quoted)
        for f in claim.formulas:
            if (f.text, numbers, f.plain) not in anchors:
                anchors[(f.text, numbers, f.plain)] = places(read, f.text, claim.quoted, f.plain)
    return Document(key, math, plain, rows, anchors, lookups, note.text)


def document_key(note: Note) -> str:
    """SHA-256 of the schema, the note's path and text, its registry and the engine's source."""
    h = hashlib.sha256()
    for part in (SCHEMA, note.path, note.text, _registry_digest(note.registry), engine_digest()):
        h.update(part.encode("utf-8"))
        h.update(b"\0")
    return h.hexdigest()


@lru_cache(maxsize=64)
def _registry_digest(registry: Any) -> str:
    """The note's (claims, spec), hashed once per process (frozen, so hashable and equal by value)."""
    return "-" if registry is None else hashlib.sha256(repr(registry).encode()).hexdigest()


@cache
def engine_digest() -> str:
    """One hash of every source file of noteproof, once per process (what reads the regions; the
    result cache keys on it too, run.cache.source_digest)."""
    h = hashlib.sha256()
    engine = Path(__file__).resolve().parents[1]
    for path in sorted(engine.rglob("*.py")):
        h.update(path.relative_to(engine).as_posix().encode() + b"\0")
        h.update(path.read_bytes())
    return h.hexdigest()


# ---------------------------------------------------------------- JSON, never pickle

def _store(path: Path, doc: Document) -> None:
    data = {"schema": SCHEMA, "key": doc.key,
            "math": [[m.text, m.start, m.end, m.plain] for m in doc.math],
            "plain_math": [[m.text, m.start, m.end, m.plain] for m in doc.plain_math],
            "rows": None if doc.rows is None else [[r.text, r.tag, r.location.path, r.location.line,
                                                    r.location.column] for r in doc.rows],
            "anchors": [[f, list(numbers), plain, [[p.start, p.end, p.printed, p.how.value, p.score] for p in got]]
                        for (f, numbers, plain), got in doc.anchors.items()],
            "lookups": [[list(k), list(v) if isinstance(v, tuple) else v] for k, v in doc.lookups.items()]}
    try:
        write_atomically(path, json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))
    except OSError:
        pass   # a read-only project still works; it reads its notes again next time


def _load(path: Path, key: str, text: str) -> Document | None:
    try:
        if path.stat().st_size > MAX_ENTRY_BYTES:
            return None
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or data.get("schema") != SCHEMA or data.get("key") != key:
            return None
        return Document(key, _spans(data["math"]), _spans(data["plain_math"]), _rows(data["rows"]),
                        {(_str(f), numbers_key(map(_str, numbers)), _bool(plain)): tuple(map(_place, got))
                         for f, numbers, plain, got in data["anchors"]},
                        dict(_lookup(k, v) for k, v in data["lookups"]), text)
    except (OSError, ValueError, TypeError, KeyError):
        return None


def _lookup(key: Any, value: Any) -> tuple[tuple, Any]:
    what, *args = key
    if what not in ("stated", "status_cell", "label_after", "quote_at"):
        raise ValueError("lookup")
    args = [tuple(map(_str, a)) if isinstance(a, list) else _str(a) for a in args]
    if isinstance(value, list):
        at, printed = value
        value = (_int(at), _str(printed))
    elif value is not None:
        value = _str(value)
    return (_str(what), *args), value


def _spans(items: Any) -> tuple[MathSpan, ...]:
    return tuple(MathSpan(_str(t), _int(a), _int(b), _bool(p)) for t, a, b, p in items)


def _rows(items: Any) -> tuple[Row, ...] | None:
    if items is None:
        return None
    return tuple(Row(_str(t), _str(tag), Location(_str(p), _int(line), _int(col))) for t, tag, p, line, col in items)


def _place(item: Any) -> Place:
    start, end, printed, how, score = item
    if not isinstance(score, (int, float)) or isinstance(score, bool):
        raise TypeError("score")
    return Place(_int(start), _int(end), _str(printed), How(how), float(score))


def _str(v: Any) -> str:
    if not isinstance(v, str):
        raise TypeError("not a string")
    return v


def _int(v: Any) -> int:
    if not isinstance(v, int) or isinstance(v, bool):
        raise TypeError("not an integer")
    return v


def _bool(v: Any) -> bool:
    if not isinstance(v, bool):
        raise TypeError("not a boolean")
    return v
