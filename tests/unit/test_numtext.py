"""A number in any of the notes' notations reads as one value (sources.numtext), and a
read-out in words as the conclusion it states."""
from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from noteproof.run.interval import consistent, parse_quoted, unit
from noteproof.sources.notes import Note
from noteproof.sources.numtext import canonical, count, verdict, verdict_word

SPELLINGS = {
    "0.00000083": "0.00000083",
    "8.3 x 10^-7": "8.3e-7",
    "8.3x10^-7": "8.3e-7",
    "8.3\\times 10^{-7}": "8.3e-7",
    "8.3 \\times 10^{-7}": "8.3e-7",
    "8.3 × 10⁻⁷": "8.3e-7",
    "1.07 x 10^-2": "1.07e-2",
    "7.47e-4": "7.47e-4",
    "\u22124": "-4",
    ".25": "0.25",
    "-.25": "-0.25",
    "3,760": "3,760",
    "ten": "10",
    "Twelve": "12",
    "1/2": "1/2",
    "1.07%": "0.0107",
    "1.07\\%": "0.0107",        # LaTeX's percent sign
    "5\\": "5\\",              # a backslash alone is no percent sign
    "10^{-6}": "1e-6",         # a bare power of ten
    "10⁻⁶": "1e-6",
    "10": "10",
}


@pytest.mark.parametrize("printed, plain", SPELLINGS.items())
def test_each_notation_has_one_plain_spelling(printed, plain):
    assert canonical(printed) == plain


def test_a_power_of_ten_keeps_the_mantissas_digits():
    """8.3 x 10^-7 stands for [8.25e-7, 8.35e-7): the interval of its two digits, not of 8.3."""
    assert parse_quoted("8.3 x 10^-7") == Decimal("8.3e-7")
    assert unit("8.3 x 10^-7") == unit("0.00000083")
    assert consistent("8.3 x 10^-7", Decimal("8.3075e-7"))
    assert not consistent("8.3 x 10^-7", Decimal("8.4e-7"))       # a wrong value still fails
    assert not consistent("8.3 x 10^-6", Decimal("8.3075e-7"))     # and a wrong exponent


def test_a_unicode_minus_and_a_count_in_words():
    assert parse_quoted("\u22124") == -4
    assert parse_quoted("ten") == 10
    assert parse_quoted("eight") != 10
    assert [count(t) for t in ("12", "Twelve", "twelve", "1.5", "many")] == [12, 12, 12, None, None]


def test_read_out_words_say_yes_or_no():
    assert verdict("yes") is True and verdict("no") is False
    assert verdict("kept") is True and verdict("swapped") is False
    assert verdict("shrinks") is True and verdict("grows") is False
    assert verdict("0.5") is None
    assert verdict_word("no", True) == "yes" and verdict_word("kept", False) == "swapped"


@pytest.mark.parametrize("printed", ["8.3 x 10^-7", "8.3\\times 10^{-7}", "8.3e-7", "0.00000083"])
def test_a_quote_finds_its_number_in_any_notation(printed):
    note = Note("n.txt", f"About 1/16 of it. The measured value is {printed}, close to this.")
    at = note.quote_at("The measured value is 0.00000083", "0.00000083")
    assert at is not None and at[1] == printed


def test_a_quote_finds_a_unicode_minus_and_its_context_words():
    note = Note("n.txt", "Explicit factor on the fast mode: \u22124\nImplicit factor: 0.167")
    assert note.quote_at("Explicit factor on the fast mode: -4", "-4")[1] == "\u22124"


def test_a_quote_keeps_to_the_place_whose_words_are_printed_as_registered():
    """'1 / 0.19 = 5.263' edited to '1 / 0.18 = 5.263' is there, not at '1 / 0.2 = 5' (a coarser
    printing of the same words on the same line, which the interval rule would have let pass)."""
    text = "z* = 1 / 0.2 = 5. New equilibrium: 1 / 0.18 = 5.263, so"
    at = Note("n.txt", text).quote_at("1 / 0.19 = 5.263", "0.19")
    assert at is not None and at[1] == "0.18"


@given(st.integers(1, 9999), st.integers(-12, 3), st.sampled_from(
    ["{m}e{k}", "{m} x 10^{k}", "{m}\\times 10^{{{k}}}", "{m} × 10^{k}", "{m}x10^({k})"]),
       st.booleans())
