"""The terminal: `list` shows each claim's outcome in the last report, `report --check` prints
only what is stale, and output piped to a file is not wrapped mid-sentence. On the mini project
(tests/helpers.make_project), whose two claims run in a second."""
from __future__ import annotations

import json

import pytest

from tests.helpers import NOTE, cli, make_project


@pytest.fixture
def mini(tmp_path):
    root = make_project(tmp_path / "mini")
    assert cli(root, "report", "--jobs", "1").returncode == 0
    return root


def test_list_shows_the_outcome_of_the_last_report(tmp_path, mini):
    fresh = make_project(tmp_path / "fresh")     # never reported: the outcome is unknown
    listed = json.loads(cli(fresh, "list", "--json").stdout)["claims"]
    assert [c["outcome"] for c in listed] == [None, None]
    assert " - " in cli(fresh, "list").stdout
    path = mini / "report" / "claims.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["claims"][1]["outcome"] = "failed"       # what the last report said, whatever it was
    path.write_text(json.dumps(doc), encoding="utf-8")
    listed = json.loads(cli(mini, "list", "--json").stdout)["claims"]
    assert [(c["id"], c["outcome"]) for c in listed] == [("mini.ten-halvings", "verified"),
                                                         ("mini.three-halvings", "failed")]
    table = cli(mini, "list").stdout
    assert "last report" in table
    assert [line.split("│")[4].strip() for line in table.splitlines() if "mini." in line] == ["verified", "failed"]


def test_report_check_prints_only_what_is_stale(mini):
    current = cli(mini, "report", "--check")
    assert current.returncode == 0
    assert current.stdout == "noteproof: report/ is up to date (2 claims)\n" and current.stderr == ""
    path = mini / "report" / "claims.json"
    doc = json.loads(path.read_text(encoding="utf-8"))
    doc["claims"][1]["outcome"] = "failed"
    path.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    stale = cli(mini, "report", "--check")
    assert stale.returncode == 1 and stale.stdout == "", stale.stdout   # no summary table
    assert stale.stderr.splitlines() == [
        "noteproof: report/ is stale: claims.json differ; run `noteproof report`",
        "  mini.three-halvings: failed -> verified"]


def test_piped_output_is_not_wrapped_mid_sentence(tmp_path):
    """No COLUMNS, stdout a pipe: a long row stays on one line of the `list` table."""
    long_row = "Three halvings give one eighth of the start, whatever the start was, as the note says twice"
    root = make_project(tmp_path / "wide", note=NOTE.replace("Three halvings give one eighth\t", long_row + "\t"))
    (root / "claims.yaml").write_text((root / "claims.yaml").read_text(encoding="utf-8").replace(
        'row: "Three halvings give one eighth"', f'row: "{long_row}"'), encoding="utf-8")
    out = cli(root, "list", env={"COLUMNS": ""}).stdout
    assert any(long_row in line for line in out.splitlines()), out


def test_text_from_data_is_never_read_as_markup(tmp_path):
    """A row holding rich markup and an emoji code prints as written, and a location whose line
    is 100 (``:100:``) stays a location, not an emoji; the wrong reading would be caught."""
    row = "Three halvings give [bold]one[/bold] eighth :thumbs_up: [/]"
    root = make_project(tmp_path / "markup", note=NOTE.replace("Three halvings give one eighth\t", row + "\t"))
    (root / "claims.yaml").write_text((root / "claims.yaml").read_text(encoding="utf-8").replace(
        'row: "Three halvings give one eighth"', f'row: "{row}"'), encoding="utf-8")
    shown = cli(root, "show", "mini.three-halvings")
    assert shown.returncode == 0, shown.stderr
    assert row in shown.stdout and "\U0001f44d" not in shown.stdout
    assert row in cli(root, "list").stdout
    import io

    from rich.console import Console

    from noteproof.cli.terminal import console
    plain, ours = Console(file=io.StringIO()), console()
    ours.file = io.StringIO()
    for c in (plain, ours):
        c.print("notes/week10.txt:100:163")
    assert "\U0001f4af" in plain.file.getvalue()    # rich's default would draw it
    assert ours.file.getvalue().strip() == "notes/week10.txt:100:163"


def test_a_location_at_line_100_is_printed_as_itself():
    from tests.helpers import run_cli
    out = run_cli("show", "w10.shared-parameter").stdout
    assert "notes/week10.txt:100:163" in out and "\U0001f4af" not in out


def test_a_warning_is_drawn_yellow_and_a_failure_red(monkeypatch):
    """A number nothing checks is a warning (it fails nothing): its label is bold yellow; an
    erratum's is bold red."""
    import io

    from rich.console import Console

    from noteproof.cli import terminal
    from noteproof.report.summary import Line, SummaryView
    screen = Console(file=io.StringIO(), force_terminal=True, color_system="standard", width=200)
    monkeypatch.setattr(terminal, "console", lambda stderr=False: screen)
    counts = {"claims": 0, "verified": 0, "partly_verified": 0, "failed": 0, "errata": 1, "errors": 0,
              "unverified": 0, "unaccounted_math": 0, "unaccounted_numbers": 1}
    terminal.print_summary(SummaryView((), (Line("erratum", "notes/a.txt:1: false"),
                                            Line("unchecked number", "notes/a.txt:2: 3", warning=True)), counts, False))
    out = screen.file.getvalue()
    assert "\x1b[1;31merratum" in out and "\x1b[1;33munchecked number" in out, repr(out)
