"""The formula reader: the notes' LaTeX and Chapter 12's plain text -> SymPy, without eval.

A formula is split at top level (outside brackets) by commas, ``\\quad``, ``\\qquad``, ``:``
and ``;`` into parts; each part is a SymPy expression, a SymPy ``Tuple`` (``(p_A,p_B-1)``) or
a `Relation`.  Reading is a normalising pass (``noteproof.latex.normalise``), a tokenizer
(``noteproof.latex`` / ``noteproof.plain``) and the recursive-descent parser below, which
builds SymPy objects directly (no eval, sympify or parse_latex).  Anything unreadable raises
``FormulaError``, never another exception; inputs over 2,000 characters or nested deeper
than 50 are refused.

Default names (symbols are ``Symbol(name, real=True)``; functions are undefined
``Function(name)``):

* a letter is itself; a Greek command is its name (``\\beta`` -> beta, ``\\ell`` -> ell,
  ``\\Sigma`` -> Sigma); ``\\pi`` is sympy.pi; ``e^{x}`` is exp(x), a bare ``e`` is E;
  ``\\infty`` is oo; ``\\nabla`` is a symbol nabla; ``I`` is a plain symbol (identity).
* juxtaposition multiplies: ``2wx(w^{2}x-y)``, ``\\eta h``, ``\\Delta s`` (Delta*s);
  a name listed in ``functions`` followed by ``(`` is applied (``f(s,h)``, ``x(1)``), and so is
  a member of a family listed as ``p_*``, numbered by its subscript (``p_2(A)``: the function
  ``p_2``; a listed ``x`` leaves ``x_0(\\cos t)`` a product).
* a simple subscript joins the name: ``a_i`` -> a_i, ``s_{\\ell }`` -> s_ell,
  ``{\\mathrm{Var}}_{\\mathrm{disc}}`` -> Var_disc, ``E_{u_i}`` -> E_u_i; a star super- or
  subscript is "star", not a power (``a_{\\ast }``, ``z^*`` -> a_star, z_star); a subscript
  holding arithmetic or a variable bound by ``\\sum``/``\\prod``/``\\max`` is an index:
  ``a_{k+1}`` -> Indexed(IndexedBase('a'), k + 1) (applied as ``Function('z')(b, c)`` for
  ``z_b(c)`` when ``z`` or ``z_b`` is a function).
* accents suffix the name: ``\\tilde{a}`` -> a_tilde (``{\\tilde{a}}_i`` -> a_tilde_i),
  ``\\hat{\\mathcal{L}}`` -> L_hat, ``\\dot x`` -> x_dot; a prime adds ``_prime``.
* fonts give the word: ``\\mathcal{L}``, ``\\mathbb{E}``, ``\\mathrm{Cov}``, ``\\text{error}``;
  prose ``\\text{(explicit)}`` ends its part (the annotation is dropped).
* other superscripts are powers, except ``^{\\mathsf{T}}`` (sympy.transpose, which is the
  identity on real scalars) and ``0^{+}``, ``0^{-}`` (the point of a one-sided limit:
  onesided.OneSided(0, 1), OneSided(0, -1)).
* ``\\frac{dX}{dY}``, ``\\frac{\\partial X}{\\partial Y}``, ``dX/dY`` -> Derivative(X(Y), Y)
  with X an undefined function of Y (so ``\\frac{d{a}_{\\ast }}{du}`` -> Derivative(a_star(u), u));
  ``\\left. ... \\right|_{z^*}`` -> Subs(..., z, z_star).
* ``\\sum_{k=0}^{m-1}`` / ``\\prod`` -> Sum / Product (an index without limits runs over
  (-oo, oo)); ``\\int_0^1 ... dt`` -> Integral; ``\\max_j X`` -> Function('max_j')(X);
  ``|x|`` and ``\\Vert x\\Vert`` -> Abs; ``\\log`` is natural; ``1_{a=y}`` -> KroneckerDelta;
  ``p(B\\mid AB)`` reads ``\\mid`` as an argument separator.
* numbers are exact: ``0.000977`` -> Rational(977, 1000000).
* ``symbols`` maps a source fragment (``"\\\\Delta s"``, ``"a_{\\\\ast }"``, plain ``"rate"``)
  to a symbol name; fragments are replaced before tokenizing, longest first.

Plain text follows ``noteproof.plain`` for words; ``^`` takes the next factor
(``e^(-ah)``, ``h^2/2``) and ``**`` is ``^``.

Not supported (FormulaError, or read as stated): matrices (every symbol is a commutative
scalar, so ``A\\Sigma +\\Sigma A`` is 2*A*Sigma); superscript indices (``h^{\\ell }`` is a
power: map it with ``symbols``); ``\\pm``, ``!``, ``\\binom``, ``\\lim``, environments, sets
and half-open intervals; higher derivatives (``d^2x/dt^2``); unbracketed nested bars
(``||x|-1|``); double superscripts; powers nested deeper than 4.
"""
from __future__ import annotations

