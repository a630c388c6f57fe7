"""Shared fixtures: a throw-away copy of the project, and one cold report of the real project
(run once per test session, shared by the pytest-xdist workers) with the result cache it leaves.

Helpers that are plain functions (run_cli, copy_project, edit, make_project...) are in
tests/helpers.py, imported as ``tests.helpers``.
"""
from __future__ import annotations

import fcntl
import json
import os
import shutil
import sys
from pathlib import Path

import pytest
from hypothesis import settings

from tests.helpers import PROJECT_PARTS, copy_project, run_cli

# The CLI runs of the tests reuse compiled bytecode, as an installed tool's runs do (a shell that
# sets PYTHONDONTWRITEBYTECODE would have every run compile the engine and the content again;
# __pycache__/ is ignored by git)
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
sys.dont_write_bytecode = False

# Property tests draw the same examples on every run: a red CI names a change, never a lucky draw
# (HYPOTHESIS_PROFILE=explore draws new ones, to look for counterexamples on purpose).
settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


@pytest.fixture
def project(tmp_path: Path) -> Path:
    """A fresh copy of the project to edit freely."""
    return copy_project(tmp_path / "project")


@pytest.fixture(scope="session")
def reported(request, tmp_path_factory) -> Path:
    """A copy of the project (committed report/ included) on which one cold `noteproof report
    --out out` has run: out/ holds its files and .noteproof-cache/ the results it stored.

    Under pytest-xdist the first worker to get here runs the report and the others wait for it
    and read the same folder (a lock file beside the workers' temporary folders)."""
    base = tmp_path_factory.getbasetemp()
    if hasattr(request.config, "workerinput"):
        base = base.parent            # shared by every worker of this session
    root = base / "reported"
    with open(base / "reported.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        done = root / "DONE"
        if not done.exists():
            if root.exists():
                shutil.rmtree(root)   # a run that failed half-way
            copy_project(root / "project", PROJECT_PARTS + ("report",))
            run = run_cli("report", "--out", str(root / "out"), "--timeout", "600", cwd=root / "project")
            (root / "run.json").write_text(json.dumps({"code": run.code, "stdout": run.stdout,
                                                       "stderr": run.stderr}), encoding="utf-8")
            done.write_text("")
    assert reported_run(root)["code"] in (0, 1), reported_run(root)["stderr"][-2000:]
    return root


def reported_run(root: Path) -> dict:
    """The exit code, stdout and stderr of the shared report's run."""
    return json.loads((root / "run.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def real_report(reported: Path) -> dict:
    """claims.json from one cold `noteproof report --out` run on the real project (shared by tests)."""
    return json.loads((reported / "out" / "claims.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def report_cache(reported: Path) -> Path:
    """The result cache a `noteproof report` of the unedited project leaves (copy it before use)."""
    run = reported_run(reported)
    # exit 1: the claims where the notes are wrong fail, each with an erratum (test_errata.py)
    assert run["code"] in (0, 1) and " 0 errors" in " ".join(run["stdout"].split()), run["stderr"][-2000:]
    return reported / "project" / ".noteproof-cache"


@pytest.fixture
def cached_project(project: Path, report_cache: Path) -> Path:
    """A fresh copy of the project with the report's result cache: claims an edit does not touch
    are read back rather than run (for tests of something other than the cache)."""
    shutil.copytree(report_cache, project / ".noteproof-cache")
    return project
