"""An audit's findings as a linter's: a rule code each, the changed token, one finding an edit.

Every finding carries a rule code (CODES; the README's table, Auditing an edit, lists the
same), a ``help`` sentence with the fix, and the span of the changed token in the edited
note, from which its column and the caret come (the note's line is kept in ``source``).
:func:`present` puts one note's findings in their final form:

* the lost checks of one contiguous deleted region (numbers, inputs, formulas, statements,
  rows, unchecked arithmetic) become one finding that names every claim they touched;
* a finding no claim owns (edited math or arithmetic nothing checks, an uncovered number)
  is dropped when a claim's error already covers the same characters, and so is a notice
  on characters an error covers: the edit is explained once;
* the rest sorted by position (line, then column).
Nothing here prints (cli/auditcmd.py does).
"""
from __future__ import annotations

import re
from dataclasses import replace
from difflib import SequenceMatcher

from ..model import Finding, Location, Severity

# code -> (what it means, the fix when the finding names none)
CODES: dict[str, tuple[str, str]] = {
    "NP101": ("a quoted number outside the interval its digits allow", "print the expected value"),
    "NP102": ("a checked number no longer in the note (or a deleted block that held checks)",
              "restore the text, or change the quote in claims.yaml"),
    "NP103": ("a checked number that could not be computed", "run `noteproof check` on the claim"),
    "NP104": ("a number reprinted and still consistent (notice)", ""),
    "NP105": ("a step of a worked calculation that does not hold as printed (both sides' values)",
              "correct the result or the mistyped operand"),
    "NP106": ("a recomputed value that reverses the note's conclusion (a decision error: the printed number "
              "and the value lie on opposite sides of what the conclusion rests on)",
              "print the expected value, and check the conclusion drawn from it"),
    "NP201": ("a formula that no longer equals its derivation", "write the expected form"),
    "NP202": ("a formula the reader cannot read", "restore it, or write it in the notes' LaTeX subset"),
    "NP203": ("a formula edited on a side its derivation does not compare", "restore that side"),
    "NP204": ("a registered formula no longer in the note", "restore it, or remove it from claims.yaml"),
    "NP205": ("a formula reworded and still equal (notice)", ""),
    "NP206": ("a self-contained equality, identity or inequality of an unregistered note that SymPy shows "
              "wrong (a counterexample)", "correct either side, or state the range where it holds"),
    "NP301": ("edited math ($...$) that no registered formula checks", "register it in claims.yaml, or restore it"),
    "NP302": ("edited plain-text arithmetic that no registered formula checks",
              "register it in claims.yaml, or restore it"),
    "NP303": ("an edited sentence whose words of comparison, direction, quantity or quantification changed "
              "where no check reads them (no claim states it; claims.yaml's prose: lists no such sentence)",
              "restore its words, or list the sentence under the note's prose: in claims.yaml"),
    "NP401": ("a tag raised above what the evidence earns (overstated)", "restore the tag"),
    "NP402": ("a tag lowered below what the evidence earns (understated; notice)", ""),
    "NP403": ("a tag changed and earned (notice)", ""),
    "NP404": ("a tag that cannot be read", "restore the tag"),
    "NP501": ("a status-table row removed", "restore the row, or remove its claim from claims.yaml"),
    "NP502": ("a status-table row added that no claim encodes", "add a claim (`noteproof scan --emit-stubs`)"),
    "NP503": ("a status table that cannot be read", "restore the table's layout"),
    "NP504": ("a row or statement reworded with numbers nothing checks", "restore the numbers"),
    "NP505": ("a row or statement reworded (notice)", ""),
    "NP506": ("a checked statement removed", "restore it, or remove its claim from claims.yaml"),
    "NP507": ("a row or statement reworded with another meaning (a word of comparison, direction, quantity "
              "or quantification changed)", "restore the word, or change the claim"),
    "NP601": ("a setting the checks take as given (an input) changed", "restore it, or change the content"),
    "NP602": ("an input no longer in the note (warning)", "restore it, or change its snippet in claims.yaml"),
    "NP701": ("a new number that nothing covers (warning; error with --strict)",
              "quote it in claims.yaml, or add a label pattern"),
    "NP801": ("a claim that could not run", "run `noteproof check` on the claim"),
    "NP802": ("a claim's check that does not hold", "run `noteproof check` on the claim"),
    "NP901": ("a check the report's judgment of the edited note fails and of the baseline does not (one judge: "
              "audit.judgments), where no other finding names the claim", "run `noteproof check` on the claim"),
}

