"""Worked arithmetic respelled and read as registered (formula.respelled, Note.respelled)."""
from __future__ import annotations

from dataclasses import replace

import pytest

from noteproof.formula.respelled import registered_view
from noteproof.model import Location
from noteproof.sources.notes import Note
from noteproof.sources.registry import NoteSpec

SENTENCE = "Slope = x / (1 - theta)^2 = 1 / 0.2^2 = 25. Estimate = slope x 0.01 = 0.25."
SPEC = NoteSpec("x", "notes/x.txt", "X", Location("claims.yaml"), prose=((SENTENCE, "worked"),))


def _view(text: str) -> Note:
    return registered_view(Note("notes/x.txt", text, registry=((), SPEC)))


@pytest.mark.parametrize("old, new", [
    ("1 / 0.2^2", "1 / 0.04"),          # a power evaluated
    ("1 / 0.2^2", "0.2^(-2)"),          # another expression of the value
    ("1 / 0.2^2", "(1/0.2)^2"),
])
def test_a_side_of_the_same_value_is_read_as_registered(old, new):
    printed = "Intro line.\n" + SENTENCE.replace(old, new) + " Then 1 / 0.5 = 2."
    view = _view(printed)
    assert view.text == "Intro line.\n" + SENTENCE + " Then 1 / 0.5 = 2."
    assert view.as_printed == printed
    # a place after the respelled side is where the author printed it (a fix lands there)
    assert view.printed_offset(view.text.index("Estimate")) == printed.index("Estimate")
    assert view.location_of(view.text.index("Estimate")).line == 2


@pytest.mark.parametrize("new", ["1 / 0.05", "1 / 0.2^3", "0.2^2"])
def test_a_side_of_another_value_is_judged_as_printed(new):
    printed = SENTENCE.replace("1 / 0.2^2", new)
    view = _view(printed)
    assert view.text == printed and view.respellings == ()


def test_a_number_given_more_digits_is_left_to_the_quotes():
    printed = SENTENCE.replace("= 25.", "= 25.0.")
    assert _view(printed).respellings == ()


def test_a_place_printed_as_registered_is_never_respelled():
    assert _view(SENTENCE).respellings == ()
    assert registered_view(Note("notes/x.txt", SENTENCE)).text == SENTENCE   # no registry: as printed


def test_two_neighbouring_sides_respelled_are_both_read():
    spec = replace(SPEC, prose=(("It is 0.5 x 1.25^2 = 0.78125 and 2 x 3 = 6 so.", "worked"),))
    printed = "It is 1.25^2 x 0.5 = 0.78125 and 3 x 2 = 6 so."
    view = registered_view(Note("notes/x.txt", printed, registry=((), spec)))
    assert view.text == "It is 0.5 x 1.25^2 = 0.78125 and 2 x 3 = 6 so."
    assert view.as_printed == printed
    assert view.printed_offset(view.text.index("and")) == printed.index("and")


@pytest.mark.parametrize("printed, read", [
    (r"this is $2\cdot 2\cdot 1\cdot (2^2-1)=12$ here", True),     # the arithmetic shown, right
    (r"this is $12 = 4\cdot 3$ here", True),
    (r"this is $2\cdot 2\cdot 2\cdot (2^2-1)=12$ here", False),    # a wrong step: judged as printed
    (r"this is $2\cdot 2\cdot 1\cdot (2^2-1)=13$ here", False),    # another number
    (r"this is $4\cdot 3\approx 12$ here", False),                 # not an equality
])
def test_a_registered_number_printed_with_its_arithmetic_is_read_as_registered(printed, read):
    spec = replace(SPEC, prose=(("Sum: this is $12$ here.", "worked"),))
    view = registered_view(Note("notes/x.txt", f"Sum: {printed}.", registry=((), spec)))
    assert (view.text == "Sum: this is $12$ here.") is read
    assert view.as_printed == f"Sum: {printed}."


RK4 = "Euler multiplies by 1 - h = 0.75 per step; RK4 by 1 - h + h^2/2 - h^3/6 + h^4/24 = 0.779 per step."


@pytest.mark.parametrize("printed, read", [
    ("h^4/24 - h^3/6 + h^2/2 - h + 1", True),      # the terms reordered
    ("h^4/24 + h^3/6 + h^2/2 - h + 1", False),     # a sign flipped: judged as printed
    ("1 - h + h^2/2 - h^3/6 + h^4/25", False),
])
def test_a_plain_formula_printed_otherwise_with_the_same_meaning_is_read_as_registered(printed, read):
    spec = replace(SPEC, prose=((RK4, "worked"),))
    text = RK4.replace("1 - h + h^2/2 - h^3/6 + h^4/24", printed)
    view = registered_view(Note("notes/x.txt", text, registry=((), spec)))
    assert (view.text == RK4) is read and view.as_printed == text


