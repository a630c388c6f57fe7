"""The Python API, for notebooks::

    import noteproof
    c = noteproof.claim("w09.fixed-point-response")
    c.derivation()            # Derived: SymPy forms, evidence, steps (LaTeX in Jupyter)
    c.check(beta="0.9")       # ClaimResult at beta = 9/10 (Markdown in Jupyter)

Parameters are exact decimals or fractions given as strings (or ints, Fractions,
Decimals), read like `noteproof check --set` (``"1e-3"`` is 1/1000); a float is taken by its
shortest decimal text (``0.9`` is 9/10, as ``repr(0.9)`` prints it). Never evaluated as code.
``claim.interact()`` gives sliders in Jupyter (ipywidgets, the ``[notebook]`` extra).
"""
from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, fields
from decimal import Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any

from .defaults import DEFAULT_DPS, DEFAULT_TIMEOUT, PARAM_VALUE
from .errors import UsageError
from .formula.respelled import registered_view
from .model import ClaimResult, Derived, Outcome
from .run.readouts import check_known, normalize_value, parameters
from .sources.project import claim_of, find_root, load_project


class Result(ClaimResult):
    """A ClaimResult that renders itself: a short repr, a readable str, Markdown and HTML in Jupyter.
    ``checked`` holds what `check` explains at given values (closed forms, conditions, why)."""

    checked = None   # run.checkat.Checked, set when the result was checked at given values

    @property
    def ok(self) -> bool:
        """True when the claim verified (or partly verified) at these values."""
        return self.outcome in (Outcome.VERIFIED, Outcome.PARTLY)

    def _at(self) -> str:
        c = self.checked
        return ", ".join(f"{k}={v}" for k, v in c.params.items()) if c is not None and c.params else ""

    def __repr__(self) -> str:
        at = self._at()
        return f"<Result {self.id}: {self.outcome.value}{' at ' + at if at else ''}>"

    def __str__(self) -> str:
        return "\n".join(result_lines(self, markdown=False))

    def _repr_markdown_(self) -> str:
        from .report.markdown import details
        extra = result_lines(self, markdown=True)[1:] if self.checked is not None else []
        return "\n".join(details(self)).strip() + "\n" + ("\n" + "\n".join(extra) + "\n" if extra else "")

    def _repr_html_(self) -> str:
        """The typeset evidence table, formulas and numbers (as the HTML report prints a claim),
        with what `check` found at the given values."""
        from .formula.prose import html as text_html
        from .report.html import claim_section
        body = claim_section(self)
        extra = result_lines(self, markdown=False)[3:] if self.checked is not None else []
        more = "".join(f"<li>{text_html(x.strip())}</li>" for x in extra if x.strip())
        return "\n".join(body) + (f"<ul>{more}</ul>" if more else "")


def result_lines(r: Result, markdown: bool) -> list[str]:
    """The result as lines: verdict, closed forms at the values, conditions, statements, why; the
    mathematics in the note's notation (LaTeX in ``$...$`` for Markdown, Unicode for text)."""
    from .formula.prose import unicode
    from .formula.proselatex import latex
    b = (lambda t: f"**{t}**") if markdown else (lambda t: t)
    m = latex if markdown else unicode
    at = r._at()
    lines = [f"{r.id}: {r.outcome.value}" + (f" at {at}" if at else " at the note's settings"),
             f"  claim: {m(r.row)}", f"  tag:   {m(r.tag)}"]
    c = r.checked
    if c is not None:
        if c.forms:
            lines += ["", b("closed forms at these values")]
            lines += [f"  {f['form']}: {_form(f, 'expression', markdown)}" + (
                      f" = {m(f['value'])}" if f["value"] is not None else " is undefined there" if f["why"]
                      else f" \u2192 {_form(f, 'at', markdown)}" + _truth(f)) for f in c.forms]
        if c.conditions:
            lines += ["", b("conditions")]
            lines += [f"  {'holds' if x['holds'] else 'unknown' if x['holds'] is None else 'VIOLATED'}: "
                      f"{m(x['statement'])} ({x['check']})" for x in c.conditions]
        judged = [x for x in c.statements if x["judged"]]
        if judged:
            lines += ["", b("statements")]
            lines += [f"  {'holds' if x['holds'] else 'fails'}: {m(x['statement'])}" for x in judged]
        if c.why:
            lines += ["", b("why there is no value")] + [f"  {m(w)}" for w in c.why]
    else:
        lines += [f"  {'holds' if e.holds else 'fails'}: {m(e.statement)}" for e in r.evidence]
    more = [x for x in r.messages if c is None or x not in c.why]
    return lines + [f"  note: {m(x)}" for x in more]


