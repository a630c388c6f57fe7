"""Math a ``math:`` declaration accounts for, respelled: the declaration's snippet with one of its
``$...$`` spans printed as another formula of the same meaning (formula.meaning) is still that
declaration ("Their ratio is $\\frac{2}{2-\\eta h}$" for "Their ratio is $1/(1-\\eta h/2)$";
``(y-x(1))^2`` for ``(x(1)-y)^2``). A span that reads otherwise stays unaccounted.

sources.coverage finds declarations and listed prose by their words and numbers; this module,
one layer up, adds the reading by meaning, so the report and the audit ask the same functions
(unaccounted_math, prose_read).
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..sources.anchor import How, Place
from ..sources.coverage import MathCoverage, ProseCoverage, places, scan_math, scan_prose
from ..sources.notes import Note
from ..sources.numtext import value_of
from ..sources.registry import Claim, NoteSpec
from ..sources.reword import as_fraction_word, limit_said_at
from ..sources.spelling import MATH_SPAN


def unaccounted_math(note: Note, claims: tuple[Claim, ...], spec: NoteSpec) -> tuple[MathCoverage, ...]:
    """The note's math spans that nothing accounts for (sources.coverage.scan_math), less those
    a declaration accounts for respelled (``respelled_declaration``), those that read as one
    of the note's registered formulas (its place by meaning: run.claim.check_formula) and those
    that hold an edited occurrence of one (its check judges it there: wrong, not unaccounted)."""
    lost = tuple(m for m in scan_math(note, claims, spec) if m.coverage == "unaccounted")
    if not lost:
        return lost
    steps = worked_numbers(note, claims, spec)
    if {note.location_of(at).line for at in steps} & {m.location.line for m in lost}:
        lost = tuple(m for m in scan_math(note, claims, spec, worked=steps) if m.coverage == "unaccounted")
    # a whole span of arithmetic that holds (not a formula that merely begins with such a chain:
    # "1/4 = 0.25 = h/N" is a formula; reviewer helper-139: H1)
    evident = {note.location_of(a): b - a for a, b in arithmetic_spans(note)}
    lost = tuple(m for m in lost if evident.get(m.location) != len(m.text))
    missing = tuple((s, why) for s, why in spec.math if not note.declared(s))
    formulas = tuple(dict.fromkeys((f.text, f.plain) for c in claims for f in c.formulas))
    edited = {(note.location_of(p.start).line, p.printed) for f, plain in formulas
              for p in places(note, f, plain=plain) if p.how is How.NEAR}
    # the cheap test first: an edited occurrence needs no formula reader (SymPy)
    return tuple(m for m in lost if not any(line == m.location.line and printed in m.text for line, printed in edited)
                 and respelled_declaration(note, m, missing) is None
                 and not any(alike(f, m.text, plain) for f, plain in formulas))


def unaccounted_numbers(note: Note, claims: tuple[Claim, ...], spec: NoteSpec) -> tuple:
    """The note's numbers that nothing checks (sources.coverage.scan_numbers: no quote, input,
    label or declaration), less those a worked chain accounts for (worked_numbers). The report
    lists them as warnings; the audit's NP701 is this, for the numbers an edit added."""
    from ..sources.coverage import scan_numbers
    scanned = scan_numbers(note, claims, spec)
    lost = tuple(n for n in scanned if n.coverage == "unaccounted")
    if lost:
        worked = worked_numbers(note, claims, spec, scanned)
        lost = tuple(n for n in lost if n.token.start not in worked)
    if lost:   # "as h tends to 0" says "as h becomes small" (reword.limits_in_words): a limit, in words
        lost = tuple(n for n in lost if not limit_said_at(note.text, n.token.start))
    if lost:   # arithmetic that holds ("$1-3=-2$", "so 1 - 3 = -2"): it accounts for its own numbers
        evident = arithmetic_spans(note) + arithmetic_chains(note)
        lost = tuple(n for n in lost if not any(a <= n.token.start < b for a, b in evident))
    if lost:   # "50% of the derivative" in a listed or stated sentence is its "half" (sources.reword reads it so)
        listed = [(p.start, p.end) for p in prose_read(note, claims, spec) if p.coverage in ("prose", "check")]
        lost = tuple(n for n in lost if not (as_fraction_word(note.text, n.token.start, n.token.end)
                                             and any(a <= n.token.start < b for a, b in listed)))
    if lost:   # "12 updates are shown" for the stated "Twelve updates are shown": its claim reads the
        # count; "6 decimal digits" for the listed "six decimal digits": a rewording keeps it
        stated = _stated_values(note, claims) + _listed_values(note, claims, spec)
        printed = lambda a, b, v: sum(a <= t.token.start < b and value_of(t.token.text) == v for t in scanned)
        lost = tuple(n for n in lost if not any(
            a <= n.token.start < b and _kept(v := value_of(n.token.text), neighbours(note.text, n.token.start), values,
                                             printed(a, b, v))
            for a, b, values in stated))
    if lost:   # inside a span a formula checks or a declaration defines, respelled ((y - x(1))^2): read
        # by text alone, so an edit of their meaning leaves the span unaccounted (the report lists it)
        math = scan_math(note, claims, spec)
        judged = _spans_at(note, {m.location for m in math if m.coverage != "unaccounted"})
        lost = tuple(n for n in lost if not any(a <= n.token.start < b for a, b in judged))
        unread = {m.location for m in math if m.coverage == "unaccounted"}
        if lost and unread and _named_alike(note, claims, spec, lost):
            # inside a span that reads as a registered formula or declaration, or holds an edited
            # occurrence of one (unaccounted_math: the formula reader; probe 113: h04): its check
            # judges it there, so its numbers are that formula's, not numbers nothing checks
            read = _spans_at(note, unread - {m.location for m in unaccounted_math(note, claims, spec)})
            lost = tuple(n for n in lost if not any(a <= n.token.start < b for a, b in read))
    return lost


