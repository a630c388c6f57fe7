"""Edited mathematics that no registered formula checks: an audit error, never silence.

The notes hold math (``$...$`` and ``$$...$$``, and plain-text arithmetic such as
"x1 = x0 + h(-a x0) = 1 - 1.5 x 1.2 x 1 = -0.8") beyond the formulas claims.yaml registers:
hypotheses (``$\\beta <1$``), definitions, sub-results. An edit that changes one of them
cannot be judged by any check, so, like a status-table row that no claim encodes, it is an
error that says so: register the formula, or restore it. Edits confined to registered
formulas (judged by their checks) or to numbers (judged by quotes, inputs, labels and the
coverage findings) are left to those; a segment inserted that holds no operator or relation
(a symbol named in prose) is not a formula.
"""
from __future__ import annotations

import re
from difflib import SequenceMatcher
from typing import NamedTuple

from ..model import Finding, Severity
from ..sources.coverage import stated_spans, tag_cells
from ..sources.locate import line_offsets, numeric_tokens
from ..sources.numtext import MINUS, PERCENT
from ..sources.registry import Claim
from ..sources.spelling import spelling
from .follow import Plan
from .present import changed_span

MATH = re.compile(r"\$\$(.+?)\$\$|\$([^$\n]+?)\$", re.S)
OPERATOR = re.compile(r"[=<>+\-*/^|]|\\(?:le|ge|leq|geq|ne|neq|approx|simeq|sim|propto|frac|sqrt|sum|prod|int|to"
                      r"|Rightarrow|implies|cdot|times|partial|nabla)(?![A-Za-z])")


class Segment(NamedTuple):
    text: str
    start: int


def segments(text: str) -> list[Segment]:
    return [Segment(m.group(1) or m.group(2), m.start(1) if m.group(1) else m.start(2)) for m in MATH.finditer(text)]


def unchecked_math_findings(plan: Plan, originals: tuple[Claim, ...]) -> list[Finding]:
    """Every math segment the edit changed or added outside the registered formulas."""
    if plan.old is None:
        return []
    old, new = segments(plan.old.text), segments(plan.note.text)
    before = sorted({f.text for c in originals for f in c.formulas}, key=len, reverse=True)
    after = sorted({f.text for c in plan.claims for f in c.formulas}, key=len, reverse=True)
    # read by each claim's tag judge or statement's reading, as the report's coverage does
    cells = tag_cells(plan.note, plan.claims) + stated_spans(plan.note, plan.claims)
    out = []
    ops = SequenceMatcher(None, [s.text for s in old], [s.text for s in new], autojunk=False).get_opcodes()
    for op, i1, i2, j1, j2 in ops:
        if op not in ("replace", "insert"):
            continue
        for k, seg in enumerate(new[j1:j2]):
            was = old[i1 + k].text if op == "replace" and i1 + k < i2 else None
            if any(a <= seg.start and seg.start + len(seg.text) <= b for a, b, _ in cells):
                continue
            rest = _unregistered(seg.text, after)
            if was is not None and _unregistered(was, before) == rest:
                continue
            if not rest.replace("#", "").replace("\x00", "").strip(" .,;:") or (was is None and not OPERATOR.search(rest)):
                continue
            shown = f"${seg.text}$" + (f" (was ${was}$)" if was is not None else " (new)")
            span = changed_span(was, seg.text, seg.start, latex=True) if was is not None else None
            span = span or (seg.start, seg.start + len(seg.text))
            out.append(Finding("formula", Severity.ERROR, "", plan.note.location_of(span[0]),
                               f"edited math that no registered formula checks: {shown}", seg.text, was or "",
                               code="NP301", span=span,
                               help=(f"restore ${was}$, or " if was is not None else "") +
                               "register it in claims.yaml (formulas:) so that a derivation checks it"))
    return out


OPERATORS = set("+*/^=<>×−")   # not "·": the notes use it to separate items
NEAR = 2   # a changed letter or digit this close to an operator is part of the arithmetic


