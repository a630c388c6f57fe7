"""The engine's layers (see noteproof/__init__.py): no import cycle, no import upward.

Every module of noteproof/ is parsed with ``ast`` (nothing is imported), every import is
read, those inside functions and under ``if TYPE_CHECKING`` included, and so is every
string that names an engine module (``importlib.import_module("noteproof.run.extras")``).
"""
from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

from tests.helpers import ROOT

PACKAGE = ROOT / "noteproof"

# layer -> the layers its modules may import (its own included; cycles are tested apart)
ALLOWED = {
    "base": {"base"},
    "sources": {"base", "sources"},
    "formula": {"base", "sources", "formula"},
    "run": {"base", "sources", "formula", "run"},
    "audit": {"base", "sources", "formula", "run", "audit"},
    "report": {"base", "sources", "formula", "run", "report"},
    "door": {"base", "sources", "formula", "run", "audit", "report", "door"},
    "cli": {"base", "sources", "formula", "run", "audit", "report", "cli"},
    "entry": {"cli"},
}
TOP = {"model": "base", "errors": "base", "defaults": "base",
       "api": "door", "pytest_plugin": "door", "authoring": "door", "__main__": "entry"}
PACKAGES = {"sources", "formula", "run", "audit", "report", "cli"}
MAX_TOP_LEVEL = 8          # modules loose in noteproof/, __init__.py and __main__.py included


def module_name(path: Path) -> str:
    parts = ("noteproof", *path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@functools.cache
def modules() -> dict[str, Path]:
    """Every engine module by name, with its path."""
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    parts = module.split(".")
    if len(parts) == 1:
        return "door"                  # noteproof/__init__.py: ``noteproof.claim`` opens the API
    if parts[1] in PACKAGES:
        return parts[1]
    if len(parts) == 2 and parts[1] in TOP:
        return TOP[parts[1]]
    raise AssertionError(f"{module} has no layer: add it to tests/unit/test_layers.py and noteproof/__init__.py")


def imports(module: str) -> set[str]:
    """The engine modules ``module`` imports, however and wherever it imports them."""
    path = modules()[module]
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            for alias in node.names:  # ``from . import model`` imports the module noteproof.model
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in modules() else target)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and "." in node.value \
                and node.value in modules():
            found.add(node.value)
    return {m for m in found if m in modules() and m != module}


@functools.cache
def graph() -> dict[str, set[str]]:
    """The engine's import graph: each module and the engine modules it imports."""
    return {m: imports(m) for m in modules()}


def pytest_generate_tests(metafunc):
    """One case per engine module, listed at collection (not at import)."""
    if "module" in metafunc.fixturenames:
        metafunc.parametrize("module", sorted(modules()))


def test_every_module_has_a_layer():
    for module in modules():
        assert layer(module) in ALLOWED


def test_no_import_goes_up_a_layer(module):
    mine = layer(module)
    wrong = sorted(f"{t} ({layer(t)})" for t in graph()[module] if layer(t) not in ALLOWED[mine])
    assert not wrong, f"{module} ({mine}) may import only {sorted(ALLOWED[mine])}, but imports {', '.join(wrong)}"


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import cycle (as a path that ends where it starts), or None."""
    state: dict[str, int] = {}          # 1 on the current path, 2 done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        path.pop()
        state[node] = 2
        return None

    for start in sorted(graph):
        if start not in state and (found := visit(start)):
            return found
    return None


def test_the_import_graph_has_no_cycle():
    cycle = find_cycle(graph())
    assert cycle is None, "import cycle: " + " -> ".join(cycle)


def test_the_cycle_finder_finds_cycles():
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b", "c"}, "b": {"c"}, "c": set()}) is None


def test_few_modules_are_loose_at_the_top():
    loose = sorted(p.name for p in PACKAGE.glob("*.py"))
    assert len(loose) <= MAX_TOP_LEVEL, f"{len(loose)} modules at the top of noteproof/: {', '.join(loose)}"


@pytest.mark.parametrize("package", sorted(PACKAGES))
def test_each_layer_package_says_what_it_owns_and_may_import(package):
    tree = ast.parse((PACKAGE / package / "__init__.py").read_text(encoding="utf-8"))
    doc = ast.get_docstring(tree) or ""
    assert "May import" in doc or "may import" in doc.lower()
    assert all(isinstance(n, (ast.Expr, ast.ImportFrom)) for n in tree.body), "only a docstring (and re-exports)"
