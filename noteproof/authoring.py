"""Writing checks in Python: everything a content module imports, from here and nowhere else.

Most claims need no Python (README, "Claims without Python"). A claim that runs a method (an
Euler loop, a Verlet orbit, RK4) or derives a closed form SymPy cannot reach declaratively gets
a function in ``derivations/<note>.py`` or ``numerics/<note>.py`` that imports only from
``noteproof.authoring``, so the engine's layout can change without touching the content. A
claim names the function by its id in claims.yaml (``derivation:``, a quote's ``numeric:``,
``conditions:``); README, "Adding a claim", gives the claims.yaml side.

Three decorators register a function under an id:

@derivation("id") -- a SymPy derivation, returning a `Derived`: the closed forms it derived from
the defining equations (compared with the note's printed formulas), the `Evidence` it
established, and the `Step` s that ``noteproof show`` prints::

    @derivation("w11.step-factor")
    def step_factor() -> Derived:
        '''x_{k+1} = x_k - eta f'(x_k) with f'(x) = a x: the factor per step (Week 11, line 8).'''
        eta, a, x = sympy.symbols("eta a x", real=True)
        factor = sympy.cancel((x - eta * a * x) / x)
        return Derived(forms={"factor": factor},
                       evidence=(Evidence(EvidenceKind.IDENTITY, "the step multiplies x by 1 - eta a",
                                          zero(factor - (1 - eta * a))),),
                       steps=(Step("divide the update by x_k", factor),))

@numeric("id") -- an mpmath computation returning one number, checked against a number the note
quotes. Its keyword parameters default to the note's settings, written as strings, which
``noteproof check ID --set NAME=VALUE`` overrides with exact decimals or fractions::

    @numeric("w11.two-steps")
    def two_steps(a="2", eta="3/10", steps="2"):
        factor = 1 - mpnum(eta) * mpnum(a)
        return factor ** int(exact(steps))

@condition("id") -- a predicate on a claim's parameters, for what the note states or the
statement needs; the docstring's first line is what ``check`` shows as held or VIOLATED::

    @condition("w11.positive-curvature")
    def positive_curvature(a="2") -> bool:
        '''a > 0 (Week 11, line 5: "with curvature a > 0").'''
        return bool(exact(a) > 0)

What a derivation returns:

- `Derived` (``forms``, ``evidence``, ``steps``); `Step` (a sentence and a SymPy object);
- `Evidence` (``kind``, ``statement``, ``holds``, and optional ``supports``, ``reach``,
  ``erratum``, ``condition``). ``holds`` must be computed: a literal ``True`` is refused with
  its line (README, "Writing a note");
- `EvidenceKind`: what was established (an identity, an inequality certificate, a bound, an
  observed order, a counterexample, a numeric value, a definition). The tag is earned by the
  kinds (README, "How it works": exact needs an identity, an inequality, a witness or a
  definition; a controlled approximation a bound and its order; ...);
- `Reach`: how far the evidence reaches (general, setting, instances, samples, definition);
  give ``reach=`` only where it is not the kind's usual one (an identity checked for m = 1..4
  is ``Reach.INSTANCES``). README, "Reach, scope and errata";
- `Status`: one part of a status tag (``supports=`` names the part evidence earns);
- `Relation`: a relation the formula reader returns, kept unevaluated; `interval_relation`
  writes a solved interval as one (``(0, 2)`` and ``a*h`` as ``0 < ah < 2``), its relation
  symbols from the interval's ends, for a range the note prints.

Helpers:

- `exact` and `mpnum` read a parameter string as a SymPy Rational or as an mpf at the working
  precision (never ``float``: a numeric returning a Python float declares 64-bit arithmetic);
- `zero` proves a SymPy expression identically 0 (never by sampling), `rational_nonzero` that
  a rational function is not;
- `clenshaw_curtis` integrates at the working precision, whatever it is;
- `words` computes words of sign, direction, comparison and count from the values beside them
  (``words.phase(0.2)`` is 'ahead of'), so the evidence's words never disagree with its numbers;
- `printed_count` reads a count as the note prints it, in digits or as a word (``12``,
  ``Twelve``), for content that reads the note's words (``reads_note``);
- `NoteproofError` is the error to raise for a located failure.

When the note is wrong, the evidence that shows it does not hold and carries an `Erratum`: its
`ErratumKind` (false, imprecise, overtagged, missing-condition), the note's words (``says``, a
verbatim substring), the finding with numbers, a corrected sentence and the ``--set`` values that
reproduce it. The kind follows from where the statement fails, a `Failure`, which
`where_it_fails` computes from the statement's own test (``Failure(...).kind``).
"""
from __future__ import annotations

