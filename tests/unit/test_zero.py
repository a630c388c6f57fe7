"""authoring.zero: the targeted proof that an expression is 0 (expand, cancel, exponentials, then
simplify)."""
from __future__ import annotations

import sympy as sp

from noteproof.authoring import zero

x, t = sp.symbols("x t", real=True)
h = sp.Symbol("h", positive=True)


def test_zero_proves_by_the_cheapest_exact_rewriting_and_by_simplify_where_they_do_not_decide():
    assert zero(0) and zero(sp.Integer(0))
    assert zero((x - 1) * (x + 1) - (x ** 2 - 1))                       # expand
    assert zero((x ** 2 - 1) / (x - 1) - (x + 1))                        # cancel
    assert zero(1 / (1 + h) - 1 + h / (1 + h))                           # together + cancel
    assert zero(sp.exp(2 * t) * sp.exp(-t) - sp.exp(t))                  # expand (powers)
    assert zero(sp.sin(x) ** 2 + sp.cos(x) ** 2 - 1)                     # exponentials (trig)
    assert zero(sp.sqrt(h ** 2) - h)                                     # assumptions: h > 0


def test_zero_rejects_what_is_not_zero():
    assert not zero(x - 1)
    assert not zero((x ** 2 - 1) / (x - 1) - x)
    assert not zero(sp.sin(x) ** 2 + sp.cos(x) ** 2 - sp.Rational(99999, 100000))
    assert not zero(sp.sqrt(x ** 2) - x)                                 # x real may be negative
    assert not zero(sp.exp(t) - 1 - t - t ** 2 / 2)                      # a truncated series is not exp


def test_trig_and_hyperbolic_identities_are_proved_in_exponentials_without_simplify(monkeypatch):
    """Rewritten in e^x, an identity of sin, cos, tanh, cosh... is one of rational functions:
    cancel proves it, and simplify (with its first-call import of sympy.physics) is not needed."""
    def no_simplify(*_a, **_k):
        raise AssertionError("simplify was called")
    monkeypatch.setattr(sp, "simplify", no_simplify)
    assert zero(sp.diff(sp.tanh(x), x) - 1 / sp.cosh(x) ** 2)
    assert zero(sp.sin(2 * x) - 2 * sp.sin(x) * sp.cos(x))
    assert zero(sp.cosh(x) ** 2 - sp.sinh(x) ** 2 - 1)
    monkeypatch.undo()
    assert not zero(sp.tanh(x) - sp.sinh(x) / sp.cosh(2 * x))
    assert not zero(sp.sin(x) - sp.cos(x))


def test_rational_nonzero_decides_rational_functions_over_the_rationals_only():
    """Nonzero is proved only where the reduced form is unique: a disguised zero constant (trig,
    logs, nested radicals, Floats) is no rational coefficient, and nothing is claimed for it."""
    from noteproof.authoring import rational_nonzero
    assert rational_nonzero((x ** 2 - 1) / (x - 1) - x) is True
    assert rational_nonzero((x ** 2 - 1) / (x - 1) - x - 1) is False
    assert rational_nonzero(sp.Subs(x ** 2, x, h) - h ** 2 + h) is True          # Subs done first
    for disguised in (sp.sin(1) ** 2 + sp.cos(1) ** 2 - 1, x * (sp.log(6) - sp.log(2) - sp.log(3)),
                      x * (sp.sqrt(3 + 2 * sp.sqrt(2)) - 1 - sp.sqrt(2)),
                      x * (sp.Float(0.1) + sp.Float(0.2) - sp.Float(0.3)), sp.Integer(3), sp.exp(x)):
        assert rational_nonzero(disguised) is None
