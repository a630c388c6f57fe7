"""A read-out line in words read for its conclusion (sources.readout): its question reworded,
or asked the other way round, names the same read-out; another question does not."""
import pytest

from noteproof.sources.readout import answer, label, relabelled_readout, reversed_label, reworded_readout, same_readout

PAGE = "Fixed point (z*): -5\nIteration settles?: no\nDistance: 44.6\n\nEuler shrinks?: yes\n"


@pytest.mark.parametrize("printed", ["Does the iteration converge?: no", "Iteration diverges?: yes",
                                     "Does the iteration settle?: no", "Iteration diverges?: no"])
def test_a_reworded_question_is_the_same_readout(printed):
    page = PAGE.replace("Iteration settles?: no", printed)
    at, word = reworded_readout(page, "Iteration settles?: no", "no")
    assert page[at:at + len(word)] == word == printed.rsplit(": ", 1)[1]


@pytest.mark.parametrize("printed, reversed_", [("Does the iteration converge?: no", False),
                                                ("Iteration diverges?: yes", True), ("Iteration blows up?: no", True)])
def test_a_question_asked_the_other_way_round_reverses_its_word(printed, reversed_):
    page = PAGE.replace("Iteration settles?: no", printed)
    at, _ = reworded_readout(page, "Iteration settles?: no", "no")
    assert reversed_label(page, "Iteration settles?: no", "no", at) is reversed_


@pytest.mark.parametrize("printed", ["Loss settles?: no", "Iteration shrinks?: no"])
def test_another_question_is_not_the_readout(printed):
    page = PAGE.replace("Iteration settles?: no", printed)
    assert reworded_readout(page, "Iteration settles?: no", "no") is None


def test_a_label_is_its_words_and_its_predicate():
    assert label("Does the iteration converge?") == label("Iteration settles?")
    assert label("Iteration diverges?").sign == -1 and label("Euler shrinks?").predicate == "shrink"
    assert same_readout("Euler grows?: no", "Euler shrinks?: yes")
    assert not same_readout("Euler shrinks?: yes", "Iteration settles?: no")


@pytest.mark.parametrize("reply, bare", [("No, it does not.", "No."), ("Yes, it is.", "Yes."),
                                         ("No, it doesn\u2019t.", "No."), ("No, it does.", "No, it does."),
                                         ("Yes, it isn't.", "Yes, it isn't."), ("No.", "No.")])
def test_an_answer_with_its_verb_echoed_is_its_bare_answer(reply, bare):
    assert answer(reply) == bare


def test_a_negated_question_is_asked_the_other_way_round():
    assert label("Iteration fails to settle?").sign == -1 == label("Does the iteration not converge?").sign
    assert label("Does the iteration not diverge?") == label("Iteration settles?")


@pytest.mark.parametrize("old, new", [
    ("Slope estimate of the change: 0.25", "Change predicted by the slope: 0.25"),
    ("Largest stable explicit step (2 / fast rate): 0.02", "Biggest step explicit Euler can take stably (2 / fast rate): 0.02"),
])
def test_a_numbers_readout_relabelled_in_other_words_is_found(old, new):
    page = f"Equilibrium (z*): 5\n{new}\nActual change: 0.263\nExplicit factor: -4\n"
    at, printed = relabelled_readout(page, old, old.rsplit(": ", 1)[1], str.__eq__)
    assert page[at:at + len(printed)] == printed == old.rsplit(": ", 1)[1]


@pytest.mark.parametrize("old, new, snippet, number", [
    ("Actual change: 0.263", "Actual change in the equilibrium: 0.263", "Actual change: 0.263", "0.263"),
    ("Fixed point (z*): -5", "Resting value (z*): -5", "Fixed point (z*): -5", "-5"),
    ("Verlet energy range: 0.469 to 0.5", "Range of Verlet's energy: 0.469 to 0.5", "Verlet energy range: 0.469", "0.469"),
    ("Verlet energy range: 0.469 to 0.5", "Range of Verlet's energy: 0.469 to 0.5",
     "Verlet energy range: 0.469 to 0.5", "0.5"),
    ("Euler energy at the end (start 0.5): 3,760", "Euler's final energy (start 0.5): 3,760",
     "Euler energy at the end (start 0.5)", "0.5"),
])
def test_a_readout_relabelled_with_glue_a_range_or_a_number_in_its_label_is_found(old, new, snippet, number):
    page = f"Equilibrium (z*): 5\n{new}\nSlope estimate of the change: 0.25\n"
    at, printed = relabelled_readout(page, snippet, number, str.__eq__)
    line = page[page.rfind("\n", 0, at) + 1:page.find("\n", at)]
    assert line == new and printed == number