def _truth(form: dict) -> str:
    """", true" or ", false" after a relation evaluated at the settings (``1 ≠ 1``)."""
    return "" if "holds" not in form else ", true" if form["holds"] else ", false"


def _form(f: dict, key: str, markdown: bool) -> str:
    """A closed form of `check` (run.checkat.form_at) in the note's notation: its LaTeX in ``$...$``
    for Markdown, one line of Unicode for text."""
    from .formula.texform import unicode_of
    latex = f.get(f"{key}_latex", "")
    return f"${latex}$" if markdown and latex else unicode_of(latex, f[key])


class Derivation(Derived):
    """A Derived that renders its forms and steps as LaTeX in Jupyter, in the note's notation
    (``table``: reader name -> the note's fragment, formula.texform)."""

    table: dict | None = None

    def _repr_latex_(self) -> str:
        from .formula.prose import unicode
        from .formula.texform import form_latex
        table = self.table or {}
        lines = [rf"\text{{{_tex_text(unicode(name))}}}: & {form_latex(form, table)}"
                 for name, form in self.forms.items() if form_latex(form, table)]
        lines += [rf"\text{{{_tex_text(unicode(s.text))}}} & {form_latex(s.expr, table)}" for s in self.steps]
        return r"$\begin{aligned}" + r" \\ ".join(lines) + r"\end{aligned}$"


def _tex_text(text: str) -> str:
    return re.sub(r"([\\{}$&#^_%~])", r"\\\1", text)


def _as(cls: type, obj: Any) -> Any:
    return cls(**{f.name: getattr(obj, f.name) for f in fields(obj)})


def value_text(name: str, value: Any) -> str:
    """A parameter value as the exact text the content reads: a float by its shortest decimal
    text (repr: 0.9 is 9/10), a Decimal or a string in scientific notation as the exact decimal."""
    import math
    if isinstance(value, bool):
        raise UsageError(f"parameter {name}: {value!r} is not a number")
    if isinstance(value, float):
        if not math.isfinite(value):
            raise UsageError(f"parameter {name}: {value!r} is not a finite number")
        value = repr(value)
    elif isinstance(value, Decimal):
        value = format(value, "f") if value.is_finite() else str(value)
    elif isinstance(value, (int, Fraction)):
        value = str(value)
    text = normalize_value(value) if isinstance(value, str) else None
    if text is None or not PARAM_VALUE.fullmatch(text):
        raise UsageError(f"parameter {name}: {str(value)[:40]!r} is not a decimal or fraction such as 0.75, "
                         "3/2 or 1e-3")
    return text


