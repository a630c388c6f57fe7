"""The fast paths of coverage and location: each gives what the plain reading gives."""
from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from noteproof.sources.coverage import Cover, Coverage, Covers, coverage_of
from noteproof.sources.locate import Token
from noteproof.sources.notes import Note, loose_pattern

KINDS = [Coverage.CHECK, Coverage.INPUT, Coverage.LABEL]   # what a cover may be


@st.composite
def covers_and_token(draw):
    spans = [Cover(a, a + draw(st.integers(0, 12)), draw(st.sampled_from(KINDS)), f"check{i}")
             for i, a in enumerate(draw(st.lists(st.integers(0, 12), max_size=8)))]
    start = draw(st.integers(0, 12))
    text = draw(st.sampled_from(["1.2", "-1.2", "3", "\u22124"]))
    return spans, Token(text, start, start + len(text))


@given(covers_and_token())
def test_sorted_covers_name_what_the_plain_list_names(case):
    """coverage_of over Covers (bisected by start) is coverage_of over the list as given: the
    same kind and the same check named, a signed token's cover one character in included."""
    spans, token = case
    assert coverage_of(token, Covers(spans)) == coverage_of(token, spans)


@given(st.text(alphabet="ab\n", max_size=12), st.data())
def test_a_location_is_the_count_of_line_breaks_before_it(text, data):
    offset = data.draw(st.integers(0, len(text) + 1))
    where = Note("x.txt", text).location_of(offset)
    assert where.line == text.count("\n", 0, offset) + 1
    assert where.column == offset - (text.rfind("\n", 0, offset) + 1) + 1


def test_the_loose_pattern_is_built_once_per_snippet():
    loose_pattern.cache_clear()
    for _ in range(3):
        loose_pattern("the gap 0.271 stays", frozenset({"0.271"}))
    assert loose_pattern.cache_info().hits == 2


def test_a_chain_side_rounds_to_the_last_digit_printed_in_any_notation():
    """formula.declared._rounds_to: the half unit is the printed last digit's, E-notation too
    (7.47e-4 is 0.000747 to the millionth; 7.46e-4 is not e^(-7.2) rounded)."""
    from noteproof.formula.chains import read_links
    from noteproof.formula.declared import _rounds_to
    held = {t: [_rounds_to(k) for k in read_links(Note("x.txt", f"so {t} ok"))] for t in (
        "e^(-1.2 x 6) = 7.47e-4", "e^(-1.2 x 6) = 7.46e-4", "e^(-1.2 x 6) = 0.000747", "1 / 0.19 = 5.27")}
    assert held == {"e^(-1.2 x 6) = 7.47e-4": [True], "e^(-1.2 x 6) = 7.46e-4": [False],
                    "e^(-1.2 x 6) = 0.000747": [True], "1 / 0.19 = 5.27": [False]}
