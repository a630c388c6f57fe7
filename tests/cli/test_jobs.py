"""--jobs N: the same report, byte for byte, whatever the number of workers, the hash seed
and whether results were run or read from the cache."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from tests.helpers import ROOT, cli, make_project, report_files


def runs(root: Path, out: Path) -> list[tuple[str, dict[str, bytes], str, int]]:
    """The report under four regimes: no cache --jobs 1 / --jobs 2, cold cache, warm cache."""
    plan = [("nocache-j1", ["--no-cache", "--jobs", "1"], "0"),
            ("nocache-j2", ["--no-cache", "--jobs", "2"], "1"),
            ("cold-j2", ["--jobs", "2"], "2"),
            ("warm-j1", ["--jobs", "1"], "3")]
    done = []
    for name, args, seed in plan:
        # wide enough that the summary line, which names the folder, never wraps (the folders'
        # names differ in length, and so do temporary paths, e.g. under pytest-xdist)
        proc = cli(root, "report", "--out", str(out / name), *args, env={"PYTHONHASHSEED": seed, "COLUMNS": "1000"})
        assert proc.returncode in (0, 1), proc.stderr
        done.append((name, report_files(out / name), proc.stdout.replace(name, "OUT"), proc.returncode))
    return done


def assert_identical(done) -> None:
    first_name, files, stdout, code = done[0]
    for name, other, other_stdout, other_code in done[1:]:
        for fname in files:
            assert other[fname] == files[fname], f"{fname} differs between {first_name} and {name}"
        assert other_stdout == stdout, f"terminal output differs between {first_name} and {name}"
        assert other_code == code


@pytest.mark.slow
def test_mini_project_is_identical_across_jobs_seeds_and_cache(tmp_path):
    root = make_project(tmp_path / "mini")
    assert_identical(runs(root, tmp_path))


@pytest.mark.slow
def test_real_claims_are_identical_across_jobs_seeds_and_cache(tmp_path):
    """A few real claims with derived forms (SymPy's output is where hash order could leak)."""
    root = tmp_path / "project"
    root.mkdir()
    for part in ("notes", "derivations", "numerics"):
        shutil.copytree(ROOT / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    data = yaml.safe_load((ROOT / "claims.yaml").read_text(encoding="utf-8"))
    picked, per_note = [], {}
    for claim in data["claims"]:
        if claim.get("formulas") and not claim.get("uses") and not claim.get("figures") \
                and per_note.get(claim["note"], 0) < 1:
            picked.append(claim)
            per_note[claim["note"]] = per_note.get(claim["note"], 0) + 1
    if len(picked) < 2:
        pytest.skip("the registry has too few claims with formulas yet")
    data["claims"] = picked
    (root / "claims.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    assert_identical(runs(root, tmp_path))