@dataclass(repr=False, eq=False)
class Claim:
    """One claim of a project, to derive and check from Python."""

    id: str
    project: Any
    _last: Any = None   # the last result at the note's settings

    def __repr__(self) -> str:
        s = self.spec
        outcome = self.outcome
        return (f"<Claim {s.id} ({s.note}) {s.tag.text}" + (f": {outcome}" if outcome else "") + ">")

    def __str__(self) -> str:
        s = self.spec
        lines = [f"{s.id} ({s.note}, {s.location})", f"  claim: {s.text}", f"  tag:   {s.tag.text}"]
        if self.outcome:
            lines.append(f"  outcome: {self.outcome}")
        params = self.parameters()
        if params:
            lines.append("  parameters: " + ", ".join(f"{k}={v}" for k, v in params.items()))
        if s.conditions:
            lines.append("  conditions: " + ", ".join(s.conditions))
        if s.uses:
            lines.append("  uses: " + ", ".join(s.uses))
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        """The claim as the report heads it: its row and tag typeset, outcome, parameters."""
        from html import escape

        from .formula.prose import html as text_html
        s = self.spec
        params = ", ".join(f"{k} = {v}" for k, v in self.parameters().items())
        rows = [("claim", text_html(s.text)), ("tag", text_html(s.tag.text)), ("outcome", escape(self.outcome or "")),
                ("parameters", text_html(params)), ("conditions", text_html(", ".join(s.conditions))),
                ("uses", escape(", ".join(s.uses)))]
        cells = "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in rows if v)
        return f"<p><code>{escape(s.id)}</code> ({escape(s.note)})</p><table>{cells}</table>"

    @property
    def outcome(self) -> str | None:
        """The outcome at the note's settings if known: this session's check, else the last report."""
        if self._last is not None:
            return self._last.outcome.value
        from .report.json import reported_outcomes
        return reported_outcomes(self.project.root).get(self.id)

    def sliders(self) -> list[dict]:
        """The note's sliders for this claim's figure: {name, label, value, min, max, location}."""
        from .run.readouts import sliders
        return sliders(self.project, self.spec)

    def ranges(self) -> list[dict]:
        """Each numeric parameter's slider range (slider_ranges): the note's slider, else the range
        a condition of the claim states (``0 < beta < 1``), else around the page's value."""
        from .run.readouts import what_of
        from .sources.content import CheckKind
        content = self.project.content
        stated = [(cid, what_of(content.get(cid, CheckKind.CONDITION))) for cid in self.spec.conditions]
        return slider_ranges(self.sliders(), stated, self.parameters())

    def interact(self, dps: int = DEFAULT_DPS):
        """Sliders (ipywidgets) for the claim's parameters over :meth:`ranges` (the note's sliders,
        else its conditions' ranges), recomputing the read-outs and conditions at every move (needs
        the ``[notebook]`` extra)."""
        try:
            import ipywidgets as widgets
        except ImportError:
            raise UsageError("claim.interact() needs ipywidgets: pip install 'noteproof[notebook]'") from None
        ranges = self.ranges()
        if not ranges:
            raise UsageError(f"claim {self.id!r} has no numeric parameter to slide "
                             "(claim.check() runs it at the note's settings)")
        out = widgets.Output()
        controls = {}
        for r in ranges:
            lo, hi, value = float(Fraction(r["min"])), float(Fraction(r["max"])), float(Fraction(r["value"]))
            step = _slider_step(r)
            slider = widgets.FloatSlider(value=value, min=lo, max=hi, step=step, description=r["name"],
                                         continuous_update=False, readout_format=".4g")
            slider.tooltip = r["label"]
            controls[r["name"]] = slider
        update = self.slider_callback(dps)

        def redraw(_change=None):
            out.clear_output(wait=True)
            with out:
                from IPython.display import Markdown, display
                display(Markdown(update(**{k: c.value for k, c in controls.items()})))
        for c in controls.values():
            c.observe(redraw, names="value")
        redraw()
        return widgets.VBox([*controls.values(), out])

    def slider_callback(self, dps: int = DEFAULT_DPS):
        """The function the sliders call: keyword values (floats as a slider gives them) -> Markdown
        of the read-outs and conditions recomputed there (testable without ipywidgets)."""
        known = self.parameters()

        def update(**values: Any) -> str:
            from .run.readouts import readouts
            values = {k: _whole(v, known.get(k, "")) for k, v in values.items()}
            params = self._params(values)
            result = self.check(dps=dps, **values) if params else self.check(dps=dps)
            rows = readouts(self.project, self.spec, params, dps)
            return slider_markdown(result, rows, params)
        return update

    @property
    def spec(self):
        return self.project.registry.claim(self.id)

    def parameters(self) -> dict[str, str]:
        """Every parameter this claim's checks accept, with the note's value."""
        return parameters(self.project, self.spec)

    def derivation(self, **params: Any) -> Derived:
        """The claim's derivation(s), run now: SymPy forms, evidence and steps (merged when several)."""
        from .run.claim import Run
        run = Run(self.project.content, self.project.notes[self.spec.note], DEFAULT_DPS, self._params(params))
        from .run.extras import symbol_table
        parts = [run.derivation(i) for i in self.spec.derivations]
        forms = {k: v for d in parts for k, v in d.forms.items()}
        out = Derivation(forms, tuple(e for d in parts for e in d.evidence), tuple(s for d in parts for s in d.steps))
        object.__setattr__(out, "table", symbol_table(self.project, self.spec))
        return out

    def check(self, dps: int = DEFAULT_DPS, timeout: float = DEFAULT_TIMEOUT, memory: int | None = None,
              **params: Any) -> Result:
        """Run the claim's checks at the note's settings, or at the given parameters as
        `noteproof check --set` does (closed forms there, conditions, why), in a worker process
        limited like `noteproof check`: ``timeout`` seconds and ``memory`` MB (None: half this
        machine's memory). Past either, the result is an ``error`` row saying which limit."""
        from .run.bounded import check_bounded
        values = self._params(params)
        run = check_bounded(self.project, self.spec, values or None, dps, timeout, memory)
        result = _as(Result, run.result)
        if run.checked is not None:
            object.__setattr__(result, "checked", run.checked)
        elif not run.failure:
            self._last = result
        return result

    def _params(self, params: dict[str, Any]) -> dict[str, str]:
        check_known(self.id, params, self.parameters())
        return {k: value_text(k, v) for k, v in params.items()}

    def _repr_markdown_(self) -> str:
        s = self.spec
        outcome = self.outcome
        return (f"**`{s.id}`** ({s.note}): {s.text}\n\n*{s.tag.text}*\n"
                + (f"\noutcome: **{outcome}**\n" if outcome else ""))


