"""Where the claims of an edited note went: rows, statements, quotes, formulas and tags.

With a baseline, each registered snippet, formula and statement is followed through a
character diff of the edited lines (locate.map_span); without one, it is found again by
similarity (locate.find_number, locate.find_fragment). The result is a Plan: each
claim rewritten to point at the edited text (a quote's new snippet and number, a
formula's new text, a reworded row or statement), the edited status cells, the
findings that need no computation (rows removed or added, statements removed, inputs
or statement numbers changed) and what moved, for the audit to judge once claims run.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from functools import cached_property

from ..errors import NoteproofError
from ..formula.formread import compared_side
from ..model import Finding, FindingKind, Location, Severity
from ..run.claim import input_as_given, input_respelled, printed_settings
from ..run.interval import parse_quoted, same_setting
from ..sources.coverage import Coverage, coverage_of, covers, places, safe_rows
from ..sources.locate import (
    Span,
    Token,
    changed_lines,
    find_fragment,
    find_number,
    map_span,
    numeric_tokens,
    ratio,
    region,
    token_at,
    unique_snippet,
)
from ..sources.notes import Note, Row, number_offset, percent_of, scale_word_end, scaled
from ..sources.numtext import is_word, verdict
from ..sources.readout import is_readout_line, names_another_readout
from ..sources.registry import Claim
from ..sources.reword import changed_in, describe, in_digits, row_changed, signature
from ..sources.tags import LABEL

ROW_MATCH = 0.5
SIGNS = "+-\u2212"


@dataclass(frozen=True)
class Moved:
    """A quote's number or a formula found again after an edit."""

    old: str
    new: str
    start: int             # offsets in the edited note
    end: int
    location: Location


@dataclass(frozen=True)
class NewTag:
    text: str
    old: str
    location: Location


@dataclass
class Plan:
    note: Note
    old: Note | None
    changed: set[int] | None                       # 1-based edited lines of the note; None: no baseline
    where: dict[int, tuple[int, int]] = field(default_factory=dict)   # old line -> new lines
    claims: list[Claim] = field(default_factory=list)                 # rewritten, to run
    findings: list[Finding] = field(default_factory=list)
    quotes: dict[tuple[str, int], Moved] = field(default_factory=dict)
    formulas: dict[tuple[str, int], Moved] = field(default_factory=dict)
    tags: dict[str, NewTag] = field(default_factory=dict)
    touched: set[str] = field(default_factory=set)
    gone: set[str] = field(default_factory=set)                       # row or statement removed
    reworded: list[tuple[Claim, str, str, int]] = field(default_factory=list)

    @cached_property
    def placed(self) -> frozenset[int]:
        """Where the report places each quoted number of the note's claims (Note.quote_at): a
        number followed through the diff to one of these is another quote's, never this one's."""
        claims = self.note.registry[0] if self.note.registry else ()
        return frozenset(at[0] for c in claims for q in c.quotes
                         if (at := self.note.quote_at(q.snippet, q.number)) is not None)

    @cached_property
    def lines(self) -> tuple[list[str], list[str]]:
        """The baseline's and the note's lines, split once (_unchanged asks for them often)."""
        return (self.old.text.split("\n") if self.old is not None else [], self.note.text.split("\n"))


def plan_note(note: Note, old: Note | None, claims: tuple[Claim, ...]) -> Plan:
    changed, where = changed_lines(old.text, note.text) if old is not None else (None, {})
    plan = Plan(note, old, changed, where)
    rows = _match_rows(plan, claims)
    for claim in claims:
        if claim.id in plan.gone:
            continue
        new = replace(claim, row=rows[claim.id].text) if claim.id in rows else claim
        if claim.statement is not None:
            new = _statement(plan, claim)
            if new is None:
                continue
        new = replace(new, quotes=tuple(_quote(plan, claim, i) for i in range(len(claim.quotes))),
                      formulas=_formulas(plan, claim))
        if claim.id in plan.tags or _anchored_on_changed(plan, new) or _judged_on_changed(plan, claim) \
                or claim.reads_note and changed:   # its checks read the note itself (probe 90: b02, a table cell)
            plan.touched.add(claim.id)
        plan.claims.append(new)
    _judge_rewording(plan)
    return plan