def test_a_plain_formula_keeps_its_numbers_as_printed():
    spec = replace(SPEC, prose=((RK4, "worked"),))
    text = RK4.replace("= 0.779", "= 0.7790")
    assert registered_view(Note("notes/x.txt", text, registry=((), spec))).respellings == ()


@pytest.mark.parametrize("printed, read", [
    (r"-\log 0.08\simeq 2.5257", None),                                        # a re-rounding: the quotes'
    (r"\log (1/0.08)=\log 12.5\simeq 2.5257", r"-\log 0.08\simeq 2.5257"),      # steps shown, kept rounding
    (r"\log (1/0.08)=\log 12\simeq 2.5257", None),                              # a wrong step
])
def test_a_span_s_leading_equalities_are_read_as_registered_and_the_rest_as_printed(printed, read):
    spec = replace(SPEC, prose=((r"The path cost is $-\log 0.08\simeq 2.525729$ nats.", "worked"),))
    text = f"The path cost is ${printed}$ nats."
    view = registered_view(Note("notes/x.txt", text, registry=((), spec)))
    assert view.text == (text if read is None else f"The path cost is ${read}$ nats.")


@pytest.mark.parametrize("printed, read", [
    ("x1 = 1 - 1.5 x 1.2 x 1 = 1 - 1.8 = -0.8.", True),     # a right step shown between the two sides
    ("x1 = 1 - 1.5 x 1.2 x 1 = 1 - 1.9 = -0.8.", False),    # a wrong one: judged as printed
])
def test_a_step_inserted_into_a_registered_equality_is_read_as_registered(printed, read):
    registered = "First step: x1 = 1 - 1.5 x 1.2 x 1 = -0.8."
    spec = replace(SPEC, prose=((registered, "worked"),))
    view = registered_view(Note("notes/x.txt", f"First step: {printed}", registry=((), spec)))
    assert (view.text == registered) is read
    assert view.as_printed == f"First step: {printed}"


@pytest.mark.parametrize("printed, read", [
    (r"h_{\ell +1}=h_{\ell }-\Delta s\,h_{\ell }=(1-\Delta s)h_{\ell }", True),   # a step of the algebra shown
    (r"h_{\ell +1}=h_{\ell }+\Delta s\,h_{\ell }=(1-\Delta s)h_{\ell }", False),  # a wrong step
    (r"h_{\ell +1}=h_{\ell }-\Delta s\,h_{\ell }", False),                       # not the registered sides
])
def test_a_registered_formula_with_a_step_shown_is_read_as_registered(printed, read):
    from noteproof.model import Location as L
    from noteproof.sources.registry import FormulaSpec
    formula = r"h_{\ell +1}=(1-\Delta s)h_{\ell }"
    spec = FormulaSpec(formula, False, "d", None, (), (), None, "rhs", L("claims.yaml"))
    claim = type("C", (), {"formulas": (spec,), "row": None, "statement": None, "quotes": ()})()
    text = f"Euler gives ${printed}$. Next."
    view = registered_view(Note("notes/x.txt", text, registry=((claim,), SPEC)))
    assert (view.text == f"Euler gives ${formula}$. Next.") is read


@pytest.mark.parametrize("printed, registered", [
    ("Correct digits (adjoint, finite difference): 10.9, 3.7", True),   # each name keeps its value
    ("Correct digits (adjoint, finite difference): 3.7, 10.9", False),  # the values change hands
])
def test_a_read_out_of_pairs_printed_in_another_order_is_read_as_registered(printed, registered):
    line = "Correct digits (finite difference, adjoint): 3.7, 10.9"
    spec = replace(SPEC, prose=((line, "read-out"),))
    view = registered_view(Note("notes/x.txt", f"Read-outs.\n{printed}\nEnd.\n", registry=((), spec)))
    assert (line in view.text) is registered


@pytest.mark.parametrize("printed, registered", [
    ("Slope = x / (1 − theta)² = 1 / 0.2² = 25. Estimate = slope × 0.01 = 0.25.", True),   # Unicode signs
    ("Slope = x / (1 − theta)³ = 1 / 0.2² = 25. Estimate = slope × 0.01 = 0.25.", False),  # another power
])
def test_unicode_signs_in_prose_are_the_note_s_plain_notation(printed, registered):
    view = _view(f"Worked.\n{printed}\n")
    assert (SENTENCE in view.text) is registered
    assert view.as_printed == f"Worked.\n{printed}\n"


