"""Compute a registered number at ``dps`` digits and confirm it at ``dps + 20``.

mpmath's autoprec idea: a value that moves between the two precisions is reported,
never returned. A Python float declares 64-bit arithmetic (dps 0) and is taken as is.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..defaults import COMPUTED_DIGITS as SHOWN
from ..defaults import CONFIRM
from ..errors import NoteproofError
from ..sources.content import CheckKind


def compute(run, check_id: str) -> tuple[Any, str, int]:
    """(value, value as text, dps used; 0 for 64-bit) of one registered numeric."""
    import mpmath
    check = run.content.get(check_id, CheckKind.NUMERIC)
    with mpmath.workdps(run.dps):
        first = run.call(check)
    if isinstance(first, bool):   # a read-out in words ("settles?: no"): the conclusion computed
        return first, "yes" if first else "no", run.dps
    if isinstance(first, float):
        return first, repr(first), 0
    if _is_exact(first):
        return first, str(first), run.dps
    if not isinstance(first, mpmath.mpf):
        raise NoteproofError(f"numeric {check_id!r} returned {type(first).__name__}, not a number")
    with mpmath.workdps(run.dps + CONFIRM):
        second = run.call(check)
    with mpmath.workdps(run.dps):
        if not mpmath.isfinite(first):
            raise NoteproofError(f"numeric {check_id!r} is not finite ({first})")
        agreed = _agreed(first, mpmath.mpf(second), run.dps)
        if agreed < min(SHOWN, run.dps):
            raise NoteproofError(f"numeric {check_id!r} is unstable: {mpmath.nstr(first, 15)} at "
                                 f"{run.dps} digits, {mpmath.nstr(second, 15)} at {run.dps + CONFIRM}")
        return first, mpmath.nstr(first, min(SHOWN, agreed)), agreed


def _agreed(first: Any, second: Any, dps: int) -> int:
    """The digits two values computed at ``dps`` and ``dps + CONFIRM`` agree on, relative to
    max(1, |value|): ``dps`` when they agree to within ten digits of it (the value is good to the
    working precision), else the digits they share. A computation that cancels (a tiny error
    divided by another, at a setting far from the page's) keeps fewer digits and is still stable
    when both precisions give the same digits; the value then carries that precision (its dps)."""
    import mpmath
    diff = abs(first - second) / max(1, abs(second))
    if diff <= mpmath.mpf(10) ** (-(dps - 10)):
        return dps
    return max(0, int(mpmath.floor(-mpmath.log10(diff))))


def _is_exact(value: Any) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, Fraction)):
        return True
    return bool(getattr(value, "is_Rational", False))
