"""`noteproof show` and `noteproof check` for every claim id, in this process (content and
SymPy imported once); parameters outside a claim's conditions; list filters; NO_COLOR."""
import contextlib
import io
import json
import re

import pytest

from tests.helpers import ROOT
from noteproof.cli.main import main


def cli(*args):
    """(exit code, stdout, stderr) of the real CLI run in this process."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--root", str(ROOT), *args])
    return code, out.getvalue(), err.getvalue()


def claim_ids():
    code, out, _ = cli("list", "--json")
    assert code == 0
    return [c["id"] for c in json.loads(out)["claims"]]


def pytest_generate_tests(metafunc):
    """Every claim id the CLI lists, asked at collection (not at import)."""
    if "claim_id" in metafunc.fixturenames and not metafunc.definition.get_closest_marker("parametrize"):
        metafunc.parametrize("claim_id", claim_ids())


def claim_with_condition(condition_id):
    """The first claim listing a condition (ids of content may be renamed; conditions less so)."""
    from noteproof.sources.project import load_project
    for c in load_project(ROOT).registry.claims:
        if condition_id in c.conditions:
            return c.id
    pytest.skip(f"no claim lists {condition_id}")


@pytest.fixture(scope="module")
def shared_project():
    """One project for the every-claim tests, derivations memoized: show and check of a claim
    derive once (the CLI loads the project afresh on every call otherwise)."""
    import noteproof.sources.project as project_module
    from noteproof.sources.content import memoize_derivations
    project = project_module.load_project(ROOT)
    memoize_derivations(project.content)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(project_module, "load_project", lambda root=None, note_paths=None: project)
        yield project


def test_show_works_for_every_claim(claim_id, shared_project):
    code, out, err = cli("show", claim_id)
    assert code in (0, 1), err
    assert "Traceback" not in out + err
    assert out.startswith(claim_id) and re.search(r"verdict: (verified|failed|error|unverified)", out)


def test_check_works_for_every_claim(claim_id, shared_project):
    code, out, err = cli("check", claim_id, "--json")
    assert code in (0, 1), err
    doc = json.loads(out)
    assert doc["id"] == claim_id and {"parameters", "conditions", "readouts", "outcome"} <= doc.keys()
    assert all(c["holds"] in (True, False) for c in doc["conditions"])


def test_show_prints_pretty_steps_formulas_and_numbers():
    code, out, _ = cli("show", "w09.fixed-point-response")
    assert code == 0
    assert "derivation" in out and "printed:" in out and "derived:" in out and "read as:" in out
    assert "─" in out or "β" in out          # SymPy's pretty printer, not str()
    assert "numbers (at 50 digits" in out and "verdict: verified" in out


def test_chapter12_read_outs_at_the_users_settings():
    """C12-D01 at h = 0.75, a = 2: Euler factor -0.5, it shrinks, and the error at time 6."""
    claim_id = claim_with_condition("c12.d01.euler-shrinks")
    code, out, err = cli("check", claim_id, "--set", "h=0.75", "--set", "a=2", "--json")
    assert code in (0, 1), err
    doc = json.loads(out)
    yours = {r["check"]: r["yours"] for r in doc["readouts"]}
    assert yours["c12.d01.euler-factor"] == "-0.5"
    assert yours["c12.d01.euler-shrinks"] == "yes"
    assert yours["c12.d01.error-at-horizon"].startswith("0.0039001057876")   # |(1/2)^8 - e^-12|
    assert doc["parameters"]["h"] == "0.75" and doc["parameters"]["a"] == "2"
    code, text, _ = cli("check", claim_id, "--set", "h=0.75", "--set", "a=2")
    assert "read-outs, recomputed at your settings" in text and "-0.5" in text


@pytest.mark.parametrize("condition_id, sets, words", [
    ("c12.d01.euler-shrinks", ["h=0.75", "a=3"], "0 < a h < 2"),          # ah = 2.25: Euler grows
    ("c12.d01.step-divides-horizon", ["h=0.7"], "divides"),
    ("c12.d02.theta-not-one", ["theta=1"], "theta != 1"),
])
def test_a_parameter_outside_the_conditions_is_reported(condition_id, sets, words):
    claim_id = claim_with_condition(condition_id)
    args = [a for s in sets for a in ("--set", s)]
    code, out, _ = cli("check", claim_id, *args, "--json")
    doc = json.loads(out)
    broken = {c["condition"] for c in doc["conditions"] if not c["holds"]}
    broken |= {r["check"] for r in doc["readouts"] if r["kind"] == "condition" and r["yours"] == "no"}
    assert condition_id in broken and code == 1
    code, text, _ = cli("check", claim_id, *args)
    line = next(l for l in text.splitlines() if words in l)
    assert "VIOLATED" in line


def test_the_notes_own_settings_keep_the_conditions():
    claim_id = claim_with_condition("c12.d01.euler-shrinks")
    code, out, _ = cli("check", claim_id, "--json")
    doc = json.loads(out)
    assert all(c["holds"] for c in doc["conditions"]) and code == 0


def test_unknown_parameter_lists_the_claims_parameters():
    code, _, err = cli("check", "w09.fixed-point-response", "--set", "gamma=1")
    assert code == 2 and "no parameter gamma" in err and "beta=" in err


def test_unknown_id_says_did_you_mean():
    code, _, err = cli("show", "w09.fixed-point-respons")
    assert code == 2 and "did you mean" in err and "w09.fixed-point-response" in err


@pytest.mark.parametrize("args, check", [
    (["--note", "week10"], lambda c: c["note"] == "week10"),
    (["--mark", "approximate"], lambda c: "approximate" in c["marks"]),
    (["--note", "chapter12", "--mark", "exact"], lambda c: c["note"] == "chapter12" and "exact" in c["marks"]),
])
def test_list_filters_by_note_and_mark(args, check):
    code, out, _ = cli("list", *args, "--json")
    claims = json.loads(out)["claims"]
    assert code == 0 and claims and all(check(c) for c in claims)


COLOR = re.compile(r"\x1b\[(?:\d+;)*3\dm")


def test_no_color_is_respected(monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, colored, _ = cli("check", "w09.fixed-point-response", "--set", "beta=0.9")
    assert COLOR.search(colored)
    monkeypatch.setenv("NO_COLOR", "1")
    _, plain, _ = cli("check", "w09.fixed-point-response", "--set", "beta=0.9")
    assert not COLOR.search(plain) and "verdict at these values" in plain


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("tty", [True, False])
def test_report_progress_bar_only_on_a_terminal(monkeypatch, tty):
    from noteproof.cli import terminal as output
    from noteproof.model import ClaimResult, Outcome
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    stream = Terminal() if tty else io.StringIO()
    monkeypatch.setattr("sys.stdout", stream)
    with output.progress(2) as tick:
        tick(ClaimResult("a", "n", "r", "t", (), Outcome.VERIFIED))
    text = stream.getvalue()
    assert ("checking claims" in text) is tty and not COLOR.search(text)
