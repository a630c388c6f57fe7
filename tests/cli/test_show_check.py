"""`noteproof show` and `noteproof check` for every claim id, in this process (content and
SymPy imported once); parameters outside a claim's conditions; list filters; NO_COLOR."""
import contextlib
import io
import json
import re

import pytest

from noteproof.cli.main import main
from tests.helpers import ROOT, copy_project, run_cli


def cli(*args):
    """(exit code, stdout, stderr) of the real CLI run in this process; a check runs afresh (it
    neither replays nor writes the repository's cache: test_a_check_again_is_shown_from_the_cache)."""
    if args[0] == "check":
        args = (*args, "--no-cache")
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
    from noteproof.formula.respelled import registered_view
    from noteproof.sources.content import memoize_derivations
    project = project_module.load_project(ROOT, view=registered_view)
    memoize_derivations(project.content)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(project_module, "load_project", lambda root=None, note_paths=None, **_: project)
        yield project


def test_show_works_for_every_claim(claim_id, shared_project):
    code, out, err = cli("show", claim_id)
    assert code in (0, 1), err
    assert "Traceback" not in out + err
    assert out.startswith(claim_id) and re.search(r"verdict: (verified|partly verified|failed|error|unverified)", out)


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
    ("c12.d02.theta-not-one", ["theta=1"], "θ ≠ 1"),                 # the terminal speaks the note's notation
    ("w09.contracting-coupling", ["beta=3"], "0 < β < 1"),            # the bound holds; the cell's range not
    ("w10.stable-variance-step", ["eta=3"], "0 < η h < 2"),
])
def test_a_parameter_outside_the_conditions_is_reported(condition_id, sets, words):
    claim_id = claim_with_condition(condition_id)
    args = [a for s in sets for a in ("--set", s)]
    code, out, _ = cli("check", claim_id, *args, "--json")
    doc = json.loads(out)
    broken = {c["condition"] for c in doc["conditions"] if not c["holds"]}
    broken |= {r["check"] for r in doc["readouts"] if r["kind"] == "condition" and r["yours"] == "no"}
    # outside the range the claim's own conditions state, the note says nothing: not applicable (exit 3)
    own = {c["condition"] for c in doc["conditions"] if c["holds"] is False}
    assert condition_id in broken and code == (3 if own else 1)
    assert (doc["outcome"] == "not applicable") == bool(own) and doc["applicable"] is not bool(own)
    code, text, _ = cli("check", claim_id, *args)
    lines = [line for line in text.splitlines() if words in line]   # (a derived form may print it too)
    assert any("VIOLATED" in line for line in lines), lines
    shown = re.sub(r"\b[a-z0-9]+\.[\w.-]+", "", text)            # claim and check ids set aside
    assert not re.search(r"\b(beta|theta|eta)\b|!=|<=|>=|\*\*", shown)


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


# ---- issue 15: `check` that teaches -------------------------------------------------------------

def test_check_prints_the_closed_form_at_the_users_value():
    run = run_cli("check", "w09.fixed-point-response", "--set", "beta=0.9")
    assert run.code == 0, run.stderr
    assert "closed forms at your settings" in run.stdout and "= 10" in run.stdout


def test_check_at_a_pole_explains_without_an_exception_name():
    run = run_cli("check", "w09.fixed-point-response", "--set", "beta=1")
    assert run.code == 3, run.stderr   # beta = 1 is outside the note's 0 < beta < 1: not applicable
    assert "undefined" in run.stdout and "denominator" in run.stdout
    assert "ArithmeticError" not in run.stdout + run.stderr and "Traceback" not in run.stderr


def test_check_names_a_complex_value_and_the_broken_condition():
    run = run_cli("check", "c12.d04.energy-and-timing", "--set", "h=2.5")
    assert run.code == 3, run.stderr   # outside the stated 0 < h < 2: not applicable, not failed
    assert "not applicable here: the note states 0 < h < 2" in run.stdout and "failed" not in run.stdout
    assert "outside the page's slider range 0.1 to 1.25" in " ".join(run.stdout.split())
    assert "mpc" not in run.stdout and "complex at h = 2.5" in run.stdout
    assert "VIOLATED" in run.stdout and "0 < h < 2 (the Verlet step is stable)" in run.stdout


