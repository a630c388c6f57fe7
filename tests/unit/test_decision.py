"""Decision errors (statcheck's): a failing number whose value lies on the other side of the
conclusion the note draws from it than the printed number, reported apart from a wrong digit."""
from decimal import Decimal
from fractions import Fraction

import mpmath
import pytest

from noteproof.model import Location, Outcome
from noteproof.run.claim import place_number
from noteproof.run.decision import at_settings, reversal
from noteproof.sources.notes import Note
from noteproof.sources.registry import Decides, QuoteSpec, Side

SETTLES = Decides(">", "1", "the iteration does not settle")
SHRINKS = Decides("<", "1", "Euler shrinks", size=True)


def quote(snippet: str, number: str, decides: Decides | None) -> QuoteSpec:
    return QuoteSpec(snippet, number, "c12.d02.multiplier-size", None, False, Location("claims.yaml", 1),
                     decides=decides)


def judged(printed: str, value, decides: Decides | None = SETTLES, overridden: bool = False):
    note = Note("notes/n.txt", f"Size of multiplier |theta|: {printed}\nIteration settles?: no\n")
    q = quote("Size of multiplier |theta|: 1.2", "1.2", decides)
    return place_number(note, q, value, mpmath.nstr(value, 20) if not isinstance(value, Decimal) else str(value),
                        50, overridden)


def test_the_printed_number_as_computed_is_no_error():
    with mpmath.workdps(50):
        n = judged("1.2", mpmath.mpf("1.2"))
    assert n.outcome is Outcome.VERIFIED and not n.decision


def test_a_printed_number_across_the_threshold_is_a_decision_error():
    with mpmath.workdps(50):
        n = judged("0.8", mpmath.mpf("1.2"))
    assert n.outcome is Outcome.FAILED and n.decision
    assert "decision error: the note concludes 'the iteration does not settle', which the printed 0.8 " \
           "contradicts (0.8 is not > 1); the value 1.2 supports the conclusion" in n.message


def test_a_value_across_the_threshold_is_a_decision_error():
    """The page's setting changed (theta = 0.8) while the read-out still prints 1.2."""
    with mpmath.workdps(50):
        n = judged("1.2", mpmath.mpf("0.8"))
    assert n.outcome is Outcome.FAILED and n.decision
    assert "decision error: the note concludes 'the iteration does not settle'; the value 0.8 says not " \
           "(0.8 is not > 1)" in n.message


@pytest.mark.parametrize("printed", ["1.3", "1.1", "2"])
def test_a_wrong_digit_on_the_same_side_is_an_ordinary_wrong_number(printed):
    with mpmath.workdps(50):
        n = judged(printed, mpmath.mpf("1.2"))
    assert n.outcome is Outcome.FAILED and not n.decision and "decision" not in n.message


def test_without_decides_a_number_across_the_threshold_is_only_wrong():
    with mpmath.workdps(50):
        n = judged("0.8", mpmath.mpf("1.2"), decides=None)
    assert n.outcome is Outcome.FAILED and not n.decision


def test_a_size_is_compared_by_its_absolute_value():
    assert reversal(SHRINKS, "-0.8", mpmath.mpf("-0.9")) == ""
    assert reversal(SHRINKS, "-0.8", mpmath.mpf("-1.2")).startswith(
        "decision error: the note concludes 'Euler shrinks'; the value -1.2 says not (|-1.2| is not < 1)")


def test_a_value_on_the_threshold_is_on_the_strict_relations_other_side():
    assert reversal(SETTLES, "1.2", 1) != ""
    assert reversal(Decides(">=", "1", "x"), "1.2", 1) == ""


def test_the_value_is_shown_with_enough_digits_to_stay_on_its_side():
    sentence = reversal(Decides("<=", "1", "it shrinks"), "0.8", mpmath.mpf("1.0000000001"))
    assert "the value 1.0000000001 says not" in sentence


def test_at_the_users_values_a_reversed_conclusion_is_said():
    with mpmath.workdps(50):
        n = judged("1.2", mpmath.mpf("0.5"), overridden=True)
        kept = judged("1.2", mpmath.mpf("3"), overridden=True)
    assert n.outcome is Outcome.UNVERIFIED and n.decision
    assert "the note's conclusion 'the iteration does not settle' is reversed at your settings" in n.message
    assert not kept.decision and "still holds at your settings (3)" in kept.message
    assert at_settings(SETTLES, "1.2", "not a number") == (None, "")


FLIPS = Decides("<", "0", "it flips sign every step but still shrinks", also=(Side("<", "1", size=True),))


@pytest.mark.parametrize("factor, holds", [("-0.8", True), ("-0.999", True), ("0.7", False), ("0", False),
                                            ("-1", False), ("-1.4", False)])
def test_a_conjunction_holds_only_where_every_part_does(factor, holds):
    """"flips sign every step but still shrinks": factor < 0 and |factor| < 1, on each side of both."""
    assert FLIPS.holds(Fraction(factor)) is holds
    ok, sentence = at_settings(FLIPS, "-0.8", Decimal(factor))
    assert ok is holds
    if not holds:   # the sentence names the part that fails
        assert ("is not < 0" in sentence) is (Fraction(factor) >= 0)
        assert ("is not < 1" in sentence) is (Fraction(factor) < 0)


def test_a_conjunction_is_read_from_the_registry(tmp_path):
    from noteproof.errors import RegistryError
    from noteproof.sources.registry import load_registry
    from tests.helpers import ROOT
    spec = next(c for c in load_registry(ROOT / "claims.yaml").claims if c.id == "c12.d01.euler-follows-decay")
    q = next(q for q in spec.quotes if q.decides and q.decides.also)
    assert q.decides.sides == (Side("<", "0"), Side("<", "1", True))
    settle = next(q for c in load_registry(ROOT / "claims.yaml").claims for q in c.quotes
                  if q.decides and q.decides.given)
    assert settle.decides.given == ("c12.d02.start-moves",) and settle.decides.relation == ">="
    bad = (ROOT / "claims.yaml").read_text().replace('and: [{relation: "<", than: "1", size: true}]',
                                                    'and: [{relation: "<>", than: "1"}]')
    (tmp_path / "claims.yaml").write_text(bad)
    with pytest.raises(RegistryError, match="'relation' must be one of"):
        load_registry(tmp_path / "claims.yaml")
