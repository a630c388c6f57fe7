"""A project root: claims.yaml, its notes and (loaded on demand) its content."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field
from pathlib import Path

from ..defaults import REGISTRY
from ..errors import NoteproofError, RegistryError, UsageError
from ..model import Location
from .notes import Note, Row, read_note, table_rows
from .registry import Registry, load_registry


def find_root(start: Path | None = None) -> Path:
    """The nearest folder at or above ``start`` that holds claims.yaml."""
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if (folder / REGISTRY).is_file():
            return folder
    raise NoteproofError(f"no {REGISTRY} here or in any parent folder (use --root DIR)", Location(str(here)))


@dataclass
class Project:
    root: Path
    registry: Registry
    notes: dict[str, Note]
    _content: object = field(default=None, repr=False)

    @property
    def content(self):
        """derivations/ and numerics/, imported on first use (this imports SymPy)."""
        if self._content is None:
            from .content import load_content
            self._content = load_content(self.root)
        return self._content

    def rows(self, note_key: str) -> tuple[Row, ...]:
        return table_rows(self.notes[note_key])

    def claims_of(self, note_key: str):
        return tuple(c for c in self.registry.claims if c.note == note_key)


def claim_of(project: Project, claim_id: str):
    """The registry's claim ``claim_id``; a usage error naming the closest ids when there is none."""
    ids = [c.id for c in project.registry.claims]
    if claim_id in ids:
        return project.registry.claim(claim_id)
    close = difflib.get_close_matches(claim_id, ids, n=3, cutoff=0.5)
    hint = f"; did you mean {', '.join(close)}?" if close else "; see `noteproof list`"
    raise UsageError(f"no claim {claim_id!r}{hint}")


def load_project(root: Path | None = None, note_paths: dict[str, Path] | None = None) -> Project:
    """Load the registry and every note it names (``note_paths`` overrides where a note is read)."""
    root = (root or find_root()).resolve()
    registry = load_registry(root / REGISTRY, REGISTRY)
    notes = {}
    for key, spec in registry.notes.items():
        path = (note_paths or {}).get(key) or root / spec.file
        shown = spec.file if path == root / spec.file else str(path)
        notes[key] = read_note(path, shown)
    return Project(root, registry, notes)


def check_references(project: Project) -> None:
    """Every content id the registry names is registered (when all content imported)."""
    content = project.content
    if content.broken:
        return  # claims of a broken module become error rows instead
    for claim in project.registry.claims:
        for check_id in claim.check_ids:
            if check_id not in content.checks:
                raise RegistryError(f"claim {claim.id!r} refers to {check_id!r}, which no module of "
                                    f"derivations/ or numerics/ registers", claim.location)
