"""claims.yaml -> validated, frozen Claims; every error names the file and line."""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path

from ..defaults import PARAM_NAME as NAME
from ..defaults import PARAM_VALUE as VALUE
from ..errors import RegistryError
from ..model import Location, Scope, Status
from .declared import KINDS as DECLARED_KINDS
from .declared import declared_of
from .safeyaml import LDict, LList, load_yaml
from .tags import Tag, TagError, parse_status_words, parse_tag

SIDES = ("rhs", "lhs", "whole")
RELATIONS = ("<", "<=", ">", ">=")


@dataclass(frozen=True)
class NoteSpec:
    key: str
    file: str
    title: str
    location: Location
    labels: tuple[tuple[str, str], ...] = ()   # (regex or snippet, why) for `scan`
    math: tuple[tuple[str, str], ...] = ()     # (snippet, why): math declared notation or definition
    notation: tuple[tuple[str, str], ...] = ()  # (regex a whole span matches, why): symbols named in prose
    prose: tuple[tuple[str, str], ...] | None = None   # (sentence, why): words no check computes, kept
    # as printed; None: the entry has no prose: key, and its sentences are not inventoried (scan: "unlisted")


@dataclass(frozen=True)
class FormulaSpec:
    text: str                                  # verbatim as printed
    plain: bool                                # plain text (`text:`) rather than LaTeX (`latex:`)
    derivation: str
    form: str | None
    symbols: tuple[tuple[str, str], ...]
    functions: tuple[str, ...]
    part: int | None
    side: str
    location: Location                         # where the entry stands in claims.yaml
    operators: tuple[str, ...] = ()            # names read as noncommuting (matrices, operators)


@dataclass(frozen=True)
class Side:
    """One side of a threshold: the number (its size ``|x|`` when ``size``) in ``relation`` to ``than``."""

    relation: str                # one of RELATIONS
    than: str                    # a decimal or fraction, as a string
    size: bool = False

    def holds(self, value: Fraction) -> bool:
        x, t = (abs(value) if self.size else value), Fraction(self.than)
        return {"<": x < t, "<=": x <= t, ">": x > t, ">=": x >= t}[self.relation]


@dataclass(frozen=True)
class Decides:
    """The conclusion the note draws from a quoted number: ``says`` holds where the number
    (its size ``|x|`` when ``size``) stands in ``relation`` to ``than`` ("|theta|: 1.2", so the
    iteration does not settle: relation ">=", than "1", says "the iteration does not settle").

    A conclusion of several parts is judged by every part: ``also`` adds sides the number must
    lie on too ("flips sign every step but still shrinks": factor < 0 and |factor| < 1), and
    ``given`` names registered conditions that must hold at the values for the conclusion to
    hold (the start z0 = 0 is not already fixed); they are judged where the values are known
    (`check --set`), the page's own settings having passed them."""

    relation: str                # one of RELATIONS
    than: str                    # a decimal or fraction, as a string
    says: str                    # the conclusion, in the note's words
    size: bool = False           # compare |x|, not x (a factor's size against 1)
    location: Location | None = None
    also: tuple[Side, ...] = ()  # further sides, all of which must hold (a conjunction)
    given: tuple[str, ...] = ()  # condition ids the conclusion also needs

    @property
    def sides(self) -> tuple[Side, ...]:
        return (Side(self.relation, self.than, self.size), *self.also)

    def holds(self, value: Fraction) -> bool:
        """Whether ``value`` lies on the side of every threshold where the note's conclusion holds."""
        return all(side.holds(value) for side in self.sides)

    def failing(self, value: Fraction) -> Side | None:
        """The first side ``value`` is not on (None: all hold)."""
        return next((side for side in self.sides if not side.holds(value)), None)


@dataclass(frozen=True)
class QuoteSpec:
    snippet: str
    number: str
    numeric: str | None
    input: str | None
    exact: bool
    location: Location
    rounded: bool = False        # the note prints an exact value rounded, unmarked ("(-0.8)^4 = 0.41")
    param: str | None = None     # an input that is a page setting: the checks run at the printed value
    decides: Decides | None = None   # the conclusion the note draws from the number
    given: str | None = None     # an input's registered value, where an edit relocated it to another


@dataclass(frozen=True)
class SeriesSpec:
    numeric: str
    label: str
    set: tuple[tuple[str, str], ...]           # parameters held fixed for this series


