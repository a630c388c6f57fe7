"""README, "Adding a note" (issue 25, item 5), run as written: its shell commands and its YAML,
taken from between the README's ``tutorial`` markers, in a copy of the project, each command
with the exit status its comment states."""
from __future__ import annotations

import json
import re
import shlex
import shutil
import subprocess

from tests.forked import run_cli
from tests.helpers import ROOT, CliRun

BLOCK = re.compile(r"<!-- tutorial: (\w+) -->\n( *)```\w*\n(.*?)\n *```\n *<!-- /tutorial -->", re.S)


def tutorial(text: str) -> list[tuple[str, str]]:
    """(kind, body) of each marked block in order, its list-item indentation removed."""
    blocks = []
    for kind, indent, body in BLOCK.findall(text):
        lines = [line[len(indent):] if line.startswith(indent) else line for line in body.split("\n")]
        blocks.append((kind, "\n".join(lines) + "\n"))
    return blocks


def run_line(line: str, cwd) -> tuple[str, CliRun, int]:
    """One command of a shell block, and the exit status its ``# exit N`` comment expects."""
    command, _, comment = line.partition("#")
    expected = int(re.search(r"exit (\d+)", comment).group(1)) if "exit" in comment else 0
    words = shlex.split(command)
    if words[0] == "noteproof":
        return command.strip(), run_cli(*words[1:], cwd=cwd, timeout=120), expected
    proc = subprocess.run(words, cwd=cwd, capture_output=True, text=True, timeout=60)
    return command.strip(), CliRun(proc.returncode, proc.stdout, proc.stderr), expected


def test_the_tutorial_blocks_are_found():
    kinds = [k for k, _ in tutorial((ROOT / "README.md").read_text(encoding="utf-8"))]
    assert kinds == ["shell", "shell", "notes", "claims", "shell"]


def test_adding_a_note_runs_as_written(cached_project):
    project = cached_project          # the claims of the other notes are read from the report's cache
    (project / "tests" / "samples").mkdir(parents=True)
    shutil.copy(ROOT / "tests" / "samples" / "week11.md", project / "tests" / "samples")
    runs: list[tuple[str, CliRun]] = []
    claims = project / "claims.yaml"
    for kind, body in tutorial((ROOT / "README.md").read_text(encoding="utf-8")):
        if kind == "shell":
            for line in filter(str.strip, body.splitlines()):
                command, run, expected = run_line(line, project)
                assert "Traceback" not in run.stderr, run.stderr
                assert run.code == expected, (command, run.code, run.stdout[-2000:], run.stderr[-2000:])
                runs.append((command, run))
        elif kind == "notes":
            text = claims.read_text(encoding="utf-8")
            assert "\nnotes:\n" in text
            claims.write_text(text.replace("\nnotes:\n", "\nnotes:\n" + body, 1), encoding="utf-8")
        else:
            text = claims.read_text(encoding="utf-8")
            claims.write_text(text.rstrip("\n") + "\n" + body, encoding="utf-8")
    first, stubs, again, show, check = [r for c, r in runs if c.startswith("noteproof")]
    assert "notes/week11.md: note not registered" in first.stderr
    assert "not encoded notes/week11.md:31: Step factor $1-\\eta a$ per step" in first.stdout
    assert "1 − 0.3×2 is 0.4, not 0.5" in first.stdout
    assert "#  week11:" in stubs.stdout and stubs.stdout.count("  - id: w11.") == 5
    assert "not registered" not in again.stderr
    doc = json.loads((project / "report" / "claims.json").read_text(encoding="utf-8"))
    got = {c["id"]: c["outcome"] for c in doc["claims"] if c["note"] == "week11"}
    assert got == {"w11.step-factor": "verified", "w11.convergence": "verified", "w11.fastest": "verified",
                   "w11.larger-rates": "failed", "w11.converge-at-two": "failed"}
    assert "1 < 1 does not hold" in show.stdout and "verdict: failed" in show.stdout
    assert "verdict at these values: verified" in check.stdout


def test_a_wrong_exit_status_in_the_tutorial_would_fail(project):
    _, run, expected = run_line("noteproof scan notes/week09.txt   # exit 1", project)
    assert run.code != expected
