"""Chapter 12's plain-text formulas found in its prose (noteproof.sources.plainmath)."""
import pytest

from noteproof.sources.plainmath import plain_formulas


def spans(text):
    return [text[a:b] for a, b in plain_formulas(text)]


@pytest.mark.parametrize("text, found", [
    ("Fixed point: z* = x / (1 - theta) = -5.", ["z* = x / (1 - theta) = -5"]),
    ("stable when h < 2/a, and", ["h < 2/a"]),
    ("1.5 x 1.2 = 1.8", []),                                  # numbers alone: the numbers inventory's
    ("Gap in x (B's x minus A's x): 0.271", []),              # a possessive's s is no symbol
    ("Gap in x (B\u2019s x minus A\u2019s x): 0.271", []),
    ("it doesn't shrink x - y", ["x - y"]),
    ("the exact value is e^(-1.2 x 6) = 7.47E-4.", []),     # E-notation is a number, not a symbol E
    ("the exact value is e^(-1.2 x 6) = 7.47e-4.", []),
    ("so E - 4 = 3 here", ["E - 4 = 3"]),                   # a capital E on its own is a symbol
    ("so 2/(4x10^{-3}) = 500 steps", []),                    # a power of ten is a number's, no symbol x10
    ("so 2/(4 \u00d7 10^{-3}) = 500 steps", []),            # (probe 122: h20)
    # after a verb or an article a bare x is the variable, not a times sign (probe 70: h11)
    ("the slope is x (1-theta)^(-2), which", ["x (1-theta)^(-2)"]),
    ("solves x_new = x_old - h x rate x x_new, so", ["x_new = x_old - h x rate x x_new"]),
])
def test_plain_formulas_are_found_and_prose_is_not(text, found):
    assert spans(text) == found


@pytest.mark.parametrize("text, steps", [
    ("so the change is 5.263 - 5 = 0.3 (0.263 < 0.3).", ["5.263 - 5 = 0.3", "0.263 < 0.3"]),   # reviewer helper-143: H1
    ("the step is 0.02 (0.05 < 0.02) here.", ["0.05 < 0.02"]),
    ("Left: zigzag steps (1 - 1.8 = -0.8).", ["1 - 1.8 = -0.8"]),
])
def test_an_aside_s_parenthesis_opens_no_side_of_a_step(text, steps):
    """A side before a relation starts after an aside's "(", a side after one ends before it."""
    from noteproof.formula.chains import links
    from noteproof.sources.notes import Note
    assert [k.text for k in links(Note("notes/x.txt", text))] == steps
