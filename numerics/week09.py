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
    """The fixed point reached by iterating a -> tanh(beta a + u) from a0 (the stable branch)."""
    bt, uu, p = mpnum(beta), mpnum(u), mpnum(a0)
    tol = mpmath.mpf(2) ** (-mpmath.mp.prec)
    for _ in range(100 * mpmath.mp.prec):
        nxt = mpmath.tanh(bt * p + uu)
        if abs(nxt - p) <= tol:
            return nxt
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
