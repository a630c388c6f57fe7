"""A symbol renamed throughout a note is notation (formula.renamed, probe 12): read as registered;
renamed in part, or to a name the note already uses, it is judged as printed."""
from __future__ import annotations

from dataclasses import replace

import pytest

from noteproof.formula.respelled import registered_view
from noteproof.sources.project import load_project
from tests.helpers import ROOT

W09 = [("e_{\\ell +1}\\le (1+K\\Delta s)e_{\\ell }+C\\Delta s^2,e_{\\ell }=\\Vert",
        "\\varepsilon_{\\ell +1}\\le (1+K\\Delta s)\\varepsilon_{\\ell }+C\\Delta s^2,\\varepsilon_{\\ell }=\\Vert"),
       ("Starting with $e_0=0$", "Starting with $\\varepsilon_0=0$"),
       ("$$e_L\\le \\frac{C}{K}", "$$\\varepsilon_L\\le \\frac{C}{K}")]
W10 = [("Let ${\\delta }^{\\ell }=", "Let ${g}^{\\ell }="),
       ("{)}^{\\mathsf{T}}{\\delta }^{\\ell +1},{\\nabla }", "{)}^{\\mathsf{T}}{g}^{\\ell +1},{\\nabla }"),
       ("$${\\delta }^{\\ell }=", "$${g}^{\\ell }="),
       ("{)}^{\\mathsf{T}}{\\delta }^{\\ell +1}.$$", "{)}^{\\mathsf{T}}{g}^{\\ell +1}.$$")]


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT)


def _view(project, key, edits):
    note = project.notes[key]
    text = note.text
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    return note, registered_view(replace(note, text=text, regions=None))


@pytest.mark.parametrize("key, edits", [("week09", W09), ("week10", W10)])
def test_a_symbol_renamed_everywhere_is_read_as_registered(project, key, edits):
    note, view = _view(project, key, edits)
    for old, _ in edits:
        assert old in view.text
    assert view.as_printed != note.text   # and the text as printed is kept for fixes


@pytest.mark.parametrize("key, edits", [
    ("week09", W09[1:2]),                                              # in one place of three
    ("week10", W10[1:]),                                               # the definition keeps delta
    ("week10", W10[:-1]),                                              # the last use keeps delta
    ("week10", [(o, n.replace("{g}", "{\\theta }")) for o, n in W10]),  # a name the note uses
])
def test_a_symbol_renamed_in_part_or_onto_another_is_judged_as_printed(project, key, edits):
    _, view = _view(project, key, edits)
    for _, new in edits:
        assert new in view.text
