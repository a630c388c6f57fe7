"""What covers each status-table row and each numeric token of a note (`noteproof scan`).

A token is covered by a *check* when it is the number of a quote with ``numeric:`` (at
the first occurrence of the snippet, the one the engine checks) or lies inside a formula
registered under ``formulas:`` (at every occurrence: the same text is the same formula,
and the audit follows each); by an *input* when it is the
number of a quote with ``input:``; by a *label* when it lies inside a match of one
of the note's ``labels:`` patterns in claims.yaml. Anything else is *unaccounted*.
See noteproof/locate.py for what a numeric token is.
"""
from __future__ import annotations

import enum
import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Callable

from ..defaults import APPROX_EQUAL
from ..errors import NoteError, RegistryError
from ..model import Location
from . import anchor
from .locate import Token, numeric_tokens
from .named import renamed
from .notes import Note, Row, number_offset, table_rows, whole_numbers
from .numtext import PERCENT
from .readout import answer, is_readout, quotes_line, same_readout
from .registry import Claim, NoteSpec
from .reword import SENTENCE, SIGN_SPAN
from .safeyaml import yaml_quote
from .spelling import MATH_SPAN, skeleton, spelling
from .tags import TagError, parse_tag


class Coverage(enum.StrEnum):
    """What covers a numeric token, strongest first. A StrEnum: its members are the strings of
    `noteproof scan --json` ("check", ...)."""

    CHECK = "check"
    INPUT = "input"
    LABEL = "label"
    UNACCOUNTED = "unaccounted"


RANK = {Coverage.CHECK: 0, Coverage.INPUT: 1, Coverage.LABEL: 2}


@dataclass(frozen=True)
class Cover:
    start: int
    end: int
    coverage: Coverage     # check | input | label
    by: str                # numeric / derivation id, claim id and reason, or the label's why


@dataclass(frozen=True)
class NumberCoverage:
    token: Token
    location: Location
    coverage: Coverage
    by: str = ""


@dataclass(frozen=True)
class MathCoverage:
    text: str              # the span's inner text
    location: Location
    coverage: str          # check | definition | restatement | unaccounted
    by: str = ""
    plain: bool = False    # a plain-text formula of the prose (Note.plain_math), printed without $...$

    @property
    def printed(self) -> str:
        """The span as the note prints it: ``$...$`` around LaTeX, a plain-text formula bare."""
        return self.text if self.plain else f"${self.text}$"


@dataclass(frozen=True)
class ProseCoverage:
    text: str              # the sentence as printed
    location: Location
    coverage: str          # check | prose | unaccounted | unlisted (the note's entry has no prose: key)
    by: str = ""           # the claim that states it, or why the registry lists it as prose
    change: str = ""       # unaccounted: the sense it changed from the nearest listed sentence ("negative" -> "positive")
    start: int = 0         # its offset in the note
    end: int = 0
    rewords: str = field(default="", compare=False)   # prose: the listed sentence it prints, reworded or not


@dataclass(frozen=True)
class RowCoverage:
    row: str
    tag: str
    claim: str             # "" when no claim encodes the row
    location: Location


@dataclass(frozen=True)
class NoteScan:
    key: str
    path: str
    rows: tuple[RowCoverage, ...]
    numbers: tuple[NumberCoverage, ...]
    math: tuple[MathCoverage, ...] = ()
    prose: tuple[ProseCoverage, ...] = ()

    @property
    def unaccounted_prose(self) -> tuple[ProseCoverage, ...]:
        return tuple(p for p in self.prose if p.coverage == "unaccounted")

    @property
    def unaccounted(self) -> tuple[NumberCoverage, ...]:
        return tuple(n for n in self.numbers if n.coverage is Coverage.UNACCOUNTED)

    @property
    def unaccounted_math(self) -> tuple[MathCoverage, ...]:
        return tuple(m for m in self.math if m.coverage == "unaccounted")


_RANGE = re.compile(r"<|>|\\l[et]\b|\\g[et]\b|\\leq\b|\\geq\b|\\in\b")   # a condition's relation


def covers(note: Note, claims: tuple[Claim, ...], spec: NoteSpec | None = None) -> list[Cover]:
    """Every span of the note that a quote, a formula or (given the note's spec) a label covers."""
    text, out = note.text, []
    for claim in claims:
        for q in claim.quotes:
            kind, by = (Coverage.CHECK, q.numeric) if q.numeric else (Coverage.INPUT, f"{claim.id}: {q.input}")
            i = text.find(q.snippet)
            if i >= 0 and whole_numbers(text, i, i + len(q.snippet)):   # not "...: 0.165" in "...: 0.1653"
                j = i + number_offset(q.snippet, q.number)
                out.append(Cover(j, j + len(q.number), kind, by))
            elif (at := note.quote_at(q.snippet, q.number)) is not None:   # where the quote's check reads it
                out.append(Cover(at[0], at[0] + len(at[1]), kind, by))   # ("7.47e-4" for "0.000747")
        for f in claim.formulas:  # every occurrence: the same text is the same formula
            i = text.find(f.text)
            while i >= 0:
                out.append(Cover(i, i + len(f.text), Coverage.CHECK, f.derivation))
                i = text.find(f.text, i + 1)
    for a, b, cid in tag_cells(note, claims):   # a range in a status cell: the tag's judge reads it by meaning
        out += [Cover(a + m.start(), a + m.end(), Coverage.CHECK, f"{cid}: the range its status cell states")
                for m in MATH_SPAN.finditer(text[a:b]) if _RANGE.search(m.group(0))]
    for m in SIGN_SPAN.finditer(text):   # the zero of a sign condition ($\tau > 0$) measures nothing
        out.append(Cover(m.start(3), m.end(3), Coverage.LABEL, "the zero of a sign condition"))
    for pattern, why in (spec.labels if spec else ()):
        try:
            found = re.finditer(pattern, text, re.M)
            out += [Cover(m.start(), m.end(), Coverage.LABEL, why) for m in found if m.end() > m.start()]
        except re.error as exc:
            raise RegistryError(f"label pattern {pattern!r} is not a regular expression: {exc}", spec.location) from None
    return out


def coverage_of(tok: Token, spans: list[Cover] | Covers) -> tuple[Coverage, str]:
    """The strongest cover of a token; a quote of "1.2" covers the "-1.2" of "e^(-1.2 x 6)"."""
    signed = tok.text[:1] in "+-\u2212"
    near = spans.around(tok.start + 1) if isinstance(spans, Covers) else spans
    inside = [c for c in near if c.start <= tok.start and tok.end <= c.end
              or signed and c.start == tok.start + 1 and c.end == tok.end]
    if not inside:
        return Coverage.UNACCOUNTED, ""
    best = min(inside, key=lambda c: RANK[c.coverage])
    return best.coverage, best.by


class Covers:
    """Covers sorted by where they start, to find those that may hold an offset without
    reading them all (a note has hundreds of numbers and of covers)."""

    def __init__(self, spans: list[Cover]):
        order = sorted(range(len(spans)), key=lambda i: spans[i].start)
        self.spans = [spans[i] for i in order]
        self.starts = [c.start for c in self.spans]
        self.longest = max((c.end - c.start for c in spans), default=0)
        self._order = order

    def around(self, offset: int) -> list[Cover]:
        """The covers starting at most ``longest`` before ``offset`` and not after it, in the
        order they were given (of equal rank, the first given names the check: a quote before a
        formula's place)."""
        lo, hi = bisect_left(self.starts, offset - self.longest), bisect_right(self.starts, offset)
        return [self.spans[i] for i in sorted(range(lo, hi), key=self._order.__getitem__)]


def scan_numbers(note: Note, claims: tuple[Claim, ...], spec: NoteSpec,
                 lines: set[int] | None = None) -> tuple[NumberCoverage, ...]:
    """Each numeric token (only on ``lines``, 1-based, when given) with what covers it: a
    registered formula covers its numbers wherever it is placed, an edited occurrence too (its
    check judges it there, as scan_math says)."""
    spans = covers(note, claims, spec) + [Cover(p.start, p.end, Coverage.CHECK, f.derivation) for c in claims
                                          for f in c.formulas for p in places(note, f.text, c.quoted, f.plain)]
    spans = Covers(spans)
    out = []
    for tok in numeric_tokens(note.text):
        where = note.location_of(tok.start)
        if lines is None or where.line in lines:
            out.append(NumberCoverage(tok, where, *coverage_of(tok, spans)))
    return tuple(out)


# numbers alone: 0.2, 20\%, 3{,}760, 1\times 10^{-3}, 1e-3
NUMBERS_ONLY = re.compile(r"(?:[\s\d.,+\-{}^]|(?<=\d)[eE](?=[-+]?\d)|" + PERCENT + r"|\\times|\\cdot|×)+")


SPACING = re.compile(r"\\text\{[^{}]*\}|\\q?quad\b|\\[ ,;!]|[\s.,;:]")
EQUALS = re.compile(r"=|" + APPROX_EQUAL)   # what may stand between a formula and its quoted value


