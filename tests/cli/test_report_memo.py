"""The report's memo (report.memo): a report whose inputs and outputs have not changed prints
what it printed and writes nothing; any change to a note, claims.yaml, notes/, the content,
the options or a written file is judged and rendered again."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from noteproof.model import Location, SourceWarning
from noteproof.report import memo
from noteproof.report.summary import Line, SummaryView
from tests.forked import run_forked
from tests.helpers import edit

pytestmark = pytest.mark.slow   # CLI runs (forked from the warm test process)

FILES = ("claims.md", "claims.json", "claims.html")


def report(root: Path, *args: str):
    [run] = run_forked([(["report", "--out", str(root / "out"), *args], root)])
    return run


def stamps(root: Path) -> dict[str, int]:
    """Each written file's inode: a report that writes a file replaces it (an atomic rename)."""
    return {name: (root / "out" / name).stat().st_ino for name in FILES}


@pytest.fixture
def remembered(cached_project: Path):
    """A project copy whose report has run once (and so is remembered), and that first run."""
    first = report(cached_project)
    assert first.code == 1 and "23 failing checks" in first.stdout, first.stderr[-2000:]
    assert list((cached_project / ".noteproof-cache" / memo.FOLDER).glob("*.json"))
    return cached_project, first


def test_an_unchanged_report_prints_the_same_and_writes_nothing(remembered):
    root, first = remembered
    before = stamps(root)
    again = report(root)
    assert (again.code, again.stdout, again.stderr) == (first.code, first.stdout, first.stderr)
    assert stamps(root) == before
    check = report(root, "--check")
    assert check.code == 0 and "out/ is up to date (84 claims)" in check.stdout, check.stdout + check.stderr


@pytest.mark.parametrize("change", ["note", "registry", "content", "new note", "written file", "dps"])
def test_any_change_is_judged_and_rendered_again(remembered, change):
    root, first = remembered
    before = stamps(root)
    args: tuple[str, ...] = ()
    if change == "note":      # a number no longer its value: a new failing check
        edit(root / "notes" / "week09.txt", r"2^{-10}\simeq 0.000977", r"2^{-10}\simeq 0.000987")
    elif change == "registry":
        (root / "claims.yaml").write_text((root / "claims.yaml").read_text(encoding="utf-8") + "\n# a comment\n",
                                          encoding="utf-8")
    elif change == "content":
        path = next((root / "derivations").glob("*.py"))
        path.write_text(path.read_text(encoding="utf-8") + "\n# a comment\n", encoding="utf-8")
    elif change == "new note":
        (root / "notes" / "week11.txt").write_text("Week 11\n\nNothing yet.\n", encoding="utf-8")
    elif change == "written file":
        (root / "out" / "claims.md").write_text("edited by hand\n", encoding="utf-8")
    else:
        args = ("--dps", "60")
    again = report(root, *args)
    assert stamps(root) != before, "nothing was written: the memo was used"
    assert (root / "out" / "claims.md").read_text(encoding="utf-8") != "edited by hand\n"
    if change == "note":
        assert again.stdout != first.stdout and "new failing check" in again.stdout, again.stdout[-3000:]
    if change == "new note":
        assert "notes/week11.txt" in again.stderr and "not registered" in again.stderr, again.stderr


def test_check_after_a_written_file_changed_says_it_is_stale(remembered):
    root, _ = remembered
    (root / "out" / "claims.json").write_text("{}\n", encoding="utf-8")
    check = report(root, "--check")
    assert check.code == 1 and "claims.json" in check.stderr, check.stdout + check.stderr


def test_without_the_cache_nothing_is_remembered(cached_project: Path):
    kept = cached_project / ".noteproof-cache" / memo.FOLDER   # (the copied cache's: another folder's report)
    before = sorted(kept.glob("*.json"))
    run = report(cached_project, "--no-cache", "--jobs", "2")
    assert run.code == 1, run.stderr[-2000:]
    assert sorted(kept.glob("*.json")) == before


# ---------------------------------------------------------------- the memo, in process

VIEW = SummaryView((("w09.x", "week09", "exact", "verified"),),
                   (Line("erratum", "notes/week09.txt:3: wrong: β"), Line("", "  suggestion: x"),
                    Line("w09.x", "does not hold", "failed"), Line("unchecked number", "notes/week09.txt:4: 3", warning=True)),
                   {"claims": 1, "unregistered": []}, False)


def test_the_summary_round_trips_and_refuses_what_it_did_not_write():
    assert SummaryView.from_json(json.loads(json.dumps(VIEW.to_json()))) == VIEW
    for bad in ({}, {**VIEW.to_json(), "ok": 1}, {**VIEW.to_json(), "rows": [["a", "b", "c"]]},
                {**VIEW.to_json(), "lines": [[1, "b", "", ""]]}, {**VIEW.to_json(), "lines": [["a", "b", ""]]}):
        with pytest.raises(ValueError):
            SummaryView.from_json(bad)


def _kept(tmp_path: Path) -> tuple[Path, Path, dict]:
    root, out = tmp_path / "p", tmp_path / "p" / "out"
    (root / "notes").mkdir(parents=True)
    (root / "claims.yaml").write_text("notes: {}\n", encoding="utf-8")
    (root / "notes" / "a.txt").write_text("A\n", encoding="utf-8")
    out.mkdir()
    (out / "claims.md").write_text("# report\n", encoding="utf-8")
    base = {"schema": "s", "source": "abc", "dps": 50}
    warning = SourceWarning(Location("notes/a.txt", 1, 2), "a warning")
    memo.remember(root, out, base, ["notes/a.txt"], (warning,), {"claims.md": "# report\n"}, VIEW)
    return root, out, base


def test_a_memo_is_recalled_only_while_everything_is_as_recorded(tmp_path):
    root, out, base = _kept(tmp_path)
    recalled = memo.recall(root, out, base)
    assert recalled is not None and recalled.view == VIEW
    assert recalled.warnings == (SourceWarning(Location("notes/a.txt", 1, 2), "a warning"),)
    assert memo.recall(root, out, {**base, "dps": 60}) is None            # another precision, engine, ...
    assert memo.recall(root, tmp_path / "elsewhere", base) is None        # another output folder
    (root / "notes" / "a.txt").write_text("B\n", encoding="utf-8")
    assert memo.recall(root, out, base) is None


@pytest.mark.parametrize("spoil", ["garbage", "truncated", "schema", "missing output", "listing"])
def test_a_spoilt_memo_or_a_changed_folder_is_a_miss(tmp_path, spoil):
    root, out, base = _kept(tmp_path)
    [path] = (root / ".noteproof-cache" / memo.FOLDER).glob("*.json")
    text = path.read_text(encoding="utf-8")
    if spoil == "garbage":
        path.write_bytes(b"\x80not json")
    elif spoil == "truncated":
        path.write_text(text[: len(text) // 2], encoding="utf-8")
    elif spoil == "schema":
        path.write_text(text.replace(memo.SCHEMA, "noteproof-report-memo/0"), encoding="utf-8")
    elif spoil == "missing output":
        (out / "claims.md").unlink()
    else:
        (root / "notes" / "b.md").write_text("B\n", encoding="utf-8")
    assert memo.recall(root, out, base) is None
