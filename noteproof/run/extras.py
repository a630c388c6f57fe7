"""What the HTML report draws: figures from registered numerics, formulas as MathML.

A figure (claims.yaml, a claim's ``figures:``) evaluates registered numerics with
one parameter varied over given values. Both figures and MathML need the content
run again (results carry strings), so this pass runs in forked workers under a
time limit, like the checks: a figure that fails says why instead of a picture.

The schema, under a claim in claims.yaml::

    figures:
      - title: "Observed order: error at time 1 against steps"   # the caption
        vary: steps                     # the parameter varied (a keyword of each numeric)
        values: ["2", "4", "8", "16"]   # decimals or fractions, as strings: the x values
        x: "steps"                      # axis labels (x defaults to the vary name)
        y: "|x_n - e^(-1)|"
        log: xy                         # x, y, xy or absent (linear); on xy the legend gives the slope
        series:                         # one line per registered numeric
          - {numeric: c12.d06.euler-error, label: Euler}
          - {numeric: c12.d06.rk4-error, label: RK4}
          # a series may hold other parameters fixed: {numeric: ID, label: L, set: {h: "0.25"}}
"""
from __future__ import annotations

import math
from dataclasses import replace
from fractions import Fraction
from typing import Any, Callable, Mapping, Sequence

from ..errors import NoteproofError
from ..model import ClaimResult, FigureResult, Series
from ..sources.registry import Claim, FigureSpec


def to_mathml(expr: Any, table: Mapping[str, str] | None = None, partial: bool = False) -> str:
    """Presentation MathML of a derived SymPy expression in the note's notation (empty when it
    has none: a derived relation is shown as its text, FormulaResult.derived).

    ``table`` maps the reader's symbol names to the note's fragments (typeset.inverse_table);
    ``partial``: derivatives are written with the partial sign."""
    from ..formula.typeset import as_basic, sympy_mathml
    expr = as_basic(expr)
    if expr is None:
        return ""
    try:
        return sympy_mathml(expr, table, partial=partial)
    except Exception:  # a printer gap must not cost the report
        return ""


def read_mathml(spec, where=None, table: Mapping[str, str] | None = None) -> str:
    """The note's formula as printed, as MathML: LaTeX typeset as written (the reader's
    tokens); plain text (and LaTeX the typesetter cannot set) as the reader reads it, each
    part (expression or relation) through the one MathML printer."""
    from ..formula.formread import read_spec
    from ..formula.typeset import inverse_table, latex_mathml, sympy_body, wrap
    if not spec.plain:
        typeset = latex_mathml(spec.text, display=True)
        if typeset:
            return typeset
    table = dict(table or inverse_table(dict(spec.symbols)))
    parts = read_spec(spec, where)
    if spec.part is not None and spec.part < len(parts):
        parts = (parts[spec.part],)
    rows = [sympy_body(part, table) for part in parts]
    return wrap('<mo>,</mo><mspace width="1em"/>'.join(rows), True) if rows else ""


def symbol_table(project, claim: Claim, spec=None) -> dict[str, str]:
    """Reader name -> the note's fragment for one formula (or one claim's steps): the
    formula's own ``symbols:`` first, then the claim's, then names the whole registry
    gives one meaning (never a bare letter, which other formulas use as itself)."""
    from ..formula.typeset import inverse_table
    own = [dict(spec.symbols)] if spec is not None else []
    mine = [dict(f.symbols) for f in claim.formulas]
    return inverse_table(*own, *mine, _global_table(project))


def _global_table(project) -> dict[str, str]:
    found: dict[str, set[str]] = {}
    for c in project.registry.claims:
        for f in c.formulas:
            for fragment, name in f.symbols:
                found.setdefault(name, set()).add(fragment)
    from ..formula.lex_latex import GREEK
    return {next(iter(fs)): name for name, fs in sorted(found.items())
            if len(fs) == 1 and len(name) > 1 and name not in GREEK}


def _decimal(value: Any) -> str:
    """A computed value as a decimal string for plotting (12 significant digits)."""
    import mpmath
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if getattr(value, "is_Rational", False):
        value = mpmath.mpf(int(value.p)) / int(value.q)
    return mpmath.nstr(value, 12)


