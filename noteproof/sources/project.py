"""A project root: claims.yaml, its notes and (loaded on demand) its content."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Callable

from ..defaults import CACHE_FOLDER, REGISTRY
from ..errors import NoteproofError, RegistryError, UsageError
from ..model import Location, SourceWarning
from .document import FOLDER as DOCUMENTS
from .document import read_document, read_view
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
    unregistered: tuple[str, ...] = ()        # keys of notes/ files claims.yaml does not list (newnotes)
    warnings: tuple[SourceWarning, ...] = ()  # read, but perhaps not as meant (model.SourceWarning)
    store: Path | None = None                 # where notes' documents are kept (sources.document)
    # how a note is read before it is judged: its worked steps respelled read as registered
    # (formula.respelled.registered_view, given by the layer that reads formulas)
    view: Callable[[Note], Note] | None = None

    def __post_init__(self) -> None:
        """Each note knows the registry it is judged under (Note.registry, sources.anchor) and
        is read once into its regions (Note.regions, sources.document)."""
        self.notes = {k: self._attached(k, n) for k, n in self.notes.items()}

    def _attached(self, note_key: str, note: Note) -> Note:
        if note.registry is None:
            if note_key not in self.registry.notes:
                return note
            note = self._registered(note_key, note)
        return self._with_regions(note)

    @property
    def content(self):
        """derivations/ and numerics/, imported on first use (this imports SymPy)."""
        if self._content is None:
            from .content import load_content
            self._content = load_content(self.root)
        return self._content

    def share_content(self, content) -> None:
        """Take ``content`` (another project's of this root, imported) as this one's, unless it
        has its own: runs on several notes of one root then share one memo of the derivations."""
        if self._content is None:
            self._content = content

    def judged(self, note_key: str, note: Note) -> Note:
        """Another text of note ``note_key`` (a baseline, an edit) under the registry, with its
        regions (read once, as every note of the project)."""
        return self._with_regions(self._registered(note_key, note))

    def _registered(self, note_key: str, note: Note) -> Note:
        note = replace(note, registry=(self.claims_of(note_key), self.registry.notes[note_key]))
        return note if self.view is None or note.respellings else read_view(note, self.view, self.store)

    def _with_regions(self, note: Note) -> Note:
        return note if note.document() is not None else replace(note, regions=read_document(note, self.store))

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


def load_project(root: Path | None = None, note_paths: dict[str, Path] | None = None,
                 unregistered: bool = False, documents: bool = True,
                 view: Callable[[Note], Note] | None = None) -> Project:
    """Load the registry and every note it names (``note_paths`` overrides where a note is read);
    with ``unregistered``, also each note of notes/ it does not name, under a key of its own
    (sources.newnotes). The project's warnings: those notes, and each note's table headings
    that nearly name the status table (sources.tables). With ``documents``, each note's regions
    are kept in (and read back from) the project's cache folder (sources.document). ``view``: how
    a note is read before it is judged (Project.view)."""
    root = (root or find_root()).resolve()
    registry = load_registry(root / REGISTRY, REGISTRY)
    notes = {}
    for key, spec in registry.notes.items():
        path = (note_paths or {}).get(key) or root / spec.file
        shown = spec.file if path == root / spec.file else str(path)
        notes[key] = read_note(path, shown)
    added, warned = (), ()
    if unregistered:
        from .newnotes import with_unregistered
        registry, notes, added, warned = with_unregistered(root, registry, notes)
    warned += registry_warnings(root / REGISTRY, REGISTRY)
    store = root / CACHE_FOLDER / DOCUMENTS if documents else None
    return Project(root, registry, notes, unregistered=added, warnings=warned + note_warnings(notes.values()),
                   store=store, view=view)


def registry_warnings(path: Path, shown: str) -> tuple[SourceWarning, ...]:
    """claims.yaml's YAML escapes that change a LaTeX command (sources.yamlescapes)."""
    from .yamlescapes import escape_warnings
    try:
        return escape_warnings(path.read_text(encoding="utf-8"), shown)
    except (OSError, UnicodeDecodeError):
        return ()   # load_registry has read it already; nothing to add


def note_warnings(notes) -> tuple[SourceWarning, ...]:
    """Each note's headings and tables that nearly name the status table (sources.tables)."""
    return tuple(w for note in notes for w in _table_warnings(note.path, note.text))


@lru_cache(maxsize=32)
def _table_warnings(path: str, text: str) -> tuple[SourceWarning, ...]:
    from .tables import table_warnings
    return tuple(table_warnings(path, text.split("\n")))


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