LOST = ("NP102", "NP204", "NP506", "NP501", "NP602", "NP302")   # grouped by deleted region, in this order
OWNERLESS = ("NP301", "NP302", "NP701")
RANK = {Severity.ERROR: 0, Severity.WARNING: 1, Severity.NOTICE: 2}
LATEX_COMMAND = re.compile(r"\\[A-Za-z]+|\\.")


def changed_span(old: str | None, new: str, start: int, latex: bool = False) -> tuple[int, int] | None:
    """Offsets (in the note, ``new`` standing at ``start``) of the first token the edit
    ``old`` -> ``new`` changed: a whole name, number or LaTeX command, or the operator;
    None when nothing changed."""
    if old is None or old == new:
        return None
    ops = [o for o in SequenceMatcher(None, old, new, autojunk=False).get_opcodes() if o[0] != "equal"]
    if not ops:
        return None
    _, _, _, j1, j2 = ops[0]
    if j1 == j2:                           # a deletion: the character after it
        j1, j2 = (j1, j1 + 1) if j1 < len(new) else (max(0, j1 - 1), j1)
    a, b = _widen(new, j1, j2, latex)
    return start + a, start + max(b, a + 1)


def _widen(text: str, a: int, b: int, latex: bool) -> tuple[int, int]:
    """[a, b) grown to whole words and numbers, and (LaTeX) to the whole command it cuts."""
    word = re.compile(r"[A-Za-z0-9.,]")
    if text[a:b] and all(word.match(c) for c in text[a:b].strip()) and text[a:b].strip():
        while a > 0 and re.match(r"[A-Za-z0-9.]", text[a - 1]):
            a -= 1
        while b < len(text) and re.match(r"[A-Za-z0-9.]", text[b]):
            b += 1
        while b > a and text[b - 1] in ".,":
            b -= 1
    if latex:
        for m in LATEX_COMMAND.finditer(text):
            if m.start() < b and a < m.end():
                a, b = min(a, m.start()), max(b, m.end())
    return a, b


def present(findings: list[Finding], note, old=None, where: dict | None = None) -> list[Finding]:
    """One note's findings, final (see the module's docstring). ``note``/``old``: the edited
    note and its baseline (Note); ``where``: baseline line -> edited lines (Plan.where)."""
    out = [_located(f, note) for f in _unique(findings)]
    if old is not None and where:
        out = _grouped(out, note, old, where)
    owned = [f.span for f in out if f.claim and f.span and f.severity is Severity.ERROR]
    errors = [f.span for f in out if f.span and f.severity is Severity.ERROR]
    out = [f for f in out if not (f.span and (
        (f.code in OWNERLESS and _overlaps(f.span, owned)) or
        (f.severity is Severity.NOTICE and _overlaps(f.span, errors))))]
    return sorted(out, key=_position)


def _overlaps(span: tuple[int, int], spans: list) -> bool:
    return any(a < span[1] and span[0] < b for a, b in spans)


def _position(f: Finding):
    loc = f.location
    return (loc.path if loc else "", loc.line if loc else 0, loc.column if loc else 0, RANK[f.severity], f.code)


def _unique(findings: list[Finding]) -> list[Finding]:
    """Each finding once; the same finding for several claims (a formula two claims register)
    is one finding naming them all."""
    seen: dict[tuple, int] = {}
    out: list[Finding] = []
    for f in findings:
        key = (f.code, f.kind, str(f.location), f.message, f.expected)
        if key not in seen:
            seen[key] = len(out)
            out.append(f)
        elif f.claim and f.claim not in (out[seen[key]].claims or (out[seen[key]].claim,)):
            first = out[seen[key]]
            out[seen[key]] = replace(first, claims=(*(first.claims or (first.claim,)), f.claim))
    return out


