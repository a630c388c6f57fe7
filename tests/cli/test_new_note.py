"""A note dropped into notes/ that claims.yaml does not list (issue 25): named as unregistered by
every verb, never taken for another note; its first report lists its status rows as not
encoded, judges its worked steps (tests/samples/week11.md: one wrong, 1 - 0.3 x 2 = 0.5) and
decides its self-contained relations (one wrong, (1 - ηa)² = 1 - η²a², at line 39)."""
from __future__ import annotations

import shutil
from pathlib import Path

from noteproof.report.report import unregistered_section
from noteproof.sources.project import load_project
from tests.forked import run_cli
from tests.helpers import ROOT, edit, note_text

SAMPLE = ROOT / "tests" / "samples" / "week11.md"
WRONG = "1 - 0.3 x 2 = 0.5"
WRONG_IDENTITY = "(1-\\eta a)^2=1-\\eta^2a^2"


def drop(project: Path, name: str = "week11.md") -> Path:
    path = project / "notes" / name
    shutil.copy(SAMPLE, path)
    return path


def test_the_first_report_names_the_note_lists_its_rows_and_flags_its_wrong_step(cached_project):
    drop(cached_project)
    run = run_cli("report", "--out", str(cached_project / "out"), cwd=cached_project)
    assert run.code == 1 and "Traceback" not in run.stderr
    assert "noteproof: warning: notes/week11.md: note not registered in claims.yaml" in run.stderr
    import json
    doc = json.loads((cached_project / "out" / "claims.json").read_text(encoding="utf-8"))
    assert doc["summary"]["unregistered"] == ["notes/week11.md"] and doc["summary"]["wrong_steps"] == 1
    note = next(n for n in doc["notes"] if n["note"] == "week11")
    assert note["registered"] is False
    assert [r["location"] for r in note["unencoded_rows"]] == [f"notes/week11.md:{n}" for n in range(31, 36)]
    wrong = [s for s in note["steps"] if s["outcome"] == "failed"]
    assert [(s["step"], s["location"], s["expected"]) for s in wrong] == [(WRONG, "notes/week11.md:22:47", "0.4")]
    assert "not registered: notes/week11.md (1 wrong worked step, 1 wrong relation)" in " ".join(run.stdout.split())
    md = (cached_project / "out" / "claims.md").read_text(encoding="utf-8")
    assert "1 − 0.3×2 is 0.4, not 0.5; it should read 0.4" in md
    assert doc["summary"]["wrong_identities"] == 1
    decided = {(i["printed"], i["location"]): i["verdict"] for i in note["identities"]}
    assert decided[(WRONG_IDENTITY, "notes/week11.md:39:34")] == "wrong"
    assert sorted(decided.values()) == ["holds"] * 4 + ["wrong"]
    assert ("❌ `notes/week11.md:39:34`: `$(1-\\eta a)^2=1-\\eta^2a^2$`: wrong: left side is (−a·η + 1)², right side "
            "is −a²·η² + 1, at a = 1/2, η = 1/3 they differ (25/36 against 35/36)") in md


def test_a_registered_project_s_report_has_no_unregistered_fields(real_report):
    assert "unregistered" not in real_report["summary"]
    assert all("registered" not in n for n in real_report["notes"])


def test_the_right_step_passes_and_the_wrong_one_fails(project):
    path = drop(project)
    section = unregistered_section(load_project(project, unregistered=True), "week11")
    assert [c.link.text for c in section.wrong_steps] == [WRONG]
    edit(path, WRONG, "1 - 0.3 x 2 = 0.4")
    section = unregistered_section(load_project(project, unregistered=True), "week11")
    assert section.wrong_steps == () and len(section.steps) == 3


