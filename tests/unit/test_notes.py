"""The status-table parser and snippet locations on the real notes."""

import pytest

from noteproof.errors import NoteError
from noteproof.sources.notes import Note, read_note, table_rows
from noteproof.sources.tags import parse_tag
from tests.helpers import ROOT

SEEDS = ROOT.parent / "shared" / "seeds"


@pytest.mark.parametrize("name", ["week09", "week10"])
def test_each_status_table_has_eight_rows_with_verbatim_tags(name):
    note = read_note(ROOT / "notes" / f"{name}.txt", f"notes/{name}.txt")
    rows = table_rows(note)
    assert len(rows) == 8
    for row in rows:
        line = note.lines[row.location.line - 1]
        assert line == f"{row.text}\t{row.tag}"
        assert parse_tag(row.tag).parts


def test_chapter12_has_no_status_table():
    assert table_rows(read_note(ROOT / "notes" / "chapter12.txt")) == ()


@pytest.mark.skipif(not SEEDS.exists(), reason="seeds not beside the project")
@pytest.mark.parametrize("name, seed", [("week09", "000_c8da7edaacf4281d.txt"),
                                        ("week10", "004_4564718f8c4558ee.txt"),
                                        ("chapter12", "003_81e441c2534e68e8.txt")])
def test_notes_are_byte_identical_to_the_seeds(name, seed):
    assert (ROOT / "notes" / f"{name}.txt").read_bytes() == (SEEDS / seed).read_bytes()


def test_crlf_and_bom_read_like_lf(tmp_path):
    text = (ROOT / "notes" / "week09.txt").read_text(encoding="utf-8")
    crlf = tmp_path / "crlf.txt"
    crlf.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    assert table_rows(read_note(crlf, "w.txt")) == table_rows(read_note(ROOT / "notes" / "week09.txt", "w.txt"))


@pytest.mark.parametrize("content, message", [
    (b"\x00\x01binary", "binary"), (b"caf\xe9\n", "not UTF-8"),
])
def test_unreadable_notes_are_located_errors(tmp_path, content, message):
    path = tmp_path / "bad.txt"
    path.write_bytes(content)
    with pytest.raises(NoteError, match=message):
        read_note(path)


def test_a_row_without_its_tab_names_its_line(tmp_path):
    text = (ROOT / "notes" / "week09.txt").read_text(encoding="utf-8")
    path = tmp_path / "w.txt"
    path.write_text(text.replace("Sensitivity as a product of $\\beta (1-a_{k+1}^2)$\t", "Sensitivity "), encoding="utf-8")
    with pytest.raises(NoteError) as err:
        table_rows(read_note(path, "w.txt"))
    assert err.value.location.line == 129


PLAIN = {   # a line of Chapter 12's prose -> the plain-text formulas Note.plain_math finds in it
    "Fixed point: z* = x / (1 - theta) = 1 / (1 - (1.2)) = -5.": ["z* = x / (1 - theta) = 1 / (1 - (1.2)) = -5"],
    "the slope is x/(1-theta)^2, which has the sign of x.": ["x/(1-theta)^2"],
    "Euler factor per step (1 - ah): -0.8": ["1 - ah"],
    "stable only if |1 - z| < 1, that is h < 2 / 100 = 0.02.": ["|1 - z| < 1", "h < 2 / 100 = 0.02"],
    "Fast mode z = h x rate = 0.05 x 100 = 5.": ["z = h x rate = 0.05 x 100 = 5"],
    "Flow dx/dt = -2x gives x(t) = x0 e^(-2t).": ["dx/dt = -2x", "x(t) = x0 e^(-2t)"],
    "needs I - J_f to be invertible": ["I - J_f"],
    # numbers only, words, labels and hyphens are not formulas
    "First update: z1 = 1.2 x 0 + 1 = 1.": ["z1 = 1.2 x 0 + 1 = 1"],
    "the exact value is e^(-1.2 x 6) = 0.000747.": [],
    "Estimate = slope x 0.01 = 0.25.": [],
    "Illustration C12-D01. half-kick Stormer-Verlet, 64-bit, v39 EPUB / v43 print": [],
    "A at -1 and B at +1; the state is (x, y) starting at (x0, 0)": [],
    "$z_k-z^*=\\theta^k(z_0-z^*)$ and a(t) x(t)": [],
}