def _rest(text: str, start: int, end: int, parts: list[tuple[int, int]]) -> str:
    """What of text[start:end] no part covers, less punctuation, spacing and \\text{...} words."""
    covered = [False] * (end - start)
    for a, b in parts:
        for i in range(max(a, start), min(b, end)):
            covered[i - start] = True
    left = "".join(ch if not c else "\0" for ch, c in zip(text[start:end], covered))
    return SPACING.sub("", left.replace("\0", " "))


def places(note: Note, formula: str, numbers: frozenset[str] = frozenset(), plain: bool = False) -> tuple[anchor.Place, ...]:
    """Every place of ``formula``: where it is printed or respelled (``placed``), and each span
    that nothing in the registry accounts for and that is spelled more like it than like any
    other registered formula, or that another registered formula's spelling takes under this
    one's name (an edited occurrence, ``near``; sources.named). Looked up in the note's document
    (sources.document) when it has them."""
    doc = note.document()
    got = doc.places(formula, numbers, plain) if doc is not None else None
    if got is not None:
        return got
    # a formula printed under another's name is that one edited (sources.named)
    moved = renamed(note)
    found = tuple(p for p in anchor.placed(note, formula, numbers, plain) if (p.start, p.end, plain) not in moved)
    found += tuple(anchor.Place(a, b, note.text[a:b], anchor.How.NEAR) for (a, b, kind), f in moved.items()
                   if kind == plain and f.text == formula)
    near = tuple(place for place, formulas, kind in _near(note) if kind == plain and formula in formulas
                 and not any(p.start < place.end and place.start < p.end for p in found))
    return tuple(sorted(found, key=lambda p: p.start)) + near


@lru_cache(maxsize=16)
def _near(note: Note) -> tuple[tuple[anchor.Place, frozenset[str], bool], ...]:
    """The spans nothing in the note's registry accounts for (sources.coverage.scan_math), each
    with the registered formulas of its kind it is spelled most like (ratio at least NEAR): in
    each part of a span, the formula whose window over it ranks highest (one printed nowhere else
    first, then the most alike)."""
    if note.registry is None:
        return ()
    claims, spec = note.registry
    formulas = {(f.text, f.plain) for c in claims for f in c.formulas}
    placed = {(text, plain): anchor.placed(note, text, plain=plain) for text, plain in formulas}
    printed = {text for (text, _), found in placed.items() if found}
    # where a registered formula stands as printed is its place: no other formula of its kind
    # takes it, or a part of it, for an edited occurrence
    taken = {kind: [(p.start, p.end) for (_, plain), found in placed.items() if plain == kind for p in found]
             for kind in (True, False)}
    out = []
    for a, b, plain in unaccounted_spans(note, claims, spec):
        # the span, and each formula of a span that prints several, but not inside one printed as registered
        parts = [(x, y) for x, y in anchor.pieces(note.text, a, b)
                 if not any(s <= x and y <= e for s, e in taken[plain])]
        # a setting (Δs = 1/2) is an edited occurrence of a setting only, not of Δs = S/L or CΔs²
        setting = _SETTING.fullmatch(note.text[a:b].strip("$ ")) is not None
        scored = [(w, text) for text, p in formulas if p == plain and not (setting and not _SETTING.fullmatch(text))
                  if (w := next(filter(None, (anchor.reordered(note.text, x, y, text) for x, y in parts)), None)
                      or _best_of(anchor.window(note.text, a, b, text),
                                  *(anchor.regrouped(note.text, x, y, text) for x, y in parts))) is not None
                  and w[2] >= anchor.NEAR and not any(x <= w[0] and w[1] <= y for x, y in taken[plain])
                  and _relations(note.text[w[0]:w[1]]) == _relations(text)]
        # formulas compete for the same characters: a window is kept unless one over it ranks higher,
        # a formula printed nowhere else first (CS\Delta s^2 is the edited CS\Delta s, not C\Delta s^2,
        # which stands as registered elsewhere), then the more alike
        rank = {text: (text not in printed, w[2]) for w, text in scored}
        out += [(anchor.Place(w[0], w[1], note.text[w[0]:w[1]], anchor.How.NEAR, round(w[2], 6)), frozenset({text}),
                 plain) for w, text in scored
                if not any(rank[u] > rank[text] and v[0] < w[1] and w[0] < v[1] for v, u in scored)]
    return tuple(out)


# an edited occurrence keeps its formula's relations: "x / (1 - theta) = 1 / 0.3" (the fixed point
# printed as registered, its number edited) is no edited slope "x / (1 - theta)^2" (probe 104)
_RELATION = re.compile(r"<=|>=|!=|[=<>\u2264\u2265\u2260\u2248]|\\(?:leq?|geq?|neq?|approx|simeq|lt|gt|sim)(?![A-Za-z])")


def _relations(text: str) -> int:
    return len(_RELATION.findall(text))


_DECIMAL = re.compile(r"\d*\.\d+")
_SETTING = re.compile(r"[^=<>+*/^]+=\s*[-+\u2212]?\d[\d.,/]*")


def _decimals(text: str) -> str:
    """``text`` with each decimal number masked: a quote judges it, re-rounded or not."""
    return _DECIMAL.sub("#", text)


def _best_of(*found: tuple[int, int, float] | None) -> tuple[int, int, float] | None:
    return max(filter(None, found), key=lambda w: w[2], default=None)


def unaccounted_spans(note: Note, claims: tuple[Claim, ...], spec: NoteSpec) -> tuple[tuple[int, int, bool], ...]:
    """(start, end, plain) of each math span that nothing accounts for (scan_math)."""
    spans = sorted(note.math_spans() + note.plain_math(), key=lambda m: m.start)
    return tuple((m.start, m.end, m.plain) for m, c in zip(spans, scan_math(note, claims, spec, near=False))
                 if c.coverage == "unaccounted")


def stated_spans(note: Note, claims: tuple[Claim, ...]) -> list[tuple[int, int, str]]:
    """(start, end, claim id) of each registered statement the note prints, reworded or not
    (Note.stated): its claim judges the math spans it holds (run.claim.statement_maths). One
    printed with a span edited is its claim's too: the claim fails there, naming the edit."""
    return [(at[0], at[0] + len(at[1]), c.id) for c in claims
            for at in [note.stated(c.text, c.quoted) or _maths_changed(note, c)] if at]


def _maths_changed(note: Note, claim: Claim) -> tuple[int, str] | None:
    changed = note.maths_changed(claim.text) if claim.row is None else None
    return None if changed is None else changed[:2]


def tag_cells(note: Note, claims: tuple[Claim, ...]) -> list[tuple[int, int, str]]:
    """(start, end, claim id) of the status cell printed beside each registered row: the claim's
    tag judge (run.claim.printed_tag) reads that cell, its ranges by meaning, at every run."""
    out = []
    for c in claims:
        row = note.row_of(c.row) if c.row else None
        if row is None or not row.tag:
            continue
        line = note.text.find(row.text, _line_start(note.text, row.location.line))
        at = note.text.find(row.tag, line + len(row.text)) if line >= 0 else -1
        if at >= 0:
            out.append((at, at + len(row.tag), c.id))
    return out


def _line_start(text: str, line: int) -> int:
    at = 0
    for _ in range(line - 1):
        at = text.index("\n", at) + 1
    return at


def declared_check(span: str, claims: tuple[Claim, ...]) -> str | None:
    """The claim whose declarative check (sources.declared: identity, recurrence, ...) reads this
    span: a LaTeX string it names stands in the span and makes at least half of it."""
    return next((c.id for c in claims for d in c.declared for t in d.printed()
                 if t in span and 2 * len(t.strip()) >= len(span.strip())), None)


