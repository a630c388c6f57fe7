"""formula/prose.py: text fragments (evidence, findings, errata, messages) in the note's notation.
Table-driven: ASCII or Python mathematics as content writes it -> what a reader sees."""
import pytest
import sympy as sp

from noteproof.formula import prose
from noteproof.formula.printing import pretty

UNICODE = {
    "a_star**3/3 + ...": "a*³/3 + ...",
    "1 - beta(1 - a*^2) != 0": "1 − β(1 − a*²) ≠ 0",
    "0 <= p_B <= 1 and x >= 0": "0 ≤ p_B ≤ 1 and x ≥ 0",
    "e^{z/tau} -> 1 as tau -> oo": "e^(z/τ) → 1 as τ → ∞",
    "C Delta s^2": "C Δs²",
    "|a_{i+1}-a~_{i+1}| <= beta |a_i-a~_i|": "|aᵢ₊₁−ãᵢ₊₁| ≤ β |aᵢ−ãᵢ|",
    "Sigma = [[1, 1/2], [1/2, 1]]": "Σ = [1 1/2; 1/2 1]",
    "h = 1/20, lambda = 100": "h = 1/20, λ = 100",
    "a 1-Lipschitz one-step map, rsolve_hyper": "a 1-Lipschitz one-step map, rsolve_hyper",
    "2x2 and 1.5 x 1.2, for x != 0": "2×2 and 1.5×1.2, for x ≠ 0",
    "obeys $a_{\\ast }=\\tanh (\\beta a_{\\ast }+u)$": "obeys a*=tanh(βa*+u)",
    "$\\frac{d{a}_{\\ast }}{du}=\\frac{1-a_{\\ast }^2}{1-\\beta (1-a_{\\ast }^2)}$": "da*/du=(1−a*²)/(1−β(1−a*²))",
}


@pytest.mark.parametrize("text, shown", UNICODE.items())
def test_unicode(text, shown):
    assert prose.unicode(text) == shown


def test_html_scripts_matrices_and_spans():
    out = prose.html("x_{n+1} <= theta^k [[2, 1], [1, 2]] and $a_{\\ast}$ <b>")
    assert out.startswith("x<sub>n+1</sub> ≤ θ<sup>k</sup> <math")
    assert "<mtable>" in out and "&lt;b&gt;" in out and "_{" not in out and "theta" not in out


def test_markdown_keeps_the_notes_latex():
    assert prose.unicode("set $\\Delta s=S/L$, theta", keep_tex=True) == "set $\\Delta s=S/L$, θ"


NAMES = {"a_star": "a*", "a_tilde_i": "ãᵢ", "q_dot": "q̇", "theta": "θ", "s_ell": "s_ℓ", "x_0": "x₀",
         "lambda": "λ"}


@pytest.mark.parametrize("name, shown", NAMES.items())
def test_names_as_the_note_writes_them(name, shown):
    assert prose.name_unicode(name) == shown


def test_a_symbols_table_names_a_symbol():
    assert prose.name_unicode("ds", {"ds": "\\Delta s"}) == "Δs"


def test_derived_forms_print_in_the_notes_names():
    a, b = sp.symbols("a_star beta")
    shown = pretty(prose.in_notation((1 - a**2) / (a**2 * b - b + 1)))
    assert "a*" in shown and "ₛₜₐᵣ" not in shown and "β" in shown
    z, f = sp.Symbol("z"), sp.Function("f")
    assert "z=z*" in pretty(prose.in_notation(sp.Subs(sp.Derivative(f(z), z), z, sp.Symbol("z_star"))))
