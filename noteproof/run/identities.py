"""A note's self-contained relations between closed forms, decided with no registration (issue 25).

Every ``$...$``/``$$...$$`` span is read by the project's reader (formula.parser.read_latex; no
eval). Each link ``L op R`` of a relation (op one of = < <= > >=) is a *self-contained relation*
when both sides are closed forms in the same free symbols (one side's among the other's: ``\\Delta
s = S/L`` or ``z_k - z^* = \\theta^k(z_0 - z^*)`` relate quantities defined elsewhere, and are not
decided), neither side is a bare name (``x_k = ...`` defines, ``\\eta = 0.3`` sets), both sides
have free symbols (``\\eta a = 2`` is an equation, ``a > 0`` a hypothesis, ``1 - 0.3 x 2 = 0.4``
arithmetic that run.steps judges), and nothing in it is a free function (``f(x)``,
``\\sigma(z)``, a derivative ``\\frac{d}{dx}``). It is decided
(sampling.py holds the sampler):

* an equality holds when SymPy proves ``L - R`` zero (authoring.zero after ``doit``; a sum in
  closed form may hold except where a side is undefined, ``r = 1`` for ``\\frac{1-r^n}{1-r}``), or
  ``L.equals(R)``; it is wrong at a point where both sides are finite reals that differ;
* an inequality of one symbol holds when SymPy finds no point of the stated range where it fails
  (solve_univariate_inequality); otherwise it is wrong at a sampled point where it fails;
* anything else "cannot decide", with the number of points at which it held.

The stated range is every inequality printed in the same sentence that is not itself decided
here (``for $0<x<1$, $\\frac{1}{1-x} > 1+x$``). run.relations decides a note's spans, each
within a time budget in a forked worker.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from typing import Any

from ..errors import FormulaError
from ..model import Location
from ..sources.notes import MathSpan, Note

ORDER = ("<", "<=", ">", ">=")
DECIDED = ("=", *ORDER)
# a name applied to bare names or a number (f(x), f'(x), g(s,h), \sigma(z)), not a product a(1-x)
FUNCTION = re.compile(r"(?:\\(?!(?:log|ln|exp|sin|cos|tan|sinh|cosh|tanh|arcsin|arccos|arctan|sqrt|max|min|left)\b)"
                      r"[A-Za-z]+|(?<![\\A-Za-z])[A-Za-z])(?:_\{?\w+\}?)?'*\s*\(\s*\\?\w+\s*(?:,\s*\\?\w+\s*)*\)")
# operators and matrices (a gradient, a transpose, an expectation): not closed forms of scalars
OPERATOR = re.compile(r"\\(?:nabla|partial|mathbb|Pr)(?![A-Za-z])|\^\s*\{?\s*(?:\\mathsf\s*\{\s*)?T\s*\}")
SENTENCE_END = re.compile(r"[.!?](?=\s)|\n\s*\n")


class Verdict(enum.Enum):
    HOLDS = "holds"
    WRONG = "wrong"
    UNDECIDED = "cannot decide"


@dataclass(frozen=True)
class IdentityCheck:
    """One self-contained relation of a note, decided: ``relation`` in the note's notation,
    ``how`` it was decided, and for a wrong one the point ``at`` and both sides' ``values`` there."""

    printed: str                 # the span as printed (LaTeX)
    relation: str                # the link decided, in the note's notation (Unicode)
    left: str
    right: str
    location: Location
    verdict: Verdict
    how: str
    at: str = ""                 # "η = 1/2, a = 3": where a wrong one fails
    values: tuple[str, str] = ("", "")

    @property
    def holds(self) -> bool:
        return self.verdict is Verdict.HOLDS

    @property
    def wrong(self) -> bool:
        return self.verdict is Verdict.WRONG

    @property
    def message(self) -> str:
        """The verdict in a sentence: 'holds (...)', 'wrong: left side is ..., right side is ...,
        at x = ... they differ (... against ...)' or 'cannot decide (...)'."""
        if self.verdict is Verdict.WRONG:
            return f"wrong: left side is {self.left}, right side is {self.right}, at {self.at} {self.how}"
        return f"{self.verdict.value}: {self.relation} ({self.how})"


def maybe(text: str) -> bool:
    """Whether a span may hold a self-contained relation: a relation sign, and no function applied,
    no operator or transpose."""
    return (bool(re.search(r"[=<>]|\\(?:le|ge|leq|geq|lt|gt)(?![A-Za-z])", text))
            and not FUNCTION.search(text) and not OPERATOR.search(text))


def span_checks(note: Note, span: MathSpan) -> tuple[IdentityCheck, ...]:
    """The self-contained links of one span, each decided (its stated range from its sentence)."""
    links = _links(span.text)
    if not links:
        return ()
    ranges = sentence_ranges(note, span)
    where = note.location_of(span.start)
    return tuple(decide(span.text, op, lhs, rhs, ranges, where) for op, lhs, rhs in links)


