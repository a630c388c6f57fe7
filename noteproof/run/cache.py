"""A cache of claim results keyed by content: a claim whose inputs did not change is not re-run.

The key of one claim's result is a SHA-256 over everything the result can depend on:

* the claim's registry entry (the repr of the frozen ``Claim``: every field, its locations);
* the source: every file under ``derivations/`` and ``numerics/`` (helpers included: a
  claim's functions may call any of them) and every ``.py`` file of noteproof itself. Keying on
  all of them, rather than on the module that registers the claim's ids, is deliberate: knowing
  which module defines an id needs SymPy (importing the content), and a helper module edited
  must invalidate whatever calls it;
* the note text the claim reads: the note's display path and, for the claim's row or
  statement, each formula text and each quote snippet, the text itself and the line:column of
  EVERY occurrence in the note (results carry line numbers, so an edit elsewhere that shifts
  lines changes the key; keeping every occurrence keeps the key right whichever occurrence
  the engine picks);
* the versions of Python, noteproof, SymPy, mpmath and NumPy; ``dps``; the parameters.

Entries live in ``.noteproof-cache/`` under the project root (git-ignored), one JSON file per
key, written atomically (temporary file, then ``os.replace``). Nothing is ever unpickled: an
entry is read as JSON, its schema, key, claim id and checksum are checked and every field is
rebuilt with its exact type; anything else (garbage, a truncated file, another schema, a
foreign or tampered entry) is a miss, never trusted. Error rows are not cached (a timeout or
a crashed worker says nothing about the inputs), so they are re-run every time.

Computing keys imports neither SymPy nor mpmath, so a fully cached report loads no content.
"""
from __future__ import annotations

import copy
import dataclasses
import enum
import functools
import hashlib
import json
import sys
import types
import typing
from pathlib import Path
from typing import Any

from ..defaults import CACHE_FOLDER
from ..model import ClaimResult, Outcome
from ..sources.coverage import places
from ..sources.document import engine_digest
from ..sources.files import write_atomically

SCHEMA = "noteproof-cache/3"   # 3: a formula is judged at every place it stands (sources.anchor)
FOLDER = CACHE_FOLDER
CONTENT_DIRS = ("derivations", "numerics")
PACKAGES = ("sympy", "mpmath", "numpy")
MAX_ENTRY_BYTES = 8 * 1024 * 1024
TIMINGS = "timings.json"


class Uncacheable(TypeError):
    """A result holding something other than the plain strings, numbers, enums and dataclasses the
    model declares."""


class BadEntry(ValueError):
    """Cached data that does not have exactly the shape :func:`to_json` writes."""


# ---------------------------------------------------------------- ClaimResult <-> JSON
#
# Both directions walk the model's declared field types (str, int, bool, float, enums, model
# dataclasses, ``X | None``, ``tuple[X, ...]``, ``tuple[X, Y]``; ``Any`` holds only str or None),
# so a field added to the model is stored without touching this module, and a value of any other
# type makes the result uncacheable rather than stored lossily.

_HINTS: dict[type, dict[str, Any]] = {}


def _hints(cls: type) -> dict[str, Any]:
    if cls not in _HINTS:
        from .. import model
        _HINTS[cls] = typing.get_type_hints(cls, vars(model))
    return _HINTS[cls]


