"""sources.reword: a rewording is found again only when it says the same thing."""
from __future__ import annotations

import pytest

from noteproof.sources.reword import (
    cell_meaning_change,
    clauses_permuted,
    meaning_change,
    moved_across_clauses,
    reworded,
    reworded_cell,
)


@pytest.mark.parametrize("old, new, change", [
    ("Its size is below one, so it shrinks", "Its size is above one, so it shrinks", ("below", "above")),
    ("the fastest rate", "the slowest rate", ("fastest", "slowest")),
    ("the exact answer only when ah < 1", "the exact answer when ah < 1", ("only", "")),
    ("roughly halves the Euler error", "roughly quarters the Euler error", ("halves", "quarters")),
    ("the amplitude shrinks by half each step", "the amplitude shrinks by 40% each step", ("shrinks half", "shrinks")),
    ("grows by one each round", "grows by two each round", ("one", "two")),
    # a necessary condition read as a sufficient one (probe 65: b05)
    ("a continuous-depth limit requires a specified family and scaling.",
     "a specified family and scaling suffice for a continuous-depth limit.", ("", "suffice")),
    ("at fixed current input", "for any driven input", ("fixed", "")),
    ("near a quadratic minimum", "near any minimum", ("quadratic", "")),
    ("for all inputs", "for some inputs", ("", "some")),
    ("At large $\\tau$ a finite vocabulary", "As $\\tau$ shrinks, a finite vocabulary", ("large", "small")),
    ("the local sensitivity is a product of factors", "the local sensitivity is a sum of factors", ("product", "sum")),
    ("add the contributions from all its uses", "multiply the contributions from all its uses", ("add", "multiply")),
    ("The sign of the slope follows the sign of x.", "The sign of the slope is opposite to the sign of x.",
     ("follows", "opposite")),
    ("the softmax limit is uniform over the ties", "the softmax limit concentrates on one of the ties",
     ("uniform", "concentrates one")),
    ("and understates the size of a finite change", "and overstates the size of a finite change",
     ("understates", "overstates")),
    ("Each step multiplies the energy by 1.25", "Each unit of time multiplies the energy by 1.25", ("", "unit of time")),
    # one thing made all of them, and back (probe 78: b10)
    ("Forward and reverse of the two-state path have equal probability",
     "Forward and reverse of every path of a two-state chain have equal probability", ("the", "every")),
    ("the reverse of every path has equal probability", "the reverse of the path has equal probability",
     ("every", "the")),
    ("the order along the line is frozen", "the order along the line is not frozen", ("", "not")),
    ("neither the objective nor the parameters change", "the objective and the parameters change", ("neither nor", "")),
    # reviewer helper-83: neither-nor is one negation only of the two things the other says "A and B ... not" of
    ("A change of temperature changes the sampling rule, not the learned parameters.",
     "A change of temperature changes neither the sampling rule nor the learned parameters.", ("", "nor")),
    ("the scores; neither the objective nor the parameters change.",
     "the scores; the objective does not change, but the parameters do.", ("nor", "")),
    ("Forward and reverse of the two-state path have equal probability",
     "Forward and reverse of all two-state paths have equal probability", ("the", "all")),
    ("The fixed point -5 exists, yet the iterates move away from it",
     "Every fixed point exists, yet the iterates move away from it", ("the", "every")),
    # a negation of the whole made one of a part, and back
    ("the scores; the objective and the parameters do not change.",
     "the scores; it changes the objective but not the parameters.", ("not (of all)", "but not")),
    ("A change of temperature changes the sampling rule, not the learned parameters.",
     "A change of temperature does not change the sampling rule or the learned parameters.", (", not", "not (of all)")),
    ("the amplitude shrinks by half each step", "the amplitude is divided by three each step", ("shrinks half", "divided three")),
    ("Descent inequality at fixed current input", "Descent inequality away from a fixed current input", ("at", "away from a")),
    # a phrase carried to the other clause (the mutation suite's w09-alternating-moved)
    ("the amplitude shrinks by half each step; at $\\Delta s=3$ it doubles while alternating sign.",
     "the amplitude shrinks by half each step while alternating sign; at $\\Delta s=3$ it doubles.",
     ("alternating sign", "alternating sign (in another clause)")),
    # probe 81: b06, b15
    ("the objective and the parameters do not change.", "the objective changes but the parameters do not.",
     ("not (of all)", "but the parameters do not")),
    ("multiplied by something above 1 in size can only grow.", "multiplied by something of size 1 or more can only grow.",
     ("above", "at least")),
    # reviewer helper-86
    ("A change of temperature changes the sampling rule, not the learned parameters.",
     "A change of temperature changes the learned parameters, not the sampling rule.",
     ("not learned parameters", "not rule sampling")),
    ("the amplitude shrinks by half each step", "the amplitude is divided by 2.5 each step", ("shrinks half", "divided")),
    ("layers close to the edge of stability give very large gradients",
     "layers far from the edge of stability give very large gradients", ("close to", "far from")),
    ("Staying on the axis makes it a one-dimensional flow again", "Staying off the axis makes it a one-dimensional flow again",
     ("on", "off")),
])
def test_a_word_of_comparison_direction_quantity_or_quantifier_changed(old, new, change):
    assert meaning_change(old, new) == change


@pytest.mark.parametrize("old, new, change", [
    # "both" with a relation of two things restates it; two things named, or "both" alone, count
    ("for identical inputs", "for both inputs", ("identical", "both")),
    ("it holds for $A$", "it holds for both $A$ and $B$, the same", ("", "both same")),
    # "above" after "stated" says where in the page; a comparison still counts
    ("the hypotheses stated above", "the hypotheses stated below", None),
    ("the value stays small", "the value stays above", ("small", "above")),
    ("it doubles while alternating sign", "it halves while alternating sign", ("doubles", "halves")),
])
def test_words_of_reference_and_of_two(old, new, change):
    assert meaning_change(old, new) == change


@pytest.mark.parametrize("old, new, change", [
    # an alternative added with "or" widens the hypothesis (probe 113: b12)
    ("In a deterministic causal decoder, extending a prefix does not change earlier representations.",
     "In a deterministic decoder, causal or bidirectional, extending a prefix does not change earlier representations.",
     ("", "or bidirectional")),
    ("In a causal decoder, X holds.", "In a causal or bidirectional decoder, X holds.", ("", "or bidirectional")),
    ("Near a minimum with positive Hessian $A$, write", "Near a minimum with positive-semidefinite Hessian $A$, write",
     ("", "semidefinite")),
    ("A fixed point exists for theta other than 1.", "A fixed point exists for theta equal to 1.", ("not", "equal")),
    ("with random training operations disabled", "with random training operations enabled",   # probe 116: b12
     ("disabled", "enabled")),
])
def test_an_alternative_added_or_another_hypothesis_changes_the_sense(old, new, change):
    assert meaning_change(old, new) == change


def test_the_order_of_such_words_counts():
    assert meaning_change("lowers the score of A and raises the score of B",
                          "raises the score of A and lowers the score of B") is not None


@pytest.mark.parametrize("old, new", [
    ("Backward recursion for the sensitivities", "Backward recursion for all the sensitivities"),
    ("The four indices advance four different things", "The four indices advance four distinct things"),
    ("Its size is below one", "Its size is under one"),
    ("the iteration converges here", "here the iteration converges"),
    ("slightly lowers the equilibrium", "slightly reduces the equilibrium"),
    ("At large $\\tau$ a finite vocabulary", "As $\\tau$ grows, a finite vocabulary"),   # a probe's
    ("At large $\\tau$ a finite vocabulary", "As $\\tau$ grows large, a finite vocabulary"),   # probe 62: h08
    ("One-dimensional flows with unique solutions cannot cross", "Flows on a line with unique solutions cannot cross"),
    ("how the error shrinks as h becomes small.", "how the error shrinks at small h."),
    ("the amplitude shrinks by half each step", "the amplitude shrinks by 50% each step"),   # a probe's
    ("gives 6: half the derivative is missing.", "gives 6: 50% of the derivative is missing."),
    ("A shared parameter receives the sum", "Any shared parameter receives the sum"),   # a generic "a"
    ("for the sensitivities of the loss", "for each of the sensitivities of the loss"),   # a definite plural
    ("the objective and the parameters do not change", "neither the objective nor the parameters change"),
    ("After training, hold the parameters fixed.", "After training, the parameters are frozen."),   # helper-83
    ("No smooth flow can swap A and B, whatever the vector field, because",
     "No smooth flow can swap A and B, for any vector field, because"),
    ("stays stable at any step", "stays stable whatever the step size"),
    ("A change of temperature changes the sampling rule, not the learned parameters.",
     "A change of temperature changes the sampling rule but not the learned parameters."),
    ("The continuous limit needs a family, not a network.", "The continuous limit does not need a network but a family."),
    ("the amplitude shrinks by half each step", "the amplitude is divided by two each step"),   # probe 80: h04
    ("the amplitude shrinks by half each step", "the amplitude is cut in half each step"),
    ("the amplitude halves each step", "the amplitude is divided by two each step"),   # reviewer helper-86
    ("a proposal with no measured performance", "a proposal without measured performance"),
    ("at least 1", "1 or more"), ("it is at most 2", "it is 2 or less"),
    ("A change of temperature changes the sampling rule, not the learned parameters.",
     "A change of temperature changes the sampling rule but the learned parameters do not change."),
    ("A change of temperature changes the sampling rule, not the learned parameters.",
     "A change of temperature changes not the learned parameters but the sampling rule."),
    # probe 110: h02, h06; probe 111: h04, h09
    ("$|a_i-b_i|\\le \\beta^i|a_0-b_0|$ for identical inputs",
     "$|a_i-b_i|\\le \\beta^i|a_0-b_0|$ when both states receive the same inputs"),
    ("controlled only with the stated small-step hypotheses", "controlled only under the small-step hypotheses stated above"),
    ("solves this balance precisely when $A=B$.", "solves this balance exactly when $A=B$."),
    ("at $s=3$ it doubles while alternating sign.", "at $s=3$ it alternates in sign while doubling in magnitude."),
    # probe 113: h07, h09; an "or" that adds no alternative
    ("Near a minimum with positive Hessian $A$, write", "Near a minimum with positive-definite Hessian $A$, write"),
    ("A fixed point exists for theta other than 1 even outside contraction.",
     "A fixed point exists whenever theta is not 1, even outside contraction."),
    ("In a causal decoder, X holds, that is Y.", "In a causal decoder, X holds, or equivalently Y."),
    ("Use A or B here.", "Use B or A here."),
    ("For a unique largest score, X.", "When exactly one token has the largest score, X."),   # probe 113: h08
    ("[Proposal]: no reported performance in the version consulted",   # probe 114: h11
     "[Proposal]: no performance reported in the version consulted"),
])
def test_synonyms_and_other_words_are_a_rewording(old, new):
    assert meaning_change(old, new) is None


def test_a_reversed_sentence_or_row_is_not_found_as_a_rewording():
    note = "Intro text here. Its size is above one, so it shrinks fast enough.\nRow one\t[Exact]\n"
    assert reworded(note, "Its size is below one, so it shrinks fast enough.") is None
    assert reworded(note, "Its size is above one, so it shrinks fast enough!") is not None
    assert reworded_cell("Stationary balance near a quadratic minimum", ["Stationary balance near any minimum"]) is None


ROW = r"Response $1/(1-\beta )$ at the origin for constant input"


@pytest.mark.parametrize("new, found", [
    (r"At the origin, with constant input, the response is $1/(1-\beta )$", True),   # restructured
    (r"At the origin, with constant input, the response is $1/(1+\beta )$", False),  # its formula changed
    (r"At the origin, with varying input, the response is $1/(1-\beta )$", False),   # a word of its own changed
    (r"Away from the origin, for constant input, the response is $1/(1-\beta )$", False),
])
def test_a_restructured_row_is_found_by_its_words_in_any_order(new, found):
    cells = ["Euler error bound proportional to the step", new]
    assert (reworded_cell(ROW, cells) == 1) is found


def test_a_status_cell_compares_its_words_not_its_marks():
    assert cell_meaning_change("Conditional: fails for anisotropic noise", "Conditional: fails for isotropic noise")
    assert cell_meaning_change("[Exact] for $0<\\beta <1$", "[Approximation] for $0<\\beta <1$") is None