def _finding(plan: Plan, kind: str, severity: Severity, claim: str, where: Location | None, message: str,
             quoted: str = "", expected: str = "", **how) -> None:
    """``how``: the Finding's code, help, span (edited offsets) and origin (baseline offset)."""
    plan.findings.append(Finding(kind, severity, claim, where, message, quoted, expected, **how))
    if claim:
        plan.touched.add(claim)


def _unchanged(plan: Plan, a: int, b: int) -> bool:
    """Do the baseline lines holding ``old[a:b]`` stand unedited in the note?"""
    old_lines, new_lines = plan.lines
    first, last = plan.old.text.count("\n", 0, a) + 1, plan.old.text.count("\n", 0, max(a, b - 1)) + 1
    for n in range(first, last + 1):
        lo, hi = plan.where[n]
        if hi - lo != 1 or old_lines[n - 1] != new_lines[lo - 1]:
            return False
    return True


def _follow(plan: Plan, text: str, a: int | None = None) -> tuple[int, int] | None | bool:
    """True when ``text`` (at baseline offset ``a``, default its first occurrence) stands
    unedited; else its edited span (None: deleted; False: no baseline)."""
    if plan.old is None or plan.old.text.find(text) < 0:
        return False
    a = plan.old.text.find(text) if a is None else a
    if _unchanged(plan, a, a + len(text)):
        return True
    return map_span(plan.old.text, plan.note.text, a, a + len(text), plan.where)


# ------------------------------------------------------------------ rows, statements and tags

def _match_rows(plan: Plan, claims: tuple[Claim, ...]) -> dict[str, Row]:
    """claim id -> its row in the edited table; removed/added rows become findings."""
    rows, why = safe_rows(plan.note)
    if why is not None:
        _finding(plan, "row", Severity.ERROR, "", why.location, f"status table unreadable after the edit: {why.message}",
                 code="NP503", help="restore the table's layout: one row a line, the claim and its tag "
                                    "separated by a tab")
        return {}
    with_rows = [c for c in claims if c.row is not None]
    matched = {c.id: r for c in with_rows for r in rows if r.text == c.row}
    for claim in (c for c in with_rows if c.id not in matched):   # reworded, as the report finds it (Note.row_of)
        row = plan.note.row_of(claim.row)
        if row is not None and row not in matched.values():
            matched[claim.id] = row
            plan.reworded.append((claim, "row", row.text, plan.note.text.find(row.text + "\t")))
    free = [r for r in rows if r not in matched.values()]
    pairs = sorted(((ratio(c.row, r.text), i, c, r) for i, c in enumerate(with_rows) if c.id not in matched
                    for r in free), key=lambda t: (-t[0], t[1]))
    for score, _, claim, row in pairs:
        if score >= ROW_MATCH and claim.id not in matched and row not in matched.values():
            matched[claim.id] = row
            offset = plan.note.text.find(row.text + "\t")
            plan.reworded.append((claim, "row", row.text, offset))
    for claim in with_rows:
        if claim.id not in matched:
            plan.gone.add(claim.id)
            _finding(plan, "row", Severity.ERROR, claim.id, old_place(plan, claim.row),
                     f"status-table row removed: \"{claim.row}\" (claim {claim.id}, {claim.location})",
                     code="NP501", origin=_old_at(plan, claim.row),
                     help=f"restore the row, or remove claim {claim.id} from claims.yaml")
    for row in rows:
        if row not in matched.values():
            at = plan.note.text.find(row.text + "\t")
            _finding(plan, "row", Severity.ERROR, "", row.location,
                     f"status-table row added that no claim encodes: \"{row.text}\"", row.tag,
                     code="NP502", span=(at, at + len(row.text)) if at >= 0 else None,
                     help="add a claim for it to claims.yaml (`noteproof scan --emit-stubs` prints a stub)")
    for claim in with_rows:
        row = matched.get(claim.id)
        if row is not None and row.tag != claim.tag.text:
            plan.tags[claim.id] = NewTag(row.tag, claim.tag.text, row.location)
    return matched


def _old_at(plan: Plan, text: str) -> int | None:
    if plan.old is None:
        return None
    at = plan.old.text.find(text)
    return at if at >= 0 else None