def _links(text: str) -> list[tuple[str, Any, Any]]:
    """(op, left, right) of each self-contained link of the span's relations."""
    from ..formula.parser import Relation, read_latex
    try:
        parts = read_latex(text)
    except FormulaError:
        return []
    out = []
    for part in parts:
        if isinstance(part, Relation):
            out += [(op, a, b) for op, a, b in zip(part.ops, part.args, part.args[1:])
                    if op in DECIDED and self_contained(a, b)]
    return out


def self_contained(a: Any, b: Any) -> bool:
    """Both sides closed forms of free symbols, one side's symbols among the other's, neither a bare
    name, no free function (module docstring)."""
    import sympy
    from sympy.core.function import AppliedUndef
    if not (isinstance(a, sympy.Expr) and isinstance(b, sympy.Expr)):
        return False
    if any(isinstance(s, (sympy.Symbol, sympy.Indexed)) for s in (a, b)):
        return False
    if any(s.has(AppliedUndef, sympy.Derivative, sympy.Subs, sympy.Integral) for s in (a, b)):
        return False
    left, right = a.free_symbols, b.free_symbols
    return bool(left) and bool(right) and (left <= right or right <= left)


def sentence_ranges(note: Note, span: MathSpan) -> tuple[Any, ...]:
    """The inequalities printed in the span's sentence that are not themselves decided here:
    the range a relation is stated for (``for $0<x<1$, ...``), as SymPy relationals."""
    from ..formula.parser import Relation, read_latex
    lo, hi = sentence_of(note, span)
    out = []
    for other in note.math_spans():
        if other.start < lo or other.end > hi:
            continue
        try:
            parts = read_latex(other.text)
        except FormulaError:
            continue
        for part in parts:
            if isinstance(part, Relation):
                out += [_relational(op, a, b) for op, a, b in zip(part.ops, part.args, part.args[1:])
                        if op in ORDER and not self_contained(a, b)]
    return tuple(r for r in out if r is not None)


def sentence_of(note: Note, span: MathSpan) -> tuple[int, int]:
    """The offsets of the sentence that holds ``span`` (math spans masked, so ``0.3`` ends none)."""
    text = note.text
    for m in note.math_spans():
        text = text[:m.start] + "M" * (m.end - m.start) + text[m.end:]
    ends = [m.end() for m in SENTENCE_END.finditer(text)]
    lo = max((e for e in ends if e <= span.start), default=0)
    hi = min((e for e in ends if e >= span.end), default=len(text))
    return lo, hi


def _relational(op: str, a: Any, b: Any) -> Any:
    import sympy
    try:
        return {"<": sympy.Lt, "<=": sympy.Le, ">": sympy.Gt, ">=": sympy.Ge}[op](a, b, evaluate=False)
    except (TypeError, ValueError):
        return None


def decide(printed: str, op: str, lhs: Any, rhs: Any, ranges: tuple, where: Location) -> IdentityCheck:
    """One link decided: proved, refuted at a point, or undecided (module docstring)."""
    from ..formula.printing import joined_text
    from ..formula.prose import unicode
    from .sampling import counterexample, proved
    left, right = unicode(prose(lhs)), unicode(prose(rhs))
    shown = unicode(joined_text((op,), [prose(lhs), prose(rhs)]))
    base = IdentityCheck(printed, shown, left, right, where, Verdict.UNDECIDED, "")
    how = proved(op, lhs, rhs, ranges)
    if how:
        return IdentityCheck(**{**base.__dict__, "verdict": Verdict.HOLDS, "how": how})
    found = counterexample(op, lhs, rhs, ranges)
    if found.point:
        l_, r_ = found.values
        fails = (f"they differ ({l_} against {r_})" if op == "=" else
                 f"they are {l_} and {r_}, and {l_} {unicode(op)} {r_} does not hold")
        return IdentityCheck(**{**base.__dict__, "verdict": Verdict.WRONG, "how": fails, "at": found.point,
                                "values": found.values})
    return IdentityCheck(**{**base.__dict__, "how": f"SymPy proves nothing; it holds at the {found.tried} points "
                            "sampled" if found.tried else "SymPy proves nothing and no point could be sampled"})


def prose(expr: Any) -> str:
    """An expression's text with each sum and product as the note writes it (``∑_(k=0)^(n - 1) r^k``),
    and |x| for Abs(x), for formula.prose.unicode."""
    import sympy

    from ..formula.printing import text
    big = {e: sympy.Symbol(f"|{prose(e.args[0])}|") for e in expr.atoms(sympy.Abs)}
    for e in expr.atoms(sympy.Sum, sympy.Product):
        sign = "∑" if isinstance(e, sympy.Sum) else "∏"
        body = prose(e.function)
        body = f"({body})" if isinstance(e.function, sympy.Add) else body
        scripts = "".join(f"_({k}={text(lo)})^({text(hi)})" for k, lo, hi in e.limits)
        big[e] = sympy.Symbol(f"{sign}{scripts} {body}")
    return text(expr.xreplace(big))
