"""A note's text -> its status-table Rows and located snippets."""
from __future__ import annotations

import os
import re
import stat
from bisect import bisect_left
from dataclasses import dataclass, field, replace
from functools import lru_cache
from itertools import permutations
from pathlib import Path
from typing import Any, Iterable

from ..defaults import APPROX_EQUAL
from ..errors import NoteError
from ..model import Location
from .numtext import (
    BARE_FRACTIONS,
    NUMBER_SPAN,
    PERCENT,
    PRINTED_OR_WORD,
    UNSIGNED,
    WORD,
    canonical,
    same_value,
    value_of,
)
from .readout import (
    is_readout_line,
    listed_readout,
    names_another_readout,
    relabelled_line,
    relabelled_readout,
    reversed_label,
    reworded_readout,
)
from .spelling import (
    GOES_ON,
    MATH_SPAN,
    RELATION_IN_WORDS,
    RELATION_SYNONYMS,
    command_or_character,
    goes_on,
    spelling,
    turned,
)
from .tables import Row, status_rows

TABLE_TITLE = "Key claims and status"   # as shown; sources.tables reads it in any case
NUMBER_TOKEN = PRINTED_OR_WORD   # a number in any of the notes' notations, as parse_quoted reads it
_NUMBER_WORD = re.compile(f"(?<![\\w.])(?:{NUMBER_TOKEN})(?![\\w])")   # one, as a whole word
# a word that marks the number after it as rounded, added before a quoted number ("about 3,762"): the
# quote judges the number, and a rounded number may say so
_QUALIFIER = r"(?:(?:about|approximately|roughly|around|nearly|≈|~)\s*)?"
APPROXIMATE = re.compile(r"(\\simeq|\\approx|≈|≃|~|\babout|\broughly|\bnear|\baround)\s*[-+(]?\s*$")
# a number in a quote's words, in any notation, bracketed or not: e^(1/2) for e^0.5
BRACKETED = r"(?:[({{]\s*)?({})(?:\s*[)}}])?"   # (1/2); an exponent's group: 1.25^{40}
# a number among registered words, however the note prints it: 4 x 10^-3, (1/2), 79.2412\%, six
ANY_VALUE = BRACKETED.format(f"(?:{UNSIGNED}|{WORD})(?:{PERCENT})?")
CONTEXT = 3          # characters of a snippet's own words needed to find its number printed otherwise
APPROXIMATIONS = ("\\simeq ", "\\approx ", "\u2248 ")   # how a note prints "=" for a value stated rounded
MAX_BYTES = 8 * 1024 * 1024
_NOT_READ = object()   # a lookup the note's document did not make (sources.document)


@dataclass(frozen=True)
class MathSpan:
    """One ``$...$`` or ``$$...$$`` of a note (its inner text), or one plain-text formula of
    its prose (``plain``, sources.plainmath), and where that stands."""

    text: str
    start: int             # offset of the inner text
    end: int
    plain: bool = False


