"""The notebook API: noteproof.claim(id).derivation() / .check(beta="0.9"), rendered in Jupyter."""
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction

import pytest
import sympy

import noteproof
from noteproof.errors import UsageError
from noteproof.model import ClaimResult, Derived, Outcome
from tests.helpers import ROOT

CLAIM = "w09.fixed-point-response"


@pytest.fixture(scope="module")
def claim():
    return noteproof.claim(CLAIM, root=ROOT)


def test_import_noteproof_does_not_import_sympy():
    code = "import sys, noteproof; noteproof.claim; print('sympy' in sys.modules, 'mpmath' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_derivation_gives_sympy_objects_and_latex(claim):
    d = claim.derivation()
    assert isinstance(d, Derived) and d.forms and d.steps
    assert all(isinstance(f, sympy.Basic) for f in d.forms.values())
    assert all(e.holds for e in d.evidence)
    latex = d._repr_latex_()
    assert latex.startswith("$\\begin{aligned}") and latex.endswith("$") and "\\beta" in latex


def test_check_at_the_users_value_gives_a_claim_result_in_markdown(claim):
    r = claim.check(beta="0.9")
    assert isinstance(r, ClaimResult) and r.id == CLAIM and r.outcome is Outcome.VERIFIED
    md = r._repr_markdown_()
    assert f"### `{CLAIM}`" in md and "| evidence |" in md


@pytest.mark.parametrize("value", ["9/10", Fraction(1, 4), Decimal("0.3")])
def test_parameters_as_exact_text_fractions_or_decimals(claim, value):
    assert claim.check(beta=value).outcome is Outcome.VERIFIED


@pytest.mark.parametrize("params, words", [
    ({"beta": True}, "not a number"),
    ({"beta": float("nan")}, "not a finite number"),
    ({"beta": "__import__('os')"}, "not a decimal"),
    ({"beta": "1e3x"}, "not a decimal"),
    ({"gamma": "1"}, "no parameter gamma"),
])
def test_bad_parameters_are_refused_before_running(claim, params, words):
    with pytest.raises(UsageError, match=words):
        claim.check(**params)


def test_parameters_list_the_notes_values(claim):
    assert claim.parameters()["beta"] == "1/2"


def test_root_found_by_walking_up(monkeypatch):
    monkeypatch.chdir(ROOT / "notes")
    c = noteproof.claim(CLAIM)
    assert c.spec.note == "week09" and "Response" in c._repr_markdown_()


def test_unknown_id_says_did_you_mean():
    with pytest.raises(UsageError, match="did you mean"):
        noteproof.claim("w09.fixed-point-respons", root=ROOT)


# ---- issue 15: short repr, str, .ok, floats, claims(), report(), sliders ------------------------

def test_claim_repr_is_short_and_names_id_note_tag(claim):
    text = repr(claim)
    assert len(text) < 200 and CLAIM in text and "week09" in text and "[Exact.]" in text
    assert CLAIM in str(claim) and "parameters: beta=1/2" in str(claim)
    html = claim._repr_html_()   # its row typeset, not a <pre> that would hide the Markdown view
    assert CLAIM in html and "<pre>" not in html and "<math" in html and len(html) < 5000


@pytest.mark.parametrize("value, text", [(0.9, "0.9"), (1e-3, "0.001"), ("1e-3", "0.001"), (Decimal("1E-3"), "0.001"),
                                         (2, "2"), (Fraction(3, 2), "3/2")])
def test_values_as_their_shortest_exact_decimal(value, text):
    from noteproof.api import value_text
    assert value_text("beta", value) == text


def test_float_parameter_checks_at_its_decimal_and_result_renders(claim):
    r = claim.check(beta=0.9)
    assert r.ok and r.outcome is Outcome.VERIFIED
    assert repr(r) == f"<Result {CLAIM}: verified at beta=0.9>"
    assert "response: −1/(β − 1) = 10" in str(r)    # the note's notation, no Python
    html = r._repr_html_()                              # the typeset evidence table
    assert "= 10" in r._repr_markdown_() and "<pre>" not in html and '<table class="stack">' in html
    assert "= 10" in html and len(html) < 50_000