def figure(project, claim: Claim, spec: FigureSpec, dps: int) -> FigureResult:
    """Evaluate each series of one figure at each of its values."""
    from .claim import Run
    from .numbers import compute
    series = []
    for s in spec.series:
        points, errors = [], []
        check = project.content.checks.get(s.numeric)
        if check is None or spec.vary not in check.params:
            why = "is not registered" if check is None else f"takes no parameter {spec.vary!r}"
            series.append(Series(s.label, (), f"numeric {s.numeric!r} {why}"))
            continue
        for v in spec.values:
            run = Run(project.content, project.notes[claim.note], dps, {**dict(s.set), spec.vary: v})
            try:
                value, _, _ = compute(run, s.numeric)
                points.append((f"{float(Fraction(v)):.12g}", _decimal(value)))
            except NoteproofError as exc:
                errors.append(f"{spec.vary}={v}: {exc.message}")
            except MemoryError:
                raise
            except Exception as exc:
                errors.append(f"{spec.vary}={v}: {type(exc).__name__}: {exc}")
        series.append(Series(_label(s.label, points, spec.log), tuple(points), "; ".join(errors)))
    return FigureResult(spec.title, spec.x_label, spec.y_label, spec.log, tuple(series))


def _label(label: str, points: list[tuple[str, str]], log: str) -> str:
    """On log-log axes, the label carries the fitted slope (an observed order)."""
    slope = loglog_slope(points) if log == "xy" else None
    return label if slope is None else f"{label} (slope {slope:.2f})"


def loglog_slope(points: Sequence[tuple[str, str]]) -> float | None:
    """Least-squares slope of log y against log x over the positive points."""
    pairs = [(math.log(float(x)), math.log(float(y))) for x, y in points if float(x) > 0 and float(y) > 0]
    if len(pairs) < 2:
        return None
    mx = sum(x for x, _ in pairs) / len(pairs)
    my = sum(y for _, y in pairs) / len(pairs)
    sxx = sum((x - mx) ** 2 for x, _ in pairs)
    return None if sxx == 0 else sum((x - mx) * (y - my) for x, y in pairs) / sxx


def extras(project, claim: Claim, result: ClaimResult, dps: int) -> dict:
    """MathML (and LaTeX) for each derived form, MathML for each step, and each figure, of one claim."""
    from ..formula.texform import form_latex
    from .claim import Run
    out: dict = {"formulas": [], "printed": [], "latex": [], "steps": [], "figures": []}
    if result.formulas or result.steps:
        run = Run(project.content, project.notes[claim.note], dps)
        for spec, f in zip(claim.formulas, result.formulas):
            table = symbol_table(project, claim, spec)
            partial = "\\partial" in spec.text
            form = _safe(lambda: named_form(run.derivation(spec.derivation), spec))
            out["formulas"].append(_safe(lambda: to_mathml(form, table, partial)))
            out["printed"].append(_safe(lambda: read_mathml(spec, f.location, table)))
            out["latex"].append(_safe(lambda: form_latex(form, table, partial)) if form is not None else "")
        table = symbol_table(project, claim)
        for check_id in claim.derivations:
            steps = _safe(lambda: run.derivation(check_id).steps) or ()
            out["steps"] += [to_mathml(s.expr, table) for s in steps]
    out["figures"] = [figure(project, claim, spec, dps) for spec in claim.figures]
    return out


def with_extras(r: ClaimResult, x: dict) -> ClaimResult:
    """The result with what ``extras`` computed for it (MathML kept where the result has it)."""
    formulas, steps = r.formulas, r.steps
    if len(x["formulas"]) == len(formulas):
        blank = [""] * len(formulas)
        formulas = tuple(replace(f, mathml=f.mathml or m, printed_mathml=f.printed_mathml or p,
                                 derived_latex=f.derived_latex or t)
                         for f, m, p, t in zip(formulas, x["formulas"], x.get("printed", blank), x.get("latex", blank)))
    if len(x["steps"]) == len(steps):
        steps = tuple(s if s.mathml else replace(s, mathml=m) for s, m in zip(steps, x["steps"]))
    return replace(r, formulas=formulas, steps=steps, figures=r.figures or tuple(x["figures"]))


def named_form(derived, spec) -> Any:
    """The form ``spec`` names, or None (the verdict already says why)."""
    from .claim import pick_form
    try:
        return pick_form(derived, spec)
    except NoteproofError:
        return None


def _safe(fn: Callable[[], Any]) -> Any:
    try:
        return fn()
    except Exception:
        return ""


def warm_up() -> None:
    """Import, before forking, what every worker would otherwise import on its own."""
    import sympy
    from sympy.printing.mathml import mathml
    x = sympy.Symbol("x", positive=True)
    sympy.simplify(sympy.sin(x) ** 2 + sympy.cos(x) ** 2 - (x + 1) / (x ** 2 - 1))
    sympy.solve(x ** 2 - 2, x)
    mathml(x / (1 + x), printer="presentation")