def test_scan_labels_it_with_its_own_stem_even_when_it_shares_week09_s_text(project):
    (project / "notes" / "week11.txt").write_text(note_text("week09"), encoding="utf-8")
    run = run_cli("scan", "notes/week11.txt", cwd=project)
    assert "Traceback" not in run.stderr
    assert run.stdout.startswith("notes/week11.txt (week11)") and "(week09)" not in run.stdout
    assert "notes/week11.txt: note not registered" in run.stderr
    stubs = run_cli("scan", "notes/week11.txt", "--emit-stubs", cwd=project)
    assert stubs.code == 0
    assert "note: week11" in stubs.stdout and "note: week09" not in stubs.stdout
    assert "- id: w11." in stubs.stdout and "w09." not in stubs.stdout
    assert "#  week11:\n#    file: notes/week11.txt\n" in stubs.stdout


def test_emitted_stubs_with_their_notes_entry_load(project):
    drop(project)
    out = run_cli("scan", "notes/week11.md", "--emit-stubs", cwd=project).stdout
    entry = "\n".join(line[1:] for line in out.split("\n") if line.startswith("#  ") or line.startswith("#    "))
    registry = (project / "claims.yaml").read_text(encoding="utf-8")
    registry = registry.replace("\nnotes:\n", "\nnotes:\n" + entry + "\n", 1) + "\n" + out
    (project / "claims.yaml").write_text(registry, encoding="utf-8")
    listed = run_cli("list", "--note", "week11", "--json", cwd=project)
    assert listed.code == 0, listed.stderr
    assert [c["id"] for c in listed.json["claims"]][:2] == ["w11.step-factor-per-step", "w11.convergence-if-and-only-if"]


def test_audit_of_the_new_note_flags_its_step_and_rows_without_a_traceback(project):
    drop(project)
    run = run_cli("audit", "notes/week11.md", "--json", cwd=project)
    assert run.code == 1 and "Traceback" not in run.stderr
    codes = [(f["code"], f["location"]) for f in run.json["findings"]]
    assert ("NP105", "notes/week11.md:22:47") in codes
    assert sum(c == "NP502" for c, _ in codes) == 5
    assert not any(c == "NP701" for c, _ in codes)    # not every number of a note nothing registers
    assert ("NP206", "notes/week11.md:39:34") in codes and sum(c == "NP206" for c, _ in codes) == 1
    step = next(f for f in run.json["findings"] if f["code"] == "NP105")
    assert step["expected"] == "0.4" and step["quoted"] == "0.5"
    assert any("week11.md: note not registered" in w for w in run.json["warnings"])


def test_near_miss_headings_are_warned_by_scan(project):
    path = drop(project)
    edit(path, "## Key claims and status", "## Key Claim and Statuses")
    run = run_cli("scan", "notes/week11.md", cwd=project)
    assert "noteproof: warning: notes/week11.md:27: heading '## Key Claim and Statuses' nearly names" in run.stderr
    assert "NOT ENCODED" not in run.stdout


def test_a_registered_note_s_wrong_step_is_not_counted_as_the_new_note_s(cached_project):
    """The summary line names each note's wrong steps under its own kind: one in a registered
    note's caption (run.steps.unchecked_wrong_steps), one in the unregistered note."""
    drop(cached_project)
    edit(cached_project / "notes" / "chapter12.txt", "Left: smooth exact decay and zigzag Euler steps.",
         "Left: smooth exact decay and zigzag Euler steps (1 - 1.8 = -0.9).")
    run = run_cli("report", "--out", str(cached_project / "out"), cwd=cached_project)
    assert run.code == 1 and "Traceback" not in run.stderr
    import json
    summary = json.loads((cached_project / "out" / "claims.json").read_text(encoding="utf-8"))["summary"]
    assert (summary["wrong_steps"], summary["unregistered_wrong_steps"]) == (2, 1)
    line = " ".join(run.stdout.split())
    assert "; 1 wrong worked step; not registered: notes/week11.md (1 wrong worked step, 1 wrong relation)" in line
    md = (cached_project / "out" / "claims.md").read_text(encoding="utf-8")
    assert "; 1 wrong worked step; not registered: notes/week11.md (1 wrong worked step, 1 wrong relation)" in md