def old_place(plan: Plan, text: str) -> Location | None:
    """Where ``text`` stood in the baseline, as a line of the edited note."""
    if plan.old is None or plan.old.locate(text) is None:
        return None
    return Location(plan.note.path, plan.where[plan.old.locate(text).line][0])


def _statement(plan: Plan, claim: Claim) -> Claim | None:
    text, at = plan.note.text, -1
    followed = _follow(plan, claim.statement)
    if followed is True or (followed is False and text.find(claim.statement) >= 0):
        at, new = text.find(claim.statement), claim
    else:
        span = None if followed is False else followed
        if followed is False:
            found = find_fragment(text, claim.statement, (0, len(text)))
            span = (found.start, found.end) if found else None
        if span is None or ratio(text[span[0]:span[1]], claim.statement) < ROW_MATCH:
            # where the report finds it reworded (one judge): its clauses turned round, say
            stated = plan.note.stated(claim.statement, claim.quoted)
            span = None if stated is None else (stated[0], stated[0] + len(stated[1]))
        if span is None:
            plan.gone.add(claim.id)
            _finding(plan, "statement", Severity.ERROR, claim.id, old_place(plan, claim.statement),
                     f"statement of {claim.id} removed: \"{claim.statement}\"", code="NP506",
                     origin=_old_at(plan, claim.statement),
                     help=f"restore the sentence, or remove claim {claim.id} from claims.yaml")
            return None
        at, new = span[0], replace(claim, statement=text[span[0]:span[1]])
        if new.statement == claim.statement:
            new = claim
        elif changed_in(plan.note.text, claim.statement, new.statement) is None \
                and signature(new.statement) == signature(claim.statement) \
                and plan.note.stated(claim.statement, claim.quoted) is None:
            # one judge: a rewording of the words alone that the report does not find is no
            # rewording; the claim is judged as registered, and fails where the report fails it
            # (audit.judgments: NP901). Its mathematics edited, its numbers' findings judge it
            plan.touched.add(claim.id)
            _label(plan, claim, span[1])
            return claim
        else:
            plan.reworded.append((claim, "statement", new.statement, at))
    _label(plan, claim, at + len(new.statement))
    return new


def _label(plan: Plan, claim: Claim, after: int) -> None:
    """A labelled statement's tag is the first sentence after it that is a bare label ("Identity.")."""
    if not claim.tag.label:
        return
    label = LABEL.search(plan.note.text, after)
    if label is None or _norm(label.group(1)) == _norm(claim.tag.text):
        return
    if plan.old is not None and claim.statement in plan.old.text:
        before = LABEL.search(plan.old.text, plan.old.text.find(claim.statement))
        if before is not None and _norm(before.group(1)) == _norm(label.group(1)):
            return
    plan.tags[claim.id] = NewTag(label.group(1), claim.tag.text, plan.note.location_of(label.start(1)))


def _norm(tag: str) -> str:
    return " ".join(tag.strip().rstrip(".").lower().split())


def _judge_rewording(plan: Plan) -> None:
    """A reworded row or statement: a notice, or an error when a number nothing checks changed."""
    spans = covers(plan.note, tuple(plan.claims))
    for claim, what, new, at in plan.reworded:
        old = claim.row if what == "row" else claim.statement
        # one judge: what the report's finding of a row or statement asks (sources.reword)
        change = row_changed(old, new, plan.note.text) if what == "row" else changed_in(plan.note.text, old, new)
        if change is not None:
            was, now = change
            _finding(plan, what, Severity.ERROR, claim.id, plan.note.location_of(max(at, 0)),
                     f"{what} of {claim.id} reworded with another meaning ({describe(change, old, new)}); "
                     f"the claim's checks were written for \"{old}\"", now, was, code="NP507",
                     help=f"restore \"{was}\", or change the claim's checks and claims.yaml to the new statement"
                     if was else f"remove \"{now}\", or change the claim's checks and claims.yaml to the new statement")
            continue
        # a count in words the new text prints in digits is the same number ("Twelve" -> "12")
        a, b = numeric_tokens(in_digits(old, new)), numeric_tokens(plan.note.text, max(at, 0), max(at, 0) + len(new))
        bad = []
        # the same numbers in another order (its clauses turned round) are no new numbers: a quote
        # whose words changed with them says so itself (NP102)
        va, vb = _texts(a), _texts(b)
        moved = sorted(map(repr, va)) == sorted(map(repr, vb))
        for op, i1, i2, j1, j2 in () if moved else SequenceMatcher(None, va, vb, autojunk=False).get_opcodes():
            if op != "equal":
                olds, news = a[i1:i2], b[j1:j2]
                if not news or any(coverage_of(t, spans)[0] is Coverage.UNACCOUNTED for t in news):
                    bad.append((olds, news))
        where = plan.note.location_of(max(at, 0))
        if bad:
            was = ", ".join(t.text for o, _ in bad for t in o) or "none"
            now = ", ".join(t.text for _, n in bad for t in n) or "none"
            first = bad[0][1][0] if bad[0][1] else None
            _finding(plan, what, Severity.ERROR, claim.id, plan.note.location_of(first.start) if first else where,
                     f"{what} of {claim.id} reworded with other numbers that nothing checks ({was} -> {now}); "
                     f"the claim's checks were written for \"{old}\"", now, was, code="NP504",
                     span=(first.start, first.end) if first else None,
                     help=f"restore {was}, or change the claim's check and claims.yaml to the new wording")
        else:
            _finding(plan, what, Severity.NOTICE, claim.id, where, f"{what} of {claim.id} reworded: \"{old}\" -> "
                     f"\"{new}\"", code="NP505")


