"""Terminal output (rich), JSON on stdout and report files (written atomically). Used by the CLI only."""
from __future__ import annotations

import contextlib
import json
import os
import sys
from pathlib import Path
from typing import Callable, Iterator

from rich.markup import escape

from ..defaults import PIPED_WIDTH, SPINNER_DELAY
from ..errors import NoteproofError
from ..formula.prose import unicode as math_text
from ..model import ClaimResult, Location, Outcome
from ..sources.files import write_atomically

STYLE = {Outcome.VERIFIED: "green", Outcome.PARTLY: "cyan", Outcome.FAILED: "bold red", Outcome.ERROR: "bold red",
         Outcome.UNVERIFIED: "yellow"}


def emit_json(doc: object) -> None:
    """One JSON document on stdout (``--json``): nothing else is printed there."""
    sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


def console(stderr: bool = False):
    """A rich console; piped to a file or a program (not a terminal), lines are never wrapped
    (soft wrap) and tables are laid out at PIPED_WIDTH, unless COLUMNS says otherwise. Emoji
    codes are off: a location ``week10.txt:100:163`` holds ``:100:``, which rich would draw as
    an emoji (markup in data is escaped where it is printed)."""
    from rich.console import Console
    stream = sys.stderr if stderr else sys.stdout
    if _isatty(stream):
        return Console(stderr=stderr, highlight=False, soft_wrap=False, emoji=False)
    width = None if os.environ.get("COLUMNS", "").isdigit() else PIPED_WIDTH
    return Console(stderr=stderr, highlight=False, soft_wrap=True, width=width, emoji=False)


