"""A registered formula's places (sources.anchor): printed, respelled, or an edited occurrence;
notation never decides, meaning does (run.claim.check_formula)."""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from noteproof.sources.anchor import How, spelling
from noteproof.sources.coverage import places
from noteproof.sources.notes import Note
from noteproof.sources.project import load_project
from tests.helpers import ROOT


def test_spelling_sets_notation_aside():
    assert spelling("\\dfrac{1}{2}")[0] == spelling("\\frac{1}{2}")[0]
    assert spelling("\\left(a+b\\right)")[0] == spelling("(a+b)")[0]
    assert spelling("a \\, b\u2212c")[0] == "ab-c"
    assert spelling("1/(1-\\beta)")[0] != spelling("1/(1+\\beta)")[0]
    assert spelling("a\\approx b")[0] == spelling("a\\simeq b")[0] == spelling("a \u2248 b")[0]
    assert spelling("{\\sum }_b{e}^{x}")[0] == spelling("\\sum_b e^x")[0]
    text = "x^{2}"                 # a place ending on a group of one ends after its brace
    norm, starts, ends = spelling(text)
    assert norm == "x^2" and text[starts[0]:ends[-1]] == text


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT)


def _places(project, key, old, new, formula):
    note = project.notes[key]
    edited = replace(note, text=note.text.replace(old, new, 1))
    claims = project.claims_of(key)
    quoted = next(c.quoted for c in claims for f in c.formulas if f.text == formula)
    return places(edited, formula, quoted)


def test_a_respelled_formula_stands_where_it_stood(project):
    f = "\\frac{d{a}_{\\ast }}{du}=\\frac{1-a_{\\ast }^2}{1-\\beta (1-a_{\\ast }^2)}."
    got = _places(project, "week09", "\\frac{d{a}_{\\ast }}{du}=\\frac{1", "\\dfrac{d{a}_{\\ast }}{du}=\\dfrac{1", f)
    assert [p.how for p in got] == [How.RESPELLED]


def test_an_edited_occurrence_is_its_formulas_near_place(project):
    """The prose's response edited to 1/(1+beta): its row still prints 1/(1-beta) (exact), and
    the edited span is taken for the formula's other occurrence, to be judged (and fail)."""
    got = _places(project, "week09", "the response is $1/(1-\\beta )$", "the response is $1/(1+\\beta )$",
                  "1/(1-\\beta )")
    assert [p.how for p in got] == [How.EXACT, How.NEAR]
    assert got[1].printed == "1/(1+\\beta )"


def test_the_notes_as_written_have_no_near_places(project):
    for key, note in project.notes.items():
        for c in project.claims_of(key):
            for f in c.formulas:
                assert all(p.how is not How.NEAR for p in places(note, f.text, c.quoted, f.plain)), (c.id, f.text)


def _judge(project, key, text, claim_id):
    from noteproof.run.claim import run_claim
    note = replace(project.notes[key], text=text)
    return run_claim(project.registry.claim(claim_id), project.content, note)


@pytest.mark.parametrize("old, new", [
    ("\\frac{d{a}_{\\ast }}{du}=\\frac{1-a_{\\ast }^2}", "\\dfrac{d{a}_{\\ast }}{du}=\\dfrac{1-a_{\\ast }^2}"),
    ("{1-\\beta (1-a_{\\ast }^2)}.$$", "{1 - \\beta \\left(1-a_{\\ast }^2\\right)}.$$"),
    ("the response is $1/(1-\\beta )$", "the response is $\\frac{1}{1-\\beta }$"),
])
def test_a_respelling_keeps_the_verdict(project, old, new):
    text = project.notes["week09"].text
    assert old in text
    r = _judge(project, "week09", text.replace(old, new, 1), "w09.fixed-point-response")
    assert all(f.outcome.value == "verified" for f in r.formulas), [f.message for f in r.formulas]


def test_a_changed_sign_is_wrong_with_the_derived_form(project):
    text = project.notes["week09"].text.replace("the response is $1/(1-\\beta )$",
                                                "the response is $1/(1+\\beta )$", 1)
    r = _judge(project, "week09", text, "w09.fixed-point-response")
    bad = [f for f in r.formulas if f.outcome.value != "verified"]
    assert r.outcome.value == "failed" and len(bad) == 1
    assert bad[0].message.startswith("wrong:") and "the note prints 1/(1+β)" in bad[0].message
    assert bad[0].location.line == 80