def _encode(value: Any, hint: Any) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        if value is None or type(value) is str:
            return value
        raise Uncacheable(f"a value of type {type(value).__name__}")
    if origin in (typing.Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        for arg in args:
            if arg is not type(None) and _instance(value, arg):
                return _encode(value, arg)
        raise Uncacheable(f"a value of type {type(value).__name__} for {hint}")
    if origin is tuple:
        if type(value) is not tuple:
            raise Uncacheable(f"expected a tuple, got {type(value).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return [_encode(v, args[0]) for v in value]
        if len(args) != len(value):
            raise Uncacheable(f"expected {len(args)} items, got {len(value)}")
        return [_encode(v, a) for v, a in zip(value, args)]
    if isinstance(hint, type):
        if hint is bool and _truth_value(value):
            return bool(value)
        if type(value) is not hint:
            raise Uncacheable(f"expected {hint.__name__}, got {type(value).__name__}")
        if hint in (str, int, bool, float):
            return value
        if issubclass(hint, enum.Enum):
            return value.value
        if dataclasses.is_dataclass(hint):
            return {name: _encode(getattr(value, name), h) for name, h in _hints(hint).items()}
    raise Uncacheable(f"unsupported field type {hint}")


TRUTH_TYPES = {("sympy.logic.boolalg", "BooleanTrue"), ("sympy.logic.boolalg", "BooleanFalse"),
               ("numpy", "bool_"), ("numpy", "bool")}


def _truth_value(value: Any) -> bool:
    """SymPy's true/false and NumPy's bool where the model declares a bool (e.g. Evidence.holds
    computed as ``sympy.simplify(a - b) == 0``): every renderer reads them by truth value only,
    and each compares equal to the Python bool, so they are stored as that bool."""
    cls = type(value)
    return (cls.__module__, cls.__name__) in TRUTH_TYPES


def _instance(value: Any, hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if origin is tuple:
        return type(value) is tuple
    return isinstance(hint, type) and type(value) is hint


def _decode(data: Any, hint: Any) -> Any:
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint is Any:
        if data is None or type(data) is str:
            return data
        raise BadEntry("expected a string or null")
    if origin in (typing.Union, types.UnionType):
        if data is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        if len(options) != 1:  # an ambiguous union is never written by _encode's callers here
            raise BadEntry(f"cannot decode {hint}")
        return _decode(data, options[0])
    if origin is tuple:
        if type(data) is not list:
            raise BadEntry("expected a list")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(v, args[0]) for v in data)
        if len(args) != len(data):
            raise BadEntry(f"expected {len(args)} items")
        return tuple(_decode(v, a) for v, a in zip(data, args))
    if isinstance(hint, type):
        if hint in (str, int, bool):
            if type(data) is not hint:
                raise BadEntry(f"expected {hint.__name__}")
            return data
        if hint is float:
            if type(data) is not float:
                raise BadEntry("expected a float")
            return data
        if issubclass(hint, enum.Enum):
            if type(data) is not str:
                raise BadEntry(f"expected a {hint.__name__} value")
            try:
                return hint(data)
            except ValueError:
                raise BadEntry(f"not a {hint.__name__}: {data[:40]!r}") from None
        if dataclasses.is_dataclass(hint):
            hints = _hints(hint)
            if type(data) is not dict or set(data) != set(hints):
                raise BadEntry(f"expected an object with the fields of {hint.__name__}")
            return hint(**{name: _decode(data[name], h) for name, h in hints.items()})
    raise BadEntry(f"unsupported field type {hint}")


def to_json(result: ClaimResult) -> dict:
    """A ClaimResult as plain JSON data; raises Uncacheable for anything the model does not declare."""
    return _encode(result, ClaimResult)


def from_json(data: Any) -> ClaimResult:
    """The inverse of :func:`to_json`; raises BadEntry on anything it would not have written."""
    try:
        return _decode(data, ClaimResult)
    except (TypeError, AttributeError) as exc:  # e.g. a dataclass refusing a value in __post_init__
        raise BadEntry(str(exc)) from None


def _obj(d: Any, keys: tuple[str, ...]) -> dict:
    if type(d) is not dict or set(d) != set(keys):
        raise BadEntry(f"expected an object with keys {', '.join(keys)}")
    return d


def canonical(doc: Any) -> bytes:
    return json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def checksum(doc: Any) -> str:
    return hashlib.sha256(canonical(doc)).hexdigest()


# ---------------------------------------------------------------- the key

def versions() -> dict[str, str]:
    """Python, noteproof and the numeric packages, read from metadata (nothing is imported)."""
    return dict(_versions())


@functools.lru_cache(maxsize=1)   # installed packages do not change under a running process
def _versions() -> tuple[tuple[str, str], ...]:
    from importlib import metadata

    from ..defaults import VERSION
    out = {"python": f"{sys.implementation.name} {sys.version}", "noteproof": VERSION}
    for name in PACKAGES:
        try:
            out[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            out[name] = "missing"
    return tuple(out.items())


def _files(folder: Path, pattern: str) -> list[Path]:
    return sorted(p for p in folder.rglob(pattern)
                  if p.is_file() and "__pycache__" not in p.parts and p.suffix not in (".pyc", ".pyo"))


def source_digest(root: Path) -> str:
    """One hash of every content file under root and every noteproof source file (the whole
    package, every layer: sources.document.engine_digest, hashed once per process)."""
    h = hashlib.sha256()
    for name in CONTENT_DIRS:
        for path in _files(root / name, "*"):
            data = path.read_bytes()
            rel = path.relative_to(root / name).as_posix()
            h.update(f"{name}/{rel}\0{len(data)}\0".encode())
            h.update(data)
    h.update(f"noteproof\0{engine_digest()}".encode())
    return h.hexdigest()


def occurrences(note, text: str) -> list[str]:
    """line:column of every occurrence of ``text`` in the note (at most 64)."""
    return [f"{loc.line}:{loc.column}" for loc in map(note.location_of, note.offsets(text)[:64])]


def _line_at(note, at: tuple[int, str] | None) -> str:
    """The note's line holding offset ``at[0]`` ("" for None)."""
    if at is None:
        return ""
    start = note.text.rfind("\n", 0, at[0]) + 1
    end = note.text.find("\n", at[0])
    return note.text[start:end if end >= 0 else len(note.text)]


def note_inputs(claim, note) -> dict:
    """The note text this claim reads, and where each piece stands. A formula or quote its
    spelling does not find is looked for by meaning (run.claim: check_formula, input_respelled),
    anywhere in the note: then the whole note is an input."""
    formulas = [[f.text, [(p.start, p.printed, p.how.value) for p in places(note, f.text, claim.quoted, f.plain)]]
                for f in claim.formulas]
    # with the line each stands on: a worked step read beside a quote (run.steps) is judged as printed
    quotes = [[q.snippet, q.number, occurrences(note, q.snippet), at, _line_at(note, at)]
              for q in claim.quotes for at in [note.quote_at(q.snippet, q.number)]]
    lost = any(not found for _, found in formulas) or any(q[3] is None for q in quotes)
    return {
        "path": note.path,
        "text": [claim.text, occurrences(note, claim.text), note.stated(claim.text, claim.quoted)],
        "formulas": formulas,
        "quotes": quotes,
        "note": hashlib.sha256(note.text.encode()).hexdigest() if claim.reads_note or lost else None,
        "tag": note.status_cell(claim.row) if claim.row is not None      # judged as printed
        else note.label_after(claim.text, claim.quoted) if claim.tag.label else None,
    }


class ResultCache:
    """Claim results under ``folder``, for one run's dps and parameters.

    ``extras=True`` is the report's cache (results with MathML and figures, see
    pool.run_report); a plain run (e.g. an audit's ``run_all(..., cache=ResultCache(root, dps))``)
    uses ``extras=False``. The two never share an entry."""

    def __init__(self, root: Path, dps: int, params: dict[str, str] | None = None,
                 folder: Path | None = None, extras: bool = False) -> None:
        self.root = Path(root)
        self.folder = Path(folder) if folder is not None else self.root / FOLDER
        self.dps = dps
        self.params = dict(sorted((params or {}).items()))
        self.extras = extras  # results with the report's extras (MathML, figures): their own keys
        self.base = {"schema": SCHEMA, "versions": versions(), "source": source_digest(self.root),
                     "dps": dps, "params": self.params, "extras": extras}
        self._loaded: dict[str, ClaimResult] = {}
        self._keys: dict[tuple, str] = {}   # a claim's key on a note, computed once (has, then get)
        self._inputs: dict[tuple, dict] = {}   # what a claim reads of a note: shared with the sibling

    def sibling(self, extras: bool) -> "ResultCache":
        """The same folder, dps and parameters, for results with (or without) the report's extras."""
        other = copy.copy(self)
        other.extras, other.base, other._loaded, other._keys = extras, {**self.base, "extras": extras}, {}, {}
        other._inputs = self._inputs   # the same note inputs: only the base differs
        return other

    def key(self, claim, note) -> str:
        shown = repr(claim)
        # what note_inputs reads of the note: its text as judged, where it is, and its registry
        memo = (shown, note.path, note.text, note.respellings, id(note.registry))
        if (found := self._keys.get(memo)) is not None:
            return found
        if (inputs := self._inputs.get(memo)) is None:
            self._inputs[memo] = inputs = note_inputs(claim, note)
        doc = {**self.base, "claim": shown, "note": inputs}
        self._keys[memo] = found = hashlib.sha256(canonical(doc)).hexdigest()
        return found

    def path(self, key: str) -> Path:
        return self.folder / f"{key}.json"

    def has(self, claim, note) -> bool:
        """Whether an entry is stored under the claim's key (not read: ``get`` checks it)."""
        key = self.key(claim, note)
        return key in self._loaded or self.path(key).is_file()

    def get(self, claim, note) -> ClaimResult | None:
        """The cached result, or None when absent or not trustworthy."""
        key = self.key(claim, note)
        if key in self._loaded:
            return self._loaded[key]
        result = self._read(key, claim.id)
        if result is not None:
            self._loaded[key] = result
        return result

    def _read(self, key: str, claim_id: str) -> ClaimResult | None:
        body = self._entry(key, claim_id, ("schema", "key", "claim", "seconds", "checksum", "result"))
        try:
            result = from_json(body) if body is not None else None
        except (ValueError, RecursionError):  # BadEntry is a ValueError
            return None
        if result is None or result.id != claim_id or result.outcome is Outcome.ERROR:
            return None
        return result

    def _entry(self, key: str, claim_id: str, keys: tuple[str, ...]) -> Any | None:
        """The body (the last of ``keys``) of the entry stored under ``key`` for ``claim_id``, or
        None when it is absent, too large, of another schema, key or claim, or its checksum fails."""
        try:
            with open(self.path(key), "rb") as handle:
                data = handle.read(MAX_ENTRY_BYTES + 1)
            if len(data) > MAX_ENTRY_BYTES:
                return None
            doc = _obj(json.loads(data.decode("utf-8")), keys)
        except (OSError, ValueError, RecursionError):  # BadEntry, JSON and Unicode errors are ValueErrors
            return None
        body = doc[keys[-1]]
        if doc["schema"] != SCHEMA or doc["key"] != key or doc["claim"] != claim_id or doc["checksum"] != checksum(body):
            return None
        return body

    def put(self, claim, note, result: ClaimResult, seconds: float = 0.0) -> bool:
        """Store a result (not an error row); False when it was not stored."""
        if result.outcome is Outcome.ERROR or result.id != claim.id:
            return False
        try:
            body = to_json(result)
        except Uncacheable:
            return False
        key = self.key(claim, note)
        doc = {"schema": SCHEMA, "key": key, "claim": claim.id, "seconds": round(float(seconds), 3),
               "checksum": checksum(body), "result": body}
        return _atomic_write(self.path(key), canonical(doc))

    def get_other(self, claim, note, kind: str) -> Any | None:
        """What another verb stored for the claim under its own ``kind`` (`check`: the claim
        checked and its read-outs, run.checkat.checked_to_json), or None when absent or not trustworthy."""
        return self._entry(self._other_key(claim, note, kind), claim.id, ("schema", "key", "claim", "checksum", "body"))

    def put_other(self, claim, note, kind: str, body: Any) -> bool:
        """Store a JSON ``body`` for the claim under ``kind``; False when it was not stored."""
        key = self._other_key(claim, note, kind)
        try:
            doc = {"schema": SCHEMA, "key": key, "claim": claim.id, "checksum": checksum(body), "body": body}
            # in the body's own order: what a verb shows is listed as it computed it
            data = json.dumps(doc, ensure_ascii=False, separators=(",", ":")).encode("utf-8")
        except (TypeError, ValueError):
            return False
        return _atomic_write(self.path(key), data)

    def _other_key(self, claim, note, kind: str) -> str:
        return hashlib.sha256(f"{kind}:{self.key(claim, note)}".encode()).hexdigest()

    # Timings of the last run, by claim id: a hint to start the longest claims first.
    def timings(self) -> dict[str, float]:
        try:
            data = json.loads((self.folder / TIMINGS).read_text(encoding="utf-8"))
        except (OSError, ValueError, RecursionError):
            return {}
        if type(data) is not dict:
            return {}
        return {k: float(v) for k, v in data.items()
                if type(k) is str and type(v) in (int, float) and 0 <= v < 1e7}

    def save_timings(self, seconds: dict[str, float]) -> None:
        merged = {**self.timings(), **{k: round(v, 3) for k, v in seconds.items()}}
        _atomic_write(self.folder / TIMINGS, canonical(dict(sorted(merged.items()))))


def _atomic_write(path: Path, data: bytes) -> bool:
    """Write bytes atomically (sources.files); False on failure: a cache that cannot be written is no error."""
    try:
        write_atomically(path, data)
        return True
    except OSError:
        return False