def test_a_count_word_printed_in_digits_is_the_same_sentence_another_count_is_not():
    note = "Intro text here. Starting from zero it converges. 12 updates are shown.\n"
    assert reworded(note, "Twelve updates are shown.") == (50, "12 updates are shown.")
    assert reworded(note.replace("12", "13"), "Twelve updates are shown.") is None


def test_a_statement_edited_in_its_words_or_its_maths_is_found_with_what_changed():
    from noteproof.sources.reword import maths_changed, sense_changed
    note = "Intro text here.\nEuler error proportional to $\\Delta s^2$, constant set by $K$ and $S$\t[Exact]\n" \
           "The slope grows without limit and overstates the size of a finite change.\n"
    row = "Euler error proportional to $\\Delta s$, constant set by $K$ and $S$"
    assert maths_changed(note, row) == (17, row.replace("s$,", "s^2$,"), ("$\\Delta s$", "$\\Delta s^2$"))
    assert sense_changed(note, row) is None
    said = "The slope grows without limit and understates the size of a finite change."
    at, printed, words = sense_changed(note, said)
    assert printed == said.replace("under", "over") and words == ("understates", "overstates")
    assert maths_changed(note, said) is None


@pytest.mark.parametrize("old, new, swapped", [
    ("needs one forward and one backward solve, whatever", "needs one backward and one forward solve, whatever", True),
    ("x above a and y below b.", "y below b and x above a.", True),
    ("set by K and S", "set by S and K", True),
    ("the first is larger and the second smaller.", "the first is smaller and the second larger.", False),
    ("x above a and y below b.", "x below a and y above b.", False),
    ("first X and then Y", "first Y and then X", False),
])
def test_two_phrases_joined_by_and_or_or_may_swap(old, new, swapped):
    from noteproof.sources.reword import swapped_conjuncts
    assert swapped_conjuncts(old, new) is swapped
    if swapped:   # the words of sense are the same, in another order: no change of sense
        assert meaning_change(old, new) is None


@pytest.mark.parametrize("old, new, change", [
    ("kept (A still left of B)", "kept (B still left of A)", ("A … B", "B … A")),   # the names turned
    ("Gap in x (B minus A): 0.271", "Gap in x (A minus B): 0.271", ("B … A", "A … B")),
    ("kept (A still left of B)", "kept (B still right of A)", None),                 # the converse
    ("P exceeds Q", "Q is below P", None),
    ("P exceeds Q", "P is below Q", ("exceeds", "below")),
    ("A fixed point exists. A sentence follows.", "A fixed point exists. A sentence follows.", None),
])
def test_names_in_another_order_change_the_sense_unless_the_relation_turns_too(old, new, change):
    assert meaning_change(old, new) == change


@pytest.mark.parametrize("new, change", [
    ("Since every step multiplies it by 1.25, two steps give 0.78125.", None),
    ("Each step multiplies it by 1.25, so before two steps it is 0.78125.", ("after", "before")),
    ("Since every step multiplies it by 1.25, three steps give 0.78125.", ("after two", "three")),
])
def test_after_a_count_of_steps_is_the_count(new, change):
    assert meaning_change("Each step multiplies it by 1.25, so after two steps it is 0.78125.", new) == change


@pytest.mark.parametrize("printed, back", [
    ("p\\simeq 0.634", "p\\simeq 0.633975"),      # a rounding of the registered number
    ("p\\simeq 0.643", "p\\simeq 0.643"),         # another number: left as printed
    ("p\\simeq 0.6339750", "p\\simeq 0.633975"),  # more digits
    ("p\\simeq 0.6339746", "p\\simeq 0.633975"),  # more digits that round to it (its quote judges them)
    ("p\\simeq 0.6339756", "p\\simeq 0.6339756"),  # more digits that do not
])
def test_a_re_rounded_decimal_is_read_back_as_registered(printed, back):
    from noteproof.sources.reword import rounded_back
    assert rounded_back("p\\simeq 0.633975", printed) == back


@pytest.mark.parametrize("old, new, change", [
    ("big steps lose accuracy to curvature, and tiny steps lose it to round-off",
     "big steps lose accuracy to round-off, and tiny steps lose it to curvature", ("curvature … round-off", "round-off … curvature")),
    ("Error ratio (Euler / RK4): 3,490", "Error ratio (RK4 / Euler): 3,490", ("Euler … RK4", "RK4 … Euler")),
    ("a smooth and invertible map", "an invertible and smooth map", None),   # the phrases around "and"
    ("p: momentum of the oscillator", "q: momentum of the oscillator", ("p", "q")),   # a legend's symbol
    ("h: step size", "h: the step size", None),
    ("larger than 1 in size past ah = 2", "larger than 1 in size from ah = 2 onward", ("past", "onward")),   # a boundary
    ("which carries about 16 digits", "which carries about 16 bits", ("digits", "bits")),                  # a unit
    ("Hold the parameter fixed and prescribe inputs", "Fix the parameter and prescribe the inputs", None),
    ("At theta = 1 with x = 1 none exists; at theta = 1 with x = 0 every value is fixed.",
     "At theta = 1 with x = 0 every value is fixed; at theta = 1 with x = 1 none exists.", None),   # clauses swapped
])
def test_two_words_of_their_own_that_change_places_change_the_sense(old, new, change):
    assert meaning_change(old, new) == change


@pytest.mark.parametrize("printed, found", [
    ("Does Euler shrink?: yes", True),          # the label's words, inflected otherwise
    ("Euler shrinking?: yes", True),
    ("Does Verlet shrink?: yes", False),        # another method's read-out
    ("Error ratio (RK4 / Euler): 3,490", False),   # the inverse ratio
    ("Resting value (z*): 5", True),            # the symbol names the number, the words may change
    ("Resting value (x): 5", False),
    ("Magnitude of the multiplier |theta|: 1.2", True),
    ("Absolute value of theta: 1.2", True),      # the size symbol said in words
    ("Absolute value of x: 1.2", False),
])
def test_a_read_out_is_found_by_its_label_s_words_and_their_order(printed, found):
    from noteproof.sources.notes import Note
    snippet, number = ("Error ratio (Euler / RK4): 3,490", "3,490") if "ratio" in printed else \
        ("Equilibrium (z*): 5", "5") if "Resting" in printed else \
        ("Size of multiplier |theta|: 1.2", "1.2") if "theta" in printed else ("Euler shrinks?: yes", "yes")
    note = Note("notes/x.txt", f"Read-outs.\n{printed}\nEnd.\n")
    assert (note.quote_at(snippet, number) is not None) is found


def test_a_quotient_in_words_is_the_quotient_in_a_label():
    from noteproof.sources.notes import Note
    note = Note("notes/x.txt", "Read-outs.\nStiffness ratio (fast rate divided by slow rate): 100\nEnd.\n")
    assert note.quote_at("Stiffness ratio (fast rate / slow rate): 100", "100") is not None
    assert meaning_change("fast rate / slow rate", "fast rate divided by slow rate") is None
    assert meaning_change("v39 EPUB / v43 print.", "v39 EPUB / v43 print.") is None


def test_a_statement_with_two_clauses_swapped_is_found_reworded():
    from noteproof.sources.reword import reworded
    text = "At theta = 1 with x = 1 none exists; at theta = 1 with x = 0 every value is fixed."
    note = "Intro.\nAt theta = 1 with x = 0 every value is fixed; at theta = 1 with x = 1 none exists. Next.\n"
    at = reworded(note, text)
    assert at is not None and at[1].startswith("At theta = 1 with x = 0") and note[at[0]:].startswith(at[1])


@pytest.mark.parametrize("printed, found", [
    ("Implicit factor on the fast mode (1 / (1 + z)): 0.167", True),   # a formula naming the value
    ("Implicit factor on the slow mode (1 / (1 + z)): 0.167", False),  # and a word changed
    ("Explicit factor on the fast mode (1 / (1 + z)): 0.167", False),
])
def test_a_label_that_gains_words_before_its_colon_keeps_its_read_out(printed, found):
    from noteproof.sources.notes import Note
    note = Note("notes/x.txt", f"Read-outs.\n{printed}\nEnd.\n")
    assert (note.quote_at("Implicit factor on the fast mode: 0.167", "0.167") is not None) is found


def test_a_list_in_parentheses_printed_in_another_order_pairs_otherwise():
    assert meaning_change("Correct digits (finite difference, adjoint): 3.7, 10.9",
                          "Correct digits (adjoint, finite difference): 3.7, 10.9") == \
        ("(finite difference, adjoint)", "(adjoint, finite difference)")


@pytest.mark.parametrize("old, new, change", [
    # a second list after the swapped one pairs with it: "A and B are X and Y"
    ("Its conditional mean and covariance are X and Y.", "Its conditional covariance and mean are X and Y.",
     ("mean … covariance", "covariance … mean")),
    ("one forward and one backward solve", "one backward and one forward solve", None),
    ("with positive Hessian A", "with positive semidefinite Hessian A", ("", "semidefinite")),   # a weaker hypothesis
    ("the amplitude shrinks by half each step", "the amplitude shrinks to 50% of its value each step", None),
    ("Does a derivative of $10^{-6}$ prove", "Does a derivative of one millionth prove", None),
])
def test_respective_lists_hypotheses_and_numbers_in_words(old, new, change):
    assert meaning_change(old, new) == change


@pytest.mark.parametrize("printed, number", [
    ("ending at about 7,500 times the starting energy", "7,500"),   # rounded to its trailing zeros, and said so
    # 7,520 rounds to 8,000 at thousands: its place all the same, where the quote judges it wrong
    ("ending at about 7,000 times the starting energy", "7,000"),
])
def test_a_number_rounded_to_its_trailing_zeros_after_about_is_its_quote(printed, number):
    from noteproof.sources.notes import Note
    note = Note("notes/x.txt", f"Read-outs.\nEuler pumps energy in, {printed}.\n")
    at = note.quote_at("ending at 7,520 times the starting energy", "7,520")
    assert at is not None and at[1] == number


@pytest.mark.parametrize("printed, number", [
    ("Euler energy at the end (start 0.5): about 3,762", "3,762"),   # probe 88: h13, re-rounded and said so
    ("Euler energy at the end (start 0.5): roughly 3,760", "3,760"),
    ("Euler energy at the end (start 0.5): about 3,860", "3,860"),   # found, and the quote judges it wrong
])
def test_a_word_of_rounding_before_a_quoted_number_keeps_its_place(printed, number):
    from noteproof.sources.notes import Note
    note = Note("notes/x.txt", f"Read-outs.\n{printed}\n")
    at = note.quote_at("(start 0.5): 3,760", "3,760")
    assert at is not None and at[1] == number


@pytest.mark.parametrize("new, change", [
    ("For a unique largest score and a finite vocabulary, the limit concentrates", None),   # stronger
    ("For a largest score and a finite vocabulary, the limit concentrates", ("unique", "")),
    ("For a unique largest score or a finite vocabulary, the limit concentrates", ("", "finite")),   # weaker
])
def test_a_conjunct_added_to_the_leading_hypothesis_strengthens_it(new, change):
    assert meaning_change("For a unique largest score, the limit concentrates", new) == change


@pytest.mark.parametrize("new, change", [
    ("Response $1/(1-\\beta )$ for constant input", ("at the origin", "")),     # probe 12 b14: now everywhere
    ("Response $1/(1-\\beta )$ for constant input at the origin", None),        # moved, kept
    ("Response $1/(1-\\beta )$, at the origin, for constant input", None),
])
def test_a_restricting_phrase_struck_out_widens_the_claim(new, change):
    assert meaning_change("Response $1/(1-\\beta )$ at the origin for constant input", new) == change


def test_an_aside_struck_out_restricts_nothing():
    assert meaning_change("The method is, for example, stable at small steps", "The method is stable at small steps") is None


def test_a_conjunct_dropped_from_the_leading_hypothesis_weakens_it():
    assert meaning_change("For a unique largest score and a finite vocabulary, the limit concentrates",
                          "For a unique largest score, the limit concentrates") == ("and a finite vocabulary", "")


@pytest.mark.parametrize("new, same", [
    ("At large step, a stable ODE can have an unstable discretization", True),    # probe 12 h14
    ("A stable ODE at large step can have an unstable discretization", False),    # not moved whole: judged as words
    ("At large step, an unstable ODE can have a stable discretization", False),
])
def test_a_phrase_of_place_moved_to_the_front_is_the_same_claim(new, same):
    old = "A stable ODE can have an unstable discretization at large step"
    assert (meaning_change(old, new) is None) is same


