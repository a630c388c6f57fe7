"""Worked calculations read link by link (formula.chains, formula.arith) and judged (run.steps)."""
from __future__ import annotations

from fractions import Fraction

import pytest

from noteproof.formula.arith import value
from noteproof.formula.chains import links
from noteproof.formula.tokens import tokens
from noteproof.run.steps import judge, significant_digits
from noteproof.sources.notes import Note


def _links(text: str):
    note = Note("notes/x.txt", text)
    return note, links(note)


@pytest.mark.parametrize("src, latex, expected", [
    ("1.2 x 0 + 1", False, Fraction(1)),
    ("1 / (1 - (1.2))", False, Fraction(-5)),
    ("-2/(0.5)^2", False, Fraction(-8)),
    ("0.5 x 1.25^2", False, Fraction(25, 32)),
    ("2^4", False, Fraction(16)),
    (r"\frac{1}{2}(0.8)(0.2)", True, Fraction(2, 25)),
    (r"2^{-10}", True, Fraction(1, 1024)),
    (r"\sqrt{4}/(1+\sqrt{9})", True, Fraction(1, 2)),
])
def test_printed_arithmetic_is_evaluated_exactly(src, latex, expected):
    assert value(tokens(src, {}, latex)) == expected


@pytest.mark.parametrize("src, latex, approx", [
    ("e^(-1.2 x 6)", False, 0.000746585808),
    ("2 e^(-2 x 1)", False, 0.2706705665),
    (r"-\log 0.08", True, 2.525728644),
    (r"\sqrt{3}/(1+\sqrt{3})", True, 0.633974596),
])
def test_transcendental_parts_at_working_precision(src, latex, approx):
    assert float(value(tokens(src, {}, latex))) == pytest.approx(approx, rel=1e-9)


@pytest.mark.parametrize("src", ["theta + 0.01", "h x rate", "x0", "a(1)", "2 x"])
def test_a_name_makes_a_side_not_arithmetic(src):
    try:
        toks = tokens(src, {}, False)
    except Exception:
        return
    assert value(toks) is None


def test_links_are_only_between_numeric_sides():
    note, found = _links("Fixed point: z* = x / (1 - theta) = 1 / (1 - (1.2)) = -5. New equilibrium at "
                         "theta + 0.01 = 0.81: 1 / 0.19 = 5.263. Estimate = slope x 0.01 = 0.25. "
                         "Energy by 1 + h^2 = 1.25 per step. First update: z1 = 1.2 x 0 + 1 = 1.")
    assert [k.text for k in found] == ["1 / (1 - (1.2)) = -5", "1 / 0.19 = 5.263", "1.2 x 0 + 1 = 1"]


def test_a_latex_span_splits_at_relations_and_separators():
    _, found = _links(r"The path has probability $\frac{1}{2}(0.8)(0.2)=0.08$, cost $-\log 0.08\simeq 2.525729$ "
                      r"and $p_1(A)=3/4,\quad x=2$.")
    assert [(k.left.text, k.op, k.right.text) for k in found] == [
        (r"\frac{1}{2}(0.8)(0.2)", "=", "0.08"), (r"-\log 0.08", "~", "2.525729")]


def _judged(text: str):
    note, found = _links(text)
    assert len(found) == 1, found
    return judge(found[0], note)


@pytest.mark.parametrize("text", [
    "z1 = 1.2 x 0 + 1 = 1.",           # exact
    "gives (-0.8)^4 = 0.41 at time 6",   # a rounding keeping two digits
    "after 40 steps H = 0.5 x 1.25^40 = 3,760.",   # thousands comma; three significant digits
    r"so $2^{-10}\simeq 0.001$ here",   # marked approximate: one digit is enough
    "and 2/500 = 0.004 so",
    "so 0.5 < 2/3 holds",
])
def test_steps_that_hold(text):
    assert _judged(text).holds


@pytest.mark.parametrize("text, expected", [
    ("z1 = 1.2 x 0 + 2 = 1.", "2"),          # an operand mistyped
    ("z2 = 1.2 x 1 + 1 = 2.3.", "2.2"),      # a result off
    ("z2 = 1.2 x 1 + 1 = 2.", "2.2"),          # rounded to one digit with "=": a wrong step
    ("and 2/500 = 0.04 so", "0.004"),
    (r"cost $-\log 0.08\simeq 2.625729$", "2.525729"),
])
def test_wrong_steps_fail_with_the_value_to_print(text, expected):
    got = _judged(text)
    assert not got.holds
    assert got.expected == expected


def test_a_wrong_inequality_step_fails():
    assert not _judged("so 0.7 < 2/3 holds").holds


@pytest.mark.parametrize("text, n", [("0.41", 2), ("3760", 3), ("0.000747", 3), ("500", 1), ("5.263", 4), ("-1.16", 3)])
def test_significant_digits(text, n):
    assert significant_digits(text) == n


