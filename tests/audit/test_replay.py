"""Judging an edit again from the baseline's cached result (replay.py): the same findings as a
run, without SymPy; and a run whenever the cached digits or tokens cannot vouch for the edit.

The mutation suite (test_audit_mutations.py) checks agreement with a run on every edit of the
real notes; here are the rules one by one, on the small project of tests/helpers.py (make_project).
"""
from __future__ import annotations

import json
import os
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from noteproof.audit.from_cache import _decided, _number, _same_checks, _value
from noteproof.formula.tokens import same_reading
from noteproof.model import NumberResult, Outcome
from noteproof.sources.notes import Note
from noteproof.sources.registry import QuoteSpec
from tests.helpers import cli, imported, make_project

NOTE = Path("notes/mini.txt")


@pytest.fixture(scope="module")
def reported(tmp_path_factory) -> Path:
    """The mini project, committed, with the cache its report leaves."""
    root = make_project(tmp_path_factory.mktemp("replay") / "mini")
    env = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "base"]):
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=env)
    run = cli(root, "report", "--out", str(root.parent / "out"), "--jobs", "1")
    assert run.returncode == 0, run.stderr
    return root


def audit_edit(root: Path, old: str, new: str, *extra: str) -> tuple[subprocess.CompletedProcess, dict]:
    """Audit the note edited (then put it back; audit-made cache entries are dropped too)."""
    note = root / NOTE
    text = note.read_text(encoding="utf-8")
    assert old in text
    kept = set((root / ".noteproof-cache").iterdir())
    note.write_text(text.replace(old, new, 1), encoding="utf-8")
    try:
        proc = cli(root, "audit", "--json", *extra, probe=True)
    finally:
        note.write_text(text, encoding="utf-8")
        for entry in set((root / ".noteproof-cache").iterdir()) - kept:
            entry.unlink()
    return proc, json.loads(proc.stdout.split("\nIMPORTED")[0])


@pytest.mark.parametrize("old, new, code", [
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000987", 1),     # wrong beyond rounding
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.0009765625", 0),  # more digits
    ("Halving ten times gives", "Ten halvings give", 0),            # rewording around the number
    ("Ten halvings give $2^{-10}$\t[Exact.]", "Ten halvings give $2^{-10}$\t[Proposal]", 0),  # tag lowered
    ("Three halvings leave $x=1/8$", "Three halvings\nleave exactly $x=1/8$", 0),  # a formula moved
])
def test_an_edit_of_printed_text_is_judged_from_the_cache_without_sympy(reported, old, new, code):
    warm, found = audit_edit(reported, old, new)
    assert warm.returncode == code, warm.stdout + warm.stderr
    assert found["summary"]["claims_replayed"] >= 1 and found["summary"]["claims_run"] == 0
    assert not imported(warm) & {"sympy", "mpmath", "content"}
    cold, truth = audit_edit(reported, old, new, "--no-cache")
    assert cold.returncode == code and truth["summary"]["claims_run"] >= 1
    assert found["findings"] == truth["findings"]


def test_a_wrong_number_judged_from_the_cache_carries_the_fix(reported):
    _, found = audit_edit(reported, "2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000987")
    wrong = [f for f in found["findings"] if f["kind"] == "number"]
    assert [(f["severity"], f["quoted"], f["expected"]) for f in wrong] == [("error", "0.000987", "0.000977")]


def test_an_edited_formula_is_run(reported):
    warm, found = audit_edit(reported, "$x=1/8$", "$x=1/9$")
    assert warm.returncode == 1
    assert found["summary"]["claims_run"] == 1 and found["summary"]["claims_replayed"] == 0
    assert any(f["kind"] == "formula" and f["severity"] == "error" for f in found["findings"])


# ------------------------------------------------------------------ formulas: same_reading

READ = dict(latex=True, symbols={}, part=None)


