"""An edited formula that still matches its derivation: did the edit change what nothing checks?

A formula registered with ``side: rhs`` (the default) or ``lhs`` compares one side of the
printed relation with a derived expression; the other side (``h_{\\ell +1}`` in
``h_{\\ell +1}=(1-\\Delta s)h_{\\ell }``) is the note's own and no derivation fixes it. The
audit has the baseline, so it holds the edit to it: the sides not compared must read as
they read before (SymPy, sameform.same_expr), or the edit is an error. Numbers changed there
that a numeric quote of the claim checks (``2^{-10}\\simeq 0.000977``) are judged by that
check and read nothing (formtokens.changed_outside).
"""
from __future__ import annotations

from dataclasses import replace

from ..errors import NoteproofError
from ..formula.tokens import changed_outside
from ..sources.registry import FormulaSpec


def unchecked_change(spec: FormulaSpec, old: str, new: str, relation: bool, checked: set[str]) -> str:
    """Why the edit ``old`` -> ``new`` of a formula changed something its check does not
    compare ("" when it did not). ``checked``: the numbers the claim's numeric quotes print
    (right or wrong, the number check reports them)."""
    if relation or old == new:
        return ""
    shape = dict(latex=not spec.plain, symbols=dict(spec.symbols), part=spec.part, side=spec.side)
    outside = changed_outside(old, new, relation=relation, **shape)
    if outside is not None and all(t.startswith("num:") and t[4:] in checked for t in outside):
        return ""
    try:
        return _reading_changed(spec, old, new)
    except NoteproofError as exc:
        return f"the edited formula cannot be read ({exc.message})"


def _reading_changed(spec: FormulaSpec, old: str, new: str) -> str:
    from ..formula.equality import relation_parts, same_expr, turned_equation, upright
    from ..formula.formread import read_spec
    before, after = read_spec(replace(spec, text=old)), read_spec(replace(spec, text=new))
    if len(before) != len(after):
        return f"{len(before)} parts became {len(after)}"
    for j, (a, b) in enumerate(zip(before, after)):
        ra, rb = upright(relation_parts(a)), upright(relation_parts(b))   # 2 > x > 0 is 0 < x < 2
        turned = ra != relation_parts(a) or rb != relation_parts(b)
        compared = spec.part is None or j == spec.part
        if ra is None and rb is None:
            if not compared and not same_expr(a, b).equal:
                return f"part {j + 1} changed from {a} to {b}"
            continue
        if ra is None or rb is None or ra[0] != rb[0] or len(ra[1]) != len(rb[1]):
            return f"the relation changed from {a} to {b}"
        if turned_equation(b, a):
            continue   # an equation written from its other side: the same equation
        skip = {len(ra[1]) - 1 if spec.side == "rhs" else 0} \
            if compared and spec.side in ("lhs", "rhs") and not turned else set()
        for k, (x, y) in enumerate(zip(ra[1], rb[1])):
            if k not in skip and x != y and not _same_side(x, y):
                return f"{x} became {y}"
    return ""


def _same_side(x, y) -> bool:
    """Two sides of a relation alike: equal expressions, or relations that are one relation
    written from either side (an implication's x_A(0) < x_B(0) for x_B(0) > x_A(0))."""
    from ..formula.equality import relation_parts, same_expr, upright
    rx, ry = relation_parts(x), relation_parts(y)
    if rx is None and ry is None:
        return same_expr(x, y).equal
    ux, uy = upright(rx), upright(ry)
    return ux is not None and uy is not None and ux[0] == uy[0] and len(ux[1]) == len(uy[1]) \
        and all(a == b or _same_side(a, b) for a, b in zip(ux[1], uy[1]))
