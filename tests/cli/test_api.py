"""The notebook API: noteproof.claim(id).derivation() / .check(beta="0.9"), rendered in Jupyter."""
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction

import pytest
import sympy

import noteproof
from tests.helpers import ROOT
from noteproof.errors import UsageError
from noteproof.model import ClaimResult, Derived, Outcome

CLAIM = "w09.fixed-point-response"


@pytest.fixture(scope="module")
def claim():
    return noteproof.claim(CLAIM, root=ROOT)


def test_import_noteproof_does_not_import_sympy():
    code = "import sys, noteproof; noteproof.claim; print('sympy' in sys.modules, 'mpmath' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_derivation_gives_sympy_objects_and_latex(claim):
    d = claim.derivation()
    assert isinstance(d, Derived) and d.forms and d.steps
    assert all(isinstance(f, sympy.Basic) for f in d.forms.values())
    assert all(e.holds for e in d.evidence)
    latex = d._repr_latex_()
    assert latex.startswith("$\\begin{aligned}") and latex.endswith("$") and "\\beta" in latex


def test_check_at_the_users_value_gives_a_claim_result_in_markdown(claim):
    r = claim.check(beta="0.9")
    assert isinstance(r, ClaimResult) and r.id == CLAIM and r.outcome is Outcome.VERIFIED
    md = r._repr_markdown_()
    assert f"### `{CLAIM}`" in md and "| evidence |" in md


@pytest.mark.parametrize("value", ["9/10", Fraction(1, 4), Decimal("0.3")])
def test_parameters_as_exact_text_fractions_or_decimals(claim, value):
    assert claim.check(beta=value).outcome is Outcome.VERIFIED


@pytest.mark.parametrize("params, words", [
    ({"beta": 0.9}, "as a string"),
    ({"beta": "__import__('os')"}, "not a decimal"),
    ({"beta": "1e3"}, "not a decimal"),
    ({"gamma": "1"}, "no parameter gamma"),
])
def test_bad_parameters_are_refused_before_running(claim, params, words):
    with pytest.raises(UsageError, match=words):
        claim.check(**params)


def test_parameters_list_the_notes_values(claim):
    assert claim.parameters()["beta"] == "1/2"


def test_root_found_by_walking_up(monkeypatch):
    monkeypatch.chdir(ROOT / "notes")
    c = noteproof.claim(CLAIM)
    assert c.spec.note == "week09" and "Response" in c._repr_markdown_()


def test_unknown_id_says_did_you_mean():
    with pytest.raises(UsageError, match="did you mean"):
        noteproof.claim("w09.fixed-point-respons", root=ROOT)