def _named_alike(note: Note, claims: tuple[Claim, ...], spec: NoteSpec, lost: tuple) -> bool:
    """Whether a span holding one of the ``lost`` numbers names what a registered formula or a
    declared span names (the cheap test: no formula reader, so a replayed audit imports no SymPy)."""
    held = [m.text for m in note.math_spans() + note.plain_math()
            if any(m.start <= n.token.start < m.end for n in lost)]
    if not held:
        return False
    names = {_names(f.text) for c in claims for f in c.formulas}
    names |= {_names(m.group(1) or m.group(2)) for s, _ in spec.math for m in MATH_SPAN.finditer(s)}
    # a span of numbers and relations only names nothing: its numbers are the quotes' to read
    return any((mine := _names(t)) in names and mine - _RELATIONS for t in held)


_RELATIONS = frozenset(r"\simeq \le \ge \ne \lt \gt \to \sim \equiv".split())


def _stated_values(note: Note, claims: tuple[Claim, ...]) -> list[tuple[int, int, set]]:
    """(start, end, values) of each registered row or statement the note prints, reworded or
    not (sources.coverage.stated_spans), with the values of the numbers its registered text
    says, in digits or in words: a rewording keeps them (sources.reword), so a number of the
    printed sentence with one of those values beside a word it stands beside there (``_kept``)
    is what its claim reads."""
    from fractions import Fraction

    from ..sources.coverage import stated_spans
    from ..sources.locate import valued_numbers
    said = {c.id: {(v, neighbours(c.text, at)) for at, v in valued_numbers(c.text) if isinstance(v, Fraction)}
            for c in claims}
    return [(a, b, said[cid]) for a, b, cid in stated_spans(note, claims) if said[cid]]


def _listed_values(note: Note, claims: tuple[Claim, ...], spec: NoteSpec) -> list[tuple[int, int, set]]:
    """(start, end, values) of each sentence printed as a listed sentence of the note's ``prose:``
    (sources.coverage.scan_prose, ``rewords``), with the values of the numbers that sentence
    says, in digits or in words, each with its neighbouring words: the rewording kept them (a
    changed count is no rewording of it, nor "from the 9" for "Week 9 ... from the three": ``_kept``)."""
    from fractions import Fraction

    from ..sources.locate import valued_numbers
    out = []
    for p in prose_read(note, claims, spec):
        if p.coverage == "prose" and p.rewords:
            values = {(v, neighbours(p.rewords, at)) for at, v in valued_numbers(p.rewords) if isinstance(v, Fraction)}
            if values:
                out.append((p.start, p.end, values))
    return out