@dataclass(frozen=True)
class Note:
    """A note's text (LF line endings, no byte-order mark) and the path it was read from."""

    path: str
    text: str
    # the registry the note is judged under, (claims, NoteSpec): what lets sources.anchor take an
    # edited span for its formula's occurrence (set by sources.project.Project)
    registry: Any = field(default=None, compare=False, repr=False)
    # its regions, read once (sources.document.Document; set by sources.project.Project): used
    # while they were read from this very text
    regions: Any = field(default=None, compare=False, repr=False)
    # the sides of worked steps the note prints otherwise and is judged as registered
    # (formula.respelled): (start, end) in this text, and the text printed there
    respellings: tuple[tuple[int, int, str], ...] = ()

    def respelled(self, swaps: Iterable[tuple[int, int, str]]) -> "Note":
        """This note with each ``text[start:end]`` read as ``registered`` (``swaps``: (start, end,
        registered), apart from each other and from the respellings already read)."""
        text, kept, shift, last = [], [], 0, 0
        old = [(s, e, p, False) for s, e, p in self.respellings]
        new = [(s, e, r, True) for s, e, r in swaps if not any(s < b and a < e for a, b, _ in self.respellings)]
        for s, e, t, swap in sorted(old + new):
            text.append(self.text[last:s])
            printed, spelled = (self.text[s:e], t) if swap else (t, self.text[s:e])
            kept.append((s + shift, s + shift + len(spelled), printed))
            text.append(spelled)
            shift += len(spelled) - (e - s)
            last = e
        text.append(self.text[last:])
        return replace(self, text="".join(text), respellings=tuple(kept), regions=None)

    @property
    def as_printed(self) -> str:
        """The note's text as printed (its respelled sides as the author wrote them)."""
        out, last = [], 0
        for s, e, printed in self.respellings:
            out += [self.text[last:s], printed]
            last = e
        return "".join(out) + self.text[last:]

    def printed_offset(self, offset: int) -> int:
        """Where ``offset`` of this text stands in the text as printed (a respelled side's
        offsets stand at its start)."""
        shift = 0
        for s, e, printed in self.respellings:
            if offset < e:
                return (s if offset >= s else offset) + shift
            shift += len(printed) - (e - s)
        return offset + shift

    def document(self) -> Any:
        """The note's regions (sources.document) when they were read from its text, else None."""
        doc = self.regions
        return doc if doc is not None and doc.reads(self.text) else None

    def _looked_up(self, *key: Any) -> Any:
        """What the note's document found for this method and these arguments, else _NOT_READ."""
        doc = self.document()
        return _NOT_READ if doc is None else doc.lookup(key, _NOT_READ)

    def offsets(self, piece: str) -> list[int]:
        """The offset of every occurrence of ``piece`` in the note, in order."""
        out, i = [], self.text.find(piece) if piece else -1
        while i >= 0:
            out.append(i)
            i = self.text.find(piece, i + 1)
        return out

    def declared(self, snippet: str) -> list[tuple[int, int]]:
        """(start, end) of every place a ``math:`` declaration's snippet stands: as written, or
        spaced otherwise with each of its numbers printed in another notation of the same value
        (``\\Delta s=1/2`` for ``\\Delta s=0.5``, ``−4`` for ``-4``), or its one relation written
        from the other side, or its signs and comparisons said in words ("for positive $K$, with"
        for "for $K>0$, with": reword.signs_in_words_at); a changed value is no place, unless a
        registered input quote reads that number there (the quote judges it: _settings_in)."""
        from .reword import signs_in_words_at
        free = self._settings_in(snippet)
        other = turned(snippet)   # a relation written from its other side is the same declaration
        return self.same_words(snippet, free) or (other is not None and self.same_words(other, free)) \
            or next(filter(None, (self.same_words(t, free) for t in _reordered_items(snippet))), []) \
            or next(filter(None, (self.same_words(t, free) for t in _approximated(snippet, free))), []) \
            or self._declared_reworded(snippet) or self._declared_in_reworded(snippet) \
            or self._declared_words_moved(snippet) or signs_in_words_at(self.text, snippet) \
            or self._declared_in_unicode(snippet, free)

    def _declared_in_unicode(self, snippet: str, free: frozenset[str]) -> list[tuple[int, int]]:
        """The snippet with its ``$...$`` spans printed as plain text, commands as Unicode or Greek
        names ("Hold the parameter β > 0 fixed"), outside every ``$...$`` of the note."""
        if "$" not in snippet:
            return []
        spans = self.math_spans()
        return [(a, b) for a, b in self.same_words(snippet.replace("$", ""), free)
                if not any(m.start < b and a < m.end for m in spans)]

    def _quotes(self) -> tuple[tuple[str, str, bool, bool], ...]:
        """Each distinct (snippet, number, input?, computed?) of the registry's quotes (quotes_of)."""
        return quotes_of(self.registry[0])[0] if self.registry else ()

    def _snippets_of(self, number: str) -> tuple[str, ...]:
        """The distinct snippets of the registry's quotes of ``number``."""
        return quotes_of(self.registry[0])[1].get(number, ()) if self.registry else ()

    def _settings_in(self, snippet: str) -> frozenset[str]:
        """The numbers of ``snippet`` that a quote of the registry reads there as a setting (its
        snippet stands inside this one): their value is judged by that quote, not by the words
        around them (``At $\\Delta s=0.25$ ...`` is still the declared worked example)."""
        return frozenset(number for text, number, given, _ in self._quotes() if given and text and text in snippet)

    def same_words(self, text: str, free: frozenset[str] = frozenset()) -> list[tuple[int, int]]:
        """(start, end) of every place ``text`` stands as written, or spaced otherwise with each
        of its numbers printed in another notation of the same value (``1/2`` or ``(1/2)`` for
        ``0.5``, ``4 x 10^-3`` for ``0.004``, ``79.2\\%`` for ``0.792``, ``−4`` for ``-4``): the same
        words, the same values (any value for the numbers in ``free``)."""
        found = [(i, i + len(text)) for i in self.offsets(text)]
        if found or not text:
            return found
        parts = _WORDS_NUMBER.split(text)
        numbers = parts[1::2]
        pattern = "".join(_spelled(p) if k % 2 == 0 else ANY_VALUE for k, p in enumerate(parts))
        return [(m.start(), m.end()) for m in re.finditer(pattern, self.text)
                if all(n in free or same_value(g, n) for g, n in zip(m.groups(), numbers))]

    def says(self, text: str) -> Location | None:
        """Where the note still says ``text`` (an erratum's words): the same words and values,
        in any notation (Note.same_words); None when they are gone or changed."""
        # words that go on with an alternative or an exception ("only when |θ| < 1 or the start is
        # the fixed point") say less: the erratum's correction, not its words
        found = [(a, b) for a, b in self.same_words(text) if not _QUALIFIED.match(self.text, b)]
        return self.location_of(found[0][0]) if found else None

    def _declared_reworded(self, snippet: str) -> list[tuple[int, int]]:
        """The snippet's math spans, unchanged and in order, with its words around and between
        them reworded (the words as long as the snippet's, still alike: reword.SENTENCE): "it
        triples" for "it doubles", "each" for "every", leave the declared ``$\\Delta s=3$`` and
        ``$\\beta <1$`` declared (the words are judged as prose)."""
        import difflib

        from .reword import SENTENCE
        pieces = re.split(r"(\$[^$\n]+\$)", snippet)
        out = []
        for m in self._spans_printed(pieces):
            a, b = max(0, m.start() - len(pieces[0])), m.end() + len(pieces[-1])
            if difflib.SequenceMatcher(None, snippet, self.text[a:b], autojunk=False).ratio() >= SENTENCE:
                out.append((a, b))
        return out

    def _declared_words_moved(self, snippet: str) -> list[tuple[int, int]]:
        """The snippet's math spans, unchanged and in order, in one sentence that holds every word
        of the snippet, in any order and case: "This is $12$ at $w=2,x=y=1$." still declares the
        setting of "At $w=2,x=y=1$, this is" (a phrase moved; the sentence's sense is the prose's)."""
        from .reword import sentence_around
        pieces = re.split(r"(\$[^$\n]+\$)", snippet)
        wanted = _plain_words(pieces[0] + " " + pieces[-1]) if len(pieces) >= 3 else frozenset()
        out = []
        for m in self._spans_printed(pieces) if wanted else ():
            a, b = sentence_around(self.text, m.start(), m.end())
            if not wanted - _plain_words(self.text[a:m.start()] + " " + self.text[m.end():b]):
                out.append((m.start(), m.end()))
        return out

    def _spans_printed(self, pieces: list[str]) -> list[re.Match]:
        """Each place a snippet's math spans (``pieces``: its words and ``$...$`` spans, split)
        stand unchanged and in order, a few words between them, each span as written or with its
        numbers in another notation of the same value (``$\\Delta s=1/2$``)."""
        if len(pieces) < 3:
            return []
        inner = pieces[1:-1]
        numbers = [n for k, p in enumerate(inner) if k % 2 == 0 for n in _WORDS_NUMBER.split(p)[1::2]]
        pattern = "".join(_span_pattern(p) if k % 2 == 0 else rf"[^$\n]{{0,{len(p) + 12}}}?"
                          for k, p in enumerate(inner))
        return [m for m in re.finditer(pattern, self.text)
                if all(same_value(g, n) for g, n in zip(m.groups(), numbers))]

    def locate(self, snippet: str, start: int = 0) -> Location | None:
        """Where ``snippet`` first occurs (at or after offset ``start``), or None."""
        i = self.text.find(snippet, start) if snippet else -1
        return None if i < 0 else self.location_of(i)

    def location_of(self, offset: int) -> Location:
        """Line and column of ``offset`` (a respelled side never holds a line break, so the line
        is the printed one's; the column is the text's as judged, Note.respellings)."""
        breaks = _line_breaks(self.text)
        line = bisect_left(breaks, offset) + 1
        column = offset - (breaks[line - 2] + 1 if line > 1 else 0) + 1
        return Location(self.path, line, column)

    @property
    def lines(self) -> list[str]:
        return self.text.split("\n")

    def printed(self, text: str, numbers: Iterable[str] = ()) -> tuple[int, str] | None:
        """Where registered text stands and how the note prints it: as registered, or spaced
        otherwise, or with its quoted ``numbers`` printed otherwise (each judged by its own
        quote), when that leaves one place or places that all print the same text (the first:
        the same text is the same formula, and the math inventory accounts for each)."""
        i = _whole(self.text, text)
        if i >= 0:
            return i, text
        found = self.printed_all(text, numbers)
        return found[0] if found and len({s for _, s in found}) == 1 else None

    def stated(self, text: str, numbers: Iterable[str] = ()) -> tuple[int, str] | None:
        """Where a registered row or sentence stands as printed (Note.printed), or reworded
        (sources.reword: the one sentence or row cell most like it)."""
        found = self._looked_up("stated", text, numbers_key(numbers))
        if found is not _NOT_READ:
            return found
        from .reword import reworded
        row = self.registry is not None and any(c.row == text for c in self.registry[0])   # a row's nouns judged anywhere
        found = self.printed(text, numbers) or reworded(self.text, text, row)
        if found is None and (other := turned(text)) is not None:   # 0 < ah < 2 printed 2 > ah > 0
            found = self.printed(other, numbers) or reworded(self.text, other, row)
        if found is None:   # a read-out line relabelled in other words
            found = relabelled_line(self.text, text, agree_rounded)
        if found is None and row:
            row = self._row_in_table(text)   # a status row reworded beyond its spelling, in its place
            if row is not None:
                lines = self.text.split("\n")[:row.location.line]
                start = sum(len(x) + 1 for x in lines[:-1])
                found = (start + lines[-1].find(row.text), row.text)
        return found

    def _row_in_table(self, claim_cell: str) -> Row | None:
        try:
            cells = list(table_rows(self))
        except NoteError:
            return None
        hit = self._row_in_its_place(claim_cell, [r.text for r in cells])
        return None if hit is None else cells[hit]

    def sense_changed(self, text: str) -> tuple[int, str, tuple[str, str]] | None:
        """Where a registered sentence that is not printed stands with its words' sense changed,
        as printed, and the words (sources.reword.sense_changed)."""
        from .reword import sense_changed
        return sense_changed(self.text, text)

    def maths_changed(self, text: str) -> tuple[int, str, tuple[str, str]] | None:
        """Where a registered row or sentence that is not printed stands with a ``$...$`` span
        edited, as printed, and the span before and after (sources.reword.maths_changed)."""
        from .reword import maths_changed
        return maths_changed(self.text, text)

    def printed_all(self, text: str, numbers: Iterable[str] = ()) -> list[tuple[int, str]]:
        """Every place registered text stands, spaced as printed, its quoted numbers as printed."""
        pattern = loose_pattern(text, frozenset(numbers))
        return [(m.start(), m.group(0)) for m in pattern.finditer(self.text)] if pattern else []

    def find(self, text: str, numbers: Iterable[str] = ()) -> Location | None:
        """Where registered text stands (Note.printed), or None."""
        at = self.printed(text, numbers)
        return None if at is None else self.location_of(at[0])

    def quote_at(self, snippet: str, number: str) -> tuple[int, str] | None:
        """Where a quoted number stands and how the note prints it: the snippet as registered,
        or the same words around a number printed otherwise (re-rounded, more digits, a new
        value). When those words stand before several numbers, the one that re-rounds the
        registered number; None when that leaves no single place: a quote is never attached
        to another number. A snippet holding one relation is found written from its other side too."""
        found = self._looked_up("quote_at", snippet, number)
        if found is not _NOT_READ:
            return found
        # a list's read-out is read name by name ("(RK4, Euler): 16, 4" for "(Euler, RK4): 4, 16")
        at = listed_readout(self.text, snippet, number) if snippet not in self.text else None
        at = self._quote_at(snippet, number) if at is None else at
        if at is not None and not agree_rounded(at[1], number):
            # a new value where a link was inserted before the number ("x 1.649 = 2 (-0.351) x
            # 1.649 = -1.16"): the number after the new link, when it keeps the value (probe 120: h15)
            chained = self._in_longer_chain(snippet, number)
            at = chained if chained is not None and agree_rounded(chained[1], number) else at
        if at is None and (other := turned(snippet)) is not None:   # |theta| < 1 printed 1 > |theta|
            at = self._quote_at(other, number)
        if at is None and number.isalpha():   # a read-out in words, capitalised: "Yes." for "yes"
            at = self._word_at(snippet, number)
        if at is None:
            at = self._in_longer_chain(snippet, number)
        if at is None:
            at = self._relinked_at(snippet, number)
        if at is None:
            at = self._in_reworded(snippet, number)
        if at is None and number.isalpha():   # "Does the iteration converge?: no" for "Iteration settles?: no"
            at = reworded_readout(self.text, snippet, number)
        if at is None:   # "Change predicted by the slope: 0.25" for "Slope estimate of the change: 0.25"
            at = relabelled_readout(self.text, snippet, number, agree_rounded)
        if at is None:   # "=\left(I-J_f\right)^{-1}" for "=(I-J_f)^{-1}": notation set aside
            at = self._respelled_at(snippet, number)
        if at is None:   # "p(B\mid AB)\simeq 0.7924" for "p(B\mid AB)=0.792412": stated approximately
            at = self._approximately_at(snippet, number)
        if at is None and "$" in snippet:   # "Hold the parameter β > 0" for "... $\beta >0$": Unicode prose
            at = self._unicode_at(snippet, number)
        if at is not None and scaled(self.text, at, snippet, number):
            return None   # "ah is less than 1 percent" does not print the 1 of "ah < 1"
        return percent_of(self.text, snippet, number, at)

    def _approximately_at(self, snippet: str, number: str) -> tuple[int, str] | None:
        """The quoted number where ``snippet``'s "=" before it is printed as an approximation
        (``\\simeq``, ``\\approx``, ``≈``) and the number re-rounded: the same value, stated
        to fewer digits (its quote judges the digits)."""
        off = number_offset(snippet, number)
        head = snippet[:max(off, 0)].rstrip()
        if off < 0 or not head.endswith("="):
            return None
        for sign in APPROXIMATIONS:
            at = self._quote_at(head[:-1] + sign + snippet[off:], number)
            if at is not None:
                return at
        return None

    def _unicode_at(self, snippet: str, number: str) -> tuple[int, str] | None:
        """The quoted number where the snippet's ``$...$`` spans stand as plain text, their commands
        printed as Unicode characters or Greek names ("Hold the parameter β > 0" for "Hold the
        parameter $\\beta >0$"; _spelled_piece reads them): outside every ``$...$`` of the note,
        and not going on past the number ("β > 0 - 2" is another formula)."""
        bare = snippet.replace("$", "")
        at = self._quote_at(bare, number)
        if at is None or any(m.start <= at[0] < m.end for m in self.math_spans()):
            return None
        return None if _GOES_ON.match(self.text, at[0] + len(at[1])) else at

    def _respelled_at(self, snippet: str, number: str) -> tuple[int, str] | None:
        """The quoted number in the one place printing ``snippet`` with its notation set aside
        (sources.spelling: ``\\left(``, ``\\dfrac``, a brace group of one token, spacing, a
        Unicode minus), the number as printed there."""
        off = number_offset(snippet, number)
        bare, starts, _ = spelling(snippet)
        if off < 0 or off not in starts:
            return None
        flat, at, ends = spelling(self.text)
        i = flat.find(bare)
        if i < 0 or flat.find(bare, i + 1) >= 0:
            return None
        j = i + starts.index(off)
        end = ends[j + len(spelling(number)[0]) - 1]
        return at[j], self.text[at[j]:end]

    def asked_reversed(self, snippet: str, number: str, at: int) -> bool:
        """Whether the read-out found at ``at`` for ``snippet`` asks its question the other way
        round ("Iteration diverges?: yes" for "Iteration settles?: no"): its word says the opposite."""
        return reversed_label(self.text, snippet, number, at)

    def _in_longer_chain(self, snippet: str, number: str) -> tuple[int, str] | None:
        """The quoted number in a worked chain printed with one link more (``x(1) = e^0.5 =
        sqrt(e) = 1.6487`` for ``x(1) = e^0.5 = 1.649``): the snippet's words up to one of its
        ``=`` found once, a new link after it, then the rest read as a snippet of its own. The
        new link is the chain's to judge (formula.chains reads every link)."""
        for cut in (m.end() for m in _LINK.finditer(snippet)):
            head, rest = snippet[:cut], snippet[cut:]
            if len(head.strip()) < CONTEXT or len(rest.strip()) < 1:
                continue
            places = [m for i in self.offsets(head) if (m := _NEW_LINK.match(self.text, i + len(head)))]
            if len(places) != 1:
                continue
            longer = head + places[0][0] + rest
            at = self._quote_at(longer, number) if longer != snippet else None
            if at is not None:
                return at
        return None

    def _relinked_at(self, snippet: str, number: str) -> tuple[int, str] | None:
        """The quoted number ending a worked chain whose links are printed otherwise (``gap = 2
        e^(-2) = 0.2707`` for ``gap = 2 e^(-2 x 1) = 0.271``): the snippet's words up to its first
        ``=`` found once, the chain after them read to its last ``=`` in the same clause, the
        number there judged as the quote's. The new links are the chain's to judge
        (formula.chains reads every link)."""
        off = number_offset(snippet, number)
        if off < 0 or snippet[off + len(number):].strip(" .") or "=" not in snippet[:off]:
            return None
        head = snippet[:snippet.index("=") + 1]
        places = self.offsets(head)
        if len(head.strip()) <= CONTEXT or len(places) != 1:
            return None
        links = _RELINKED.match(self.text, places[0] + len(head))
        longer = head + links[0] + number if links else snippet
        return self._quote_at(longer, number) if longer != snippet else None

    def _in_reworded(self, snippet: str, number: str) -> tuple[int, str] | None:
        """The quoted number inside a registered sentence or row (or a sentence listed as prose) that holds ``snippet`` and now
        stands reworded (Note.stated): the number in the same place among its numbers, the
        others keeping their values ("which stays under 1 for any positive step" for "which is
        below 1 for every positive step"). It is judged as printed there."""
        off = number_offset(snippet, number)
        if off < 0 or not self.registry:
            return None
        from .reword import paraphrased
        word = value_of(number) is None   # a read-out word, placed among the words
        for text in self._registered_texts():
            i = text.find(snippet) if text else -1
            if i < 0 or (found := self.stated(text) or paraphrased(self.text, text)) is None or found[1] == text \
                    or is_readout_line(text) and names_another_readout(self.text, text, found[0]):
                continue
            # among the numbers, or among the read-out words, as the quoted one is: a clause moved
            # ("The amplitude shrinks ... at $\\Delta s=0.5$") moves the words past the numbers
            bare = number.lower() in BARE_FRACTIONS   # "half": a number here, where its quote names it
            mine, theirs = ([x for x in _numbers_in(t, bare) if (value_of(x[1]) is None) == word] for t in (text, found[1]))
            k = next((j for j, (at, _) in enumerate(mine) if at == i + off), None)
            if k is None or len(mine) != len(theirs) or not (all(
                    same_value(a, b) for j, ((_, a), (_, b)) in enumerate(zip(mine, theirs)) if j != k)
                    or _result_after_reordered(mine, theirs, k)):
                continue
            return found[0] + theirs[k][0], theirs[k][1]
        return None

    def _registered_texts(self) -> tuple[str, ...]:
        """The registry's statements and rows, and the sentences listed as prose (judged as prose)."""
        if not self.registry:
            return ()
        listed = (text for text, _ in self.registry[1].prose or ())
        return tuple(dict.fromkeys(t for t in (*(c.text for c in self.registry[0]), *listed) if t))

    def _declared_in_reworded(self, snippet: str) -> list[tuple[int, int]]:
        """A declaration's math spans, printed unchanged and in order, inside the registered or
        listed sentence that holds ``snippet`` and now stands reworded (Note.stated): "Fix the
        parameter $\\beta >0$ and ..." for "Hold the parameter $\\beta >0$ fixed and ..."."""
        from .reword import halved
        spans = [m.group(0) for m in MATH_SPAN.finditer(snippet)]
        for text in self._registered_texts() if spans else ():
            if snippet not in text or (found := self.stated(text)) is None or found[1] == text:
                continue
            at, printed = found
            start = printed.find(spans[0])
            end = printed.rfind(spans[-1]) + len(spans[-1])
            # a factor of one half printed as a span is no other mathematics ("shrinks by half"
            # printed "is multiplied by $1/2$": reword.halved)
            kept = [m.group(0) for m in MATH_SPAN.finditer(halved(printed[start:end]))]
            if start >= 0 and kept == spans:
                return [(at + start, at + end)]
        return []

    def _word_at(self, snippet: str, word: str) -> tuple[int, str] | None:
        """The one place the snippet stands with its read-out word in another case."""
        off = number_offset(snippet, word)
        if off < 0:
            return None
        pattern = re.escape(snippet[:off]) + f"((?i:{re.escape(word)}))(?![A-Za-z])" + re.escape(snippet[off + len(word):])
        found = [(m.start(1), m.group(1)) for m in re.finditer(pattern, self.text)]
        return found[0] if len(found) == 1 else None

    def _owned(self, snippet: str, number: str) -> list[tuple[int, int]]:
        """Where a longer registered snippet quoting the same number of ``snippet`` stands as
        registered: those places are its quote's, not this one's (the caption ``Euler step size
        (h): 1.5 · Decay`` is not the slider ``Euler step size (h): 1.5``, whatever the slider now
        prints). A longer snippet quoting another number shares the place."""
        off = number_offset(snippet, number)
        longer = {t for t in self._snippets_of(number) if t != snippet
                  and snippet in t and t.find(snippet) + off == number_offset(t, number)}
        return [(i, i + len(t)) for t in longer for i in self.offsets(t)]

    def _held(self, number: str) -> list[tuple[int, int]]:
        """Where another registered quote's number stands as registered, a number other than
        ``number``: a quote whose words are gone is not attached there (``100 = 5.`` after
        ``100 x 0.05 = 5`` is not the ``100 = 0.02.`` of ``h < 2 / 100 = 0.02.``)."""
        out = []
        for text, other in {(t, n) for t, n, _, _ in self._quotes() if n != number}:
            i = self.text.find(text) if text else -1
            if i >= 0 and (k := number_offset(text, other)) >= 0:
                out.append((i + k, i + k + len(other)))
        return out

    def _checked_around(self, snippet: str, number: str) -> frozenset[str]:
        """The numbers in ``snippet``'s words that other registered quotes check, their snippets
        overlapping this one (``4, 16`` holds the 16 of the RK4 count): a wrong one fails there,
        and this quote's number is still found beside it."""
        return frozenset(n for t, n, _, numeric in self._quotes()
                         if n != number and numeric and _overlap(t, snippet, n))

    def _quote_at(self, snippet: str, number: str) -> tuple[int, str] | None:
        off = number_offset(snippet, number)
        owned = self._owned(snippet, number) if snippet else []
        free = [i for i in self.offsets(snippet) if whole_numbers(self.text, i, i + len(snippet))
                and not any(a <= i + max(off, 0) < b for a, b in owned)]
        if free:
            return free[0] + off, number
        before, after = snippet[:max(off, 0)], snippet[off + len(number):]
        if off < 0 or len((before + after).strip()) < CONTEXT:
            return None
        head, head_numbers = _context(before)
        tail, tail_numbers = _context(after)
        owned += self._held(number)
        # a number now printed as a percentage keeps its sign out of the group (percent_of adds it)
        # a snippet ending in its number: the number printed there ends the words, it does not
        # begin an expression ("gap = 2 e^(-2) = 0.271" does not print the gap as 2)
        number_on = BRACKETED.format(NUMBER_TOKEN) + f"(?:{PERCENT})?" + (tail if after else _ENDS)
        pattern = head + number_on
        k = len(head_numbers) + 1    # the quoted number's group
        context = head_numbers + tail_numbers
        checked = self._checked_around(snippet, number)

        def kept(printed: str, registered: str) -> bool:   # another quote's number may change: its quote says so
            return agree_rounded(printed, registered) or registered in checked
        def scores(pattern: str) -> list:
            return [((m.start(k), m.group(k)), sum(map(same_value, m.groups()[:k - 1] + m.groups()[k:], context)))
                    for m in re.finditer(pattern, self.text)
                    if all(map(kept, m.groups()[:k - 1] + m.groups()[k:], context))
                    and not any(a <= m.start(k) < b for a, b in owned)]
        scored = scores(pattern)
        if not scored and not APPROXIMATE.search(before):   # "(start 0.5): about 3,762" (probe 88: h13), where
            # no number stands after the words as registered (reviewer helper-98: not "about 3,760" on
            # another line over the 3,860 printed in its place)
            scored = scores(head + _QUALIFIER + number_on)
        if not scored and after and not head_numbers and _HEAD_ENDS.search(before) and len(before.strip()) > CONTEXT \
                and (before.rstrip().endswith("=") and len(re.findall(head, self.text)) == 1
                     or not before.rstrip().endswith("=") and (head := _any_case_first(before, head))):
            # the words after the number printed otherwise, its own before it kept: "h(-a x0) = 1 - 1.5
            # x 1.2" printed "h(-a x0) = 1 − 1.2 × 1.5" (factors commuted; probe 122: h14). Only the
            # registered value there, after words without numbers that end in "=" or a noun phrase
            # (_HEAD_ENDS) and stand once in the note: another value, a number after numbers of its own
            # (a link inserted: Note._in_longer_chain), or after common words ("After 4 steps"), is no place of it
            scored = [(f, n) for f, n in scores(head + BRACKETED.format(NUMBER_TOKEN) + r"(?![\d.]|,\d)")
                      if agree_rounded(f[1], number)]
            scored = scored if len(scored) == 1 else []   # one place only, however many the words have
        # the words around a number printed as registered (in any notation) outrank a coarser re-rounding of them
        # ("1 / 0.18 = 5.263" is the place of "1 / 0.19 = 5.263", not "1 / 0.2 = 5")
        best = max((n for _, n in scored), default=0)
        found = [f for f, n in scored if n == best]
        if len(found) > 1:
            found = [f for f in found if agree_rounded(f[1], number)]
        if len(found) == 1:
            return found[0]
        from .reword import reworded_quote
        hit = None if found else reworded_quote(self.text, snippet, number, off, agree_rounded, NUMBER_TOKEN)
        if hit is not None and is_readout_line(snippet) and names_another_readout(self.text, snippet, hit[0]):
            return None   # "Size of gap |theta|" for "Size of multiplier |theta|": another read-out's label
        return None if hit is None or any(a <= hit[0] < b for a, b in owned) else hit

    def math_spans(self) -> tuple[MathSpan, ...]:
        """Every ``$$...$$`` and ``$...$`` of the note, in order."""
        doc = self.document()
        return doc.math if doc is not None else math_spans(self.text)

    def plain_math(self) -> tuple[MathSpan, ...]:
        """Every plain-text formula of the note's prose outside its ``$...$`` spans, in order
        (sources.plainmath says what one is: ``z* = x / (1 - theta)``, not ``1.5 x 1.2``)."""
        doc = self.document()
        return doc.plain_math if doc is not None else _plain_math(self.text)

    def label_after(self, text: str, numbers: Iterable[str] = ()) -> tuple[int, str] | None:
        """The page label printed after ``text`` (the first sentence that is a bare label,
        "Identity."), as (offset, label), or None."""
        found = self._looked_up("label_after", text, numbers_key(numbers))
        if found is not _NOT_READ:
            return found
        from .tags import LABEL
        at = self.stated(text, numbers)
        found = LABEL.search(self.text, at[0] + len(at[1])) if at else None
        return (found.start(1), found.group(1)) if found else None

    def marks_approximate(self, offset: int) -> bool:
        """Whether the words just before a number mark it as rounded ("\\simeq", "about", "~")."""
        before = self.text[max(0, offset - 14):offset]
        return bool(APPROXIMATE.search(before))

    def status_cell(self, claim_cell: str) -> str | None:
        """The status cell printed beside a claim cell of the status table (None: no such row,
        or no readable table)."""
        found = self._looked_up("status_cell", claim_cell)
        if found is not _NOT_READ:
            return found
        row = self.row_of(claim_cell)
        return None if row is None else row.tag

    def row_of(self, claim_cell: str) -> Row | None:
        """The status-table row of a registered claim cell: the same text, else the one row
        reworded from it (sources.reword); None when there is none or no readable table."""
        from .reword import reworded_cell
        try:
            rows = table_rows(self)
        except NoteError:
            return None
        same = next((r for r in rows if r.text == claim_cell), None)
        if same is not None:
            return same
        hit = reworded_cell(claim_cell, [r.text for r in rows], self.text)
        if hit is None:
            hit = self._row_in_its_place(claim_cell, [r.text for r in rows])
        return None if hit is None else rows[hit]

    def _row_in_its_place(self, claim_cell: str, cells: list[str]) -> int | None:
        """The index of the one row no registered claim cell names, when ``claim_cell`` is the one
        registered cell no row prints (reworded or not) and the table has as many rows as the
        registry: the row in its place, reworded beyond its spelling ("A parameter used in several
        places receives the sum of the contributions from each use" for "A shared parameter
        receives the sum over its uses"), every sense kept (sources.reword.meaning_change)."""
        from .reword import RESTRICTING, reworded_cell, row_changed
        if self.registry is None:
            return None
        registered = list(dict.fromkeys(c.row for c in self.registry[0] if c.row is not None))
        if len(registered) != len(cells):
            return None
        found = {c: cells.index(c) if c in cells else reworded_cell(c, cells, self.text) for c in registered}
        missing = [c for c, i in found.items() if i is None]
        loose = [i for i in range(len(cells)) if i not in found.values()]
        if missing != [claim_cell] or len(loose) != 1 or row_changed(claim_cell, cells[loose[0]], self.text) is not None:
            return None
        # its restrictions kept: "at the origin" is not "Away from the origin"; a restricting
        # phrase said as a condition keeps it ("when the current input is held fixed" for "at
        # fixed current input"), unless another restricting word came with it
        was, now = ({w.lower() for w in re.findall(r"[A-Za-z]+", t)} for t in (claim_cell, cells[loose[0]]))
        lost, added = (was - now) & RESTRICTING, (now - was) & (RESTRICTING | _EXCLUDING)
        if lost and (added or not now & _CONDITIONAL or not _phrases_kept(claim_cell, lost, now)):
            return None
        return loose[0]