@pytest.mark.parametrize("line, expected", PLAIN.items())
def test_plain_math_finds_the_formulas_of_prose(line, expected):
    assert [m.text for m in Note("n.txt", line).plain_math()] == expected


def test_plain_math_spans_are_located():
    note = Note("n.txt", "Intro.\nThe factor is 1 - ah here.\n")
    (span,) = note.plain_math()
    assert span.plain and note.text[span.start:span.end] == "1 - ah"
    assert note.location_of(span.start).line == 2


_LISTED = "Hold the parameter $\\beta >0$ fixed and prescribe inputs $u_i$."


def _listed(text: str) -> Note:
    from noteproof.model import Location
    from noteproof.sources.registry import NoteSpec
    spec = NoteSpec("x", "notes/x.txt", "X", Location("claims.yaml"), prose=((_LISTED, "standing assumption"),))
    return Note("notes/x.txt", text, registry=((), spec))


def test_a_listed_sentence_reworded_keeps_its_quotes_and_declarations():
    note = _listed("Fix the parameter $\\beta >0$ and prescribe the inputs $u_i$.")
    at, printed = note.quote_at("Hold the parameter $\\beta >0$", "0")
    assert (note.text[at - 7:at], printed) == ("\\beta >", "0")
    (start, end), = note.declared("Hold the parameter $\\beta >0$ fixed")
    assert note.text[start:end] == "$\\beta >0$"


def test_a_listed_sentence_with_its_math_changed_declares_nothing():
    note = _listed("Fix the parameter $\\beta >1$ and prescribe the inputs $u_i$.")
    assert note.declared("Hold the parameter $\\beta >0$ fixed") == []


def test_a_worked_chain_with_a_link_inserted_keeps_its_quote():
    note = Note("notes/x.txt", "So x(1) = e^0.5 = sqrt(e) = 1.6487. The gradient follows.")
    at, printed = note.quote_at("x(1) = e^0.5 = 1.649", "1.649")
    assert printed == "1.6487" and note.text[at:at + 6] == "1.6487"


@pytest.mark.parametrize("printed, found", [
    ("= 2 (1.649 - 2) x 1.649 = 2 (-0.351) x 1.649 = -1.16.", "-1.16"),   # a link inserted before the end
    ("= 2 (1.649 - 2) x 1.649 = -1.26.", "-1.26"),                        # a new value: judged by its quote
])
def test_a_link_inserted_before_a_quoted_chain_end_is_not_the_quote(printed, found):
    """Probe 120 h15: the new link's first number (2) is not the gradient the quote checks."""
    note = Note("notes/x.txt", "Gradient = 2 (x(1) - y) x(1) = 2 (1.649 - 2) x 1.649 = -1.16.".replace(
        "= 2 (1.649 - 2) x 1.649 = -1.16.", printed))
    at, number = note.quote_at("x(1) = 2 (1.649 - 2) x 1.649 = -1.16", "-1.16")
    assert number == found and note.text[at:at + len(found)] == found


def test_a_chain_link_across_a_sentence_is_no_inserted_link():
    note = Note("notes/x.txt", "So x(1) = e^0.5 = a. Then y = 1.6487 follows.")
    assert note.quote_at("x(1) = e^0.5 = 1.649", "1.649") is None


GAP = "At t = 1: A = -0.135, B = 0.135, gap = 2 e^(-2 x 1) = 0.271."


@pytest.mark.parametrize("printed, found", [
    ("gap = 2 e^(-2) = 0.2707.", "0.2707"),               # a link rewritten: the chain's end is the quote's place
    ("gap = 2 e^(-2 x 1) = 2 e^(-2) = 0.271.", "0.271"),  # a link inserted: the new link's 2 is not the gap
    ("gap = 2 e^(-2) = 0.35.", "0.35"),                   # a new value: found, and judged by its quote
])
def test_a_worked_chain_relinked_keeps_its_quote_at_its_end(printed, found):
    note = Note("notes/x.txt", GAP.replace("gap = 2 e^(-2 x 1) = 0.271.", printed))
    at, number = note.quote_at("gap = 2 e^(-2 x 1) = 0.271", "0.271")
    assert number == found and note.text[at:at + len(found)] == found


def test_a_number_beginning_an_expression_is_not_the_chain_end():
    note = Note("notes/x.txt", "At t = 1: A = -0.135, B = 0.135, gap = 2 e^(-2).")
    assert note.quote_at("gap = 2 e^(-2 x 1) = 0.271", "0.271") is None