def _kept(value, around: tuple[str, str], said: set, printed: int) -> bool:
    """Whether a printed number of ``value``, between the words ``around`` (neighbours), is one
    the registered text says: the same value beside the same word on one side at least ("6
    decimal digits" for "six decimal digits"; not "exactly 1 moments of 2 update" for "exactly
    two moments of one update": each count moved to the other's place), or the one number of
    that value the sentence prints (``printed`` times) where the text says it once ("from 3
    others that it is" for "from the three it is": the sentence's rewording, counts in their
    order, is reword.meaning_change's to judge)."""
    same = [w for v, w in said if v == value]
    return any(around[0] == w[0] or around[1] == w[1] for w in same) or len(same) == printed == 1


def neighbours(text: str, at: int) -> tuple[str, str]:
    """The words (lower case) before and after the number that starts at ``at`` in ``text``:
    ("the", "it") for the "three" of "from the three it is"; "" at either end of its line."""
    end = at + len(re.match(r"\S*", text[at:])[0].rstrip(".,;:!?)"))
    before = re.findall(r"[A-Za-z]+", text[max(0, at - 60):at].rpartition("\n")[2])
    after = re.search(r"[A-Za-z]+", text[end:end + 60].partition("\n")[0])
    return (before[-1].lower() if before else "", after[0].lower() if after else "")


def _spans_at(note: Note, locations: set) -> list[tuple[int, int]]:
    """(start, end) of each math span (``$...$`` or plain-text) that stands at one of
    ``locations`` (sources.coverage.scan_math's)."""
    return [(m.start, m.end) for m in note.math_spans() + note.plain_math() if note.location_of(m.start) in locations]


def worked_numbers(note: Note, claims: tuple[Claim, ...], spec: NoteSpec, scanned: tuple = ()) -> frozenset[int]:
    """Offsets of the numbers of a worked chain that quotes do not cover but that the chain
    accounts for: a value printed again that a quote covers elsewhere in the chain (``1.649``),
    and a side equal as a rational to a side so accounted (``2 x (-0.351) x 1.649`` after
    ``2 (1.649 - 2) x 1.649``), and so on along the chain; and a chain's first side whose value
    rounds to a number a quote covers (``2 e^(-2) = 0.2707``: the quote judges what it computes).
    A rounded step computes nothing further: its right side is a quote's to judge. ``scanned``:
    the note's scan_numbers when the caller has it."""
    from fractions import Fraction

    from ..sources.coverage import Coverage, scan_numbers
    from .chains import links
    tokens = scanned or scan_numbers(note, claims, spec)
    covered = {n.token.start for n in tokens if n.coverage in (Coverage.CHECK, Coverage.INPUT)}
    found: set[int] = set()
    for chain in _chains(links(note)):
        sides = [s for k in chain for s in (k.left, k.right)]
        mine = [n for n in tokens if any(s.start <= n.token.start < s.end for s in sides)]
        values = {n.token.text for n in mine if n.token.start in covered}
        again = {n.token.start for n in mine if n.token.start not in covered and n.token.text in values}
        ok = covered | again
        inside = lambda side: [n.token.start for n in mine if side.start <= n.token.start < side.end]
        # a chain's first side whose value rounds to a printed number its quote judges ("2 e^(-2)
        # = 0.2707", the gap's chain relinked): the quote judges what that side computes (an
        # intermediate is accounted only by an exact step, below: a wrong one computes nothing)
        if all(t in ok for t in inside(chain[0].right)) and _rounds_to(chain[0]):
            ok.update(inside(chain[0].left))
        grew = True
        while grew:
            grew = False
            for k in chain:
                if k.op != "=" or not all(isinstance(v, Fraction) for v in (k.left.value, k.right.value)) \
                        or k.left.value != k.right.value:
                    continue
                for this, other in ((k.left, k.right), (k.right, k.left)):
                    if all(t in ok for t in inside(other)) and not all(t in ok for t in inside(this)):
                        ok.update(inside(this))
                        grew = True
        found |= ok - covered
    return frozenset(found)


