"""Crafted payloads through every input path: nothing from the data is ever executed."""
import re
import shutil
from pathlib import Path

import pytest

from tests.forked import run_forked
from tests.helpers import ROOT, copy_project, git_baseline, run_cli

PAYLOADS = [
    "__import__('os').system('touch {s}')",
    "exec(\"open('{s}','w')\")",
    "lambda: open('{s}','w')",
    "().__class__.__base__.__subclasses__()",
    "$\\input{{{s}}}$",
]


def payloads(sentinel: Path):
    return [p.format(s=sentinel) for p in PAYLOADS]


@pytest.fixture
def sentinel(tmp_path):
    path = tmp_path / "SENTINEL"
    yield path
    assert not path.exists(), "a payload was executed"


@pytest.mark.slow
def test_payloads_in_registry_fields(project, sentinel):
    text = (project / "claims.yaml").read_text(encoding="utf-8")
    for payload in payloads(sentinel):
        quoted = payload.replace("\\", "\\\\").replace('"', '\\"')
        bad = text.replace('tag: "[Exact.]"', f'tag: "{quoted}"', 1)
        (project / "claims.yaml").write_text(bad, encoding="utf-8")
        run = run_cli("list", cwd=project)
        assert run.code == 2 and "Traceback" not in run.stderr
        bad = text.replace("derivation: w09.", f'derivation: "{quoted}"\n    uses: []\n    # w09.', 1)
        (project / "claims.yaml").write_text(bad, encoding="utf-8")
        assert run_cli("show", "w09.four-indices", cwd=project).code in (1, 2)


@pytest.mark.slow
def test_payloads_as_formulas_in_the_notes(report_cache, sentinel, tmp_path):
    """Each payload in place of a formula, in its own copy of the project with the report's
    cache (claims the payload does not touch are read back) committed as the audit's baseline:
    `show` and `audit` on each, the runs forked from this warm process (tests/forked.py)."""
    formula = "\\frac{d{a}_{\\ast }}{du}=\\frac{1-a_{\\ast }^2}{1-\\beta (1-a_{\\ast }^2)}"
    jobs = []
    for i, payload in enumerate(payloads(sentinel)):
        project = copy_project(tmp_path / f"p{i}")
        shutil.copytree(report_cache, project / ".noteproof-cache")
        note = project / "notes" / "week09.txt"
        original = note.read_text(encoding="utf-8")
        assert formula in original
        git_baseline(project)   # the audit runs the claims the edit touches, not the whole note
        note.write_text(original.replace(formula, payload), encoding="utf-8")
        jobs += [(["show", "w09.fixed-point-response"], project), (["audit"], project)]
    runs = run_forked(jobs)
    for show, audit in zip(runs[::2], runs[1::2]):
        assert show.code == 1 and "Traceback" not in show.stderr, show.stderr[-2000:]
        assert audit.code in (1, 2) and "Traceback" not in audit.stderr, audit.stderr[-2000:]


@pytest.mark.slow
def test_payloads_as_set_values_and_paths(sentinel):
    for payload in payloads(sentinel):
        run = run_cli("check", "w09.fixed-point-response", "--set", f"beta={payload}")
        assert run.code == 2 and "Traceback" not in run.stderr
        run = run_cli("audit", payload)
        assert run.code == 2 and "Traceback" not in run.stderr
        run = run_cli("scan", payload)
        assert run.code == 2 and "Traceback" not in run.stderr


def test_the_engine_never_evaluates_text():
    forbidden = re.compile(r"\b(eval|exec|parse_expr|parse_latex|sympify|pickle\.loads?)\s*\(")
    for path in sorted((ROOT / "noteproof").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            code = line.split("#")[0]
            assert not forbidden.search(code), f"{path.relative_to(ROOT)}:{number}: {line.strip()}"