def scan_math(note: Note, claims: tuple[Claim, ...], spec: NoteSpec, near: bool = True,
              worked: frozenset[int] = frozenset()) -> tuple[MathCoverage, ...]:
    """Each math span (``$...$``, ``$$...$$`` and the prose's plain-text formulas, Note.plain_math)
    with what accounts for it: a registered formula at that place (every occurrence: the first
    is checked, the others are restatements of the same text), a declaration of notation or
    definition (``math:`` under the note in claims.yaml, located by a snippet), or numbers that
    quotes cover, or that a worked step computes exactly from them (``worked``: their offsets,
    found one layer up by formula.declared). Anything else is unaccounted, and an edited span
    that no longer reads as registered is unaccounted too."""
    text, seen = note.text, set()
    where_is = places if near else anchor.placed   # near: an edited occurrence is its formula's (anchor)
    formulas = {plain: [(p.start, p.end, f) for c in claims for f in c.formulas if f.plain == plain
                        for p in where_is(note, f.text, c.quoted, plain)] for plain in (False, True)}
    declared = [(a, b, why) for s, why in spec.math for a, b in note.declared(s)]
    # a statement found again accounts for the spans it prints: its claim reads each against the
    # span it registers, by meaning (run.claim.statement_maths); a registered formula's edited
    # occurrence is that formula's (above)
    stated = stated_spans(note, claims)
    said = {c.id: _decimals(spelling(c.text)[0]) for c in claims}
    cells = tag_cells(note, claims)
    spans, plain = covers(note, claims), note.plain_math()
    printed = spans + _quoted_as_printed(note, claims)   # a quote's number as printed: $20\%$ for $0.2$
    out = []
    for m in sorted(note.math_spans() + plain, key=lambda m: m.start):
        where, spots = note.location_of(m.start), formulas[m.plain]
        # a span inside a formula's place, or made of formulas' places with nothing else between
        # them than punctuation, spacing, \text{...} words and "= number" or "\simeq number" with
        # the number a quote's (p_2(A)=\dfrac{\sqrt{3}}{1+\sqrt{3}}\simeq 0.633975)
        inside = [(a, b, f) for a, b, f in spots if m.start <= a and b <= m.end]
        quoted = [(c.start, c.end) for c in printed if m.start <= c.start and c.end <= m.end
                  and c.coverage in (Coverage.CHECK, Coverage.INPUT)] if inside else []
        hit = [f for a, b, f in spots if a <= m.start and m.end <= b] \
            or [f for _, _, f in inside
                if not EQUALS.sub("", _rest(text, m.start, m.end, [(a, b) for a, b, _ in inside] + quoted))]
        if hit:
            kind = "restatement" if (hit[0].text, m.text) in seen else "check"
            seen.add((hit[0].text, m.text))
            out.append(MathCoverage(m.text, where, kind, hit[0].derivation))
            continue
        # (when finding edited occurrences, near=False, a span printed otherwise than its statement
        # registers it may be a formula's: sources.coverage._near)
        judged = next((cid for a, b, cid in stated if a <= m.start and m.end <= b
                       and (near or m.plain or _decimals(spelling(m.text)[0]) in said[cid])), None) \
            or next((cid for a, b, cid in cells if a <= m.start and m.end <= b), None) \
            or (None if m.plain else declared_check(m.text, claims))
        if judged is not None:   # inside a row or statement its claim judges as printed, or a declarative check's
            out.append(MathCoverage(m.text, where, "check", judged))
            continue
        why = next((w for a, b, w in declared if a < m.start and m.end < b), None) \
            or next((w for pat, w in spec.notation   # as printed, or with its notation set aside ({x}_{\leq t})
                     if re.fullmatch(pat, m.text) or re.fullmatch(pat, spelling(m.text)[0])), None) \
            or (None if m.plain else _sign_in_words(note, m, spec))
        if why is not None:
            out.append(MathCoverage(m.text, where, "definition", why))
            continue
        shown = _worked(note, m, spots, declared, printed, worked) if m.plain else None
        if shown is None and m.plain:
            shown = _in_label(note, m, claims) or _relation_listed(note, m, spec)
        if shown is not None:
            out.append(MathCoverage(m.text, where, *shown))
            continue
        whole = next((c for c in printed if c.coverage in (Coverage.CHECK, Coverage.INPUT)
                      and text[m.start:m.end].strip() == text[c.start:c.end]
                      and m.start <= c.start and c.end <= m.end), None)
        if whole is not None:   # one quote's number, however printed: $1/5$ for 0.2
            out.append(MathCoverage(m.text, where, "check", whole.by))
            continue
        tokens = [replace(t, start=t.start + m.start, end=t.end + m.start) for t in numeric_tokens(m.text)]
        got = [coverage_of(t, printed) for t in tokens]
        if NUMBERS_ONLY.fullmatch(m.text) and tokens and all(c in ("check", "input") for c, _ in got):
            out.append(MathCoverage(m.text, where, "check", got[0][1]))
        else:
            out.append(MathCoverage(m.text, where, "unaccounted", plain=m.plain))
    return tuple(out)


def _sign_in_words(note: Note, span, spec: NoteSpec) -> str | None:
    """Why a sign condition printed in symbols (``$\\tau > 0$``) is accounted for: the listed
    sentence its sentence rewords says that sign in words ("positive decoding temperature
    $\\tau$", reword.signs_as_spans); scan_prose judges the sentence's other words."""
    from .reword import meaning_change, signs_as_spans
    from .sentences import sentences
    from .vocabulary import word_dice
    if not spec.prose or not SIGN_SPAN.fullmatch(f"${span.text}$"):
        return None
    s = next((s for s in sentences(note.text, every=True) if s.start <= span.start < s.end), None)
    if s is None:
        return None
    # alike as printed, or a short one less alike with its senses kept ("For every decoding
    # temperature $\tau >0$," for "For positive decoding temperature $\tau$,": probe 89, h07)
    said = next((t for t in dict(spec.prose) if (w := signs_as_spans(t, f"${span.text}$")) != t
                 and ((dice := word_dice(w, s.text)) >= PROSE_ALIKE
                      or dice >= SHORT_ALIKE and meaning_change(t, s.text) is None and _only_quantified(w, s.text))), None)
    return None if said is None else "a sign the listed sentence says in words"


def _only_quantified(listed: str, printed: str) -> bool:
    """Whether ``printed`` adds to ``listed``'s words no more than a quantifier ("every", "each",
    "all", "any") and function words: not "every inverse decoding temperature" (reviewer helper-98)."""
    from .vocabulary import word_bag
    added = word_bag(printed) - word_bag(listed)
    return all(w.startswith("$") or w in _QUANTIFIERS for w in added)


_QUANTIFIERS = frozenset("every each all any".split())
PROSE_ALIKE = 0.6    # how alike a sentence must stay to one the registry lists as prose
SHORT_ALIKE = 0.4    # how alike a sentence whose senses are kept must stay to its listed sign in words
VOICED = 0.5         # how alike the words of a sentence turned into the other voice stay (word_dice)