def test_check_at_a_pole_explains_in_the_claims_terms(claim):
    r = claim.check(beta=1)
    assert not r.ok
    text = str(r)
    assert "undefined" in text and "ArithmeticError" not in text and "Error" not in text


def test_claims_and_report_are_exported():
    assert "claims" in noteproof.__all__ and "report" in noteproof.__all__
    everything = noteproof.claims(root=ROOT)
    assert CLAIM in [c.id for c in everything]
    assert all(c.spec.note == "week10" for c in noteproof.claims(root=ROOT, note="week10"))
    assert callable(noteproof.report)
    import importlib
    importlib.import_module("noteproof.report.markdown")  # the package stays reachable beside the function
    assert callable(noteproof.report) and noteproof.report.markdown.render


def test_sliders_read_the_notes_ranges():
    from noteproof.run.readouts import split_range
    assert split_range("0.253", "1.5") == ("0.25", "3")
    assert split_range("-1.21.2", "1.2") == ("-1.2", "1.2")
    assert split_range("0.20.95", "0.8") == ("0.2", "0.95")
    assert split_range("10500", "100") == ("10", "500")
    c = noteproof.claim("c12.d04.energy-and-timing", root=ROOT)
    [s] = c.sliders()
    assert (s["name"], s["min"], s["max"], s["value"]) == ("h", "0.1", "1.25", "0.5")


def test_slider_callback_recomputes_readouts_and_conditions_without_a_browser():
    c = noteproof.claim("c12.d04.energy-and-timing", root=ROOT)
    update = c.slider_callback()
    stable = update(h=0.25)
    assert "h = 0.25" in stable and "| 0 < h < 2 (the Verlet step is stable) | holds |" in stable
    unstable = update(h=2.5)
    assert "VIOLATED" in unstable and "complex" in unstable and "mpc" not in unstable


def test_interact_builds_sliders_when_ipywidgets_is_installed():
    pytest.importorskip("ipywidgets")
    box = noteproof.claim("c12.d04.energy-and-timing", root=ROOT).interact()
    slider = box.children[0]
    assert slider.description == "h" and (slider.min, slider.max) == (0.1, 1.25)


def test_interact_wires_each_slider_to_the_callback(monkeypatch):
    """interact() with stand-ins for ipywidgets and IPython.display (not installed here): one
    slider per parameter over the note's range, and moving one redraws the recomputed read-outs."""
    import sys
    import types

    class Widget:
        def __init__(self, *children, **kw):
            self.children, self.observers, self.shown = children[0] if children else (), [], []
            self.__dict__.update(kw)

        def observe(self, fn, names):
            self.observers.append(fn)

        def clear_output(self, wait=False):
            self.shown.clear()

        def __enter__(self):
            shown.append(self)
            return self

        def __exit__(self, *exc):
            shown.pop()

    shown: list = []
    widgets = types.SimpleNamespace(FloatSlider=Widget, Output=Widget, VBox=Widget)
    display = types.SimpleNamespace(Markdown=str, display=lambda md: shown[-1].shown.append(md))
    monkeypatch.setitem(sys.modules, "ipywidgets", widgets)
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(display=display))
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    box = noteproof.claim("c12.d04.energy-and-timing", root=ROOT).interact()
    slider, out = box.children
    assert (slider.description, slider.min, slider.max, slider.value) == ("h", 0.1, 1.25, 0.5)
    assert "h = 0.5" in out.shown[-1] or "holds" in out.shown[-1]
    slider.value = 2.5
    for fn in slider.observers:
        fn({"new": 2.5})
    assert len(out.shown) == 1 and "VIOLATED" in out.shown[0]


# ---- issue 24: reprs Jupyter shows, interact() without a slider in the note -----------------------

def test_the_report_repr_is_its_summary_and_errata(tmp_path):
    from tests.helpers import make_project
    report = noteproof.report(root=make_project(tmp_path / "mini"), cache=False)
    assert repr(report).startswith("<Report 2 claims: ") and len(repr(report)) < 200
    html = report._repr_html_()
    assert 'id="summary"' in html and 'id="errata-and-failures"' in html and len(html) < 20_000
    assert "<section class=\"claim\"" not in html          # not every claim's section