@dataclass(frozen=True)
class FigureSpec:
    """A figure: registered numerics evaluated with one parameter varied over ``values``."""

    title: str
    vary: str
    values: tuple[str, ...]
    x_label: str
    y_label: str
    log: str                                   # "", "x", "y" or "xy"
    series: tuple[SeriesSpec, ...]
    location: Location


@dataclass(frozen=True)
class Claim:
    id: str
    note: str
    row: str | None                            # the status-table claim cell, verbatim
    statement: str | None                      # or a verbatim sentence of the note
    tag: Tag
    status: tuple[Status, ...]
    derivations: tuple[str, ...]
    uses: tuple[str, ...]
    conditions: tuple[str, ...]
    formulas: tuple[FormulaSpec, ...]
    quotes: tuple[QuoteSpec, ...]
    location: Location
    figures: tuple[FigureSpec, ...] = ()
    scope: Scope = Scope.GENERAL                # what the statement quantifies over
    reads_note: bool = False                    # a check reads the note's text (a definition it prints)
    acknowledged: str | None = None             # the author's reason for leaving its errata as printed
    declared: tuple = ()                        # declarative checks (sources.declared: identity, value, ...)

    @property
    def check_ids(self) -> tuple[str, ...]:
        """Every content id the claim names: derivations, conditions, formulas' and quotes' checks."""
        ids = (*self.derivations, *self.conditions, *(f.derivation for f in self.formulas),
               *(q.numeric for q in self.quotes if q.numeric),
               *(g for q in self.quotes if q.decides for g in q.decides.given))
        return tuple(dict.fromkeys(ids))

    @property
    def text(self) -> str:
        return self.row if self.row is not None else (self.statement or "")

    @property
    def quoted(self) -> frozenset[str]:
        """The numbers the claim's quotes judge: the note may print them otherwise (re-rounded)."""
        return frozenset(q.number for q in self.quotes)


@dataclass(frozen=True)
class Registry:
    path: str
    notes: dict[str, NoteSpec]
    claims: tuple[Claim, ...]

    def claim(self, claim_id: str) -> Claim:
        for c in self.claims:
            if c.id == claim_id:
                return c
        raise KeyError(claim_id)


CLAIM_KEYS = {"id", "note", "row", "statement", "tag", "status", "derivation", "uses",
              "conditions", "formulas", "quotes", "figures", "scope", "reads_note", "acknowledged"}
CLAIM_KEYS |= set(DECLARED_KINDS)
FORMULA_KEYS = {"latex", "text", "derivation", "form", "symbols", "functions", "part", "side", "operators"}
QUOTE_KEYS = {"snippet", "number", "numeric", "input", "exact", "rounded", "param", "decides"}
DECIDES_KEYS = {"relation", "than", "says", "size", "and", "given"}
SIDE_KEYS = {"relation", "than", "size"}
NOTE_KEYS = {"file", "title", "labels", "math", "prose"}
FIGURE_KEYS = {"title", "vary", "values", "x", "y", "log", "series"}
SERIES_KEYS = {"numeric", "label", "set"}


class _Reader:
    """Typed field access on one YAML mapping, with located errors."""

    def __init__(self, data: object, path: str, what: str, allowed: set[str], line: int = 0) -> None:
        self.path = path
        if not isinstance(data, LDict):
            raise RegistryError(f"{what} must be a mapping", Location(path, getattr(data, "line", line)))
        self.data = data
        for key in data:
            if key not in allowed:
                raise RegistryError(f"unknown field {key!r} in {what} (allowed: {', '.join(sorted(allowed))})",
                                    self.at(key))

    def at(self, key: str | None = None) -> Location:
        return Location(self.path, self.data.key_lines.get(key, self.data.line) if key else self.data.line)

    def str(self, key: str, required: bool = True, default: str | None = None) -> str | None:
        value = self.data.get(key)
        if value is None:
            if required:
                raise RegistryError(f"missing field {key!r}", self.at())
            return default
        if not isinstance(value, str) or not value:
            raise RegistryError(f"field {key!r} must be a non-empty string", self.at(key))
        return value

    def strs(self, key: str) -> tuple[str, ...]:
        value = self.data.get(key)
        if value is None:
            return ()
        if isinstance(value, str):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, str) and v for v in value):
            raise RegistryError(f"field {key!r} must be a string or a list of strings", self.at(key))
        return tuple(value)

    def list(self, key: str) -> list:
        value = self.data.get(key)
        if value is None:
            return []
        if not isinstance(value, LList):
            raise RegistryError(f"field {key!r} must be a list", self.at(key))
        return value


