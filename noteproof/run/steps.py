"""Each step of the notes' worked calculations, judged as printed (issue 12, item 10).

A step ``left = right`` holds when the two sides are equal as rationals, or when ``right``
is the printed rounding of ``left``: the value lies in the half-unit interval of the printed
digits (interval.consistent) and the rounding keeps at least ``MIN_ROUNDED_DIGITS``
significant digits, unless the note marks it approximate (``\\simeq``, "about"), so that
``1.2 x 1 + 1 = 2`` is a wrong step, not a rounding of 2.2. ``<``, ``>``, ``\\le``, ``\\ge``
are decided exactly. A claim is judged on the steps that print one of its quoted numbers.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..defaults import MIN_ROUNDED_DIGITS
from ..errors import NoteproofError
from ..formula.chains import Link, links
from ..model import Evidence, EvidenceKind, Location, Reach
from ..sources.notes import Note
from ..sources.numtext import PERCENT
from ..sources.registry import Claim
from .interval import consistent, rounded_like, terminates, to_decimal

EXACT_DIGITS = 12              # a step's exact value up to this many digits is printed whole
STEP_EVIDENCE = "worked step"   # the detail of evidence about a worked calculation's step
_ROUNDING = ("=", "~")


@dataclass(frozen=True)
class StepCheck:
    """One step judged: whether it holds, how, and what the note should print when not."""

    link: Link
    holds: bool
    how: str           # "exactly" | "to the printed digits" | "" when it fails
    left: str          # the left side's value, as text
    expected: str      # the right side to print (same precision) when the step fails, else ""
    location: Location


def judge(link: Link, note: Note) -> StepCheck:
    """The step ``link`` as the note prints it (module docstring)."""
    lhs, rhs, op = link.left.value, link.right.value, link.op
    left = _text(lhs)
    where = note.location_of(link.left.start)
    if op in _ROUNDING:
        if _equal(lhs, rhs):
            return StepCheck(link, True, "exactly", left, "", where)
        marked = op == "~" or note.marks_approximate(link.right.start) or note.marks_approximate(link.left.start)
        if link.right.literal and _rounds(link.right.text, lhs, marked):
            return StepCheck(link, True, "to the printed digits", left, "", where)
        return StepCheck(link, False, "", left, _expected(link, lhs), where)
    holds = _compare(op, lhs, rhs)
    return StepCheck(link, bool(holds), "exactly" if holds else "", left, "", where)


def step_checks(claim: Claim, note: Note) -> list[StepCheck]:
    """The steps that print one of the claim's quoted numbers (inputs and computed values)."""
    at = [q for q in (note.quote_at(s.snippet, s.number) for s in claim.quotes) if q is not None]
    return [_judged_with_quotes(k, note, at) for k in links(note)
            if any(k.left.start <= i < k.right.end for i, _ in at)]


def _judged_with_quotes(link: Link, note: Note, quoted: list[tuple[int, str]]) -> StepCheck:
    """``judge``, with no right side proposed when a quote's own check judges the step's sides
    on their own: the right side prints a quoted number and the left none, or the left is one
    quoted number ("0.167" printed "1/5 (about 0.167)": the read-out's quote proposes 1/6 for
    the 1/5, and 0.200 for the 0.167 would mislead)."""
    c = judge(link, note)
    inside = lambda side: any(side.start <= i < side.end for i, _ in quoted)
    whole = any(i == link.left.start and i + len(text) == link.left.end for i, text in quoted)
    if c.expected and (inside(link.right) and not inside(link.left) or whole):
        return replace(c, expected="")
    return c


def step_evidence(claim: Claim, note: Note) -> list[Evidence]:
    """One evidence for the steps that hold, one for each that does not (condition evidence:
    the printed arithmetic must be right, and earns no tag)."""
    checks = step_checks(claim, note)
    good = [c for c in checks if c.holds]
    out = [Evidence(EvidenceKind.IDENTITY, "the worked calculation's steps hold as printed: "
                    + "; ".join(f"{c.link.shown} ({c.how})" for c in good), True, detail=STEP_EVIDENCE,
                    condition=True, reach=Reach.SETTING)] if good else []
    out += [Evidence(EvidenceKind.IDENTITY, wrong_step(c), False, detail=STEP_EVIDENCE, condition=True,
                     reach=Reach.SETTING) for c in checks if not c.holds]
    return out


