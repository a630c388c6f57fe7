"""The last report, remembered: when nothing it was made from has changed, a report prints what
it printed and leaves its files as they stand, without reading the notes, judging a claim or
rendering a page again (a build tool's rule: same inputs, same outputs).

One memo per output folder, in ``.noteproof-cache/reports/<SHA-256 of the folder>.json``,
written atomically after a report that had no error. It records, each with its SHA-256:

* the inputs: claims.yaml, every note file the report read, and the names in notes/ (a note
  added there is read as an unregistered note); the result cache's base (its schema, the
  packages' versions, every content and engine source file: run.cache.source_digest), the
  precision and the parameters;
* the outputs: each file written (claims.md, claims.json, claims.html);

and what was printed: the project's warnings and the summary (report.summary.SummaryView).
A memo is used only when every input and output hashes as recorded; anything else (a missing,
unreadable or foreign entry) is a miss, and the report runs as usual.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..defaults import CACHE_FOLDER, REGISTRY
from ..model import Location, SourceWarning
from ..sources.files import write_atomically
from .summary import SummaryView

SCHEMA = "noteproof-report-memo/1"
FOLDER = "reports"                  # under the project's cache folder
NOTES = "notes"                     # the folder whose listing is an input (sources.newnotes)
MAX_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class Recalled:
    """A report remembered: what it printed, for the CLI to print again."""

    warnings: tuple[SourceWarning, ...]
    view: SummaryView


def _sha(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _memo_path(root: Path, out: Path) -> Path:
    return root / CACHE_FOLDER / FOLDER / f"{_sha(str(out.resolve()).encode())}.json"


def _listing(root: Path) -> list[str]:
    try:
        return sorted(p.name for p in (root / NOTES).iterdir())
    except OSError:
        return []


def _inputs(root: Path, files: list[str], base: dict) -> dict | None:
    """The inputs' hashes now (``files``: relative to ``root`` or absolute); None if one is unreadable."""
    hashes = {}
    for name in files:
        try:
            hashes[name] = _sha((root / name).read_bytes())
        except OSError:
            return None
    return {"files": hashes, "listing": _listing(root), "base": base}


def _outputs(out: Path, names: list[str]) -> dict[str, str] | None:
    """The written files' hashes, as --check reads them (text, newlines translated); None if one is unreadable."""
    try:
        return {name: _sha((out / name).read_text(encoding="utf-8").encode()) for name in names}
    except (OSError, UnicodeDecodeError):
        return None


def remember(root: Path, out: Path, base: dict, notes: list[str], warnings, texts: dict[str, str],
             view: SummaryView) -> None:
    """Keep what this report was made from and what it printed (after writing ``texts`` to ``out``).
    ``notes``: the paths of the notes it read, relative to ``root`` or absolute. Best effort: a
    memo that cannot be written is no memo."""
    inputs = _inputs(root, [REGISTRY, *notes], base)
    if inputs is None:
        return
    doc = {"schema": SCHEMA, "out": str(out.resolve()), "inputs": inputs,
           "outputs": {name: _sha(text.encode()) for name, text in texts.items()},
           "warnings": [[w.location.path, w.location.line, w.location.column, w.message] for w in warnings],
           "view": view.to_json()}
    try:
        write_atomically(_memo_path(root, out), json.dumps(doc, ensure_ascii=False).encode("utf-8"))
    except OSError:
        pass


def recall(root: Path, out: Path, base: dict) -> Recalled | None:
    """The remembered report for ``out``, if every input and output is as it recorded; else None."""
    try:
        with open(_memo_path(root, out), "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
        doc = json.loads(data.decode("utf-8")) if len(data) <= MAX_BYTES else None
        if type(doc) is not dict or doc.get("schema") != SCHEMA or doc.get("out") != str(out.resolve()):
            return None
        recorded = doc["inputs"]
        if _inputs(root, list(recorded["files"]), base) != recorded:
            return None
        if _outputs(out, list(doc["outputs"])) != doc["outputs"]:
            return None
        return Recalled(tuple(_warning(w) for w in doc["warnings"]), SummaryView.from_json(doc["view"]))
    except (OSError, ValueError, TypeError, KeyError, AttributeError):
        return None


def _warning(item: Any) -> SourceWarning:
    path, line, column, message = item
    if not (type(path) is str and type(message) is str and type(line) is int and type(column) is int):
        raise ValueError("not a warning")
    return SourceWarning(Location(path, line, column), message)