def test_a_worked_examples_number_does_not_rejudge_the_general_statement():
    # beta = 9/10 is inside the status cell's 0 < beta < 1, yet ten steps no longer get under 0.001
    run = run_cli("check", "w09.contraction", "--set", "beta=9/10", "--json")
    assert run.code == 0, run.stdout
    doc = run.json
    assert doc["outcome"] == "verified"
    example = [s for s in doc["statements"] if not s["judged"]]
    assert example and not example[0]["holds"] and "3486784401/10000000000" in example[0]["statement"]
    assert all(s["holds"] for s in doc["statements"] if s["judged"])
    assert all(n["outcome"] == "unverified" for n in doc["numbers"])


def test_scientific_notation_is_an_exact_decimal_and_a_repeated_set_is_refused():
    run = run_cli("check", "w09.fixed-point-response", "--set", "beta=1e-3", "--json")
    assert run.code == 0, run.stderr
    assert run.json["parameters"]["beta"] == "0.001"
    assert any(f["form"] == "response" and f["value"] == "1000/999" for f in run.json["closed_forms"])
    twice = run_cli("check", "w09.fixed-point-response", "--set", "beta=0.9", "--set", "beta=0.8")
    assert twice.code == 2 and "given twice" in twice.stderr and "Traceback" not in twice.stderr


def _shown_command_lines() -> list[list[str]]:
    """Every `noteproof ...` command line of README.md's sh blocks and of every --help epilog."""
    import argparse
    import re
    import shlex

    from noteproof.cli.main import EXAMPLES, build_parser
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    # the "Adding a note" tutorial works on a note of its own (tests/cli/test_tutorial.py runs it)
    readme = re.sub(r"<!-- tutorial: .*?<!-- /tutorial -->", "", readme, flags=re.S)
    texts = re.findall(r"```sh\n(.*?)```", readme, re.S)
    texts.append(EXAMPLES)
    parser = build_parser()
    verbs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    texts += [p.epilog or "" for p in verbs.choices.values()]
    lines = []
    for text in texts:
        for line in text.splitlines():
            line = line.strip()
            if not line.startswith("noteproof ") and ".venv/bin/noteproof " not in line:
                continue
            line = line[line.index("noteproof "):]
            line = re.split(r"\s(?:#|>|&&|\|)\s?", line)[0]
            line = re.split(r"\s{2,}", line)[0]   # the epilog's explanation column
            lines.append(shlex.split(line)[1:])
    return [list(x) for x in dict.fromkeys(tuple(x) for x in lines)]


def test_readme_and_help_examples_name_real_claims():
    from noteproof.sources.project import load_project
    ids = {c.id for c in load_project(ROOT).registry.claims}
    for args in _shown_command_lines():
        if args[0] in ("show", "check"):
            assert args[1] in ids, args


def test_check_says_when_a_conclusion_the_note_draws_is_reversed_at_the_users_values():
    """|theta| = 1.2 > 1, "the iteration does not settle" (claims.yaml `decides:`): at theta = 0.5
    the value says not; at theta = 2 the conclusion still holds."""
    code, out, _ = cli("check", "c12.d02.settles-only-if-contraction", "--set", "theta=0.5")
    assert "what the note concludes from its numbers, at your settings" in out
    assert "REVERSED" in " ".join(out.split())
    assert "the note's conclusion 'the iteration does not settle' is reversed at your settings: the value 0.5 " \
           "says not (0.5 is not ≥ 1)" in " ".join(out.split())
    code, out, _ = cli("check", "c12.d02.settles-only-if-contraction", "--set", "theta=2", "--json")
    [c] = [c for c in json.loads(out)["conclusions"] if c["check"] == "c12.d02.multiplier-size"]
    assert c["holds"] is True and c["value"] == "2" and c["says"] == "the iteration does not settle"