def _located(f: Finding, note) -> Finding:
    """Column from the span, the note's line, the default help."""
    loc = f.location
    if f.span is not None and loc is not None and loc.path == note.path:
        loc = note.location_of(f.span[0])
    source = ""
    if loc is not None and loc.path == note.path and loc.line:
        lines = note.text.split("\n")
        source = lines[loc.line - 1] if loc.line <= len(lines) else ""
    help_ = f.help or CODES.get(f.code, ("", ""))[1]
    claims = f.claims or ((f.claim,) if f.claim else ())
    return replace(f, location=loc, source=source, help=help_, claims=claims)


def _grouped(findings: list[Finding], note, old, where: dict) -> list[Finding]:
    """The lost checks of one contiguous edited region of the baseline, as one finding."""
    regions = _regions(old, note, where)
    groups: dict[int, list[Finding]] = {}
    rest = []
    for f in findings:
        if f.code in LOST and f.origin is not None:
            line = old.text.count("\n", 0, f.origin) + 1
            region = regions.get(line)
            if region is not None:
                groups.setdefault(region, []).append(f)
                continue
        rest.append(f)
    for region, members in groups.items():
        rest.append(members[0] if len(members) == 1 else _merge(members, region, regions, note))
    return rest


def _regions(old, note, where: dict) -> dict[int, int]:
    """Baseline line -> the first line of the contiguous edited (deleted or changed) run it is in."""
    old_lines, new_lines = old.text.split("\n"), note.text.split("\n")
    out, first = {}, None
    for n in range(1, len(old_lines) + 1):
        lo, hi = where.get(n, (0, 0))
        same = hi - lo == 1 and 0 < lo <= len(new_lines) and old_lines[n - 1] == new_lines[lo - 1]
        if same:
            first = None
            continue
        first = n if first is None else first
        out[n] = first
    return out


def _merge(members: list[Finding], region: int, regions: dict[int, int], note) -> Finding:
    lead = min(members, key=lambda f: (LOST.index(f.code), RANK[f.severity]))
    lines = [n for n, r in regions.items() if r == region]
    claims = tuple(dict.fromkeys(c for f in members for c in (f.claims or (f.claim,)) if c))
    parts = []
    for code, what in (("NP102", "checked number"), ("NP602", "input"), ("NP204", "formula"),
                       ("NP506", "statement"), ("NP501", "status-table row")):
        items = [f for f in members if f.code == code]
        if items:
            shown = list(dict.fromkeys(f.quoted for f in items if f.quoted))
            parts.append(f"{len(items)} {what}{'s' if len(items) > 1 else ''}"
                         + (f" ({', '.join(shown)})" if shown and code in ("NP102", "NP602") else ""))
    if any(f.code == "NP302" for f in members):
        parts.append("arithmetic that nothing checks")
    held = ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]
    span = f"line {lines[0]}" if len(lines) == 1 else f"lines {lines[0]}-{lines[-1]}"
    who = ", ".join(claims) or "no claim"
    severity = min((f.severity for f in members), key=RANK.get)
    loc = min((f.location for f in members if f.location), key=lambda l: (l.line, l.column), default=None)
    loc = Location(loc.path, loc.line) if loc else None
    return replace(lead, severity=severity, claim=", ".join(claims), claims=claims, location=loc, span=None,
                   message=f"deleted text (baseline {span}) held {held}",
                   quoted=", ".join(dict.fromkeys(f.quoted for f in members if f.quoted and f.code == "NP102")),
                   expected="",
                   help=f"restore the deleted text (`git diff` shows it), or remove what {who} quotes "
                        f"from it in claims.yaml",
                   source=_line(note, loc))


def _line(note, loc: Location | None) -> str:
    if loc is None or not loc.line:
        return ""
    lines = note.text.split("\n")
    return lines[loc.line - 1] if loc.line <= len(lines) else ""
