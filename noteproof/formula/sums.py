"""Sums and products written otherwise: a shifted index, a constant factor taken out.

``\\prod_{k=0}^{m-1}\\beta (1-a_{k+1}^2)`` and ``\\beta^m\\prod_{k=1}^{m}(1-a_k^2)`` are one
product (Week 9, the sensitivity of a_m to a_0); ``e^{z_a/\\tau}/\\sum_b e^{z_b/\\tau}`` and
``1/\\sum_b e^{(z_b-z_a)/\\tau}`` one softmax (Week 10, §3). SymPy's simplify leaves such pairs
undecided. `normal` rewrites every Sum and Product the same way, so that equal ones become
equal expressions: each finite index starts at 0, the factor (for a sum: the multiplier) that
does not depend on the index is taken out (``\\prod_{k=0}^{n} c f_k = c^{n+1} \\prod_{k=0}^{n} f_k``,
``\\sum_k c f_k = c \\sum_k f_k``), and the index is renamed by its depth. Each step is an identity,
so what it makes equal is equal. The printers (texform, typeset) ask `indexed_call` to write
the reader's ``z(b, c)`` inside a sum over b as the note does, ``z_b(c)``.
"""
from __future__ import annotations

from contextlib import contextmanager
from typing import Any

import sympy as sp


def normal(expr: Any) -> Any:
    """``expr`` with each Sum and Product (one index each) in the normal form above."""
    if not isinstance(expr, sp.Basic) or not expr.has(sp.Sum, sp.Product):
        return expr
    return _normal(expr, 0)


def _normal(e: sp.Basic, depth: int) -> sp.Basic:
    if isinstance(e, (sp.Sum, sp.Product)) and len(e.limits) == 1:
        return _one(e, depth)
    if not e.args:
        return e
    return e.func(*(_normal(a, depth) if isinstance(a, sp.Basic) else a for a in e.args))


def _one(e: sp.Sum | sp.Product, depth: int) -> sp.Basic:
    (k, lo, hi), body = e.limits[0], e.function
    index = sp.Symbol(f"_index{depth}", integer=True)
    body = body.xreplace({k: index})
    if lo.is_finite and hi.is_finite and lo != 0:
        body, lo, hi = body.xreplace({index: index + lo}), sp.Integer(0), hi - lo
    # exponents multiplied out and split (e^{(z_b-z_a)/tau} = e^{z_b/tau} e^{-z_a/tau}), then
    # common factors gathered (beta - beta a^2 = beta (1 - a^2)) so that the constant stands apart
    body = sp.expand(body, deep=True, mul=True, power_exp=True, multinomial=False, power_base=False, log=False)
    body = sp.factor_terms(_normal(body, depth + 1))
    const, varying = body.as_independent(index, as_Add=False)
    if isinstance(e, sp.Sum):
        return const * sp.Sum(varying, (index, lo, hi))
    if const == 1 or not (lo.is_finite and hi.is_finite):
        return sp.Product(body, (index, lo, hi))
    return const ** (hi - lo + 1) * sp.Product(varying, (index, lo, hi))


def differs_at_a_count(a: Any, b: Any, differs) -> str:
    """"" when ``a`` and ``b`` agree with each symbol in the limits of their sums and products at
    1, 2 and 3 (the products written out, then ``differs``: formula.equality's sampling); else
    where they first differ ("at m = 2: ...")."""
    counts = sorted({s for e in (a, b) for x in e.atoms(sp.Sum, sp.Product)
                     for lim in x.limits for s in lim[1:] if isinstance(s, sp.Basic) for s in s.free_symbols},
                    key=lambda s: s.name)
    for n in (1, 2, 3):
        at = {s: sp.Integer(n) for s in counts}
        try:
            x, y = a.xreplace(at).doit(), b.xreplace(at).doit()
            named = {i: sp.Symbol(str(i).replace("[", "_").replace("]", ""), real=True)
                     for i in (x - y).atoms(sp.Indexed)}   # a[2] as a symbol a_2: sampled like any
            found = differs(x.xreplace(named), y.xreplace(named))
        except (TypeError, ValueError, ZeroDivisionError, RecursionError):
            continue
        if found:
            where = ", ".join(f"{s.name} = {n}" for s in counts)
            return f"{where}, {found.removeprefix('at ')}"
    return ""


@contextmanager
def indices(printer, big):
    """While ``big`` (a Sum or Product) prints its body, its indices are the printer's bound ones."""
    outer = getattr(printer, "bound", frozenset())
    printer.bound = outer | {var for var, *_ in big.limits}
    try:
        yield
    finally:
        printer.bound = outer


def indexed_call(printer, call) -> bool:
    """Whether an applied function is the reader's ``z_b(c)``: ``z(b, c)`` whose first argument is
    an index of a sum or product around it."""
    return len(call.args) > 1 and call.args[0] in getattr(printer, "bound", ())
