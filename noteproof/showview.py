"""`show` and `check` on a terminal: one claim, its steps, formulas, numbers and verdict."""
from __future__ import annotations

from .model import ClaimResult, Outcome
from .output import STYLE


def _header(out, claim, result: ClaimResult) -> None:
    from .report import mark
    out.print(f"[bold]{claim.id}[/]  ({claim.note}, {result.location or claim.location})")
    out.print(f"  claim: {claim.text}")
    out.print(f"  tag:   {claim.tag.text}   mark: {mark(result).value}")


def show_claim(out, project, claim, result: ClaimResult, dps: int) -> None:
    from rich.table import Table
    _header(out, claim, result)
    if result.steps:
        out.print("\n[bold]derivation[/]")
        for i, step in enumerate(result.steps, 1):
            out.print(f"  {i}. {step.text}" + (f"\n       {step.expr}" if step.expr else ""))
    if result.formulas:
        t = Table(title="formulas", title_justify="left")
        for col in ("as printed", "derived", "outcome"):
            t.add_column(col, overflow="fold")
        for f in result.formulas:
            t.add_row(f.latex, f.derived, f"[{STYLE[f.outcome]}]{f.outcome.value}[/] {f.message}")
        out.print(t)
    if result.numbers:
        t = Table(title=f"numbers (at {dps} digits, confirmed at {dps + 20})", title_justify="left")
        for col in ("quoted", "computed", "outcome", "where"):
            t.add_column(col, overflow="fold")
        for n in result.numbers:
            t.add_row(n.quoted, n.computed, f"[{STYLE[n.outcome]}]{n.outcome.value}[/]", str(n.location or "?"))
        out.print(t)
    _evidence(out, result)


def _evidence(out, result: ClaimResult) -> None:
    if result.evidence:
        out.print("\n[bold]evidence[/]")
        for e in result.evidence:
            mark = "[green]holds[/]" if e.holds else "[bold red]fails[/]"
            out.print(f"  {mark}  {e.kind.value}: {e.statement}")
    for m in result.messages:
        out.print(f"  [yellow]note[/] {m}")
    out.print(f"\nverdict: [{STYLE[result.outcome]}]{result.outcome.value}[/]")


def check_view(out, claim, result: ClaimResult, params: dict, known: dict) -> None:
    _header(out, claim, result)
    shown = ", ".join(f"{k}={params.get(k, v)}{'' if k in params else ' (note)'}" for k, v in known.items())
    out.print(f"  parameters: {shown or 'none'}")
    if result.numbers:
        out.print("\n[bold]recomputed[/]")
        for n in result.numbers:
            out.print(f"  {n.check}: {n.computed}   (note prints {n.quoted})")
    _evidence(out, result)
