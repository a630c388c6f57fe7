"""YAML -> plain Python values that remember their line, with a safe loader only.

Tags other than the standard ones (``!!python/object...``) and aliases are refused
before anything is constructed, so nothing in the file can run code or expand
into an alias bomb.
"""
from __future__ import annotations

import contextlib
import gc

import yaml

from ..errors import RegistryError
from ..model import Location

MAX_NODES = 2_000_000   # a 100-fold copy of this registry has 616,000; MAX_BYTES bounds them anyway
MAX_BYTES = 16 * 1024 * 1024
# libyaml's composer when PyYAML has it: the same nodes and line marks, ten times faster
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_STANDARD = {"tag:yaml.org,2002:" + t for t in ("str", "int", "float", "bool", "null", "map", "seq")}


class LDict(dict):
    """A mapping that knows the line it starts on and the line of each key."""

    line: int = 0
    key_lines: dict


class LList(list):
    line: int = 0


def load_yaml(text: str, path: str) -> object:
    """Parse ``text`` (the contents of ``path``) into LDict/LList/scalars."""
    if len(text) > MAX_BYTES:
        raise RegistryError(f"registry larger than {MAX_BYTES // 2**20} MiB", Location(path))
    with _no_cyclic_gc():
        try:
            node = yaml.compose(text, Loader=_LOADER)
        except yaml.MarkedYAMLError as exc:
            mark = exc.problem_mark or exc.context_mark
            line = mark.line + 1 if mark else 0
            raise RegistryError(f"YAML syntax: {exc.problem or exc.context}", Location(path, line)) from None
        except yaml.YAMLError as exc:
            raise RegistryError(f"YAML: {exc}", Location(path)) from None
        if node is None:
            return None
        return _convert(node, path, set())


@contextlib.contextmanager
def _no_cyclic_gc():
    """The cyclic collector paused: a parse allocates a node and a value for every scalar, none in
    a cycle, and the collector's passes over the growing heap made the load of a large registry
    grow with the square of its size (a 100-fold registry: compose 4.3 s, 1.2 s without)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def _convert(node: yaml.Node, path: str, seen: set[int]) -> object:
    where = Location(path, node.start_mark.line + 1)
    if id(node) in seen:
        raise RegistryError("YAML aliases (&anchor / *alias) are not allowed in the registry", where)
    seen.add(id(node))
    if len(seen) > MAX_NODES:
        raise RegistryError(f"registry has more than {MAX_NODES} YAML nodes", where)
    if node.tag not in _STANDARD:
        raise RegistryError(f"YAML tag {node.tag!r} is not allowed (quote the value)", where)
    if isinstance(node, yaml.MappingNode):
        out = LDict()
        out.line, out.key_lines = where.line, {}
        for key_node, value_node in node.value:
            key = _convert(key_node, path, seen)
            if not isinstance(key, (str, int)):
                raise RegistryError("mapping keys must be plain strings", Location(path, key_node.start_mark.line + 1))
            if key in out:
                raise RegistryError(f"duplicate key {key!r}", Location(path, key_node.start_mark.line + 1))
            out[key] = _convert(value_node, path, seen)
            out.key_lines[key] = key_node.start_mark.line + 1
        return out
    if isinstance(node, yaml.SequenceNode):
        seq = LList(_convert(v, path, seen) for v in node.value)
        seq.line = where.line
        return seq
    if node.tag.endswith(":str"):
        return node.value
    return _scalar(node)


_CONSTRUCTOR = yaml.constructor.SafeConstructor()


def _scalar(node: yaml.ScalarNode) -> object:
    """An int, float, bool or null scalar, built by the safe constructor (one for every scalar:
    a loader each cost more than the whole parse of a large registry)."""
    try:
        return _CONSTRUCTOR.construct_object(node, deep=True)
    finally:
        _CONSTRUCTOR.constructed_objects.clear()
        _CONSTRUCTOR.recursive_objects.clear()


def yaml_quote(text: str) -> str:
    """A YAML double-quoted scalar: backslashes doubled, quotes escaped, tabs written \\t."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t") + '"'
