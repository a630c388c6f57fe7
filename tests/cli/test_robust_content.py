"""Faulty content: one check that raises, hangs, returns the wrong type or fails to import
becomes an `error` row, and the rest of the run goes on."""
import json
import os
import signal
import subprocess
import sys
import time

import pytest

from tests.helpers import ROOT, run_cli

REGISTRY = """\
version: 1
notes:
  mini: {file: notes/mini.txt, title: Mini}
claims:
  - id: m.good
    note: mini
    row: "Three quarters is three quarters"
    tag: "[Exact.]"
    derivation: m.good
    quotes:
      - {snippet: "the answer is 0.75", number: "0.75", numeric: m.answer}
  - id: m.slow
    note: mini
    row: "A slow claim"
    tag: "[Exact.]"
    derivation: m.slow
  - id: m.raises
    note: mini
    row: "A raising claim"
    tag: "[Exact.]"
    derivation: m.raises
  - id: m.wrong-type
    note: mini
    row: "A wrongly typed claim"
    tag: "[Exact.]"
    derivation: m.wrong-type
"""
DERIVATIONS = '''\
import time
import sympy
from noteproof.authoring import Derived, Evidence, EvidenceKind, derivation, numeric

@derivation("m.good")
def good():
    x = sympy.Rational(3, 4)
    return Derived(evidence=(Evidence(EvidenceKind.IDENTITY, "3/4 = 0.75", x == sympy.Rational("0.75")),))

@numeric("m.answer")
def answer():
    return sympy.Rational(3, 4)

@derivation("m.slow")
def slow():
    time.sleep(600)

@derivation("m.raises")
def raises():
    raise ZeroDivisionError("boom")

@derivation("m.wrong-type")
def wrong_type():
    return "not a Derived"
'''


@pytest.fixture
def mini(tmp_path):
    root = tmp_path / "mini"
    (root / "notes").mkdir(parents=True)
    (root / "derivations").mkdir()
    (root / "notes" / "mini.txt").write_text((ROOT / "tests" / "samples" / "mini_note.txt").read_text())
    (root / "claims.yaml").write_text(REGISTRY)
    (root / "derivations" / "mini.py").write_text(DERIVATIONS)
    return root


def outcomes(root):
    doc = json.loads((root / "report" / "claims.json").read_text())
    return {c["id"]: (c["outcome"], " ".join(c["messages"])) for c in doc["claims"]}


def test_faulty_checks_become_error_rows_and_the_run_goes_on(mini):
    run = run_cli("report", "--timeout", "3", "--jobs", "2", cwd=mini, timeout=120)
    assert run.code == 1, run.stderr
    assert "Traceback" not in run.stderr + run.stdout
    got = outcomes(mini)
    assert got["m.good"][0] == "verified"
    assert got["m.slow"] == ("error", "timed out after 3 s")
    assert got["m.raises"][0] == "error" and "ZeroDivisionError: boom" in got["m.raises"][1]
    assert got["m.wrong-type"][0] == "error" and "not Derived" in got["m.wrong-type"][1]


def test_a_module_that_fails_to_import_errs_its_claims_only(mini):
    (mini / "numerics").mkdir()
    (mini / "numerics" / "broken.py").write_text("import no_such_module_anywhere\n")
    (mini / "claims.yaml").write_text(REGISTRY.replace("numeric: m.answer", "numeric: m.broken"))
    run = run_cli("report", "--timeout", "3", cwd=mini, timeout=120)
    got = outcomes(mini)
    assert got["m.good"][0] == "error" and "numerics/broken.py" in got["m.good"][1]
    assert got["m.raises"][0] == "error" and "boom" in got["m.raises"][1]
    assert run.code == 1 and "Traceback" not in run.stderr


def test_a_check_that_raises_is_an_error_in_show_too(mini):
    run = run_cli("show", "m.raises", cwd=mini)
    assert run.code == 1 and "ZeroDivisionError" in run.stdout and "Traceback" not in run.stderr


SLOW_BUT_FINE = '''
@derivation("m.slow")
def slow():
    time.sleep(1.5)
    return Derived(evidence=(Evidence(EvidenceKind.DEFINITION, "2 + 2 = 4", 2 + 2 == 4),))
'''


@pytest.fixture
def steady(mini):
    """The mini project with a slow claim that finishes (so a run can be interrupted)."""
    text = (mini / "derivations" / "mini.py").read_text()
    text = text.replace('@derivation("m.slow")\ndef slow():\n    time.sleep(600)\n', SLOW_BUT_FINE)
    (mini / "derivations" / "mini.py").write_text(text)
    return mini


def report_files(out):
    return {p.name: p.read_bytes() for p in out.iterdir() if not p.name.startswith(".")}


@pytest.mark.slow
@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGKILL])
def test_an_interrupted_report_leaves_the_previous_files_whole(steady, sig):
    out = steady / "report"
    assert run_cli("report", "--jobs", "1", cwd=steady).code == 1
    before = report_files(out)
    proc = subprocess.Popen([sys.executable, "-m", "noteproof", "report", "--jobs", "1"], cwd=steady,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
    time.sleep(2.0)
    os.killpg(proc.pid, sig)
    _, err = proc.communicate(timeout=60)
    assert b"Traceback" not in err
    assert report_files(out) == before


@pytest.mark.slow
def test_two_reports_at_once_leave_one_complete_report(steady):
    procs = [subprocess.Popen([sys.executable, "-m", "noteproof", "report"], cwd=steady,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL) for _ in range(2)]
    for p in procs:
        p.wait(timeout=300)
    assert sorted(report_files(steady / "report")) == ["claims.html", "claims.json", "claims.md"]
    assert "stale" not in run_cli("report", "--check", cwd=steady).stderr


def test_an_unwritable_report_folder_is_a_clear_error(steady):
    (steady / "blocker").write_text("a file, not a folder")
    run = run_cli("report", "--out", "blocker/report", cwd=steady)
    assert run.code == 2 and "blocker" in run.stderr and "cannot write" in run.stderr
    assert "Traceback" not in run.stderr