def test_a_claim_without_a_slider_slides_its_parameters_around_the_pages_values():
    from noteproof.api import default_ranges
    c = noteproof.claim("w09.contraction", root=ROOT)
    assert c.sliders() == []                                 # the note has no slider for it
    ranges = {r["name"]: r for r in default_ranges(c.parameters())}
    assert (ranges["beta"]["min"], ranges["beta"]["value"], ranges["beta"]["max"]) == ("0", "1/2", "1")
    assert default_ranges({"x": "-0.5", "y": "0", "n": "not a number"}) == [
        {"name": "x", "label": "x (the page's value -0.5)", "value": "-0.5", "min": "-1", "max": "0",
         "location": None},
        {"name": "y", "label": "y (the page's value 0)", "value": "0", "min": "-1", "max": "1", "location": None}]
    shown = c.slider_callback()(beta=0.25)                   # what a slider move shows
    assert "w09.contraction" in shown and "0.25" in shown


# ---- issue 24: interact() ranges from the sliders, else the conditions, else the page's value --------

def test_ranges_come_from_the_sliders_else_the_conditions_else_the_pages_value():
    from noteproof.api import slider_ranges, stated_range
    assert stated_range("0 < beta < 1: every initial distinction is suppressed", "beta") == ("0", "1")
    assert stated_range("0 < β ≤ 1", "beta") == ("0", "1")
    assert stated_range("h > 0 (a step)", "h") == ("0", None) and stated_range("for h < 2", "h") == (None, "2")
    assert stated_range("0 < a h < 2", "h") == (None, None)              # a product, not h alone
    assert stated_range("0 < beta2 < 1", "beta") == (None, None)
    params = {"beta": "1/2", "h": "0.5", "n": "10"}
    stated = [("c.other", "u = 0: the origin"), ("c.range", "0 < beta < 1: contracting"), ("c.step", "h > 0")]
    by = {r["name"]: r for r in slider_ranges([], stated, params)}
    assert (by["beta"]["min"], by["beta"]["max"], by["beta"]["condition"]) == ("0", "1", "c.range")
    assert (by["h"]["min"], by["h"]["max"]) == ("0", "1")                # one end stated, the other the default's
    assert (by["n"]["min"], by["n"]["max"]) == ("0", "20") and "condition" not in by["n"]
    slider = {"name": "h", "label": "Step (h)", "value": "0.5", "min": "0.1", "max": "1.25", "location": "x:1"}
    assert slider_ranges([slider], stated, params) == [slider]           # the note's own sliders win


def test_contraction_slides_beta_over_its_conditions_range():
    from noteproof.api import _slider_step
    c = noteproof.claim("w09.contraction", root=ROOT)
    beta = {r["name"]: r for r in c.ranges()}["beta"]
    assert (beta["min"], beta["value"], beta["max"]) == ("0", "1/2", "1") and "0 < β < 1" in beta["label"]
    assert _slider_step(beta) == 0.01


def test_interact_on_a_claim_without_a_slider_uses_its_condition(monkeypatch):
    import sys
    import types

    class Widget:
        def __init__(self, *children, **kw):
            self.children, self.observers = children[0] if children else (), []
            self.__dict__.update(kw)

        def observe(self, fn, names):
            self.observers.append(fn)

        def clear_output(self, wait=False):
            pass

        def __enter__(self):
            return self

        def __exit__(self, *exc):
            pass

    shown: list = []
    widgets = types.SimpleNamespace(FloatSlider=Widget, Output=Widget, VBox=Widget)
    display = types.SimpleNamespace(Markdown=str, display=shown.append)
    monkeypatch.setitem(sys.modules, "ipywidgets", widgets)
    monkeypatch.setitem(sys.modules, "IPython", types.SimpleNamespace(display=display))
    monkeypatch.setitem(sys.modules, "IPython.display", display)
    box = noteproof.claim("w09.contraction", root=ROOT).interact()
    beta = next(s for s in box.children if getattr(s, "description", "") == "beta")
    assert (beta.min, beta.max, beta.value, beta.step) == (0.0, 1.0, 0.5, 0.01)
    beta.value = 0.25
    for fn in beta.observers:
        fn({"new": 0.25})
    assert "beta = 0.25" in shown[-1] and "verified" in shown[-1]
