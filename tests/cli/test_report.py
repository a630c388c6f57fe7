"""The report end to end on the real notes."""
import json
import shutil

import pytest

from noteproof.sources.notes import read_note, table_rows
from tests.forked import run_cli
from tests.helpers import ROOT

ILLUSTRATIONS = [f"c12.d0{i}." for i in range(1, 9)]


def table(name):
    return table_rows(read_note(ROOT / "notes" / f"{name}.txt", f"notes/{name}.txt"))


@pytest.mark.slow
def test_every_status_table_row_is_a_claim_with_its_tag_verbatim(real_report):
    by_row = {(c["note"], c["row"]): c for c in real_report["claims"]}
    for name in ("week09", "week10"):
        rows = table(name)
        assert len(rows) == 8
        for row in rows:
            claim = by_row[(name, row.text)]
            assert claim["tag"] == row.tag
            assert claim["location"].startswith(f"{row.location}:")
    assert real_report["summary"]["unencoded_rows"] == 0


@pytest.mark.parametrize("prefix", ILLUSTRATIONS)
def test_every_illustration_has_claims(real_report, prefix):
    assert any(c["id"].startswith(prefix) for c in real_report["claims"])


def test_every_claim_is_verified_but_the_errata(real_report):
    """Only the claims where the note is wrong fail, each with an erratum; a claim that uses
    one of them fails only by the weakest-link rule (its messages name that upstream claim)."""
    with_errata = {e["claim"] for e in real_report["errata"]}
    failed = {c["id"]: c for c in real_report["claims"] if c["outcome"] not in ("verified", "partly verified")}
    for cid, c in failed.items():
        if cid in with_errata:
            assert c["errata"], cid
            continue
        own = [m for m in c["messages"] if not m.startswith("partly verified")]
        assert own and all(m.startswith("upstream ") and m.split()[1] in with_errata for m in own), (cid, own)
    assert with_errata <= set(failed)


def test_the_summary_counts_add_up(real_report):
    s = real_report["summary"]
    assert s["claims"] == len(real_report["claims"])
    assert s["verified"] + s["partly_verified"] + s["failed"] + s["errors"] + s["unverified"] == s["claims"]
    assert sum(s["by_mark"].values()) == s["claims"]
    assert set(s["by_mark"]) == {"exact", "approximate", "conditional", "proposal"}


def test_the_json_has_the_fields_the_design_names(real_report):
    claim = real_report["claims"][0]
    assert {"id", "note", "row", "tag", "mark", "outcome", "evidence", "numbers", "formulas", "uses"} <= set(claim)
    for c in real_report["claims"]:
        for n in c["numbers"]:
            assert {"quoted", "computed", "dps", "outcome", "location"} <= set(n)
        for f in c["formulas"]:
            assert {"latex", "outcome", "location"} <= set(f)
        for e in c["evidence"]:
            assert {"kind", "statement", "outcome"} <= set(e)


def test_the_committed_report_is_current(reported, tmp_path):
    """report/ as committed against a run on a copy of the project (its cache warm from the shared report)."""
    work = shutil.copytree(reported / "project", tmp_path / "project")
    run = run_cli("report", "--check", cwd=work)
    assert run.code == 0, run.stderr[-2000:]


def test_the_terminal_summary_prints_a_message_s_brackets(cached_project, tmp_path):
    """A message's "[exact]" is text, not terminal markup (it used to vanish)."""
    from tests.helpers import run_cli
    run = run_cli("report", "--out", str(tmp_path / "out"), cwd=cached_project)
    assert "evidence for [exact] reaches" in " ".join(run.stdout.split())


@pytest.mark.slow
def test_the_report_at_1000_digits_judges_as_at_50(real_report, tmp_path):
    """--dps 1000 completes with no error and every claim's outcome and the errata are those at
    the default 50 digits (a comparison rounded to fewer digits than it was computed at, and a
    re-check that compared a rounded factor -1 with 1 exactly, once made two claims differ)."""
    import json
    run = run_cli("report", "--dps", "1000", "--jobs", "2", "--no-cache", "--out", str(tmp_path), timeout=900)
    assert run.code in (0, 1), run.stderr
    high = json.loads((tmp_path / "claims.json").read_text(encoding="utf-8"))
    outcomes = {c["id"]: c["outcome"] for c in high["claims"]}
    assert outcomes == {c["id"]: c["outcome"] for c in real_report["claims"]}
    assert [e["claim"] for e in high["errata"]] == [e["claim"] for e in real_report["errata"]]


def test_a_number_nothing_checks_is_listed_as_a_warning(cached_project, tmp_path):
    """A number the note prints and nothing checks is listed (JSON, Markdown, the terminal's last
    line), as the audit's NP701 is a warning: it does not fail the report."""
    note = cached_project / "notes" / "chapter12.txt"
    note.write_text(note.read_text(encoding="utf-8").replace(
        "A quantity decays smoothly.", "A quantity decays smoothly in 3 ways.", 1), encoding="utf-8")
    run = run_cli("report", "--out", str(tmp_path / "out"), cwd=cached_project)
    doc = json.loads((tmp_path / "out" / "claims.json").read_text(encoding="utf-8"))
    assert doc["summary"]["unaccounted_numbers"] == 1
    [c12] = [n for n in doc["notes"] if n["note"] == "chapter12"]
    assert c12["unaccounted_numbers"] == [{"text": "3", "location": "notes/chapter12.txt:9:31"}]
    assert "1 number checked by nothing" in run.stdout
    assert "⚠️ `notes/chapter12.txt:9:31`: 3" in (tmp_path / "out" / "claims.md").read_text(encoding="utf-8")
