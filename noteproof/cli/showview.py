"""`show` and `check` on a terminal: one claim, its steps, formulas, numbers and verdict.

The derivation is run again in this process so that its steps and forms print as
SymPy's pretty forms; text from the notes and the registry is never read as markup.
"""
from __future__ import annotations

from typing import Any

from rich.markup import escape

from ..defaults import CONFIRM
from ..formula.printing import pretty
from ..formula.prose import in_notation, name_unicode, tex_unicode
from ..formula.prose import unicode as math_text
from ..formula.texform import unicode_of
from ..model import ClaimResult, Derived, Outcome
from .terminal import STYLE


def _header(out, claim, result: ClaimResult, project=None) -> None:
    from ..run.graph import tag_mark, upstream_mark
    out.print(f"[bold]{escape(claim.id)}[/]  ({escape(claim.note)}, {escape(str(result.location or claim.location))})")
    out.print(f"  claim: {escape(math_text(claim.text))}")
    reported = tag_mark(result)
    if project is not None and claim.uses:
        claims = project.registry.claims
        reported = upstream_mark(claim.id, {c.id: c.uses for c in claims},
                                 {c.id: tuple(s.mark for s in c.status) for c in claims})
    weak = f" (reported {reported.value}: weakest link of what it uses)" if reported is not tag_mark(result) else ""
    out.print(f"  tag:   {escape(math_text(claim.tag.text))}   mark: {tag_mark(result).value}{weak}")
    if claim.uses:
        out.print(f"  uses:  {escape(', '.join(claim.uses))}")


def _block(out, label: str, text: str, indent: int = 6) -> None:
    from rich.text import Text
    lines = text.split("\n")
    pad = " " * indent
    first = f"{pad}{label}".ljust(indent + 12) if label else pad
    body = "\n".join((first if i == 0 else " " * len(first)) + line for i, line in enumerate(lines))
    out.print(Text(body), soft_wrap=True)


def derivations(project, claim, dps: int, params: dict | None = None) -> dict:
    """The claim's derivations run here (id -> Derived, or the error message as a string)."""
    from ..run.claim import Run
    run = Run(project.content, project.notes[claim.note], dps, dict(params or {}))
    out: dict = {}
    for check_id in dict.fromkeys([*claim.derivations, *(f.derivation for f in claim.formulas)]):
        try:
            out[check_id] = run.derivation(check_id)
        except Exception as exc:  # shown, never raised: the verdict already says why
            out[check_id] = f"{type(exc).__name__}: {exc}"
    return out


def show_claim(out, project, claim, result: ClaimResult, dps: int) -> None:
    _header(out, claim, result, project)
    derived = derivations(project, claim, dps) if claim.derivations or claim.formulas else {}
    _steps(out, claim, result, derived, _table(project, claim))
    _formulas(out, claim, result, derived, lambda spec: _table(project, claim, spec))
    _numbers(out, result, f"numbers (at {dps} digits, confirmed at {dps + CONFIRM})")
    _evidence(out, result)


def _table(project, claim, spec=None) -> dict:
    """Reader name -> the note's fragment, for printing symbols as the note writes them."""
    from ..run.extras import symbol_table
    try:
        return symbol_table(project, claim, spec)
    except Exception:   # a registry the table cannot be built from prints the reader's names
        return {}


def _steps(out, claim, result: ClaimResult, derived: dict, table: dict) -> None:
    shown = False
    for check_id in claim.derivations:
        d = derived.get(check_id)
        steps = d.steps if hasattr(d, "steps") else ()
        if not steps:
            continue
        out.print(f"\n[bold]derivation[/] {escape(check_id)}")
        shown = True
        for i, step in enumerate(steps, 1):
            out.print(f"  {i}. {escape(math_text(step.text))}")
            if step.expr is not None:
                _block(out, "", pretty(in_notation(step.expr, table)), 7)
    if not shown and result.steps:  # the derivation could not be rerun here: its text is in the result
        out.print("\n[bold]derivation[/]")
        for i, step in enumerate(result.steps, 1):
            out.print(f"  {i}. {escape(math_text(step.text))}"
                      + (f"\n       {escape(math_text(str(step.expr)))}" if step.expr else ""))


