"""formula/prose.py: text fragments (evidence, findings, errata, messages) in the note's notation.
Table-driven: ASCII or Python mathematics as content writes it -> what a reader sees."""
import pytest
import sympy as sp

from noteproof.formula import prose, proselatex, texform
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


# ---- issue 24: LaTeX from the same objects and text (formula.texform, formula.proselatex) ------------

A_STAR, BETA, U = sp.symbols("a_star beta u")
SLOPE = (1 - A_STAR**2) / (A_STAR**2 * BETA - BETA + 1)

NAMES_LATEX = {"a_star": r"a_{\ast}", "theta": r"\theta", "a_tilde_i": r"\tilde{a}_{i}", "q_dot": r"\dot{q}",
               "s_ell": r"s_{\ell}", "x0": "x_{0}", "z_i_star": r"z_{i}^{\ast}", "x_old": r"x_{\mathrm{old}}"}


@pytest.mark.parametrize("name, latex", NAMES_LATEX.items())
def test_names_in_latex_as_the_note_writes_them(name, latex):
    assert texform.name_latex(name) == latex


FORMS = {   # object -> (LaTeX, one line of Unicode)
    SLOPE: (r"\frac{1 - a_{\ast}^{2}}{a_{\ast}^{2} \beta - \beta + 1}", "(1 − a*²)/(a*²β − β + 1)"),
    -1 / (BETA - 1): (r"- \frac{1}{\beta - 1}", "−1/(β − 1)"),
    sp.Eq(A_STAR, sp.tanh(BETA * A_STAR + U)): (r"a_{\ast} = \tanh{\left(a_{\ast} \beta + u \right)}",
                                               "a* = tanh(a*β + u)"),
    sp.Derivative(sp.Function("a_star")(U), U): (r"\frac{d a_{\ast}}{d u}", "da*/du"),
    sp.Subs(sp.Derivative(sp.Function("f")(sp.Symbol("z")), sp.Symbol("z")), sp.Symbol("z"), sp.Symbol("z_star")):
        (r"f'\left(z_{\ast}\right)", "f'(z*)"),
    sp.Symbol("x") / (sp.Symbol("theta") - 1) ** 2: (r"\frac{x}{\left(\theta - 1\right)^{2}}", "x/(θ − 1)²"),
    sp.Symbol("c") * sp.Symbol("eta") / (2 * sp.Symbol("B") * sp.Symbol("h")):
        (r"\frac{c \eta}{2 B h}", "cη/(2Bh)"),          # never cη/2Bh
    sp.Symbol("x_0") * sp.exp(-sp.Symbol("a") * sp.Symbol("t")): (r"x_{0} e^{- a t}", "x₀e⁻ᵃᵗ"),
    sp.ImmutableMatrix([[1, A_STAR], [BETA, 2]]): (r"\left[\begin{matrix}1 & a_{\ast}\\\beta & 2\end{matrix}\right]",
                                          "[1 a*; β 2]"),
}


@pytest.mark.parametrize("form", FORMS, ids=str)
def test_derived_forms_in_latex_and_unicode(form):
    latex, shown = FORMS[form]
    assert texform.form_latex(form) == latex and texform.form_unicode(form) == shown
    assert "**" not in latex and "star" not in latex


def test_a_symbols_table_gives_the_notes_fragment_and_relations_print_through_their_hook():
    from noteproof.formula.parser import Relation
    table = {"ds": "\\Delta s", "a_star": "{a}_{\\ast }"}
    C, ds = sp.symbols("C ds")
    assert texform.form_latex(C * ds**2, table) == r"C \Delta s^{2}"
    assert texform.form_unicode(C * ds**2, table) == "CΔs²"
    assert texform.form_latex(SLOPE, table).startswith(r"\frac{1 - {a}_{\ast }^{2}}")
    chain = Relation(("<", "<"), (0, sp.Symbol("eta") * sp.Symbol("h"), 2))
    assert texform.form_latex(chain) == r"0 < \eta h < 2" == sp.latex(chain)
    assert texform.form_unicode(Relation(("<=",), (sp.Symbol("e_L"), C * ds)), table) == "e_L ≤ CΔs"


PROSE_LATEX = {
    "at beta = 1, a_star**3/3 -> 0": r"at $\beta = 1$, $a_{\ast}^{3}/3 \to 0$",
    "1 - beta(1 - a*^2) != 0 at the fixed point": r"$1 - \beta (1 - a_{\ast}^{2}) \ne 0$ at the fixed point",
    "the bound is 59049 < 0.001": "the bound is $59049 < 0.001$",
    "A fixed point a* = 0 with |a_i - a~_i| <= beta^i":
        r"A fixed point $a_{\ast} = 0$ with $|a_{i} - \tilde{a}_{i}| \le \beta ^{i}$",
    "Sigma = [[1, 1/2], [1/2, 1]]": r"$\Sigma = \begin{bmatrix}1 & 1/2 \\ 1/2 & 1\end{bmatrix}$",
    "obeys $a_{\\ast }=\\tanh (\\beta a_{\\ast }+u)$ here": "obeys $a_{\\ast }=\\tanh (\\beta a_{\\ast }+u)$ here",
    "tau -> oo and x_k**2": r"$\tau \to \infty$ and $x_{k}^{2}$",
    "0.271 recomputed as 0.27067 (by rsolve_hyper)": "0.271 recomputed as 0.27067 (by rsolve_hyper)",
    "one Euler step x + h(-a x) equals (1 - ah) x": "one Euler step $x + h(-a x)$ equals $(1 - ah) x$",
    "a = tanh(beta a) at u = 0": r"$a = \tanh (\beta a)$ at $u = 0$",
}


@pytest.mark.parametrize("text, latex", PROSE_LATEX.items())
def test_sentences_keep_their_words_and_set_their_mathematics_in_latex(text, latex):
    assert proselatex.latex(text) == latex


def test_no_python_in_latex():
    for text in ("a_star**2*beta != 0", "(1 - a_star**2)/(a_star**2*beta - beta + 1)"):
        out = proselatex.latex(text)
        assert "**" not in out and "a_{star}" not in out and "!=" not in out and "a_{\\ast}" in out


@pytest.mark.parametrize("tex, shown", [
    ("\\frac{\\partial\\mathcal L}{\\partial\\theta}", "(∂ℒ)/(∂θ)"),       # a probe's: was ()/()∂ℒ∂θ
    ("\\frac{\\partial\\mathcal{L}}{\\partial\\theta}", "(∂ℒ)/(∂θ)"),
    ("{\\tilde{a}}_i", "ãᵢ"),
    ("\\frac{d\\tilde a}{ds}", "dã/ds"),
])
def test_a_styled_or_accented_letter_keeps_the_braces_of_what_holds_it(tex, shown):
    import unicodedata

    from noteproof.formula.prose import tex_unicode
    assert unicodedata.normalize("NFC", tex_unicode(tex)) == unicodedata.normalize("NFC", shown)
