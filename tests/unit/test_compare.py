"""The interval rule (statcheck's), table-driven."""
from decimal import Decimal

import mpmath
import pytest

from noteproof.errors import NumberError
from noteproof.run.interval import consistent, interval, parse_quoted, rounded_like

CASES = [
    # quoted, computed, exact, consistent?
    ("0.409", "0.40885", False, True),
    ("0.49", "0.40885", False, False),
    ("3,760", "3761.58", False, True),
    ("3,760", "3766", False, False),
    ("500", "500", True, True),
    ("500", "510", True, False),
    ("0.0000148", "1.4758e-5", False, True),
    ("0.0000148", "1.49e-5", False, False),
    ("-0.8", "-0.8", False, True),
    ("-0.8", "0.8", False, False),
    ("-0.207588", "-0.2075880", False, True),
    ("0.000977", "0.0009765625", False, True),
    ("2.525729", "2.5257286443", False, True),
    ("0.409", "0.4095", False, False),       # half-open: the upper end is excluded
    ("0.409", "0.4085", False, True),
    ("3/4", "0.75", False, True),
    ("3/4", "0.7500001", False, False),
]


@pytest.mark.parametrize("quoted, computed, exact, expected", CASES)
def test_interval_rule(quoted, computed, exact, expected):
    with mpmath.workdps(50):
        assert consistent(quoted, mpmath.mpf(computed), exact=exact) is expected


def test_quoted_numbers_are_read_as_decimals_never_floats():
    assert parse_quoted("0.1") == Decimal("0.1")
    assert interval("0.409") == (Decimal("0.4085"), Decimal("0.4095"))
    assert interval("3,760") == (Decimal("3755"), Decimal("3765"))
    assert interval("500", exact=True) == (Decimal("499.5"), Decimal("500.5"))


def test_scientific_notation_is_one_number_with_its_mantissas_precision():
    """A probe's harmless edit, 0.000747 printed as 7.47e-4, was read as 7.47 (and --fix wrote 0.00)."""
    assert parse_quoted("7.47e-4") == Decimal("0.000747")
    assert interval("7.47e-4") == (Decimal("0.0007465"), Decimal("0.0007475"))
    assert consistent("7.47e-4", mpmath.mpf("0.000746585808")) and not consistent("7.57e-4", mpmath.mpf("0.000746585808"))


@pytest.mark.parametrize("text", ["", "abc", "1e999", "e5", "1e", "0x10", "1.2.3", "__import__('os')", "9" * 500, "1/0"])
def test_unreadable_numbers_raise_number_error(text):
    with pytest.raises(NumberError):
        consistent(text, 1)


@pytest.mark.parametrize("quoted, computed, expected", [
    ("0.409", "0.41234", "0.412"), ("3,760", "7520.3", "7,520"), ("44.6", "44.58", "44.6"),
    ("0.0000148", "0.00001482", "0.0000148"), ("-0.8", "-0.5", "-0.5"),
])
def test_the_fix_is_printed_at_the_quoted_precision(quoted, computed, expected):
    assert rounded_like(quoted, mpmath.mpf(computed)) == expected


def test_a_fraction_is_fixed_by_a_fraction_when_the_value_is_one():
    """"1/5" for 1/(1 + 5): the fix is 1/6, not twenty digits of it (probe 66: h14 turned)."""
    with mpmath.workdps(50):
        assert rounded_like("1/5", mpmath.mpf(1) / 6) == "1/6"
        assert rounded_like("1/5", 1 / 6.0) == "1/6"
        assert rounded_like("1/5", mpmath.sqrt(2)).startswith("1.41421356237309504880")


def test_floats_from_64_bit_checks_compare_exactly():
    assert consistent("3.7", 3.7312)
    assert not consistent("3.7", 3.76)


def test_an_exact_quote_is_judged_at_the_precision_it_was_computed_at():
    """At --dps 1000 a root found to 1e-1002 of 1 equals the printed 1 (the comparison used to
    round to 120 digits, finer tolerance than its own digits: C12-D05's swap time failed)."""
    import mpmath

    from noteproof.run.interval import equal_at_precision
    with mpmath.workdps(1000):
        near = mpmath.mpf(1) + mpmath.mpf(10) ** -1002
        far = mpmath.mpf(1) + mpmath.mpf(10) ** -900
    assert equal_at_precision("1", near, 1000)
    assert not equal_at_precision("1", far, 1000)
    assert equal_at_precision("1", mpmath.mpf(1) - mpmath.mpf(2) ** -170, 50)


