"""Words of sign, direction, comparison and count, computed from the values beside them.

Evidence, findings and errata say "ahead", "below", "exactly two" or print a remainder with
its sign; each such word comes from one of these functions applied to the computed value, so
the words cannot disagree with the numbers: an erratum's words of sign and direction are
computed from the numbers beside them.

>>> phase(0.2079), phase(-0.2079)
('ahead of', 'behind')
>>> compared(3, 1), compared(1, 3), compared(2, 2)
('above', 'below', 'equal to')
>>> count(2), count(3)
('exactly two', 'three')
"""
from __future__ import annotations

from typing import Any

COUNTS = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")


def _sign(value: Any) -> int:
    """-1, 0 or 1: the sign of a real number (SymPy, mpmath or Python); a sign that cannot be
    decided is refused rather than guessed."""
    if value > 0:
        return 1
    if value < 0:
        return -1
    if value == 0:
        return 0
    raise ValueError(f"no sign for {value!r}")


def phase(lead: Any) -> str:
    """Where an orbit ends against the exact one, from its phase lead (radians, > 0: ahead)."""
    return {1: "ahead of", -1: "behind", 0: "in phase with"}[_sign(lead)]


def compared(value: Any, than: Any) -> str:
    """``value`` against ``than``: above, below or equal to."""
    return {1: "above", -1: "below", 0: "equal to"}[_sign(value - than)]


def moves(change: Any, rises: str = "rises", falls: str = "falls", stays: str = "stays") -> str:
    """The verb for a change: rises (> 0), falls (< 0), stays (0)."""
    return {1: rises, -1: falls, 0: stays}[_sign(change)]


def signed(text: str, value: Any) -> str:
    """``text`` (a magnitude's printing, no sign) with the sign of ``value``: "h^5/120" at a
    negative value is "-h^5/120"."""
    return {1: text, -1: f"-{text}", 0: "0"}[_sign(value)]


def count(n: int, exactly: bool = True) -> str:
    """A count in words; two is "exactly two" when ``exactly`` (a count a statement fixes)."""
    word = COUNTS[n] if 0 <= n < len(COUNTS) else str(n)
    return f"exactly {word}" if exactly and n == 2 else word