def test_show_names_a_decision_error_in_an_edited_copy(tmp_path):
    """No baseline: the read-out printed across its conclusion's threshold is a decision error."""
    project = copy_project(tmp_path / "project")
    note = project / "notes" / "chapter12.txt"
    note.write_text(note.read_text(encoding="utf-8").replace("Size of multiplier |theta|: 1.2",
                                                             "Size of multiplier |theta|: 0.8", 1), encoding="utf-8")
    run = run_cli("show", "c12.d02.settles-only-if-contraction", "--json", cwd=project)
    [n] = [n for n in run.json["numbers"] if n["check"] == "c12.d02.multiplier-size"]
    assert n["decision"] is True and n["outcome"] == "failed"
    assert "decision error: the note concludes 'the iteration does not settle', which the printed 0.8 " \
           "contradicts" in n["message"]
    run = run_cli("show", "c12.d02.settles-only-if-contraction", cwd=project)
    assert "decision error: the note concludes" in " ".join(run.stdout.split())


# ---- issue 24: `check` prints derived forms in the note's notation; --json gives LaTeX beside --------

def test_check_prints_derived_forms_in_the_notes_notation():
    code, out, _ = cli("check", "w09.fixed-point-response", "--set", "beta=0.7")
    assert code == 0
    assert "slope: (1 − a*²)/(a*²β − β + 1)  →  (1 − a*²)/(7a*²/10 + 3/10)" in out
    assert "response: −1/(β − 1) = 10/3" in out and "your settings: β = 0.7" in out
    assert not re.search(r"a_star|\*\*|\bbeta\b|!=|<=|>=", re.sub(r"\b[a-z0-9]+\.[\w.-]+", "", out))


def test_check_json_keeps_the_plain_forms_and_gives_their_latex():
    code, out, _ = cli("check", "w09.fixed-point-response", "--set", "beta=0.7", "--json")
    doc = json.loads(out)
    slope = next(f for f in doc["closed_forms"] if f["form"] == "slope")
    assert slope["expression"] == "(1 - a_star**2)/(a_star**2*beta - beta + 1)"      # plain, as before
    assert re.search(r"a\}?_\{\\ast", slope["expression_latex"]) and "a_{star}" not in slope["expression_latex"]
    assert "\\beta" in slope["expression_latex"] and "\\frac{7" in slope["at_latex"]
    response = next(f for f in doc["closed_forms"] if f["form"] == "response")
    assert (response["value"], response["value_latex"]) == ("10/3", "10/3")
    assert all("**" not in s["statement_latex"] and "statement" in s for s in doc["statements"])
    assert all("\\beta" in c["statement_latex"] for c in doc["conditions"] if "beta" in c["statement"])
    assert all(f["derived_latex"] and "**" not in f["derived_latex"] for f in doc["formulas"])


@pytest.mark.parametrize("args", [("w09.contraction",), ("w09.fixed-point-response", "--set", "beta=0.9"),
                                  ("c12.d01.euler-follows-decay", "--set", "h=0.75", "--set", "a=2"),
                                  ("w09.contraction", "--set", "beta=3")])
def test_a_check_again_is_shown_from_the_cache(tmp_path, args):
    """The same claim at the same values, digits and note: the second check is read from
    .noteproof-cache/ (under the report's key: run.cache) and prints what a fresh one prints,
    exit status included."""
    project = copy_project(tmp_path / "project")
    first = run_cli("check", *args, "--json", cwd=project)
    entries = set((project / ".noteproof-cache").iterdir())
    again = run_cli("check", *args, "--json", cwd=project)
    fresh = run_cli("check", *args, "--json", "--no-cache", cwd=project)
    assert first.code == again.code == fresh.code in (0, 1, 3)
    assert first.stdout == again.stdout == fresh.stdout
    assert set((project / ".noteproof-cache").iterdir()) == entries   # nothing new: read, not run