def _texts(tokens: list[Token]) -> list:
    out = []
    for t in tokens:
        try:
            out.append(parse_quoted(t.text))
        except NoteproofError:
            out.append(t.text)
    return out


# ------------------------------------------------------------------ quotes and formulas

def _quote(plan: Plan, claim: Claim, i: int):
    q = claim.quotes[i]
    text, whole = plan.note.text, (0, len(plan.note.text))
    if is_word(q.number) or verdict(q.number) is not None:   # "ten", "no": found by its words, not as a token
        at = plan.note.quote_at(q.snippet, q.number)
        if at is not None and at[1] == q.number:
            return q
        return _moved_quote(plan, claim, i, Token(at[1], at[0], at[0] + len(at[1])) if at else None)
    off = number_offset(q.snippet, q.number)
    tok: Token | Span | None = None
    followed = _follow(plan, q.snippet)
    if followed is True:
        return q
    if followed is False:
        at = text.find(q.snippet)
        if at >= 0:
            tok = _unsigned(q, text, token_at(text, at + off, at + off + len(q.number), (at, at + len(q.snippet))))
            if tok is not None and (tok.start, text[tok.start:tok.end]) == (at + off, q.number):
                return q
        tok = find_number(text, q.snippet, q.number, whole)
    elif (at := plan.note.quote_at(q.snippet, q.number)) is not None:
        tok = Token(at[1], at[0], at[0] + len(at[1]))   # where the report reads it (one judge): "100 x 0.05" reordered
    else:
        a = plan.old.text.find(q.snippet) + off
        span = map_span(plan.old.text, text, a, a + len(q.number), plan.where)
        near = region(text, plan.where[plan.old.text.count("\n", 0, a) + 1], margin=0)
        tok = token_at(text, *span, near) if span else find_number(text, q.snippet, q.number, near)
        if tok is not None and tok.start in plan.placed:   # another quote's number, where the report places it
            tok = None                                      # ("1 / 0.19 = 5.263" for "- 5 = 0.263" reordered)
        if tok is not None and scaled(text, (tok.start, text[tok.start:tok.end]), q.snippet, q.number):
            tok = None   # "1 percent" for "1": another quantity, as the report reads it (Note.quote_at)
        if tok is not None and is_readout_line(q.snippet) and names_another_readout(text, q.snippet, tok.start):
            tok = None   # "Size of gap |theta|: 1.2" for "Size of multiplier ...": another read-out, as the report reads it
    if tok is None and (at := plan.note.quote_at(q.snippet, q.number)) is not None:
        tok = Token(at[1], at[0], at[0] + len(at[1]))   # where the report reads it: "time six", reordered words
    return _moved_quote(plan, claim, i, _unsigned(q, text, tok))


def _unsigned(q, text: str, tok):
    """A quote of "1.2" in "e^(-1.2 x 6)" leaves the operator out: so does its edited token."""
    if tok is None or text[tok.start] not in SIGNS:
        return tok
    off = number_offset(q.snippet, q.number)
    own = token_at(q.snippet, off, off + len(q.number), (0, len(q.snippet)))
    if own is not None and own.text[:1] in SIGNS and q.number[:1] not in SIGNS:
        return Span(tok.start + 1, tok.end, 0.0)
    return tok


