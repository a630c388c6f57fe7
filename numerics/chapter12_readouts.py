"""Chapter 12's read-outs in words: each is the conclusion its computation supports.

"Euler shrinks?: yes" (C12-D01), "Iteration settles?: no" (C12-D02) and "Order of A and B
along x: kept (A still left of B)" (C12-D05) are judged like numbers: the numeric returns
True or False, and the printed word must say the same (noteproof.sources.numtext.VERDICTS).
"""
from __future__ import annotations

from fractions import Fraction

import mpmath

from noteproof.authoring import exact, mpnum, numeric


@numeric("c12.d01.shrinks-readout")
def euler_shrinks(h="1.5", a="1.2"):
    """Whether the Euler iterates x_n = (1 - ah)^n x_0 shrink in size: |1 - ah| < 1 (exact)."""
    return bool(abs(1 - exact(a) * exact(h)) < 1)


@numeric("c12.d02.settles")
def iteration_settles(theta="1.2", x="1", z0="0"):
    """Whether z_{k+1} = theta z_k + x from z0 settles: the iterates are z* + theta^k (z0 - z*)
    for theta != 1, which converge exactly when |theta| < 1 or the start is already z*; at
    theta = 1 they are z0 + k x, which settle only when x = 0 (every value is fixed)."""
    th, xx, start = Fraction(exact(theta)), Fraction(exact(x)), Fraction(exact(z0))
    if th == 1:
        return xx == 0
    fixed = xx / (1 - th)
    return abs(th) < 1 or start == fixed


@numeric("c12.d05.order-kept")
def order_kept(t="1", xa0="-1", xb0="1", rate="2"):
    """Whether A is still left of B at time t under dx/dt = -rate x: the gap x_B(t) - x_A(t) =
    (x_B(0) - x_A(0)) e^(-rate t) is positive (the flow's exact solution, at working precision)."""
    gap = (mpnum(xb0) - mpnum(xa0)) * mpmath.exp(-mpnum(rate) * mpnum(t))
    return bool(gap > 0)