def unchecked_arithmetic_findings(plan: Plan) -> list[Finding]:
    """Plain-text arithmetic an edit changed (an operator, or a name or digit beside one; not a
    minus respelled ``−``) outside ``$...$``, registered plain formulas and numbers (which quotes
    judge)."""
    if plan.old is None:
        return []
    old_lines, new_lines = plan.old.text.split("\n"), plan.note.text.split("\n")
    formulas = [f.text for c in plan.claims for f in c.formulas if f.plain]
    steps = held_steps(plan.note)
    out = []
    for n, (lo, hi) in sorted(plan.where.items()):
        if hi - lo != 1 or old_lines[n - 1] == new_lines[lo - 1]:
            continue
        # a Unicode minus is a minus (one character for one: the offsets stand)
        a, b = (line.replace(MINUS, "-") for line in (old_lines[n - 1], new_lines[lo - 1]))
        if a == b:
            continue
        if any(m != n and l2 <= lo < h2 and old_lines[m - 1] == b for m, (l2, h2) in plan.where.items()):
            continue   # the edited line is another baseline line, unedited (lines deleted before it)
        for op, i1, i2, j1, j2 in SequenceMatcher(None, a, b, autojunk=False).get_opcodes():
            if op != "equal" and (_arithmetic(a, i1, i2) or _arithmetic(b, j1, j2)) \
                    and not _judged_elsewhere(b, j1, j2, formulas) and not _judged_elsewhere(a, i1, i2, []):
                at = line_offsets(plan.note.text)[lo - 1] + j1
                span = (at, at + max(1, j2 - j1))
                if any(a0 <= span[0] and span[1] <= b0 for a0, b0 in steps):
                    continue   # inside a worked step that holds as printed: run.steps judged it

                origin = line_offsets(plan.old.text)[n - 1] + i1 if j1 == j2 else None
                before, after = _window(a, i1, i2), _window(b, j1, j2)
                shown = (f"`{after}` (was `{before}`)" if before else f"`{after}` (new)") if after \
                    else f"`{before}` deleted"
                out.append(Finding("formula", Severity.ERROR, "", plan.note.location_of(at),
                                   f"edited arithmetic that no registered formula checks: {shown}",
                                   b[j1:j2], a[i1:i2], code="NP302", span=span, origin=origin,
                                   help=(f"restore `{before}`, or " if before else "") +
                                   "register it in claims.yaml (formulas:) so that a check reads it"))
                break
    return out


def new_note_findings(note) -> list[Finding]:
    """A note claims.yaml does not list (sources.newnotes): each worked step that does not hold
    as printed (run.steps), located at the step with the value it should print, and each
    self-contained relation SymPy shows wrong (run.identities, NP206), with its counterexample."""
    from ..formula.chains import links
    from ..run.relations import relation_checks
    from ..run.steps import judge, wrong_step
    out = [Finding("formula", Severity.ERROR, "", c.location, f"the relation ${c.printed.strip()}$ is {c.message}",
                   c.printed, "", code="NP206", span=_span(note, c.location, c.printed),
                   help="correct either side, or state the range where it holds in the same sentence")
           for c in relation_checks(note) if c.wrong]
    for c in (judge(k, note) for k in links(note)):
        if c.holds:
            continue
        link = c.link
        out.append(Finding("number", Severity.ERROR, "", c.location, wrong_step(c, located=False),
                           link.right.text, c.expected, code="NP105", span=(link.left.start, link.right.end),
                           help=(f"print {c.expected} for {link.right.text}, or correct the operand that was mistyped"
                                 if c.expected else f"correct {link.left.text} or {link.right.text}")))
    return out


def _span(note, where, printed: str) -> tuple[int, int]:
    """The offsets of a span printed at ``where`` (its first line's column)."""
    from ..sources.locate import line_offsets
    start = line_offsets(note.text)[where.line - 1] + where.column - 1
    return start, start + len(printed)


def held_steps(note) -> list[tuple[int, int]]:
    """Where the worked steps that hold as printed stand (run.steps): an edit inside one is
    arithmetic the report judged (``1.2 x 0+1 = 1``, ``x`` written ``×``), not unchecked."""
    from ..formula.chains import links
    from ..run.steps import judge
    return [(k.left.start, k.right.end) for k in links(note) if judge(k, note).holds]