def scan_prose(note: Note, claims: tuple[Claim, ...], spec: NoteSpec,
               same: Callable[[str, str], bool] | None = None,
               steps: Callable[[str, str], bool] | None = None) -> tuple[ProseCoverage, ...]:
    """Each sentence of the note that carries a sense (sources.sentences) with what accounts for
    it: the claim whose row or statement holds it, or whose statement it rewords with every sense
    kept ("check": the claim judges it as printed), or a sentence of its note's ``prose:`` in
    claims.yaml with the same senses in the same order, printed alike ("prose": a rewording keeps
    it); anything else is unaccounted, with the sense it changed from the most alike listed
    sentence ("negative" -> "positive") when there is one. A note whose entry has no ``prose:``
    key is not inventoried: its other sentences are "unlisted", which fails nothing. A listed
    sentence's ``$...$`` spans are compared up to notation, or by ``same`` (two spans, whether
    they read alike: formula.declared passes the formula reader's); and a sentence is a listed one
    with a step of its arithmetic shown when ``steps`` says so (formula.declared.step_inserted)."""
    from .reword import changed_in, counts_in_digits, describe, in_other_voice, meaning_change, senses, valued
    from .sentences import is_legend, sentences, words_senses
    from .vocabulary import REORDERED, word_dice
    stated = stated_spans(note, claims)
    said = {t.text: c.id for c in claims if c.statement for t in sentences(c.statement)}
    listed = dict(spec.prose or ())
    # the listed sentences the note no longer prints as listed: only these can another sentence reword
    unprinted = [t for t in listed if t not in note.text]
    read = _readouts_read(note, claims)
    kinds: dict[tuple, list[str]] = {}
    for text in listed:
        # by their senses with counts in digits: "2 distinct questions" is of the kind of "two
        # separate questions", whose count reads as a number (it stays a number to compare)
        kinds.setdefault(words_senses(counts_in_digits(text)), []).append(text)
    out, matched, prev = [], set(), None
    for s in sentences(note.text, worded=True):
        def found(kind: str, by: str, change: str = "", rewords: str = "") -> None:
            out.append(ProseCoverage(s.text, note.location_of(s.start), kind, by, change, s.start, s.end, rewords))
        if steps is not None and (shown := next((t for t in unprinted if steps(t, s.text)), None)) is not None:
            matched.add(shown)   # a listed sentence with a step of its arithmetic shown, that holds
            found("prose", listed[shown], rewords=shown)
            prev = s
            continue
        if not s.senses and (is_readout(s.text) or words_senses(_spoken_counts(s.text))):
            continue   # a read-out of no sense (its quote judges it), or counts in digits (_counted_in_digits)
        before, prev = prev, s
        owner = next((cid for a, b, cid in stated if a < s.end and s.start < b), None)
        rest = _unstated(note.text, s, stated) if owner is not None else ""
        for t in (t for t in listed if t in rest):
            matched.add(t)
            rest = rest.replace(t, " ")
        if owner is not None and (senses(rest) or _fragment_lost(rest, unprinted)):
            # a sentence a claim states only in part: its other words are listed too, as printed
            near = most_alike(rest, listed, 0.4)
            change = meaning_change(near, rest) if near is not None else None
            if near is not None:
                matched.add(near)
            if near is not None and change is None:   # reworded, its senses kept
                found("check", owner)
            else:
                found("unaccounted", "", describe(change, near, rest) if change else "")
        elif owner is not None:
            found("check", owner)
        elif (bare := answer(s.text)) in listed:   # "No, it does not." answers as "No." does
            matched.add(bare)
            found("prose", listed[bare], rewords=bare)
        elif (by := next((n for at, n in read if s.start <= at < s.end and is_readout(s.text)), None)) is not None:
            matched.update(t for t in listed if same_readout(t, s.text))   # its question reworded: its quote judges it
            found("check", by)
        elif (joined := _joined(s.text, listed, unprinted, same, note.text)) is not None:   # listed sentences joined
            matched.update(joined)
            found("prose", listed[joined[0]], rewords=" ".join(joined))
        elif (halves := _joined_changed(s.text, listed, unprinted, same, note.text)) is not None:   # one changed
            matched.update(halves[0])
            found("unaccounted", "", describe(halves[1]))
        elif (moved := _restructured(s.text, listed, same)) is not None:   # its parts in another order
            matched.add(moved)
            found("prose", listed[moved], rewords=moved)
        # one printed as itself is no other sentence's rewording ("• Week 9 merged the index ..." is not
        # "Week 9 for the index this week runs along.", printed below it; reviewer helper-105: b18)
        elif (alike := most_alike(s.text, kind := [t for t in kinds.get(words_senses(counts_in_digits(s.text)), ())
                                                   if t in unprinted])
                       or _same_words(s.text, kind)) is not None:
            matched.add(alike)
            if (names := meaning_change(alike, s.text)) is not None:   # the same senses, names turned
                found("unaccounted", "", describe(names))
            elif (maths := _maths_change(alike, s.text, same)) is not None:
                found("unaccounted", "", describe(maths))
            else:
                found("prose", listed[alike], rewords=alike)
        elif (claimed := most_alike(s.text, [t for t in said if changed_in(note.text, t, s.text) is None])) is not None:
            found("check", said[claimed])      # its claim judges it, reworded with its senses kept
        elif before is not None and (split := _split(note.text, before, s, listed)) is not None:
            matched.add(split)
            found("prose", listed[split], rewords=split)
        elif (turned := _same_words(s.text, [t for t in unprinted if t not in matched
                                             and word_dice(s.text, t) >= REORDERED   # the cheap test first
                                             and meaning_change(t, s.text) is None])) is not None \
                and _maths_change(turned, s.text, same) is None:
            matched.add(turned)   # its clauses turned round ("B, because A" for "A, so B"), senses kept
            found("prose", listed[turned], rewords=turned)
        elif (voiced := next((t for t in unprinted if t not in matched
                              and word_dice(s.text, t) >= VOICED and in_other_voice(t, s.text)
                              and _maths_change(t, s.text, same) is None), None)) is not None:
            matched.add(voiced)   # the same clause in the other voice ("B is given by A" for "A gives B")
            found("prose", listed[voiced], rewords=voiced)
        else:
            nearest = most_alike(s.text, listed)
            change = meaning_change(nearest, s.text) if nearest is not None else None
            if nearest is not None and change is None:   # the same senses, a count in digits for its word
                matched.add(nearest)
                maths = _maths_change(nearest, s.text, same)
                found("unaccounted" if maths else "prose", "" if maths else listed[nearest],
                      describe(maths) if maths else "", "" if maths else nearest)
            elif nearest is None and not senses(counts_in_digits(valued(s.text))) and not is_legend(s.text):
                if not s.senses:   # words of no sense, like no listed sentence: a new one, to list (scan --prose)
                    found("unlisted", "")
                continue   # its only words of sense are counts ("at time six", "equals twelve"): numbers, which quotes judge
            else:
                found("unaccounted" if spec.prose is not None else "unlisted", "",
                      describe(change, nearest or "", s.text) if change else "")
    split, halves = _split_at_semicolon(note, [t for t in unprinted if t not in matched], stated, listed)
    # a listed sentence matched to one of its halves, with the other half's senses missing (probe
    # 83: h07, the halves printed in the other order): the two halves joined again, senses kept, say it
    accounted = {p.rewords for p in out if p.rewords}
    rejoined, kept = _split_at_semicolon(note, [t for t in unprinted if t in matched and t not in accounted], stated,
                                         listed, kept_only=True, same=same)
    split, halves = split | rejoined, halves | kept
    matched.update(split)
    out = [p for p in out if p.start not in halves] + [p for ps in split.values() for p in ps]
    out = _split_in_two(note, out, unprinted, stated, listed, matched, same)
    taken = {p.start for p in out}
    for s, spoken, t in _counted_in_digits(note, [t for t in listed if t not in matched], stated, taken):
        matched.add(t)
        change = meaning_change(t, spoken)
        out.append(ProseCoverage(s.text, note.location_of(s.start), "unaccounted" if change else "prose",
                                 "" if change else listed[t], describe(change, t, spoken) if change else "",
                                 s.start, s.end, "" if change else t))
    lost = _senses_lost(note, [t for t in unprinted if t not in matched], out, stated, list(listed))
    judged = {p.start for p in lost}   # a new sentence of no sense that is a listed one with its senses lost
    return tuple(sorted([_term_kept(p, note.text) for p in out if p.start not in judged] + lost, key=lambda p: p.start))


def _fragment_lost(rest: str, unprinted: list[str]) -> bool:
    """Whether the words of a sentence a claim states only in part, printed with no sense, are a
    listed fragment no longer printed (``unprinted``: "so steady energy means good timing." for
    "so steady energy does not mean correct timing."; reviewer helper-105: b16): judged as the fragment."""
    if not rest.strip():
        return False
    # the fragment is the end or the start of the words no claim states: judged at its own length
    return any(most_alike(piece, [t], SPLIT_ALIKE) is not None
               for t in unprinted for piece in (rest[-len(t) - 8:], rest[:len(t) + 8]))


def _term_kept(p: ProseCoverage, note: str) -> ProseCoverage:
    """``p``, or unaccounted where the listed sentence it rewords has a noun replaced by another
    of the note's terms ("one pass through a batch" for "... through a dataset": reword.term_swapped),
    or is a question the note answers right after with other words asked (reword.question_changed)."""
    from .reword import describe, question_changed, term_swapped
    from .sentences import is_legend
    if p.coverage != "prose" or not p.rewords:
        return p
    # a legend's line names what its symbol is wherever the noun stands ("q: momentum of the oscillator")
    swap = term_swapped(p.rewords, p.text, note, anywhere=is_legend(p.text))
    if swap is None and p.text.rstrip().endswith("?") and _ANSWERED.match(note, p.end):
        swap = question_changed(p.rewords, p.text)
    return p if swap is None else replace(p, coverage="unaccounted", by="", change=describe(swap), rewords="")


# an answer right after a question: "No.", "Yes, ..." (on its line or the next paragraph)
_ANSWERED = re.compile(r"\s*(?:No|Yes)\b")


def _split_at_semicolon(note: Note, missing: list[str], stated, listed, kept_only: bool = False,
                        same: Callable[[str, str], bool] | None = None) -> tuple[dict[str, list[ProseCoverage]], set[int]]:
    """A listed sentence of two clauses joined by "; " now printed as two sentences, one after
    the other in a paragraph, each perhaps reworded: judged whole, as the two joined again by
    "; " ("...rescales the scores. It changes neither the objective nor the parameters." for
    "...rescales the scores; the objective and the parameters do not change."). Its senses kept,
    both are its rewording ("prose"); a sense changed, the second is unaccounted with the change
    (a negation dropped in the second half, which alone carries no sense the inventory reads).
    Neither half is a listed sentence as printed. ``kept_only``: only a split whose senses and
    mathematics are kept (``same``: _maths_change) is returned, as alike as a rewording must be.
    Returns ({listed sentence: its coverage}, the starts of the sentences it accounts for)."""
    from .reword import describe, meaning_change
    wanted = [t for t in missing if "; " in t]
    if not wanted:
        return {}, set()
    adjacent = _side_by_side(note, stated, listed)
    pairs = {_rejoined(a.text, b.text): (a, b) for a, b in adjacent}
    # two clauses of no logical order may be printed in either, their senses kept (probe 83: h07,
    # "An epoch is one pass ... . A batch contains ..."); one that refers back ("it", "that
    # limit", "instead") or opens with a connective ("So", "But") keeps its place
    swapped = {_rejoined(b.text, a.text): (a, b) for a, b in adjacent
               if not _CONNECTIVE.match(b.text) and not _REFERS_BACK.search(a.text)
               and not any(_ONLY.search(t) or len(t.split()) < 4 for t in (a.text, b.text))}   # "Linear decay only."
    out, halves = {}, set()
    for lost in wanted:
        # the two halves of that one sentence, not it and a neighbour: about its length, no "; "
        # of their own (a sentence matched already is judged again only so)
        swaps = {t: pair for t, pair in swapped.items() if _halves_of(t, lost)}
        straight = {t: pair for t, pair in pairs.items() if not kept_only or _halves_of(t, lost)}
        joined = most_alike(lost, straight | swaps, SPLIT_ALIKE)
        if joined in swaps and not _said_again(lost, joined, same):
            joined = most_alike(lost, straight, SPLIT_ALIKE)   # a half changed: judged in print order
        if joined is None or kept_only and not _said_again(lost, joined, same):
            continue
        change = meaning_change(lost, joined)
        a, b = (pairs | swapped)[joined]
        pairs = {t: pair for t, pair in pairs.items() if pair != (a, b)}
        swapped = {t: pair for t, pair in swapped.items() if pair != (a, b)}
        halves |= {b.start} if change else {a.start, b.start}   # a first half judged on its own keeps its verdict
        out[lost] = [ProseCoverage(s.text, note.location_of(s.start), "prose", listed[lost], "", s.start, s.end, lost)
                     for s in (a, b)] \
            if change is None else [ProseCoverage(b.text, note.location_of(b.start), "unaccounted", "",
                                                  describe(change, lost, joined), b.start, b.end)]
    return out, halves


