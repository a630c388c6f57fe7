"""The two declarative shapes that solve something: a fixed point with its stability range, and a
recurrence with its closed-form solution (run.declared).

A fixed point x* of x -> f(x) is stable where |f'(x*)| < 1. With ``over: g`` (a combination of
the parameters, e.g. ηa) f'(x*) and the printed range are rewritten in u = g (one symbol of g
solved for), and the two sets of u, {u : |f'(x*)| < 1} and the printed range, are computed by
solve_univariate_inequality and compared: equal is a proof (reach general); a point of their
difference refutes the printed range (false when the difference holds an interval, a
missing condition when it is only isolated points).

A recurrence x_{k+1} = F(x_k) (``x_{k+1}`` an indexed name, ``x_k`` and ``x_0`` its terms) is
solved by sympy ``rsolve``; its constants are fitted to the printed solution at k = 0, 1, ...,
and the fitted solution and the printed one are proved equal.
"""
from __future__ import annotations

from typing import Any

from ..errors import NoteproofError
from ..model import Erratum, ErratumKind, Evidence, EvidenceKind, Reach
from ..sources.declared import Declared
from .declread import expr, links, read, relation_of


def fixed_point_evidence(d: Declared, row: str) -> list[Evidence]:
    """The point is fixed, and the printed stability range is exactly where |f'(x*)| < 1."""
    import sympy

    from ..formula.prose import tex_unicode, unicode
    from ..sources.content import zero
    from .identities import prose
    f, x, point = expr(d.get("map"), d), expr(d.get("variable"), d), expr(d.get("point"), d)
    if not isinstance(x, sympy.Symbol):
        raise NoteproofError(f"fixed_point: 'variable' {d.get('variable')!r} is not a name", d.location)
    moved = f.subs(x, point) - point
    out = [Evidence(EvidenceKind.IDENTITY, f"x ↦ {unicode(prose(f))} fixes {unicode(prose(point))}", zero(moved))]
    slope = sympy.diff(f, x).subs(x, point)
    u, slope, ranges = _over(d, slope)
    stable = sympy.solve_univariate_inequality(sympy.Abs(slope) < 1, u, relational=False)
    printed = sympy.S.Reals
    for r in ranges:
        printed = printed.intersect(sympy.solve_univariate_inequality(r, u, relational=False))
    said = f"|f′(x*)| = |{unicode(prose(slope))}| < 1 exactly when {tex_unicode(d.get('stable'))}"
    wrong = stable.symmetric_difference(printed)
    if wrong is sympy.S.EmptySet:
        return out + [Evidence(EvidenceKind.INEQUALITY, f"{said}: SymPy solves both", True)]
    at = _a_point(wrong)
    inside = bool(stable.contains(at))
    kind = ErratumKind.FALSE if wrong.measure > 0 else ErratumKind.MISSING_CONDITION
    finding = (f"at {unicode(prose(u))} = {unicode(prose(at))}, |f′(x*)| = {unicode(prose(abs(slope.subs(u, at))))}: "
               f"the iteration is {'stable' if inside else 'not stable'} there, which the printed range "
               f"{tex_unicode(d.get('stable'))} {'leaves out' if inside else 'includes'}")
    return out + [Evidence(EvidenceKind.INEQUALITY, f"{said}: {finding}", False, erratum=Erratum(
        kind, d.get("stable"), finding, f"stable exactly where |{unicode(prose(slope))}| < 1"))]