def test_the_stability_limit_recheck_holds_at_every_precision():
    """The re-check of "2/lambda is the largest stable step" (1000 Euler steps at h = 2/lambda, a
    factor -1 up to binary rounding) refutes at 50 and at 1000 digits, and not at a stable step."""
    import mpmath

    from tests.helpers import real_content
    fn = real_content().get("c12.d08.no-largest-step").fn
    shrink = fn.__globals__["does_not_shrink"]
    recheck = fn.__globals__["recheck_explicit"]
    for dps in (50, 1000):
        with mpmath.workdps(dps):
            assert shrink(recheck(mpmath.mpf(2) / 100, mpmath.mpf(100), 1000))
            assert not shrink(recheck(mpmath.mpf("0.0199"), mpmath.mpf(100), 1000))


def test_a_relation_turned_round_is_the_same_relation():
    import sympy as sp

    from noteproof.formula.equality import compare_form
    x = sp.Symbol("x")
    chain = ((("<", "<"), (0, x, 2)))
    derived = type("R", (), {"ops": chain[0], "args": chain[1]})()
    same = type("R", (), {"ops": (">", ">"), "args": (2, x, 0)})()
    other = type("R", (), {"ops": (">", ">"), "args": (0, x, 2)})()
    assert compare_form(same, derived).equal is True
    wrong = compare_form(other, derived)
    assert wrong.equal is False and "relation > > printed, < < derived" in wrong.message
    assert compare_form(sp.Gt(1, sp.Abs(x)), sp.Lt(sp.Abs(x), 1)).equal is True


def test_an_equation_written_from_its_other_side_is_the_same_equation():
    import sympy as sp

    from noteproof.formula.equality import turned_equation
    x, y = sp.symbols("x y")
    assert turned_equation(sp.Eq(2 * y, x, evaluate=False), sp.Eq(x, 2 * y, evaluate=False))
    assert not turned_equation(sp.Eq(3 * y, x, evaluate=False), sp.Eq(x, 2 * y, evaluate=False))
    assert not turned_equation(sp.Lt(x, y), sp.Gt(y, x))   # inequalities turn round by formula.equality.upright


@pytest.mark.parametrize("printed, equal", [
    ("Eq(h1 - h0, ds*f)", True),          # probe 12 h09: h_{l+1} - h_l = ds f for h_{l+1} = h_l + ds f
    ("Eq(ds*f, h1 - h0)", True),
    ("Eq(2*h1, 2*h0 + 2*ds*f)", True),    # both sides scaled by a number
    ("Eq(h1 + h0, ds*f)", False),         # a sign changed
    ("Eq(h1*(1 + ds), h0 + ds*f)", False),
    ("Eq((h1 - h0)*ds, ds**2*f)", False), # scaled by a symbol: not the same equation where ds = 0
])
def test_an_equation_with_terms_moved_across_its_sign_is_the_same_equation(printed, equal):
    import sympy as sp

    from noteproof.formula.equality import compare_form
    h0, h1, ds, f = sp.symbols("h0 h1 ds f")
    derived = sp.Eq(h1, h0 + ds * f, evaluate=False)
    got = compare_form(sp.sympify(printed, evaluate=False), derived)
    assert (got.equal is True) is equal, got


def test_an_equation_of_tuples_has_no_terms_to_move():
    """A probe's crash: ``p(B|AB) = 79.2412%`` read as an equation of a tuple and a number."""
    import sympy as sp

    from noteproof.formula.equality import compare_form
    x = sp.Symbol("x")
    printed = sp.Eq(sp.Tuple(x, 1), sp.Rational(1, 2), evaluate=False)
    assert compare_form(printed, sp.Eq(x, sp.Rational(1, 2), evaluate=False)).equal is not True


@pytest.mark.parametrize("printed, equal", [
    ("Eq(v - (1 - eta*h)**2*v, eta**2*c/B)", True),    # probe 13 h04: the term moved, its sign changed
    ("Eq(v + (1 - eta*h)**2*v, eta**2*c/B)", False),   # moved without changing its sign
    ("Eq(v - (1 - eta*h)**2*v, eta*c/B)", False),      # a square dropped
])
def test_a_registered_equation_whose_side_is_derived_may_move_its_terms(printed, equal):
    """The derivation gives one side (``v = (1-\\eta h)^2 v + \\eta^2 c/B``'s right); the registered
    equation's other side stands as printed, so the printed equation is judged against both."""
    import sympy as sp

    from noteproof.formula.equality import moved_from_registered
    v, eta, h, c, B = sp.symbols("v eta h c B", positive=True)
    form = v * (1 - eta * h) ** 2 + eta ** 2 * c / B
    registered = sp.Eq(sp.Symbol("v"), form, evaluate=False)
    got = moved_from_registered(sp.sympify(printed, evaluate=False), registered, form, "rhs")
    assert got is equal
