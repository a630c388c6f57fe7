"""Declarative claims (issue 25, item 3): the five Week 11 rows of tests/samples/week11.md registered
in claims.yaml alone (no Python), the true ones verified and the false ones failing with errata;
each declarative shape fails on a wrong note and passes on a right one; malformed entries are
refused with the file and line."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from noteproof.errors import RegistryError
from noteproof.run.claim import run_claim
from noteproof.sources.project import load_project
from noteproof.sources.registry import load_registry
from tests.forked import run_cli
from tests.helpers import ROOT, edit

SAMPLE = ROOT / "tests" / "samples" / "week11.md"
ENTRY = '  week11: {file: notes/week11.md, title: "Week 11"}\n'
WEEK11 = r'''
  - id: w11.step-factor
    note: week11
    row: "Step factor $1-\\eta a$ per step"
    tag: "[Exact]"
    recurrence: {latex: "x_{k+1}=x_k-\\eta a x_k", solution: "x_k=(1-\\eta a)^k x_0"}
  - id: w11.convergence
    note: week11
    row: "Convergence if and only if $0<\\eta a<2$"
    tag: "[Exact]"
    fixed_point: {map: "(1-\\eta a)x_k", variable: "x_k", point: "0", stable: "0<\\eta a<2", over: "\\eta a"}
  - id: w11.fastest
    note: week11
    row: "Fastest convergence at $\\eta =1/a$, in one step"
    tag: "[Exact]"
    value: {formula: "1-\\eta a", at: "\\eta =1/a", snippet: "where it is $0$", number: "0"}
  - id: w11.larger-rates
    note: week11
    row: "Larger learning rates are usually better"
    tag: "[Approximation]"
    inequality: {latex: "|1-\\eta_2 a|\\le |1-\\eta_1 a|", for: "a>0, 0<\\eta_1<\\eta_2"}
  - id: w11.converge-at-two
    note: week11
    row: "At $\\eta a=2$ the iterates converge"
    tag: "[Exact]"
    inequality: {latex: "|1-\\eta a|<1", for: "\\eta a=2"}
  - id: w11.expanded-square
    note: week11
    statement: "$(1-\\eta a)^2=1-2\\eta a+\\eta^2a^2$ written out"
    tag: "[Exact]"
    identity: "(1-\\eta a)^2=1-2\\eta a+\\eta^2a^2"
'''
ROWS = WEEK11.split("  - id: w11.expanded-square")[0]


def register(project: Path, yaml: str = WEEK11) -> Path:
    """The sample note in notes/, its notes: entry and ``yaml`` appended to claims.yaml."""
    shutil.copy(SAMPLE, project / "notes" / "week11.md")
    path = project / "claims.yaml"
    text = path.read_text(encoding="utf-8").replace("\nnotes:\n", "\nnotes:\n" + ENTRY, 1)
    path.write_text(text.rstrip("\n") + "\n" + yaml.lstrip("\n"), encoding="utf-8")
    return project / "notes" / "week11.md"


def outcomes(project: Path) -> dict[str, tuple[str, list]]:
    p = load_project(project)
    out = {}
    for c in p.claims_of("week11"):
        r = run_claim(c, p.content, p.notes["week11"])
        out[c.id] = (r.outcome.value, [(e.kind.value, str(e.location)) for e in r.errata])
    return out


def test_the_five_rows_take_forty_lines_of_yaml_and_no_python():
    assert len((ENTRY + ROWS).strip("\n").split("\n")) <= 40


def test_the_report_verifies_the_true_rows_and_fails_the_false_ones_with_errata(cached_project):
    register(cached_project)
    run = run_cli("report", "--out", str(cached_project / "out"), cwd=cached_project)
    assert run.code == 1 and "Traceback" not in run.stderr, run.stderr
    doc = json.loads((cached_project / "out" / "claims.json").read_text(encoding="utf-8"))
    got = {c["id"]: c["outcome"] for c in doc["claims"] if c["note"] == "week11"}
    assert got == {"w11.step-factor": "verified", "w11.convergence": "verified", "w11.fastest": "verified",
                   "w11.larger-rates": "failed", "w11.converge-at-two": "failed", "w11.expanded-square": "verified"}
    errata = {e["claim"]: (e["kind"], e["location"]) for e in doc["errata"] if e["claim"].startswith("w11.")}
    assert errata == {"w11.larger-rates": ("false", "notes/week11.md:34:3"),
                      "w11.converge-at-two": ("false", "notes/week11.md:35:3")}
    finding = next(e["finding"] for e in doc["errata"] if e["claim"] == "w11.converge-at-two")
    assert "1 < 1 does not hold" in finding
    note = next(n for n in doc["notes"] if n["note"] == "week11")
    assert note["unencoded_rows"] == [] and "registered" not in note


@pytest.mark.parametrize("old, new, claim", [
    ("where it is $0$", "where it is $1$", "w11.fastest"),                             # value: a wrong number
    ("$x_k=(1-\\eta a)^k x_0$", "$x_k=(1-\\eta a)^{k+1} x_0$", "w11.step-factor"),      # recurrence: not printed
    ("$(1-\\eta a)^2=1-2\\eta a+\\eta^2a^2$", "$(1-\\eta a)^2=1-2\\eta a-\\eta^2a^2$", "w11.expanded-square"),
])
def test_each_shape_fails_on_a_wrong_note(project, old, new, claim):
    path = register(project)
    assert outcomes(project)[claim][0] == "verified"
    edit(path, old, new)
    assert outcomes(project)[claim][0] == "failed"


def test_a_wrong_printed_stability_range_is_an_erratum_with_a_point(project):
    register(project, WEEK11.replace('stable: "0<\\\\eta a<2"', 'stable: "0<\\\\eta a<1"'))
    edit(project / "notes" / "week11.md", "iterates shrink when $|1-\\eta a|<1$, that is when $0<\\eta a<2$",
         "iterates shrink when $|1-\\eta a|<1$, that is when $0<\\eta a<1$")
    got = outcomes(project)["w11.convergence"]
    assert got == ("failed", [("false", "notes/week11.md:15:56")])


def test_a_printed_solution_that_does_not_solve_its_recurrence_is_an_erratum(project):
    register(project, WEEK11.replace("(1-\\\\eta a)^k x_0", "(1-\\\\eta a)^{k+1} x_0"))
    edit(project / "notes" / "week11.md", "$x_k=(1-\\eta a)^k x_0$", "$x_k=(1-\\eta a)^{k+1} x_0$")
    assert outcomes(project)["w11.step-factor"] == ("failed", [("false", "notes/week11.md:11:2")])


@pytest.mark.parametrize("entry, message", [
    ('    value: {formula: "1-\\\\eta a", snippet: "where it is $0$", number: 0}\n', "must be a non-empty string"),
    ('    value: {formula: "1-\\\\eta a", snippet: "where it is $0$", number: "1"}\n', "does not occur in its snippet"),
    ('    identity: {snippet: "x", left: "y"}\n', "'identity' is a printed relation"),
    ('    inequality: {for: "a>0"}\n', "'inequality' needs 'latex'"),
    ('    fixed_point: {map: "x", variable: x, point: "0", stable: "x<1", speed: fast}\n', "unknown field 'speed'"),
    ('    recurrence: [a, b]\n', "'recurrence' must be a mapping"),
])
def test_malformed_entries_are_refused_with_file_and_line(tmp_path, entry, message):
    path = tmp_path / "claims.yaml"
    path.write_text("notes:\n  n: {file: notes/n.md}\nclaims:\n  - id: n.one\n    note: n\n    row: r\n"
                    "    tag: \"[Exact]\"\n" + entry, encoding="utf-8")
    with pytest.raises(RegistryError) as info:
        load_registry(path)
    assert message in info.value.message and info.value.location.line == 8


def test_emitted_stubs_suggest_a_declarative_shape_for_a_row_that_prints_a_formula(project):
    shutil.copy(SAMPLE, project / "notes" / "week11.md")
    out = run_cli("scan", "notes/week11.md", "--emit-stubs", cwd=project).stdout
    assert '    # inequality: {latex: "0<\\\\eta a<2", for: "..."}\n' in out
    assert '    # value: {formula: "1-\\\\eta a", at: "...", snippet: "...", number: "..."}\n' in out
    larger = out.split("w11.larger-learning-rates")[1].split("  - id:")[0]
    assert "no Python" not in larger        # a row in words only: no formula to suggest a shape for