def test_a_listed_sentence_with_a_phrase_moved_keeps_its_quote_among_its_numbers():
    from noteproof.model import Location
    from noteproof.sources.registry import NoteSpec
    listed = "At $\\Delta s=0.5$ the amplitude shrinks by half each step; at $\\Delta s=3$ it doubles."
    spec = NoteSpec("x", "notes/x.txt", "X", Location("claims.yaml"), prose=((listed, "worked example"),))
    moved = "The amplitude shrinks by half each step at $\\Delta s=0.5$; at $\\Delta s=3$ it doubles."
    note = Note("notes/x.txt", moved, registry=((), spec))
    at, printed = note.quote_at("At $\\Delta s=0.5$ the amplitude", "0.5")
    assert (moved[at - 9:at], printed) == ("\\Delta s=", "0.5")


def test_a_declaration_whose_phrase_moved_within_its_sentence_still_declares():
    note = Note("notes/x.txt", "The gradient. This is $12$ at $w=2,x=y=1$. Then more.")
    (start, end), = note.declared("At $w=2,x=y=1$, this is")
    assert note.text[start:end] == "$w=2,x=y=1$"
    assert Note("notes/x.txt", "The gradient. This is $12$ at $w=3,x=y=1$.").declared("At $w=2,x=y=1$, this is") == []
    assert Note("notes/x.txt", "It is $12$. Here $w=2,x=y=1$ holds.").declared("At $w=2,x=y=1$, this is") == []


def test_the_registry_s_quotes_are_collected_once_each_distinct_by_value():
    from noteproof.sources.notes import quotes_of
    from noteproof.sources.project import load_project
    from tests.helpers import ROOT
    claims = load_project(ROOT, documents=False).registry.claims
    quoted, by_number = quotes_of(claims)
    assert quotes_of(claims)[0] is quoted   # once per registry
    assert len(quoted) == len(set(quoted)) and by_number["0.5"]
    assert all(any(t == text and n == "0.5" for t, n, _, _ in quoted) for text in by_number["0.5"])


def test_a_row_reworded_beyond_its_spelling_is_found_in_its_place():
    """Probe 57 h16: the one row no claim names, where the one registered row no row prints
    stood, with every sense kept, is that row; with "sum" changed to "product" it is not."""
    from dataclasses import replace

    from noteproof.sources.project import load_project
    from tests.helpers import ROOT
    note = load_project(ROOT).notes["week10"]
    old = "A shared parameter receives the sum over its uses"
    for new, found in (("A parameter used in several places receives the sum of the contributions from each use", True),
                       ("A parameter used in several places receives the product of the contributions from each use", False)):
        edited = replace(note, text=note.text.replace(old + "\t", new + "\t", 1), regions=None)
        row = edited.row_of(old)
        assert (row is not None and row.text == new) is found
        assert (edited.stated(old) is not None) is found


def test_a_declared_system_is_the_same_with_its_equations_in_another_order():
    """Probe 57 h21: the equations before a system's arrow, listed otherwise; its conclusion's
    pair is not reordered, nor a list inside brackets."""
    from noteproof.sources.notes import _reordered_items
    system = r"$\dot x=-\pi y,\ \dot y=\pi x\ \Rightarrow\ (x,y)(t)=x_0(\cos\pi t,\ \sin\pi t)$"
    assert _reordered_items(system) == [
        r"$\dot y=\pi x,\ \dot x=-\pi y\ \Rightarrow\ (x,y)(t)=x_0(\cos\pi t,\ \sin\pi t)$"]
    assert _reordered_items("$w=2,x=y=1$ give") == ["$x=y=1,w=2$ give"]
    assert _reordered_items(r"$(p_A,p_B-1)\simeq (0.2,-0.2)$") == []


def test_a_given_value_re_rounded_is_the_given_value():
    """Probe 57 h09: "p(B|AB) \\simeq 0.7924" (or "= 0.7924") for the given 0.792412 is that
    value rounded; 0.7925 is not, nor 0.3 for a setting 0.25 (too few digits to be a rounding)."""
    from dataclasses import replace

    from noteproof.run.claim import input_as_given
    from noteproof.sources.project import load_project
    from tests.helpers import ROOT
    note = load_project(ROOT).notes["week10"]
    for printed, ok in (("\\simeq 0.7924", True), ("=0.7924", True), ("\\simeq 0.7925", False), ("=0.79", False)):
        edited = replace(note, text=note.text.replace("p(B\\mid AB)=0.792412", "p(B\\mid AB)" + printed, 1), regions=None)
        at = edited.quote_at("p(B\\mid AB)=0.792412", "0.792412")
        assert at is not None and input_as_given(edited, at, "0.792412") is ok, printed
    assert not input_as_given(note, (0, "0.3"), "0.25")