def slider_ranges(sliders: list[dict], conditions: list[tuple[str, str]], params: dict[str, str]) -> list[dict]:
    """Slider ranges in the shape of Claim.sliders(): the note's sliders where it has them; else one
    for each numeric parameter, over the range a condition states (``conditions``: (check id, its
    statement), ``0 < beta < 1``; one end stated, the other from the default), else
    :func:`default_ranges`."""
    from .formula.prose import unicode
    if sliders:   # the figure's own controls
        return list(sliders)
    out = []
    for d in default_ranges(params):
        name = d["name"]
        for cid, statement in conditions:
            lo, hi = stated_range(statement, name)
            if lo is not None or hi is not None:
                d = {**d, "min": lo if lo is not None else d["min"], "max": hi if hi is not None else d["max"],
                     "label": f"{name} ({unicode(statement.split(':')[0])}, {cid})", "condition": cid}
                break
        out.append(d)
    return out


_BOUND = r"(-?\d+(?:\.\d+)?(?:/\d+)?)"
_LESS = r"\s*(?:<=?|\u2264)\s*"


def stated_range(statement: str, name: str) -> tuple[str | None, str | None]:
    """The ends a statement gives a parameter: ``0 < beta < 1`` -> ("0", "1"); ``h > 0`` -> ("0", None);
    ``beta < 1`` -> (None, "1"); (None, None) when it gives none. ``name`` also matches as the note
    writes it (beta as β)."""
    from .formula.typeset import greek
    text = statement.replace("\u2212", "-")
    names = "|".join(re.escape(n) for n in dict.fromkeys((name, greek(name))))
    word = rf"(?<![\w.])(?:{names})(?![\w(])"
    both = re.search(rf"{_BOUND}{_LESS}{word}{_LESS}{_BOUND}(?![\w.])", text)
    if both:
        return both[1], both[2]
    alone = r"(?:^|(?<=[,;:(])\s*|\b(?:and|when|for|with|if|where)\s+)"   # not a factor of a product (a h < 2)
    low = re.search(rf"{alone}{word}\s*(?:>=?|\u2265)\s*{_BOUND}(?![\w.])|(?<![\w.]){_BOUND}{_LESS}{word}"
                    rf"(?!\s*[<\u2264*/^])", text)
    high = re.search(rf"{alone}{word}{_LESS}{_BOUND}(?![\w.])", text)
    return (low[1] or low[2]) if low else None, high[1] if high else None


def default_ranges(params: dict[str, str]) -> list[dict]:
    """Slider ranges for a claim whose note has no slider: each numeric parameter from 0 to
    twice the page's value (or the mirror for a negative one, -1 to 1 around 0), in the shape
    of Claim.sliders()."""
    out = []
    for name, value in params.items():
        try:
            v = Fraction(value)
        except (ValueError, ZeroDivisionError):
            continue
        lo, hi = (Fraction(-1), Fraction(1)) if v == 0 else sorted((Fraction(0), 2 * v))
        out.append({"name": name, "label": f"{name} (the page's value {value})", "value": value,
                    "min": _decimal_text(lo), "max": _decimal_text(hi), "location": None})
    return out


