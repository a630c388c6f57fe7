"""--jobs N: the same report, byte for byte, whatever the number of workers, the hash seed
and whether results were run or read from the cache."""
from __future__ import annotations

import io
import json
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


# ---- issue 16: bounded workers (memory) and a bounded `check` (time) -----------------------------

BIG = 1 << 34   # 16 GB of address space: past any limit these tests set


def vm_mb() -> int:
    """This process's address space in MB (what a forked worker starts with)."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) // 1024
    pytest.skip("no /proc/self/status: RLIMIT_AS is measured on Linux")


def allocate(n: int) -> int:
    return len(bytearray(n))


def test_a_worker_past_its_memory_limit_is_an_error_naming_the_limit_and_the_run_goes_on():
    from noteproof.run.pool import fork_each
    limit = vm_mb() + 256
    done = sorted(fork_each(allocate, [BIG, 1 << 20], 2, timeout=60, memory=limit), key=lambda d: d.index)
    assert not done[0].ok and not done[0].timed_out
    assert done[0].failure == f"exceeded the worker memory limit of {limit} MB; raise it with --memory"
    assert done[1].ok and done[1].value == 1 << 20   # the same limit, a claim within it


def test_the_limit_binds_the_worker_only():
    import resource

    from noteproof.run.pool import fork_each
    before = resource.getrlimit(resource.RLIMIT_AS)
    [done] = fork_each(lambda _: resource.getrlimit(resource.RLIMIT_AS)[0], [None], 1, timeout=60, memory=4096)
    assert done.ok and done.value == 4096 << 20
    assert resource.getrlimit(resource.RLIMIT_AS) == before


def test_a_worker_that_dies_under_a_limit_names_the_limit():
    import os
    import signal

    from noteproof.run.pool import fork_each
    [done] = fork_each(lambda _: os.kill(os.getpid(), signal.SIGKILL), [None], 1, timeout=60, memory=4096)
    assert not done.ok and done.failure.startswith("worker died (signal SIGKILL)")
    assert "worker memory limit of 4096 MB; raise it with --memory" in done.failure


def test_the_default_limit_is_a_share_of_physical_memory_per_job():
    from noteproof.defaults import MEMORY_FRACTION, default_memory_mb, physical_memory_mb
    total = physical_memory_mb()
    if total is None:
        pytest.skip("physical memory unknown here")
    assert default_memory_mb(1) == int(total * MEMORY_FRACTION)
    assert default_memory_mb(4) == int(total * MEMORY_FRACTION) // 4


def variant(tmp_path: Path, body: str) -> Path:
    """The mini project with mini.halved (the first claim's number) replaced by ``body``."""
    root = make_project(tmp_path / "mini")
    (root / "numerics" / "mini.py").write_text(
        '"""Mini numerics."""\nimport time\n\nfrom noteproof.authoring import numeric\n\n\n'
        f'@numeric("mini.halved")\ndef halved(n: str = "10"):\n    {body}\n', encoding="utf-8")
    return root


def test_report_with_a_claim_past_the_memory_limit_errs_that_claim_only(tmp_path):
    root = variant(tmp_path, f"return len(bytearray({BIG}))")
    proc = cli(root, "report", "--no-cache", "--jobs", "2", "--memory", "1024")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr + proc.stdout
    doc = json.loads((root / "report" / "claims.json").read_text(encoding="utf-8"))
    got = {c["id"]: (c["outcome"], c["messages"]) for c in doc["claims"]}
    assert got["mini.ten-halvings"] == ("error", ["exceeded the worker memory limit of 1024 MB; raise it with --memory"])
    assert got["mini.three-halvings"][0] == "verified"


@pytest.mark.parametrize("value", ["0", "15", "1e3", "-5", "99999999999"])
def test_memory_option_is_validated(tmp_path, value):
    root = make_project(tmp_path / "mini")
    proc = cli(root, "check", "mini.ten-halvings", "--memory", value)
    assert proc.returncode == 2 and "--memory must be megabytes" in proc.stderr


def test_check_past_its_time_limit_says_so_and_exits_1(tmp_path):
    root = variant(tmp_path, "time.sleep(60)")
    proc = cli(root, "check", "mini.ten-halvings", "--timeout", "1")
    assert proc.returncode == 1 and not proc.stdout and "Traceback" not in proc.stderr
    assert proc.stderr.strip() == ("noteproof: error: mini.ten-halvings: timed out after 1 s; "
                                   "raise it with --timeout SECONDS (the default is 120)")
    proc = cli(root, "check", "mini.ten-halvings", "--timeout", "1", "--json")
    doc = json.loads(proc.stdout)   # one JSON document on stdout, the message on stderr
    assert proc.returncode == 1 and doc["outcome"] == "error" and doc["messages"] == ["timed out after 1 s"]
    proc = cli(root, "check", "mini.three-halvings", "--timeout", "1")   # the other claim is quick
    assert proc.returncode == 0, proc.stderr


def test_check_past_its_memory_limit_names_the_limit(tmp_path):
    root = variant(tmp_path, f"return len(bytearray({BIG}))")
    proc = cli(root, "check", "mini.ten-halvings", "--memory", "1024")
    assert proc.returncode == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.strip() == ("noteproof: error: mini.ten-halvings: exceeded the worker memory limit of "
                                   "1024 MB; raise it with --memory")


def test_the_apis_check_is_bounded_too(tmp_path):
    import noteproof
    from noteproof.model import Outcome
    c = noteproof.claim("mini.ten-halvings", root=variant(tmp_path, "time.sleep(60)"))
    r = c.check(timeout=0.5)
    assert r.outcome is Outcome.ERROR and r.messages == ("timed out after 0.5 s",) and not r.ok
    assert c.check(timeout=0.5, n="3").outcome is Outcome.ERROR   # at given values as well


class Terminal(io.StringIO):
    def isatty(self):
        return True


@pytest.mark.parametrize("tty, seconds, shown", [(True, 0.6, True), (True, 0.0, False), (False, 0.6, False)])
def test_checks_spinner_only_on_a_terminal_and_only_past_the_delay(monkeypatch, tty, seconds, shown):
    import time

    from noteproof.cli import terminal
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.setenv("NO_COLOR", "1")
    stream = Terminal() if tty else io.StringIO()
    monkeypatch.setattr("sys.stderr", stream)
    with terminal.spinner("checking w09.x", delay=0.2):
        time.sleep(seconds)
    assert ("checking w09.x" in stream.getvalue()) is shown


def _grouped_item(item):
    """What a grouped worker runs: the pid (items of one group share a process), or a failure."""
    import os
    import signal
    import time
    kind, n = item
    if kind == "sleep":
        time.sleep(n)
    elif kind == "die":
        os.kill(os.getpid(), signal.SIGKILL)
    elif kind == "big":
        return len(bytearray(n))
    return os.getpid()


def test_a_group_runs_in_one_worker_and_a_failing_item_costs_only_itself():
    """Items of a group share one process (what they derive is derived once); an item that runs
    past the time limit, dies or runs out of memory is its own error, the rest of its group start
    again in a fresh worker and every other item is answered."""
    from noteproof.run.pool import fork_each
    items = [("ok", 0), ("ok", 0), ("sleep", 30), ("ok", 0), ("die", 0), ("ok", 0), ("big", BIG), ("ok", 0),
             ("ok", 0)]
    limit = vm_mb() + 256
    done = {d.index: d for d in fork_each(_grouped_item, items, 2, timeout=3, memory=limit,
                                          groups=[[0, 1, 2, 3], [4, 5], [6, 7], [8]])}
    assert sorted(done) == list(range(len(items)))
    assert done[0].value == done[1].value and done[3].ok and done[3].value != done[0].value
    assert done[2].timed_out and done[2].failure == "timed out after 3 s"
    assert not done[4].ok and done[4].failure.startswith("worker died (signal SIGKILL)") and done[5].ok
    assert not done[6].ok and "exceeded the worker memory limit" in done[6].failure and done[7].ok
    assert done[8].ok


def test_claims_that_share_a_derivation_are_grouped():
    from noteproof.run.pool import shared_groups
    from noteproof.sources.project import load_project
    project = load_project(ROOT)
    claims = list(project.registry.claims)
    groups = shared_groups(claims)
    assert sorted(i for g in groups for i in g) == list(range(len(claims)))
    by_claim = {claims[i].id: n for n, g in enumerate(groups) for i in g}
    uses = lambda c: {*c.derivations, *(f.derivation for f in c.formulas)}  # noqa: E731
    for a in claims:
        for b in claims:
            if uses(a) & uses(b):
                assert by_claim[a.id] == by_claim[b.id]
    assert by_claim["c12.d08.stiff-limit"] == by_claim["c12.d08.check-answer"]
    assert by_claim["w09.fixed-point-response"] != by_claim["c12.d08.check-answer"]


def test_claims_whose_numerics_share_a_key_are_grouped():
    """Numerics registered with one ``share`` key (the flow solves' quadrature nodes) put their
    claims in one worker, which builds the nodes once; without the key they stay apart."""
    from noteproof.run.pool import shared_groups
    from noteproof.sources.project import load_project
    project = load_project(ROOT)
    claims = list(project.registry.claims)
    shares = {cid: c.share for cid, c in project.content.checks.items() if c.share}
    assert len({shares[c] for c in ("c12.d05.gap", "c12.d06.exact-value", "c12.d07.forward-value")}) == 1
    group_of = lambda groups: {claims[i].id: n for n, g in enumerate(groups) for i in g}  # noqa: E731
    joined, apart = group_of(shared_groups(claims, shares)), group_of(shared_groups(claims))
    flows = ("c12.d05.no-crossing", "c12.d06.rk4-factor", "c12.d07.adjoint-identity")
    assert len({joined[c] for c in flows}) == 1
    assert len({apart[c] for c in flows}) == 3
