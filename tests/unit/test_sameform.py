"""A printed formula against a derived form: symbols by name, relations, refutation."""
import pytest
import sympy as sp

from noteproof.formula.equality import compare_form, same_expr


def test_symbols_are_matched_by_name_whatever_their_assumptions():
    beta, u = sp.Symbol("beta"), sp.Symbol("u")
    beta_pos = sp.Symbol("beta", positive=True)
    assert same_expr(1 / (1 - beta), 1 / (1 - beta_pos)).equal is True
    assert same_expr(1 / (1 - beta), 1 / (1 + beta_pos)).equal is False
    assert same_expr(u, beta_pos).equal is False


def test_bound_indices_and_indexed_bases_are_matched_by_name():
    k, m, b = sp.symbols("k m beta")
    kk = sp.Symbol("k", integer=True)
    a, a_real = sp.IndexedBase("a"), sp.IndexedBase(sp.Symbol("a", real=True))
    printed = sp.Product(b * (1 - a[k + 1] ** 2), (k, 0, m - 1))
    derived = sp.Product(b * (1 - a_real[kk + 1] ** 2), (kk, 0, m - 1))
    assert same_expr(printed, derived).equal is True


def test_relations_compare_op_and_sides():
    x, y = sp.symbols("x y")
    assert compare_form(sp.Le(x, y), sp.Le(x, y)).equal is True
    assert compare_form(sp.Lt(x, y), sp.Le(x, y)).equal is False
    assert compare_form(sp.Eq(x, y + 1, evaluate=False), y + 1).equal is True   # rhs by default
    assert compare_form(sp.Eq(x, y + 1, evaluate=False), x, side="lhs").equal is True
    assert compare_form(y + 1, sp.Le(x, y)).equal is False


def test_text_is_never_parsed():
    assert same_expr("x + 1", sp.Symbol("x") + 1).equal is False


def test_tuples_compare_elementwise():
    x, y = sp.symbols("x y")
    assert same_expr(sp.Tuple(x, y - 1), (x, y - 1)).equal is True
    assert same_expr(sp.Tuple(x, y - 1), sp.Tuple(x, y + 1)).equal is False
    assert same_expr(sp.Tuple(x, y), x).equal is False


def test_a_chain_of_equalities_is_the_derived_equation_with_its_steps_shown():
    """``h' = h - s h = (1 - s) h`` for the derived ``h' = (1 - s) h``: every later side equals the
    derived right-hand side; one that does not fails the chain."""
    from noteproof.formula.parser import read_latex
    a, h, s = sp.symbols("a h s")
    derived = sp.Eq(a, (1 - s) * h, evaluate=False)
    [shown] = read_latex(r"a=h-s\,h=(1-s)h")
    [wrong] = read_latex(r"a=h+s\,h=(1-s)h")
    assert compare_form(shown, derived).equal is True
    assert compare_form(wrong, derived).equal is False


@pytest.mark.parametrize("printed, same", [
    ("-1 < 1 - z < 1", True),       # |u| < c is -c < u < c
    ("0 < z < 2", True),
    ("0 < 2z < 4", True),           # each bound up to a positive factor
    ("-1 < 1 - z <= 1", False),     # a strict bound made weak
    ("-2 < 1 - z < 1", False),
    ("0 < -z < 2", False),
])
def test_bounds_that_say_the_same_are_the_same_inequality(printed, same):
    from noteproof.formula.meaning import same_meaning
    assert same_meaning("|1 - z| < 1", printed, True) is same


@pytest.mark.parametrize("printed, same", [
    (r"h(s)=h_0\exp (-s)", True),    # \exp is e to a power
    (r"h(s)=h_0\exp (s)", False),
    (r"h(s)=h_0\,\mathrm{e}^{-s}", True),
])
def test_the_exponential_is_one_formula_however_spelled(printed, same):
    from noteproof.formula.declared import alike
    assert alike(r"h(s)=h_0{e}^{-s}", printed) is same