@pytest.mark.parametrize("new, same", [
    ("Whenever the largest score is unique, the limit concentrates on that token", True),   # probe 12 h21
    ("If the largest score is unique, the limit concentrates on that token", True),
    ("Whenever the largest score is not unique, the limit concentrates on that token", False),
    ("Whenever the score is unique, the limit concentrates on that token", False),
])
def test_a_hypothesis_said_in_other_words_is_the_same_hypothesis(new, same):
    old = "For a unique largest score, the limit concentrates on that token"
    assert (meaning_change(old, new) is None) is same


@pytest.mark.parametrize("new, same", [
    ("As $\\tau \\to \\infty$, a finite vocabulary approaches a uniform distribution.", True),
    ("When $\\tau\\to +\\infty$ a finite vocabulary approaches a uniform distribution.", True),
    ("As $\\tau \\to 0$, a finite vocabulary approaches a uniform distribution.", False),
    ("As $\\tau \\to 0^{+}$, a finite vocabulary approaches a uniform distribution.", False),
])
def test_a_limit_is_its_words(new, same):
    """"as $\\tau \\to \\infty$" says "at large $\\tau$"; "as $\\tau \\to 0$" says "at small $\\tau$"."""
    old = "At large $\\tau$ a finite vocabulary approaches a uniform distribution."
    assert (meaning_change(old, new) is None) is same


def test_at_once_is_no_count():
    assert meaning_change("the fast mode vanishes almost immediately", "the fast mode dies out almost at once") is None
    assert meaning_change("it is applied once", "it is applied twice") is not None


@pytest.mark.parametrize("new, found", [
    ("The adjoint is integrated backwards, starting at t = 1 and ending at t = 0.", True),
    ("The adjoint is integrated backwards, starting at t = 0 and ending at t = 1.", False),   # its numbers swapped
    ("The adjoint is integrated backwards, starting at t = 1 and ending at t = 0.5.", False),
    ("The adjoint is integrated forwards, starting at t = 1 and ending at t = 0.", False),   # its sense changed
])
def test_a_sentence_paraphrased_with_its_maths_unchanged_still_holds_its_quotes(new, found):
    from noteproof.sources.reword import paraphrased
    old = "The adjoint is solved backward in time, from t = 1 down to t = 0."
    note = f"Some words before. {new} Read forward in time, a(t) shrinks."
    assert reworded(note, old) is None   # too far reworded for the sentence itself
    assert (paraphrased(note, old) is not None) == found


def test_a_restructured_sentence_is_the_same_sentence():
    from noteproof.sources.reword import restructured
    assert restructured("Hold the parameter $\\beta >0$ fixed and prescribe inputs $u_i$.",
                        "Prescribe inputs $u_i$ and hold the parameter $\\beta >0$ fixed.")
    assert restructured("At $w=2,x=y=1$, this is $12$.", "This is $12$ at $w=2,x=y=1$.")
    assert not restructured("A exceeds B at large steps.", "B exceeds A at large steps.")


def test_a_question_paraphrased_keeps_its_numbers_in_place_whatever_its_words():
    from noteproof.sources.reword import paraphrased
    old = "Predict first: If the step times the rate (ah) is 2.4, do both the exact solution and the Euler steps decay?"
    new = "Predict first: When ah (step times rate) equals 2.4, do the exact solution and the Euler steps both decay?"
    assert paraphrased(f"Intro.\n{new}\nMore.", old) is not None
    assert paraphrased(f"Intro.\n{new.replace('2.4', '2.6')}\nMore.", old) is None
    assert paraphrased(f"Intro.\n{new.rstrip('?')}.\nMore.", old) is None   # a statement is judged by its senses


def test_about_before_an_amount_is_roughly_and_a_preposition_elsewhere():
    assert meaning_change("error roughly proportional to h", "error about proportional to h") is None
    assert meaning_change("a note roughly on h", "a note about h") is not None


@pytest.mark.parametrize("old, new, word", [
    ("A batch contains the $B$ examples used in one update; an epoch is one pass through a dataset.",
     "An epoch contains the $B$ examples used in one update; a batch is one pass through a dataset.", "batch"),
    ("Conditional: requires the stated noise\u2013mobility relation; fails for anisotropic noise",
     "Conditional: requires anisotropic noise; fails for the stated noise\u2013mobility relation", "requires"),
    ("The path cost is $-\\log 0.08$, while the log ratio of forward to reverse probabilities is zero.",
     "The log ratio of forward to reverse probabilities is $-\\log 0.08$, while the path cost is zero.",
     "$-\\log 0.08$"),
    ("A sequence of layer maps is a nonautonomous system: its rule depends on the step. A fixed map gives an autonomous one.",
     "A sequence of layer maps is an autonomous system: its rule depends on the step. A fixed map gives a nonautonomous one.",
     "nonautonomous"),
])
def test_a_word_moved_to_another_clause_changes_the_meaning(old, new, word):
    assert moved_across_clauses(old, new) == (word, f"{word} (in another clause)")
    assert meaning_change(old, new) is not None


@pytest.mark.parametrize("old, new", [
    ("Each Euler step costs one evaluation; each RK4 step costs four.",
     "Each RK4 step costs four evaluations; each Euler step costs one."),      # clauses moved whole
    ("Error ratio (Euler, RK4): 4, 16", "Error ratio (Euler, RK4): 4, 16"),
    ("The path cost is positive, while the log ratio is zero.", "While the log ratio is zero, the path cost is positive."),
])
def test_clauses_moved_whole_keep_their_words(old, new):
    assert moved_across_clauses(old, new) is None


@pytest.mark.parametrize("old, new", [
    ("A sequence of layer maps is a nonautonomous dynamical system.", "A sequence of layer maps is an autonomous dynamical system."),
    ("The minibatch gradient is an unbiased estimate.", "The minibatch gradient is a biased estimate."),
])
def test_a_word_replaced_by_its_negation_changes_the_meaning(old, new):
    assert meaning_change(old, new) is not None


@pytest.mark.parametrize("old, new, same", [
    ("Each Euler step costs one evaluation of f and each RK4 step four.",
     "Each RK4 step costs four evaluations of f, and each Euler step one.", True),
    ("Each Euler step costs one evaluation of f and each RK4 step four.",
     "Each RK4 step costs one evaluation of f, and each Euler step four.", False),      # costs exchanged
    ("Conditional: requires the stated relation; fails for anisotropic noise",
     "Conditional: requires anisotropic noise; fails for the stated relation", False),  # a word for a word
    ("Explicit factor on the fast mode: -4\nImplicit factor on the fast mode: 0.167",
     "Implicit factor on the fast mode: -4\nExplicit factor on the fast mode: 0.167", False),  # labels, not lines
    ("The first is smaller; the second is larger.", "The second is smaller; the first is larger.", False),
])
def test_clauses_said_in_another_order_each_whole_keep_the_meaning(old, new, same):
    assert clauses_permuted(old, new) is same
    assert (meaning_change(old, new) is None) is same


@pytest.mark.parametrize("old, new, change", [
    ("The energy inequality holds at fixed current input only.",
     "The energy inequality holds only at fixed current input.", None),
    ("It holds for only the fixed input.", "It holds only for the fixed input.", None),
    ("The bound on E holds only at X.", "Only the bound on E holds at X.", ("only at", "only the")),
    ("The bound on E holds at X only.", "The bound only on E holds at X.", ("only", "only on")),
])
def test_only_before_or_after_its_phrase_restricts_it_and_elsewhere_another_thing(old, new, change):
    assert meaning_change(old, new) == change
    assert (meaning_change(new, old) is None) == (change is None)


@pytest.mark.parametrize("old, new, change", [
    ("The four indices advance four different things", "Four different things are advanced by the four indices", None),
    ("It is -8, so A lowers B.", "It is -8, so B is lowered by A.", None),
    ("It is -8, so A lowers B.", "It is -8, so A is lowered by B.", ("A lowers B", "B lowers A")),
    ("The four indices advance four different things", "The four different things are advanced by four indices",
     ("four", "")),
])
def test_the_passive_voice_keeps_who_does_what_and_exchanged_roles_change_it(old, new, change):
    assert meaning_change(old, new) == change


def test_a_possessive_keeps_the_phrase_it_stands_for():
    assert meaning_change("Backward recursion for the sensitivities", "The sensitivities' backward recursion") is None
    assert meaning_change("Backward recursion for the sensitivities", "The backward recursion") is not None


@pytest.mark.parametrize("new, change", [
    ("Because |theta| is above 1, the iterates move away from -5.", None),
    ("|theta| is above 1, so the iterates move away from -5.", None),
    ("The iterates move away from -5, so |theta| is above 1.",
     ("|theta| is above 1 so The iterates move away from -5", "The iterates move away from -5 so |theta| is above 1")),
    ("Because |theta| is below 1, the iterates move away from -5.", ("above", "below")),
])
def test_a_cause_and_its_effect_joined_otherwise_keep_the_meaning_and_exchanged_change_it(new, change):
    assert meaning_change("The iterates move away from -5, because |theta| is above 1.", new) == change


def test_a_shared_opening_phrase_is_set_aside_before_cause_and_effect():
    assert meaning_change("In a decoder, A holds, so B is kept.", "In a decoder, B is kept, because A holds.") is None


@pytest.mark.parametrize("old, new, change", [
    ("For positive decoding temperature $\\tau$,", "For a decoding temperature $\\tau >0$,", None),
    ("For a decoding temperature $\\tau > 0$,", "For positive decoding temperature $\\tau$,", None),
    ("with a nonnegative step $h$", "with a step $h \\geq 0$", None),
    ("For positive decoding temperature $\\tau$,", "For negative decoding temperature $\\tau$,", ("positive", "negative")),
    ("For positive decoding temperature $\\tau$,", "For a decoding temperature $\\tau <0$,", ("positive", "")),
])
def test_a_sign_in_words_is_a_relation_to_zero_in_symbols(old, new, change):
    assert meaning_change(old, new) == change


@pytest.mark.parametrize("new, change", [
    ("A gradient step lowers the score of $B$ and raises the score of $A$.", ("A … B", "B … A")),
    ("A gradient step raises the score of $B$ and lowers the score of $A$.", None),
])
def test_names_printed_as_spans_exchanged_across_clauses_change_the_meaning(new, change):
    assert meaning_change("A gradient step lowers the score of $A$ and raises the score of $B$.", new) == change


@pytest.mark.parametrize("printed, said", [
    ("Hold the positive parameter $\\beta$ fixed and prescribe inputs.", True),
    ("Hold the negative parameter $\\beta$ fixed and prescribe inputs.", False),
    ("Hold the positive parameter $\\theta$ fixed and prescribe inputs.", False),
])
def test_a_sign_in_symbols_is_found_said_in_words(printed, said):
    from noteproof.sources.reword import sign_said_in_words
    assert sign_said_in_words(f"Intro.\n{printed}\n", "Hold the parameter $\\beta >0$") is said


def test_a_hyphenated_word_is_no_difference_and_its_number_word_no_count():
    """"zero-input" moved across a span keeps the sentence's mathematics (reword.signature), and
    its "zero" is no number among the sentence's numbers (a quote keeps its place among them)."""
    from noteproof.sources.notes import _numbers_in
    from noteproof.sources.numtext import value_of
    from noteproof.sources.reword import signature
    old = "On the stable zero-input branch with $\\beta <1$, $a_{\\ast }=0$."
    new = "With $\\beta <1$, on the stable zero-input branch, $a_{\\ast }=0$."
    assert signature(old) == signature(new)
    assert signature("so $x$ is 1-h") != signature("so $x$ is 1+h")
    assert [n for _, n in _numbers_in(new) if value_of(n) is not None] == ["1", "0"]


@pytest.mark.parametrize("new, change", [
    ("The leftover grows and swamps the slow part if that factor is below -1.", None),
    ("The leftover grows and swamps the slow part if that factor is above -1.", "changed"),
    ("If the leftover grows, that factor is below -1 and swamps the slow part.", "changed"),
])
def test_a_condition_may_open_or_close_its_sentence(new, change):
    got = meaning_change("If that factor is below -1, the leftover grows and swamps the slow part.", new)
    assert got == change if change != "changed" else got is not None