@pytest.mark.parametrize("text", [
    "slope times 0.01 = 0.25.", "weights 1, 2, 2, 1 = 6 in total", "2 times 3 = 6", "Ratio 3:4 = 0.75",
    "ln 2 = 0.693", "theta - 0.01 = 0.79", "Ranges 10-12 = 2 items", "step 3 of 5 = 0.6", "slope x 0.01 = 0.25",
])
def test_a_number_that_ends_something_longer_is_no_side(text):
    """A reviewer's false alarms: the number after a word, a list, a ratio, a name it is
    subtracted from, or a range is not the whole side of a step."""
    assert not _links(text)[1]


@pytest.mark.parametrize("text, step", [
    ("Exact e^(-1) = 0.368.", "e^(-1) = 0.368"), ("It is -2/(0.5)^2 = -8, so", "-2/(0.5)^2 = -8"),
    ("Each step multiplies the energy by 1 + 0.25 = 1.25", "1 + 0.25 = 1.25"),
    ("0.81: 1 / 0.19 = 5.263", "1 / 0.19 = 5.263"),
])
def test_the_notes_steps_after_words_are_still_read(text, step):
    assert [k.text for k in _links(text)[1]] == [step]


def test_frac_takes_single_digits_as_tex_does():
    """``\\frac12`` is one half (TeX reads one digit per argument), not twelve over what follows."""
    assert value(tokens(r"\frac12(0.8)(0.2)", {}, True)) == Fraction(2, 25)
    assert _judged(r"so $\frac12(0.8)(0.2)=0.08$ here").holds
    assert not _judged(r"so $\frac12(0.8)(0.2)=3$ here").holds


def test_about_before_the_step_marks_it_approximate():
    assert _judged("about 2 x 1.1 = 2 of them").holds
    assert not _judged("so 2 x 1.1 = 2 of them").holds


def test_about_after_the_relation_marks_the_result_approximate():
    """``= about 4,000`` was no step at all: the word stood between the relation and the result."""
    assert _judged("The run takes 2 x 2,000 = about 4,000 steps.").holds
    assert _judged("The run takes 2 x 2,100 = roughly 4,000 steps.").holds     # one digit, marked
    assert not _judged("The run takes 2 x 2,000 = about 5,000 steps.").holds
    assert not _judged("The run takes 2 x 2,100 = 4,000 steps.").holds         # one digit, unmarked


@pytest.mark.parametrize("text, holds, expected", [
    (r"so $\log_{10} 1000 = 3$ here", True, ""),
    (r"so $\log_{10} 1000 = 4$ here", False, "3"),                  # exact: an integer power of the base
    (r"so $\log_2 8 = 3$ here", True, ""),                          # a one-digit base, as TeX reads it
    (r"so $\log_{10} 2 \simeq 0.301$ here", True, ""),
    (r"so $\log_{10} 2 \simeq 0.699$ here", False, "0.301"),        # ln 2 / ln 10, not its complement
])
def test_a_logarithm_to_a_printed_base(text, holds, expected):
    got = _judged(text)
    assert got.holds is holds and got.expected == expected


@pytest.mark.parametrize("src", [r"\log_{1} 2", r"\log_{0} 2", r"\log_{10} 0", r"\log_{10} (-1)"])
def test_a_logarithm_without_a_value(src):
    assert value(tokens(src, {}, True)) is None


def test_a_times_sign_before_a_parenthesised_number_joins_the_chain():
    """Probe 12 h06: ``2 x (-0.351) x 1.649`` is a product, so the chain is read whole; ``x(1)``
    with no space is x at 1, no arithmetic."""
    note, found = _links("The gradient 2 (x(1) - y) x(1) = 2 (1.649 - 2) x 1.649 = 2 x (-0.351) x 1.649 = -1.16.\n")
    shown = [(k.left.text, k.right.text) for k in found]
    assert ("2 (1.649 - 2) x 1.649", "2 x (-0.351) x 1.649") in shown
    assert ("2 x (-0.351) x 1.649", "-1.16") in shown
    assert all(judge(k, note).holds for k in found)


def test_a_value_restated_rounded_in_parentheses_is_an_approximate_step():
    """``1/6 (about 0.167)``: a link, judged like any worked step (probe 66: h14)."""
    assert _judged("Implicit factor: 1/6 (about 0.167), so").holds
    assert _judged("Implicit factor: 1/6 (≈ 0.1667).").holds
    assert not _judged("Implicit factor: 1/5 (about 0.167), so").holds
    assert [(k.left.text, k.op, k.right.text) for k in _links("f: 1/6 (about 0.167); (roughly h^4)\n")[1]] == \
        [("1/6", "~", "0.167")]