def _isatty(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def render_all(report) -> dict[str, str]:
    from ..report import html, markdown
    from ..report import json as json_render
    return {"claims.md": markdown.render(report), "claims.json": json_render.render(report),
            "claims.html": html.render(report)}


def read_or_none(path: Path) -> str | None:
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None


def atomic_write(path: Path, text: str) -> None:
    """Write ``text`` (UTF-8, \\n line ends) atomically and durably (sources.files); a located error on failure."""
    try:
        write_atomically(path, text.encode("utf-8"), durable=True)
    except OSError as exc:
        raise NoteproofError(f"cannot write: {exc.strerror}", Location(str(path))) from None


def write_all(folder: Path, texts: dict[str, str]) -> None:
    for name, text in texts.items():
        atomic_write(folder / name, text)


@contextlib.contextmanager
def progress(total: int) -> Iterator[Callable[[ClaimResult], None]]:
    """A rich progress bar on a terminal; silence otherwise."""
    if not sys.stdout.isatty() or os.environ.get("CI"):
        yield lambda result: None
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
    with Progress(TextColumn("checking claims"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  transient=True) as bar:
        task = bar.add_task("claims", total=total)
        yield lambda result: bar.advance(task)


@contextlib.contextmanager
def spinner(text: str, delay: float = SPINNER_DELAY) -> Iterator[None]:
    """A rich status spinner on stderr while the block runs, shown only on a terminal and only
    once the block has taken ``delay`` seconds (a quick check shows nothing); silence when piped."""
    if not sys.stderr.isatty() or os.environ.get("CI"):
        yield
        return
    import threading
    status = console(stderr=True).status(escape(text))
    lock, state = threading.Lock(), {"shown": False, "done": False}

    def show() -> None:
        with lock:
            if not state["done"]:
                status.start()
                state["shown"] = True
    timer = threading.Timer(delay, show)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        with lock:
            state["done"] = True
            if state["shown"]:
                status.stop()


def print_new_failures(new: list[tuple[str, str]]) -> None:
    """The failing checks the written report did not have, first: what an edit just broke."""
    out = console()
    for claim_id, check in new:
        out.print(f"[bold red]new failing check[/] {escape(claim_id)}: {escape(math_text(check))}")


def print_summary(view, written: Path | None = None) -> None:
    """The report's summary (report.summary.SummaryView): the claims' table, each finding, the counts."""
    from rich.table import Table
    out = console()
    table = Table(title="noteproof report", show_lines=False)
    for col in ("claim", "note", "mark", "outcome"):
        table.add_column(col)
    for claim_id, note, mark, outcome in view.rows:
        table.add_row(escape(claim_id), escape(note), mark, f"[{STYLE[Outcome(outcome)]}]{outcome}[/]")
    out.print(table)
    for line in view.lines:
        if line.outcome:
            out.print(f"[{STYLE[Outcome(line.outcome)]}]{escape(line.label)}[/]: {escape(line.text)}")
        elif line.label:
            style = "bold yellow" if line.warning else "bold red"
            out.print(f"[{style}]{escape(line.label)}[/] {escape(line.text)}")
        else:
            out.print(escape(line.text))
    s = view.counts
    from ..report.report import registered_wrong_steps
    registered_steps = registered_wrong_steps(s)
    out.print(f"{plural(s['claims'], 'claim')}: {s['verified']} verified, {s['partly_verified']} partly verified, "
              f"{s['failed']} failed ({plural(s['errata'], 'erratum', 'errata')}), {plural(s['errors'], 'error')}, "
              f"{s['unverified']} unverified"
              + (f"; {plural(s['failing_checks'], 'failing check')}" if s.get("failing_checks") else "")
              + (f" ({s['acknowledged']} acknowledged)" if s.get("acknowledged") else "")
              + (f"; {plural(s['unaccounted_math'], 'math span')} unaccounted" if s["unaccounted_math"] else "")
              + (f"; {plural(s['unaccounted_prose'], 'sentence')} unaccounted" if s.get("unaccounted_prose") else "")
              + (f"; {plural(s['unaccounted_numbers'], 'number')} checked by nothing"
                 if s.get("unaccounted_numbers") else "")
              + (f"; {plural(s['decision_errors'], 'decision error')}" if s.get("decision_errors") else "")
              + (f"; {plural(registered_steps, 'wrong worked step')}" if registered_steps else "")
              + (f"; not registered: {', '.join(s['unregistered'])} ({plural(s['unregistered_wrong_steps'], 'wrong worked step')}, "
                 f"{plural(s.get('wrong_identities', 0), 'wrong relation')})"
                 if s.get("unregistered") else "")
              + (f"; wrote {written}" if written else ""))


def print_list(claims, as_json: bool, outcomes: dict[str, str]) -> None:
    """The claims, each with its outcome in the last written report (``outcomes``; "" unknown)."""
    if as_json:
        emit_json({"claims": [{"id": c.id, "note": c.note, "row": c.text, "tag": c.tag.text,
                               "marks": [s.mark.value for s in c.status], "location": str(c.location),
                               "outcome": outcomes.get(c.id)}
                              for c in claims]})
        return
    from rich.table import Table
    table = Table(show_lines=False)
    for col in ("id", "note", "marks", "last report", "claim"):
        table.add_column(col, overflow="fold")
    styles = {o.value: STYLE[o] for o in Outcome}
    for c in claims:
        was = outcomes.get(c.id, "")
        shown = f"[{styles[was]}]{was}[/]" if was in styles else escape(was or "-")
        table.add_row(escape(c.id), escape(c.note), ", ".join(dict.fromkeys(s.mark.value for s in c.status)), shown,
                      escape(c.text))
    console().print(table)


def print_stale(folder: Path, files: list[str], claims: list[tuple[str, str]], count: int) -> None:
    """`report --check`: only what is stale (the files, and the claims whose entries differ),
    on stderr; one line on stdout when nothing is."""
    if not files:
        print(f"noteproof: {folder.name}/ is up to date ({plural(count, 'claim')})")
        return
    print(f"noteproof: {folder.name}/ is stale: {', '.join(files)} differ; run `noteproof report`", file=sys.stderr)
    for claim, what in claims:
        print(f"  {claim}: {what}", file=sys.stderr)


def plural(n: int, one: str, many: str | None = None) -> str:
    """"1 error", "2 errors"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"


def print_warnings(warnings) -> None:
    """Each warning of the sources (model.SourceWarning) on stderr, one line each."""
    for w in warnings:
        print(f"noteproof: warning: {w}", file=sys.stderr)