@lru_cache(maxsize=16)
def arithmetic_spans(note: Note) -> tuple[tuple[int, int], ...]:
    """(start, end) of each math span (``$...$`` or plain-text) that is nothing but a chain of
    numbers that holds, exactly or as a marked rounding (``$1-3=-2$``, ``$0.8<1$``,
    ``$e^{-2}\\approx 0.135$``): what it says is arithmetic, checked here, so no claim need
    account for it. A step that fails, or any name or word in the span, leaves it to the claims."""
    from .chains import links
    found = links(note)
    out = []
    for m in note.math_spans() + note.plain_math():
        mine = [k for k in found if m.start <= k.left.start and k.right.end <= m.end]
        if mine and all(_holds(k) for k in mine) and not _ARITH_REST.sub("", _blanked(note.text, m, mine)):
            out.append((m.start, m.end))
    return tuple(out)


@lru_cache(maxsize=16)
def arithmetic_chains(note: Note) -> tuple[tuple[int, int], ...]:
    """(start, end) of each chain of plain numbers in the prose, outside ``$...$``, that holds at
    every link ("so 1 - 3 = -2"; ``_holds``): its numbers are accounted for, as a span's are."""
    from .chains import links
    spans = [(m.start, m.end) for m in note.math_spans()]
    return tuple((chain[0].left.start, chain[-1].right.end)
                 for chain in _chains(k for k in links(note)
                                      if not k.left.latex and not any(a <= k.left.start < b for a, b in spans))
                 if all(_holds(k) for k in chain))


def _blanked(text: str, m, mine: list) -> str:
    """The span's text with the sides of its links left out: what else it prints."""
    chars = list(text[m.start:m.end])
    for k in mine:
        for side in (k.left, k.right):
            chars[side.start - m.start:side.end - m.start] = " " * (side.end - side.start)
    return "".join(chars)


# what may stand between a chain's sides: relations, spacing, punctuation
_ARITH_REST = re.compile(r"\\(?:simeq|approx|le|ge|leq|geq|lt|gt|ne|neq|,|;|!|quad|qquad)(?![A-Za-z])|[=<>≈≤≥≠~\s.,;:]")


def _holds(link) -> bool:
    """Whether one link holds as printed: ``=`` exactly (a rounding with ``=`` is a claim's to
    judge, run.steps), ``\\approx`` to the printed digits, an order exactly."""
    from fractions import Fraction
    a, b = link.left.value, link.right.value
    if link.op == "~":
        return _rounds_to(link)
    if not (isinstance(a, Fraction) and isinstance(b, Fraction)):
        return False
    return {"=": a == b, "<": a < b, ">": a > b, "<=": a <= b, ">=": a >= b, "!=": a != b}.get(link.op, False)


def _rounds_to(link) -> bool:
    """Whether ``left = right`` (or ``\\simeq``) holds with the right side one printed number and
    the left's value rounding to it at the digits printed: |left - right| <= half a unit of its
    last place. Exact values are compared as fractions (no mpmath import: the audit's replay
    path reads chains); a transcendental side is an mpf already."""
    from decimal import Decimal, InvalidOperation
    from fractions import Fraction

    from ..sources.numtext import canonical
    right, left = link.right, link.left.value
    if link.op not in ("=", "~") or not right.literal or left is None or not isinstance(right.value, Fraction):
        return False
    try:   # the place of its last printed digit, in any notation ("7.47e-4": 10^-6)
        place = Decimal(canonical(right.text).replace(",", "")).as_tuple().exponent
    except InvalidOperation:
        return False
    half = Fraction(1, 2) * Fraction(10) ** place
    if isinstance(left, Fraction):
        return abs(left - right.value) <= half
    import mpmath
    try:
        gap = abs(mpmath.mpf(left) - mpmath.mpf(right.value.numerator) / right.value.denominator)
    except (TypeError, ValueError):
        return False
    return bool(gap <= mpmath.mpf(half.numerator) / half.denominator * (1 + mpmath.mpf(10) ** -12))


def _chains(found) -> list[list]:
    """The links grouped into chains: a link whose left side is the previous link's right side."""
    out: list[list] = []
    for k in found:
        if out and out[-1][-1].right.start == k.left.start:
            out[-1].append(k)
        else:
            out.append([k])
    return out