def test_the_factors_of_a_product_may_change_places():
    """Probe 56 h01: "the step times the rate" is "the rate times the step"; a quotient is not."""
    from noteproof.sources.reword import meaning_change
    assert meaning_change("If the step times the rate (ah) is 2.4, do both decay?",
                          "If the rate times the step (ah) is 2.4, do both decay?") is None
    assert meaning_change("the step divided by the rate", "the rate divided by the step") is not None
    assert meaning_change("the step times the rate is above the bound",
                          "the bound times the rate is above the step") is not None


def test_an_irregular_participle_turns_a_clause_into_the_passive():
    """Probe 56 h13: "An autonomous one is given by a fixed map" says "A fixed map gives an
    autonomous one"; its roles exchanged it does not."""
    from noteproof.sources.reword import in_other_voice, meaning_change
    old = "A fixed map gives an autonomous one."
    assert in_other_voice(old, "An autonomous one is given by a fixed map.")
    assert meaning_change(old, "An autonomous one is given by a fixed map.") is None
    assert meaning_change(old, "A fixed map is given by an autonomous one.") is not None


def test_a_negated_clause_with_a_list_for_its_subject_turns_into_the_passive():
    """Probe 68 h12: "This family, scaling or uniform bound is not established by a single
    trained stack" says "A single trained stack does not establish this family, scaling or
    uniform bound"; without its "not", or with its roles exchanged, it does not."""
    from noteproof.sources.reword import in_other_voice, meaning_change, roles_exchanged
    old = "A single trained stack does not establish this family, scaling or uniform bound."
    new = "This family, scaling or uniform bound is not established by a single trained stack."
    assert in_other_voice(old, new) and meaning_change(old, new) is None
    assert meaning_change(old, new.replace(" not ", " ")) is not None
    turned = "A single trained stack is not established by this family, scaling or uniform bound."
    assert not in_other_voice(old, turned) and roles_exchanged(old, turned) is not None
    assert meaning_change(old, turned) is not None


@pytest.mark.parametrize("negated", [True, False])
def test_a_passive_clause_whose_doer_takes_part_of_a_list_is_not_the_active_one(negated):
    """Reviewer helper-72: "This family is not established by a single trained stack, scaling or
    uniform bound" makes the list's tail the doer: no rewording of "A single trained stack does
    not establish this family, scaling or uniform bound", negated or not."""
    from noteproof.sources.reword import in_other_voice, meaning_change
    old = "A single trained stack does not establish this family, scaling or uniform bound."
    new = "This family is not established by a single trained stack, scaling or uniform bound."
    if not negated:
        old, new = old.replace("does not establish", "establishes"), new.replace(" not ", " ")
    assert not in_other_voice(old, new) and meaning_change(old, new) is not None


def test_every_other_step_and_the_set_a_limit_is_uniform_over_are_meaning():
    """Probe 72 b11 and b07: "flips sign every other step" is not "every step"; "uniform over
    the vocabulary" is not "uniform over the ties" ("on the tied tokens" is)."""
    from noteproof.sources.reword import meaning_change
    flips = "With ah = 1.8, Euler multiplies by -0.8 each step, so it flips sign every step but still shrinks."
    assert meaning_change(flips, flips.replace("every step", "every other step")) is not None
    assert meaning_change(flips, flips.replace("every step", "at each step")) is None
    ties = "With tied maxima the softmax limit is uniform over the ties, while a greedy implementation may use a particular tie-breaking rule."
    assert meaning_change(ties, ties.replace("over the ties", "over the vocabulary")) == ("the ties", "the vocabulary")
    assert meaning_change(ties, ties.replace("over the ties", "over all the ties")) is None
    assert meaning_change(ties, ties.replace("is uniform over the ties", "is uniform on the tied tokens")) is None


_REVIEWED = [
    # a passive the voice rules cannot turn is no change by itself (reviewer helper-75: 1)
    ("A deep equilibrium model repeats one layer until its output stops changing.",
     "One layer is repeated by a deep equilibrium model until its output stops changing.", False),
    # "constant" said of an amount or a state is "fixed"; of a map it is another thing (2)
    ("so their product is constant.", "so their product stays fixed.", False),
    ("After training, hold the parameters fixed.", "After training, hold the parameters constant.", False),
    # "every other" is half the steps only of steps; "every other input" is all the rest (3, 4)
    ("with every other input held fixed", "with all other inputs held fixed", False),
    ("with every other input held fixed", "with every second input held fixed", True),
    ("at $\\Delta s=3$ it doubles while alternating sign", "at $\\Delta s=3$ it doubles while flipping sign", False),
    ("but it alternates sign", "but it flips sign every other step", True),
    # the set quantified over: every item, the whole phrase, whole words (5, 7, 8)
    ("the limit is uniform over the ties, while", "the limit is uniformly distributed over the vocabulary, while", True),
    ("the limit is uniform over the ties, while", "the limit is uniform over the ties and the runner-up, while", True),
    ("The empirical loss is an average over examples.", "The empirical loss averages over the mini-batch.", True),
    ("The empirical loss is an average over examples.", "The empirical loss is an average over exams.", True),
    ("The empirical loss is an average over examples.", "The empirical loss is an average over the training examples.", False),
    ("the limit concentrates on that token, agreeing", "the limit concentrates on the top-scoring token, agreeing", False),
]


_FREQUENCY = [
    # probe 75: b03, b05, b08: "can" made "always", a requirement made a guarantee, "generally" made "occasionally"
    ("saturation can strongly attenuate perturbations even when it is large",
     "saturation always strongly attenuates perturbations, even when it is large", True),
    ("and a continuous-depth limit requires a specified family and scaling.",
     "and a continuous-depth limit is guaranteed by a specified family and scaling.", True),
    ("Anisotropic noise generally prevents a single scalar temperature", "Anisotropic noise occasionally prevents a single scalar temperature", True),
    ("Anisotropic noise generally prevents a single scalar temperature", "Anisotropic noise usually prevents a single scalar temperature", False),
    ("Anisotropic noise generally prevents a single scalar temperature", "Anisotropic noise prevents a single scalar temperature in general", False),
    ("The exact answer always decays smoothly.", "The exact answer decays smoothly at all times.", False),
    # probe 75: h05, a phrase fronted with an article of its own
    ("A stable ODE can have an unstable discretization at large step", "At a large step, a stable ODE can have an unstable discretization", False),
    ("A stable ODE can have an unstable discretization at large step", "At a small step, a stable ODE can have an unstable discretization", True),
]


_ADVERB_CLAUSE = [
    # reviewer helper-79: "always" said otherwise; "ensures" where nothing speaks of conditions; "frequently"
    ("The gap stays above zero at every time.", "The gap stays above zero at all times.", False),
    ("which always shrinks the mode.", "which shrinks the mode in all cases.", False),
    ("The exact answer always decays smoothly.", "The exact answer decays smoothly every time.", False),
    ("the mask is what keeps the training task the same as the generation task.",
     "the mask is what ensures the training task is the same as the generation task.", False),
    ("it is most often confused with.", "it is most frequently confused with.", False),
    # an adverb of frequency moved to another clause is another claim
    ("such an architecture is generally a driven sequence of maps; with generated inputs, an enlarged state must include everything",
     "such an architecture is a driven sequence of maps; with generated inputs, an enlarged state must generally include everything", True),
    ("does not extend to a driven trajectory, so recurrence has no common decreasing energy in general.",
     "does not extend to a driven trajectory in general, so recurrence has no common decreasing energy.", True),
    ("Implicit Euler divides by 1 + h lambda instead, which always shrinks the mode.",
     "Implicit Euler always divides by 1 + h lambda instead, which shrinks the mode.", True),
]


def test_missing_and_lost_are_one_sense():
    """Probe 57 h15 (and 55 h21): "half the derivative is lost" says "is missing"; "nothing
    of it is lost" does not."""
    from noteproof.sources.reword import meaning_change
    old = "Counting only the last use gives $6$: half the derivative is missing."
    assert meaning_change(old, "If only the last use is counted, the result is $6$, so half of the derivative is lost.") is None
    assert meaning_change(old, "If only the last use is counted, the result is $6$, so nothing of the derivative is lost.") is not None


@pytest.mark.parametrize("text, said", [("50% of it", True), ("50 \\% of it", True), ("50 apples", False),
                                        ("33.3 percent", True), ("40%", False)])
def test_a_percentage_a_fraction_word_says(text, said):
    from noteproof.sources.reword import as_fraction_word
    end = len(text.split()[0].rstrip("%"))
    assert as_fraction_word(text, 0, end) is said


@pytest.mark.parametrize("new, change", [
    ("Flows with unique solutions cannot cross", ("one-dimensional", "")),
    ("Two-dimensional flows with unique solutions cannot cross", ("one-dimensional", "Two")),
])
def test_one_dimensional_is_a_sense_not_a_count(new, change):
    """"one-dimensional" (or "on a line") restricts the flows: dropped or changed, the claim is another."""
    assert meaning_change("One-dimensional flows with unique solutions cannot cross", new) == change


def test_two_things_said_one_by_one_and_fixed_said_constant():
    """Probe 69 h01 and h15: "Each is a legitimate dynamical system" says "Both are legitimate
    dynamical systems"; "constant energy" says "fixed energy". "Neither" and "growing" do not."""
    from noteproof.sources.reword import meaning_change
    old = "Both are legitimate dynamical systems."
    assert meaning_change(old, "Each is a legitimate dynamical system.") is None
    assert meaning_change(old, "Each of them is a legitimate dynamical system.") is None
    assert meaning_change(old, "Neither is a legitimate dynamical system.") is not None
    assert meaning_change(old, "One is a legitimate dynamical system.") is not None
    orbit = "The exact orbit stays on a circle of fixed energy."
    assert meaning_change(orbit, "The exact orbit remains on a circle of constant energy.") is None
    assert meaning_change(orbit, "The exact orbit remains on a circle of growing energy.") is not None
    # reviewer helper-72: "both" of more than two things, and a constant map, which is no fixed one
    loop = "These are four different experiments even when each is implemented by a loop."
    assert meaning_change(loop, loop.replace("each is", "both are")) is not None
    assert meaning_change("A fixed map gives an autonomous one.", "A constant map gives an autonomous one.") is not None
    moments = "A diffusion approximation that matches exactly two moments of one update."
    assert meaning_change(moments, moments.replace("two moments of one", "2 moments of 1")) is None
    assert meaning_change(moments, moments.replace("two moments of one", "1 moments of 2")) == ("2", "1")


def test_the_pronoun_one_is_no_count():
    """Probe 81 h14: "One solves the adjoint backward" says "The adjoint is solved backward";
    "One Euler step", "One is legitimate" and "one bias term" still count one."""
    from noteproof.sources.reword import meaning_change
    old = "The adjoint is solved backward in time, from t = 1 down to t = 0."
    assert meaning_change(old, "One solves the adjoint backward in time, from t = 1 down to t = 0.") is None
    assert meaning_change(old, "One can solve the adjoint backward in time, from t = 1 down to t = 0.") is None
    assert meaning_change(old, "One step solves the adjoint backward in time, from t = 1 down to t = 0.") is not None
    assert meaning_change("Both are legitimate.", "One is legitimate.") is not None
    narrow = "so a narrow one cannot reverse the order of values"
    assert meaning_change(narrow, "so a narrow layer cannot reverse the order of values") is None


def test_what_cannot_change_is_fixed():
    """Probe 81: "the order ... cannot change" says "is frozen"; "can change" does not."""
    from noteproof.sources.reword import meaning_change
    old = "So the order along the line is frozen."
    assert meaning_change(old, "So the order along the line cannot change.") is None
    assert meaning_change(old, "So the order along the line can't change.") is None
    assert meaning_change(old, "So the order along the line can change.") is not None
    assert meaning_change(old, "So the order along the line changes.") is not None


def test_from_one_thing_to_another_is_no_count():
    """Probe 105 h13: "from one index to another" and "one another" pair things; "one" there
    is no count, and a count elsewhere still is."""
    from noteproof.sources.reword import meaning_change
    assert meaning_change("Arguments do not transfer.", "Arguments do not carry over from one index to another.") is None
    assert meaning_change("The layers differ.", "The layers differ from one another.") is None
    assert meaning_change("Arguments do not transfer.", "Arguments carry over from one index to another.") is not None
    assert meaning_change("One index advances per step.", "Two indices advance per step.") is not None


