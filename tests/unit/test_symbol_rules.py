"""README, "Formulas: how LaTeX names become symbols" (issue 25, item 5): every row of its table
is read by the formula reader as the table says, so the page cannot drift from the reader."""
from __future__ import annotations

import re

import pytest
import sympy
import yaml

from noteproof.formula.parser import read_latex
from tests.helpers import ROOT

CODE = re.compile(r"^`(.*)`$")


def table_rows(text: str) -> list[tuple[str, dict, str]]:
    """(printed LaTeX, claims.yaml's extra fields, expected reading) for each row of the table."""
    body = text.split("<!-- symbols: begin -->")[1].split("<!-- symbols: end -->")[0]
    rows = []
    for line in body.splitlines():
        if not line.startswith("| `"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]   # the table's LaTeX has no |
        printed, given, read = (CODE.match(c).group(1) if c else "" for c in cells[:3])
        rows.append((printed, yaml.safe_load("{" + given + "}") if given else {}, read))
    return rows


ROWS = table_rows((ROOT / "README.md").read_text(encoding="utf-8"))


def reading(printed: str, given: dict) -> str:
    parts = read_latex(printed, symbols=given.get("symbols"), functions=given.get("functions", ()),
                       operators=given.get("operators", ()))
    return ", ".join(str(p) for p in parts)


def test_the_table_has_its_rules():
    assert len(ROWS) >= 25
    printed = {p for p, _, _ in ROWS}
    assert {"x_{k+1}", "x_k", "a_{\\ast }", "\\Delta s", "2wx(y-1)", "\\dfrac{1}{2}a", "1 − \\eta a"} <= printed


@pytest.mark.parametrize("printed, given, read", ROWS, ids=[f"{i}:{r[0]}" for i, r in enumerate(ROWS)])
def test_each_rule_reads_as_the_page_says(printed, given, read):
    assert reading(printed, given) == read


def test_an_index_and_a_name_are_different_objects():
    (indexed,) = read_latex("x_{k+1}")
    (plain,) = read_latex("x_k")
    assert isinstance(indexed, sympy.Indexed) and indexed.base.label.name == "x"
    assert isinstance(plain, sympy.Symbol) and plain.name == "x_k" and plain.is_real


def test_a_wrong_row_would_fail():
    assert reading("\\Delta s", {}) != "Delta_s"
    assert reading("A\\Sigma +\\Sigma A", {}) != reading("A\\Sigma +\\Sigma A", {"operators": ["A", "Sigma"]})
    broken = table_rows("<!-- symbols: begin -->\n| `x_k` | | `x[k]` | wrong |\n<!-- symbols: end -->")
    assert [reading(p, g) == r for p, g, r in broken] == [False]