def test_an_input_is_found_beside_a_number_its_own_snippet_checks_when_that_number_changed():
    """Two quotes of one snippet ("after 12 updates: 44.6": the count 12 an input, 44.6 checked):
    a wrong 44.6 fails its own quote, and the 12 is still found beside it (a probe's 37.2 once
    also failed the input as "not printed where the registry says")."""
    from noteproof.sources.project import load_project
    project = load_project(ROOT)
    note = project.notes["chapter12"]
    edited = project.judged("chapter12", Note(note.path, note.text.replace(
        "after 12 updates: 44.6", "after 12 updates: 37.2", 1)))
    at, printed = edited.quote_at("after 12 updates: 44.6", "12")
    assert printed == "12" and edited.text[at:at + 16] == "12 updates: 37.2"
    assert edited.quote_at("after 12 updates: 44.6", "44.6")[1] == "37.2"


def test_a_restricting_phrase_said_as_a_condition_keeps_the_row_in_its_place():
    """Probe 80 h02: "when the current input is held fixed" says "at fixed current input";
    "away from" a fixed input, or the input let vary, is another row."""
    from dataclasses import replace

    from noteproof.sources.project import load_project
    from tests.helpers import ROOT
    note = load_project(ROOT).notes["week09"]
    old = "Descent inequality at fixed current input"
    for new, found in (("Descent inequality when the current input is held fixed", True),
                       ("Descent inequality away from a fixed current input", False),
                       ("Descent inequality when the current input varies", False),
                       ("Descent inequality except when the current input is held fixed", False)):
        edited = replace(note, text=note.text.replace(old + "\t", new + "\t", 1), regions=None)
        row = edited.row_of(old)
        assert (row is not None and row.text == new) is found, new



@pytest.mark.parametrize("text, snippet, number, found", [
    # probe 122 h16: an exponent's braces and "≈" for "=" are notation; the number there is the quote's
    ("so after 40 steps H = 0.5 × 1.25^{40} ≈ 3.76 × 10^3.", "1.25^40 = 3,760", "40", "40"),
    ("so after 40 steps H = 0.5 × 1.25^{40} ≈ 3.76 × 10^3.", "1.25^40 = 3,760", "3,760", "3.76 × 10^3"),
    # probe 122 h14: factors commuted after the number; its own words before it are kept
    ("First step: x1 = x0 + h(-a x0) = 1 − 1.2 × 1.5 × 1 = −0.8.", "h(-a x0) = 1 - 1.5", "1", "1"),
    ("First step: x1 = x0 + h(-a x0) = 2 − 1.2 × 1.5 × 1 = −0.8.", "h(-a x0) = 1 - 1.5", "1", None),
    # probe 123 h02: an operator in words or in a sign is one word of a label
    ("Gap in x (B − A): 0.271", "Gap in x (B minus A): 0.271", "0.271", "0.271"),
    ("Gap in x (B + A): 0.271", "Gap in x (B minus A): 0.271", "0.271", None),
    # probe 122 h06: a span printed as plain Unicode is that span; another relation is not
    ("Hold the parameter β > 0 fixed.", "Hold the parameter $\\beta >0$", "0", "0"),
    ("Hold the parameter β < 0 fixed.", "Hold the parameter $\\beta >0$", "0", None),
    # probe 125 h02: a relation in words is the relation in symbols, not another
    ("away from it, because |theta| > 1. Having", "because |theta| is above 1.", "1", "1"),
    ("away from it, because |theta| < 1. Having", "because |theta| is above 1.", "1", None),
    # probe 127 h11: one hedge for another
    ("a single solve gets it to roughly 11 digits", "gets it to about 11 digits", "11", "11"),
    ("a finite difference peaks at about 8 digits", "peaks near 8 digits", "8", "8"),
])
def test_a_quote_s_words_are_read_with_their_notation_set_aside(text, snippet, number, found):
    at = Note("notes/x.txt", text).quote_at(snippet, number)
    assert (at and at[1]) == found and (found is None or text[at[0]:at[0] + len(found)] == found), at