def test_two_causes_exchanged_across_their_conditions_in_other_words():
    """Probe 107 b05: curvature and round-off exchanged between "large" and "tiny", the sentence
    otherwise reworded, says another thing; its twin h05, the causes kept, says the same."""
    from noteproof.sources.reword import meaning_change, terms_exchanged
    old = ("A finite difference instead compares two loss values, which loses accuracy to curvature when the step "
           "is large and to round-off when it is tiny.")
    twin = "A finite difference, by contrast, compares two loss values; it loses accuracy to {} when the step is large " \
           "and to {} when the step is tiny."
    assert meaning_change(old, twin.format("round-off", "curvature")) is not None
    assert meaning_change(old, twin.format("curvature", "round-off")) is None
    assert terms_exchanged("At small steps Euler is cheap and at large steps RK4 is cheap.",
                           "At small steps RK4 is cheap and at large steps Euler is cheap.") is not None


def test_away_from_the_centre_is_outward_and_one_needs_is_no_count():
    """Probe 107 h04, b04; probe 106 h11."""
    from noteproof.sources.reword import meaning_change
    old = "Euler multiplies the energy at each step, so the orbit spirals outward."
    assert meaning_change(old, "At each step Euler multiplies the energy, so the orbit spirals away from the centre.") is None
    assert meaning_change(old, "At each step Euler multiplies the energy, so the orbit spirals in toward the centre.") \
        == ("outward", "inward")
    assert meaning_change("Training a layer needs the gradient.", "To train a layer one needs the gradient.") is None
    assert meaning_change("Of the two layers, one needs the gradient.", "Of the two layers, both need the gradient.")


def test_names_paired_with_other_values_and_a_negation_moved_are_changes():
    """Probe 108 b14: "mean and covariance are $A$ and $B$" printed "covariance and mean are $A$
    and $B$" pairs each name with the other value; names and values both turned keep the pairs
    (h14). Probe 108 b12: "is X and not Y" printed "is not X; it is Y" denies the other thing;
    "is not Y; it is X" (h12) says the same."""
    from noteproof.sources.reword import meaning_change
    old = "Its mean and covariance are $-\\eta g$ and $\\eta^2C/B$."
    assert meaning_change(old, "Its covariance and mean are $-\\eta g$ and $\\eta^2C/B$, respectively.") is not None
    assert meaning_change(old, "Its covariance and mean are $\\eta^2C/B$ and $-\\eta g$, respectively.") is None
    old = "The scalar map is the course's teaching example and not a reduction derived from it."
    assert meaning_change(old, "The scalar map is not the course's teaching example; it is a reduction derived from it.")
    assert meaning_change(old, "The scalar map is not a reduction derived from it; it is the course's teaching example.") \
        is None
    # the denied words kept in the clause of the negation: one denial said otherwise
    assert meaning_change("A change of temperature changes the sampling rule, not the learned parameters.",
                          "A change of temperature changes the sampling rule but the learned parameters do not "
                          "change.") is None


def test_convergence_is_the_sense_of_converges_and_one_gets_no_count():
    """Probe 108 h01, h16."""
    from noteproof.sources.reword import meaning_change
    old = "The formula needs I - J_f to be invertible; convergence of the iteration is a separate condition."
    assert meaning_change(old, "Invertibility of I - J_f is what the formula requires; whether the iteration converges "
                               "is a separate condition.") is None
    assert meaning_change(old, "The formula needs I - J_f to be invertible; divergence of the iteration is a separate "
                               "condition.") == ("convergence", "divergence")
    assert meaning_change("For scores $s$, $p=3/4$.", "With scores $s$ one gets $p=3/4$.") is None


def test_what_does_not_change_is_left_unchanged():
    """Probe 103 h14: "the objective and the parameters do not change" says "leaves the objective
    and the parameters unchanged"; "leaves them changed", or a change of sign, does not."""
    from noteproof.sources.reword import meaning_change
    old = "Changing the temperature rescales the scores; the objective and the parameters do not change."
    assert meaning_change(old, "A change of temperature rescales the scores and leaves the objective and "
                               "the parameters unchanged.") is None
    assert meaning_change(old, "Changing the temperature rescales the scores; the objective and the "
                               "parameters don't change.") is None
    assert meaning_change(old, "A change of temperature rescales the scores and leaves the objective and "
                               "the parameters changed.") is not None
    assert meaning_change("The gap does not change sign.", "The gap is unchanged.") is not None
    assert meaning_change("The weights do not change.", "The weights are not frozen.") is not None


def test_neither_nor_of_three_things_is_one_negation_of_the_list():
    """Probe 81 h05: "neither A nor B nor C" says "not A, B or C"; an item changed, or one
    dropped, does not. "neither the objective nor the scores" is not "the objective and the
    parameters" (an item's end is no article)."""
    from noteproof.sources.reword import meaning_change
    old = ("They make the map the same; they do not make the inputs, the positional operations or the "
           "available memories the same.")
    three = "they make neither the inputs nor the positional operations nor the available memories the same."
    assert meaning_change(old, "They make the map the same; " + three) is None
    assert meaning_change(old, "They make the map the same; " + three.replace("the inputs", "the weights")) is not None
    assert meaning_change(old, "They make the map the same; " + three.replace(" nor the available memories", "")) \
        is not None
    temperature = "Changing the decoding temperature rescales the scores; the objective and the parameters do not change."
    assert meaning_change(temperature, temperature.replace(
        "the objective and the parameters do not change", "neither the objective nor the scores change")) is not None


def test_a_sign_said_after_its_symbol():
    """Probe 80 h06: "Let the curvature $h$ be positive" says "Let the curvature be $h>0$";
    "be negative" does not."""
    from noteproof.sources.reword import meaning_change, sign_said_in_words
    old = "Let the curvature be $h>0$ and the batch-gradient noise variance be $c/B$."
    new = "Let the curvature $h$ be positive and the batch-gradient noise variance be $c/B$."
    assert meaning_change(old, new) is None
    assert sign_said_in_words(new, "Let the curvature be $h>0$")
    negative = new.replace("positive", "negative")
    assert meaning_change(old, negative) is not None
    assert not sign_said_in_words(negative, "Let the curvature be $h>0$")


_PROBE_83 = [
    # probe 83: h04, a passive whose participle ends in -ied; h09, "the uniform one"; h15, "Roughly"
    ("Duplicating arbitrary finite blocks supplies no such guarantee.",
     "No such guarantee is supplied by duplicating arbitrary finite blocks.", False),
    ("Duplicating arbitrary finite blocks supplies no such guarantee.",
     "Such a guarantee is supplied by duplicating arbitrary finite blocks.", True),
    ("At large $\\tau$ a finite vocabulary with finite scores approaches a uniform distribution.",
     "As $\\tau$ grows large, the distribution over a finite vocabulary with finite scores tends to the uniform one.",
     False),
    ("About 1,001 forward solves, one baseline plus one nudged run per parameter.",
     "Roughly 1,001 forward solves: one baseline run and one nudged run for each parameter.", False),
    ("About 1,001 forward solves, one baseline plus one nudged run per parameter.",
     "Exactly 1,001 forward solves: one baseline run and one nudged run for each parameter.", True),
]


def test_evidence_named_by_follows_from_in_a_status_cell():
    """Probe 83 h10: "[Exact], by the chain rule" is "[Exact]; it follows directly from the chain rule"."""
    from noteproof.sources.reword import cell_meaning_change
    assert cell_meaning_change("[Exact], by the chain rule", "[Exact]; it follows directly from the chain rule") is None
    assert cell_meaning_change("[Exact], by the chain rule", "[Exact]; it follows from the product rule") is not None


def test_in_size_kept_as_absolute_value():
    """Probe 78 h12: "above 1 in size" restricts by size, as "whose absolute value exceeds 1"
    does; dropped, the restriction is lost. (The statement itself is too far from its spelling
    for Note.stated: the claim still fails, in both doors.)"""
    from noteproof.sources.reword import meaning_change
    old = "A distance multiplied by something above 1 in size can only grow."
    assert meaning_change(old, "A distance multiplied by a factor whose absolute value exceeds 1 can only grow.") is None
    assert meaning_change(old, "A distance multiplied by a factor above 1 can only grow.") == ("in size", "")


_REVIEWER_90 = [
    # reviewer helper-90: each of this stop's rules pushed past its meaning
    ("Of the two roots, one lies inside the unit circle.", "Of the two roots, each lies inside the unit circle."),
    ("Of the four slope estimates, one uses the start.", "Of the four slope estimates, all use the start."),
    ("Each update multiplies the distance by a factor below one.", "Each update multiplies the distance by a factor below 2."),
    ("Initial states are separated by a distance of one.", "Initial states are separated by a distance of $\\epsilon$."),
    ("One series converges.", "Every series converges."),
    ("A flow cannot change the order of points on a line.", "A flow fixes the points on a line."),
    ("The gap cannot change sign.", "The gap is unchanged."),
    ("Parameter sharing removes neither the inputs nor the positional operations nor the available memories.",
     "Parameter sharing removes the inputs, the positional operations and the available memories; the weights it does not."),
    ("Parameter sharing removes neither the inputs nor the positional operations nor the available memories.",
     "Parameter sharing does not remove all of the inputs, the positional operations and the available memories."),
    ("The temperature changes neither the objective nor the parameters.",
     "Either the objective or the parameters do not change with the temperature."),
    ("Let the curvature be $h>0$.", "Let the curvature $h$ be positive or zero."),
    ("For every step $h>0$ the implicit factor is below 1.", "For every step the implicit factor at $h$ is positive and below 1."),
    ("A distance multiplied by something above 1 in size can only grow.",
     "A distance multiplied by something above 1 can only grow in magnitude."),
    ("Roughly 1,001 forward solves are needed.", "1,001 forward solves are needed."),
    ("Approximately 1,001 forward solves are needed.", "Precisely 1,001 forward solves are needed."),
]


def test_follows_from_the_other_way_is_the_converse():
    from noteproof.sources.reword import cell_meaning_change
    assert cell_meaning_change("[Exact], by the chain rule", "[Exact]; the chain rule follows from it") is not None


_PROBE_84 = [
    # probe 84: h12, "having one" stands for the solution named before; h15, "for every step" is "always"
    ("Having a solution and reaching it by repeated updates are two separate questions.",
     "Reaching a solution by repeated updates and having one are two separate questions.", False),
    ("Having a solution and reaching it by repeated updates are two separate questions.",
     "Reaching a solution by repeated updates and having one fixed point are two separate questions.", True),
    ("Implicit Euler divides by 1 + h lambda instead, which always shrinks the mode.",
     "Implicit Euler instead divides by 1 + h lambda, which shrinks the mode for every step.", False),
    ("Implicit Euler divides by 1 + h lambda instead, which always shrinks the mode.",
     "Implicit Euler instead divides by 1 + h lambda, which shrinks the mode for small steps.", True),
    ("Implicit Euler divides by 1 + h lambda instead, which always shrinks the mode.",
     "Implicit Euler instead divides by 1 + h lambda, which shrinks the mode for every positive step.", True),
]


_PROBE_85 = [
    # probes 84 h09 and 85 h10: a path and its reverse; probe 85 h05: a half as a factor
    ("Forward and reverse of the two-state path have equal probability",
     "The two-state path and its time reverse are equally probable", False),
    ("Forward and reverse of the two-state path have equal probability",
     "The two-state path and its reverse have unequal probability", True),
    ("Forward and reverse of the two-state path have equal probability",
     "The three-state path and its reverse are equally probable", True),
    ("At $\\Delta s=0.5$ the amplitude shrinks by half each step.",
     "At $\\Delta s=0.5$ the amplitude is multiplied by $0.5$ each step.", False),
    ("At $\\Delta s=0.5$ the amplitude shrinks by half each step.",
     "At $\\Delta s=0.5$ the amplitude is multiplied by 0.55 each step.", True),
]


_REVIEWER_93 = [
    # reviewer helper-93: the newest rules pushed past their meaning
    ("The map has one or two fixed points.", "The map has two fixed points."),
    ("Explicit Euler is not always stable.", "Explicit Euler is not stable for any step size."),
    ("At $\\Delta s=0.5$ the amplitude shrinks by half each step.",
     "At $\\Delta s=0.5$ the amplitude is multiplied by 0.5 h each step."),
    ("At $\\Delta s=0.5$ the amplitude shrinks by half each step.",
     "At $\\Delta s=0.5$ the amplitude is multiplied by 1/2 of h each step."),
    ("Forward and reverse of the two-state path have equal probability",
     "The two-state chain and its reverse are equally probable"),
    # two phrases inside the clauses around "; " exchanged (not whole clauses)
    ("Changing the decoding temperature rescales the scores; the objective and the parameters do not change.",
     "Changing the decoding temperature rescales the objective; the scores and the parameters do not change."),
    ("Explicit Euler damps the slow mode; the fast mode grows when h lambda exceeds 2.",
     "Explicit Euler damps the fast mode; the slow mode grows when h lambda exceeds 2."),
]


