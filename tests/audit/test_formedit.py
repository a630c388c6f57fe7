"""Edits to mathematics that no check compares: the side of a formula its derivation does not
fix (formedit.py), and math that no formula entry registers at all (mathedit.py).

Both are audit errors; edits confined to checked text, to numbers a quote judges, or to
white space are not. The mutation suite (test_audit_mutations.py) runs such edits of the real
notes through the CLI; here are the rules on small texts.
"""
from __future__ import annotations

import pytest

from noteproof.audit.follow import plan_note
from noteproof.audit.formula_edits import unchecked_change
from noteproof.audit.unregistered import segments, unchecked_math_findings
from noteproof.formula.tokens import changed_outside
from noteproof.model import Location, Severity
from noteproof.sources.notes import Note
from noteproof.sources.registry import FormulaSpec, load_registry
from tests.helpers import make_project


def spec(text: str, side: str = "rhs", part: int | None = None, plain: bool = False) -> FormulaSpec:
    return FormulaSpec(text, plain, "some.derivation", None, (), (), part, side, Location("claims.yaml", 1))


EULER = "h_{\\ell +1}=(1-\\Delta s)h_{\\ell }"


@pytest.mark.parametrize("old, new, side, checked, wrong", [
    (EULER, "h_{\\ell -1}=(1-\\Delta s)h_{\\ell }", "rhs", set(), True),     # the side nothing fixes
    (EULER, "g_{\\ell +1}=(1-\\Delta s)h_{\\ell }", "rhs", set(), True),
    (EULER, "h_{\\ell +1}\\le (1-\\Delta s)h_{\\ell }", "rhs", set(), True),  # the relation itself
    (EULER, "h_{\\ell+1} = (1-\\Delta s) h_{\\ell}", "rhs", set(), False),    # white space
    (EULER, "h_{1+\\ell }=(1-\\Delta s)h_{\\ell }", "rhs", set(), False),     # reads the same
    ("h_1=wx", "h_2=wx", "rhs", {"2"}, True),                                 # a subscript is a name
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000971", "lhs", {"0.000971"}, False),  # a quote judges it
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000971", "lhs", set(), True),
    ("2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000977", "lhs", set(), False),
])
def test_an_edit_where_the_derivation_does_not_look(old, new, side, checked, wrong):
    why = unchecked_change(spec(old, side), old, new, False, checked)
    assert bool(why) is wrong, why


def test_a_derived_relation_is_checked_on_every_side():
    assert unchecked_change(spec(EULER), EULER, "h_{\\ell -1}=(1-\\Delta s)h_{\\ell }", True, set()) == ""


def test_a_part_not_compared_is_held_to_its_baseline():
    old = "a=1,\\quad b=x^2"
    assert unchecked_change(spec(old, part=0), old, "a=1,\\quad b=x^3", False, set())
    assert not unchecked_change(spec(old, part=0), old, "a=1,\\quad b=x\\cdot x", False, set())


def test_changed_outside_marks_plain_numbers_only():
    assert changed_outside("x=0.5", "x=0.6", latex=True, symbols={}, part=None, side="lhs", relation=False) == ("num:0.6",)
    assert changed_outside("x_1=0.5", "x_2=0.5", latex=True, symbols={}, part=None, side="rhs", relation=False) == ("2",)
    assert changed_outside("x=0.5", "x=0.5+y", latex=True, symbols={}, part=None, side="lhs", relation=False) is None


# ------------------------------------------------------------------ math no formula registers

def test_segments():
    assert [s.text for s in segments("a $x=1$ b $$y<2$$ c $e_0=0$")] == ["x=1", "y<2", "e_0=0"]


@pytest.fixture
def mini(tmp_path):
    root = make_project(tmp_path / "mini")
    return root, load_registry(root / "claims.yaml").claims


def audit_plan(root, claims, old: str, new: str):
    note = Note("notes/mini.txt", (root / "notes" / "mini.txt").read_text(encoding="utf-8"))
    edited = Note("notes/mini.txt", note.text.replace(old, new, 1))
    assert edited.text != note.text
    return unchecked_math_findings(plan_note(edited, note, claims), claims)


def with_math(root, line: str) -> None:
    path = root / "notes" / "mini.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("The end.", line + "\n\nThe end."), encoding="utf-8")


@pytest.mark.parametrize("old, new, errors", [
    ("$\\beta <1$", "$\\beta >1$", 1),                      # a hypothesis nothing checks
    ("$e_0=0$", "$e_1=0$", 1),
    ("$\\beta <1$", "$\\beta < 1$", 0),                     # white space
    ("$x=1/8$", "$x=1/9$", 0),                              # a registered formula: its check judges
    ("$\\beta <1$", "$\\beta <2$", 0),                      # a number: quotes and coverage judge it
    ("Hypotheses:", "Hypotheses, with $y$:", 0),            # a symbol named in prose
    ("Hypotheses:", "Hypotheses, with $y=2z$:", 1),         # a new formula nothing checks
])
def test_edited_math_that_nothing_checks_is_an_error(mini, old, new, errors):
    root, claims = mini
    with_math(root, "Hypotheses: $\\beta <1$ and $e_0=0$.")
    found = audit_plan(root, claims, old, new)
    assert len(found) == errors, found
    assert all(f.severity is Severity.ERROR and f.kind == "formula" and f.location.line for f in found)


@pytest.mark.parametrize("old, new, errors", [
    ("= 1 - 0.5 x 2 = 0", "= 1 + 0.5 x 2 = 0", 1),         # an operator
    ("x1 = x0 + h(-a x0)", "x1 = x0 + h(-b x0)", 1),         # a name beside one
    ("e^(-1.2 x 6)", "e^(1.2 x 6)", 1),                      # a sign is arithmetic, not a digit
    ("needs I - J to be", "needs I + J to be", 1),
    ("= 1 - 0.5 x 2 = 0", "= 1 - 0.50 x 2 = 0", 0),         # a number: its quote judges it
    ("the first-order term", "the first order term", 0),    # a hyphen in a word
    ("Check: the step", "Check: then the step", 0),          # rewording
    ("x1 = x0 + h(-a x0)", "x1 = x0 + h(\u2212a x0)", 0),      # a Unicode minus is a minus
])
def test_edited_plain_arithmetic_that_nothing_checks_is_an_error(mini, old, new, errors):
    from noteproof.audit.unregistered import unchecked_arithmetic_findings
    root, claims = mini
    with_math(root, "Check: the step x1 = x0 + h(-a x0) = 1 - 0.5 x 2 = 0 keeps the first-order term;\n"
                    "e^(-1.2 x 6) is small; it needs I - J to be invertible.")
    note = Note("notes/mini.txt", (root / "notes" / "mini.txt").read_text(encoding="utf-8"))
    assert old in note.text
    plan = plan_note(Note(note.path, note.text.replace(old, new, 1)), note, claims)
    found = unchecked_arithmetic_findings(plan)
    assert len(found) == errors, found
    assert all(f.severity is Severity.ERROR and f.location.line > 1 for f in found)