def _split_in_two(note: Note, out: list[ProseCoverage], missing: list[str], stated, listed: dict,
                  matched: set[str], same: Callable[[str, str], bool] | None) -> list[ProseCoverage]:
    """``out`` with each unaccounted sentence that is one half of a listed sentence printed as
    two, the other half beside it in its paragraph, as that listed sentence's rewording: "...
    inspected on 2026-09-13. The version consulted reports no measured performance." for "...
    inspected on 2026-09-13, with no measured performance in the version consulted." (probe 93:
    h05). The two joined again must say it (_said_again: its senses and mathematics kept, as
    alike as a rewording must be); ``missing``: the listed sentences printed nowhere as listed,
    the one a half was matched to already among them ("... remain fixed." alone for "...
    changes depth, while ... remain fixed.")."""
    if not missing or not any(p.coverage == "unaccounted" for p in out):
        return out
    pairs = _side_by_side(note, stated, listed)
    wrong = {p.start: p for p in out if p.coverage == "unaccounted"}
    kept = {}
    for a, b in pairs:
        if (a.start in wrong or b.start in wrong) and a.start not in kept and b.start not in kept:
            lost = next((t for t in missing if not _OPENS_A_CONDITION.match(t)
                         and _said_again(t, f"{a.text} {b.text}", same, loose=True)), None)
            if lost is not None:
                matched.add(lost)
                kept |= {s.start: ProseCoverage(s.text, note.location_of(s.start), "prose", listed[lost], "",
                                                s.start, s.end, lost) for s in (a, b)}
    return [kept.pop(p.start, p) for p in out] + sorted(kept.values(), key=lambda p: p.start)


def _side_by_side(note: Note, stated, listed) -> list[tuple]:
    """Each two sentences side by side in a paragraph, neither stated by a claim nor a listed
    sentence as printed (that is itself): the halves a listed sentence may be split into."""
    from .sentences import sentences
    every = [s for s in sentences(note.text, every=True) if not any(a < s.end and s.start < b for a, b, _ in stated)]
    return [(a, b) for a, b in zip(every, every[1:]) if "\n" not in note.text[a.end:b.start]
            and a.text not in listed and b.text not in listed]


SPLIT_ALIKE = 0.6   # how alike (difflib) two sentences joined again stay to the listed sentence they split
_ONLY = re.compile(r"\bonly\b", re.IGNORECASE)   # its scope is where it stands
_CONNECTIVE = re.compile(r"(?:so|thus|hence|therefore|then|but|and|because|since|yet|also)\b", re.IGNORECASE)
# a word that refers back to what a sentence before it said (reviewer helper-90: "At $\Delta s=3$ it
# doubles", "avoids that limit", "instead")
_REFERS_BACK = re.compile(r"\b(?:it|its|they|them|their|that|this|those|these|such|instead|there|here|same|otherwise"
                          r"|former|latter|above|below)\b", re.IGNORECASE)


def _said_again(lost: str, joined: str, same: Callable[[str, str], bool] | None, loose: bool = False) -> bool:
    """Whether two halves joined again say the listed sentence they split: its senses and
    mathematics kept, as alike as a rewording must be (reword.SENTENCE; ``loose``: or its words
    in any order, vocabulary.REORDERED, and in their order, SPLIT_ALIKE: "does not report" for
    "reports no")."""
    from .reword import meaning_change
    from .vocabulary import REORDERED, word_dice
    return meaning_change(lost, joined) is None and _maths_change(lost, joined, same) is None \
        and (most_alike(lost, [joined], SENTENCE) is not None
             or loose and word_dice(lost, joined) >= REORDERED and most_alike(lost, [joined], SPLIT_ALIKE) is not None)


# a sentence that opens with its condition: split in two, the second half escapes it ("If that
# factor is below -1, the leftover grows. The leftover swamps the slow part."; reviewer helper-105)
_OPENS_A_CONDITION = re.compile(r"(?:If|When|Whenever|With|Without|On|For|Unless|Provided|Given|Once|While|Under|At|In"
                                r"|Suppose|Assume|Let"
                                r"|Only|As\s+long\s+as)\b")


def _halves_of(joined: str, lost: str) -> bool:
    """Whether ``joined`` (two sentences joined by "; ") may be the two halves of ``lost``: one
    "; " between them, and about its length."""
    return joined.count("; ") == lost.count("; ") == 1 and 0.8 < len(joined) / len(lost) < 1.25


def _rejoined(first: str, second: str) -> str:
    """Two sentences joined by "; " into one: "A batch contains ...; an epoch is ..."."""
    return f"{first.rstrip('.')}; {second[:1].lower()}{second[1:]}"


def _counted_in_digits(note: Note, listed: list[str], stated, taken: set[int]) -> list[tuple]:
    """(sentence, its text with counts in words, the listed sentence it is) for each sentence of
    no sense as printed whose counts, said in words, make it a listed sentence's kin: "4
    indices, 4 categories of dynamical system, ..." for the listed "Four indices, four
    categories ...". The inventory (sources.sentences) passes over a sentence of no sense; this
    one is the listed sentence with its counts in digits, judged as it (a count changed is a
    sense changed: "4 indices, 5 categories" is unaccounted, as "five categories" would be).
    ``listed``: those the scan matched nothing to; ``taken``: the starts of sentences it accounted
    for already (a read-out its quote judges: "Euler factor per step (1 - ah): -0.8")."""
    from .sentences import sentences, words_senses
    missing = [t for t in listed if t not in note.text]   # a listed sentence still printed is not this one
    if not missing:   # the usual case: every listed sentence stands as written, nothing to look for
        return []
    out = []
    for s in sentences(note.text, every=True):
        if s.senses or s.start in taken or not re.search(r"\d", s.text) \
                or any(a < s.end and s.start < b for a, b, _ in stated):
            continue
        spoken = _spoken_counts(s.text)
        if spoken != s.text and words_senses(spoken) and (t := most_alike(spoken, missing)) is not None:
            out.append((s, spoken, t))
    return out


def _spoken_counts(text: str) -> str:
    """``text`` with its counts in digits said in words ("4 indices" -> "four indices"); a
    label's number ("Week 1") and a power's base ("x 10^-5") are kept."""
    from .numtext import WORDS
    if not re.search(r"\d", text):
        return text
    said = {str(n): w for w, n in WORDS.items() if n <= 20}
    return re.sub(r"(?<![\w.,/$])\d{1,2}(?![\w.,/%$^])",   # not the base of a power ("1.48 x 10^-5")
                  lambda m: m[0] if re.search(r"\b[A-Z]\w*\s+$", text[:m.start()]) else said.get(m[0], m[0]), text)


def _in_label(note: Note, m, claims: tuple[Claim, ...]) -> tuple[str, str] | None:
    """("check", numeric) for a plain-text formula in the label of a read-out line whose quote
    finds its number there: "Gap in x (B − A): 0.271" for "Gap in x (B minus A): 0.271" (probe
    123: h02). The quote found the line by its label's words, operators read either way, so the
    label is that quote's; a label turned ("A − B") loses the quote, and the claim fails."""
    lo, hi = note.text.rfind("\n", 0, m.start) + 1, note.text.find("\n", m.end)
    line = note.text[lo:hi if hi >= 0 else len(note.text)]
    colon = line.rfind(":")
    if colon < 0 or m.end > lo + colon or not is_readout(line):
        return None
    for q in (q for c in claims for q in c.quotes if q.numeric and quotes_line(q.snippet, q.number)):
        # the line as the quote's snippet, its operators in words or signs (Note.same_words): not a
        # line the quote found by its label's words alone ("(1 + ah)" is not "(1 - ah)")
        if any(lo <= a and b <= lo + len(line) for a, b in note.same_words(q.snippet.strip())):
            return "check", q.numeric
    return None


def _relation_listed(note: Note, m, spec: NoteSpec) -> tuple[str, str] | None:
    """("definition", why) for a plain relation (``|theta| > 1``) in a sentence that, with its
    relations read in words (reword.relations_in_words), is a sentence of the note's ``prose:``
    ("because |theta| is above 1", probe 125: h02): the listed words, printed in symbols."""
    from .reword import relations_in_words, sentence_around
    if not spec.prose or relations_in_words(m.text.strip()) == m.text.strip():
        return None
    a, b = sentence_around(note.text, m.start, m.end)
    said = relations_in_words(note.text[a:b])
    listed = dict(spec.prose)
    return ("definition", listed[said]) if said in listed else None


