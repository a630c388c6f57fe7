"""Where a witness's failure set lies, computed from the statement's own test: an erratum's
kind follows from the witness, not from the registrant.

``fails(**params)`` says whether the printed statement fails at ``params`` (strings, as
``noteproof check --set`` passes them). The failure is at the page's settings when it fails
there; on an open set when it also fails at every point a small step away from the witness,
in each parameter and each direction; else only at a boundary (x = 0, an endpoint).

>>> where_it_fails(lambda x: x == "0", {"x": "0"}).name
'BOUNDARY'
>>> where_it_fails(lambda x: Fraction(x) > 0, {"x": "1"}).name
'OPEN'
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable, Mapping

from ..model import Failure

STEP = Fraction(1, 1000)


def nearby(witness: Mapping[str, str], step: Fraction = STEP) -> list[dict[str, str]]:
    """The points one ``step`` away from the witness, in each parameter and each direction."""
    return [{**witness, name: str(Fraction(value) + sign * step)}
            for name, value in witness.items() for sign in (1, -1)]


def where_it_fails(fails: Callable[..., bool], witness: Mapping[str, str],
                   setting: Mapping[str, str] | None = None, step: Fraction = STEP) -> Failure:
    """SETTING, OPEN or BOUNDARY for a statement that fails at ``witness``."""
    if setting is not None and fails(**setting):
        return Failure.SETTING
    return Failure.OPEN if all(fails(**p) for p in nearby(witness, step)) else Failure.BOUNDARY