def _whole(value: Any, page: str) -> Any:
    """A slider's float as a whole number where the page's value is one (a count of steps: 10.0 -> 10)."""
    if isinstance(value, float) and value.is_integer() and page.lstrip("-").isdigit():
        return int(value)
    return value


def _decimal_text(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else format(Decimal(x.numerator) / Decimal(x.denominator), "f")


def _slider_step(r: dict) -> float:
    """A slider step as fine as the note's printed ends and value, and at least twenty steps across
    (a range 0 to 1 from a condition moves by 0.01, not 1)."""
    import math
    places = max(len(t.partition(".")[2]) for t in (r["min"], r["max"], r["value"]))
    step = 10.0 ** -max(places, 1) if places else 1.0
    width = float(Fraction(r["max"]) - Fraction(r["min"]))
    return 10.0 ** math.floor(math.log10(width / 100)) if 0 < width < 20 * step else step


def slider_markdown(result: Result, rows: list[dict], params: dict[str, str]) -> str:
    """What the sliders show at one setting: the verdict, conditions, read-outs (note vs yours)."""
    lines = [f"**{result.id}** at {', '.join(f'{k} = {v}' for k, v in params.items()) or 'the note’s settings'}: "
             f"**{result.outcome.value}**", ""]
    c = result.checked
    conditions = list(c.conditions) if c is not None else []
    seen = {x["check"] for x in conditions}
    conditions += [{"check": r["check"], "statement": r["what"], "holds": r["yours"] == "yes"}
                   for r in rows if r["kind"] == "condition" and r["check"] not in seen]
    if conditions:
        lines += ["| condition | at these values |", "| --- | --- |"]
        lines += [f"| {x['statement']} | {'holds' if x['holds'] else 'VIOLATED'} |" for x in conditions]
        lines.append("")
    values = [r for r in rows if r["kind"] != "condition"]
    if values:
        lines += ["| read-out | note's settings | these values |", "| --- | --- | --- |"]
        lines += [f"| {r['what']} | {r['note']} | {r['yours']} |" for r in values]
        lines.append("")
    if c is not None and c.why:
        lines += [f"- {w}" for w in c.why]
    return "\n".join(lines).replace("\n\n\n", "\n\n")


def report(root: str | Path | None = None, dps: int = DEFAULT_DPS, jobs: int = 1, cache: bool = True):
    """Every claim's result as a Report (``.ok``, ``.summary``, ``.results``), run or read from
    .noteproof-cache/ as `noteproof report` does; nothing is written to report/."""
    from .report.report import build_report
    from .run.cache import ResultCache
    from .run.pool import run_report
    project = load_project(find_root(Path(root)) if root is not None else None, view=registered_view)
    store = ResultCache(project.root, dps, extras=True) if cache else None
    results = run_report(project, project.registry.claims, dps, jobs, cache=store)
    built = build_report(project, results, dps, figures=False)
    return _notebook_report()(**{f.name: getattr(built, f.name) for f in dataclasses.fields(built)})


def _notebook_report():
    from .report.report import Report

    @dataclasses.dataclass(frozen=True, repr=False)
    class NotebookReport(Report):
        """A Report that Jupyter shows as its summary and errata table (report/html.py), not the
        whole page (the report layer does not know the notebook)."""

        def _repr_html_(self) -> str:
            from .report.html import errata_and_failures, summary
            return "\n".join(summary(self) + errata_and_failures(self))

    return NotebookReport


def __getattr__(name: str):
    if name == "NotebookReport":
        return _notebook_report()
    raise AttributeError(name)


def claims(root: str | Path | None = None, note: str | None = None) -> list[Claim]:
    """Every claim of the project at ``root`` (or of one note), in registry order."""
    project = load_project(find_root(Path(root)) if root is not None else None, view=registered_view)
    return [Claim(c.id, project) for c in project.registry.claims if note is None or c.note == note]


def claim(claim_id: str, root: str | Path | None = None) -> Claim:
    """The claim ``claim_id`` of the project at ``root`` (default: the nearest folder up with claims.yaml)."""
    project = load_project(find_root(Path(root)) if root is not None else None, view=registered_view)
    return Claim(claim_of(project, claim_id).id, project)
