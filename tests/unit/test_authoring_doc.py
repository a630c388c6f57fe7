"""The public authoring surface documents itself (issue 25, item 5): every name
``noteproof.authoring`` exports has a docstring that ``help()`` shows and the module docstring
teaches; its examples run; nothing points at internal modules or at a DESIGN.md the repository
does not hold."""
from __future__ import annotations

import ast
import inspect
import pydoc
import re
import textwrap

import mpmath
import sympy

import noteproof
import noteproof.authoring as authoring
from noteproof.sources import content
from tests.helpers import ROOT

PACKAGE = ROOT / "noteproof"


def own_doc(obj) -> str:
    """The object's own docstring: a class's, not one inherited from enum.Enum or object."""
    if inspect.isclass(obj):
        return obj.__dict__.get("__doc__") or ""
    return obj.__doc__ or ""


def test_every_exported_name_is_documented_and_taught():
    for name in authoring.__all__:
        obj = getattr(authoring, name)
        assert own_doc(obj).strip(), f"{name} has no docstring"
        assert re.search(rf"`{name}`|@{name}\(", authoring.__doc__), f"the module docstring never names {name}"


def test_an_undocumented_export_is_caught():
    class Bare:
        pass
    assert own_doc(Bare) == "" and own_doc(authoring.Reach)


def test_help_shows_each_exported_docstring():
    text = pydoc.render_doc(authoring, renderer=pydoc.plaintext)
    for name in authoring.__all__:
        if inspect.ismodule(getattr(authoring, name)):      # words: help() lists it; its own help() shows it
            continue
        first = own_doc(getattr(authoring, name)).strip().splitlines()[0].strip()
        assert first in text, name


def test_the_module_points_at_no_internals():
    docs = [authoring.__doc__] + [own_doc(getattr(authoring, n)) for n in ("derivation", "numeric", "condition")]
    for doc in docs:
        assert not re.search(r"noteproof\.(sources|model|run|formula|errors)|\bsources/|\w+\.py\b", doc), doc
        assert "DESIGN" not in doc


def test_the_examples_in_the_module_docstring_run(monkeypatch):
    monkeypatch.setattr(content, "_REGISTRY", {})
    blocks = re.findall(r"::\n\n((?:    .*\n|\n)+)", authoring.__doc__)
    assert len(blocks) == 3
    ns = {name: getattr(authoring, name) for name in authoring.__all__} | {"sympy": sympy}
    for block in blocks:
        exec(compile(textwrap.dedent(block), "authoring-example.py", "exec"), ns)
    with mpmath.workdps(50):
        steps = ns["two_steps"]()
        assert abs(steps - mpmath.mpf("0.16")) < mpmath.mpf("1e-45")
    derived = ns["step_factor"]()
    assert isinstance(derived, authoring.Derived) and all(e.holds for e in derived.evidence)
    assert ns["positive_curvature"]() is True and ns["positive_curvature"](a="-1") is False
    assert set(content._REGISTRY) == {"w11.step-factor", "w11.two-steps", "w11.positive-curvature"}


def docstrings(path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = [tree] + [n for n in ast.walk(tree)
                      if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))]
    return [d for d in (ast.get_docstring(n) for n in nodes) if d]


def test_no_docstring_or_comment_in_the_package_cites_a_missing_design_file():
    assert not (ROOT / "DESIGN.md").exists()
    files = sorted(PACKAGE.rglob("*.py"))
    assert files and noteproof.__file__
    cited = [f"{p.relative_to(ROOT)}: {d.splitlines()[0]}" for p in files for d in docstrings(p) if "DESIGN.md" in d]
    assert cited == []
    assert [p for p in files if "DESIGN.md" in p.read_text(encoding="utf-8")] == []


def test_the_design_check_sees_a_citation(tmp_path):
    path = tmp_path / "m.py"
    path.write_text('"""Module."""\n\ndef f():\n    """As DESIGN.md says."""\n', encoding="utf-8")
    assert any("DESIGN.md" in d for d in docstrings(path))
