"""Words of sign, direction and count follow the value beside them (flip the value, the words
flip); an erratum's kind follows from where its witness fails, one test per rule."""
from __future__ import annotations

from fractions import Fraction

import mpmath
import pytest
import sympy as sp

from noteproof.model import ErratumKind, Failure
from noteproof.run import words
from noteproof.run.witness import nearby, where_it_fails


@pytest.mark.parametrize("value", [sp.Rational(2079, 10000), mpmath.mpf("0.2079"), 1e-9])
def test_phase_follows_the_sign_of_the_lead(value):
    assert words.phase(value) == "ahead of"
    assert words.phase(-value) == "behind"
    assert words.phase(0 * value) == "in phase with"


def test_comparison_and_motion_follow_the_values():
    assert (words.compared(3, 1), words.compared(1, 3), words.compared(2, 2)) == ("above", "below", "equal to")
    assert (words.moves(sp.Rational(1, 5)), words.moves(-sp.Rational(1, 5)), words.moves(0)) == \
        ("rises", "falls", "stays")


def test_a_remainder_carries_its_sign():
    h = sp.Symbol("h")
    assert words.signed("h^5/120", -h**5 / 120 / h**5) == "-h^5/120"
    assert words.signed("h^5/120", h**5 / 120 / h**5) == "h^5/120"
    assert words.signed("h^5/120", 0) == "0"


def test_a_sign_that_cannot_be_decided_is_refused():
    with pytest.raises((ValueError, TypeError)):
        words.phase(sp.Symbol("x"))


def test_counts():
    assert (words.count(2), words.count(3), words.count(2, exactly=False), words.count(12)) == \
        ("exactly two", "three", "two", "12")


@pytest.mark.parametrize("failure, kind", [
    (Failure.SETTING, ErratumKind.FALSE), (Failure.OPEN, ErratumKind.FALSE),
    (Failure.BOUNDARY, ErratumKind.MISSING_CONDITION), (Failure.WORDS, ErratumKind.IMPRECISE),
    (Failure.TAG, ErratumKind.OVERTAGGED)])
def test_each_rule_of_the_kinds(failure, kind):
    assert failure.kind is kind


def test_a_failure_at_the_pages_settings_is_false():
    assert where_it_fails(lambda x: Fraction(x) > 0, {"x": "0"}, setting={"x": "1"}) is Failure.SETTING


def test_a_failure_on_an_open_set_is_false():
    assert where_it_fails(lambda x, y: Fraction(x) * Fraction(y) < Fraction(1, 2), {"x": "1/5", "y": "1"},
                          setting={"x": "1", "y": "1"}) is Failure.OPEN


def test_a_failure_only_at_a_boundary_is_a_missing_condition():
    fails = lambda theta, x: abs(Fraction(theta)) >= 1 and Fraction(x) == 0   # noqa: E731
    assert where_it_fails(fails, {"theta": "2", "x": "0"}, setting={"theta": "6/5", "x": "1"}) \
        is Failure.BOUNDARY
    # ... and the same statement failing for every x would be false
    assert where_it_fails(lambda theta, x: abs(Fraction(theta)) >= 1, {"theta": "2", "x": "0"}) is Failure.OPEN


def test_nearby_points_step_each_parameter_both_ways():
    assert nearby({"a": "1", "b": "0"}) == [{"a": "1001/1000", "b": "0"}, {"a": "999/1000", "b": "0"},
                                            {"a": "1", "b": "1/1000"}, {"a": "1", "b": "-1/1000"}]