def respelled_declaration(note: Note, span: MathCoverage, missing: tuple[tuple[str, str], ...]) -> str | None:
    """The ``why`` of the declaration (among those printed nowhere as written, ``missing``) that
    the unaccounted ``span`` is a respelling of: the snippet with one of its spans replaced by
    ``span.text`` stands in the note on the span's line, and the two spans read alike."""
    line = span.location.line
    for snippet, why in missing:
        if any(_respelled(note, snippet, a, b, span.text, line) for a, b in _inner_spans(snippet)):
            return why
    return None


def _inner_spans(snippet: str) -> list[tuple[int, int]]:
    """(start, end) of the inside of each ``$...$`` or ``$$...$$`` of a declaration's snippet."""
    return [m.span(1) if m.group(1) is not None else m.span(2) for m in MATH_SPAN.finditer(snippet)]


def _respelled(note: Note, snippet: str, a: int, b: int, printed: str, line: int | None = None) -> bool:
    """Whether the declaration ``snippet`` stands in the note (on ``line``, when given) with its
    span ``a``-``b`` printed as ``printed``, a formula that reads alike: the cheap tests first
    (the same names, then the snippet's place), the formula reader last."""
    old = snippet[a:b]
    if printed == old or _names(old) != _names(printed):
        return False
    at = note.declared(snippet[:a] + printed + snippet[b:])
    if line is not None:
        at = [(x, y) for x, y in at if note.location_of(x).line <= line <= note.location_of(y).line]
    return bool(at) and alike(old, printed)


def prose_read(note: Note, claims: tuple[Claim, ...], spec: NoteSpec) -> tuple[ProseCoverage, ...]:
    """The note's sentences with what accounts for each (sources.coverage.scan_prose), a listed
    sentence's formulas compared by meaning: "Their ratio is $\\frac{2}{2-\\eta h}$" is the listed
    "Their ratio is $1/(1-\\eta h/2)$"; and a listed sentence with a step of its arithmetic shown
    is that sentence (step_inserted)."""
    return scan_prose(note, claims, spec, same=alike, steps=step_inserted)


@lru_cache(maxsize=1024)
def step_inserted(old: str, new: str) -> bool:
    """Whether ``new`` is ``old`` with one side more in one of its chains of arithmetic, that side
    equal to its neighbour and made only of numbers ``old`` prints: "0.81: 1 / (1 - 0.81) = 1 /
    0.19 = 5.263" for "0.81: 1 / 0.19 = 5.263" (probe 130: h03). A side with a number of its own
    ("1 - 3 x 0.5 = 1 - 1.5" where the sentence prints no 3) is no step shown: it says more."""
    if len(new) <= len(old) or "=" not in new:
        return False
    from .chains import read_links
    flat = " ".join(old.split())
    printed = {value_of(n) for n in _NUMBER_IN.findall(old)}
    found = read_links(Note("", new))
    for k in (k for k in found if k.op == "=" and _holds(k)):
        for side, cut in ((k.left, new[:k.left.start] + new[k.right.start:]),
                          (k.right, new[:k.left.end] + new[k.right.end:])):
            if " ".join(cut.split()) == flat and {value_of(n) for n in _NUMBER_IN.findall(side.text)} <= printed:
                return True
    return False


_NUMBER_IN = re.compile(r"(?<![\w.])(?:\d+(?:\.\d+)?|\.\d+)")   # ".2" too (reviewer helper-148)


def alike(a: str, b: str, plain: bool = False) -> bool:
    """Whether two printings read as one formula: first the names they use (cheap: most spans of
    a note share none with a given formula), then the formula reader (SymPy)."""
    if _names(a) != _names(b):
        return False
    from .meaning import same_meaning
    return same_meaning(a, b, plain) is True


def _names(text: str) -> frozenset[str]:
    """The letters and commands of a LaTeX formula that name something (not layout: ``\\frac``,
    ``\\left``, ``\\cdot``, ``\\mathrm``; ``\\ln`` is ``\\log``)."""
    found = {_SAME_NAME.get(t, t) for t in _NAME.findall(_OPERATOR_NAME.sub(r"\\\1", text))}
    return frozenset(found - _LAYOUT)