def _arithmetic(line: str, i: int, j: int) -> bool:
    """Does line[i:j] (changed) hold an operator, or stand beside one?"""
    for k in range(i, j):
        if _operator(line, k):
            return True
    if not line[i:j].strip() and i == j:
        return any(_operator(line, k) for k in range(max(0, i - 1), min(len(line), i + 1)))
    return any(line[k].isalnum() for k in range(i, j)) and \
        any(_operator(line, k) for k in range(max(0, i - NEAR), min(len(line), j + NEAR)))


def _operator(line: str, k: int) -> bool:
    c = line[k]
    if c in OPERATORS:
        return True
    if c != "-":
        return False
    left, right = line[k - 1:k], line[k + 1:k + 2]
    return not (left.isalpha() and right.isalpha())      # "first-order" is a word, "1 - h" is not


def _window(line: str, i: int, j: int, reach: int = 16) -> str:
    """``line[i:j]`` with what surrounds it, cut at white space (never inside a word or a
    LaTeX command), at most about ``reach`` characters either side."""
    if not line[i:j].strip() and i == j:
        return ""
    lo = max(0, i - reach)
    while lo > 0 and not line[lo - 1].isspace():
        lo -= 1
    hi = min(len(line), j + reach)
    while hi < len(line) and not line[hi].isspace():
        hi += 1
    return line[lo:hi].strip()


def _judged_elsewhere(line: str, i: int, j: int, formulas: list[str]) -> bool:
    """Inside $...$ or $$...$$ (mathedit), a registered plain formula, or a number token (the quotes)."""
    spans = [(m.start(), m.end()) for m in MATH.finditer(line)]
    spans += [(m.start(), m.start() + len(f)) for f in formulas for m in re.finditer(re.escape(f), line)]
    # a number's digits, not its sign: "e^(-1.2 x 6)" -> "e^(1.2 x 6)" changes the arithmetic
    spans += [(t.start + (t.text[:1] in "+-−"), t.end) for t in numeric_tokens(line)]
    lo, hi = (i, j) if j > i else (i - 1, i + 1)
    return any(a <= max(lo, 0) and min(hi, len(line)) <= b for a, b in spans)


def _unregistered(text: str, formulas: list[str]) -> str:
    """The segment without its registered formulas, numbers (a percentage too) as '#', its notation
    set aside (sources.spelling: ``\\approx`` is ``\\simeq``; a Unicode minus is ``-``), white space only
    where it parts words."""
    for f in formulas:
        text = text.replace(f, "\x00")
    text = text.replace(MINUS, "-")
    for tok in reversed(numeric_tokens(text)):
        text = text[:tok.start] + "#" + text[tok.end:]
    text = spelling(re.sub("#" + PERCENT, "#", text))[0]
    text = re.sub(r"(?<![A-Za-z])\s+|\s+(?![A-Za-z])", "", text)   # LaTeX ignores it, but "\\beta x"
    return re.sub(r"\s+", " ", text)


def unchecked_prose_findings(plan: Plan, claims: tuple[Claim, ...], spec) -> list[Finding]:
    """Every sentence the report finds unaccounted in the edited note and not in the baseline
    (formula.declared.prose_read: no claim states it and claims.yaml's ``prose:`` lists no sentence
    with its senses): a word of comparison, direction, quantity or quantification changed where no
    check reads it. The report's own judgment, not the diff's lines: one judge."""
    from ..formula.declared import prose_read
    before = set() if plan.old is None else \
        {p.text for p in prose_read(plan.old, claims, spec) if p.coverage == "unaccounted"}
    out = []
    for p in prose_read(plan.note, claims, spec):
        if p.coverage != "unaccounted" or p.text in before:
            continue
        word = p.change.split(" -> ")[-1].strip('"') if p.change else ""
        hit = re.compile(rf"\b{re.escape(word)}\b").search(plan.note.text, p.start, p.end) \
            if word and word != "-" else None
        span = hit.span() if hit else (p.start, p.end)
        out.append(Finding("statement", Severity.ERROR, "", plan.note.location_of(span[0]),
                           f"edited prose that no check reads: \"{p.text}\""
                           + (f" (its words changed sense: {p.change})" if p.change else " (a new sense)"),
                           p.text, code="NP303", span=span,
                           help="restore the sentence's words, or list the sentence under the note's prose: in "
                                "claims.yaml (`noteproof scan --prose` prints it) if the new words are meant"))
    return out
