"""What `noteproof report` prints on the terminal, as plain data: the table of claims, one line
per finding (each labelled: "erratum", "wrong step", ...), and the counts.

The CLI draws it (cli.terminal.print_summary); the report's memo (report.memo) keeps it as
JSON, so that a report whose inputs have not changed prints the same lines without judging or
rendering anything again. The text is Unicode mathematics already (formula.prose.unicode).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..formula.prose import unicode as math_text
from ..model import Outcome


@dataclass(frozen=True)
class Line:
    """One printed line: ``label`` (drawn bold red, bold yellow for a ``warning``; in the style of ``outcome`` when set, a
    claim's message labelled by its id and a colon; ``""``: no label, an erratum's suggestion)
    then ``text``."""

    label: str
    text: str
    outcome: str = ""
    warning: bool = False   # a warning (a number nothing checks): drawn bold yellow, it fails nothing


@dataclass(frozen=True)
class SummaryView:
    rows: tuple[tuple[str, str, str, str], ...]   # (claim id, note, mark, outcome)
    lines: tuple[Line, ...]
    counts: dict[str, Any]                        # Report.summary
    ok: bool                                      # Report.ok: the exit status is 0

    def to_json(self) -> dict:
        return {"rows": [list(r) for r in self.rows], "lines": [[x.label, x.text, x.outcome, "warning" if x.warning else ""]
                                                             for x in self.lines],
                "counts": self.counts, "ok": self.ok}

    @classmethod
    def from_json(cls, data: Any) -> "SummaryView":
        """The inverse of :meth:`to_json`; ValueError on anything it would not have written."""
        try:
            rows = tuple(_strings(r, 4) for r in data["rows"])
            lines = tuple(Line(*x[:3], warning=x[3] == "warning") for x in (_strings(x, 4) for x in data["lines"]))
            counts, ok = data["counts"], data["ok"]
        except (TypeError, KeyError) as exc:
            raise ValueError(f"not a summary: {exc}") from None
        if type(counts) is not dict or type(ok) is not bool:
            raise ValueError("not a summary")
        return cls(rows, lines, counts, ok)


def _strings(items: Any, n: int) -> tuple[str, ...]:
    if type(items) is not list or len(items) != n or not all(type(s) is str for s in items):
        raise ValueError("not a summary")
    return tuple(items)


def summary_view(report) -> SummaryView:
    """The report's terminal summary: every claim, then what each section and failing claim says."""
    from ..run.steps import wrong_step
    from .report import mark
    rows = tuple((r.id, r.note, mark(r).value, r.outcome.value) for r in report.results)
    lines: list[Line] = []
    for section in report.sections:
        lines += [Line("not encoded", f"{row.location}: {row.text}") for row in section.unencoded]
        lines += [Line("wrong step", wrong_step(c)) for c in section.wrong_steps]
        lines += [Line("wrong relation", f"{c.location}: ${c.printed.strip()}$: {c.message}")
                  for c in section.wrong_identities]
        lines += [Line("unaccounted math", f"{m.location}: {m.printed} (no formula, claim or declaration reads "
                       "it: register it or restore it)") for m in section.unaccounted_math]
        lines += [Line("unaccounted sentence", f"{p.location}: {math_text(p.text)}"
                       + (f" ({math_text(p.change)})" if p.change else "")
                       + " (no claim states it and claims.yaml's prose: does not list it: restore it, or list it)")
                  for p in section.unaccounted_prose]
        lines += [Line("unchecked number", f"{n.location}: {n.token.text} (nothing checks it: quote it in "
                       "claims.yaml, or declare it a label)", warning=True) for n in section.unaccounted_numbers]
    for r in report.results:
        if r.outcome is not Outcome.VERIFIED:
            for e in r.errata:
                lines.append(Line("erratum", f"{e.location}: {e.kind.value}: {math_text(e.finding)}"))
                lines.append(Line("", f"  suggestion: {math_text(e.suggestion)}"))
            lines += [Line(r.id, math_text(m), r.outcome.value) for m in r.messages]
    return SummaryView(rows, tuple(lines), dict(report.summary), report.ok)
