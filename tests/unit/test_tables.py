"""The status table in the formats authors write (sources.tables): headings in any case, with
or without Markdown markers, tab-separated or pipe tables; near misses are located warnings."""
from __future__ import annotations

import pytest

from noteproof.errors import NoteError
from noteproof.sources.notes import Note, table_rows
from noteproof.sources.tables import pipe_cells, table_warnings
from tests.helpers import ROOT

SAMPLE = (ROOT / "tests" / "samples" / "week11.md").read_text(encoding="utf-8")
PIPE_HEADER = "| Claim | Status |\n|---|---|\n"
TAB_TABLE = ("Claim\tStatus\nStep factor $1-\\eta a$ per step\t[Exact]\n"
             "At $\\eta a=2$ the iterates converge\t[Exact]\n")


def rows_of(text: str) -> list[tuple[str, str, int]]:
    return [(r.text, r.tag, r.location.line) for r in table_rows(Note("w.md", text))]


def warnings_of(text: str) -> list[tuple[int, str]]:
    return [(w.location.line, w.message) for w in table_warnings("w.md", text.split("\n"))]


def test_the_sample_s_pipe_table_has_five_rows_at_their_lines():
    rows = rows_of(SAMPLE)
    assert len(rows) == 5
    assert rows[0] == ("Step factor $1-\\eta a$ per step", "[Exact]", 31)
    assert rows[3] == ("Larger learning rates are usually better", "[Approximation]", 34)
    assert warnings_of(SAMPLE) == []


@pytest.mark.parametrize("heading", ["Key claims and status", "## Key claims and status", "# KEY CLAIMS AND STATUS",
                                     "### Key Claims and Status ###", "Key claims and status:", "**Key claims and status**",
                                     "Key Claims and Status\n---------------------"])
@pytest.mark.parametrize("table", [TAB_TABLE, PIPE_HEADER + "| Step factor $1-\\eta a$ per step | [Exact] |\n"
                                   "At $\\eta a=2$ the iterates converge | [Exact]\n"])
def test_any_heading_naming_key_claims_and_status_reads_either_table(heading, table):
    rows = rows_of(f"Intro.\n\n{heading}\n\n{table}\nAfter.\n")
    assert [(t, g) for t, g, _ in rows] == [("Step factor $1-\\eta a$ per step", "[Exact]"),
                                            ("At $\\eta a=2$ the iterates converge", "[Exact]")]


def test_a_bar_inside_math_or_escaped_does_not_part_cells():
    assert pipe_cells("| $|a_i-b_i|\\le \\beta$ for $0<\\beta <1$ | [Exact] |") == \
        ["$|a_i-b_i|\\le \\beta$ for $0<\\beta <1$", "[Exact]"]
    assert pipe_cells("| a \\| b | [Exact] |") == ["a \\| b", "[Exact]"]
    assert pipe_cells("| $$|x|$$ | tag |") == ["$$|x|$$", "tag"]


@pytest.mark.parametrize("heading", ["## Key Claim and Statuses", "Key claims and statues", "Claims and status",
                                     "# Key claims & status"])
def test_a_heading_that_nearly_names_the_table_is_a_located_warning(heading):
    text = SAMPLE.replace("## Key claims and status", heading)
    assert rows_of(text) == []
    found = warnings_of(text)
    assert len(found) == 1
    assert found[0][0] == 27 and "nearly names the status table" in found[0][1] and "not read" in found[0][1]


def test_a_claim_status_table_under_no_heading_is_a_located_warning():
    text = SAMPLE.replace("## Key claims and status\n\n", "")
    assert rows_of(text) == []
    assert warnings_of(text) == [(27, "a 'Claim | Status' table under no 'Key claims and status' heading is not "
                                      "read: put that heading above it")]
    tab = "Intro.\n\n" + TAB_TABLE
    assert [line for line, _ in warnings_of(tab)] == [3]


def test_prose_that_mentions_claims_and_status_is_no_heading():
    text = "The status of each claim below is what the evidence earns, and no more than that.\n"
    assert warnings_of(text) == []
    assert warnings_of(SAMPLE + "\nSee the claims listed above.\n") == []


@pytest.mark.parametrize("edit, line, message", [
    ("| Larger learning rates are usually better | [Approximation] |",
     "| Larger learning rates | are usually better | [Approximation] |", "3 cells, expected 2"),
    ("| Claim | Status |", "| Statement | Status |", "no 'Claim<TAB>Status' header"),
    ("|---|---|\n", "", "no '|---|---|' line"),
])
def test_a_table_under_the_heading_that_cannot_be_read_is_a_located_error(edit, line, message):
    with pytest.raises(NoteError, match=message.replace("|", "\\|")) as err:
        table_rows(Note("w.md", SAMPLE.replace(edit, line)))
    assert err.value.location.path == "w.md" and err.value.location.line in (29, 30, 34)


def test_markdown_math_spans_and_steps_are_read():
    note = Note("w.md", SAMPLE)
    spans = [m.text for m in note.math_spans()]
    assert "x_{k+1}=x_k-\\eta a x_k=(1-\\eta a)x_k ." in spans     # $$...$$ display math
    assert "f(x)=\\frac{a}{2}x^2" in spans
