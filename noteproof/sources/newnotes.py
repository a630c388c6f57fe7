"""Notes in notes/ that claims.yaml's ``notes:`` does not list: named, never taken for another.

A file of notes/ (``.txt``, ``.md``, ``.markdown``, not hidden) whose path no ``notes:`` entry
names is an *unregistered* note. It is read under a key of its own, its file's stem (``week11``
for notes/week11.md; the stem and suffix when the stem is a registered key), with a
NoteSpec of its own (no labels, no declared math), so that every check that needs no
registration runs on it: its status rows are listed as not encoded, its worked steps are
judged (run.steps), and ``scan --emit-stubs`` writes its ``notes:`` entry and its claims
under ids of its own (stub_prefix).
"""
from __future__ import annotations

import re
import stat
from pathlib import Path

from ..errors import NoteError
from ..model import Location, SourceWarning
from .notes import Note, read_note
from .registry import NoteSpec, Registry

NOTES_FOLDER = "notes"
SUFFIXES = (".txt", ".md", ".markdown")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$")


def unregistered_paths(root: Path, registry: Registry) -> list[Path]:
    """Every note file of notes/ that no ``notes:`` entry names, by name."""
    folder = root / NOTES_FOLDER
    known = {(root / spec.file).resolve() for spec in registry.notes.values()}
    try:
        files = sorted(folder.iterdir())
    except OSError:
        return []
    return [p for p in files if p.suffix.lower() in SUFFIXES and not p.name.startswith(".")
            and _regular(p) and p.resolve() not in known]


def note_key(path: Path, taken) -> str:
    """The key an unregistered note is known by: its stem, unless a registered note has it."""
    key = path.stem
    return key if key not in taken else f"{key}-{path.suffix.lstrip('.').lower()}"


def title_of(note: Note, key: str) -> str:
    """The note's first Markdown heading, else its first non-blank line, else its key."""
    lines = [s for s in note.lines if s.strip()]
    for line in lines:
        m = _HEADING.match(line)
        if m:
            return m.group(1)
    return lines[0].strip() if lines else key


def with_unregistered(root: Path, registry: Registry, notes: dict[str, Note]
                      ) -> tuple[Registry, dict[str, Note], tuple[str, ...], tuple[SourceWarning, ...]]:
    """The registry and notes with each unregistered note of notes/ added under its own key,
    the keys added, and a warning naming each (one for a file that cannot be read as a note)."""
    specs, notes, added, warned = dict(registry.notes), dict(notes), [], []
    for path in unregistered_paths(root, registry):
        shown = path.relative_to(root).as_posix()
        try:
            note = read_note(path, shown)
        except NoteError as exc:
            warned.append(SourceWarning(exc.location or Location(shown), f"not read as a note: {exc.message}"))
            continue
        key = note_key(path, specs)
        specs[key] = NoteSpec(key, shown, title_of(note, key), Location(shown))
        notes[key] = note
        added.append(key)
        warned.append(SourceWarning(Location(shown), f"note not registered in claims.yaml (notes:); read as "
                                    f"{key!r}: its status rows are listed as not encoded and its worked steps "
                                    f"checked; `noteproof scan {shown} --emit-stubs` writes its entries"))
    return Registry(registry.path, specs, registry.claims), notes, tuple(added), tuple(warned)


def stub_prefix(key: str, taken: set[str]) -> str:
    """The id prefix of a new note's claims: ``w11`` for week11, ``c13`` for chapter13 (the
    registry's style), else the key; the key when another note's claims use that prefix."""
    m = re.fullmatch(r"([A-Za-z])[A-Za-z]*[-_]?0*(\d+)", key)
    prefix = f"{m.group(1).lower()}{int(m.group(2)):02d}" if m else key
    return key if prefix in taken else prefix


def note_entry(spec: NoteSpec) -> str:
    """The ``notes:`` entry of a new note, as YAML comment lines to move under ``notes:`` (the
    stubs that follow are appended to ``claims:``, the registry's last key)."""
    from .safeyaml import yaml_quote
    return (f"# {spec.file} is not in claims.yaml: move this entry under `notes:` (uncommented)\n"
            f"#  {spec.key}:\n#    file: {spec.file}\n#    title: {yaml_quote(spec.title)}\n")


def _regular(path: Path) -> bool:
    try:
        return stat.S_ISREG(path.stat().st_mode)
    except OSError:
        return False
