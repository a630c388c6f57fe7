"""A finding as a linter prints it (ruff's shape), for every door that shows findings:
``path:line:col: CODE message``, the note's line with a caret under the changed token, and
``help:``. Text only; the CLI and the pytest plugin print it. The message and the help are
mathematics a reader reads, so they are set in Unicode (formula.prose.unicode, as the report's
terminal lines); the note's line under them stays as printed, for the caret.
"""
from __future__ import annotations

from ..defaults import FINDING_LINE_SHOWN as SHOWN
from ..formula.prose import unicode as math_text
from ..model import Finding


def format_finding(f: Finding) -> str:
    """A linter's finding: ``path:line:col: CODE message``, the note's line with a caret under
    the changed token, and ``help:``."""
    loc = f.location
    where = f"{loc.path}:{loc.line}:{loc.column or 1}: " if loc and loc.line else (f"{loc}: " if loc else "")
    level = "" if f.severity.value == "error" else f"{f.severity.value}: "
    who = f"{f.claim}: " if f.claim else ""
    out = [f"{where}{f.code} {level}{who}{math_text(f.message)}".rstrip()]
    if f.source and loc and loc.line and (f.span or loc.column):
        out += _caret(f.source, loc.line, (loc.column or 1) - 1, _width(f))
    if f.help:
        out.append(f"  help: {math_text(f.help)}")
    return "\n".join(out)


def _width(f) -> int:
    if f.span is None:
        return 1 if f.location and f.location.column else 0
    return max(1, f.span[1] - f.span[0])


def _caret(line: str, number: int, col: int, width: int) -> list[str]:
    """The line (a window of it when long) and the caret line under ``line[col:col+width]``."""
    width = min(width, max(1, len(line) - col)) if width else 0
    lo = 0
    if len(line) > SHOWN:
        lo = max(0, min(col - SHOWN // 3, len(line) - SHOWN))
        while lo > 0 and not line[lo - 1].isspace() and col - lo < SHOWN // 2:
            lo -= 1
    hi = min(len(line), max(lo + SHOWN, col + width))
    shown = ("..." if lo else "") + line[lo:hi] + ("..." if hi < len(line) else "")
    pad = "..." if lo else ""
    gutter = f"{number} | "
    out = [" " * (len(gutter) - 2) + "|", gutter + shown]
    if width:
        under = "".join("\t" if c == "\t" else " " for c in pad + line[lo:col])
        out.append(" " * (len(gutter) - 2) + "| " + under + "^" * min(width, SHOWN))
    return out
