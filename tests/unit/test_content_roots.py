"""Two projects in one process (a notebook, a test session, a forked worker) each get their own
checks: content modules are imported per root, never shared under the same id."""
from __future__ import annotations

from noteproof.sources.content import content_module, load_content
from tests.helpers import make_project


def _numerics(root, value: str):
    (root / "numerics" / "mini.py").write_text(
        '"""Mini numerics."""\nfrom noteproof.authoring import numeric\n\n\n'
        f'@numeric("mini.halved")\ndef halved(n: str = "10"):\n    return {value}\n', encoding="utf-8")
    return root


def test_two_roots_keep_their_own_checks(tmp_path):
    first = _numerics(make_project(tmp_path / "a"), "1")
    second = _numerics(make_project(tmp_path / "b"), "2")
    one, two = load_content(first), load_content(second)
    assert one.get("mini.halved").fn() == 1 and two.get("mini.halved").fn() == 2
    assert load_content(first).get("mini.halved").fn() == 1          # loaded once, kept apart
    assert content_module(second, "numerics", "mini").halved() == 2