import math
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Iterable, Mapping

import sympy as sp

from ..errors import FormulaError
from ..model import Location
from . import printing
from .lex_latex import normalise, tokenize_latex
from .lex_plain import tokenize_plain
from .lexing import Token
from .onesided import one_sided
from .tokens import MAX_CHARS, MAX_DEPTH, split_parts, substitute

MAX_POWERS = 4
MAX_BITS = 512
RELATION_OPS = frozenset({"=", "<=", "<", ">=", ">", "!=", "~", "propto", "=>", "->"})
_LABEL_RELS = {"<=": "le", ">=": "ge", "<": "lt", ">": "gt", "=": "eq", "!=": "ne"}


@dataclass(frozen=True)
class Relation:
    """A relation kept unevaluated (``Eq(2**-10, 0.000977)`` would evaluate to False).

    ``args`` are the related objects (SymPy expressions, or Relations for ``=>``) and
    ``ops[k]`` relates ``args[k]`` to ``args[k + 1]``: ``0<\\eta h<2`` is
    ``Relation(("<", "<"), (0, eta*h, 2))``.  Ops: ``=  <=  <  >=  >  !=``, ``~``
    (``\\simeq``, ``\\approx``), ``propto``, ``=>`` (``\\Rightarrow``), ``->`` (``\\to``).
    """

    ops: tuple
    args: tuple

    def __post_init__(self) -> None:
        if len(self.args) != len(self.ops) + 1 or not self.ops:
            raise FormulaError("a relation needs one more argument than operators")
        if not set(self.ops) <= RELATION_OPS:
            raise FormulaError(f"unknown relation operator in {self.ops}")

    @property
    def op(self) -> str:
        """The operator when there is one kind (``=`` for ``x=y=1``), else ``"chain"``."""
        return self.ops[0] if len(set(self.ops)) == 1 else "chain"

    @property
    def lhs(self):
        return self.args[0]

    @property
    def rhs(self):
        return self.args[-1]

    # SymPy's printer hooks: str, pretty and MathML of a relation (formula.printing)
    def __str__(self) -> str:
        return sp.sstr(self)

    def _sympystr(self, printer) -> str:
        return printing.joined_text(self.ops, [printer._print(a) for a in self.args])

    def _pretty(self, printer):
        blocks = [printer._print(a).render(**printer._settings) for a in self.args]
        return printing.block_form(printing.joined_blocks(self.ops, blocks))

    def _latex(self, printer) -> str:
        return printing.joined_latex(self.ops, [printer._print(a) for a in self.args])

    def _mathml_presentation(self, printer):
        return printing.joined_row(printer.dom, self.ops, [printer._print(a) for a in self.args])


def read_latex(src: str, symbols: Mapping[str, str] | None = None,
               functions: Iterable[str] = (), location: Location | None = None,
               operators: Iterable[str] = ()) -> tuple:
    """Parts of the LaTeX formula ``src``, each a SymPy Expr, Tuple or `Relation`.

    >>> read_latex(r"\\frac{C}{K}(e^{KS}-1)\\Delta s")
    (C*Delta*s*(exp(K*S) - 1)/K,)

    Names in ``operators`` (matrices, operators) are read as noncommutative symbols, so
    that ``A\\Sigma +\\Sigma A`` is not ``2 A Sigma``.
    """
    return _read(src, symbols, functions, location, latex=True, operators=operators)


def read_plain(src: str, symbols: Mapping[str, str] | None = None,
               functions: Iterable[str] = (), location: Location | None = None,
               operators: Iterable[str] = ()) -> tuple:
    """Parts of Chapter 12's plain-text formula ``src`` (``"2 asin(h/2)/h"``).

    >>> read_plain("e^(-ah)")
    (exp(-a*h),)
    """
    return _read(src, symbols, functions, location, latex=False, operators=operators)


def read_formula(entry_text: str, *, plain: bool, symbols: Mapping[str, str] | None = None,
                 functions: Iterable[str] = (), location: Location | None = None,
                 operators: Iterable[str] = ()) -> tuple:
    """`read_plain` when ``plain`` else `read_latex`."""
    reader = read_plain if plain else read_latex
    return reader(entry_text, symbols, functions, location, operators)


