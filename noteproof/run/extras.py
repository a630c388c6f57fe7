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
from html import escape
from typing import Any, Callable, Sequence

from ..errors import NoteproofError
from ..model import ClaimResult, FigureResult, Series
from ..sources.registry import Claim, FigureSpec

MATH = '<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">{}</math>'
# symbol names the notes' reader uses for marks SymPy's printer does not know
MARKS = (("<mi>ell</mi>", "<mi>&#8467;</mi>"), ("<mi>star</mi>", "<mo>&#8727;</mo>"),
         ("<mi>tilde</mi>", "<mo>&#732;</mo>"), ("<mi>hat</mi>", "<mo>&#770;</mo>"))


def _math(body: str) -> str:
    for old, new in MARKS:
        body = body.replace(old, new)
    return MATH.format(body)


def to_mathml(expr: Any) -> str:
    """Presentation MathML of a SymPy object (empty when it has none)."""
    import sympy
    if not isinstance(expr, sympy.Basic):
        return ""
    from sympy.printing.mathml import mathml
    try:
        return _math(mathml(expr, printer="presentation"))
    except Exception:  # a printer gap must not cost the report
        return ""


def read_mathml(spec, where=None) -> str:
    """The note's formula as the project's reader reads it (the compared part), as MathML."""
    from sympy.printing.mathml import mathml
    from ..formula.formread import read_spec
    from ..formula.equality import relation_parts
    parts = read_spec(spec, where)
    if spec.part is not None and spec.part < len(parts):
        parts = (parts[spec.part],)
    rows = []
    for part in parts:
        rel = relation_parts(part)
        if rel is None:
            rows.append(mathml(part, printer="presentation"))
            continue
        ops, args = rel
        sides = [mathml(a, printer="presentation") for a in args]
        ops = [_OPS.get(op, escape(op)) for op in ops * len(args)]
        rows.append("<mrow>" + sides[0] + "".join(f"<mo>{o}</mo>{x}" for o, x in zip(ops, sides[1:])) + "</mrow>")
    return _math('<mo>,</mo><mspace width="1em"/>'.join(rows)) if rows else ""


_OPS = {"<=": "&#8804;", ">=": "&#8805;", "!=": "&#8800;", "<": "&lt;", ">": "&gt;", "=": "="}


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
    """MathML for each derived form and step, and each figure, of one claim."""
    from .claim import Run
    out: dict = {"formulas": [], "printed": [], "steps": [], "figures": []}
    if result.formulas or result.steps:
        run = Run(project.content, project.notes[claim.note], dps)
        for spec, f in zip(claim.formulas, result.formulas):
            out["formulas"].append(_safe(lambda: to_mathml(_form(run.derivation(spec.derivation), spec))))
            out["printed"].append(_safe(lambda: read_mathml(spec, f.location)))
        for check_id in claim.derivations:
            steps = _safe(lambda: run.derivation(check_id).steps) or ()
            out["steps"] += [to_mathml(s.expr) for s in steps]
    out["figures"] = [figure(project, claim, spec, dps) for spec in claim.figures]
    return out


def with_extras(r: ClaimResult, x: dict) -> ClaimResult:
    """The result with what ``extras`` computed for it (MathML kept where the result has it)."""
    formulas, steps = r.formulas, r.steps
    if len(x["formulas"]) == len(formulas):
        formulas = tuple(f if f.mathml else replace(f, mathml=m, printed_mathml=p)
                         for f, m, p in zip(formulas, x["formulas"], x.get("printed", [""] * len(formulas))))
    if len(x["steps"]) == len(steps):
        steps = tuple(s if s.mathml else replace(s, mathml=m) for s, m in zip(steps, x["steps"]))
    return replace(r, formulas=formulas, steps=steps, figures=r.figures or tuple(x["figures"]))


def _form(derived, spec) -> Any:
    if spec.form is not None:
        return derived.forms.get(spec.form)
    return next(iter(derived.forms.values())) if len(derived.forms) == 1 else None


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