def _readouts_read(note: Note, claims: tuple[Claim, ...]) -> list[tuple[int, str]]:
    """(offset, numeric) of each read-out line a quote finds (Note.quote_at), its label as printed."""
    out = []
    for q in (q for c in claims for q in c.quotes if q.numeric and quotes_line(q.snippet, q.number)):
        if (at := note.quote_at(q.snippet, q.number)) is not None:
            out.append((at[0], q.numeric))
    return out


def _unstated(text: str, sentence, stated: list[tuple[int, int, str]]) -> str:
    """The words of ``sentence`` outside every claim's statement (``stated``), joined."""
    keep, at = [], sentence.start
    for a, b, _ in sorted(stated):
        if b <= at or a >= sentence.end:
            continue
        keep.append(text[at:max(at, a)])
        at = max(at, b)
    keep.append(text[at:sentence.end])
    return " ".join(k.strip(" ,;") for k in keep if k.strip(" ,;.")).strip()


def _maths_change(listed: str, printed: str, same: Callable[[str, str], bool] | None = None) -> tuple[str, str] | None:
    """The first ``$...$`` span of a listed sentence that the sentence printed alike no longer
    holds, as (listed span, printed span); None when each is printed up to notation and grouping
    (spelling.skeleton: ``\\dfrac``, ``a/b``, ``\\leq``) with its decimals set aside (a quote
    judges a re-rounding). "may use only $x_{\\le t}$" printed "$x_{\\le t+1}$" is no rewording."""
    from collections import Counter

    from .reword import halved, limits_in_words, signs_as_spans, spans_as_words, unicode_as_spans
    printed = unicode_as_spans(printed, listed)   # "β > 0" printed for "$\\beta >0$": one span (probe 122: h06)
    # "$10^{-6}$" said "one millionth", "ten steps" printed "$10$ steps": a number, in words either
    # way; "shrinks by half" printed "is multiplied by $1/2$": a factor of one half (reword.halved)
    listed, printed = spans_as_words(halved(listed), printed), spans_as_words(halved(printed), listed)
    listed, printed = signs_as_spans(listed, printed), signs_as_spans(printed, listed)   # "positive $\tau$": "$\tau > 0$"
    listed, printed = limits_in_words(listed), limits_in_words(printed)   # "as $\tau \to \infty$": "at large $\tau$"
    a, b = ([m.group(1) or m.group(2) for m in MATH_SPAN.finditer(t)] for t in (listed, printed))
    key = [_maths_key(x) for x in a], [_maths_key(y) for y in b]
    if Counter(key[0]) == Counter(key[1]):
        return None
    gone = [x for x, k in zip(a, key[0]) if k not in key[1]]
    new = [y for y, k in zip(b, key[1]) if k not in key[0]]
    if same is not None and len(gone) == len(new) and all(same(x, _decimals_of(x, y)) for x, y in zip(gone, new)):
        return None   # respelled: \frac{2}{2-\eta h} for 1/(1-\eta h/2)
    return (f"${gone[0]}$" if gone else "", f"${new[0]}$" if new else "")


def _decimals_of(listed: str, printed: str) -> str:
    """``printed`` with its measured numbers (``_measured``) those of ``listed``, in order, when
    it has as many: a quote judges a re-rounded number or one in another notation
    (``9.77\\times 10^{-4}`` for ``0.000977``), the formula around it is compared here."""
    a, b = _measured(listed), _measured(printed)
    if len(a) != len(b):
        return printed
    out, last = [], 0
    for (s, e), (x, y) in zip(b, a):
        out += [printed[last:s], listed[x:y]]
        last = e
    return "".join(out) + printed[last:]


def _measured(span: str) -> list[tuple[int, int]]:
    """(start, end) of each number in ``span`` with a decimal point or in scientific notation,
    a percent sign after it included: the numbers a quote judges by value and rounding."""
    out = []
    for t in numeric_tokens(span):
        if "." in t.text or "times" in t.text or "e" in t.text.lower():
            sign = _PERCENT_SIGN.match(span, t.end)
            out.append((t.start, sign.end() if sign else t.end))
    return out


_PERCENT_SIGN = re.compile(r"\s*\\?%")


def _maths_key(span: str) -> str:
    marks = _measured(span)
    for s, e in reversed(marks):
        span = span[:s] + "#" + span[e:]
    return skeleton(_SYNONYM.sub(lambda m: m.group(1), span))


_SYNONYM = re.compile(r"(\\le|\\ge|\\ne)q(?![A-Za-z])")   # \leq is \le, \geq \ge, \neq \ne


def _joined(text: str, listed: dict, unprinted: list[str] = (),
            same: Callable[[str, str], bool] | None = None, note: str = "") -> tuple[str, ...] | None:
    """The listed sentences ``text`` prints joined by "; " ("A fixed map gives an autonomous one;
    both are legitimate dynamical systems." for the two), a dash or a colon ("No — it measures"), each as listed but for its first
    capital and its full stop; or joined by ", then" (or "; then", ", and then", ", and"), each
    part a listed sentence the note no longer prints, reworded with its senses and ``$...$``
    spans kept ("After training, hold the parameters fixed, then evaluate on a prompt, draw a
    token, append it and repeat." for the two sentences; probe 105: h15); None otherwise."""
    for joint in _WHOLE_JOINTS:   # "No — it measures ..." for "No. It measures ..." (probe 123: h11)
        whole = [_as_sentence(p) for p in text.split(joint)]
        if len(whole) > 1 and all(w in listed for w in whole):
            return tuple(whole)
    for found, changes in _joined_parts(text, _JOINTS, listed, unprinted, same, note):
        if not any(changes):
            return found
    return None


def _joined_changed(text: str, listed: dict, unprinted: list[str] = (),
                    same: Callable[[str, str], bool] | None = None, note: str = "") -> tuple[tuple[str, ...], tuple] | None:
    """Listed sentences joined (as _joined joins them, or by ", while", ", but", ", so", ",
    which", ...), one of them with a sense changed: (them, the first change), or None. "Shared
    parameters make a system autonomous, and they make the map the same; ..." for "Shared
    parameters do not make a system autonomous. They make the map the same; ...": the second
    part alone is like a listed sentence, and would pass for its rewording (reviewer
    helper-158); "..., while using an observed target ... changes the token position" drops the
    second listed sentence's sense (reviewer helper-161)."""
    for found, changes in _joined_parts(text, _ANY_JOINT, listed, unprinted, same, note):
        if (change := next(filter(None, changes), None)) is not None:
            return found, change
    return _clause_added(text, listed, unprinted, same, note)


def _clause_added(text: str, listed: dict, unprinted: list[str], same: Callable[[str, str], bool] | None,
                  note: str) -> tuple[tuple[str, ...], tuple] | None:
    """A listed sentence, kept, joined to a clause that is no listed sentence: (it, ("", the
    clause)), or None. "The noise comes from which examples were sampled, so it vanishes." says
    more than the listed sentence, and "..., and the derivative says it." drops one (reviewer
    helper-162: the whole passed for the listed sentence's rewording)."""
    for joint in list(_CLAUSE_JOINT.finditer(text))[:_MOST_JOINTS]:
        head, tail = text[:joint.start()], text[joint.end():]
        for kept, extra in ((head, tail), (tail, head)):
            kept = _as_sentence(kept)
            if (f := _listed_for(kept, listed, unprinted)) is None or _part_change(f, kept, same, note):
                continue
            words = set(re.findall(r"[A-Za-z]{3,}", extra.lower()))
            if most_alike(_as_sentence(extra), unprinted) is None and len(extra.split()) >= 2 \
                    and len(words - set(re.findall(r"[A-Za-z]{3,}", f.lower()))) > len(words) / 2:
                # (its words mostly the listed sentence's own: one sentence reworded, not a clause added)
                return (f,), ("", extra.strip(" .,;:"))
    return None


def _joined_parts(text: str, joints: re.Pattern, listed: dict, unprinted: list[str],
                  same: Callable[[str, str], bool] | None, note: str = ""):
    """Each way of cutting ``text`` at some of its ``joints`` into parts that are distinct listed
    sentences (as listed, or the most alike the note no longer prints, of about its length: a
    part holding two sentences is no rewording of one, reviewer helper-161): (the listed
    sentences, how each part changes its own: None where it keeps its senses and, in ``note``,
    its terms: reword.changed_in)."""
    from itertools import combinations
    cuts = list(joints.finditer(text))[:_MOST_JOINTS]
    for k in range(1, len(cuts) + 1):
        for chosen in combinations(cuts, k):
            bounds = [0, *[x for m in chosen for x in (m.start(), m.end())], len(text)]
            parts = [_as_sentence(text[bounds[i]:bounds[i + 1]]) for i in range(0, len(bounds), 2)]
            found = [_listed_for(t, listed, unprinted) for t in parts]
            if all(found) and len(set(found)) == len(found):
                yield tuple(found), [_part_change(f, t, same, note) for f, t in zip(found, parts)]