def _read(src, symbols, functions, location, latex: bool, operators: Iterable[str] = ()) -> tuple:
    try:
        return _read_checked(src, symbols, functions, location, latex, frozenset(operators))
    except FormulaError as exc:
        if exc.location is None and location is not None:
            raise FormulaError(exc.message, location) from None
        raise
    except RecursionError:
        raise FormulaError("formula nested too deeply", location) from None
    except MemoryError:  # a worker's memory limit: the pool names it
        raise
    except Exception as exc:  # noqa: BLE001 -- contract: only FormulaError leaves the reader
        raise FormulaError(f"cannot read formula ({type(exc).__name__}: {exc})", location) from None


def _read_checked(src, symbols, functions, location, latex: bool, operators: frozenset = frozenset()) -> tuple:
    if not isinstance(src, str):
        raise FormulaError("a formula must be text", location)
    if len(src) > MAX_CHARS:
        raise FormulaError(f"formula longer than {MAX_CHARS} characters", location)
    if any(ord(c) < 32 and c not in "\t\n\r" for c in src):
        raise FormulaError("control character in formula", location)
    names_in = _functions(functions, location)
    text, names = substitute(src, symbols, latex, location)
    ctx = _Context(src, names_in, latex, location, operators)
    if latex:
        text = normalise(text)
        tokens = tokenize_latex(text, names, ctx.fail)
    else:
        tokens = tokenize_plain(text, names, ctx.fail)
    parts = tuple(_Parser(ctx, part, len(text)).whole("implication")
                  for part in split_parts(tokens, ctx.fail, len(ctx.src)))
    if not parts:
        ctx.fail("empty formula", 0)
    return _respelled_symbols(parts, symbols, names, ctx, latex)


def _respelled_symbols(parts: tuple, symbols, found: list[str], ctx: "_Context", latex: bool) -> tuple:
    """A ``symbols`` fragment the text spells otherwise (``\\sum_b\\exp(z_b(c)/\\tau)`` for
    ``{\\sum }_b{e}^{z_b(c)/\\tau }``) is found by what it reads as: that expression, wherever the
    parts hold it, is the fragment's symbol."""
    missing = {k: n for k, n in dict(symbols or {}).items() if n not in found}
    for key, name in missing.items():
        try:
            [form] = _read_checked(key, None, ctx.functions, ctx.location, latex, ctx.operators)
        except (FormulaError, ValueError):
            continue
        if isinstance(form, sp.Basic) and not form.is_Atom:
            parts = tuple(_replaced(p, form, ctx.symbol(name)) for p in parts)
    return parts


def _replaced(obj, old: sp.Basic, new: sp.Basic):
    if isinstance(obj, Relation):
        return Relation(obj.ops, tuple(_replaced(a, old, new) for a in obj.args))
    return obj.xreplace({old: new}) if isinstance(obj, sp.Basic) else obj


def _functions(functions, location) -> frozenset:
    names = () if isinstance(functions, str) else tuple(functions)
    if isinstance(functions, str) or not all(isinstance(f, str) for f in names):
        raise FormulaError("functions must be a list of names", location)
    return frozenset(names)


class _Context:
    """What every parser of one formula shares: names, bound indices, nesting depth."""

    def __init__(self, src: str, functions: frozenset, latex: bool, location,
                 operators: frozenset = frozenset()) -> None:
        self.src, self.functions, self.latex, self.location = src, functions, latex, location
        self.operators = operators
        self.bound: list[str] = []
        self.depth = self.powers = 0

    def fail(self, message: str, pos: int | None = None):
        where = f" (near character {pos + 1})" if pos is not None else ""
        shown = self.src if len(self.src) <= 80 else self.src[:77] + "..."
        raise FormulaError(f"{message}{where} in {shown!r}", self.location)

    def symbol(self, name: str) -> sp.Symbol:
        if name in self.operators:
            return sp.Symbol(name, commutative=False)
        return sp.Symbol(name, real=True)

    def check(self, *values) -> None:
        for v in values:
            if isinstance(v, Relation):
                self.fail("a relation cannot stand inside arithmetic")
            if not isinstance(v, sp.Basic):
                self.fail("unreadable operand")

    def mul(self, a, b):
        self.check(a, b)
        if isinstance(a, sp.Tuple) and isinstance(b, sp.Tuple):
            self.fail("cannot multiply two tuples")
        if isinstance(a, sp.Tuple):
            return sp.Tuple(*(x * b for x in a))
        if isinstance(b, sp.Tuple):
            return sp.Tuple(*(a * x for x in b))
        return self.small(a * b)

    def add(self, a, b):
        self.check(a, b)
        if isinstance(a, sp.Tuple) or isinstance(b, sp.Tuple):
            self.fail("cannot add tuples")
        return self.small(a + b)

    def pow(self, a, b):
        self.scalar(a, b)
        if a.is_Number and b.is_Number:
            size = abs(float(b)) * max(1.0, math.log2(abs(float(a)) + 2))
            if size > MAX_BITS:
                self.fail("number too large")
        return self.small(a ** b)

    def small(self, value):
        """Refuse numbers over MAX_BITS bits: SymPy's roots of huge integers take seconds."""
        for r in value.atoms(sp.Rational):
            if max(abs(r.p).bit_length(), r.q.bit_length()) > MAX_BITS:
                self.fail("number too large")
        return value

    def div(self, a, b):
        self.scalar(b)
        return self.mul(a, self.pow(b, sp.Integer(-1)))

    def scalar(self, *values) -> None:
        self.check(*values)
        if any(isinstance(v, sp.Tuple) or not isinstance(v, sp.Expr) for v in values):
            self.fail("expected a scalar expression")