_CONDITIONAL = frozenset("when whenever while if provided".split())
_EXCLUDING = frozenset("except unless but away far apart distant outside".split())


def _phrases_kept(cell: str, lost: set[str], kept: set[str]) -> bool:
    """Whether each phrase a lost restricting word opened keeps its words of content in the
    reworded cell ("at fixed current input": fixed, current, input), whatever its preposition
    became; "at the origin" made "when the input is constant" loses "origin"."""
    for m in re.finditer(r"\b(" + "|".join(sorted(lost)) + r")\s+((?:[A-Za-z-]+\s*){1,3})", cell, re.IGNORECASE):
        words = {w.lower() for w in m[2].split()} - {"a", "an", "the", "its", "their"}
        if not words <= kept:
            return False
    return True


def _span_pattern(span: str) -> str:
    """A ``$...$`` span as a regex: its words spaced as printed, each number one group of any
    value (checked after: Note._declared_reworded)."""
    parts = _WORDS_NUMBER.split(span)
    return "".join(_spelled(p) if k % 2 == 0 else ANY_VALUE for k, p in enumerate(parts))


def _plain_words(text: str) -> frozenset[str]:
    """The words of ``text`` outside its math spans, lower case."""
    return frozenset(w.lower() for w in re.findall(r"[A-Za-z]+", MATH_SPAN.sub(" ", text)))


