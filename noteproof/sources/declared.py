"""Declarative claims: the common shapes written in claims.yaml in the note's own LaTeX, no Python.

A claim may carry one of these keys instead of (or beside) a ``derivation:``; the engine
(run.declared) proves or refutes it with SymPy and turns it into Evidence::

    identity: "x_k-\\\\eta a x_k=(1-\\\\eta a)x_k"     # a printed relation (a snippet of one $...$ span)
    identity: {left: "(1-\\\\eta a)^2", right: "1-2\\\\eta a+\\\\eta^2a^2"}   # both sides, each printed
    recurrence: {latex: "x_{k+1}=(1-\\\\eta a)x_k", solution: "x_k=(1-\\\\eta a)^k x_0"}
    inequality: {latex: "|1-\\\\eta a|<1", for: "0<\\\\eta a<2"}      # over a stated range (or at a point)
    fixed_point: {map: "(1-\\\\eta a)x", variable: x, point: "0", stable: "0<\\\\eta a<2", over: "\\\\eta a"}
    value: {formula: "1-\\\\eta a", at: ["a=2", "\\\\eta =0.3"], snippet: "2 = 0.5", number: "0.5"}

Every LaTeX string is read by the project's reader (formula.parser) when the claim runs, never
evaluated; LaTeX it cannot read fails the claim there, naming the entry's line. The keys each kind
takes are in SHAPES; a missing or unknown key or a value of the wrong type is refused here with the
file and line (RegistryError, exit 2). Which of them the note must print (located verbatim in one
of its ``$...$`` spans) is in PRINTED; the others (a variable's name, a range or a formalisation
of a row in words, a fixed point) are the registrant's.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..defaults import PARAM_VALUE
from ..errors import RegistryError
from ..model import Location

# kind -> (required keys, optional keys); a string where a mapping is expected is its first required key
SHAPES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "identity": ((), ("snippet", "left", "right")),
    "recurrence": (("latex", "solution"), ()),
    "inequality": (("latex",), ("for",)),
    "fixed_point": (("map", "variable", "point", "stable"), ("over",)),
    "value": (("formula", "snippet", "number"), ("at",)),
}
KINDS = tuple(SHAPES)
# keys whose LaTeX the note prints, by kind
PRINTED = {"identity": ("snippet", "left", "right"), "recurrence": ("latex", "solution"), "inequality": (),
           "fixed_point": ("map", "stable"), "value": ("formula", "at")}


@dataclass(frozen=True)
class Declared:
    """One declarative claim: its ``kind`` (KINDS) and its fields, each a string or a tuple of
    strings (``at``), as written; ``location`` is where it stands in claims.yaml."""

    kind: str
    fields: tuple[tuple[str, Any], ...]
    location: Location

    def get(self, key: str, default: Any = None) -> Any:
        return dict(self.fields).get(key, default)

    def printed(self) -> tuple[str, ...]:
        """The LaTeX the note must print, in the order written."""
        out: list[str] = []
        for key, value in self.fields:
            if key in PRINTED[self.kind]:
                out += list(value) if isinstance(value, tuple) else [value]
        return tuple(out)


def declared_of(r: Any) -> tuple[Declared, ...]:
    """The declarative keys of one claim's mapping (``r``: registry._Reader), validated."""
    return tuple(_one(kind, r) for kind in KINDS if r.data.get(kind) is not None)


def _one(kind: str, r: Any) -> Declared:
    where = r.at(kind)
    value = r.data.get(kind)
    required, optional = SHAPES[kind]
    if isinstance(value, str):
        value = {(required or ("snippet",))[0]: value}
    if not isinstance(value, dict):
        raise RegistryError(f"'{kind}' must be a mapping of {', '.join(required + optional)}"
                            + (" or a string" if kind == "identity" else ""), where)
    unknown = sorted(set(value) - set(required) - set(optional))
    if unknown:
        raise RegistryError(f"unknown field {unknown[0]!r} in '{kind}' (allowed: "
                            f"{', '.join(sorted(required + optional))})", where)
    missing = [k for k in required if value.get(k) in (None, "")]
    if missing:
        raise RegistryError(f"'{kind}' needs {missing[0]!r}", where)
    fields = tuple((k, _field(kind, k, value[k], where)) for k in (*required, *optional) if k in value)
    if kind == "identity" and {k for k, _ in fields} not in ({"snippet"}, {"left", "right"}):
        raise RegistryError("'identity' is a printed relation (a string or {snippet}) or {left, right}", where)
    if kind == "value" and not PARAM_VALUE.fullmatch(str(value["number"]).replace("\u2212", "-")):
        raise RegistryError(f"'value: number' must be a decimal as a string, not {value['number']!r}", where)
    if kind == "value" and str(value["number"]) not in str(value["snippet"]):
        raise RegistryError(f"number {value['number']!r} does not occur in its snippet {value['snippet']!r}", where)
    return Declared(kind, fields, where)


def _field(kind: str, key: str, value: Any, where: Location) -> Any:
    """A field's value: a non-empty string (``at``: a string or a list of them)."""
    items = value if isinstance(value, list) and key == "at" else [value]
    if not items or not all(isinstance(v, str) and v.strip() for v in items):
        raise RegistryError(f"'{kind}: {key}' must be a non-empty string"
                            + (" or a list of them" if key == "at" else "")
                            + (" (quote it: trailing zeros matter)" if key == "number" else ""), where)
    return tuple(items) if key == "at" else value