def test_a_hypothesis_made_a_consequence():
    """Probe 86 b05: "Only in a family with the scaling and the regularity bounds" made "...; the
    regularity bounds then follow from that scaling" turns a hypothesis into a consequence."""
    from noteproof.sources.reword import meaning_change
    old = "Only in a specified family with the update scaled as $S/L$ and the regularity bounds above."
    assert meaning_change(old, "Only in a specified family with the update scaled as $S/L$; the regularity bounds "
                               "above then follow from that scaling.") is not None


def test_an_added_clause_hides_no_exchange():
    """Reviewer helper-93: a clause added besides ("The trajectory is long;") leaves the others
    judged clause for clause; an exchange among them still changes the sentence."""
    from noteproof.sources.reword import meaning_change
    old = ("Backpropagating through every solver step stores the whole trajectory; the adjoint method needs one "
           "extra backward solve instead, and its cost is checkpointing.")
    new = ("The trajectory is long; the adjoint method stores the whole trajectory; backpropagating through every "
           "solver step needs one extra backward solve instead, and its cost is checkpointing.")
    assert meaning_change(old, new) is not None
    assert meaning_change(old, "The trajectory is long; " + old[0].lower() + old[1:]) is None


def test_a_sign_after_its_symbol_is_found_for_its_formula():
    """Probe 80 h06: the registered view reads "$h$ be positive" as "be $h>0$" (formula.respelled)."""
    from noteproof.sources.reword import sign_after_symbol
    text = "Let the curvature $h$ be positive and the batch-gradient noise variance be $c/B$."
    assert sign_after_symbol(text, "h>0") == [(18, 33, "be")]
    assert sign_after_symbol(text, "h<0") == []
    assert sign_after_symbol(text.replace("positive", "positive or zero"), "h>0") == []


@pytest.mark.parametrize("old, new, changed", _REVIEWED + _FREQUENCY + _ADVERB_CLAUSE + _PROBE_83 + _PROBE_84 + _PROBE_85
                         + [(old, new, True) for old, new in _REVIEWER_90 + _REVIEWER_93])
def test_reworded_or_changed_as_the_reviews_and_probes_found(old, new, changed):
    """Reviewers helper-75, helper-79, helper-90 and helper-93, probes 75 and 83-85: each pair
    reworded (False) or changed (True); the reviewers' pairs each push a rule past its meaning."""
    from noteproof.sources.reword import meaning_change
    assert (meaning_change(old, new) is not None) is changed, meaning_change(old, new)


# probes 87-89: a sign or a comparison with a number said in words stands where the registry
# prints it in symbols; the same sign and number only
@pytest.mark.parametrize("text, snippet, printed", [
    ("the bound for positive $K$, with the limit", "for $K>0$, with", "for positive $K$, with"),
    ("the bound for strictly positive $K$, with", "for $K>0$, with", "for strictly positive $K$, with"),
    ("Let the curvature $h$ be strictly positive and the noise", "Let the curvature be $h>0$",
     "Let the curvature $h$ be strictly positive"),
    ("attenuate even when $\\beta$ exceeds one, so", "even when $\\beta >1$", "even when $\\beta$ exceeds one"),
    ("attenuate even when $\\beta$ is greater than 1.", "even when $\\beta >1$", "even when $\\beta$ is greater than 1"),
    ("for negative $K$, with", "for $K>0$, with", None),
    ("even when $\\beta$ exceeds two, so", "even when $\\beta >1$", None),
    ("even when $\\beta$ is below one, so", "even when $\\beta >1$", None),
    ("even when $\\beta$ exceeds one half, so", "even when $\\beta >1$", None),   # a number not ending its phrase
    ("even when $\\beta$ is below 1 in size", "even when $\\beta <1$", None),   # of its absolute value
    ("stable when $h$ is below 2 divided by the rate", "stable when $h <2$", None),
])
def test_a_sign_or_comparison_said_in_words_stands_where_the_symbols_did(text, snippet, printed):
    from noteproof.sources.reword import sign_said_in_words, signs_in_words_at
    found = [text[a:b] for a, b in signs_in_words_at(text, snippet)]
    assert found == ([printed] if printed else [])
    assert sign_said_in_words(text, snippet) is bool(printed)


@pytest.mark.parametrize("old, new, change", [
    ("the amplitude shrinks by half each step", "the amplitude is multiplied by $1/2$ at every step", None),
    ("the amplitude shrinks by half each step", "the amplitude is multiplied by half each step", None),
    ("the amplitude shrinks by half each step", "the amplitude is multiplied by $1/3$ each step", ("shrinks half", "multiplied")),
    ("even when $\\beta >1$.", "even when $\\beta$ exceeds one.", None),
    ("even when $\\beta >1$.", "even when $\\beta$ is at most one.", ("", "bounded")),
])
def test_half_and_comparisons_in_words_or_symbols(old, new, change):
    assert meaning_change(old, new) == change


def test_a_number_said_in_words_printed_as_a_span_keeps_the_sentences_mathematics():
    """Week 9's worked example (probe 89: h05): "by half" printed "by $1/2$" is the same mathematics."""
    note = ("For $dh/ds=-h$, the continuous solution is $h(s)=h_0{e}^{-s}$.\nAt $\\Delta s=0.5$ the amplitude is "
            "multiplied by $1/2$ at every step; at $\\Delta s=3$ it doubles while alternating sign.")
    text = "At $\\Delta s=0.5$ the amplitude shrinks by half each step; at $\\Delta s=3$ it doubles while alternating sign."
    assert reworded(note, text) is not None
    assert reworded(note.replace("$1/2$", "$1/3$"), text) is None


@pytest.mark.parametrize("old, new, change", [
    # probe 89: h08, a necessary condition said "holds only under"; against "requires" of the same condition
    ("Conditional: requires the stated relation; fails for anisotropic noise",
     "Conditional: holds only under the stated relation; fails for anisotropic noise", None),
    ("the limit requires a specified family", "the limit only holds if a specified family is given", None),
    ("a specified family requires the limit", "the limit holds only with a specified family", ("", "only")),
    # "fails" is a sense: "holds" for it is the opposite, "does not hold" the same
    ("Conditional: requires the stated relation; fails for anisotropic noise",
     "Conditional: requires the stated relation; holds for anisotropic noise", ("fails", "")),
    ("the bound fails for anisotropic noise", "the bound does not hold for anisotropic noise", None),
    ("the bound fails for anisotropic noise", "the bound breaks down for anisotropic noise", None),
])
def test_only_under_and_fails(old, new, change):
    assert meaning_change(old, new) == change


B9 = "…attenuate perturbations even when $\\beta >1$."
CURVATURE = "Let the curvature be $h>0$ and the batch-gradient noise variance be $c/B$."
CELL = "Conditional: requires the stated noise–mobility relation; fails for anisotropic noise"
AMPLITUDE = "At $\\Delta s=0.5$ the amplitude shrinks by half each step; at $\\Delta s=3$ it doubles while alternating sign."


# reviewer helper-98: pairs the first version of this stop's rules read as the same statement
@pytest.mark.parametrize("old, new", [
    (B9, "…attenuate perturbations even when the inverse of $\\beta$ exceeds one."),
    (B9, "…attenuate perturbations even when the square of $\\beta$ exceeds one."),
    (B9, "…attenuate perturbations even when one minus $\\beta$ exceeds one."),
    (B9, "…attenuate perturbations even when $\\beta$ exceeds one, in absolute value."),
    (B9, "…attenuate perturbations even when $\\beta$ exceeds one and a half."),
    ("Euler is stable when $h <2$.", "Euler is stable when the rate times $h$ is below 2."),
    (CURVATURE, CURVATURE.replace("be $h>0$", "$h$ be strictly positive, or zero,")),
    (CURVATURE, CURVATURE.replace("be $h>0$", "$h$ be positive, or zero,")),
    (CELL, CELL.replace("requires the stated noise–mobility relation",
                        "holds only when the stated noise–mobility relation is violated")),
    ("a continuous-depth limit requires a specified family and scaling.",
     "a continuous-depth limit is valid only if a specified family or scaling is given."),
    ("The bound fails for anisotropic noise.", "The bound's failure does not hold for anisotropic noise."),
    (AMPLITUDE, AMPLITUDE.replace("shrinks by half", "decreases by $0.5$")),
    ("the step is half the horizon", "the step is $0.5$ plus the horizon"),
])
def test_the_reviews_changed_pairs_are_changed(old, new):
    assert meaning_change(old, new) is not None


@pytest.mark.parametrize("text, number", [
    # the number printed where the words stand as registered outranks "about" before another
    ("Read-outs.\nEuler energy at the end (start 0.5): 3,860\nVerlet energy at the end (start 0.5): about 3,760\n", "3,860"),
    ("Read-outs.\nEuler energy at the end (start 0.5): about 3,762\n", "3,762"),
])
def test_about_before_a_quoted_number_only_where_none_stands_as_registered(text, number):
    from noteproof.sources.notes import Note
    assert Note("notes/x.txt", text).quote_at("(start 0.5): 3,760", "3,760")[1] == number


def test_about_before_another_number_is_not_the_quotes_place():
    from noteproof.sources.notes import Note
    note = Note("notes/x.txt", "So after 20 steps, and not after about 40 steps, H = 1.\n")
    assert note.quote_at("after 40 steps", "40")[1] == "20"


W10_TEXT = ("A batch contains the $B$ examples used in one update; an epoch is one pass through a dataset. "
            "Changing the decoding temperature rescales the scores; the objective and the parameters do not change. "
            "The weights of a fixed map and its input sequence.")


# a noun replaced by another term the note prints changes the sentence (reword.term_swapped);
# a noun of its group of TERMS_ALIKE, or one the note never prints, is a synonym's to keep
@pytest.mark.parametrize("old, new, swap", [
    ("an epoch is one pass through a dataset", "an epoch is one pass through a batch", ("dataset", "batch")),
    ("rescales the scores; the objective and the parameters do not change",
     "rescales the parameters; the objective and the parameters do not change", ("scores", "parameters")),
    ("A fixed map gives an autonomous one.", "A fixed input gives an autonomous one.", ("map", "input")),
    ("With shared parameters the map is fixed.", "With shared inputs the map is fixed.", ("parameters", "inputs")),
    ("the objective and the parameters do not change", "the objective and the weights do not change", None),
    ("rescales the scores", "rescales the logits", None),   # the note never prints it
    ("A batch contains the examples used in one update", "A batch contains the examples used in one step", None),
    ("the epoch is one pass", "the epoch is one pass", None),
    ("such a thing", "such a map", None),   # a vague noun
])
def test_a_noun_for_another_term_of_the_note_is_a_change(old, new, swap):
    from noteproof.sources.reword import term_swapped
    assert term_swapped(old, new, W10_TEXT + " " + new) == swap


def test_a_name_for_another_is_a_change_wherever_it_stands():
    """Probe 90: b14, "Euler's energy only wobbles" for "Verlet's ...": a name the note prints
    capitalised inside its sentences, first in the sentence or not, its possessive aside."""
    from noteproof.sources.reword import term_swapped
    note = "Each step, so Euler multiplies the energy, and Verlet keeps it. "
    old, new = "Verlet's energy only wobbles.", "Euler's energy only wobbles."
    assert term_swapped(old, new, note + new) == ("Verlet's", "Euler's")
    assert term_swapped("Because it grows.", "Since it grows.", note + "Since it grows.") is None


def test_a_rows_noun_for_another_term_is_a_change_wherever_it_stands():
    from noteproof.sources.reword import row_changed
    note = "The stationary means are zero; the variances differ."
    row = "Discrete and diffusion stationary variances differ at order $\\eta h$"
    printed = row.replace("variances", "means")
    assert row_changed(row, printed, note + "\n" + printed) == ("variances", "means")
    assert row_changed(row, printed, "") is None   # no note: senses only
    assert row_changed(row, row.replace("differ", "differ only"), note) is not None