_QUOTES: dict[int, tuple[Any, tuple]] = {}   # id(claims) -> (claims, their distinct quotes)


def quotes_of(claims: tuple) -> tuple[tuple[tuple[str, str, bool, bool], ...], dict[str, tuple[str, ...]]]:
    """The distinct (snippet, number, input?, computed?) of ``claims``' quotes, and the snippets
    of each number, collected once per registry: every quote's lookup asks about the others, and
    a registry of thousands of claims must not make that quadratic."""
    hit = _QUOTES.get(id(claims))
    if hit is None or hit[0] is not claims:
        if len(_QUOTES) > 16:
            _QUOTES.clear()
        quoted = tuple(dict.fromkeys((q.snippet, q.number, bool(q.input), bool(q.numeric))
                                     for c in claims for q in c.quotes))
        by_number: dict[str, dict[str, None]] = {}
        for text, number, _, _ in quoted:
            by_number.setdefault(number, {})[text] = None
        hit = _QUOTES[id(claims)] = (claims, (quoted, {n: tuple(t) for n, t in by_number.items()}))
    return hit[1]


def numbers_key(numbers: Iterable[str]) -> tuple[str, ...]:
    """A claim's quoted numbers as one argument of a document lookup: sorted, each once."""
    return tuple(sorted(set(numbers)))