def _formulas(out, claim, result: ClaimResult, derived: dict, table_of) -> None:
    if not result.formulas:
        return
    out.print("\n[bold]formulas[/] (as the note prints them, as read, as derived)")
    for i, (spec, f) in enumerate(zip(claim.formulas, result.formulas), 1):
        out.print(f"  {i}. [{STYLE[f.outcome]}]{f.outcome.value}[/] {escape(str(f.location or '?'))}"
                  + (f"  {escape(f.message)}" if f.message else ""))
        _block(out, "printed:", spec.text)
        table = table_of(spec)
        read = _read(spec, f, table)
        if read:
            _block(out, "read as:", read)
        form = _form(derived.get(spec.derivation), spec)
        _block(out, "derived:", pretty(in_notation(form, table)) if form is not None else math_text(f.derived))


def _read(spec, f, table: dict) -> str:
    from ..formula.formread import read_spec
    try:
        parts = read_spec(spec, f.location)
    except Exception:
        return ""
    if spec.part is not None and spec.part < len(parts):
        parts = (parts[spec.part],)
    return "\n\n".join(pretty(in_notation(p, table)) for p in parts)


def _form(d: Any, spec) -> Any:
    """The form ``spec`` names, or None (a derivation that failed, or no such form)."""
    from ..run.extras import named_form
    return named_form(d, spec) if isinstance(d, Derived) else None


def _numbers(out, result: ClaimResult, title: str) -> None:
    from rich.table import Table
    if not result.numbers:
        return
    out.print()
    t = Table(title=title, title_justify="left")
    for col in ("quoted", "computed", "check", "outcome", "where"):
        t.add_column(col, overflow="fold")
    for n in result.numbers:
        outcome = f"[{STYLE[n.outcome]}]{n.outcome.value}[/]"
        t.add_row(escape(n.quoted), escape(n.computed), escape(n.check),
                  outcome + (f" {escape(n.message)}" if n.message else ""),
                  escape(str(n.location or "?")))
    out.print(t)


def _evidence(out, result: ClaimResult) -> None:
    if result.evidence:
        out.print("\n[bold]evidence[/]")
        for e in result.evidence:
            mark = "[green]holds[/]" if e.holds else "[bold red]fails[/]"
            out.print(f"  {mark}  {e.kind.value}: {escape(math_text(e.statement))}")
            if e.notice:
                out.print(f"         [yellow]notice[/] {escape(math_text(e.notice))}")
    for m in result.messages:
        out.print(f"  [yellow]note[/] {escape(math_text(m))}")
    out.print(f"\nverdict: [{STYLE[result.outcome]}]{result.outcome.value}[/]")