def _moved_quote(plan: Plan, claim: Claim, i: int, tok):
    q, text = claim.quotes[i], plan.note.text
    plan.touched.add(claim.id)
    if tok is None:
        if q.input and not input_respelled(q, claim, plan.note):   # as the report reads it (one judge)
            _finding(plan, "input", Severity.WARNING, claim.id, old_place(plan, q.snippet),
                     f"input {q.number} ({q.input}) is no longer in the note: it stood in \"{q.snippet}\"", q.number,
                     code="NP602", origin=_old_at(plan, q.snippet),
                     help=f"restore \"{q.snippet}\", or change the input's snippet in claims.yaml")
        return q
    number = text[tok.start:tok.end]
    if percent_of(text, q.snippet, q.number, (tok.start, number)) != (tok.start, number):   # 1.07% for 0.0107
        number, tok = number + "%", Span(tok.start, tok.end + 1, 0.0)
    start = tok.start - number_offset(q.snippet, q.number)
    if number == q.number and text[start:start + len(q.snippet)] == q.snippet:
        return q
    moved = Moved(q.number, number, tok.start, tok.end, plan.note.location_of(tok.start))
    plan.quotes[(claim.id, i)] = moved
    if q.param and _texts([moved_token(moved)]) != _texts([Token(q.number, 0, 0)]):
        _setting_moved(plan, claim, q, moved)
    elif q.input and _texts([moved_token(moved)]) != _texts([Token(q.number, 0, 0)]) \
            and not input_as_given(plan.note, (moved.start, number), q.given or q.number):   # as the report reads it
        _finding(plan, FindingKind.INPUT, Severity.ERROR, claim.id, moved.location,
                 f"the note now states {number} where {q.number} was taken as given ({q.input}); the checks "
                 f"still compute with {q.number}", number, q.number, code="NP601", span=(moved.start, moved.end),
                 help=f"restore {q.number}, or change the setting in the content and claims.yaml")
    given = q.given or q.number if q.input and not q.param else None   # what the checks still take
    # the word of scale after it stays in the snippet, as the report reads it (Note._scaled)
    return replace(q, snippet=unique_snippet(text, tok.start, scale_word_end(text, tok.end)), number=number, given=given)


def _setting_moved(plan: Plan, claim: Claim, q, moved: Moved) -> None:
    """A page setting (param:) printed otherwise: the checks run at what the note prints, so it is
    an error only where the page's other prints of the setting now disagree with it."""
    others = {value for name, value, at in printed_settings(claim, plan.note) if name == q.param and at != moved.start}
    differ = sorted(o for o in others if not same_setting(o, moved.new))
    if differ:
        _finding(plan, FindingKind.INPUT, Severity.ERROR, claim.id, moved.location,
                 f"the note now states {q.param} = {moved.new} here, but {', '.join(differ)} elsewhere on the page "
                 f"({q.input}); every place that prints the setting must agree", moved.new, q.number,
                 code="NP601", span=(moved.start, moved.end),
                 help=f"restore {q.number}, or print {moved.new} at every place that states {q.param}")


def moved_token(m: Moved) -> Token:
    return Token(m.new, m.start, m.end)


def _formulas(plan: Plan, claim: Claim) -> tuple:
    """Each formula at its first occurrence, plus a copy for each other occurrence the edit changed."""
    out: list = []
    for f in claim.formulas:
        out.append(_formula(plan, claim, f, len(out)))
        if plan.old is not None:
            at = plan.old.text.find(f.text, plan.old.text.find(f.text) + 1)
            while at >= 0:
                other = _formula(plan, claim, f, len(out), at)
                if other is not f:
                    out.append(other)
                at = plan.old.text.find(f.text, at + 1)
    return tuple(out)


