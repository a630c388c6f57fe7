"""Every command line the README and the --help epilogs show runs (exit 0 or 1, never 2 and
never a traceback). Its own module: the runs are forks of the test process (tests/forked.py) and
must not inherit test_show_check.py's module-wide monkeypatch of load_project."""
from __future__ import annotations

import pytest

from tests.cli.test_show_check import _shown_command_lines
from tests.helpers import copy_project


@pytest.mark.slow
def test_every_shown_command_line_runs(tmp_path, report_cache):
    """Each command line of README.md and of every --help epilog exits 0 or 1 (never 2), run in a
    throw-away git copy of the project (so `report` writes there and `--base HEAD~1` exists), in
    order, each a fork of this warm process (tests/forked.py)."""
    import shutil
    import subprocess

    from tests.forked import run_forked
    project = copy_project(tmp_path / "project")
    shutil.copytree(report_cache, project / ".noteproof-cache")
    git = ["git", "-c", "user.name=t", "-c", "user.email=t@t", "-c", "commit.gpgsign=false"]
    subprocess.run(["git", "init", "-q"], cwd=project, check=True)
    subprocess.run(git + ["add", "claims.yaml", "notes", "derivations", "numerics"], cwd=project, check=True)
    subprocess.run(git + ["commit", "-qm", "a"], cwd=project, check=True)
    subprocess.run(git + ["commit", "-q", "--allow-empty", "-m", "b"], cwd=project, check=True)
    lines = _shown_command_lines()
    assert len(lines) >= 10 and ["report"] in lines
    for args, run in zip(lines, run_forked([(args, project) for args in lines], parallel=1)):
        assert run.code in (0, 1), (args, run.stderr[-2000:])
        assert "Traceback" not in run.stderr, (args, run.stderr[-2000:])