def _listed_for(part: str, listed: dict, unprinted: list[str]) -> str | None:
    """The listed sentence a part of a joined sentence stands for: itself as listed, or the most
    alike one the note no longer prints, of about its length (a part holding two sentences is
    no rewording of one, reviewer helper-161); None when there is none."""
    found = part if part in listed else most_alike(part, unprinted)
    return found if found is not None and _ALIKE_LENGTH <= len(part) / len(found) <= 1 / _ALIKE_LENGTH else None


def _part_change(listed: str, part: str, same: Callable[[str, str], bool] | None, note: str):
    """How a part of a joined sentence changes its listed sentence: a sense or a ``$...$`` span
    (_changed_in_words), or, in ``note``, a term (reword.term_swapped); None when it keeps them."""
    from .reword import term_swapped
    return _changed_in_words(listed, part, same) or (term_swapped(listed, part, note) if note else None)


def _as_sentence(part: str) -> str:
    """A part of a joined sentence as a sentence of its own: its first capital, its full stop."""
    return part[:1].upper() + part[1:] + ("" if part.endswith((".", "!", "?")) else ".")


_JOINTS = re.compile(r"; (?:and )?(?:then )?|, (?:and )?then |, and ")   # ", and": probe 138 h08
# every joint two sentences may be joined by, where one changed is to be found (not where both kept
# their senses: ", so" and ", since" add a sense of their own)
_ANY_JOINT = re.compile(r"; (?:and )?(?:then )?|, (?:and )?then |, (?:and|while|whereas|but|yet|so|which|since|as) "
                        r"| and | \u2014 | \u2013 |: ")
# a joint that opens a clause of its own (not " and " inside a clause, nor a colon before a value)
_CLAUSE_JOINT = re.compile(r"; (?:and )?|, (?:and|while|whereas|but|yet|so|which|since|as) ")
_MOST_JOINTS = 4   # cut at no more than four joints: sixteen ways at most
_ALIKE_LENGTH = 0.7   # a part and its listed sentence: lengths within 0.7 to 1/0.7 of each other
_WHOLE_JOINTS = ("; ", " \u2014 ", " \u2013 ", ": ")   # a semicolon, a dash or a colon between two whole sentences


def _changed_in_words(listed: str, printed: str, same: Callable[[str, str], bool] | None = None):
    """How ``printed`` changes ``listed``: a sense (reword.meaning_change) or a ``$...$`` span
    (_maths_change); None when it rewords it."""
    from .reword import meaning_change
    return meaning_change(listed, printed) or _maths_change(listed, printed, same)


def _split(text: str, first, second, listed: dict) -> str | None:
    """The listed sentence that two consecutive sentences print split in two, the second opening
    by restating the first ("These are four different experiments. That remains true even when
    each is implemented by a loop." for "These are four different experiments even when each
    is implemented by a loop."), or by a capital after a full stop; None otherwise."""
    if "\n" in text[first.end:second.start]:
        return None
    rest = _RESTATED.sub("", second.text, count=1)
    joined = f"{first.text.rstrip('.')} {rest[:1].lower()}{rest[1:]}"
    return joined if joined in listed else None


# a sentence that opens by restating the one before it: the two are one sentence split
_RESTATED = re.compile(r"^(?:This|That|It)\s+(?:remains|is|stays|holds)(?:\s+(?:true|so))?,?\s+(?=\S)")


def _restructured(text: str, listed, same: Callable[[str, str], bool] | None) -> str | None:
    """The listed sentence that ``text`` prints with its parts in another order and its ``$...$``
    spans kept (reword.restructured: "Prescribe inputs $u_i$ and hold the parameter $\\beta >0$
    fixed." for "Hold the parameter $\\beta >0$ fixed and prescribe inputs $u_i$.")."""
    from .reword import meaning_change, restructured
    key = _letters(text)
    return next((t for t in listed if _letters(t) == key and restructured(t, text)
                 and meaning_change(t, text) is None and _maths_change(t, text, same) is None), None)


def _letters(text: str) -> str:
    """The letters, digits and signs of ``text`` in sorted order, case and punctuation aside."""
    return "".join(sorted(ch for ch in text.lower() if ch not in " ,.;:"))




def _same_words(text: str, candidates) -> str | None:
    """The candidate whose words (and ``$...$`` spans), in any order, are most like ``text``'s
    (vocabulary.word_dice at least REORDERED): its phrases moved and a word of no sense changed
    ("Summing the series, starting from $e_0=0$, yields" for "Starting with $e_0=0$ and summing
    the series yields"); whether the move changed its meaning is meaning_change's to say."""
    from .vocabulary import REORDERED, word_dice
    best, score = None, REORDERED
    for t in candidates:
        if (r := word_dice(text, t)) >= score:
            best, score = t, r
    return best


def most_alike(text: str, candidates, floor: float = PROSE_ALIKE) -> str | None:
    """The candidate most like ``text`` (difflib's ratio, at least ``floor``), or None; the
    quick upper bounds first, so a note's hundreds of sentences cost little."""
    from difflib import SequenceMatcher
    best, score = None, floor
    for t in candidates:
        m = SequenceMatcher(None, t, text, autojunk=False)
        if m.real_quick_ratio() >= score and m.quick_ratio() >= score and (r := m.ratio()) >= score:
            best, score = t, r
    return best


def _senses_lost(note: Note, missing: list[str], found: list[ProseCoverage], stated: list,
                 listed: list[str]) -> list[ProseCoverage]:
    """A listed sentence now printed with no word of sense left ("do not change" -> "change"):
    the sentence that is it with only its words of sense removed (alike to reword.SENTENCE once
    they are struck from both), or the one sentence printed in its place between the listed
    sentences around it (``_in_its_place``), unaccounted where it stands, with what it lost. A
    listed sentence printed nowhere (deleted), matched above, or inside a claim's row or
    statement is not one."""
    from .reword import SENTENCE, describe, meaning_change
    from .sentences import sentences
    if not missing:
        return []
    taken = {p.start for p in found if p.coverage != "unlisted"}
    # a sentence printed as a listed one is that one ("t: flow time, from 0 to 1", a legend), never
    # another's loss (probe 112: h15)
    printed = set(listed)
    bare = {s.text: s for s in sentences(note.text, every=True) if not s.senses and s.start not in taken
            and s.text not in printed and not any(a < s.end and s.start < b for a, b, _ in stated)}
    struck = [(_struck(t), t) for t in bare]     # each once, in the note's order
    flagged = [p.text for p in found if p.coverage == "unaccounted"]
    out = []
    for lost in missing:
        hit = most_alike(_struck(lost), [k for k, _ in struck], SENTENCE)
        if hit is None:
            hit = _in_its_place(note.text, lost, listed, bare)
            if hit is None and most_alike(lost, flagged) is not None:
                continue   # printed changed, and said so already
            if hit is None and (two := _halves_lost(note, lost, bare)) is not None:
                out.append(two)
                continue
            if hit is None and (hit := _its_words(lost, bare)) is None:
                continue
            hit = _struck(hit)
        k = next(i for i, (s, _) in enumerate(struck) if s == hit)
        best = bare.pop(struck.pop(k)[1])
        if (change := meaning_change(lost, best.text)) is not None:
            out.append(ProseCoverage(best.text, note.location_of(best.start), "unaccounted", "", describe(change, lost, best.text),
                                     best.start, best.end))
    return out


def _its_words(lost: str, bare: dict) -> str | None:
    """The sentence of ``bare`` whose words, in any order, are most like ``lost``'s with its
    words of sense struck (vocabulary.word_dice at least _ITS_WORDS): "A system is made
    autonomous by shared parameters." for "Shared parameters do not make a system autonomous."."""
    from .sentences import WORDED, words_of
    from .vocabulary import word_dice
    if len(words_of(lost)) < WORDED:   # a label ("Fixed point (z*): 5") renamed is its read-out's to judge
        return None
    struck = _struck(lost)
    score, best = max(((word_dice(struck, t), t) for t in bare), default=(0.0, None))
    return best if score >= _ITS_WORDS else None


def _halves_lost(note: Note, lost: str, bare: dict) -> ProseCoverage | None:
    """A listed sentence printed as two sentences of no sense, side by side in a paragraph, that
    joined again are it with its words of sense struck (alike to reword.SENTENCE): the second,
    unaccounted, with what the two lost ("... inspected on 2026-09-13. The version consulted
    reports measured performance." for "..., with no measured performance in the version
    consulted.")."""
    from .reword import SENTENCE, describe, meaning_change
    found = list(bare.values())
    pairs = {f"{a.text} {b.text}": (a, b) for a, b in zip(found, found[1:]) if not note.text[a.end:b.start].strip(" \t")}
    joined = most_alike(_struck(lost), pairs, SENTENCE)
    if joined is None or (change := meaning_change(lost, joined)) is None:
        return None
    second = pairs[joined][1]
    return ProseCoverage(second.text, note.location_of(second.start), "unaccounted", "", describe(change, lost, joined),
                         second.start, second.end)


