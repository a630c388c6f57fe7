"""Fuzz the formula reader: on any text it returns parts or raises FormulaError, quickly.

Inputs are random text over the notes' alphabet, the notes' own formulas mangled (characters
deleted, duplicated, swapped, truncated), and formulas spliced together.
"""
from __future__ import annotations

import re
import time

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from noteproof.errors import FormulaError
from noteproof.formula.parser import Relation, read_latex, read_plain
from tests.helpers import note_text


def note_math() -> list[str]:
    """The notes' math spans, display and inline."""
    text = "".join(note_text(n) for n in ("week09", "week10", "chapter12"))
    bodies = re.findall(r"\$\$(.+?)\$\$", text, re.S)
    return sorted(set(bodies + re.findall(r"\$(.+?)\$", re.sub(r"\$\$.+?\$\$", "", text, flags=re.S))))


PLAIN = ["2 asin(h/2)/h", "1 - ah", "e^(-ah)", "x/(1-theta)^2", "1 - h + h^2/2 - h^3/6 + h^4/24",
         "2 (x(1) - y) x(1)", "x_new = x_old / (1 + z)", "2/lambda", "|1 - z| < 1",
         "z* = x / (1 - theta)", "z_k - z* = theta^k (z0 - z*)", "dx/dt = -2x", "0.5 x 1.25^40"]
ALPHABET = "\\{}[]()^_|,.=<>+-*/' 0123456789abcdehxyzKSTL" + "".join(
    ["\\frac", "\\sum", "\\prod", "\\left.", "\\right|", "\\Vert", "\\mathrm{Var}", "\\tilde",
     "\\beta", "\\ast", "\\int", "\\mid", "\\text{a b}", "\\sqrt", "\\log", "\\max_j", "e^", "**"])
TOKENS = st.sampled_from(["\\frac", "\\sum", "\\prod", "\\left.", "\\right|", "\\Vert", "\\mathrm{Var}",
                          "\\tilde", "\\beta ", "{\\ast }", "\\int_0^1", "\\,dt", "\\mid", "\\text{(x)}",
                          "\\sqrt", "\\log", "\\max_j", "e^", "{", "}", "(", ")", "|", "^", "_", "x",
                          "2", "0.5", "=", "\\le ", ",", "\\quad", "d", "/", "\\partial ", "-", "'",
                          "{)}", "\\mathsf{T}", "1_{a=y}", "asin(", "theta", "z*", "x0", " x "])


def _mangle(text: str, edits: list[tuple[int, int, int]]) -> str:
    for kind, pos, other in edits:
        if not text:
            break
        p, q = pos % len(text), other % len(text)
        if kind == 0:
            text = text[:p] + text[p + 1:]
        elif kind == 1:
            text = text[:p] + text[p] + text[p:]
        elif kind == 2:
            chars = list(text)
            chars[p], chars[q] = chars[q], chars[p]
            text = "".join(chars)
        else:
            text = text[:p]
    return text


MANGLED = st.builds(_mangle, st.deferred(lambda: st.sampled_from(note_math() + PLAIN)),
                    st.lists(st.tuples(st.integers(0, 3), st.integers(0, 10**6), st.integers(0, 10**6)),
                             max_size=4))
RANDOM = st.text(alphabet=st.sampled_from(list(ALPHABET)), max_size=60)
SPLICED = st.lists(TOKENS, max_size=25).map("".join)
ANY_TEXT = st.one_of(MANGLED, RANDOM, SPLICED, st.text(max_size=40))


def _read_safely(reader, text: str, **kw) -> None:
    start = time.perf_counter()
    try:
        parts = reader(text, **kw)
    except FormulaError:
        pass
    else:
        assert isinstance(parts, tuple) and parts
        assert all(isinstance(p, (Relation, sympy.Basic)) for p in parts)
    assert time.perf_counter() - start < 2.0, f"slow read of {text!r}"


FUZZ = settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck))


@pytest.mark.slow
@FUZZ
@given(ANY_TEXT)
def test_latex_reader_raises_only_formula_error(text):
    _read_safely(read_latex, text, functions=("f", "h", "x", "a"))


@pytest.mark.slow
@FUZZ
@given(ANY_TEXT)
def test_plain_reader_raises_only_formula_error(text):
    _read_safely(read_plain, text, functions=("x",))


@pytest.mark.slow
@FUZZ
@given(ANY_TEXT, st.dictionaries(st.sampled_from(["\\Delta s", "a_{\\ast }", "x", "ah", "rate", "{", "\\"]),
                                 st.sampled_from(["ds", "a_star", "x0", "lam", "bad name", ""]), max_size=3))
def test_symbol_tables_never_crash(text, table):
    _read_safely(read_latex, text, symbols=table)
    _read_safely(read_plain, text, symbols=table)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 400))
def test_deep_nesting_is_refused_not_crashing(depth):
    for text in ("(" * depth + "x" + ")" * depth, "{" * depth + "x" + "}" * depth,
                 "\\frac{" * depth + "x" + "}{2}" * depth, "x^" * depth + "2",
                 "|" * depth + "x" + "|" * depth, "\\sqrt{" * depth + "2" + "}" * depth):
        _read_safely(read_latex, text)
        _read_safely(read_plain, text.replace("\\frac{", "(").replace("}{2}", ")/2"))