@lru_cache(maxsize=32)
def math_spans(text: str) -> tuple[MathSpan, ...]:
    """Every ``$$...$$`` and ``$...$`` of ``text``, in order (its inner text and offsets)."""
    return tuple(MathSpan(m.group(1) or m.group(2), m.start(1) if m.group(1) else m.start(2),
                          m.end(1) if m.group(1) else m.end(2)) for m in MATH_SPAN.finditer(text))


@lru_cache(maxsize=32)
def _plain_math(text: str) -> tuple[MathSpan, ...]:
    """A note's plain-text formulas, found once per text (sources.plainmath is slow)."""
    from .plainmath import plain_formulas
    skip = [(m.start, m.end) for m in math_spans(text)]
    return tuple(MathSpan(text[a:b], a, b, True) for a, b in plain_formulas(text, skip))


def read_note(path: Path, display: str | None = None) -> Note:
    """Read a note as UTF-8 text; CRLF and a byte-order mark are normalised away."""
    shown = display or str(path)
    where = Location(shown)
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        raise NoteError("no such note", where) from None
    except OSError as exc:
        raise NoteError(f"cannot read ({exc.strerror or exc})", where) from None
    if stat.S_ISDIR(mode):
        raise NoteError("is a directory, not a note", where)
    if not stat.S_ISREG(mode):
        raise NoteError(f"not a regular file ({_kind(mode)})", where)
    data = _read_regular(path, where)
    if b"\x00" in data:
        raise NoteError("binary file (contains NUL bytes), not a note", where)
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise NoteError(f"not UTF-8 text (byte {data[exc.start]:#04x})", Location(shown, line)) from None
    return Note(shown, text.replace("\r\n", "\n").replace("\r", "\n"))


