"""`noteproof scan`: what a numeric token is, what covers it, and the scan of the three notes."""
from __future__ import annotations

import pytest
import yaml

from noteproof.sources.coverage import coverage_of, covers, slug, yaml_quote
from noteproof.sources.locate import numeric_tokens
from noteproof.sources.notes import Note
from noteproof.sources.registry import load_registry
from tests.forked import run_cli
from tests.helpers import edit

TOKENS = {
    "Error at time 6: 0.409": ["6", "0.409"],
    "ending at 7,520 times": ["7,520"],
    "x = -0.135 and e^(-2t)": ["-0.135", "-2"],
    "1 - ah and 1-x": ["1", "1"],
    "2026-09-13": ["2026", "09", "13"],
    "v39 EPUB / v43 print": [],
    "Illustration C12-D01, RK4, L2, x0, k1..k4, log10": [],
    "$10^{-6}$ and 10^4": ["10", "-6", "10", "4"],
    "$2^{-10}\\simeq 0.000977$": ["2", "-10", "0.000977"],
    "$\\beta (1-a_{k+1}^2)$ and $p_{n+1/2}$": ["1", "2"],
    "$\\beta =1/2$, 3/4 and 1/16": ["1/2", "3/4", "1/16"],
    "h^4/24 and 1/10^4": ["4", "24", "1", "10", "4"],
    "2/0.004 = 500": ["2", "0.004", "500"],
    "Chapter 12, 12.1.1 The Euler": ["12", "12.1"],
    "(Euler, RK4): 4, 16": ["4", "16"],
    "$(0.207588,-0.207588)$": ["0.207588", "-0.207588"],
    "5% larger, a 100-step solve": ["5", "100"],
    "{\\beta }^{-1}\\log": ["-1"],
}


@pytest.mark.parametrize("text, expected", TOKENS.items())
def test_numeric_tokens(text, expected):
    assert [t.text for t in numeric_tokens(text)] == expected


REGISTRY = """\
notes:
  n: {file: n.txt, labels: [{pattern: "Week \\\\d+", why: "a week number"}]}
claims:
  - id: n.claim
    note: n
    statement: "initial states"
    tag: "[Exact]"
    formulas:
      - {latex: "(1-a_{k+1}^2)", derivation: n.d}
    quotes:
      - {snippet: "For $\\\\beta =1/2$", number: "1/2", input: "the coupling"}
      - {snippet: "\\\\simeq 0.000977", number: "0.000977", numeric: n.separation}
"""


def test_a_quote_covers_its_number_a_formula_its_digits_a_label_its_match(tmp_path):
    (tmp_path / "claims.yaml").write_text(REGISTRY, encoding="utf-8")
    reg = load_registry(tmp_path / "claims.yaml")
    text = "For $\\beta =1/2$, initial states $2^{-10}\\simeq 0.000977$ and $(1-a_{k+1}^2)$, Week 6, 7.\n"
    spans = covers(Note("n.txt", text), reg.claims, reg.notes["n"])
    got = [(t.text, coverage_of(t, spans)) for t in numeric_tokens(text)]
    assert got == [("1/2", ("input", "n.claim: the coupling")), ("2", ("unaccounted", "")),
                   ("-10", ("unaccounted", "")), ("0.000977", ("check", "n.separation")), ("1", ("check", "n.d")),
                   ("2", ("check", "n.d")), ("6", ("label", "a week number")), ("7", ("unaccounted", ""))]


def test_stub_helpers():
    assert slug("Response $1/(1-\\beta )$ at the origin for constant input") == "response-at-the-origin-for"
    assert yaml.safe_load(yaml_quote('a "b" \\frac\tc')) == 'a "b" \\frac\tc'


@pytest.fixture(scope="module")
def scan_doc():
    run = run_cli("scan", "--json")
    assert run.code in (0, 1), run.stderr
    return run.json


def test_scan_json_document(scan_doc):
    assert set(scan_doc) == {"notes", "summary"}
    assert {"rows", "numbers", "unaccounted"} <= set(scan_doc["summary"])
    paths = [n["path"] for n in scan_doc["notes"]]
    assert paths == ["notes/week09.txt", "notes/week10.txt", "notes/chapter12.txt"]
    for note in scan_doc["notes"]:
        for row in note["rows"]:
            assert set(row) == {"row", "tag", "claim", "location"}
        for n in note["numbers"]:
            assert set(n) == {"text", "location", "coverage", "by"}
            assert n["coverage"] in ("check", "input", "label", "unaccounted")
    week09 = scan_doc["notes"][0]
    # the eight status-table rows, and the statement claims on the implicit-differentiation sentence
    # and on the summary's contraction item
    assert len([r for r in week09["rows"] if r["claim"]]) == 10
    assert "w09.fixed-point-slope-formula" in {r["claim"] for r in week09["rows"]}


def test_every_row_is_encoded(scan_doc):
    assert [r for n in scan_doc["notes"] for r in n["rows"] if not r["claim"]] == []


def test_every_number_of_the_three_notes_is_covered(scan_doc):
    lost = [f"{n['location']} {n['text']}" for note in scan_doc["notes"] for n in note["numbers"]
            if n["coverage"] == "unaccounted"]
    assert lost == [], "a number nothing covers (register it, or label it)"
    assert scan_doc["summary"]["unaccounted"] == 0


def test_a_quoted_number_is_found_as_a_whole_token():
    from noteproof.sources.notes import number_offset
    assert number_offset("starting at z0 = 0", "0") == 17
    assert number_offset("1.25^2 and 1 more", "1") == 11
    assert number_offset("x 10 and 0", "0") == 9


def test_emit_stubs_for_an_unencoded_row(project):
    note = project / "notes" / "week09.txt"
    edit(note, "Descent inequality at fixed current input\t",
         "Recurrence always improves memory\t[Exact] by \"fiat\"\nDescent inequality at fixed current input\t")
    run = run_cli("scan", "notes/week09.txt", "--emit-stubs", cwd=project)
    assert run.code == 0, run.stderr
    entry = yaml.safe_load(run.stdout)
    assert entry == [{"id": "w09.recurrence-always-improves-memory", "note": "week09",
                      "row": "Recurrence always improves memory", "tag": '[Exact] by "fiat"', "status": ["exact"],
                      "derivation": "w09.recurrence-always-improves-memory"}]
    scan = run_cli("scan", "notes/week09.txt", "--json", cwd=project)
    assert scan.code == 1
    assert [r["row"] for r in scan.json["notes"][0]["rows"] if r["claim"] is None] == ["Recurrence always improves memory"]


def test_scan_of_a_missing_file_is_bad_input():
    run = run_cli("scan", "no/such/week11.txt")
    assert run.code == 2
    assert run.stderr.startswith("noteproof: error: no/such/week11.txt")