def _over(d: Declared, slope: Any) -> tuple[Any, Any, tuple]:
    """(u, the slope in u, the printed range in u): u is ``over`` (one of its symbols solved for),
    else the slope's one symbol."""
    import sympy

    from ..formula.prose import tex_unicode
    from .identities import _relational
    ranges = [(op, a, b) for part in read(d.get("stable"), d) for op, a, b in relation_of(part)]
    if d.get("over") is None:
        symbols = slope.free_symbols | {s for _, a, b in ranges for s in (a - b).free_symbols}
        if len(symbols) != 1:
            raise NoteproofError("fixed_point: the slope and range have several symbols; name their "
                                 "combination with 'over'", d.location)
        [u] = symbols
        return u, slope, tuple(_relational(op, a, b) for op, a, b in ranges)
    g, u = expr(d.get("over"), d), sympy.Symbol("u", real=True)
    name = sorted(g.free_symbols, key=lambda s: s.name)[0]
    solved = sympy.solve(sympy.Eq(g, u), name)
    if len(solved) != 1:
        raise NoteproofError(f"fixed_point: 'over' {d.get('over')!r} cannot be solved for {name}", d.location)

    def in_u(e: Any) -> Any:
        return sympy.simplify(e.subs(name, solved[0]))
    slope = in_u(slope)
    ranges = tuple(_relational(op, in_u(a), in_u(b)) for op, a, b in ranges)
    if slope.free_symbols - {u} or any(r.free_symbols - {u} for r in ranges):
        raise NoteproofError(f"fixed_point: the slope or range is not a function of {d.get('over')!r} alone",
                             d.location)
    u_shown = sympy.Symbol(tex_unicode(d.get("over")).replace(" ", ""), real=True)   # ηa, as printed
    return u_shown, slope.subs(u, u_shown), tuple(r.subs(u, u_shown) for r in ranges)


def _a_point(found: Any) -> Any:
    """A point of a set: an interval's midpoint (or a point past its finite end), a finite set's first."""
    import sympy
    piece = found.args[0] if isinstance(found, sympy.Union) else found
    if isinstance(piece, sympy.FiniteSet):
        return sorted(piece, key=lambda v: float(v))[0]
    a, b = piece.start, piece.end
    if a.is_finite and b.is_finite:
        return (a + b) / 2
    return a + 1 if a.is_finite else (b - 1 if b.is_finite else sympy.Integer(0))


def recurrence_evidence(d: Declared, row: str) -> list[Evidence]:
    """The printed solution is rsolve's solution of the recurrence, its constants fitted."""
    import sympy

    from ..formula.prose import tex_unicode, unicode
    from ..sources.content import zero
    from .identities import prose
    [(_, lhs, rhs)] = links(d.get("latex"), d, ("=",))[:1]
    if not isinstance(lhs, sympy.Indexed):
        raise NoteproofError("recurrence: the left side must be the next term, an indexed name like x_{k+1}",
                             d.location)
    base, step = lhs.base.label, lhs.indices[0]
    [k] = sorted(step.free_symbols, key=lambda s: s.name) or [None]
    if k is None:
        raise NoteproofError("recurrence: the next term's index names no variable", d.location)
    x = sympy.Function(str(base))
    term = {sympy.Symbol(f"{base}_{k.name}", real=True): x(k)}
    recurrence = x(k).subs(k, step) - rhs.xreplace(term)
    [(_, slhs, solution)] = links(d.get("solution"), d, ("=",))[:1]
    if slhs.xreplace(term) != x(k):
        raise NoteproofError(f"recurrence: the solution must give {base}_{k.name}", d.location)
    general = sympy.rsolve(recurrence, x(k))
    said = f"{tex_unicode(d.get('solution'))} solves {tex_unicode(d.get('latex'))}"
    if general is None:
        holds = zero(solution.subs(k, step) - rhs.xreplace(term).xreplace({x(k): solution}))
        how = "it satisfies the recurrence" + ("" if holds else " not")
    else:
        constants = sorted(general.free_symbols - solution.free_symbols - {k}, key=lambda s: s.name)
        fit = sympy.solve([general.subs(k, j) - solution.subs(k, j) for j in range(len(constants))], constants,
                          dict=True)
        holds = bool(fit) and zero(general.subs(fit[0]) - solution)
        how = ("SymPy's rsolve gives it" if holds else
               f"SymPy's rsolve gives {unicode(prose(general))}, which no constant makes the printed one")
    start = sympy.Symbol(f"{base}_0", real=True)
    if holds and start in solution.free_symbols and not zero(solution.subs(k, 0) - start):
        holds, how = False, f"it satisfies the recurrence but at {k.name} = 0 gives {unicode(prose(solution.subs(k, 0)))}"
    if holds:
        return [Evidence(EvidenceKind.IDENTITY, f"{said}: {how}", True)]
    return [Evidence(EvidenceKind.IDENTITY, f"{said}: {how}", False, reach=Reach.GENERAL, erratum=Erratum(
        ErratumKind.FALSE, d.get("solution"), f"{tex_unicode(d.get('solution'))} does not solve "
        f"{tex_unicode(d.get('latex'))}: {how}",
        "print the solution of the recurrence"))]
