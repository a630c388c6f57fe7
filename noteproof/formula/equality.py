"""A formula as the note prints it (read by noteproof.formulas) against a derived form.

Symbols are matched by name, so a note's ``beta`` (real) is the derivation's
``beta`` (positive). Two expressions are equal when ``simplify(a - b) == 0`` or
``(a - b).equals(0)`` is True; a difference at a sample point refutes; anything
else is undecided and reported as such, never as equal.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

SAMPLES = ((3, 7), (5, 11), (2, 13), (7, 17), (11, 19))
# relations whose one side may be compared alone (the other names what is computed);
# an inequality, a "proportional to" or an implication is compared whole, symbol and all
EQUALITIES = frozenset({"=", "~"})
REL_OPS = {"==": "=", "<=": "<=", "<": "<", ">=": ">=", ">": ">", "!=": "!="}


@dataclass(frozen=True)
class Comparison:
    equal: bool | None          # None: undecided
    message: str = ""


def relation_parts(obj: Any) -> tuple[tuple[str, ...], tuple[Any, ...]] | None:
    """(ops, args) of a reader Relation or a SymPy relational; None for an expression."""
    import sympy
    if isinstance(obj, sympy.core.relational.Relational):
        return (REL_OPS.get(obj.rel_op, obj.rel_op),), (obj.lhs, obj.rhs)
    args = getattr(obj, "args", None)
    ops = getattr(obj, "ops", None) or ((obj.op,) if hasattr(obj, "op") else None)
    if ops is not None and isinstance(args, tuple) and not isinstance(obj, sympy.Basic):
        return tuple(ops), tuple(args)
    return None


FLIPPED = {">": "<", ">=": "<="}


def upright(parts: tuple[tuple[str, ...], tuple[Any, ...]] | None) -> tuple[tuple[str, ...], tuple[Any, ...]] | None:
    """A relation whose every symbol is ``>`` or ``>=`` read the other way round: ``2 > \\eta h > 0``
    is ``0 < \\eta h < 2``, ``1 > |\\theta|`` is ``|\\theta| < 1`` (the same statement)."""
    if parts is None or not parts[0] or any(op not in FLIPPED for op in parts[0]):
        return parts
    return tuple(FLIPPED[op] for op in reversed(parts[0])), tuple(reversed(parts[1]))


def compare_form(read: Any, derived: Any, side: str = "rhs") -> Comparison:
    """Compare one read part with one derived form (expression or relation); each pair decided
    once per process (SymPy objects are immutable and hash by structure: the same printed form
    against the same derivation, judged again for another edit of the note, is the same answer)."""
    try:
        hash((read, derived))
    except TypeError:
        return _compare_form(read, derived, side)
    return _compared(read, derived, side)


@lru_cache(maxsize=4096)
def _compared(read: Any, derived: Any, side: str) -> Comparison:
    return _compare_form(read, derived, side)


def _compare_form(read: Any, derived: Any, side: str) -> Comparison:
    as_read, as_derived = relation_parts(read), relation_parts(derived)
    rr, dr = upright(as_read), upright(as_derived)
    if dr is not None:
        if rr is None:
            return Comparison(False, "the note prints an expression where a relation was derived")
        turned = f"relation {' '.join(as_read[0])} printed, {' '.join(as_derived[0])} derived"
        if _steps_shown(rr, dr) or _same_bounds(rr, dr):
            return Comparison(True)
        if rr[0] != dr[0] or len(rr[1]) != len(dr[1]):
            return Comparison(False, turned)
        same = _all_equal(rr[1], dr[1])
        if same.equal is not True and rr[0] in _SYMMETRIC and len(rr[1]) == 2 \
                and _all_equal(rr[1], tuple(reversed(dr[1]))).equal is True:
            return Comparison(True)   # 1 ≠ θ for θ ≠ 1: a symmetric relation written from its other side
        if same.equal is not True and _terms_moved(rr, dr):
            return Comparison(True)
        return same if same.equal is not False or as_read[0] == as_derived[0] else Comparison(False, turned)
    if rr is not None:
        if side == "whole":
            return Comparison(False, "the note prints a relation where an expression was derived")
        if set(rr[0]) - EQUALITIES:
            return Comparison(False, f"the note prints the relation {' '.join(rr[0])}, but its derivation "
                              "derives an expression, not the relation: derive the relation itself")
        return same_expr(rr[1][-1] if side == "rhs" else rr[1][0], derived)
    return same_expr(read, derived)


def _steps_shown(read: tuple, derived: tuple) -> bool:
    """A chain of equalities ``a = b_1 = ... = b_k`` printed for the derived equation ``a = b``:
    its first side is ``a`` and every other side equals ``b`` (the algebra's steps shown)."""
    if derived[0] != ("=",) or len(read[0]) < 2 or any(op != "=" for op in read[0]):
        return False
    lhs, rhs = derived[1]
    return same_expr(read[1][0], lhs).equal is True and all(same_expr(x, rhs).equal is True for x in read[1][1:])


def _same_bounds(read: tuple, derived: tuple) -> bool:
    """Two inequalities that bound the same quantities the same way: ``-1 < 1 - z < 1`` for
    ``|z - 1| < 1``, ``0 < z < 2`` too. Each is read as its bounds ``e < 0`` (or ``e <= 0``), an
    ``|u| < c`` as ``-c < u < c`` (for every real ``c``); the bounds must pair off, each equal to
    its partner up to a positive factor."""
    mine, theirs = _bounds(read), _bounds(derived)
    if mine is None or theirs is None or len(mine) != len(theirs):
        return False
    left = list(theirs)
    for op, e in mine:
        partner = next((k for k, (o, f) in enumerate(left) if o == op and _positive_multiple(e, f)), None)
        if partner is None:
            return False
        del left[partner]
    return True


def _terms_moved(read: tuple, derived: tuple) -> bool:
    """One equation printed with terms moved across its ``=`` (``h_{\\ell+1}-h_\\ell=\\Delta s f``
    for ``h_{\\ell+1}=h_\\ell+\\Delta s f``), its sides swapped or both scaled: ``lhs - rhs`` is
    the derived one's times a nonzero number. A factor with a symbol in it is no such move
    (``z(1-\\theta)=x`` is not ``z=x/(1-\\theta)`` where ``\\theta=1``)."""
    import sympy
    if read[0] != ("=",) or derived[0] != ("=",):
        return False
    a, b, c, d = (_as_basic(x) for x in (*read[1], *derived[1]))
    if not all(isinstance(x, sympy.Expr) and x.is_commutative for x in (a, b, c, d)):
        return False   # a tuple of values, a matrix, operators: no terms to move
    try:
        f = c - d
        k = sympy.cancel(rebind(a - b, f) / f) if f != 0 else None   # a number, or not a move
    except (TypeError, ValueError, ZeroDivisionError, RecursionError):
        return False
    return k is not None and k.is_number and k.is_zero is False and k.is_finite is True


def moved_from_registered(printed: Any, registered: Any, form: Any, side: str) -> bool:
    """Whether ``printed`` is the registered equation ``a = b``, whose side ``side`` the derivation
    gives as ``form``, with terms moved across its sign (``v-(1-\\eta h)^2v=\\eta^2c/B`` for
    ``v=(1-\\eta h)^2v+\\eta^2c/B``): ``_terms_moved`` against ``a = form`` (or ``form = b``)."""
    mine, theirs = relation_parts(printed), relation_parts(registered)
    if mine is None or theirs is None or theirs[0] != ("=",) or len(theirs[1]) != 2 or side not in ("lhs", "rhs"):
        return False
    lhs, rhs = (rebind(x, form) for x in theirs[1])   # the registered side in the derivation's symbols
    return _terms_moved(mine, (("=",), (lhs, form) if side == "rhs" else (form, rhs)))


def _bounds(parts: tuple) -> list[tuple[str, Any]] | None:
    """The bounds ``(op, e)`` (``e op 0``) of a chain of ``<`` and ``<=``; None for another relation."""
    import sympy
    ops, args = parts
    if not ops or any(op not in ("<", "<=") for op in ops):
        return None
    args = [_as_basic(a) for a in args]
    if any(a is None for a in args):
        return None
    if len(args) == 2 and isinstance(args[0], sympy.Abs):   # |u| < c is -c < u < c
        (u,), c = args[0].args, args[1]
        return [(ops[0], -c - u), (ops[0], u - c)]
    return [(op, a - b) for op, a, b in zip(ops, args, args[1:])]


def _positive_multiple(e: Any, f: Any) -> bool:
    """``e = k f`` for a ``k`` positive by the derived symbols' assumptions (``h\\lambda - 2`` is
    ``\\lambda (h - 2/\\lambda)`` for a positive rate; a printed symbol is read as the derived one)."""
    import sympy
    try:
        k = sympy.simplify(rebind(e, f) / f)
    except (TypeError, ValueError, ZeroDivisionError):
        return False
    return k.is_positive is True


_SYMMETRIC = {("=",), ("!=",), ("\u2260",)}   # a relation that reads the same from either side


def turned_equation(printed: Any, registered: Any) -> bool:
    """Whether ``printed`` is the equation (or inequation) ``registered`` written from its other
    side (``2TI=\\eta C/B`` for ``\\eta C/B=2TI``, ``1\\ne\\theta`` for ``\\theta\\ne 1``): each
    side equal to the other's."""
    a, b = relation_parts(printed), relation_parts(registered)
    if a is None or b is None or a[0] != b[0] or a[0] not in _SYMMETRIC or len(a[1]) != 2 or len(b[1]) != 2:
        return False
    return all(same_expr(x, y).equal for x, y in zip(a[1], reversed(b[1])))


def _all_equal(reads: tuple[Any, ...], deriveds: tuple[Any, ...]) -> Comparison:
    for i, (a, b) in enumerate(zip(reads, deriveds)):
        c = same_expr(a, b)
        if c.equal is not True:
            return Comparison(c.equal, f"side {i + 1}: {c.message}")
    return Comparison(True)


def rebind(expr: Any, like: Any) -> Any:
    """``expr`` with each free symbol replaced by the symbol of the same name in ``like``."""
    import sympy
    if not isinstance(expr, sympy.Basic) or not isinstance(like, sympy.Basic):
        return expr
    # atoms, not free_symbols: bound indices of Sum/Product and IndexedBase labels count too
    names = {s.name: s for s in like.atoms(sympy.Symbol)}
    table = {s: names[s.name] for s in expr.atoms(sympy.Symbol) if s.name in names and names[s.name] != s}
    return expr.xreplace(table) if table else expr


def same_expr(a: Any, b: Any) -> Comparison:
    import sympy
    a, b = _as_basic(a), _as_basic(b)
    if a is None or b is None:
        return Comparison(False, "not a SymPy expression")
    if isinstance(a, sympy.Tuple) or isinstance(b, sympy.Tuple):
        if not (isinstance(a, sympy.Tuple) and isinstance(b, sympy.Tuple)) or len(a) != len(b):
            return Comparison(False, "a tuple against something else")
        return _all_equal(tuple(a), tuple(b))
    a = rebind(a, b)
    from .onesided import apart
    sides = apart(a, b)
    if sides is None:
        return Comparison(False, "a limit approached from another side or at another point")
    try:
        return _decide(*sides)
    except RecursionError:   # SymPy on nested Subs/Derivative objects
        return Comparison(None, "SymPy could not decide equality (recursion too deep)")


def _decide(a: Any, b: Any) -> Comparison:
    import sympy
    from sympy.core.function import AppliedUndef
    if isinstance(a, AppliedUndef) and isinstance(b, AppliedUndef):
        # two named functions applied (p_3(A) and p_2(A)): the same function of the same arguments, or not
        if a.func != b.func or len(a.args) != len(b.args):
            return Comparison(False, f"{a.func} applied where {b.func} is derived")
        return _all_equal(a.args, b.args)
    if not (a - b).is_commutative:   # operators: order matters, so no numbers stand in for them
        return Comparison(True) if sympy.expand(a - b) == 0 else \
            Comparison(False, "the operator expressions differ (operand order and products are kept)")
    point = _differs_at_a_point(a, b)
    if point:
        return Comparison(False, f"differs at a sample point: {point}")
    diff = a - b
    if diff == 0 or sympy.simplify(diff) == 0:
        return Comparison(True)
    if diff.has(sympy.Sum, sympy.Product):   # an index shifted, a constant taken out (formula.sums)
        from .sums import differs_at_a_count, normal
        if sympy.simplify(normal(a) - normal(b)) == 0:
            return Comparison(True)
        if point := differs_at_a_count(a, b, _differs_at_a_point):
            return Comparison(False, f"differs at a sample point: at {point}")
    verdict = diff.equals(0)
    if verdict is None:
        return Comparison(None, "SymPy could not decide equality")
    return Comparison(bool(verdict), "" if verdict else "the expressions differ")


def _as_basic(x: Any) -> Any:
    """A SymPy object, or a Python number made one; text is never parsed."""
    import sympy
    if isinstance(x, sympy.Basic):
        return x
    if isinstance(x, tuple):
        items = [_as_basic(i) for i in x]
        return None if any(i is None for i in items) else sympy.Tuple(*items)
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return None
    return sympy.Integer(x) if isinstance(x, int) else sympy.Float(x)


def _differs_at_a_point(a: Any, b: Any) -> str:
    """"" when ``a`` and ``b`` agree at the sample points tried; else the first point where
    they differ and both values ("at beta = 3/7, u = 5/11: printed 0.5, derived 0.25")."""
    import sympy
    symbols = sorted((a - b).free_symbols, key=lambda s: s.name)
    if not symbols or not all(isinstance(s, sympy.Symbol) for s in symbols):
        return ""
    for k in range(3):
        point = {s: _sample(s, SAMPLES[(i + k) % len(SAMPLES)]) for i, s in enumerate(symbols)}
        try:
            va, vb = complex(a.xreplace(point).evalf(30)), complex(b.xreplace(point).evalf(30))
        except (TypeError, ValueError, ZeroDivisionError, RecursionError):   # e.g. evalf of a Subs
            continue
        if va != va or vb != vb:
            continue
        if abs(va - vb) > 1e-12 * max(1.0, abs(va), abs(vb)):
            at = ", ".join(f"{s.name} = {v}" for s, v in point.items())
            return f"at {at}: printed {_short(va)}, derived {_short(vb)}"
    return ""


def _sample(symbol: Any, fraction: tuple[int, int]) -> Any:
    """A sample value of ``symbol`` within its assumptions: the fraction, or its numerator for
    an integer (a step count n: ``(-1)^n (ah-1)^n`` is ``(1-ah)^n`` only at whole n)."""
    import sympy
    return sympy.Integer(fraction[0]) if symbol.is_integer else sympy.Rational(*fraction)


def _short(v: complex) -> str:
    """A sample value to 6 significant digits (a complex one only when it is complex)."""
    if abs(v.imag) <= 1e-12 * max(1.0, abs(v.real)):
        return f"{v.real:.6g}"
    return f"{v.real:.6g}{v.imag:+.6g}i"
