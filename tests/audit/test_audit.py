"""`noteproof audit`: baselines, --fix, --json, --base, --strict, bad input; and the locating helpers."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml

from noteproof.sources.locate import changed_lines, find_fragment, find_number, map_span
from tests.forked import run_cli
from tests.helpers import GIT_ENV, ROOT, edit, git_baseline


def git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, env=GIT_ENV)


@pytest.fixture
def repo(project: Path) -> Path:
    """A copy of the project committed in a fresh git repository."""
    return git_baseline(project)


# ------------------------------------------------------------------ locating an edit

MAPPED = [  # (old line, new line, old span, what it became)
    ("Error at time 6: 0.409\n", "Error at time 6: 0.40885\n", "0.409", "0.40885"),
    ("so the gap 0.271 stays above zero\n", "so the gap of 0.271 stays positive\n", "0.271", "0.271"),
    ("frequency is 2 asin(h/2)/h instead\n", "frequency is 2 asin(h/2)/h^2 instead\n", "2 asin(h/2)/h", "2 asin(h/2)/h^2"),
    ("(starts at -1): x = -0.135\n", "(starts at -1): x = 0.135\n", "-0.135", "0.135"),
    ("the slope is x/(1-theta)^2, which\n", "the slope is x/(1-theta)^3, which\n", "x/(1-theta)^2", "x/(1-theta)^3"),
]


@pytest.mark.parametrize("old, new, span, became", MAPPED)
def test_a_span_is_followed_through_the_edit(old, new, span, became):
    old, new = "intro\n" + old + "outro\n", "intro\n" + new + "outro\n"
    _, where = changed_lines(old, new)
    a = old.index(span)
    got = map_span(old, new, a, a + len(span), where)
    assert new[got[0]:got[1]] == became


def test_without_a_baseline_a_number_is_found_by_its_context():
    text = "Explicit factor on the fast mode: -4\nImplicit factor on the fast mode: 0.176\n"
    got = find_number(text, "Implicit factor on the fast mode: 0.167", "0.167", (0, len(text)))
    assert text[got.start:got.end] == "0.176"
    assert find_number(text, "Stiffness ratio (fast rate / slow rate): 100", "100", (0, len(text))) is None


def test_without_a_baseline_a_formula_is_found_by_similarity():
    text = "Verlet's frequency is $2\\arcsin(h/2)/h$ here, and $x_{n+1}=\\frac{x_n}{1-h\\lambda}$ there.\n"
    got = find_fragment(text, "x_{n+1}=\\frac{x_n}{1+h\\lambda}", (0, len(text)), math=True)
    assert got.text(text) == "x_{n+1}=\\frac{x_n}{1-h\\lambda}"


# ------------------------------------------------------------------ the CLI

@pytest.mark.slow
def test_fix_prints_a_patch_that_git_applies_and_then_the_audit_passes(repo):
    note = repo / "notes" / "chapter12.txt"
    edit(note, "Error at time 6: 0.409", "Error at time 6: 0.509")
    edit(note, "Implicit factor on the fast mode: 0.167", "Implicit factor on the fast mode: 0.176")
    before = note.read_bytes()
    run = run_cli("audit", "--fix", cwd=repo)
    assert run.code == 0, run.stderr          # the patch fixes every error
    assert "fix: the patch corrects every error (2)" in run.stderr
    assert note.read_bytes() == before  # never writes the notes
    assert run.stdout.startswith("--- a/notes/chapter12.txt\n+++ b/notes/chapter12.txt\n")
    assert "-Error at time 6: 0.509\n+Error at time 6: 0.409\n" in run.stdout
    assert "+Implicit factor on the fast mode: 0.167\n" in run.stdout
    assert "0.509 is wrong" in run.stderr and "expected 0.409" in run.stderr
    (repo / "fix.patch").write_text(run.stdout, encoding="utf-8")
    applied = git(repo, "apply", "fix.patch")
    assert applied.returncode == 0, applied.stderr
    again = run_cli("audit", "--json", cwd=repo)
    assert again.code == 0, again.stdout
    assert not [f for f in again.json["findings"] if f["severity"] == "error"]


def test_json_document_and_base_lists_the_touched_claims(repo):
    clean = run_cli("audit", "notes/week09.txt", "--base", "HEAD", "--json", cwd=repo)
    assert clean.code == 0 and clean.json["summary"]["touched"] == [] and clean.json["summary"]["claims_run"] == 0
    note = repo / "notes" / "week09.txt"
    edit(note, "2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000987")
    assert git(repo, "commit", "-qam", "edit").returncode == 0
    run = run_cli("audit", "notes/week09.txt", "--base", "HEAD~1", "--json", cwd=repo)
    assert run.code == 1, run.stderr
    doc = run.json
    assert set(doc) == {"findings", "summary"}
    [wrong] = [f for f in doc["findings"] if f["severity"] == "error"]
    assert wrong == {"kind": "number", "severity": "error", "claim": "w09.contraction",
                     "location": "notes/week09.txt:74:91", "message": wrong["message"],
                     "quoted": "0.000987", "expected": "0.000977", "code": "NP101", "help": wrong["help"]}
    assert "0.000977" in wrong["help"]
    # and the claim whose check reads the note itself (claims.yaml: reads_note), touched by any edit of it
    assert doc["summary"]["touched"] == ["w09.contraction", "w09.four-indices"]
    assert doc["summary"]["errors"] == 1
    text = run_cli("audit", "notes/week09.txt", "--base", "HEAD~1", cwd=repo)
    assert "claims touched: w09.contraction, w09.four-indices" in text.stdout


def test_a_new_uncovered_number_is_a_warning_and_with_strict_an_error(repo):
    edit(repo / "notes" / "chapter12.txt", "A quantity decays smoothly.", "A quantity decays smoothly in 3 ways.")
    run = run_cli("audit", "--json", cwd=repo)
    assert run.code == 0, run.stdout
    [warning] = [f for f in run.json["findings"] if f["kind"] == "coverage"]
    assert (warning["severity"], warning["location"], warning["quoted"]) == ("warning", "notes/chapter12.txt:9:31", "3")
    strict = run_cli("audit", "--strict", "--json", cwd=repo)
    assert strict.code == 1
    assert [f["severity"] for f in strict.json["findings"] if f["kind"] == "coverage"] == ["error"]


def test_an_edited_copy_anywhere_is_matched_to_its_note_by_its_text(tmp_path):
    draft = tmp_path / "draft.txt"
    text = (ROOT / "notes" / "week10.txt").read_text(encoding="utf-8")
    draft.write_text(text.replace("this is $12$", "this is $13$"), encoding="utf-8")
    run = run_cli("audit", str(draft), "--json")
    assert run.code == 1, run.stderr
    assert run.json["summary"]["notes"] == [{"path": str(draft), "note": "week10", "baseline": "notes/week10.txt"}]
    [wrong] = [f for f in run.json["findings"] if f["severity"] == "error"]
    assert (wrong["claim"], wrong["quoted"], wrong["expected"]) == ("w10.shared-parameter", "13", "12")
    assert wrong["location"] == f"{draft}:42:26"


@pytest.mark.slow
def test_without_a_baseline_every_claim_of_the_note_runs(project):
    edit(project / "notes" / "week09.txt", "2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.00977")
    run = run_cli("audit", "notes/week09.txt", "--json", cwd=project)
    assert run.code == 1, run.stderr
    assert run.json["summary"]["claims_run"] == len([c for c in yaml.safe_load(
        (project / "claims.yaml").read_text(encoding="utf-8"))["claims"] if c["note"] == "week09"])
    assert [(f["quoted"], f["expected"]) for f in run.json["findings"] if f["kind"] == "number"] == [("0.00977", "0.00098")]


@pytest.mark.parametrize("args, message", [
    (("notes/week11.txt",), "noteproof: error: notes/week11.txt: no such note"),
    (("--base", "no-such-rev"), "noteproof: error: "),
    (("--base=-p",), "noteproof: error: --base takes a revision"),
])
def test_bad_input_exits_2_with_a_located_message(repo, args, message):
    run = run_cli("audit", *args, cwd=repo)
    assert run.code == 2, (run.stdout, run.stderr)
    assert run.stderr.startswith(message), run.stderr
    assert "Traceback" not in run.stderr


def test_an_unknown_revision_names_the_note_and_the_revision(repo):
    run = run_cli("audit", "notes/week09.txt", "--base", "v9.9", cwd=repo)
    assert run.code == 2
    assert "notes/week09.txt" in run.stderr and "'v9.9'" in run.stderr


def test_pre_commit_hook():
    [hook] = yaml.safe_load((ROOT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
    assert hook["id"] == "noteproof-audit" and hook["entry"] == "noteproof audit"
    assert hook["pass_filenames"] is True and hook["files"] == r"notes/.*\.txt$"


def test_fix_keeps_claims_yaml_in_step_with_a_reworded_row(repo):
    """A reworded row passes the audit (a notice); --fix gives the claims.yaml change, and after
    it the report of the note, with no baseline, finds the row exactly as registered."""
    note = repo / "notes" / "week10.txt"
    edit(note, "Backward recursion for the sensitivities\t", "Backward recursion for all the sensitivities\t")
    run = run_cli("audit", "--fix", cwd=repo)
    assert run.code == 0, run.stderr
    assert '-    row: "Backward recursion for the sensitivities"\n' in run.stdout
    assert '+    row: "Backward recursion for all the sensitivities"\n' in run.stdout
    (repo / "fix.patch").write_text(run.stdout, encoding="utf-8")
    assert git(repo, "apply", "fix.patch").returncode == 0
    assert "Backward recursion for all the sensitivities" in (repo / "claims.yaml").read_text(encoding="utf-8")


def test_a_row_the_report_finds_reworded_is_reworded_in_the_audit_too(repo):
    """Probe 75 h10: a row in the passive voice is the report's row reworded (Note.row_of); the
    audit says so (NP505), with no "row removed" beside it: one judge of where a row is."""
    edit(repo / "notes" / "week10.txt", "A shared parameter receives the sum over its uses\t",
         "The sum over its uses is received by a shared parameter\t")
    run = run_cli("audit", "--json", cwd=repo)
    assert run.code == 0, run.stdout
    assert [f["code"] for f in run.json["findings"]] == ["NP505"], run.json["findings"]


def test_fix_exits_1_and_names_on_stderr_the_error_it_cannot_fix(repo):
    """A wrong number is fixed by the patch; a sign flipped in a formula is not: exit 1, the
    formula's finding listed under the patch's summary, and the patch still applies."""
    edit(repo / "notes" / "chapter12.txt", "Error at time 6: 0.409", "Error at time 6: 0.509")
    edit(repo / "notes" / "week09.txt", "{du}=\\frac{1-a_{\\ast }^2}{1-\\beta (1-a_{\\ast }^2)}",
         "{du}=\\frac{1-a_{\\ast }^2}{1+\\beta (1-a_{\\ast }^2)}")
    run = run_cli("audit", "--fix", cwd=repo)
    assert run.code == 1, run.stderr
    unfixed = run.stderr.split("fix: the patch corrects 1 error; 1 error it cannot fix:\n")[1].splitlines()
    assert len(unfixed) == 1 and unfixed[0].startswith("  notes/week09.txt:78:49: NP201 w09.fixed-point-response:")
    assert "+Error at time 6: 0.409\n" in run.stdout and "week09" not in run.stdout
    (repo / "fix.patch").write_text(run.stdout, encoding="utf-8")
    assert git(repo, "apply", "fix.patch").returncode == 0
    doc = run_cli("audit", "--fix", "--json", cwd=repo).json
    assert [(f["code"], f["location"]) for f in doc["unfixed"]] == [("NP201", "notes/week09.txt:78:49")]


def test_a_quote_whose_words_are_rewritten_is_not_followed_onto_another_quotes_number(repo):
    """Probe 105 h04: "so the actual change is 5.263 - 5 = 0.263" rewritten "subtracting the old
    value 5 gives the actual change 0.263": the quote "- 5 = 0.263" is no longer found, as the
    report says (NP102); the character diff's way to "0.19", another quote's number where the
    report places it, is never its new number ("0.19 is wrong: ... computes 5")."""
    edit(repo / "notes" / "chapter12.txt",
         "New equilibrium at theta + 0.01 = 0.81: 1 / 0.19 = 5.263, so the actual change is 5.263 - 5 = 0.263.",
         "At theta + 0.01 = 0.81 the new equilibrium is 1 / 0.19 = 5.263; subtracting the old value 5 gives "
         "the actual change 0.263.")
    run = run_cli("audit", "--json", cwd=repo)
    assert run.code == 1
    assert not [f for f in run.json["findings"] if f["code"] == "NP101"], run.json["findings"]
    assert "NP102" in {f["code"] for f in run.json["findings"]}


def test_a_statement_with_its_clauses_turned_is_reworded_as_the_report_finds_it(repo):
    """Probe 105 h03: "A, so B" printed "B, because A" is the statement reworded (NP505), in the
    audit as in the report (Note.stated), its numbers the same (no NP504); only the quote whose
    words went with the turn ("0.25 = 1.25, so") is no longer found."""
    edit(repo / "notes" / "chapter12.txt",
         "Each step multiplies the energy by 1 + 0.25 = 1.25, so after two steps it is 0.5 x 1.25^2 = 0.78125.",
         "After two steps the energy is 0.5 x 1.25^2 = 0.78125, because each step multiplies it by 1 + 0.25 = 1.25.")
    run = run_cli("audit", "--json", cwd=repo)
    codes = sorted(f["code"] for f in run.json["findings"])
    assert codes == ["NP102", "NP505"], run.json["findings"]