def check_view(out, claim, checked, readouts: list[dict]) -> None:
    """`check` at the user's values (run.checkat.Checked): closed forms there, conditions, the
    statements judged, the page's example recomputed (not judged), and why anything has no value."""
    result, params, known = checked.result, checked.params, checked.known
    _header(out, claim, result)
    given = ", ".join(f"{_setting(k)} = {v}" for k, v in params.items()) or "none (the note's settings)"
    others = ", ".join(f"{_setting(k)} = {v}" for k, v in known.items() if k not in params)
    out.print(f"  your settings: [bold]{escape(given)}[/]" + (f"\n  the note's:    {escape(others)}" if others else ""))
    if checked.forms:
        out.print("\n[bold]closed forms at your settings[/]")
        for f in checked.forms:
            if f["value"] is not None:
                shown = f" = [bold]{escape(math_text(f['value']))}[/]"
            elif f["why"] and f.get("evaluated", True) is False:
                shown = " is not evaluated here (a general form: no value at your settings)"
            elif f["why"]:
                shown = " is [bold red]undefined[/] there"
            else:
                shown = f"  \u2192  {escape(unicode_of(f.get('at_latex', ''), f['at']))}"
                if "holds" in f:   # a relation at your settings: whether it holds there
                    shown += ", [bold]true[/]" if f["holds"] else ", [bold red]false[/]"
            expression = unicode_of(f.get("expression_latex", ""), f["expression"])
            out.print(f"  {escape(f['form'])}: {escape(expression)}{shown}  [dim]({escape(f['derivation'])})[/]")
    seen = {c["check"] for c in checked.conditions}
    more = [r for r in readouts if r["kind"] == "condition" and r["check"] not in seen]
    if checked.conditions or more:
        out.print("\n[bold]conditions[/] (where the conclusion applies)")
        for c in checked.conditions:
            _condition(out, c["holds"], c["statement"], c["check"])
        for r in more:
            figure = "" if r["check"] in claim.conditions else ", the figure's"
            _condition(out, r["yours"] == "yes", r["what"], r["check"] + figure)
    broken = [c["statement"] for c in checked.conditions if c["holds"] is False]
    judged = [s for s in checked.statements if s["judged"]]
    if judged:
        out.print("\n[bold]statements at these values[/]"
                  + (" (proved where the conditions hold; yours break one)" if broken else ""))
        for st in judged:
            out.print(f"  {'[green]holds[/]' if st['holds'] else '[bold red]fails[/]'}  "
                      f"{st['kind']}: {escape(math_text(st['statement']))}")
    corrected = [s for s in checked.statements if s.get("corrected")]
    if corrected:
        out.print("\n[bold]refutations of words the note no longer prints[/] (not judged: the note was corrected)")
        for st in corrected:
            out.print(f"  [dim]corrected[/]  {st['kind']}: {escape(math_text(st['statement']))}")
    examples = [s for s in checked.statements if not s["judged"] and not s.get("corrected")]
    if examples or checked.examples:
        out.print("\n[bold]the page's worked example, recomputed at your settings[/] (not judged: the note "
                  "states it at its own settings)")
        for st in examples:
            verb = "still true" if st["holds"] else "no longer true"
            out.print(f"  {verb}: {escape(math_text(st['statement']))}")
        for ex in checked.examples:
            yours = unicode_of(ex.get("yours_latex", ""), ex["yours"])
            out.print(f"  {escape(tex_unicode(ex['latex']))}  \u2192  {escape(yours)}  [dim]({escape(ex['location'])})[/]")
    if checked.conclusions:
        out.print("\n[bold]what the note concludes from its numbers, at your settings[/]")
        for c in checked.conclusions:
            mark = "[green]holds   [/]" if c["holds"] else "[bold red]REVERSED[/]"
            out.print(f"  {mark}  {escape(math_text(c['message']))}  [dim]({escape(c['check'])}, {escape(c['location'])})[/]")
    _readouts(out, [r for r in readouts if r["kind"] != "condition"])
    if result.numbers and not readouts:
        _recomputed(out, result)
    if checked.why:
        out.print("\n[bold]why there is no value[/]")
        for w in checked.why:
            out.print(f"  {escape(math_text(w))}")
    for m in result.messages:
        if m not in checked.why:
            out.print(f"  [yellow]note[/] {escape(math_text(m))}")
    for m in checked.notes:
        out.print(f"  [yellow]note[/] {escape(math_text(m))}")
    style = STYLE[result.outcome] if checked.applicable else "yellow"
    out.print(f"\nverdict at these values: [{style}]{escape(math_text(checked.verdict))}[/]")


def _setting(name: str) -> str:
    """A parameter as the note writes it when it is a symbol (beta -> β); a setting's name
    (check_h, witness_grow) as it is."""
    from ..defaults import GREEK
    base = name.split("_")[0]
    return name_unicode(name) if base in GREEK or len(base) == 1 else name


def _recomputed(out, result: ClaimResult) -> None:
    from rich.table import Table
    out.print()
    t = Table(title="numbers the note quotes at its own settings, recomputed at your settings (not judged)",
              title_justify="left")
    for col in ("quoted", "at your settings", "check", "where"):
        t.add_column(col, overflow="fold")
    for n in result.numbers:
        value = n.computed if n.outcome is not Outcome.ERROR else f"no value: {n.message}"
        t.add_row(escape(n.quoted), escape(value), escape(n.check), escape(str(n.location or "?")))
    out.print(t)


def _condition(out, holds: bool | None, statement: str, where: str) -> None:
    mark = "[green]holds   [/]" if holds else "[yellow]unknown [/]" if holds is None else "[bold red]VIOLATED[/]"
    out.print(f"  {mark}  {escape(math_text(statement))}  [dim]({escape(where)})[/]")


def _readouts(out, readouts: list[dict]) -> None:
    from rich.table import Table
    if not readouts:
        return
    out.print()
    t = Table(title="read-outs, recomputed at your settings", title_justify="left")
    for col in ("read-out", "note's settings", "your settings"):
        t.add_column(col, overflow="fold")
    for r in readouts:
        t.add_row(f"{escape(math_text(r['what']))} [dim]{escape(r['check'])}[/]", escape(r["note"]), escape(r["yours"]))
    out.print(t)
