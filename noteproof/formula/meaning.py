"""Whether two printings of one ``$...$`` span say the same: each read by the formula reader and
compared part by part (formula.equality.compare_form), so ``h\\eta`` is ``\\eta h`` and
``\\frac{1}{1-\\beta}`` is ``1/(1-\\beta)``, while ``1/(\\beta -1)`` or ``\\eta`` alone is another
formula. A span the reader cannot read is the same only as spelled.
"""
from __future__ import annotations

from functools import lru_cache

from .parser import FormulaError, read_latex, read_plain


@lru_cache(maxsize=1024)
def same_meaning(a: str, b: str, plain: bool = False) -> bool | None:
    """True when the spans ``a`` and ``b`` read as the same parts (relations with the same
    symbols, each side equal; a symmetric one from either side); False when they read otherwise;
    None when either cannot be read or SymPy cannot decide."""
    from .equality import compare_form
    try:
        read = read_plain if plain else read_latex   # plain: a note's plain-text formula (|1 - z| < 1)
        left, right = read(a), read(b)
    except (FormulaError, ValueError, TypeError, SyntaxError, RecursionError):
        return None
    if len(left) != len(right):
        return False
    verdicts = [compare_form(x, y, "whole").equal for x, y in zip(left, right)]
    return False if False in verdicts else (None if None in verdicts else True)
