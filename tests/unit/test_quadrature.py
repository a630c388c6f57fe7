"""authoring.clenshaw_curtis (run/quadrature.py): the rule's weights, its exactness, and its
convergence test, which must refuse a slowly converging integral rather than accept it."""
from __future__ import annotations

import mpmath
import pytest

from noteproof.authoring import clenshaw_curtis
from noteproof.run import quadrature


def direct_weights(n: int) -> list:
    """Trefethen's clencurt for even n, term by term (O(n^2)): w_k, k = 0..n/2."""
    out = [mpmath.mpf(1) / (n * n - 1)]
    for k in range(1, n // 2 + 1):
        theta = mpmath.pi * k / n
        v = 1 - sum(2 * mpmath.cos(2 * j * theta) / (4 * j * j - 1) for j in range(1, n // 2))
        out.append(2 * (v - mpmath.cos(n * theta) / (n * n - 1)) / n)
    return out


@pytest.mark.parametrize("n", [2, 4, 8, 16, 64])
def test_weights_are_the_clenshaw_curtis_weights(n):
    with mpmath.workprec(300):
        nodes, weights = quadrature._rule(n, 240)
        assert all(abs(a - b) <= mpmath.mpf(2) ** -236 for a, b in zip(weights, direct_weights(n)))
        assert all(abs(c - mpmath.cospi(mpmath.mpf(k) / n)) <= mpmath.mpf(2) ** -238 for k, c in enumerate(nodes))


def test_rule_integrates_polynomials_of_degree_n_exactly():
    n = 32
    with mpmath.workprec(300):
        nodes, weights = quadrature._rule(n, 300)
        x = [nodes[k] if k <= n // 2 else -nodes[n - k] for k in range(n + 1)]
        w = [weights[min(k, n - k)] for k in range(n + 1)]
        for degree in range(n + 1):
            want = mpmath.mpf(2) / (degree + 1) if degree % 2 == 0 else 0
            assert abs(mpmath.fsum(wk * xk ** degree for wk, xk in zip(w, x)) - want) <= mpmath.mpf(2) ** -290


def test_transform_loses_few_bits_at_many_nodes():
    """The odd half of the transform divides by cosines down to pi/n; at n = 4096 the weights built
    for 200 bits still agree with those built for 600 to 2^-200, relatively."""
    low, high = quadrature._rule(4096, 200)[1], quadrature._rule(4096, 600)[1]
    with mpmath.workprec(700):
        assert max(abs(a - b) / abs(b) for a, b in zip(low, high)) <= mpmath.mpf(2) ** -200


@pytest.mark.parametrize("g, a, b, want", [
    (lambda s: 1 / (1 + s), 0, 1, lambda: mpmath.log(2)),
    (mpmath.exp, -1, 1, lambda: mpmath.e - 1 / mpmath.e),
    (lambda s: 1 / s, lambda: mpmath.exp(-1), 1, lambda: mpmath.mpf(1)),  # a flow's time (C12-D06)
    (lambda s: 1 / (1 + s * s), 0, 1, lambda: mpmath.pi / 4),            # poles at +-i
    (lambda s: 1 / s, 2, 1, lambda: -mpmath.log(2)),                       # reversed ends
])
def test_integrals_at_a_thousand_digits(g, a, b, want):
    with mpmath.workdps(1000):
        got = clenshaw_curtis(g, a() if callable(a) else a, b)
        assert abs(got - want()) <= mpmath.mpf(10) ** -995 * abs(want())


@pytest.mark.parametrize("g, a, b", [
    (abs, -1, 1),                                    # a kink: the error falls like n^-2
    (lambda s: mpmath.sqrt(1 - s), 0, 1),            # an end singularity: like n^-3
    (lambda s: 1 / (s - mpmath.mpf("1.0001")), 0, 1),  # a pole just outside: rho ~ 1.02
])
def test_slow_convergence_is_refused_not_accepted(g, a, b):
    with mpmath.workdps(60):
        with pytest.raises(ArithmeticError, match="did not converge"):
            clenshaw_curtis(g, a, b, max_n=2048)


@pytest.mark.parametrize("g, a, b, want, largest", [
    (lambda s: 1 / (s - mpmath.mpf("2.1165e14")), -1, 1,                   # a far pole: rho ~ 4e14
     lambda a: mpmath.log((mpmath.mpf("2.1165e14") - 1) / (mpmath.mpf("2.1165e14") + 1)),
     lambda: 1 / (mpmath.mpf("2.1165e14") - 1)),
    (lambda s: 1 / s, lambda: mpmath.exp(-mpmath.mpf("9.4e-15")), 1,       # a short piece of a flow
     lambda a: -mpmath.log(a), lambda: mpmath.exp(mpmath.mpf("9.4e-15"))),    # a as rounded
])
def test_a_fast_geometric_rate_is_not_trusted_too_early(g, a, b, want, largest):
    """Found by a review: with the error falling like rho^(-n), rho ~ 10^14, the square of the last
    difference promised 1000 digits at n = 64 where 970 were right; mpmath's extrapolation,
    D1^(log D1 / log D2), does not accept until they are."""
    with mpmath.workdps(1000):
        a = a() if callable(a) else a
        got = clenshaw_curtis(g, a, b)
        with mpmath.workdps(1040):
            assert abs(got - want(a)) <= 4 * mpmath.mpf(2) ** -3325 * abs(b - a) / 2 * largest()


def test_every_piece_length_of_a_flow_within_the_tolerance():
    """1/s on [e^-L, 1] for 30 lengths L from 1e-6 to 5/4 (the longest piece _flow_time cuts)."""
    with mpmath.workdps(300):
        tol = +mpmath.eps
        for i in range(30):
            a = mpmath.exp(-mpmath.mpf(10) ** (-6 + 6.1 * i / 29))
            got = clenshaw_curtis(lambda s: 1 / s, a, 1)
            with mpmath.workdps(340):
                assert abs(got + mpmath.log(a)) <= 4 * tol * (1 - a) / 2 / a, i


def test_a_zero_integrand_and_a_loose_tolerance():
    with mpmath.workdps(50):
        assert clenshaw_curtis(lambda s: mpmath.mpf(0), 0, 1) == 0
        assert abs(clenshaw_curtis(mpmath.exp, 0, 1, tol=mpmath.mpf(10) ** -10) - (mpmath.e - 1)) < 1e-9


def test_precision_grid_lets_a_run_and_its_confirmation_share_nodes():
    """--dps 1000 runs at 3325 bits and is confirmed at 3392: one node set, 3445 bits."""
    assert quadrature.precision_grid(3325) == quadrature.precision_grid(3392) == 3445
    assert [quadrature.precision_grid(b) for b in (256, 512, 2048)] == [256, 512, 2048]   # Newton's levels
    assert all(b <= quadrature.precision_grid(b) < 1.19 * b + 1 for b in range(53, 5000, 7))