_NAME = re.compile(r"\\[A-Za-z]+|[A-Za-z]")
_OPERATOR_NAME = re.compile(r"\\operatorname\*?\{([A-Za-z]+)\}")   # \operatorname{tanh} names \tanh
_LAYOUT = frozenset(r"\frac \dfrac \tfrac \left \right \cdot \times \mathrm \mathit \mathbf \operatorname "
                    r"\displaystyle \quad \qquad \big \Big \bigl \bigr \Bigl \Bigr \limits \text d".split())
_SAME_NAME = {"\\ln": "\\log", "\\exp": "e", "\\leq": "\\le", "\\geq": "\\ge", "\\neq": "\\ne", "\\approx": "\\simeq"}


def enclosing_by_meaning(note: Note, formula: str, start: int, end: int) -> Place | None:
    """The whole ``$...$`` span around ``start``-``end`` when it reads as ``formula``: a place the
    spelling found for part of it (``h_{\\ell +1}=h_{\\ell }-\\Delta s`` of ``h_{\\ell +1}=h_{\\ell
    }-\\Delta s\\,h_{\\ell }``) is that span's part; the span is the formula respelled."""
    m = next((m for m in note.math_spans() if m.start <= start and end <= m.end), None)
    if m is None or (m.start, m.end) == (start, end) or not alike(formula, m.text):
        return None
    return Place(m.start, m.end, m.text, How.RESPELLED)


def placed_by_meaning(note: Note, formula: str, plain: bool = False) -> tuple[Place, ...]:
    """Each ``$...$`` span of the note, or side of a chain of equalities it prints, that reads as
    the registered LaTeX ``formula`` (``\\frac{2}{2-\\eta h}`` for ``1/(1-\\eta h/2)``;
    ``2x_0e^{\\theta}(x_0e^{\\theta}-y)`` at the end of the adjoint's chain): its places when
    spelling finds none."""
    out = []
    for m in note.plain_math() if plain else note.math_spans():
        if alike(formula, m.text, plain) or (not plain and step_shown(formula, m.text)):
            out.append(Place(m.start, m.end, m.text, How.RESPELLED))
            continue
        out += [Place(m.start + a, m.start + b, m.text[a:b], How.RESPELLED)
                for a, b in top_sides(m.text) if alike(formula, m.text[a:b], plain)]
    return tuple(out)


@lru_cache(maxsize=4096)
def top_sides(text: str) -> tuple[tuple[int, int], ...]:
    """(start, end) of each side of the top-level equalities of ``text`` (none when it has none);
    read once per text (the registered view asks it of every span for every registered formula)."""
    cuts, depth = [], 0
    for i, ch in enumerate(text):
        depth += ch in "({[" and 1 or ch in ")}]" and -1 or 0
        if ch == "=" and depth == 0:
            cuts.append(i)
    if not cuts:
        return ()
    edges = [-1] + cuts + [len(text)]
    return tuple((a + 1, b) for a, b in zip(edges, edges[1:]) if text[a + 1:b].strip())


def step_shown(registered: str, printed: str) -> bool:
    """``printed`` is the registered chain of equalities with one more side between two of its
    own, that side equal to a neighbour (``h_{\\ell +1}=h_{\\ell }-\\Delta s\\,h_{\\ell }=(1-\\Delta
    s)h_{\\ell }`` for ``h_{\\ell +1}=(1-\\Delta s)h_{\\ell }``): a step of the algebra shown."""
    mine, theirs = top_sides(registered) or ((0, len(registered)),), top_sides(printed)
    if len(theirs) != len(mine) + 1:
        return False
    texts = [printed[a:b].strip() for a, b in theirs]
    for i in range(1, len(texts) - 1):
        rest = "=".join(texts[:i] + texts[i + 1:])
        if (alike(texts[i], texts[i + 1]) or alike(texts[i], texts[i - 1])) and alike(registered, rest):
            return True
    return False


def respelled_declaration_of(note: Note, snippet: str) -> bool:
    """Whether a quote's ``snippet`` lies in a ``math:`` declaration that the note prints with one
    of its spans respelled (_respelled): the quote's number stands in that span."""
    if note.registry is None:
        return False
    return any(_respelled(note, declared, a, b, n.text)
               for declared, _ in note.registry[1].math if snippet in declared and not note.declared(declared)
               for a, b in _inner_spans(declared) if snippet in declared[a:b]
               for n in note.math_spans())