_PAIRS = {"(": ")", "[": "]", "{": "}"}
_FUNCS = {"exp": sp.exp, "log": sp.log, "ln": sp.log, "sin": sp.sin, "cos": sp.cos,
          "tan": sp.tan, "sinh": sp.sinh, "cosh": sp.cosh, "tanh": sp.tanh, "asin": sp.asin,
          "acos": sp.acos, "atan": sp.atan, "arcsin": sp.asin, "arccos": sp.acos,
          "arctan": sp.atan, "sqrt": sp.sqrt}


def _is_d(t: Token) -> bool:
    return (t.kind == "name" and t.value == "d") or (t.kind == "cmd" and t.value == "partial")


def _split_top(tokens: list[Token]) -> list[list[Token]]:
    """Split a bracket's contents at top-level commas and ``\\mid``."""
    pieces, depth = [[]], 0
    for t in tokens:
        if t.kind == "op" and t.value in _PAIRS:
            depth += 1
        elif t.kind == "op" and t.value in ")]}":
            depth -= 1
        if depth == 0 and ((t.kind == "op" and t.value == ",") or (t.kind == "cmd" and t.value == "mid")):
            pieces.append([])
        else:
            pieces[-1].append(t)
    return pieces


def _label(tokens: list[Token]) -> str:
    """``s_{\\ell }`` -> "ell", ``z_{ab}`` -> "ab", ``x_{\\le t}`` -> "le_t"."""
    words = [_LABEL_RELS.get(t.value, t.value) if t.kind == "rel" else t.value for t in tokens]
    text = words[0]
    for w in words[1:]:
        text += ("_" if len(text.rsplit("_", 1)[-1]) > 1 or len(w) > 1 else "") + w
    return text


