"""Week 9 - Four Indices: the numbers the note quotes, computed with mpmath.

Each function runs what the note describes at the note's settings (string
defaults) and returns one number at the current mpmath precision.
"""
from __future__ import annotations

import mpmath

from noteproof.authoring import condition, exact, mpnum, numeric


@numeric("w09.separation-bound")
def separation_bound(beta: str = "1/2", steps: str = "10", separation: str = "1"):
    """The contraction bound beta^i |a_0 - a~_0| after ``steps`` equal-input steps (2^{-10})."""
    return mpnum(beta) ** int(steps) * mpnum(separation)


@numeric("w09.separation-after-ten-steps")
def separation_after_steps(beta: str = "1/2", steps: str = "10", a0: str = "1/2",
                           a0_tilde: str = "-1/2", u: str = "0"):
    """|a_n - a~_n| for two states separated by one, run through n steps a -> tanh(beta a + u)."""
    p, q, bt, uu = mpnum(a0), mpnum(a0_tilde), mpnum(beta), mpnum(u)
    for _ in range(int(steps)):
        p, q = mpmath.tanh(bt * p + uu), mpmath.tanh(bt * q + uu)
    return abs(p - q)


@numeric("w09.zero-input-fixed-point")
def zero_input_fixed_point(beta: str = "1/2", u: str = "0", a0: str = "1"):
    """The fixed point reached by iterating a -> tanh(beta a + u) from a0 (the stable branch).

    Each step is taken to an absolute accuracy of 2^-(prec + 16): with relative precision
    prec + 16 + log2|a| bits, fewer as the iterate shrinks (at u = 0 it halves each step towards
    0, and full precision on a number near 2^-k would carry k needless bits). The map contracts
    near the fixed point, so no step's rounding grows; the 16 guard bits cover their sum.
    """
    bt, uu, p = mpnum(beta), mpnum(u), mpnum(a0)
    top = mpmath.mp.prec
    tol = mpmath.mpf(2) ** (-top)
    for _ in range(100 * top):
        size = mpmath.mag(p) if p else -top
        with mpmath.workprec(max(53, top + 16 + size)):
            nxt = mpmath.tanh(bt * p + uu)
        if abs(nxt - p) <= tol:
            return +nxt
        p = nxt
    raise ArithmeticError(f"iteration did not settle (beta={beta}, u={u})")


@numeric("w09.tanh-saturation")
def tanh_saturation():
    """The level |a| = 1 where tanh saturates: lim tanh(x) as x -> oo (SymPy, exact)."""
    import sympy as sp
    x = sp.Symbol("x", real=True)
    return int(sp.limit(sp.tanh(x), x, sp.oo))


# ---- where the statements apply (Section 3): `noteproof check` names a broken one ----------

@condition("w09.stable-branch")
def stable_branch(beta="1/2"):
    """0 < beta < 1: the zero-input branch a* = 0 is the stable fixed point (Section 3)."""
    return bool(0 < exact(beta) < 1)


@condition("w09.zero-input")
def zero_input(u="0"):
    """u = 0: the response is taken at the origin, for constant zero input (Section 3)."""
    return bool(exact(u) == 0)


@condition("w09.slope-denominator")
def slope_denominator(beta="1/2", u="0"):
    """1 - beta(1 - a*^2) != 0 at the fixed point: the slope formula's denominator (Section 3, line 78).

    Section 3's display divides by 1 - beta(1 - a*^2). It vanishes only where beta(1 - a*^2) = 1,
    which needs beta >= 1 and a*^2 = r^2, r = sqrt(1 - 1/beta); a* is a fixed point exactly when
    u = atanh(a*) - beta a*. So the denominator vanishes at a fixed point of (beta, u) exactly when
    beta >= 1 and u = +-(atanh r - beta r) (the fold of the branch; beta = 1, u = 0 gives r = 0).
    """
    import sympy as sp
    b, uu = exact(beta), exact(u)
    if b < 1:
        return True
    r = sp.sqrt(1 - 1 / b)
    fold = sp.atanh(r) - b * r
    return not any(sp.simplify(uu - sign * fold) == 0 for sign in (1, -1))


# ---- Section 2: the hypotheses of the Euler bound (w09.euler-error-bound) ----------------------
# The note gives no values of K, C and e_0; the defaults are those of the bound's test family
# dh/ds = -h from h0 = 1 (derivations/week09.py FAMILIES: K = 1, C = |h0|/2), exact at the start.

def _whole(text: str, least: int) -> bool:
    """``text`` is a whole number >= ``least`` (a count of steps)."""
    q = exact(text)
    return bool(q.is_integer and q >= least)


@condition("w09.euler-grid")
def euler_grid(total="1", levels="10,20,40,80,160"):
    """S > 0 cut into L = 1, 2, ... equal steps, Delta s = S/L > 0 (Section 2, line 44: "set $\\Delta s=S/L$")."""
    return bool(exact(total) > 0 and all(_whole(v, 1) for v in levels.split(",")))


@condition("w09.lipschitz-constant")
def lipschitz_constant(K="1"):
    """K > 0: f is uniformly Lipschitz in h with constant K (line 48), and the bound is stated "for $K>0$" (line 56)."""
    return bool(exact(K) > 0)


@condition("w09.remainder-constant")
def remainder_constant(C="1/2"):
    """C > 0: the one-step Taylor remainder is bounded by C Delta s^2 (Section 2, line 48)."""
    return bool(exact(C) > 0)


@condition("w09.exact-start")
def exact_start(e0="0"):
    """e_0 = 0: the Euler iterates start on the solution, h_0 = h(0) (Section 2, line 52: "Starting with $e_0=0$")."""
    return bool(exact(e0) == 0)


# ---- Section 2: the worked example (w09.unstable-discretization) -------------------------------

@condition("w09.small-step-shrinks")
def small_step_shrinks(ds_small="0.5"):
    """0 < Delta s < 2 for the small step: the Euler factor 1 - Delta s has modulus < 1, so it shrinks (line 58)."""
    return bool(0 < exact(ds_small) < 2)


@condition("w09.large-step-grows")
def large_step_grows(ds_large="3"):
    """Delta s > 2 for the large step: |1 - Delta s| > 1, the discretization is unstable (lines 58 and 127)."""
    return bool(exact(ds_large) > 2)


# ---- Section 3: the driven tanh memory -----------------------------------------------------------

@condition("w09.contracting-coupling")
def contracting_coupling(beta="1/2"):
    """0 < beta < 1: every initial distinction is suppressed geometrically (line 70; the status cell, line 128)."""
    return bool(0 < exact(beta) < 1)


@condition("w09.whole-steps")
def whole_steps(steps="10"):
    """The number of equal-input steps i is a whole number i >= 0 (line 74: "after ten equal-input steps")."""
    return _whole(steps, 0)


@condition("w09.whole-depths")
def whole_depths(depths="1,2,3,4"):
    """Each depth m is a whole number m >= 0: the product runs over k = 0, ..., m - 1 (Section 3, line 72)."""
    return all(_whole(v, 0) for v in depths.split(","))


@condition("w09.positive-coupling")
def positive_coupling(beta="1/2"):
    """beta > 0: Section 3 holds the coupling positive (line 66); E_u divides by beta (line 84)."""
    return bool(exact(beta) > 0)


@condition("w09.driven-input")
def driven_input(u_low="0", u_high="1"):
    """The input changes, u_i != u_{i+1}: the driven comparison has no fixed sign (line 86: "If $u$ changes")."""
    return bool(exact(u_low) != exact(u_high))