LATEX = [f for c in load_project(ROOT).registry.claims for f in c.formulas if not f.plain]
RESPELL = [("\\frac", "\\dfrac"), ("\\frac", "\\tfrac"), ("(", "\\left("), (")", "\\right)"), ("=", " = "),
           ("\\simeq", "\\approx"),
           ("+", " + "), ("-", " \u2212 ")]


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(LATEX), st.lists(st.sampled_from(RESPELL), min_size=1, max_size=3))
def test_no_respelling_moves_a_registered_formula(formula, respell):
    """Hypothesis: any mix of the reader's equivalent spellings leaves the formula placed, at
    the same place, and read equal (notation never changes a verdict)."""
    from noteproof.formula.equality import compare_form
    from noteproof.formula.formread import read_spec
    text = formula.text
    for old, new in dict.fromkeys(respell):   # each once: \left\left( is no spelling of (
        if old == ")" and "\\left(" not in text:
            continue
        text = text.replace(old, new)
    if ("\\left(" in text) != ("\\right)" in text):
        return                                 # \left( needs its \right): not a spelling of the same text
    note = Note("n.txt", f"Before $x$ then $${text}$$ after.")
    got = places(note, formula.text)
    assert got and got[0].how in (How.EXACT, How.RESPELLED) and got[0].printed.strip() == text.strip()
    parts, same = read_spec(replace(formula, text=got[0].printed)), read_spec(formula)
    assert len(parts) == len(same)
    for p, q in zip(parts, same):
        # read identically, or (a statement such as '=>' is no SymPy expression) compared equal
        assert p == q or compare_form(p, q, "whole").equal is not False, (text, p, q)


@pytest.mark.parametrize("text, formula, part", [
    ("x_0(\\cos\\pi t,\\ -\\sin\\pi t)", "\\sin\\pi t", True),      # a sign before it
    ("by 1 + h^2/2 at each step", "1 + h^2", True),                  # a division after it
    ("u=\\eta c/(2Bh)^2", "u=\\eta c/(2Bh)", True),                 # a power after it
    ("a \\cdot \\frac{1}{2}", "\\frac{1}{2}", True),                   # a product before it
    ("x_0(\\cos\\pi t,\\ \\sin\\pi t)", "\\sin\\pi t", False),
    ("by 1 + h^2 at each step", "1 + h^2", False),
    ("$-4$ and", "-4", False),                                       # its own sign
])
def test_a_formula_inside_a_longer_term_is_not_placed_there(text, formula, part):
    from noteproof.sources.anchor import extends
    at = text.index(formula)
    assert extends(text, at, at + len(formula), formula) == part


def test_each_component_of_a_printed_pair_is_a_piece():
    from noteproof.sources.anchor import pieces
    text = "(x,y)(t)=x_0(\\cos\\pi t,\\ -\\sin\\pi t)"
    assert {"\\cos\\pi t", "-\\sin\\pi t"} <= {text[a:b] for a, b in pieces(text, 0, len(text))}


@pytest.mark.parametrize("text, other", [
    ("which shrinks only when |theta| < 1.", "which shrinks only when 1 > |theta|."),
    ("h <= 2/lambda for every mode", "2/lambda >= h for every mode"),
    ("0 < x < 2", "2 > x > 0"),   # a chain, both of its relations turned
    ("shrinks only when 0 < ah < 2, and", "shrinks only when 2 > ah > 0, and"),
    ("x < 1 and y < 2", None),     # two relations: not one statement turned
    ("the step is above 0.02", None),
    ("for $K>0$, with the continuous $K\\to 0$ limit", "for $0<K$, with the continuous $K\\to 0$ limit"),
    ("zero-input branch with $\\beta \\le 1$", "zero-input branch with $1 \\ge \\beta$"),
])
def test_a_relation_is_written_from_its_other_side(text, other):
    from noteproof.sources.spelling import turned
    assert turned(text) == other


def test_plain_text_exp_is_the_exponential_as_printed_with_e():
    from noteproof.sources.spelling import spelling
    assert spelling("x0 exp(-2t)")[0] == spelling("x0 e^(-2t)")[0]
    assert spelling("expand(x)")[0] == "expand(x)" and spelling("\\exp(x)")[0] == "\\exp(x)"


def test_a_name_reads_the_word_before_a_formula():
    from noteproof.sources.named import name_before
    text = "For this update, the slope is x/(1-theta)^2. Slope = 4. z* = x / (1 - theta); which is $a$"
    assert name_before(text, text.index("x/(")) == "slope"
    assert name_before(text, text.index("4.")) == "slope"
    assert name_before(text, text.index("x / (")) == "z*"
    assert name_before(text, text.index("a$")) is None               # "which" names nothing
    assert name_before("\\quad \\dot a", 6) is None                   # a LaTeX command is no name


def test_a_formula_printed_under_anothers_name_is_that_one_edited(project):
    """"the slope is x/(1-theta)": the fixed point's spelling where the note names the slope
    (its other places, "The slope x/(1-theta)^2", "Slope = ..."): the slope's edited place."""
    old, new = "the slope is x/(1-theta)^2, which", "the slope is x/(1-theta), which"
    note = project.notes["chapter12"]
    edited = replace(note, text=note.text.replace(old, new, 1))
    slope = places(edited, "x/(1-theta)^2", plain=True)
    assert [p.printed for p in slope if p.how is How.NEAR] == ["x/(1-theta)"]
    fixed = places(edited, "x / (1 - theta)", plain=True)
    assert fixed and all(p.printed != "x/(1-theta)" for p in fixed)


def test_the_notes_as_written_print_no_formula_under_anothers_name(project):
    from noteproof.sources.named import renamed
    assert all(not renamed(note) for note in project.notes.values())