@pytest.mark.parametrize("printed, same", [
    (r"a_{i+1}=\operatorname{tanh}\left(u_i+\beta a_i\right)", True),
    (r"a_{i+1}=\operatorname{sinh}\left(u_i+\beta a_i\right)", False),
])
def test_an_operator_name_is_the_function_it_names(printed, same):
    from noteproof.formula.declared import alike
    assert alike(r"a_{i+1}=\tanh (\beta a_i+u_i)", printed) is same


@pytest.mark.parametrize("printed, same", [
    (r"\beta^m\prod_{k=1}^{m}(1-a_{k}^2)", True),      # constant taken out, index shifted
    (r"\prod_{j=0}^{m-1}\beta (1-a_{j+1}^2)", True),    # the index renamed
    (r"\beta^{m-1}\prod_{k=1}^{m}(1-a_{k}^2)", False),
    (r"\beta^m\prod_{k=0}^{m-1}(1-a_{k}^2)", False),
])
def test_a_product_written_otherwise_is_the_same_product(printed, same):
    from noteproof.formula.parser import read_latex
    derived = read_latex(r"\prod_{k=0}^{m-1}\beta (1-a_{k+1}^2)")[0]
    assert same_expr(read_latex(printed)[0], derived).equal is same


@pytest.mark.parametrize("printed, same", [
    (r"\frac{1}{\sum_b e^{(z_b(c)-z_a)/\tau}}", True),   # top and bottom divided by e^{z_a/tau}
    (r"\frac{1}{\sum_b e^{(z_b(c)+z_a)/\tau}}", False),
    (r"\frac{e^{z_a/\tau}}{\sum_b e^{z_b(c)/(2\tau)}}", False),
])
def test_a_constant_factor_moves_through_a_sum(printed, same):
    from noteproof.formula.parser import read_latex
    derived = read_latex(r"\frac{e^{z_a/\tau}}{\sum_b e^{z_b(c)/\tau}}", functions=["z"])[0]
    # a sum over the whole vocabulary cannot be written out: an unequal one is undecided, which fails
    assert (same_expr(read_latex(printed, functions=["z"])[0], derived).equal is True) is same


def test_a_count_is_sampled_at_whole_numbers():
    """(-1)^n (ah-1)^n is (1-ah)^n at every whole n, and complex at n = 2/13."""
    from noteproof.formula.parser import read_latex
    n = sp.Symbol("n", integer=True, nonnegative=True)
    derived = read_latex("(1-ah)^n")[0].xreplace({sp.Symbol("n", real=True): n})
    assert same_expr(read_latex("(-1)^n(ah-1)^n")[0], derived).equal is True
    assert same_expr(read_latex("(-1)^n(ah+1)^n")[0], derived).equal is False


@pytest.mark.parametrize("printed, same", [(r"\tau \to 0^{+}", True), (r"\tau\to 0^+", True),
                                           (r"\tau \to 0^{-}", False), (r"\tau \to 0", False)])
def test_the_side_of_a_limit_is_part_of_it(printed, same):
    from noteproof.formula.parser import read_latex
    assert compare_form(read_latex(printed)[0], read_latex(r"\tau \to 0^{+}")[0]).equal is same


def test_a_one_sided_point_prints_as_written():
    from noteproof.formula.parser import read_latex
    rel = read_latex(r"\tau \to 0^{+}")[0]
    assert "0⁺" in sp.pretty(rel) and sp.latex(rel).endswith("0^{+}") and str(rel).endswith("0^+")


def test_a_sum_over_the_vocabulary_prints_as_the_note_writes_it():
    """``\\sum_b e^{z_b(c)/\\tau}``: no limits, the index a subscript (the reader's z(b, c))."""
    from noteproof.formula.texform import form_latex, form_unicode
    b, c, tau = sp.Symbol("b", integer=True), sp.Symbol("c"), sp.Symbol("tau")
    whole = sp.Sum(sp.exp(sp.Function("z")(b, c) / tau), (b, -sp.oo, sp.oo))
    assert form_latex(whole) == r"\sum_{b} e^{\frac{z_{b}\left(c\right)}{\tau}}"
    assert "z_b(c)" in form_unicode(whole)
    assert form_latex(sp.Function("z")(b, c)) == r"z\left(b, c\right)"   # no sum around: a call