def _in_its_place(text: str, lost: str, listed: list[str], bare: dict) -> str | None:
    """The one sentence of ``bare`` (no word of sense) printed where ``lost`` stood: after the
    listed sentence before it and before the one after it, both still printed, with nothing else
    between them ("Only when everything else is fixed is the iteration $F^r$." replaced by
    "Whenever the parameters are shared, the iteration is $F^r$.")."""
    i = listed.index(lost)
    before = next((t for t in reversed(listed[:i]) if t in text), None)
    after = next((t for t in listed[i + 1:] if t in text), None)
    if before is None or after is None:
        return None
    start = text.index(before) + len(before)
    end = text.find(after, start)
    if end < 0:
        return None
    between = [t for t, s in bare.items() if start <= s.start and s.end <= end]
    rest = text[start:end]
    for t in between:
        rest = rest.replace(t, "", 1)
    if rest.strip(" \t\n-"):   # a rule "---" between sections is nothing said
        return None
    if len(between) > 1:   # a heading before it ("Subtleties and fine print"): the one whose words are its
        from .vocabulary import word_dice
        between = [t for t in between if word_dice(t, lost) >= _ITS_WORDS]
    return between[0] if len(between) == 1 else None


_ITS_WORDS = 0.6   # how alike (vocabulary.word_dice) a sentence of no sense must be to a lost one to be it reworded


def _struck(text: str) -> str:
    """A sentence with its words of sense struck out (vocabulary.MEANING)."""
    from .reword import senses
    for _, word in senses(text):
        text = text.replace(word, "", 1)
    return " ".join(text.split())


PROSE_WHY = "discussion: words no check computes, held as printed (a changed sense is unaccounted prose)"


def prose_stub(scan: tuple[ProseCoverage, ...], why: str = PROSE_WHY) -> str:
    """The unaccounted sentences as a ``prose:`` group to paste under the note in claims.yaml
    (`noteproof scan --prose`): listing one says no check computes its words."""
    lost = list(dict.fromkeys(p.text for p in scan if p.coverage in ("unaccounted", "unlisted")))
    if not lost:
        return ""
    return "\n".join([f"      - why: {yaml_quote(why)}", "        sentences:",
                      *(f"          - {yaml_quote(t)}" for t in lost)]) + "\n"


def _quoted_as_printed(note: Note, claims: tuple[Claim, ...]) -> list[Cover]:
    """Each quote's number where the note prints it (Note.quote_at: re-rounded, more digits)."""
    out = []
    for claim in claims:
        for q in claim.quotes:
            at = note.quote_at(q.snippet, q.number)
            if at is not None:
                kind, by = (Coverage.CHECK, q.numeric) if q.numeric else (Coverage.INPUT, f"{claim.id}: {q.input}")
                out.append(Cover(at[0], at[0] + len(at[1]), kind, by))
    return out


def _worked(note: Note, m, places: list, declared: list, spans: list[Cover],
            worked: frozenset[int] = frozenset()) -> tuple[str, str] | None:
    """(kind, by) for a plain-text formula made of registered formulas' places and declared
    snippets and worked arithmetic whose every number a quote covers (``x / (1 - theta)^2 = 1 /
    0.2^2 = 25``) or a step computes exactly from covered ones (``worked``: ``2 x (-0.351)`` after
    ``2 (1.649 - 2)``), or of a name given such a value (``theta = 1``, ``p1 = -0.469``); else None."""
    from .plainmath import NAMED, arithmetic
    parts = [(max(a, m.start), min(b, m.end), "check", f.derivation) for a, b, f in places if a < m.end and m.start < b]
    parts += [(max(a, m.start), min(b, m.end), "definition", w) for a, b, w in declared if a < m.end and m.start < b]
    left = list(m.text)
    for a, b, _, _ in parts:
        left[a - m.start:b - m.start] = " " * (b - a)
    rest = "".join(left)
    named = NAMED.match(rest) if not parts else None
    rest = rest[named.end():] if named else rest
    offset = m.start + (named.end() if named else 0)
    if not arithmetic(rest):
        return None
    tokens = [t for t in numeric_tokens(note.text, offset, m.end)
              if not any(a <= t.start < b for a, b, _, _ in parts) and t.start not in worked]
    got = [coverage_of(t, spans) for t in tokens]
    if not (parts or tokens) or any(c not in (Coverage.CHECK, Coverage.INPUT) for c, _ in got):
        return None
    if parts:
        return min(parts, key=lambda p: p[2] != "check")[2:]
    checked = next((by for c, by in got if c is Coverage.CHECK), None)
    return ("check", checked) if checked else ("definition", f"a setting: {got[0][1]}")


def encoded_rows(note: Note, claims: tuple[Claim, ...]) -> dict[str, str]:
    """Printed row text -> the claim that encodes it (a reworded row is still its claim's, and so
    is the row where its claim finds its text, Note.stated: a relation written from its other side)."""
    out, rows = {}, None
    for c in claims:
        row = note.row_of(c.row) if c.row is not None else None
        if row is None and c.row is not None and (at := note.stated(c.text, c.quoted)) is not None:
            rows = table_rows(note) if rows is None else rows
            line = note.location_of(at[0]).line
            row = next((r for r in rows if r.location.line == line), None)
        if row is not None:
            out.setdefault(row.text, c.id)
    return out


def scan_rows(note: Note, claims: tuple[Claim, ...]) -> tuple[RowCoverage, ...]:
    """Status-table rows with the claim encoding each; then the claims given by a statement."""
    by_row = encoded_rows(note, claims)
    out = [RowCoverage(r.text, r.tag, by_row.get(r.text, ""), r.location) for r in table_rows(note)]
    for c in claims:
        if c.statement is not None:
            where = note.locate(c.statement) or Location(note.path)
            out.append(RowCoverage(c.statement, c.tag.text, c.id, where))
    return tuple(out)


def scan_note(project, key: str) -> NoteScan:
    note, claims = project.notes[key], project.claims_of(key)
    spec = project.registry.notes[key]
    return NoteScan(key, note.path, scan_rows(note, claims), scan_numbers(note, claims, spec),
                    scan_math(note, claims, spec), scan_prose(note, claims, spec))


def scan_project(project, keys: list[str] | None = None) -> tuple[NoteScan, ...]:
    return tuple(scan_note(project, k) for k in (keys or list(project.registry.notes)))


def stubs(project, key: str) -> str:
    """claims.yaml entries (YAML text) for the note's status-table rows no claim encodes."""
    note, claims = project.notes[key], project.claims_of(key)
    encoded = encoded_rows(note, claims)
    if claims:
        prefix = claims[0].id.split(".")[0]
    else:
        from .newnotes import stub_prefix
        prefix = stub_prefix(key, {c.id.split(".")[0] for c in project.registry.claims})
    ids = {c.id for c in project.registry.claims}
    out = []
    for row in table_rows(note):
        if row.text not in encoded:
            out.append(_stub(row, key, _fresh(f"{prefix}.{slug(row.text)}", ids)))
    return "\n".join(out)


def _stub(row: Row, key: str, claim_id: str) -> str:
    try:
        status = ", ".join(s.value for s in parse_tag(row.tag).parts)
    except TagError:
        status = ""
    return (f"  - id: {claim_id}\n    note: {key}\n    row: {yaml_quote(row.text)}\n"
            f"    tag: {yaml_quote(row.tag)}\n    status: [{status}]\n"
            f"    derivation: {claim_id}          # TODO: register @derivation({claim_id!r})\n"
            + declarative_hint(row.text) + f"    # {row.location}\n")


def declarative_hint(cell: str) -> str:
    """Comment lines suggesting a declarative check (sources.declared) in place of the derivation
    when the row's cell prints a formula: an inequality for ``<``/``>``, an identity for ``=``, else
    a value of the printed formula ("" when it prints none)."""
    m = re.search(r"\$([^$]+)\$", cell)
    if m is None:
        return ""
    latex = yaml_quote(m.group(1).strip())
    if re.search(r"[<>]|\\(?:le|ge|leq|geq|lt|gt)(?![A-Za-z])", m.group(1)):
        shape = f"inequality: {{latex: {latex}, for: \"...\"}}"
    elif "=" in m.group(1):
        shape = f"identity: {{left: \"...\", right: \"...\"}}   # or a value: at the setting {latex}"
    else:
        shape = f"value: {{formula: {latex}, at: \"...\", snippet: \"...\", number: \"...\"}}"
    return (f"    # or, with no Python (README, Claims without Python), instead of derivation:\n"
            f"    # {shape}\n")


def slug(text: str, words: int = 5) -> str:
    plain = re.sub(r"\$[^$]*\$", " ", text)
    parts = re.findall(r"[a-z0-9]+", plain.lower())
    return "-".join(parts[:words]) or "row"


def _fresh(claim_id: str, taken: set[str]) -> str:
    n, out = 2, claim_id
    while out in taken:
        out, n = f"{claim_id}-{n}", n + 1
    taken.add(out)
    return out


def safe_rows(note: Note) -> tuple[tuple[Row, ...], NoteError | None]:
    """(rows, None), or ((), the error) when the table cannot be parsed after an edit."""
    try:
        return table_rows(note), None
    except NoteError as exc:
        return (), exc