def test_unicode_signs_inside_latex_are_left_to_the_latex_reader():
    view = _view("Worked.\n$a^{2}\\times b$ and 0.5 × 2\n")
    assert "$a^{2}\\times b$" in view.text and "0.5 x 2" in view.text


def test_greek_letters_and_relations_in_prose_are_the_note_s_names():
    view = _view("Worked.\nFixed point: z* = x / (1 − θ), hλ ≤ 2.\n")
    assert "z* = x / (1 - theta), h lambda <= 2." in view.text


def test_approximately_is_read_as_the_note_s_equals_for_a_rounded_value():
    view = _view("Worked.\nEstimate = slope × 0.01 ≈ 0.25.\n")
    assert "Estimate = slope x 0.01 = 0.25." in view.text


# ---- probe 45: a span respelled where its words changed too, a list of settings split, a chain with a step

def _spec_view(text: str, prose: str) -> Note:
    spec = replace(SPEC, prose=((prose, "listed"),))
    return registered_view(Note("notes/x.txt", text, registry=((), spec)))


ROW = "Sensitivity as a product of $\\beta (1-a_{k+1}^2)$"


@pytest.mark.parametrize("printed, read", [
    # reworded around the span, the span respelled: its registered spelling
    ("Sensitivity as a product of the factors $\\beta \\left(1-a_{k+1}^{2}\\right)$\t[Exact.]",
     "Sensitivity as a product of the factors $\\beta (1-a_{k+1}^2)$\t[Exact.]"),
    # another index: judged as printed
    ("Sensitivity as a product of the factors $\\beta \\left(1-a_{k}^{2}\\right)$\t[Exact.]", None),
    # other words altogether: no anchor
    ("An energy descends along $\\beta \\left(1-a_{k+1}^{2}\\right)$\t[Exact.]", None),
])
def test_a_span_respelled_in_a_reworded_row_is_read_as_registered(printed, read):
    view = _spec_view("Claim\tStatus\n" + printed + "\n", ROW)
    assert view.text == "Claim\tStatus\n" + (read or printed) + "\n"


LISTED = "Their ratio is $1/(1-\\eta h/2)$, so agreement is controlled by a small $\\eta h$."


@pytest.mark.parametrize("printed, read", [
    # a listed sentence reworded in its paragraph, its span respelled: read by the sentence's words (probe 111: h05)
    ("First. Their ratio is $\\dfrac{2}{2-\\eta h}$, so a small $\\eta h$ controls the agreement. Last.",
     "First. Their ratio is $1/(1-\\eta h/2)$, so a small $\\eta h$ controls the agreement. Last."),
    # another value: as printed
    ("First. Their ratio is $\\dfrac{2}{2+\\eta h}$, so a small $\\eta h$ controls the agreement. Last.", None),
])
def test_a_span_respelled_in_a_reworded_sentence_is_read_as_registered(printed, read):
    view = _spec_view("Intro.\n" + printed + "\n", LISTED)
    assert view.text == "Intro.\n" + (read or printed) + "\n"


def test_sides_that_change_places_are_not_respelled_into_each_other():
    """Chapter 12's "h < 0.02 = 2 / 100" for "h < 2 / 100 = 0.02", reworded around it: the sides
    changed places; neither is read as the other's registered spelling ("2 / 100 = 2 / 100",
    which the note never printed; probe 111: h15)."""
    from noteproof.sources.project import load_project
    from tests.helpers import ROOT
    project = load_project(ROOT, documents=False, view=registered_view)
    note = project.notes["chapter12"]
    old = "stable only if |1 - z| < 1, that is h < 2 / 100 = 0.02."
    printed = note.text.replace(old, "stable only if |1 - z| < 1, i.e. h < 0.02 = 2 / 100.")
    view = project.judged("chapter12", replace(note, text=printed, respellings=(), regions=None))
    assert "i.e. h < 0.02 = 2 / 100." in view.text


@pytest.mark.parametrize("printed, read", [
    ("At $w=2$ and $x=y=1$, this is $12$.", "At $w=2,x=y=1$, this is $12$."),
    ("At $w=2$, $x=y=1$, this is $12$.", "At $w=2,x=y=1$, this is $12$."),
    ("At $w=3$ and $x=y=1$, this is $12$.", None),       # another setting: as printed
    ("At $w=2$ or $x=y=1$, this is $12$.", None),        # not a list
])
def test_a_list_of_settings_printed_item_by_item_is_read_as_registered(printed, read):
    view = _spec_view(printed, "At $w=2,x=y=1$, this is $12$.")
    assert view.text == (read or printed)
    assert view.as_printed == printed