@pytest.mark.parametrize("old, new, changed", [
    ("Contraction implies convergence of the iteration.", "Convergence of the iteration implies contraction.", True),
    ("The bound requires a uniform Lipschitz constant.", "A uniform Lipschitz constant requires the bound.", True),
    ("the limit requires a specified family", "the limit holds under a specified family", True),
    ("the limit requires a specified family", "the limit holds only under a specified family", False),
    ("the limit requires a specified family", "the limit needs a specified family", False),
    ("Contraction implies convergence of the iteration.", "Contraction of the map implies convergence of the iteration.", False),
    # reviewer helper-102: a requirement turned into its converse by another verb, and other ways of "holds if"
    ("Convergence requires |theta| < 1.", "|theta| < 1 implies convergence.", True),
    ("Convergence requires |theta| < 1.", "Convergence implies |theta| < 1.", False),
    ("The estimate requires $p>1$.", "The estimate holds provided $p>1$.", True),
    ("The estimate requires $p>1$.", "The estimate holds as long as $p>1$.", True),
    ("Contraction implies convergence.", "Convergence entails contraction.", True),
    ("Contraction implies convergence.", "Contraction entails convergence.", False),
])
def test_a_one_way_verb_keeps_its_sides_and_a_necessary_condition_stays_necessary(old, new, changed):
    assert (meaning_change(old, new) is not None) is changed


# reviewer helper-102: a two-way statement, its directions in either order, and a requirement
# kept in the passive beside another clause that "holds for", are no converse
@pytest.mark.parametrize("old, new", [
    ("Contraction implies convergence, and convergence implies contraction.",
     "Contraction implies convergence, and convergence implies contraction."),
    ("A implies B; conversely, B implies A.", "B implies A; conversely, A implies B."),
    ("Stability requires small steps and holds for all $t$.", "Small steps are required for stability, which holds for all $t$."),
    ("The estimate requires $p>1$ and holds for every $t>0$.", "The estimate holds for every $t>0$, with $p>1$ required."),
])
def test_the_converse_rules_leave_two_way_and_passive_statements(old, new):
    from noteproof.sources.reword import converse_stated, necessary_made_sufficient
    assert converse_stated(old, new) is None and necessary_made_sufficient(old, new) is None


# probe 92: sentences reworded as an author rewords them (False), and the changes beside them (True)
@pytest.mark.parametrize("old, new, changed", [
    ("After training, hold the parameters fixed.", "Once training is finished, keep the parameters fixed.", False),
    ("After training, hold the parameters fixed.", "Once training is finished, change the parameters.", True),
    ("Applied once, the map contracts.", "Applied twice, the map contracts.", True),   # "once" a count
    ("With different layer parameters, depth evolution is a composition of different maps.",
     "When the layer parameters differ, depth evolution composes different maps.", False),
    ("When the layer parameters differ, depth evolution composes different maps.",
     "When the layer parameters agree, depth evolution composes different maps.", True),
    ("Before treating depth as continuous, measure the update.",
     "Before treating depth as continuous, one should measure the update.", False),
    ("Of the four slope estimates, one uses the start.", "Of the four slope estimates, all use the start.", True),
    ("Having a solution and reaching it are two separate questions.",
     "Whether a solution exists and whether repeated updates reach it are two separate questions.", False),
    ("A solution exists for every input.", "A solution exists for no input.", True),
    ("Shared parameters do not make a system autonomous.", "A system is not made autonomous by shared parameters.", False),
    ("Shared parameters do not make a system autonomous.", "A system is made autonomous by shared parameters.", True),
    ("Shared parameters do not make a system autonomous.", "Shared parameters are not made autonomous by a system.", True),
    ("Explicit Euler is compared with the book's Stormer-Verlet update.",
     "The book's Stormer-Verlet update is compared with explicit Euler.", False),
    ("Explicit Euler is compared with the book's Stormer-Verlet update.",
     "The book's Stormer-Verlet update is compared with implicit Euler.", True),
    ("The discrete variance differs from the diffusion variance.",
     "The diffusion variance differs from the discrete variance.", False),
])
def test_reworded_or_changed_as_probe_92_found(old, new, changed):
    assert (meaning_change(old, new) is not None) is changed, meaning_change(old, new)


# probe 92: b01 and b13, a noun phrase for another term: its head noun is compared; a phrase
# that says the old noun again ("the tied tokens" for "the ties") is no swap
@pytest.mark.parametrize("old, new, swap", [
    ("Training step advances when the parameters change.", "Training step advances when the available context changes.",
     ("parameters", "available context")),
    ("Giving the hidden state extra width removes that limit.", "Giving the flow extra width removes that limit.",
     ("hidden state", "flow")),
    ("the softmax limit is uniform over the ties", "the softmax limit is uniform over the tied tokens", None),
    ("receives the sum over its uses", "receives the sum of its per-use contributions", None),
    ("when the parameters change", "when the model parameters change", None),   # an adjective added
])
def test_a_noun_phrase_for_another_term_is_a_change(old, new, swap):
    from noteproof.sources.reword import term_swapped
    note = ("The available context grows with each token. The flow moves the hidden state; the tied tokens "
            "share the limit; the sum of per-use contributions. The model parameters. ")
    assert term_swapped(old, new, note + new) == swap


# reviewer helper-105: the probe-92 rules pushed past their meaning (True), and rewordings they missed (False)
@pytest.mark.parametrize("old, new, changed", [
    ("After training, hold the parameters fixed.", "Once during training, hold the parameters fixed.", True),
    ("After training, hold the parameters fixed.", "Once SGD has finished, hold the parameters fixed.", False),
    ("Shared parameters do not make a system autonomous.", "A system isn't made autonomous by shared parameters.", False),
    ("To measure retained information one must additionally specify noise.",
     "To measure retained information, one must additionally specify noise.", False),
    ("A transformation: one must say what it preserves.", "A transformation: you must say what it preserves.", False),
    ("Backpropagation keeps one path.", "Of the two paths, one would be kept.", True),   # a count, not a pronoun
    ("A criterion for when an effective temperature exists.", "A criterion for whether an effective temperature exists.", False),
    ("Having a solution and reaching it are two separate questions.",
     "Whether a solution to the equation exists and whether updates reach it are two separate questions.", False),
    ("Explicit Euler is compared with the Stormer-Verlet update.",
     "The Stormer-Verlet update is compared against explicit Euler.", False),
    ("Empirical results from other architectures do not transfer to it.",
     "Empirical results from other architectures fail to transfer to it.", False),
    ("Updating can fail to settle.", "Updating cannot settle.", True),   # a possibility is not a negation
    ("agree on the same prefix under the conventions of §3.", "agree on the same prefix under the conventions of §2.", True),
    ("agree on the same prefix under the conventions of §3.",
     "agree on the same prefix under the conventions of Section 3.", False),
    # reviewer helper-109: b01-b03, a course week or chapter referred to is a sense too
    ("the descent inequality derived in Week 1.", "the descent inequality derived in Week 8.", True),
    ("Chapter 3, §3.5, including the recurrence discussion.", "Chapter 4, §3.5, including the recurrence discussion.", True),
    ("in Week 3.", "in §3.", True),
])
def test_reworded_or_changed_as_reviewer_105_found(old, new, changed):
    assert (meaning_change(old, new) is not None) is changed, meaning_change(old, new)


def test_two_named_phrases_for_one_another_and_a_hyphenated_form_of_the_same_noun():
    """Reviewer helper-105: b01, "the internal iteration" for "the training step" (two of Week
    9's indices, their head nouns alike) is a swap; h14, "A mini-batch" for "A batch" is not."""
    from noteproof.sources.reword import term_swapped
    note = "The training step and the internal iteration differ. A mini-batch is a batch. "
    old = "Using an observed target changes the training step."
    new = old.replace("training step", "internal iteration")
    assert term_swapped(old, new, note + new) == ("training step", "internal iteration")
    old = "A batch contains the examples used in one update."
    assert term_swapped(old, old.replace("A batch", "A mini-batch"), note + old) is None


# reviewer helper-109: "can also fail to" is a possibility; "one would do" and "one should be
# enough" count; "one has to" is the pronoun; "there is" is left to its words
@pytest.mark.parametrize("old, new, changed", [
    ("Empirical results do not transfer to it.", "Empirical results can also fail to transfer to it.", True),
    ("Updating can fail to settle.", "Updating can also fail to settle.", False),
    ("Add the contributions from its uses.", "Add the contributions from its uses; one should be enough.", True),
    ("To measure it, one must specify the noise.", "To measure it, one has to specify the noise.", False),
    ("If a resting value exists, the iteration may still diverge.",
     "If there is a resting value, the iteration may still diverge.", False),
])
def test_reworded_or_changed_as_reviewer_109_found(old, new, changed):
    assert (meaning_change(old, new) is not None) is changed, meaning_change(old, new)


def test_a_named_phrase_for_another_and_a_legends_noun_anywhere():
    """Probe 96: b04, "called greedy decoding" for "called teacher forcing" (the new phrase a
    term the note prints); b10, a legend's noun for another wherever it stands."""
    from noteproof.sources.reword import term_swapped
    note = "Greedy decoding selects a maximum; greedy decoding is deterministic. p: momentum of the oscillator. "
    old = "The practice is called teacher forcing."
    new = "The practice is called greedy decoding."
    assert term_swapped(old, new, note + new) == ("teacher forcing", "greedy decoding")
    assert term_swapped("q: position of the oscillator", "q: momentum of the oscillator",
                        note + "q: momentum of the oscillator", anywhere=True) \
        == ("position", "momentum")


# probe 99: a determiner changed with its phrase (b04), "each one" (h01), "X; it is not Y" (h08)
@pytest.mark.parametrize("old, new, changed", [
    ("These are four experiments even when each is implemented by a loop.",
     "These are four experiments, even when each one is implemented by a loop.", False),
    ("These are four experiments even when each is implemented by a loop.",
     "These are four experiments, even when each two is implemented by a loop.", True),
    ("Implementing the decoder is an optional extension, not a requirement.",
     "Implementing the decoder is an optional extension; it isn't required.", False),
    ("Implementing the decoder is an optional extension, not a requirement.",
     "Implementing the decoder is an optional extension; it is not optional.", True),
    ("Implementing the decoder is an optional extension, not a requirement.",
     "Implementing the decoder is not an optional extension; it is required.", True),
])
def test_reworded_or_changed_as_probe_99_found(old, new, changed):
    assert (meaning_change(old, new) is not None) is changed, meaning_change(old, new)


def test_a_phrase_swapped_with_its_determiner_is_a_swap():
    """Probe 99 b04: "the training step" for "an internal iteration" (the determiner changed too)."""
    from noteproof.sources.reword import term_swapped
    note = "Using a target changes the training step. The internal iteration repeats a block. "
    old = "Repeating block 2 changes an internal iteration."
    new = "Repeating block 2 changes the training step."
    assert term_swapped(old, new, note + new) == ("internal iteration", "training step")
    assert term_swapped(old, old.replace("an internal", "the internal"), note + old) is None


# probe 97: b06, a word narrowing a hypothesis struck out; h04, "strictly between" for a chain
@pytest.mark.parametrize("old, new, changed", [
    ("In a deterministic causal decoder, extending a prefix does not change earlier representations.",
     "In a deterministic decoder, extending a prefix does not change earlier representations.", True),
    ("In a deterministic causal decoder, extending a prefix does not change earlier representations.",
     "In a deterministic causal transformer decoder, extending a prefix does not change earlier representations.", False),
    ("[Exact] for $0<\\beta <1$", "[Exact] for $\\beta$ strictly between $0$ and $1$", False),
    ("[Exact] for $0<\\beta <1$", "[Exact] for $\\beta$ strictly between $0$ and $2$", True),
])
def test_reworded_or_changed_as_probe_97_found(old, new, changed):
    assert (meaning_change(old, new) is not None) is changed, meaning_change(old, new)


@pytest.mark.parametrize("new, changed", [
    ("Does zero decoding temperature change the output sampling rule?", True),    # probe 94: b06
    ("Does zero decoding temperature retrain the tokens?", True),
    ("Does a zero decoding temperature retrain the model?", False),
    ("Does zero decoding temperature retrain the models?", False),
    ("Does temperature zero decoding retrain the model?", False),   # two neighbours turned round
])
def test_an_answered_question_is_judged_by_its_words(new, changed):
    from noteproof.sources.reword import question_changed
    got = question_changed("Does zero decoding temperature retrain the model?", new)
    assert (got is not None) is changed, got
    # a number is its quote's and its senses' to judge ("6" for "six", "one millionth" for $10^{-6}$)
    six = "Does a derivative of $10^{-6}$ prove that six decimal digits have been destroyed?"
    assert question_changed(six, six.replace("six", "6")) is None
    assert question_changed(six, six.replace("$10^{-6}$", "one millionth")) is None