class _Parser:
    """Recursive descent over one token list (a part, a group, a script)."""

    def __init__(self, ctx: _Context, tokens: list[Token], end: int) -> None:
        self.ctx = ctx
        self.toks = list(tokens) + [Token("end", "", end)]
        self.i = 0
        self.bars = {"|": 0, "Vert": 0}

    # -- token access ------------------------------------------------------------------
    @property
    def tok(self) -> Token:
        return self.toks[self.i]

    def at(self, k: int) -> Token:
        return self.toks[min(k, len(self.toks) - 1)]

    def next(self) -> Token:
        t = self.tok
        if t.kind != "end":
            self.i += 1
        return t

    def is_op(self, value: str, t: Token | None = None) -> bool:
        t = t or self.tok
        return t.kind == "op" and t.value == value

    def fail(self, message: str, t: Token | None = None):
        t = t or self.tok
        what = "the end" if t.kind == "end" else repr(t.value)
        self.ctx.fail(message.replace("{tok}", what), t.pos)

    def sub(self, tokens: list[Token]) -> "_Parser":
        return _Parser(self.ctx, tokens, tokens[-1].pos if tokens else self.tok.pos)

    def whole(self, rule: str):
        """Parse all tokens with ``rule``; a prose annotation ends the reading."""
        if self.tok.kind == "end":
            self.fail("empty expression")
        value = getattr(self, rule)()
        if self.tok.kind not in ("end", "annot"):
            self.fail("unexpected {tok}")
        return value

    @contextmanager
    def nest(self):
        self.ctx.depth += 1
        if self.ctx.depth > 2 * MAX_DEPTH + 10:
            self.fail("formula nested too deeply")
        try:
            yield
        finally:
            self.ctx.depth -= 1

    def collect(self, open_tok: Token) -> list[Token]:
        """The tokens up to the bracket matching ``open_tok`` (consumed)."""
        stack, out = [_PAIRS[open_tok.value]], []
        while True:
            t = self.next()
            if t.kind == "end":
                self.fail(f"unbalanced {open_tok.value!r}", open_tok)
            if t.kind == "op" and t.value in _PAIRS:
                stack.append(_PAIRS[t.value])
            elif t.kind == "op" and t.value in ")]}":
                if t.value != stack.pop():
                    self.fail("mismatched bracket {tok}", t)
                if not stack:
                    return out
            out.append(t)

    def script(self) -> list[Token]:
        """The argument of ``^``, ``_``, ``\\frac``, ``\\sqrt``: a brace group or one token."""
        t = self.next()
        if self.is_op("{", t) or (self.is_op("(", t) and not self.ctx.latex):
            return self.collect(t)
        if t.kind == "num" and len(t.value) > 1 and self.ctx.latex:
            self.toks.insert(self.i, Token("num", t.value[1:], t.pos + 1))
            return [Token("num", t.value[0], t.pos)]
        if t.kind in ("num", "name", "atom", "transpose") or (t.kind == "op" and t.value in "*+-'"):
            return [t]
        self.fail("unsupported argument {tok}", t)

    # -- grammar -----------------------------------------------------------------------
    def implication(self):
        args, ops = [self.relation()], []
        while self.tok.kind == "rel" and self.tok.value == "=>":
            ops.append(self.next().value)
            args.append(self.relation())
        return Relation(tuple(ops), tuple(args)) if ops else args[0]

    def relation(self):
        args, ops = [self.expr()], []
        while self.tok.kind == "rel" and self.tok.value != "=>":
            ops.append(self.next().value)
            args.append(self.expr())
        return Relation(tuple(ops), tuple(args)) if ops else args[0]

    def expr(self):
        with self.nest():
            total = self.signed_term()
            while self.is_op("+") or self.is_op("-"):
                total = self.ctx.add(total, self.signed_term())
            return total

    def signed_term(self):
        negative = False
        while self.is_op("+") or self.is_op("-"):
            negative ^= self.next().value == "-"
        term = self.term()
        return self.ctx.mul(sp.Integer(-1), term) if negative else term

    def term(self, differential: bool = False):
        value = self.factor()
        while True:
            if self.is_op("*") or self.is_op("/"):
                divide = self.next().value == "/"
                right = self.factor()
                value = self.ctx.div(value, right) if divide else self.ctx.mul(value, right)
            elif differential and self.at_differential():
                return value
            elif self.starts_factor():
                if self.tok.kind == "num" and self.at(self.i - 1).kind == "num":
                    self.fail("two numbers in a row at {tok}")
                value = self.ctx.mul(value, self.factor())
            else:
                return value

    def starts_factor(self) -> bool:
        t = self.tok
        if t.kind in ("num", "name", "atom", "func", "transpose"):
            return True
        if t.kind == "op":
            return t.value in _PAIRS or (t.value == "|" and not self.bars["|"])
        if t.kind == "cmd":
            if t.value == "Vert":
                return not self.bars["Vert"]
            return t.value not in ("R.", "R|", "mid")
        return False

    def at_differential(self) -> bool:
        t, var, after = self.tok, self.at(self.i + 1), self.at(self.i + 2)
        ends = after.kind in ("end", "sep", "rel", "annot") or \
            (after.kind == "op" and after.value in "+-)]},") or after.value in ("R|", "R.")
        return t.kind == "name" and t.value == "d" and var.kind in ("name", "atom") and ends

    def factor(self):
        with self.nest():
            if _is_d(self.tok):
                value = self.slash_derivative()
                if value is not None:
                    return self.power_postfix(value)
                if self.tok.kind == "cmd":
                    self.fail("\\partial outside a derivative")
            return self.primary()

    def primary(self):
        t = self.next()
        if t.kind == "num":
            return self.number(t)
        if t.kind in ("name", "atom", "transpose"):
            return self.named(t.value, "atom" if t.kind == "transpose" else t.kind)
        if t.kind == "func":
            return self.function(t.value)
        if t.kind == "op" and t.value in _PAIRS:
            return self.group(t)
        if self.is_op("|", t):
            return self.bars_value("|")
        if t.kind == "cmd":
            return self.command(t)
        self.fail("unexpected {tok}", t)

    def number(self, t: Token):
        if len(t.value) > 60:
            self.fail("number too long", t)
        value = sp.Rational(t.value)
        if self.is_op("_") and self.ctx.latex:
            self.next()
            p = self.sub(self.script())
            cond = p.whole("relation")
            if value != 1 or not isinstance(cond, Relation) or cond.ops != ("=",):
                self.fail("only an indicator 1_{a=b} may carry a subscript", t)
            value = sp.KroneckerDelta(*cond.args)
        return self.power_postfix(value)

    def named(self, name: str, kind: str):
        """A name with its sub- and superscripts, then a call when it is a function."""
        index, power, transpose, side = None, None, False, None
        base = name   # a family of functions numbered by a subscript: p_2(A) is p_2 applied to A
        while True:
            if self.is_op("'"):
                self.next()
                name, kind = name + "_prime", "atom"
            elif self.is_op("_") and self.ctx.latex:
                self.next()
                if index is not None:
                    self.fail("a second subscript")
                label, index = self.subscript(self.script())
                if label:
                    name, kind = f"{name}_{label}", "atom"
            elif self.is_op("^") and power is None:
                mark, exponent = self.superscript()
                if mark in ("star", "prime"):
                    name, kind = f"{name}_{mark}", "atom"
                transpose |= mark == "T"
                side = mark if mark in ("+", "-") else side
                power = exponent
            else:
                break
        if kind == "name" and name == "e" and index is None:
            value, power = (sp.E, None) if power is None else (sp.exp(power), None)
        elif kind == "name" and name == "pi" and index is None:
            value = sp.pi
        elif index is not None:
            value = sp.Indexed(sp.IndexedBase(name, real=True), *index)
        else:
            value = self.ctx.symbol(name)
        alias = name if index is None else f"{name}_{'_'.join(map(str, index))}"
        numbered = name.startswith(base + "_") and name[len(base) + 1:].isdigit() and f"{base}_*" in self.ctx.functions
        if power is None and self.is_op("(") and ({name, alias} & self.ctx.functions or numbered):
            args = self.call_args()
            value = sp.Function(name)(*(index or ()), *args)
        if transpose:
            value = sp.transpose(value)
        if side:
            value = one_sided(value, side)
        if power is not None:
            value = self.ctx.pow(value, power)
        return self.power_postfix(value, powered=power is not None)

    def subscript(self, toks: list[Token]):
        """(label, None) for a name-like subscript, (None, (index,)) for an index."""
        if len(toks) == 1 and self.is_op("*", toks[0]):
            return "star", None
        bound = any(t.kind in ("name", "atom") and t.value in self.ctx.bound for t in toks)
        if toks and not bound and all(t.kind in ("num", "name", "atom") for t in toks):
            return _label(toks), None
        try:
            value = self.sub(toks).whole("relation")
        except FormulaError:
            if toks and all(t.kind in ("num", "name", "atom", "rel") for t in toks):
                return _label(toks), None
            raise
        if isinstance(value, sp.Symbol) and not bound:
            return value.name, None
        if not isinstance(value, sp.Expr):
            self.fail("unsupported subscript")
        return None, (value,)

    def superscript(self):
        """(mark, None) for ``*``, ``'``, transpose, ``+``/``-`` (the side of a limit); else (None, power)."""
        self.next()
        self.ctx.powers += 1
        try:
            return self.exponent()
        finally:
            self.ctx.powers -= 1

    def exponent(self):
        if self.ctx.powers > MAX_POWERS:
            self.fail("powers nested too deeply")
        if not self.ctx.latex:
            negative = False
            while self.is_op("+") or self.is_op("-"):
                negative ^= self.next().value == "-"
            value = self.factor()
            return None, (self.ctx.mul(sp.Integer(-1), value) if negative else value)
        toks = self.script()
        if len(toks) == 1:
            t = toks[0]
            marks = {"*": "star", "'": "prime", "+": "+", "-": "-"}   # +/-: the side of a limit
            if t.kind == "op" and t.value in marks:
                return marks[t.value], None
            if t.kind == "transpose":
                return "T", None
        return None, self.sub(toks).whole("expr")

    def power_postfix(self, value, powered: bool = False):
        while self.is_op("^"):
            if powered and self.ctx.latex:
                self.fail("double superscript")
            mark, exponent = self.superscript()
            if mark in ("star", "prime"):
                self.fail("a star or prime must follow a name")
            if mark == "T":
                value = sp.transpose(value)
            elif mark in ("+", "-"):
                value = one_sided(value, mark)
            elif mark is None:
                value, powered = self.ctx.pow(value, exponent), True
        if self.is_op("_") and self.ctx.latex:
            self.fail("a subscript must follow a name")
        return value

    def call_args(self) -> list:
        toks = self.collect(self.next())
        pieces = _split_top(toks)
        if not toks or any(not p for p in pieces):
            self.fail("empty argument")
        return [self.sub(p).whole("expr") for p in pieces]

    def group(self, open_tok: Token):
        toks = self.collect(open_tok)
        if not toks:
            self.fail("empty brackets", open_tok)
        pieces = _split_top(toks)
        if len(pieces) > 1:
            if any(not p for p in pieces):
                self.fail("empty tuple element", open_tok)
            values = [self.sub(p).whole("expr") for p in pieces]
            self.ctx.check(*values)
            value = sp.Tuple(*values)
            if self.is_op("(") and all(isinstance(v, sp.Symbol) and v.name in self.ctx.functions
                                       for v in values):
                args = self.call_args()  # (x,y)(t) with x, y functions -> (x(t), y(t))
                value = sp.Tuple(*(sp.Function(v.name)(*args) for v in values))
        else:
            value = self.sub(toks).whole("implication")
        if open_tok.value == "{" and isinstance(value, sp.Symbol):
            return self.named(value.name, "atom")
        return self.power_postfix(value)

    def bars_value(self, kind: str):
        self.bars[kind] += 1
        value = self.expr()
        closes = self.is_op("|") or self.tok.value == "R|" if kind == "|" else self.tok.value == "Vert"
        if not closes or self.tok.kind not in ("op", "cmd"):
            self.fail("unclosed |...| before {tok}")
        self.next()
        self.bars[kind] -= 1
        self.ctx.scalar(value)
        return self.power_postfix(sp.Abs(value))

    def function(self, name: str):
        power = None
        if self.ctx.latex and self.is_op("^"):
            mark, power = self.superscript()
            if mark:
                self.fail(f"unsupported mark on \\{name}")
        if name == "sqrt" and self.ctx.latex:
            root = self.sub(self.collect(self.next())).whole("expr") if self.is_op("[") else 2
            arg = self.sub(self.script()).whole("expr")
            self.ctx.scalar(arg, sp.Integer(2) if root == 2 else root)
            value = sp.sqrt(arg) if root == 2 else sp.root(arg, root)
        else:
            if self.tok.kind == "op" and self.tok.value in _PAIRS:
                open_tok = self.next()
                toks = self.collect(open_tok)
                pieces = _split_top(toks)
                if not toks or any(not p for p in pieces):
                    self.fail(f"empty argument of {name}", open_tok)
                args = [self.sub(p).whole("expr") for p in pieces]
            else:
                args = [self.implicit_argument(name)]
            self.ctx.scalar(*args)
            if not (len(args) == 1 or (name in ("log", "ln") and len(args) == 2)):
                self.fail(f"{name} takes one argument")
            value = _FUNCS[name](*args)
        if power is not None:
            value = self.ctx.pow(value, power)
        return self.power_postfix(value)

    def implicit_argument(self, name: str):
        """``\\cos\\pi t`` -> cos(pi*t): the factors up to the next operator or function."""
        if not self.starts_factor() or self.tok.kind == "func":
            self.fail(f"{name} needs an argument")
        value = self.factor()
        big = ("sum", "prod", "int", "max", "min")
        while self.starts_factor() and self.tok.kind != "func" and self.tok.value not in big:
            value = self.ctx.mul(value, self.factor())
        return value

    def command(self, t: Token):
        v = t.value
        if v in ("frac", "dfrac", "tfrac"):
            return self.fraction()
        if v in ("sum", "prod"):
            return self.big_operator(v)
        if v == "int":
            return self.integral()
        if v in ("max", "min"):
            return self.extremum(v)
        if v == "infty":
            return self.power_postfix(sp.oo)
        if v == "Vert":
            return self.bars_value("Vert")
        if v.startswith("accent:"):
            return self.accent(v.split(":")[1])
        if v == "L.":
            return self.evaluation()
        self.fail("unexpected {tok}", t)

    def fraction(self):
        num, den = self.script(), self.script()
        value = self.derivative(num, den)
        if value is None:
            value = self.ctx.div(self.sub(num).whole("expr"), self.sub(den).whole("expr"))
        return self.power_postfix(value)

    def derivative(self, num: list[Token], den: list[Token]):
        """``dX``/``dY`` token lists -> Derivative(X(Y), Y); None when not a derivative."""
        if not num or len(den) < 2 or not _is_d(num[0]) or not _is_d(den[0]):
            return None
        if (len(num) > 1 and num[1].kind == "op" and num[1].value in "_^") or \
                (den[1].kind == "op" and den[1].value in "_^"):
            return None
        var = self.sub(den[1:]).whole("expr")
        if not isinstance(var, (sp.Symbol, sp.Indexed)):
            return None
        body = self.factor() if len(num) == 1 else self.sub(num[1:]).whole("expr")
        if isinstance(body, sp.Symbol):
            body = sp.Function(body.name)(var)
        self.ctx.scalar(body)
        return sp.Derivative(body, var)

    def atom_span(self, j: int) -> int | None:
        """Index after a name and its scripts starting at ``j``, or None."""
        if self.at(j).kind not in ("name", "atom"):
            return None
        j += 1
        while self.at(j).kind == "op" and self.at(j).value in "_^":
            j += 1
            if self.is_op("{", self.at(j)):
                depth = 0
                while self.at(j).kind != "end":
                    depth += {"{": 1, "}": -1}.get(self.at(j).value, 0) if self.at(j).kind == "op" else 0
                    j += 1
                    if depth == 0:
                        break
            else:
                j += 1
        return j

    def slash_derivative(self):
        """``dh/ds`` and ``\\partial \\ell /\\partial z_a``."""
        start = self.i
        j = self.atom_span(start + 1)
        if j is None or not self.is_op("/", self.at(j)) or not _is_d(self.at(j + 1)):
            return None
        k = self.atom_span(j + 2)
        if k is None:
            return None
        value = self.derivative(self.toks[start:j], self.toks[j + 1:k])
        if value is not None:
            self.i = k
        return value

    def limits(self, need_index: bool):
        """The ``_{k=0}^{m-1}`` of a sum, product or integral: (var, low, high)."""
        var = low = high = None
        while self.is_op("_") or self.is_op("^"):
            lower = self.next().value == "_"
            p = self.sub(self.script())
            if not lower:
                high = p.whole("expr")
                continue
            value = p.whole("relation")
            if isinstance(value, Relation) and value.ops == ("=",) and isinstance(value.lhs, sp.Symbol):
                var, low = value.args
            elif need_index and isinstance(value, sp.Symbol):
                var = value
            else:
                low = value
        self.ctx.scalar(*(x for x in (low, high) if x is not None))
        return var, low, high

    def big_operator(self, kind: str):
        var, low, high = self.limits(need_index=True)
        if var is None:
            self.fail(f"\\{kind} needs an index")
        self.ctx.bound.append(var.name)
        try:
            body = self.term()
        finally:
            self.ctx.bound.pop()
        self.ctx.scalar(body)
        bounds = (var, -sp.oo if low is None else low, sp.oo if high is None else high)
        return (sp.Sum if kind == "sum" else sp.Product)(body, bounds)

    def integral(self):
        var, low, high = self.limits(need_index=False)
        if var is not None:
            self.fail("write the integration variable as dt, not in the limits")
        body = self.term(differential=True)
        if not self.at_differential():
            self.fail("\\int needs a differential such as dt")
        self.next()
        var = self.ctx.symbol(self.next().value)
        self.ctx.scalar(body)
        if low is None or high is None:
            return sp.Integral(body, var)
        return sp.Integral(body, (var, low, high))

    def extremum(self, kind: str):
        if self.is_op("_"):
            self.next()
            toks = self.script()
            if not all(t.kind in ("num", "name", "atom") for t in toks):
                self.fail(f"unsupported subscript of \\{kind}")
            self.ctx.bound.extend(t.value for t in toks)
            try:
                body = self.factor()
            finally:
                del self.ctx.bound[len(self.ctx.bound) - len(toks):]
            self.ctx.scalar(body)
            return self.power_postfix(sp.Function(f"{kind}_{_label(toks)}")(body))
        args = self.call_args() if self.is_op("(") else [self.implicit_argument(kind)]
        self.ctx.scalar(*args)
        return self.power_postfix((sp.Max if kind == "max" else sp.Min)(*args))

    def accent(self, which: str):
        value = self.sub(self.script()).whole("expr")
        if not isinstance(value, sp.Symbol):
            self.fail(f"\\{which} must sit on a single name")
        return self.named(f"{value.name}_{which}", "atom")

    def evaluation(self):
        """``\\left. X \\right|_{z^*}`` -> Subs(X, z, z_star) for a derivative X in z."""
        value = self.expr()
        if self.tok.kind != "cmd" or self.tok.value not in ("R|", "R."):
            self.fail("\\left. needs \\right| before {tok}")
        bar = self.next().value == "R|"
        if bar and self.is_op("_"):
            self.next()
            point = self.sub(self.script()).whole("relation")
            if isinstance(point, Relation) and point.ops == ("=",):
                var, point = point.args
            elif isinstance(value, sp.Derivative) and len(value.variables) == 1:
                var = value.variables[0]
            else:
                self.fail("cannot tell which variable the bar evaluates")
            self.ctx.scalar(value, point)
            value = sp.Subs(value, var, point)
        return self.power_postfix(value)