@pytest.mark.parametrize("step, read", [
    ("=(3-\\sqrt{3})/2", True),      # a step of the same value, after the name
    ("=(3-\\sqrt{3})/3", False),     # a step of another value: as printed
])
def test_a_step_shown_after_a_name_is_read_as_registered(step, read):
    registered = "whereas $p_2(A)=\\sqrt{3}/(1+\\sqrt{3})\\simeq 0.633975$."
    printed = registered.replace("\\sqrt{3})\\simeq", "\\sqrt{3})" + step + "\\simeq")
    view = _spec_view(printed, registered)
    assert (view.text == registered) is read


@pytest.mark.parametrize("printed, read", [
    ("x(1) = exp(0.5) = 1.6487.", "x(1) = e^0.5 = 1.6487."),    # probe 46: a lone number's exp( )
    ("x(1) = exp(-2t) here.", "x(1) = exp(-2t) here."),         # not a lone number: the spelling's business
    ("$\\exp(0.5)$ and x(1) = e^0.5", "$\\exp(0.5)$ and x(1) = e^0.5"),   # LaTeX: the LaTeX reader's
])
def test_plain_exp_of_a_number_is_the_note_s_power(printed, read):
    assert _view(printed).text == read


@pytest.mark.parametrize("result, respelled", [
    ("0.781", True),      # the neighbouring result re-rounded: its own quote judges the digits (probe 70: h15)
    ("0.7813", True),
    ("0.79", False),      # another value: the side is judged as printed, and its step fails
])
def test_a_side_is_anchored_by_its_neighbour_re_rounded(result, respelled):
    spec = replace(SPEC, prose=(("so after two steps it is 0.5 x 1.25^2 = 0.78125.", "worked"),))
    printed = f"so after two steps it is 1.25^2 x 0.5 = {result}."
    view = registered_view(Note("notes/x.txt", printed, registry=((), spec)))
    expected = f"so after two steps it is 0.5 x 1.25^2 = {result}." if respelled else printed
    assert view.text == expected


def test_a_registered_text_still_printed_anchors_no_other_side():
    """Probe 74 h14: "Fast mode z = rate x h = 100 x 0.05 = 5" has a side of value 5 between "= "
    and " = 5", as the quote "= 1 / 0.2 = 5" has; that quote still stands in its own sentence, so
    it does not respell this side (which read "1 / 0.2" and tied the page's settings to it)."""
    from dataclasses import replace

    from noteproof.formula.respelled import registered_view
    from noteproof.sources.project import load_project
    from tests.helpers import ROOT
    project = load_project(ROOT)
    note = project.notes["chapter12"]
    old, new = "Fast mode z = h x rate = 0.05 x 100 = 5.", "Fast mode z = rate x h = 100 x 0.05 = 5."
    view = registered_view(replace(note, text=note.text.replace(old, new, 1), regions=None))
    assert "= 1 / 0.2 = 5. Explicit" not in view.text


def test_a_registered_side_stands_in_one_place():
    """Probe 104 h19: the quote "= 1 / 0.2 = 5" respaced, and "= 0.05 x 100 = 5" printed as
    another registered text on another line: the respaced side is the quote's, and the other
    line stays as printed (it is its own text's), whichever pass reads it."""
    quote, other = "z* = x / (1 - theta) = 1 / 0.2 = 5.", "Fast mode z = h x rate = 0.05 x 100 = 5."
    # the quote's snippet, a fragment: its words around the side are only "= " and " = 5"
    spec = replace(SPEC, prose=((other, "worked"),), math=(("= 1 / 0.2 = 5", "a quote"),))
    printed = f"{quote.replace('1 / 0.2', '1/0.2')}\nSome words.\n{other}"
    view = registered_view(Note("notes/x.txt", printed, registry=((), spec)))
    assert view.text == f"{quote}\nSome words.\n{other}"
    # the quote's side edited to another value: the other line is still not it
    printed = f"{quote.replace('1 / 0.2', '1/0.3')}\nSome words.\n{other}"
    assert registered_view(Note("notes/x.txt", printed, registry=((), spec))).text.endswith(other)


def test_two_places_of_a_registered_sides_words_respell_neither_unless_one_is_it_respaced():
    spec = replace(SPEC, prose=(), math=(("= 1 / 0.2 = 5", "a quote"),))
    printed = "Here = 0.05 x 100 = 5 and there = 10 / 2 = 5 too."
    assert registered_view(Note("notes/x.txt", printed, registry=((), spec))).respellings == ()
