"""Declarative claims (sources.declared) proved or refuted with SymPy, as Evidence.

* ``identity``: each link of the printed relation whose sides are not bare names is proved
  (run.sampling.proved: ``L - R`` is zero) or refuted at a point (an erratum, kind false): reach
  general. Undecided, it holds at the points sampled: reach samples.
* ``recurrence``: sympy ``rsolve`` solves the recurrence; its constants are fitted to the printed
  solution's first values, and the two are proved equal (else the printed solution is checked
  to satisfy the recurrence): reach general.
* ``inequality``: the relation after the stated ``for`` (``name = value`` substituted, ranges
  kept), proved over the range, or refuted at a point: reach general.
* ``fixed_point``: the point is fixed (f(x*) = x*) and ``|f'(x*)| < 1`` holds exactly on the
  printed stability range (over the combination ``over``, e.g. ηa): both sets computed with
  solve_univariate_inequality and compared; a point of their difference refutes it.
* ``value``: the printed formula at the printed settings ``at``, against the printed number:
  equal when exact (a rational, or symbolic as at η = 1/a), else the interval rule: reach
  setting (general when a setting is symbolic).

What the note must print (sources.declared.PRINTED) is looked for verbatim in its ``$...$``
spans; what is not printed fails the claim (condition evidence, as an input not printed).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..errors import NoteproofError
from ..model import Erratum, ErratumKind, Evidence, EvidenceKind, Reach
from ..sources.declared import Declared
from ..sources.notes import Note
from ..sources.registry import Claim
from .declread import bare, expr, links, read, relation_of

K = EvidenceKind


def declared_evidence(claim: Claim, note: Note) -> list[Evidence]:
    """The evidence of every declarative check of the claim."""
    out: list[Evidence] = []
    for d in claim.declared:
        missing = [t for t in d.printed() if span_with(note, t) is None]
        out += [Evidence(K.DEFINITION, f"the note prints ${t}$ ({d.kind}, claims.yaml line {d.location.line})",
                         False, condition=True, detail="input") for t in missing]
        if not missing:
            out += RUN[d.kind](d, note, claim.text)
    return out


def span_with(note: Note, latex: str) -> Any:
    """The first ``$...$`` span of the note holding ``latex`` verbatim (None: not printed)."""
    return next((s for s in note.math_spans() if latex in s.text), None)


def shown(op: str, lhs: Any, rhs: Any) -> str:
    from ..formula.printing import joined_text
    from ..formula.prose import unicode
    from .identities import prose
    return unicode(joined_text((op,), [prose(lhs), prose(rhs)]))


def decided(d: Declared, op: str, lhs: Any, rhs: Any, ranges: tuple, says: str, where: str = "",
            named: str = "") -> Evidence:
    """One relation proved (general), refuted at a point (an erratum: false), or held at samples;
    ``named`` is how it is shown (its sides as decided, when empty) and ``where`` its range."""
    from .identities import decide
    kind = K.IDENTITY if op == "=" else K.INEQUALITY
    c = decide(says, op, lhs, rhs, ranges, d.location)
    head = f"{named or c.relation}{where}"
    if c.holds:
        return Evidence(kind, f"{head}: {c.how}", True)
    if c.wrong:
        return Evidence(kind, f"{head}: {c.message}", False, erratum=Erratum(
            ErratumKind.FALSE, says, f"{head} is {c.message}",
            f"correct {'either side' if op == '=' else 'the relation or its range'}: it fails at {c.at}"))
    return Evidence(kind, f"{head}: {c.how}", True, reach=Reach.SAMPLES)


def run_identity(d: Declared, note: Note, row: str) -> list[Evidence]:
    if d.get("snippet"):
        span = span_with(note, d.get("snippet"))
        pairs = [(a, b) for op, a, b in links(span.text, d, ("=",)) if not bare(a) and not bare(b)]
        if not pairs:
            raise NoteproofError(f"identity: the span ${span.text.strip()}$ relates no two formulas", d.location)
        return [decided(d, "=", a, b, (), span.text.strip()) for a, b in pairs]
    return [decided(d, "=", expr(d.get("left"), d), expr(d.get("right"), d), (), d.get("left"))]


def settings(items: tuple[str, ...] | str | None, d: Declared) -> tuple[dict, tuple]:
    """``name = value`` substitutions (a side that is not a name is solved for its first symbol)
    and the ranges (inequalities, as SymPy relationals) of a ``for`` or ``at``."""
    import sympy

    from .identities import _relational
    subs: dict = {}
    ranges: list = []
    for text in ((items,) if isinstance(items, str) else items or ()):
        for part in read(text, d):
            for op, a, b in relation_of(part):
                if op == "=":
                    name = a if bare(a) else sorted(a.free_symbols, key=lambda s: s.name)[0]
                    solved = [b] if bare(a) else sympy.solve(sympy.Eq(a, b), name)
                    if not solved:
                        raise NoteproofError(f"{d.kind}: {text!r} fixes no value", d.location)
                    subs[name] = solved[0]
                elif op in ("<", "<=", ">", ">="):
                    ranges.append(_relational(op, a, b))
    return subs, tuple(ranges)


def run_inequality(d: Declared, note: Note, row: str) -> list[Evidence]:
    subs, ranges = settings(d.get("for"), d)
    ranges = tuple(r.subs(subs) for r in ranges)
    stated = f" for {d.get('for')}" if d.get("for") else ""
    from ..formula.prose import tex_unicode
    where = f" ({tex_unicode(stated.strip())})" if stated else ""
    return [decided(d, op, a.subs(subs), b.subs(subs), ranges, row, where, tex_unicode(d.get("latex")))
            for op, a, b in links(d.get("latex"), d, ("<", "<=", ">", ">="))]


def run_value(d: Declared, note: Note, row: str) -> list[Evidence]:
    """The printed formula at the printed settings against the printed number (module docstring)."""
    import sympy

    from ..sources.content import zero
    from .interval import consistent, exact_value, parse_quoted, same_exact
    subs, _ = settings(d.get("at"), d)
    value = sympy.simplify(expr(d.get("formula"), d).subs(subs))
    found = note.quote_at(d.get("snippet"), d.get("number"))
    if found is None:
        return [Evidence(K.DEFINITION, f"the note prints {d.get('number')} where {d.get('snippet')!r} says",
                         False, condition=True, detail="input")]
    printed = found[1]
    symbolic = any(v.free_symbols for v in subs.values())
    exact = exact_value(value)
    from ..formula.prose import tex_unicode, unicode
    from .identities import prose
    what = f"{tex_unicode(d.get('formula'))} at {', '.join(tex_unicode(a) for a in d.get('at') or ())}"
    if value.free_symbols:
        q = Fraction(parse_quoted(printed))
        ok, kind = zero(value - sympy.Rational(q.numerator, q.denominator)), K.IDENTITY
    elif exact is not None:
        ok, kind = same_exact(printed, exact), K.IDENTITY
    else:
        ok, kind = consistent(printed, sympy.N(value, 50)), K.NUMERIC
    reach = Reach.GENERAL if symbolic else Reach.SETTING
    text = f"{what} is {unicode(prose(value))}"
    if ok:
        return [Evidence(kind, f"{text}, as printed ({printed})", True, reach=reach)]
    return [Evidence(kind, f"{text}, not {printed}", False, reach=reach, erratum=Erratum(
        ErratumKind.FALSE, d.get("snippet"), f"{text}, not {printed}", f"print {unicode(prose(value))} for {printed}"))]


def run_fixed_point(d: Declared, note: Note, row: str) -> list[Evidence]:
    from .fixedpoints import fixed_point_evidence
    return fixed_point_evidence(d, row)


def run_recurrence(d: Declared, note: Note, row: str) -> list[Evidence]:
    from .fixedpoints import recurrence_evidence
    return recurrence_evidence(d, row)


RUN = {"identity": run_identity, "inequality": run_inequality, "value": run_value,
       "fixed_point": run_fixed_point, "recurrence": run_recurrence}