def unchecked_wrong_steps(note: Note, unchecked: tuple) -> tuple[StepCheck, ...]:
    """The worked steps of a registered note that print one of the numbers nothing checks
    (``unchecked``: formula.declared.unaccounted_numbers, no quote reads them) and do not hold as
    printed: a wrong step no claim owns ("(1 - 1.8 = -0.9)" written into a caption) is a finding
    of its own, as each step of an unregistered note is. A step a quote reads is its claim's
    (step_checks)."""
    lost = [n.token.start for n in unchecked]
    if not lost:
        return ()
    return tuple(c for k in links(note) if any(k.left.start <= i < k.right.end for i in lost)
                 and not (c := judge(k, note)).holds)


def wrong_step(c: StepCheck, located: bool = True) -> str:
    """The message for a step that fails: the step, where (``located``), and both sides' values."""
    link = c.link
    head = f"the worked step {link.shown}" + (f" ({c.location})" if located else "")
    minus = lambda number: number.replace("-", "\u2212")   # a value typeset as the sides are
    if link.op in _ROUNDING:
        fix = f"; it should read {minus(c.expected)}" if c.expected else ""
        return f"{head} is wrong: {link.left.shown} is {minus(c.left)}, not {link.right.shown}{fix}"
    return (f"{head} is wrong: {link.left.shown} is {minus(c.left)}, {link.right.shown} is "
            f"{minus(_text(link.right.value))}")


def _equal(a: Any, b: Any) -> bool:
    if isinstance(a, Fraction) and isinstance(b, Fraction):
        return a == b
    x, y = to_decimal(a), to_decimal(b)
    return abs(x - y) <= max(abs(x), abs(y)) * to_decimal(Fraction(1, 10 ** 40))


def _compare(op: str, a: Any, b: Any) -> bool:
    x, y = (a, b) if isinstance(a, Fraction) and isinstance(b, Fraction) else (to_decimal(a), to_decimal(b))
    return {"<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y, "!=": x != y}.get(op, False)


def _rounds(printed: str, value: Any, approximate: bool) -> bool:
    """``printed`` is a rounding of ``value`` a note may write with ``=`` (module docstring)."""
    text = printed.replace(",", "")
    try:
        if not consistent(text, value):
            return False
    except NoteproofError:
        return False
    return approximate or significant_digits(text) >= MIN_ROUNDED_DIGITS


def significant_digits(text: str) -> int:
    """Significant digits of a printed decimal (an integer's trailing zeros do not count)."""
    from ..sources.numtext import canonical
    digits = re.sub(r"[^0-9.]", "", re.split("[eE]", canonical(text))[0])   # 7.5e-4, 7.5\\times 10^{-4}: the mantissa's
    whole, _, frac = digits.partition(".")
    if frac:
        return len((whole + frac).lstrip("0"))
    return len(whole.strip("0"))


def _expected(link: Link, value: Any) -> str:
    """What the step's right side should print: the left side's value, exactly when the step says
    ``=`` and the value is a short terminating decimal, else to the right side's precision (and at least its significant digits)."""
    if not link.right.literal:
        return ""
    printed = link.right.text.replace(",", "")
    sign = re.search(PERCENT + r"\s*$", printed)
    if sign:   # printed as a percentage (0.0977\%): it should read as one
        percent = replace(link, right=replace(link.right, text=printed[:sign.start()].strip()))
        got = _expected(percent, value * 100)
        return got and got + sign.group(0).strip()
    if link.op == "=" and isinstance(value, Fraction) and terminates(value):
        text = str(to_decimal(value).normalize())
        if significant_digits(text) <= EXACT_DIGITS:
            return format(to_decimal(value).normalize(), "f")
    try:
        got = rounded_like(printed, to_decimal(value))
    except NoteproofError:
        return ""
    if significant_digits(got) >= significant_digits(printed):
        return got
    return format(to_decimal(value), f".{significant_digits(printed)}g")


def _text(value: Any) -> str:
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        d = to_decimal(value)
        return f"{value.numerator}/{value.denominator}" if len(str(d.normalize())) > 20 else str(d.normalize())
    return format(to_decimal(value), ".12g")