@pytest.mark.parametrize("text, still", [
    ("It settles only when |theta| < 1.", True),                           # the words, in symbols
    ("It settles only when |theta| < 1 or the start is the fixed point.", False),   # an alternative added
    ("It settles only when |theta| < 1, unless x = 0.", False),             # an exception added
])
def test_an_erratum_s_words_going_on_with_an_alternative_are_no_longer_said(text, still):
    """The errata's corrections add "or ..." and "unless ...": the refuted words are then not what
    the note says (Note.says), though every word of them is printed."""
    assert (Note("notes/x.txt", text).says("settles only when |theta| is below 1") is not None) is still


@pytest.mark.parametrize("printed,found", [
    ("$p_2(A)=\\frac{\\sqrt{3}}{\\sqrt{3}+1}\\simeq 0.63397$", "0.63397"),   # terms commuted (probe 129: h06)
    ("$p_2(A)=\\frac{\\sqrt{3}}{\\sqrt{3}+2}\\simeq 0.63397$", None),        # another formula
    ("$p_2(A)=\\frac{\\sqrt{3}}{\\sqrt{3}+1}+1\\simeq 0.63397$", None),      # a number more
])
def test_a_quoted_result_after_its_formula_s_terms_commuted_is_found(printed, found):
    from dataclasses import replace

    from noteproof.formula.respelled import registered_view
    from noteproof.sources.project import load_project
    project = load_project(ROOT, documents=False, view=registered_view)
    note = project.notes["week10"]
    old = "$p_2(A)=\\sqrt{3}/(1+\\sqrt{3})\\simeq 0.633975$"
    assert old in note.text
    edited = project.judged("week10", replace(note, text=note.text.replace(old, printed), respellings=(), regions=None))
    at = edited.quote_at("(1+\\sqrt{3})\\simeq 0.633975", "0.633975")
    assert (at and at[1]) == found


@pytest.mark.parametrize("printed,found", [
    ("exact answer only when ah is less than 1", "1"),    # a sign in plain words is its words (probe 131: h09)
    ("exact answer only when ah is below 1", "1"),
    ("exact answer only when ah is greater than 1", None),
    ("exact answer only when ah <= 1", None),
])
def test_a_quote_s_relation_is_found_in_words(printed, found):
    note = Note("n.txt", f"Explicit Euler keeps the smooth shape of the {printed}.\n")
    at = note.quote_at("exact answer only when ah < 1", "1")
    assert (at and at[1]) == found


@pytest.mark.parametrize("printed,found", [
    ("exact answer only when ah < 1.", "1"),
    ("exact answer only when ah < 1 percent.", None),      # another quantity (reviewer helper-148)
    ("exact answer only when ah is less than 1 percent.", None),
    ("exact answer only when ah < 1 million.", None),
    ("exact answer only when ah < 1 hundredth.", None),
])
def test_a_quoted_number_with_a_word_of_scale_after_it_is_another_quantity(printed, found):
    note = Note("n.txt", f"Explicit Euler keeps the smooth shape of the {printed}\n")
    at = note.quote_at("exact answer only when ah < 1", "1")
    assert (at and at[1]) == found


@pytest.mark.parametrize("printed,found", [
    ("Because it is above 1, the iterates leave the fixed point -5, even though it exists.", "-5"),   # probe 132: h09
    ("Because it is above 1, the iterates leave the fixed point -4, even though it exists.", None),   # another value
    ("Because it is above 1, the iterates leave the fixed point -5, even though it exists. "
     "So the fixed point -5 is unstable.", None),                                                     # two places
])
def test_a_quoted_number_after_its_noun_phrase_is_found_when_the_clauses_turned(printed, found):
    note = Note("n.txt", f"Intro.\n{printed}\n")
    at = note.quote_at("The fixed point -5 exists", "-5")
    assert (at and at[1]) == found


@pytest.mark.parametrize("printed,found", [
    ("so the gap 0.271 stays above zero", "0.271"),
    ("so the gap 0.271M stays above zero", None),          # a suffix glued to it (reviewer helper-152)
    ("so the gap 0.271 squared stays above zero", None),   # a power of it
    ("so the gap 0.271² stays above zero", None),
])
def test_a_quoted_number_with_a_suffix_or_power_is_another_quantity(printed, found):
    note = Note("n.txt", f"Intro.\n{printed}.\n")
    at = note.quote_at("so the gap 0.271 stays above zero", "0.271")
    assert (at and at[1]) == found