def _formula(plan: Plan, claim: Claim, f, index: int, at: int | None = None):
    text = plan.note.text
    followed = _follow(plan, f.text, at)
    if followed is True or (followed is False and _bounded(text, f.text, text.find(f.text), f.plain)):
        return f
    plan.touched.add(claim.id)
    if followed is False:
        found = find_fragment(text, f.text, (0, len(text)), math=not f.plain)
        span = _widen(text, f.text, (found.start, found.end), f.plain) if found else None
    else:
        span = followed
    if span is None:
        return f
    span = _snap(plan, f.text, span)
    # where the report reads it (one judge): its place in the edited span, if any
    placed = places(plan.note, f.text, claim.quoted, f.plain)
    judged = [p for p in placed if p.start < span[1] and span[0] < p.end]
    if judged:
        span = (judged[0].start, judged[0].end)
    elif placed or at is not None:
        return f   # the report reads the formula elsewhere, not in this edited span (another formula's)
    new = text[span[0]:span[1]]
    if new == f.text:
        return f
    plan.formulas[(claim.id, index)] = Moved(f.text, new, span[0], span[1], plan.note.location_of(span[0]))
    return replace(f, text=new, side=compared_side(replace(f, text=new), f.text))


def _bounded(text: str, formula: str, at: int, plain: bool) -> bool:
    """Found, and not continued by more of an expression ("CS\\Delta s" inside "CS\\Delta s^2")."""
    if at < 0:
        return False
    after = text[at + len(formula):at + len(formula) + 1]
    return not re.match(r"[\w^(]" if plain else r"[\w^_{(\\]", after)


def _widen(text: str, formula: str, span: tuple[int, int], plain: bool) -> tuple[int, int]:
    """Without a baseline: a window found by similarity takes in what is glued to its end,
    or (LaTeX) the whole ``$...$`` when that is about as similar."""
    a, b = span
    if plain:
        while b < len(text) and re.match(r"[\w^()/*+-]", text[b]) and not (text[b] == ")" and
                                                                         text[a:b].count("(") <= text[a:b].count(")")):
            b += 1
        return a, b
    lo, hi = text.rfind("$", 0, a + 1), text.find("$", b - 1)
    if 0 <= lo < a + 1 and hi >= b - 1 and "\n" not in text[lo:hi]:
        lo = lo + 1
        while lo < hi and text[lo] == "$":
            lo += 1
        if ratio(text[lo:hi], formula) >= ratio(text[a:b], formula) - 0.1:
            return lo, hi
    return a, b


def _snap(plan: Plan, formula: str, span: tuple[int, int]) -> tuple[int, int]:
    """A formula that filled a whole ``$...$`` in the baseline fills the whole edited one."""
    old = plan.old.text if plan.old is not None else ""
    if f"${formula}$" not in old:
        return span
    text = plan.note.text
    a, b = text.rfind("$", 0, span[0] + 1), text.find("$", max(span[0], span[1] - 1))
    line_start, line_end = text.rfind("\n", 0, span[0]) + 1, text.find("\n", span[0])
    if a < line_start or b < 0 or (0 <= line_end < b):
        return span
    a += 1
    while a < b and text[a] == "$":
        a += 1
    return (a, b) if a < b else span


def _judged_on_changed(plan: Plan, claim: Claim) -> bool:
    """Does the report read any of the claim's formulas or quotes on an edited line (one judge: an
    edited span spelled like a formula is that formula's edited occurrence, sources.anchor)?"""
    if not plan.changed:
        return False
    note = plan.note
    spans = [(p.start, p.end) for f in claim.formulas for p in places(note, f.text, claim.quoted, f.plain)]
    spans += [(at[0], at[0] + len(at[1])) for q in claim.quotes if (at := note.quote_at(q.snippet, q.number))]
    return _on_changed(plan, spans)


def _anchored_on_changed(plan: Plan, claim: Claim) -> bool:
    """Does any of the claim's anchors in the edited note sit on an edited line?"""
    if not plan.changed:
        return False
    anchors = [claim.text, *(q.snippet for q in claim.quotes), *(f.text for f in claim.formulas)]
    return _on_changed(plan, [(at, at + len(a)) for a in anchors if (at := plan.note.text.find(a)) >= 0])


def _on_changed(plan: Plan, spans: list[tuple[int, int]]) -> bool:
    """Does any of the spans (offsets in the edited note) touch an edited line?"""
    note = plan.note
    for a, b in spans:
        first, last = note.location_of(a).line, note.location_of(max(a, b - 1)).line
        if any(n in plan.changed for n in range(first, last + 1)):
            return True
    return False