from typing import Any, Callable

from .errors import NoteproofError
from .formula.parser import Relation
from .model import Derived, Erratum, ErratumKind, Evidence, EvidenceKind, Failure, Reach, Status, Step
from .run import words
from .run.quadrature import clenshaw_curtis
from .run.witness import where_it_fails
from .sources import content as _content
from .sources.content import exact, mpnum, rational_nonzero, zero
from .sources.numtext import count as printed_count

__all__ = ["Derived", "Erratum", "ErratumKind", "Evidence", "EvidenceKind", "Failure", "NoteproofError", "Reach",
           "Relation", "Status", "Step",
           "clenshaw_curtis", "condition", "derivation", "exact", "interval_relation", "mpnum", "numeric", "printed_count",
           "rational_nonzero",
           "where_it_fails", "words", "zero"]

Decorator = Callable[[Callable[..., Any]], Callable[..., Any]]


def interval_relation(interval: Any, quantity: Any) -> Relation:
    """A solved interval as the relation a note prints it: (0, 2) -> ``0 < q < 2``, [0, 2) ->
    ``0 <= q < 2``, (0, oo) -> ``q > 0``, (-oo, 1] -> ``q <= 1``; anything else (a union, the
    whole line) is a NoteproofError. The relation symbols come from the interval's ends,
    so a form derived this way fails a printed ``<=`` where the end is open."""
    import sympy as sp
    if not isinstance(interval, sp.Interval) or interval.start.is_infinite and interval.end.is_infinite:
        raise NoteproofError(f"interval_relation needs an interval with a finite end, not {interval}")
    if interval.end.is_infinite:
        return Relation((">" if interval.left_open else ">=",), (quantity, interval.start))
    if interval.start.is_infinite:
        return Relation(("<" if interval.right_open else "<=",), (quantity, interval.end))
    ops = ("<" if interval.left_open else "<=", "<" if interval.right_open else "<=")
    return Relation(ops, (interval.start, quantity, interval.end))


def derivation(check_id: str) -> Decorator:
    """Register a SymPy derivation under ``check_id`` (claims.yaml's ``derivation:``).

    The function takes the claim's parameters as keyword arguments with string defaults (often
    none) and returns a `Derived`: its ``forms`` by name (claims.yaml's formulas name one with
    ``form:``), its `Evidence` and its `Step` s. Derive the closed form from the defining
    equations; never type the note's answer in. An id registered twice is an error with both
    places."""
    return _content.derivation(check_id)


def numeric(check_id: str, share: str = "") -> Decorator:
    """Register an mpmath computation under ``check_id`` (a quote's ``numeric:`` in claims.yaml).

    Keyword parameters default to the note's settings as strings (``beta="1/2"``); read them with
    `exact` or `mpnum`. Return one number (an mpf, int or SymPy Rational computed at the current
    mpmath precision; the engine runs it at 50 digits and confirms at 70), or a bool for a
    read-out in words ("Iteration settles?: no"); a Python float only where the note states
    64-bit arithmetic. Numerics with the same ``share`` (a name for what they build and keep in
    their process, e.g. a quadrature's nodes at the working precision) run in one worker, so it
    is built once."""
    return _content.numeric(check_id, share)


def condition(check_id: str) -> Decorator:
    """Register a predicate on a claim's parameters under ``check_id`` (claims.yaml's
    ``conditions:``): keyword parameters with string defaults, returning a bool. Its docstring's
    first line, citing the note's line, is the condition ``noteproof check`` shows as held or
    VIOLATED at the values given with ``--set``."""
    return _content.condition(check_id)