def _kind(mode: int) -> str:
    """What a non-regular, non-directory file is, for the message."""
    for test, name in ((stat.S_ISFIFO, "a FIFO"), (stat.S_ISSOCK, "a socket"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device")):
        if test(mode):
            return name
    return "a special file"


def _read_regular(path: Path, where: Location) -> bytes:
    """The bytes of a regular file, never blocking and never reading more than MAX_BYTES + 1.

    The file is opened non-blocking and checked again on the open descriptor, so a path swapped
    for a FIFO or a device after the stat is refused rather than waited on.
    """
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise NoteError(f"cannot read ({exc.strerror or exc})", where) from None
    with os.fdopen(fd, "rb") as f:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            raise NoteError(f"not a regular file ({_kind(mode)})", where)
        data = f.read(MAX_BYTES + 1)
    if len(data) > MAX_BYTES:
        raise NoteError(f"note larger than {MAX_BYTES // 2**20} MiB", where)
    return data


def table_rows(note: Note) -> tuple[Row, ...]:
    """The rows of the note's "Key claims and status" table (empty if it has none).

    The table is the title line (any case, a Markdown heading or not), a ``Claim | Status``
    header, tab-separated or a pipe table, then one line per claim up to the first blank line;
    each row must have exactly two cells (sources.tables says how they are read).
    """
    doc = note.document()
    if doc is not None and doc.rows is not None:
        return doc.rows
    return status_rows(note.path, note.lines)   # (an unreadable table raises its NoteError again)


LOOSE_TOKEN = re.compile(f"(?<![\\w.])({NUMBER_TOKEN})(?![\\w])|(\\\\[A-Za-z]+)|(\\s+)|(\\S)")


@lru_cache(maxsize=16)
def _line_breaks(text: str) -> list[int]:
    """The offsets of ``text``'s line breaks, found once per text (Note.location_of bisects them)."""
    return [m.start() for m in re.finditer("\n", text)]


@lru_cache(maxsize=4096)
def loose_pattern(text: str, numbers: frozenset[str]) -> re.Pattern | None:
    """``text`` as a pattern that ignores how it is spaced (but keeps the space that ends a
    command before a letter: ``\\Delta s``) and reads its quoted ``numbers`` as any number."""
    out, prev, context = [], None, 0
    for m in LOOSE_TOKEN.finditer(text):
        number, command, space, char = m.groups()
        if space:
            continue
        piece = f"(?:{NUMBER_TOKEN})(?:{PERCENT})?" if number and number in numbers \
            else APPROX_EQUAL if re.fullmatch(APPROX_EQUAL, m.group(0)) \
            else _RELATION_SIGN[RELATION_IN_WORDS[m.group(0)].replace(" ", r"\s*")] \
            if m.group(0) in RELATION_IN_WORDS and text.count("$", 0, m.start()) % 2 == 0 \
            else re.escape(m.group(0))   # a sign in the prose may be printed in words: "ah is less than 1"
        context += 0 if number and number in numbers else len(m.group(0))
        if prev is not None:
            out.append(r"\s+" if prev.startswith("\\") and prev[1:].isalpha() and m.group(0)[0].isalpha() else r"\s*")
        out.append(piece)
        prev = m.group(0)
    return re.compile("".join(out)) if out and context >= CONTEXT else None


def _numbers_in(text: str, bare: bool = False) -> list[tuple[int, str]]:
    """(offset, printed) of each number of ``text`` in order, a ``$...$`` span that is one number
    (``$10^{-6}$``) one number too: "one millionth" may say it in words. With ``bare``, a
    fraction said with no article ("half the derivative") too, where a quote names it."""
    whole = [(m.start(1), m.end(1), m.group(1)) for m in NUMBER_SPAN.finditer(text) if value_of(m.group(1)) is not None]
    out = [(a, t) for a, _, t in whole]
    out += [(m.start(), m.group(0)) for m in _NUMBER_WORD.finditer(text)
            if not any(a <= m.start() < b for a, b, _ in whole) and not (m.group(0).isalpha() and _COMPOUND.match(text, m.end()))]
    if bare:
        taken = [(a, a + len(t)) for a, t in out]
        out += [(m.start(), m.group(0)) for m in _BARE_FRACTION.finditer(text)
                if not any(a <= m.start() < b for a, b in taken)]
    return sorted(out)


# the words before a quoted number that may place it alone: an "=" ("h(-a x0) = "), or a noun
# phrase of three words or more ("The fixed point -5 exists" printed "the fixed point -5, even
# though it exists"; probe 132: h09)
_HEAD_ENDS = re.compile(r"=\s*$|(?:[A-Za-z]{2,}\s+){2,}[A-Za-z]{3,}\s+$")


def _any_case_first(words: str, pattern: str) -> str:
    """``pattern`` (the words' pattern) with the words' first letter in either case: a sentence's
    first words moved into it ("The fixed point" printed "the fixed point")."""
    first = words[:1]
    return f"[{first}{first.swapcase()}]" + pattern[1:] if first.isalpha() and pattern.startswith(first) else pattern


def _result_after_reordered(mine: list[tuple[int, str]], theirs: list[tuple[int, str]], k: int) -> bool:
    """Whether the quoted number ``k`` ends both lists of numbers and the others are the same values
    in another order: the result of a formula whose terms were commuted ("$\\frac{\\sqrt{3}}{\\sqrt{3}+1}
    \\simeq 0.63397$" for "$\\sqrt{3}/(1+\\sqrt{3})\\simeq 0.633975$"; probe 129: h06)."""
    if k != len(mine) - 1:
        return False
    values = [sorted(v for _, n in numbers[:-1] if (v := value_of(n)) is not None) for numbers in (mine, theirs)]
    return values[0] == values[1] and len(values[0]) == k


_BARE_FRACTION = re.compile(r"\b(?i:" + "|".join(BARE_FRACTIONS) + r")\b")


_COMPOUND = re.compile(r"-[A-Za-z]")   # "zero-input", "two-state": a word, no count
_CONTEXT_NUMBER = re.compile(r"(?<![\w.])(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?(?![\w.]?\d)")   # 3,760 is one number


def _context(words: str) -> tuple[str, list[str]]:
    """A quote's context words as a pattern in which each number they hold may be printed
    re-rounded or in another notation (``1.2 x 6) = 0.000747`` still finds the 6 after ``0.000747``
    became ``0.00075`` or ``7.47 x 10^-4``),
    and those numbers, in order (the caller keeps only re-roundings: Note.quote_at)."""
    out, numbers, last = [], [], 0
    for m in _CONTEXT_NUMBER.finditer(words):
        out += [_spelled(words[last:m.start()]), ANY_VALUE]
        numbers.append(m[0])
        last = m.end()
    out.append(_spelled(words[last:]))
    return "".join(out), numbers


_OPERATOR_WORD = re.compile(r"\bminus\b|\bplus\b|\[-\u2212\]|\\\+")   # in an escaped pattern
_OPERATOR_SIGN = {"minus": "(?:minus|[-\u2212])", "[-\u2212]": "(?:minus|[-\u2212])", "plus": r"(?:plus|\+)",
                  "\\+": r"(?:plus|\+)"}
_QUALIFIED = re.compile(r",?\s+(?:or|unless|except|provided)\b")
_GOES_ON = re.compile(GOES_ON)
_SPACED = frozenset("<>=+-*/\u2212\u2264\u2265\u2248")
_ESCAPED_COMMAND = re.compile(r"\\\\([A-Za-z]+)")   # \beta in an escaped pattern
# a relation's words in an escaped pattern ("is\s*at\s*most") -> the words or its signs
_RELATION_SIGN = {w.replace(" ", r"\s*"): "(?:" + "|".join(rf"is\s*{x.replace(' ', chr(92) + 's*')}"
                                                       for x in (w, *RELATION_SYNONYMS[w])) + "|"
                  + "|".join(re.escape(r) for r, v in RELATION_IN_WORDS.items() if v == w) + ")"
                  for w in dict.fromkeys(RELATION_IN_WORDS.values())}
# a relation's sign in an escaped pattern of plain words ("ah < 1" is "ah is less than 1")
_RELATION_SYMBOL = re.compile(r"(?<![<>=!\\])(<=|>=|<|>|\u2264|\u2265)(?![<>=])")
_RELATION_WORDS = re.compile(r"(?<![A-Za-z])is\\s\*(" + "|".join(re.escape(k) for k in _RELATION_SIGN) + r")(?![A-Za-z])")
_HEDGE_LIST = ("at about", "about", "roughly", "around", "approximately", "near")   # not "nearly": slightly under
_HEDGES = "(?:" + "|".join(h.replace(" ", r"\s*") for h in _HEDGE_LIST) + ")"
_HEDGE_WORDS = re.compile(r"(?<![A-Za-z])(?:" + "|".join(re.escape(h.replace(" ", r"\s*")) for h in _HEDGE_LIST)
                          + r")(?![A-Za-z])")   # in an escaped pattern
_EQUALS = r"(?:=|\u2248|\\approx(?![A-Za-z])|\\simeq(?![A-Za-z]))"


def _spelled(words: str) -> str:
    """Words as a pattern that any minus sign (``-`` or ``\u2212``) and any spacing match
    (``1.2 x 0 + 1`` is ``1.2 x 0+1``), and a times sign however printed (``x``, ``×``, ``·``)."""
    return APPROX_EQUAL.join(map(_spelled_piece, re.split(APPROX_EQUAL, words)))   # \simeq is \approx is ≈


def _spelled_piece(words: str) -> str:
    pattern = re.escape(words)
    if "$" not in words:   # in plain words a sign is its words: "ah < 1" is "ah is less than 1" (probe 131: h09)
        pattern = _RELATION_SYMBOL.sub(lambda m: _RELATION_SIGN[RELATION_IN_WORDS[m[1]].replace(" ", r"\s*")], pattern)
    # a command printed as its character or name outside $...$ ("β > 0", "beta > 0" for the span's
    # "\\beta >0": Note._unicode_at; probe 122: h06), read before the spacing (a control space "\\ ")
    pattern = _ESCAPED_COMMAND.sub(lambda m: command_or_character("\\" + m[1]), pattern)
    pattern = re.sub(r"(?:\\ )+", r"\\s*", pattern).replace(r"\-", "[-\u2212]")
    # "1.25^40 = 3,760" printed "1.25^40 ≈ 3.76 x 10^3"; "(B minus A)" printed "(B − A)": the same words
    pattern = re.sub(r"(?<![<>!=])=(?!=)", lambda _: _EQUALS, pattern)
    pattern = _OPERATOR_WORD.sub(lambda m: _OPERATOR_SIGN[m[0]], pattern)
    pattern = _RELATION_WORDS.sub(lambda m: _RELATION_SIGN[m[1]], pattern)   # "|theta| is above 1" is "|θ| > 1"
    pattern = _HEDGE_WORDS.sub(lambda _: _HEDGES, pattern)   # "about 11 digits" is "roughly 11 digits" (probe 127: h11)
    pattern = _LOG.sub(lambda m: r"\\(?:log|ln)(?![A-Za-z])", pattern)   # \ln is \log, as the reader reads them
    pattern = re.sub(r"(?<![A-Za-z\\])x(?![A-Za-z])", "[x×·]", pattern)   # 1.5 x 1.2 is 1.5 × 1.2
    # a relation or operator at either end may stand spaced from the number beside it: ">0" is "> 0"
    return ("\\s*" if words[:1] in _SPACED else "") + pattern + ("\\s*" if words[-1:] in _SPACED else "")


def _approximated(snippet: str, free: frozenset[str]) -> list[str]:
    """The snippet with the "=" before a setting a quote reads (``free``) printed as an
    approximation: ``p(B\\mid AB)\\simeq 0.7924`` declares what ``p(B\\mid AB)=0.792412`` did
    (the quote judges the rounding, run.claim)."""
    out = []
    for number in free:
        for sign in APPROXIMATIONS:
            turned = re.sub(r"=\s*(?=" + re.escape(number) + r"(?![\d.]))", lambda _: sign, snippet)
            if turned != snippet:
                out.append(turned)
    return out


def _reordered_items(snippet: str) -> list[str]:
    """The snippet with the items of its one ``$...$`` list in each other order (``$x=y=1,w=2$``
    for ``$w=2,x=y=1$``; the equations of a system before its ``\\Rightarrow``, ``$\\dot y=\\pi
    x,\\ \\dot x=-\\pi y\\ \\Rightarrow ...$``): the same settings or system, listed otherwise (two
    to four items, split at commas outside brackets, each printed with its own spacing kept where
    it stood)."""
    spans = list(re.finditer(r"\$([^$]+)\$", snippet))
    if len(spans) != 1:
        return []
    a, b = spans[0].span(1)
    arrow = _ARROW.search(snippet, a, b)
    head_end = arrow.start() if arrow else b
    cuts = _top_level_commas(snippet, a, head_end)
    if not 1 <= len(cuts) <= 3:
        return []
    bounds = list(zip([a] + [c + 1 for c in cuts], cuts + [head_end]))
    cores = [_PADDING.fullmatch(snippet[x:y]) for x, y in bounds]
    if any(m is None or not m["core"] for m in cores):
        return []
    items = [m["core"] for m in cores]
    out = []
    for order in permutations(range(len(items))):
        if list(order) == list(range(len(items))):
            continue
        text, last = snippet[:a], a
        for (x, y), m, k in zip(bounds, cores, order):
            text += snippet[last:x] + m["lead"] + items[k] + m["trail"]
            last = y
        out.append(text + snippet[last:])
    return out


_ARROW = re.compile(r"\\(?:Rightarrow|implies|Longrightarrow)(?![A-Za-z])")
_PADDING = re.compile(r"(?P<lead>(?:\s|\\[ ,;]|\\quad)*)(?P<core>.*?)(?P<trail>(?:\s|\\[ ,;]|\\quad)*)", re.S)


def _top_level_commas(text: str, a: int, b: int) -> list[int]:
    """Offsets of the commas of ``text[a:b]`` outside brackets and braces."""
    depth, out = 0, []
    for i in range(a, b):
        c = text[i]
        if c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        elif c == "," and depth == 0 and text[i - 1:i] != "\\":
            out.append(i)
    return out


_LOG = re.compile(r"\\\\(?:log|ln)(?![A-Za-z])")


def _whole(text: str, piece: str) -> int:
    """The first occurrence of ``piece`` that is not the start of something longer (spelling.goes_on:
    ``x/(1-theta)^2`` is not found in ``x/(1-theta)^3``, nor ``CS\\Delta s`` in ``CS\\Delta s^2``);
    -1 when there is none."""
    i = text.find(piece) if piece else -1
    while i >= 0:
        if not goes_on(text, i + len(piece)):
            return i
        i = text.find(piece, i + 1)
    return -1


# a word after a number that makes it another quantity ("1 percent", "2 tenths", "3 million")
_SCALE_WORD = re.compile(r"[ \t]*(?:per\s*cent|percent|(?:tenth|hundredth|thousandth|millionth|thousand|million|billion)s?"
                         r"|squared|cubed|times|-?fold)\b|[A-Za-z\u00b2\u00b3^]", re.IGNORECASE)   # or glued: "100k", "0.271M", "5²"


def scaled(text: str, at: tuple[int, str], snippet: str, number: str) -> bool:
    """Whether the number found for a quote is printed with a word of scale after it that the
    snippet does not print there (reviewer helper-148: "only when ah is less than 1 percent"
    for "only when ah < 1")."""
    if not scale_word_at(text, at[0] + len(at[1])):
        return False
    off = number_offset(snippet, number)
    return off < 0 or not scale_word_at(snippet, off + len(number))


def scale_word_at(text: str, end: int) -> bool:
    """Whether the number ending at ``end`` is followed by a word of scale ("1 percent", "0.271
    squared") or a letter, power or unit glued to it ("100k", "5²"; reviewer helper-152)."""
    return scale_word_end(text, end) > end


def scale_word_end(text: str, end: int) -> int:
    """Where the word of scale after the number ending at ``end`` ends (``end`` when there is none):
    a snippet that quotes the number keeps its word ("7,520 times")."""
    m = _SCALE_WORD.match(text, end)
    return m.end() if m else end


def percent_of(text: str, snippet: str, number: str, at: tuple[int, str] | None) -> tuple[int, str] | None:
    """A quoted number the note now prints as a percentage (``1.07%`` for ``0.0107``) is printed
    with its sign (numtext.canonical reads it as 0.0107); a snippet that holds the sign itself
    (``5% larger``) quotes the percentage."""
    sign = at and re.match(PERCENT, text[at[0] + len(at[1]):])
    if not sign or at[1] == number or "%" in number:
        return at   # printed as registered: the quote says what its number is
    off = number_offset(snippet, number)
    return at if re.match(PERCENT, snippet[off + len(number):]) else (at[0], at[1] + sign.group(0))


_WORDS_NUMBER = re.compile(r"(?<![\w.])(\d+(?:\.\d+)?(?:/\d+)?)(?![\w.]?\d)")


def _overlap(a: str, b: str, number: str) -> bool:
    """Whether snippet ``a`` shares with ``b`` the part that prints ``a``'s ``number``: one holds
    the other, or one ends with at least CONTEXT characters the other begins with, ``number``
    among them ("step 1/10^4 gets 3.7" does not share its 3.7 with "... = 1.25 per step")."""
    if a in b or b in a:
        return True
    at = number_offset(a, number)
    end = at + len(number)
    return any(b.endswith(a[:n]) and end <= n or a.endswith(b[:n]) and at >= len(a) - n
               for n in range(CONTEXT, min(len(a), len(b))))


def whole_numbers(text: str, start: int, end: int) -> bool:
    """Whether ``text[start:end]`` neither begins nor ends inside a number of ``text``: the words
    ``with the limit at 2`` do not stand in ``with the limit at 2.5`` (nor ``2 steps`` in ``12 steps``)."""
    if end > start and text[end - 1].isdigit() and _CONTINUED.match(text, end):
        return False
    return not (end > start and text[start].isdigit() and start and (text[start - 1].isdigit()
                or (text[start - 1] in ".," and start > 1 and text[start - 2].isdigit())))


_CONTINUED = re.compile(r"\d|[.,]\d")   # a number printed on past where the words end
_LINK = re.compile(r"=\s*")                 # where a worked chain may take a link more
# a number that ends a snippet: no digit after it, and no operator, function or "x" (times) going on
_ENDS = r"(?![\d.,]\d)(?!\s*(?:[*/^×·]|[A-Za-z]+[\^(]|x\s*[\d(-]|\\(?:cdot|times)))"
# the links of a worked chain, to its last "=", in one sentence and one clause
_RELINKED = re.compile(r"(?:(?:(?!\.\s)[^=\n,;:$])+=)+\s*")
_NEW_LINK = re.compile(r"(?:(?!\.\s)[^=\n$]){1,40}?=\s*")   # that link, up to its own "=", in one sentence


def agree_rounded(a: str, b: str) -> bool:
    """Whether two printings of a number agree to the shorter one's last digit (a re-rounding:
    at an exact half, as rounding half up or half to even gives it; 1.5 is not printed 1)."""
    from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal, InvalidOperation
    if "/" in a + b:   # a fraction (1/2) is its exact value, which a decimal may round (0.5)
        f, d = (a, b) if "/" in a else (b, a)
        decimal = "" if "/" in d else _decimal_of(f, d)
        return same_value(a, b) or (bool(decimal) and agree_rounded(decimal, d))
    try:
        x, y = (Decimal(canonical(t).replace(",", "")) for t in (a, b))
    except InvalidOperation:
        return same_value(a, b)   # words: "No" is "no"
    longer, shorter = sorted((x, y), key=lambda v: v.as_tuple().exponent)
    place = Decimal(1).scaleb(shorter.as_tuple().exponent)
    if abs(x - y) != place / 2:
        return abs(x - y) < place / 2
    return shorter in {longer.quantize(place, rounding=mode) for mode in (ROUND_HALF_UP, ROUND_HALF_EVEN)}


def _decimal_of(fraction: str, like: str) -> str:
    """``fraction`` (``2/3``) as a decimal with the places of ``like`` (``0.667``), "" if it is none."""
    from fractions import Fraction
    try:
        value = Fraction(canonical(fraction))
    except (ValueError, ZeroDivisionError):
        return ""
    places = len(canonical(like).partition(".")[2])
    return f"{float(value):.{places}f}"


def number_offset(snippet: str, number: str) -> int:
    """Where ``number`` stands in ``snippet`` as a whole token ("0" is not the 0 of "z0" or "10").

    Falls back to the first plain occurrence; -1 when absent.
    """
    match = re.search(rf"(?<![\w.]){re.escape(number)}(?!\.?\d)", snippet)
    return match.start() if match else snippet.find(number)