def load_registry(path: Path, display: str = "claims.yaml") -> Registry:
    """Read and validate claims.yaml (structure and internal references; not content ids)."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError:
        raise RegistryError("no such file", Location(display)) from None
    except (UnicodeDecodeError, IsADirectoryError) as exc:
        raise RegistryError(f"cannot read: {exc.__class__.__name__}", Location(display)) from None
    return _registry(text, display)


@lru_cache(maxsize=8)
def _registry(text: str, display: str) -> Registry:
    """The registry ``text`` holds, read once per process (a failed read raises each time)."""
    data = load_yaml(text, display)
    if data is None:
        raise RegistryError("empty registry: expected 'notes:' and 'claims:'", Location(display, 1))
    top = _Reader(data, display, "the registry's top level", {"version", "notes", "claims"}, 1)
    notes = _notes(top)
    claims = tuple(_claim(item, display, notes) for item in top.list("claims"))
    _check_ids(claims, display)
    return Registry(display, notes, claims)


def _notes(top: _Reader) -> dict[str, NoteSpec]:
    raw = top.data.get("notes")
    if not isinstance(raw, LDict) or not raw:
        raise RegistryError("'notes' must map note keys to {file, title}", top.at("notes"))
    notes = {}
    for key, spec in raw.items():
        r = _Reader(spec, top.path, f"note {key!r}", NOTE_KEYS, raw.key_lines[key])
        labels = tuple(_label(item, r) for item in r.list("labels"))
        declared = [_declared(item, r) for item in r.list("math")]
        math = tuple((s, w) for kind, s, w in declared if kind == "snippet")
        notation = tuple((s, w) for kind, s, w in declared if kind == "pattern")
        prose = tuple(entry for item in r.list("prose") for entry in _prose(item, r)) if "prose" in r.data else None
        notes[str(key)] = NoteSpec(str(key), r.str("file"), r.str("title", False, str(key)), r.at(), labels,
                                   math, notation, prose)
    return notes


def _declared(item: object, parent: _Reader) -> tuple[str, str, str]:
    """("snippet", text around the $...$ or plain-text formula it declares, why) or ("pattern",
    regex of a whole span, why)."""
    r = _Reader(item, parent.path, "a math declaration", {"snippet", "pattern", "why"}, parent.data.line)
    snippet, pattern = r.str("snippet", False), r.str("pattern", False)
    if (snippet is None) == (pattern is None):
        raise RegistryError("a math declaration needs exactly one of 'snippet' and 'pattern'", r.at())
    if pattern is not None:
        try:
            re.compile(pattern)
        except re.error as exc:
            raise RegistryError(f"pattern {pattern!r} is not a regular expression: {exc}", r.at("pattern")) from None
    return ("snippet", snippet, r.str("why")) if snippet is not None else ("pattern", pattern, r.str("why"))


def _prose(item: object, parent: _Reader) -> tuple[tuple[str, str], ...]:
    """(sentence, why) for each sentence of a ``prose:`` group ``{why, sentences: [...]}``."""
    r = _Reader(item, parent.path, "a prose group", {"why", "sentences"}, parent.data.line)
    why, listed = r.str("why"), r.strs("sentences")
    if not listed:
        raise RegistryError("a prose group needs 'sentences', a list of the note's sentences", r.at())
    return tuple((s, why) for s in listed)


def _label(item: object, parent: _Reader) -> tuple[str, str]:
    r = _Reader(item, parent.path, "a label", {"pattern", "why"}, parent.data.line)
    return r.str("pattern"), r.str("why")


def _claim(item: object, path: str, notes: dict[str, NoteSpec]) -> Claim:
    r = _Reader(item, path, "a claim", CLAIM_KEYS)
    claim_id = r.str("id")
    note = r.str("note")
    if note not in notes:
        raise RegistryError(f"claim {claim_id!r}: unknown note {note!r} (known: {', '.join(notes)})", r.at("note"))
    row, statement = r.str("row", False), r.str("statement", False)
    if (row is None) == (statement is None):
        raise RegistryError(f"claim {claim_id!r}: give exactly one of 'row' and 'statement'", r.at())
    try:
        tag = parse_tag(r.str("tag"), r.at("tag"))
        words = r.strs("status")
        status = parse_status_words(list(words), r.at("status")) if words else tag.parts
    except TagError as exc:
        raise RegistryError(f"claim {claim_id!r}: {exc.message}", exc.location) from None
    if not status:
        raise RegistryError(f"claim {claim_id!r}: the tag {tag.text!r} names no status; add 'status:'", r.at("tag"))
    if tag.parts and status != tag.parts:
        raise RegistryError(f"claim {claim_id!r}: status {[s.value for s in status]} disagrees with the tag "
                            f"{tag.text!r} ({[s.value for s in tag.parts]})", r.at("status"))
    scopes = {s.value: s for s in Scope}
    scope = r.str("scope", False, Scope.GENERAL.value)
    if scope not in scopes:
        raise RegistryError(f"claim {claim_id!r}: 'scope' must be one of {', '.join(scopes)}", r.at("scope"))
    return Claim(claim_id, note, row, statement, tag, status, r.strs("derivation"), r.strs("uses"),
                 r.strs("conditions"), tuple(_formula(f, r) for f in r.list("formulas")),
                 tuple(_quote(q, r) for q in r.list("quotes")), r.at(),
                 tuple(_figure(f, r) for f in r.list("figures")), scopes[scope], _flag(r, "reads_note"),
                 r.str("acknowledged", False), declared_of(r))


def _flag(r: _Reader, key: str) -> bool:
    value = r.data.get(key, False)
    if not isinstance(value, bool):
        raise RegistryError(f"'{key}' must be true or false", r.at(key))
    return value


def _formula(item: object, parent: _Reader) -> FormulaSpec:
    r = _Reader(item, parent.path, "a formula", FORMULA_KEYS, parent.data.line)
    latex, text = r.str("latex", False), r.str("text", False)
    if (latex is None) == (text is None):
        raise RegistryError("a formula needs exactly one of 'latex' and 'text'", r.at())
    symbols = r.data.get("symbols") or {}
    if not isinstance(symbols, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in symbols.items()):
        raise RegistryError("'symbols' must map text fragments to symbol names", r.at("symbols"))
    part = r.data.get("part")
    if part is not None and (not isinstance(part, int) or isinstance(part, bool) or part < 0):
        raise RegistryError("'part' must be a non-negative integer", r.at("part"))
    side = r.str("side", False, "rhs")
    if side not in SIDES:
        raise RegistryError(f"'side' must be one of {', '.join(SIDES)}", r.at("side"))
    return FormulaSpec(latex or text, text is not None, r.str("derivation"), r.str("form", False),
                       tuple(symbols.items()), r.strs("functions"), part, side, r.at(), r.strs("operators"))


def _quote(item: object, parent: _Reader) -> QuoteSpec:
    r = _Reader(item, parent.path, "a quote", QUOTE_KEYS, parent.data.line)
    number = r.data.get("number")
    if not isinstance(number, str):
        raise RegistryError("a quote's 'number' must be a string (quote it: trailing zeros matter)", r.at("number"))
    snippet = r.str("snippet")
    if number not in snippet:
        raise RegistryError(f"number {number!r} does not occur in its snippet {snippet!r}", r.at("number"))
    numeric, source = r.str("numeric", False), r.str("input", False)
    if (numeric is None) == (source is None):
        raise RegistryError("a quote needs exactly one of 'numeric' (a check) and 'input' (why it is given)", r.at())
    exact = r.data.get("exact", False)
    if not isinstance(exact, bool):
        raise RegistryError("'exact' must be true or false", r.at("exact"))
    rounded = r.data.get("rounded", False)
    if not isinstance(rounded, bool):
        raise RegistryError("'rounded' must be true or false", r.at("rounded"))
    param = r.str("param", False)
    if param is not None and (source is None or not NAME.fullmatch(param)):
        raise RegistryError("'param' names the parameter an 'input' quote sets (a name like h or theta)",
                            r.at("param"))
    decides = _decides(r, number) if r.data.get("decides") is not None else None
    if decides is not None and numeric is None:
        raise RegistryError("'decides' belongs on a quote a check computes ('numeric'), not on an input",
                            r.at("decides"))
    return QuoteSpec(snippet, number, numeric, source, exact, r.at(), rounded, param, decides)


def _decides(quote: _Reader, number: str) -> Decides:
    """A quote's ``decides: {relation, than, says, size}``: the number as registered must lie on
    the side where the conclusion ``says`` holds."""
    r = _Reader(quote.data["decides"], quote.path, "a quote's 'decides'", DECIDES_KEYS, quote.at("decides").line)
    relation = r.data.get("relation")
    if relation not in RELATIONS:
        raise RegistryError(f"'relation' must be one of {', '.join(RELATIONS)} (quoted), not {relation!r}",
                            r.at("relation"))
    than = r.data.get("than")
    if not isinstance(than, str) or not VALUE.fullmatch(than):
        raise RegistryError(f"'than' must be a decimal or fraction as a string (\"1\", \"0.001\"), not {than!r}",
                            r.at("than"))
    says = r.str("says")
    size = _flag(r, "size")
    also = tuple(_side(item, r) for item in r.list("and"))
    decides = Decides(relation, than, says, size, r.at(), also, r.strs("given"))
    try:
        printed = Fraction(number.replace(",", "").replace("\u2212", "-"))
    except (ValueError, ZeroDivisionError):
        raise RegistryError(f"'decides' needs a number it can compare, not {number!r}", r.at()) from None
    if not decides.holds(printed):
        shown = f"|{number}|" if size else number
        raise RegistryError(f"the quoted {shown} is not {relation} {than}: 'decides' states the conclusion the "
                            f"note draws from the number it prints ({says!r})", r.at("relation"))
    return decides


def _side(item: object, parent: _Reader) -> Side:
    """One more side of a conjunction in ``decides: {and: [{relation, than, size}]}``."""
    r = _Reader(item, parent.path, "a side in 'decides: and'", SIDE_KEYS, parent.data.line)
    relation, than = r.data.get("relation"), r.data.get("than")
    if relation not in RELATIONS:
        raise RegistryError(f"'relation' must be one of {', '.join(RELATIONS)} (quoted), not {relation!r}",
                            r.at("relation"))
    if not isinstance(than, str) or not VALUE.fullmatch(than):
        raise RegistryError(f"'than' must be a decimal or fraction as a string (\"1\", \"0.001\"), not {than!r}",
                            r.at("than"))
    return Side(relation, than, _flag(r, "size"))


def _figure(item: object, parent: _Reader) -> FigureSpec:
    r = _Reader(item, parent.path, "a figure", FIGURE_KEYS, parent.data.line)
    vary = r.str("vary")
    if not NAME.fullmatch(vary):
        raise RegistryError(f"'vary' must be a parameter name, not {vary!r}", r.at("vary"))
    values = r.strs("values")
    bad = [v for v in values if not VALUE.fullmatch(v)]
    if len(values) < 2 or bad:
        raise RegistryError("'values' must list at least two decimals or fractions as strings"
                            + (f" (not {bad[0]!r})" if bad else ""), r.at("values"))
    log = r.str("log", False, "")
    if log not in ("x", "y", "xy"):
        if r.data.get("log") is not None:
            raise RegistryError("'log' must be x, y or xy", r.at("log"))
        log = ""
    series = tuple(_series(s, r) for s in r.list("series"))
    if not series:
        raise RegistryError("a figure needs at least one entry in 'series'", r.at("series"))
    return FigureSpec(r.str("title"), vary, values, r.str("x", False, vary), r.str("y", False, ""),
                      log, series, r.at())


def _series(item: object, parent: _Reader) -> SeriesSpec:
    r = _Reader(item, parent.path, "a figure series", SERIES_KEYS, parent.data.line)
    numeric = r.str("numeric")
    fixed = r.data.get("set") or {}
    if not isinstance(fixed, dict) or not all(isinstance(k, str) and NAME.fullmatch(k) and isinstance(v, str)
                                              and VALUE.fullmatch(v) for k, v in fixed.items()):
        raise RegistryError("'set' must map parameter names to decimals or fractions as strings", r.at("set"))
    return SeriesSpec(numeric, r.str("label", False, numeric), tuple(sorted(fixed.items())))


def _check_ids(claims: tuple[Claim, ...], path: str) -> None:
    seen: dict[str, Claim] = {}
    for c in claims:
        if c.id in seen:
            raise RegistryError(f"duplicate claim id {c.id!r} (first at line {seen[c.id].location.line})", c.location)
        seen[c.id] = c
    for c in claims:
        for u in c.uses:
            if u not in seen:
                raise RegistryError(f"claim {c.id!r} uses unknown claim {u!r}", c.location)
    _check_acyclic(seen)


def _check_acyclic(claims: dict[str, Claim]) -> None:
    state: dict[str, int] = {}

    def visit(cid: str, trail: tuple[str, ...]) -> None:
        if state.get(cid) == 2:
            return
        if state.get(cid) == 1:
            cycle = " -> ".join(trail[trail.index(cid):] + (cid,))
            raise RegistryError(f"'uses' cycle: {cycle}", claims[cid].location)
        state[cid] = 1
        for u in claims[cid].uses:
            visit(u, trail + (cid,))
        state[cid] = 2

    for cid in claims:
        visit(cid, ())