@pytest.mark.parametrize("old, new, snippet, number", [
    ("Fixed point (z*): -5", "Starting value (z*): -5", "Fixed point (z*): -5", "-5"),     # its name changed
    ("Verlet energy range: 0.469 to 0.5", "Range of Euler's energy: 0.469 to 0.5", "Verlet energy range: 0.469", "0.469"),
    ("Euler energy at the end (start 0.5): 3,760", "Euler energy at the start (start 0.5): 3,760",
     "Euler energy at the end (start 0.5)", "0.5"),
    ("Euler energy at the end (start 0.5): 3,760", "Euler energy at the end (start 0.6): 3,760",
     "Euler energy at the end (start 0.5)", "0.5"),
])
def test_a_readout_relabelled_with_another_meaning_is_not_found(old, new, snippet, number):
    page = f"Equilibrium (z*): 5\n{new}\nVerlet energy range: 0.3 to 0.5\n"
    assert relabelled_readout(page, snippet, number, str.__eq__) is None


@pytest.mark.parametrize("old, new", [
    ("Euler energy range: 0.469", "Verlet energy range: 0.469"),     # another read-out's name for its own
    ("Exact gradient: -1.16", "Adjoint gradient: -1.16"),
    ("Slope estimate of the change: 0.25", "Actual change of the slope: 0.25"),
    ("Gap in x (B minus A): 0.271", "Gap in x (A minus B): 0.271"),       # its names turned
])
def test_a_readout_given_another_readouts_label_is_not_found(old, new):
    page = f"{new}\nVerlet energy range: 0.5\nAdjoint solve gradient: -1.1\nActual change: 0.263\n"
    assert relabelled_readout(page, old, old.rsplit(": ", 1)[1], str.__eq__) is None


@pytest.mark.parametrize("line, euler, rk4", [
    ("Network evaluations (Euler, RK4): 4, 16", "4", "16"),
    ("Network evaluations (RK4, Euler): 16, 4", "4", "16"),     # names and values turned round together
    ("Network evaluations (RK4, Euler): 4, 16", "16", "4"),     # names exchanged, values not: wrong
    ("Network evaluations (Euler, RK4): 16, 4", "16", "4"),     # values exchanged, names not: wrong
])
def test_a_list_read_out_is_read_name_by_name(line, euler, rk4):
    from noteproof.sources.readout import listed_readout
    text = f"Before.\n{line}\nAfter."
    read = [listed_readout(text, "(Euler, RK4): 4, 16", n) for n in ("4", "16")]
    assert [v for _, v in read] == [euler, rk4]
    assert all(text[at:at + len(v)] == v for at, v in read)


@pytest.mark.parametrize("printed, found", [
    ("A's position (starting from -1): x = -0.135", True),    # a possessive, a value named by its symbol
    ("B's position (starting from -1): x = -0.135", False),   # another point's read-out
])
def test_a_read_out_named_by_a_possessive_with_its_value_named_is_the_same_read_out(printed, found):
    from noteproof.sources.notes import agree_rounded
    text = f"{printed}\nPosition of B (starts at +1): x = 0.135\n"
    for snippet, number in (("Position of A (starts at -1)", "-1"), ("Position of A (starts at -1): x = -0.135", "-0.135")):
        assert (relabelled_readout(text, snippet, number, agree_rounded) is not None) is found


DEMOS = ("Euler factor per step (1 - ah): -0.8\nExact factor per step (e^(-ah)): 0.165\n\n"
         "Feedback multiplier (theta): 0.8\nSize of multiplier |theta|: 0.8\n")


@pytest.mark.parametrize("label,found", [
    ("Euler multiplier per step (1 - ah)", True),   # a noun of the group of "factor" (probe 129: h11)
    ("Exact factor per step (1 - ah)", False),      # "exact" labels the read-out beside it: another one
    ("Feedback factor per step (1 - ah)", False),   # another demo's read-out's word (reviewer helper-148)
])
def test_a_label_reworded_with_a_noun_of_the_same_group_is_the_same_readout(label, found):
    """A word another read-out is labelled with names that read-out, unless it is a noun of the
    group of the word it replaced (vocabulary.TERMS_ALIKE: "multiplier" for "factor")."""
    text = DEMOS.replace("Euler factor per step (1 - ah)", label)
    at = relabelled_readout(text, "Euler factor per step (1 - ah): -0.8", "-0.8", lambda a, b: a == b)
    assert (at is not None) is found


@pytest.mark.parametrize("printed,names", [
    ("Size of gap |theta|: 1.2", True),                   # "Gap in x" is another read-out (reviewer helper-148)
    ("Magnitude of the multiplier |theta|: 1.2", False),
    ("Size of multiplier |theta| (1 / (1 - x)): 1.2", False),   # a formula's letters are no label words
])
def test_a_read_out_line_reworded_with_another_read_out_s_word_names_that_one(printed, names):
    from noteproof.sources.readout import names_another_readout
    text = f"{printed}\nGap in x (B minus A): 0.271\n"
    assert names_another_readout(text, "Size of multiplier |theta|: 1.2", 0) is names
    # a word its demo's prose says just before is its own ("explicit Euler blows up")
    assert not names_another_readout("The gap grows.\n" + text, "Size of multiplier |theta|: 1.2", 15)