@pytest.mark.parametrize("old, new, side, relation, same", [
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000977", "rhs", True, True),     # unchanged
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000971", "lhs", False, True),    # number beside the compared side
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000971", "rhs", False, False),   # the compared side
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000971", "lhs", True, False),    # a derived relation: all compared
    ("2^{-10}\\simeq 0.000977", "2^{-11}\\simeq 0.000977", "rhs", False, False),   # an exponent
    ("0.5^{2}\\simeq x", "0.6^{2}\\simeq x", "rhs", False, False),                  # a base
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\approx 0.000977", "lhs", False, True),   # the same relation
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\le 0.000977", "lhs", False, False),      # another relation
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq y", "lhs", False, False),          # a number became a name
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.0009", "lhs", False, True),
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 1" + "0" * 30, "lhs", False, False),  # too long to vouch for
    ("a=1,\\quad b=2", "a=1,\\quad b=3", "rhs", False, False),                       # every part compared
])
def test_same_reading(old, new, side, relation, same):
    assert same_reading(old, new, side=side, relation=relation, **READ) is same


def test_same_reading_of_a_part_not_compared_and_of_plain_text():
    assert same_reading("a=1,\\quad b=2", "a=1,\\quad b=3", latex=True, symbols={}, part=0, side="rhs",
                        relation=False)
    assert same_reading("2 asin(h/2)/h ~ 0.96", "2 asin(h/2)/h ~ 0.97", latex=False, symbols={}, part=None,
                        side="lhs", relation=False)
    assert not same_reading("2 asin(h/2)/h ~ 0.96", "3 asin(h/2)/h ~ 0.96", latex=False, symbols={}, part=None,
                            side="lhs", relation=False)


def test_same_reading_of_unreadable_text_is_false():
    assert not same_reading("x = \\frac{1}{2", "x = \\frac{1}{3", side="lhs", relation=False, **READ)


# ------------------------------------------------------------------ numbers: enough digits to decide

def quote(number: str, exact: bool = False) -> QuoteSpec:
    return QuoteSpec(f"value {number} here", number, "some.numeric", None, exact, None)


def computed(text: str, dps: int = 50) -> NumberResult:
    return NumberResult("0.5", text, dps, Outcome.VERIFIED, None, "some.numeric")


@pytest.mark.parametrize("quoted, text, dps, decided", [
    ("0.409", "0.40885117166406588536", 50, True),
    ("0.41", "0.40885117166406588536", 50, True),       # wrong, and surely so
    ("0.5", "0.45", 50, False),                          # 20 digits cannot tell 0.45 from just below it
    ("0.5", "0.55", 50, False),
    ("0.5", "0.45", 0, True),                            # a float is exactly what it prints
    ("1/2", "0.5", 50, False),                           # a fraction asks for equality
    ("1/2", "1/2", 50, True),                            # an exact rational
    ("3,760", "3761.5816", 50, True),
])
def test_decided(quoted, text, dps, decided):
    value, eps = _value(computed(text, dps))
    assert _decided(quote(quoted), quoted, value, eps) is decided


def test_a_number_printed_as_a_fraction_is_never_decided_from_the_cache():
    """1/6 printed for the registered 0.167: exact, so the cache's 20 digits cannot judge it."""
    value, eps = _value(computed("0.16666666666666666667"))
    assert _decided(quote("0.167"), "0.167", value, eps)
    assert not _decided(quote("0.167"), "1/6", value, eps)


def test_an_undecided_number_is_run_and_a_decided_one_is_judged():
    note = Note("n.txt", "value 0.5 here\n")
    assert _number(quote("0.5"), computed("0.45"), note) is None
    judged = _number(quote("0.5"), computed("0.47"), note)
    assert judged.outcome is Outcome.VERIFIED and judged.location.line == 1
    wrong = _number(quote("0.5"), computed("0.58"), note)
    assert wrong.outcome is Outcome.FAILED and "0.58" in wrong.message


def test_an_error_or_a_missing_value_is_run():
    note = Note("n.txt", "value 0.5 here\n")
    assert _number(quote("0.5"), replace(computed("0.5"), outcome=Outcome.ERROR), note) is None
    assert _number(quote("0.5"), replace(computed(""), outcome=Outcome.FAILED), note) is None
    assert _number(quote("0.5"), replace(computed("0.5"), check="other.numeric"), note) is None


def test_changed_checks_are_run(reported):
    from noteproof.sources.registry import load_registry
    claim = load_registry(reported / "claims.yaml").claims[0]
    assert _same_checks(claim, replace(claim, row="reworded"))
    assert not _same_checks(claim, replace(claim, derivations=("other",)))
    assert not _same_checks(claim, replace(claim, quotes=tuple(replace(q, numeric="x") for q in claim.quotes)))