def test_two_conjuncts_turned_round_are_judged_with_the_rest_of_the_rewording():
    """Probe 118 h07: "constant set by $K$ and $S$" reworded "with the constant set by $S$ and $K$"
    says the same (the conjuncts turned back, the rest judged); a sense changed besides is still a
    change, and names paired with values in order are not conjuncts to turn (_RESPECTIVE)."""
    from noteproof.sources.reword import meaning_change
    old = "Euler error proportional to $\\Delta s$, constant set by $K$ and $S$"
    assert meaning_change(old, "Euler error proportional to $\\Delta s$, with the constant set by $S$ and $K$") is None
    row = "Forward and reverse of the two-state path have equal probability"
    assert meaning_change(row, "Reverse and forward of the two-state path have equal probability") is None
    assert meaning_change(row, "Reverse and forward of the two-state path have unequal probability") is not None
    assert meaning_change("the drift grows with the step and shrinks with the rate",
                          "the drift grows with the rate and shrinks with the step") is not None


def test_a_restriction_fronted_a_condition_moved_and_a_no_subject_say_the_same():
    """Probe 119 h05, h07, h15: "Only at X does Y hold" is "Y holds at X only"; "If A, add B" is
    "Add B whenever A"; "a flow ... never allows it" is "no flow ... allows it". A sense changed
    under the same restructuring is still a change."""
    from noteproof.sources.reword import meaning_change
    only = "The energy inequality holds at fixed current input only."
    assert meaning_change(only, "Only at fixed current input does the energy inequality hold.") is None
    assert meaning_change(only, "Only at fixed current input does the energy inequality fail.") is not None
    assert meaning_change(only, "Only at varying current input does the energy inequality hold.") is not None
    cond = "If the same parameter is used in several layers, add the contributions from all its uses."
    assert meaning_change(cond, "Add the contributions from all its uses whenever the same parameter is used in several layers.") is None
    assert meaning_change(cond, "Add the contributions from all its uses unless the same parameter is used in several layers.") is not None
    never = "Hence a flow with unique solutions never allows it."
    assert meaning_change(never, "Hence no flow with unique solutions allows it.") is None
    assert meaning_change("Hence a flow with unique solutions allows it.", "Hence no flow with unique solutions allows it.") is not None


@pytest.mark.parametrize("old, new, change", [
    # probe 121 h08: a relation in symbols is the relation in words; another relation is not
    ("Euler follows the decay only while ah is below 2.", "Euler follows the decay only while ah < 2.", None),
    ("Euler follows the decay only while ah is below 2.", "Euler follows the decay only while ah > 2.",
     ("below", "above")),
    ("It shrinks while h is at most 0.5.", "It shrinks while h <= 0.5.", None),
])
def test_a_plain_relation_is_its_words(old, new, change):
    from noteproof.sources.reword import meaning_change, signature
    assert meaning_change(old, new) == change
    assert change is not None or signature(old) == signature(new)


@pytest.mark.parametrize("old, new, kept", [
    ("so 2/0.004 = 500 steps", "so 2/(4x10^{-3}) = 500 steps", True),    # probe 122 h20: notation
    ("so 2/0.004 = 500 steps", "so 2/(4x10^{-2}) = 500 steps", False),   # another value
    ("so 2/0.004 = 500 steps", "so 2/(0.004 + 1) = 500 steps", False),   # parentheses that group
])
def test_a_signature_reads_a_power_of_ten_as_its_decimal(old, new, kept):
    from noteproof.sources.reword import signature
    assert (signature(old) == signature(new)) is kept


@pytest.mark.parametrize("old, new, change", [
    # probe 125 h02: a Greek name in a relation in symbols; h06: a number span printed in digits
    ("yet the iterates move away from it, because |theta| is above 1.",
     "yet the iterates move away from it, because |theta| > 1.", None),
    ("yet the iterates move away from it, because |theta| is above 1.",
     "yet the iterates move away from it, because |theta| < 1.", ("above", "below")),
    ("Does a derivative of $10^{-6}$ prove that six digits are lost?",
     "Does a derivative of 0.000001 prove that six digits are lost?", None),
])
def test_a_relation_or_a_number_in_other_notation_is_the_same_sentence(old, new, change):
    from noteproof.sources.reword import meaning_change
    assert meaning_change(old, new) == change


def test_an_operator_in_words_is_its_sign_in_a_plain_formula():
    """Probe 125 h12: "p_B minus 1" is p_B - 1; "p_B plus 1" is not."""
    from noteproof.formula.meaning import same_meaning
    assert same_meaning("p_B - 1", "p_B minus 1", True) is True
    assert same_meaning("p_B - 1", "p_B plus 1", True) is not True


def test_a_relation_against_zero_is_a_sign_each_its_own():
    """"h > 0" is "h is positive", not "h is above 0"; "h >= 0" is another sign (reviewer helper-143: H2)."""
    from noteproof.sources.reword import meaning_change, relations_in_words
    assert relations_in_words("for all h > 0 and ah < 2") == "for all h is positive and ah is below 2"
    assert meaning_change("with rate a > 0 only", "with rate a >= 0 only") is not None
    assert meaning_change("with rate a > 0 only", "with rate a < 0 only") == ("positive", "negative")


@pytest.mark.parametrize("new, change", [
    ("Orders describe how the error shrinks as h tends to 0.", None),          # probe 127 h12: the limit in words
    ("Orders describe how the error shrinks as h tends to 1.", ("small", "")),
    ("Orders describe how the error shrinks as h becomes large.", ("small", "large")),
])
def test_a_limit_said_in_words_is_the_same_limit(new, change):
    from noteproof.sources.reword import meaning_change
    assert meaning_change("Orders describe how the error shrinks as h becomes small.", new) == change


@pytest.mark.parametrize("new,change", [
    ("as the number of steps becomes small.", ("h", "number steps")),   # probe 128: b10
    ("as a becomes small.", ("h", "a")),
    ("as the step h becomes small.", None),
    ("as h tends to 0.", None),
    ("as $h\\to 0$.", None),
    ("at small $h$.", None),
])
def test_a_limit_taken_in_another_variable_changes_the_sense(new, change):
    from noteproof.sources.reword import meaning_change
    old = "Orders are asymptotic: they describe how the error shrinks as h becomes small."
    assert meaning_change(old, old.replace("as h becomes small.", new)) == change


@pytest.mark.parametrize("new,change", [
    ("only when ah is less than 1.", None),        # another word for "<" (probe 131: h09)
    ("only when ah is smaller than 1.", None),
    ("only when ah is greater than 1.", ("below", "above")),
    ("only when ah is no more than 1.", ("below", "bounded")),   # "<=" is not "<"
])
def test_a_relation_in_other_words_keeps_or_changes_its_sense(new, change):
    from noteproof.sources.reword import meaning_change
    old = "Explicit Euler keeps the smooth shape of the exact answer only when ah < 1."
    assert meaning_change(old, old.replace("only when ah < 1.", new)) == change


@pytest.mark.parametrize("new", ["as the number of steps become small.", "as the reciprocal of h becomes small.",
                                 "as the inverse of h becomes small."])
def test_a_limit_in_another_quantity_of_its_symbol_changes_the_sense(new):
    """Reviewer helper-148: the verb in the plural, and "the reciprocal of h", which is not h."""
    from noteproof.sources.reword import meaning_change
    old = "Orders are asymptotic: they describe how the error shrinks as h becomes small."
    assert meaning_change(old, old.replace("as h becomes small.", new)) is not None


@pytest.mark.parametrize("new,change", [
    ("Euler error proportional to the spacing $\\Delta s$, with constant determined by $K$ and $S$", None),   # probe 131: h04
    ("Euler error proportional to $\\Delta s$, constant independent of $K$ and $S$", "changed"),
])
def test_a_row_with_one_participle_for_another_swaps_no_term(new, change):
    from noteproof.sources.reword import row_changed
    old = "Euler error proportional to $\\Delta s$, constant set by $K$ and $S$"
    from tests.helpers import ROOT
    note = (ROOT / "notes" / "week09.txt").read_text(encoding="utf-8").replace(old, new)
    assert (row_changed(old, new, note) is not None) == (change is not None)


@pytest.mark.parametrize("old,new,swapped", [
    ("while the supplied tokens remain fixed", "while the generated tokens remain fixed", True),   # reviewer helper-152
    ("With shared parameters held fixed", "With trained parameters held fixed", True),
])
def test_participles_of_other_senses_are_a_term_swapped(old, new, swapped):
    from noteproof.sources.reword import term_swapped
    note = f"{new} The generated tokens and the trained parameters differ. {new}"
    assert (term_swapped(old, new, note, anywhere=True) is not None) is swapped


@pytest.mark.parametrize("new, change", [
    # probe 138 b09: the step made a count of steps is another quantity
    ("Halving the number of steps roughly halves the Euler error", ("step", "number of steps")),
    ("Halving the reciprocal of the step roughly halves the Euler error", ("step", "reciprocal of the step")),
    ("Halving the step size roughly halves the Euler error", None),
])
def test_a_noun_made_another_quantity_changes_the_sense(new, change):
    assert meaning_change("Halving the step roughly halves the Euler error", new) == change


@pytest.mark.parametrize("new", ["Halving the step count doubles the error", "Halving the count of steps doubles the error",
                                 "Halving how many steps are taken doubles the error"])
def test_a_count_said_two_ways_is_no_other_quantity(new):
    """Reviewer helper-158: a count is one quantity however it is said."""
    assert meaning_change("Halving the number of steps doubles the error", new) is None


@pytest.mark.parametrize("old, new", [
    # reviewer helper-158: the step said a count, squared or inverted; a count gained beside one printed
    ("Halving the step roughly halves the Euler error", "Halving the step count roughly halves the Euler error"),
    ("Halving the step roughly halves the Euler error", "Halving the step squared roughly halves the Euler error"),
    ("Halving the step roughly halves the Euler error", "Halving the inverse step roughly halves the Euler error"),
    ("h: step size, 1 divided by the number of steps", "h: number of steps, 1 divided by the number of steps"),
])
def test_a_quantity_gained_in_other_words_changes_the_sense(old, new):
    assert meaning_change(old, new) is not None


def test_a_bare_thousand_is_no_round_number():
    """Reviewer helper-158: "fifty thousand" is no "fifty 1,000"."""
    assert meaning_change("A model has 1,000 parameters.", "A model has fifty thousand parameters.") is not None
    assert meaning_change("A model has 1,000 parameters.", "A model has several thousand parameters.") is not None


def test_a_round_number_in_words_is_its_digits_with_their_commas():
    """Probe 135 h11: "one thousand" reads as the "1,000" the listed sentence prints."""
    assert meaning_change("A model has 1,000 parameters.", "A model has one thousand parameters.") is None
    assert meaning_change("A model has 1,000 parameters.", "A model has two thousand parameters.") is not None


@pytest.mark.parametrize("new, change", [
    # probe 139 h03: "not one of" is "none of", no count of one
    ("Counting internal iterations alone answers not one of those questions.", None),
    ("Counting internal iterations alone answers not a single one of those questions.", None),
    ("Counting internal iterations alone answers one of those questions.", ("none", "one")),
])
def test_not_one_of_is_none_of(new, change):
    assert meaning_change("Counting internal iterations alone answers none of those questions.", new) == change


@pytest.mark.parametrize("said", ["number of time steps", "step-count", "steps' count", "squared step", "step's square",
                                  "step frequency"])
def test_a_quantity_said_in_more_ways_changes_the_sense(said):
    """Reviewer helper-161: the forms quantity_of_changed first missed."""
    old = "Halving the step roughly halves the Euler error"
    assert meaning_change(old, old.replace("step", said, 1)) is not None


def test_a_round_number_with_more_after_it_is_no_round_number():
    """Reviewer helper-161: "one thousand and fifty" is not 1,000 and a word."""
    assert meaning_change("A model has 1,000 parameters.", "A model has one thousand and fifty parameters.") is not None