def test_every_notation_of_a_number_reads_as_one_value(digits, k, spelling, negative):
    """Hypothesis: a mantissa and an exponent printed in any of the notes' notations read as
    the same Decimal, with the same interval (the mantissa's digits), whatever the minus sign."""
    mantissa = f"{digits / 1000:.3f}"
    plain = Decimal(f"{mantissa}e{k}")
    text = spelling.format(m=mantissa, k=str(k).replace("-", "\u2212") if negative else k)
    value = parse_quoted(("\u2212" if negative else "") + text)
    assert value == (-plain if negative else plain)
    assert unit(text) == unit(f"{mantissa}e{k}")


@pytest.mark.parametrize("text, words, found", [
    ("so 2/500 = 4 x 10^-3, so", "2/500 = 0.004", True),
    ("so 2/500 = 4\\times 10^{-3}, so", "2/500 = 0.004", True),
    ("x(1) = e^(1/2) = 1.649", "e^0.5 = 1.649", True),
    ("p=79.2412\\% here", "p=0.792412", True),
    ("so 2/500 = 0.005, so", "2/500 = 0.004", False),     # another value is other words
    ("x(1) = e^(1/3) = 1.649", "e^0.5 = 1.649", False),
])
def test_the_same_words_are_found_whatever_the_notation_of_their_numbers(text, words, found):
    assert bool(Note("n.txt", text).same_words(words)) == found


def test_a_fraction_is_its_decimal_to_the_decimals_places():
    from noteproof.sources.notes import agree_rounded
    assert agree_rounded("1/2", "0.5") and agree_rounded("2/3", "0.667") and agree_rounded("2/3", "0.67")
    assert not agree_rounded("2/3", "0.6") and not agree_rounded("1/3", "0.5")


@pytest.mark.parametrize("text, found", [("At $x=y=1,w=2$, this is", True), ("At $w=2,x=y=1$, this is", True),
                                         ("At $x=y=2,w=1$, this is", False)])
def test_a_declared_list_of_settings_may_be_printed_in_another_order(text, found):
    assert bool(Note("n.txt", text).declared("At $w=2,x=y=1$, this is")) == found


@pytest.mark.parametrize("a, b, same", [
    ("no", "No", True), ("kept", "unchanged", True), ("swapped", "reversed", True),
    ("kept", "swapped", False), ("yes", "no", False), ("settles", "converges", True),
])
def test_a_read_out_word_is_its_conclusion_however_written(a, b, same):
    from noteproof.sources.numtext import same_value
    assert same_value(a, b) is same


@pytest.mark.parametrize("printed, found", [
    ("Does the iteration settle?: No", "No"),   # the label's words inflected otherwise, the word capitalised
    ("Iteration settles?: No", "No"),
    ("Iteration settles?: yes", "yes"),         # found, and judged as printed
])
def test_a_read_out_word_is_found_at_its_label(printed, found):
    from noteproof.sources.notes import Note
    note = Note("notes/x.txt", f"Read-outs.\n{printed}\nEnd.\n")
    at = note.quote_at("Iteration settles?: no", "no")
    assert at is not None and at[1] == found


@pytest.mark.parametrize("printed, plain", [("a sixteenth", "1/16"), ("One millionth", "1/1000000"),
                                            ("a  quarter", "1/4"), ("one hundredth", "1/100")])
def test_a_unit_fraction_in_words_is_its_value(printed, plain):
    from noteproof.sources.numtext import canonical, same_value
    assert canonical(printed) == plain and same_value(printed, plain)


def test_a_bare_half_is_a_value_only_where_a_quote_names_it():
    """A quote's number "half" ("half the derivative is missing") is 1/2; the prose's "half kick"
    is no number of the note's (the number pattern does not read it)."""
    import re

    from noteproof.sources.locate import numeric_tokens
    from noteproof.sources.numtext import PRINTED_OR_WORD, canonical, value_of
    assert canonical("half") == "1/2" and value_of("Half") == Fraction(1, 2)
    assert not re.fullmatch(PRINTED_OR_WORD, "half")
    assert [t.text for t in numeric_tokens("a half kick gives p = -0.25")] == ["-0.25"]


@pytest.mark.parametrize("printed, plain", [("one thousand", "1000"), ("A hundred", "100"), ("two  million", "2000000"),
                                            ("ten thousand", "10000")])
def test_a_round_number_in_words_is_one_number(printed, plain):
    """Probe 135 h11: "A model has one thousand parameters" prints 1,000, not "one" and a word of scale."""
    import re

    from noteproof.sources.numtext import WORD, canonical, same_value
    assert canonical(printed) == plain and same_value(printed, plain)
    assert re.fullmatch(WORD, printed)
