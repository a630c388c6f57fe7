"""Shared fixtures: the real project, a throw-away copy of it, and the real CLI."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PROJECT_PARTS = ("claims.yaml", "notes", "derivations", "numerics")


@dataclass(frozen=True)
class CliRun:
    code: int
    stdout: str
    stderr: str

    @property
    def json(self):
        return json.loads(self.stdout)


def run_cli(*args: str, cwd: Path = ROOT, timeout: float = 600, env: dict | None = None) -> CliRun:
    """Run the real `noteproof` command line in a subprocess."""
    full_env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200", **(env or {})}
    proc = subprocess.run([sys.executable, "-m", "noteproof", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout, env=full_env)
    return CliRun(proc.returncode, proc.stdout, proc.stderr)


def copy_project(dest: Path, parts: tuple[str, ...] = PROJECT_PARTS) -> Path:
    """A copy of the project's registry, notes and content under ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    for part in parts:
        src = ROOT / part
        if src.is_dir():
            shutil.copytree(src, dest / part, ignore=shutil.ignore_patterns("__pycache__"))
        elif src.exists():
            shutil.copy2(src, dest / part)
    return dest


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace ``old`` by ``new`` in a file, insisting that ``old`` occurs."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A fresh copy of the project to edit freely."""
    return copy_project(tmp_path / "project")


@pytest.fixture(scope="session")
def real_report() -> dict:
    """claims.json from one `noteproof report --out` run on the real project (shared by tests)."""
    import tempfile
    out = Path(tempfile.mkdtemp(prefix="noteproof-report-"))
    run = run_cli("report", "--out", str(out))
    assert run.code in (0, 1), run.stderr
    return json.loads((out / "claims.json").read_text(encoding="utf-8"))
