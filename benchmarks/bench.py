#!/usr/bin/env python3
"""How fast noteproof is, as ratios to the import floor measured in the same run.

    python benchmarks/bench.py            # median of 5 runs each (a long while)
    python benchmarks/bench.py --quick    # median of 3 (2 for the cold runs, 1 for the longest)

The floor is the time for ``python -c "import sympy, mpmath, numpy, rich, yaml"``: what any
run that touches the mathematics pays before doing anything. It is measured at the start and at
the end (this machine is shared: absolute times drift, ratios much less). Every run works on a
copy of the project in a temporary folder, so neither report/ nor .noteproof-cache/ of the
working tree is touched. Prints a table of figures, targets and whether each is met; --json FILE
also writes them as JSON.

What it measures: --help, list, warm report, check and audit against the floor; a cold report
(no cached result) at --jobs 2 and --jobs 1; cold reports at --dps 1000 and --dps 50, each
against the floor and against each other, with the claims that hit the time limit; the peak
memory of the largest process of a run (a worker: the ru_maxrss of the run's children, read by a
small wrapper process, so each run's peak is its own); and the per-claim cost on synthetic
registries (claims.yaml replicated 10 and 100 times, ids renamed): a full cold and warm report
at 10x, and registry load + plan (references checked, every claim's cache key) at 1x, 10x and
100x, since a cold report of the 100x registry would take hours here.
"""
from __future__ import annotations

import argparse
import copy
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[1]
PARTS = ("claims.yaml", "notes", "derivations", "numerics")
FLOOR = [sys.executable, "-c", "import sympy, mpmath, numpy, rich, yaml"]
NP = [sys.executable, "-m", "noteproof"]
# Bytecode is cached as for any installed tool (this machine's shell sets PYTHONDONTWRITEBYTECODE,
# which would make every run compile noteproof's modules again).
ENV = {**{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
       "NO_COLOR": "1", "COLUMNS": "120", "CI": "1"}
# Runs a command and writes the peak resident set of its largest descendant (KB, Linux) to argv[1]:
# a fresh process, so the figure is this run's alone (RUSAGE_CHILDREN's maximum never goes down).
PEAK = [sys.executable, "-I", "-S", "-c",
        "import resource, subprocess, sys\n"
        "code = subprocess.run(sys.argv[2:]).returncode\n"
        "open(sys.argv[1], 'w').write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss))\n"
        "sys.exit(code)\n"]
# Registry load + plan of a project (argv[1]), timed in a fresh process: what a report does before
# its first claim runs.
PLAN = [sys.executable, "-c", """\
import json, sys, time
from pathlib import Path
t0 = time.perf_counter()
from noteproof.run.cache import ResultCache
from noteproof.sources.project import check_references, load_project
t1 = time.perf_counter()
project = load_project(Path(sys.argv[1]))
t2 = time.perf_counter()
project.content   # the content's import: once per run whatever the registry's size
tc = time.perf_counter()
check_references(project)
t3 = time.perf_counter()
cache = ResultCache(project.root, 50, extras=True)
misses = sum(cache.get(c, project.notes[c.note]) is None for c in project.registry.claims)
t4 = time.perf_counter()
print(json.dumps({"claims": len(project.registry.claims), "load": t2 - t1, "content": tc - t2,
                  "references": t3 - tc, "plan": t4 - t3, "total": t4 - t0,
                  "scaling": (t2 - t1) + (t4 - tc), "misses": misses}))
"""]


class Bench:
    def __init__(self, repeats: int, verbose: bool) -> None:
        self.repeats, self.verbose = repeats, verbose
        self.long_repeats = self.dps_repeats = self.synthetic_repeats = repeats
        self.samples: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}     # CPU seconds (user + sys), less sensitive to others' load
        self.peak: dict[str, float] = {}          # MB: the largest process's peak RSS, over the runs

    def time(self, name: str, cmd: list[str], cwd: Path, n: int, before=None, ok=(0, 1), peak=False) -> float:
        """Median wall time of ``n`` runs of ``cmd``; ``before()`` runs untimed before each. With
        ``peak``, each run goes through the PEAK wrapper (a few ms) and its peak memory is kept."""
        for _ in range(n):
            if before is not None:
                before()
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
            if peak:
                with tempfile.NamedTemporaryFile("r", suffix=".kb") as kb:
                    proc = subprocess.run([*PEAK, kb.name, *cmd], cwd=cwd, env=ENV, capture_output=True, text=True)
                    elapsed = time.perf_counter() - start
                    text = kb.read().strip()
                if text:
                    self.peak[name] = max(self.peak.get(name, 0.0), int(text) / 1024)
            else:
                proc = subprocess.run(cmd, cwd=cwd, env=ENV, capture_output=True, text=True)
                elapsed = time.perf_counter() - start
            after = resource.getrusage(resource.RUSAGE_CHILDREN)   # the run and every worker it waited for
            self.cpu.setdefault(name, []).append(after.ru_utime + after.ru_stime - used.ru_utime - used.ru_stime)
            if proc.returncode not in ok:
                raise RuntimeError(f"{name}: {' '.join(cmd[1:])} exited {proc.returncode}:\n{proc.stderr[-2000:]}")
            self.samples.setdefault(name, []).append(elapsed)
            if self.verbose:
                print(f"  {name}: {elapsed:.2f} s", file=sys.stderr, flush=True)
        return self.median(name)

    def pair(self, a: tuple[str, list[str]], b: tuple[str, list[str]], cwd: Path, n: int, before=None,
             peak=False) -> None:
        """Two measurements interleaved (a b b a a b ...): a shared machine's load falls on both alike."""
        for i in range(n):
            order = (a, b) if i % 2 == 0 else (b, a)
            for name, cmd in order:
                self.time(name, cmd, cwd, 1, before=before, peak=peak)

    def median(self, name: str) -> float:
        return statistics.median(self.samples[name])

    def median_cpu(self, name: str) -> float:
        return statistics.median(self.cpu[name])


def copy_project(dest: Path) -> Path:
    dest.mkdir(parents=True)
    for part in PARTS:
        src = ROOT / part
        if src.is_dir():
            shutil.copytree(src, dest / part, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(src, dest / part)
    return dest


def git_init(root: Path) -> None:
    """The audit compares an edited note with git HEAD: commit the copy as it is."""
    env = {**ENV, "GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@localhost",
           "GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@localhost"}
    for cmd in (["git", "init", "-q"], ["git", "add", "-A"], ["git", "commit", "-q", "-m", "baseline"]):
        subprocess.run(cmd, cwd=root, env=env, check=True, capture_output=True)


def clear_cache(root: Path):
    """Remove every cached result and the remembered report (report.memo); keep the last run's
    timings (a scheduling hint, no result)."""
    def clear() -> None:
        folder = root / ".noteproof-cache"
        for entry in [*folder.glob("*.json"), *folder.glob("reports/*.json")]:
            if entry.name != "timings.json":
                entry.unlink()
    return clear


def keep_only(root: Path):
    """Put the cache back as it is now (what the last report left): drop every entry added since."""
    folder = root / ".noteproof-cache"
    kept = {entry.name for entry in folder.glob("*.json")}

    def restore() -> None:
        for entry in folder.glob("*.json"):
            if entry.name not in kept:
                entry.unlink()
    return restore


def numeric_claims(data: dict) -> list[dict]:
    return [c for c in data["claims"] if any(q.get("numeric") for q in c.get("quotes") or ())]


def synthetic(src: Path, dest: Path, factor: int) -> int:
    """A copy of the project whose registry is claims.yaml ``factor`` times over: copy k > 0 of
    every claim is renamed ID.rK (its ``uses`` renamed alike), so each copy does the real claims'
    work on the same notes. Returns the claim count."""
    root = copy_project(dest)
    data = yaml.safe_load((src / "claims.yaml").read_text(encoding="utf-8"))
    claims = []
    for k in range(factor):
        for claim in data["claims"]:
            c = copy.deepcopy(claim)   # no shared objects: YAML aliases, which the registry refuses
            if k:
                c["id"] = f"{c['id']}.r{k}"
                if c.get("uses"):
                    c["uses"] = [f"{u}.r{k}" for u in c["uses"]]
            claims.append(c)
    data["claims"] = claims
    (root / "claims.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return len(claims)


def plan(root: Path) -> dict:
    """Registry load + plan of the project at ``root`` in a fresh process (PLAN): seconds per phase."""
    proc = subprocess.run([*PLAN, str(root)], cwd=root, env=ENV, capture_output=True, text=True)
    if proc.returncode:
        raise RuntimeError(f"load + plan of {root} exited {proc.returncode}:\n{proc.stderr[-2000:]}")
    return json.loads(proc.stdout)


def edit_one_number(root: Path, data: dict) -> tuple[str, str]:
    """Change one quoted number of the first numeric claim's note; (note file, what changed)."""
    claim = numeric_claims(data)[0]
    quote = next(q for q in claim["quotes"] if q.get("numeric"))
    path = root / data["notes"][claim["note"]]["file"]
    text = path.read_text(encoding="utf-8")
    number = quote["number"]
    wrong = number[:-1] + ("1" if number[-1] != "1" else "2")
    snippet = quote["snippet"]
    path.write_text(text.replace(snippet, snippet.replace(number, wrong), 1), encoding="utf-8")
    return data["notes"][claim["note"]]["file"], f"{number} -> {wrong} in {claim['id']}"


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                      formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repeats (3; 2 for cold runs, 1 for the longest)")
    parser.add_argument("--repeats", type=int, help="repeats of each measurement (default 5)")
    parser.add_argument("--claim", help="claim for `check` (default: the first claim with a computed number)")
    parser.add_argument("--skip", action="append", default=[],
                        choices=["jobs", "dps", "synthetic", "audit"], help="leave a measurement out")
    parser.add_argument("--dps-timeout", type=float, default=120.0,
                        help="--timeout for the --dps 1000/50 pair (default 120 s, the CLI's; a claim that "
                             "hits it makes the ratio a lower bound)")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON to this file")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every sample to stderr")
    parser.add_argument("--factors", default="10,100", help=argparse.SUPPRESS)  # e.g. 2,3 to try the script
    return parser.parse_args(argv)


def say(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


def measure_cold(bench: Bench, proj: Path, out: str, skip: list[str]) -> None:
    """Cold reports (no cached result) at --jobs 2, and at --jobs 1 interleaved with them."""
    say("cold reports (no cached result) ...")
    subprocess.run(NP + ["report", "--jobs", "2", "--out", out], cwd=proj, env=ENV, capture_output=True)  # timings hint
    j2 = ("cold report --jobs 2", NP + ["report", "--jobs", "2", "--out", out])
    if "jobs" in skip:
        bench.time(*j2, proj, bench.long_repeats, before=clear_cache(proj), peak=True)
    else:
        j1 = ("cold report --jobs 1", NP + ["report", "--jobs", "1", "--out", out])
        bench.pair(j2, j1, proj, bench.long_repeats, before=clear_cache(proj), peak=True)


def measure_dps(bench: Bench, proj: Path, tmp: Path, timeout: float) -> list[str]:
    """Cold reports at --dps 50 and --dps 1000 (--jobs 2, --timeout ``timeout``), interleaved;
    returns the ids of the claims the --dps 1000 report has as errors, with why."""
    say(f"cold reports at --dps 1000 and 50, --jobs 2, --timeout {timeout:g} ...")
    limit = ["--jobs", "2", "--timeout", f"{timeout:g}"]
    out50, out1000 = str(tmp / "out50"), str(tmp / "out1000")
    bench.pair(("cold report --dps 50", NP + ["report", *limit, "--out", out50]),
               ("cold report --dps 1000", NP + ["report", "--dps", "1000", *limit, "--out", out1000]),
               proj, bench.dps_repeats, before=clear_cache(proj), peak=True)
    doc = json.loads((Path(out1000) / "claims.json").read_text(encoding="utf-8"))
    return [f"{c['id']} ({'; '.join(c.get('messages') or ())})" for c in doc["claims"] if c["outcome"] == "error"]


def measure_synthetic(bench: Bench, proj: Path, tmp: Path, factors: tuple[int, ...]) -> dict:
    """The registry replicated: load + plan at 1x and each factor; a cold and a warm report at the
    smallest factor only (a cold report of the largest would take hours on two cores). Returns
    {factor: {"claims", "plan" (PLAN's phases), "run" (whether a report was measured)}}."""
    out = {1: {"claims": None, "plan": plan(proj), "run": False}}
    out[1]["claims"] = out[1]["plan"]["claims"]
    for factor in factors:
        sroot = tmp / f"synthetic-{factor}"
        count = synthetic(proj, sroot, factor)
        say(f"synthetic registry x{factor}: {count} claims ...")
        entry = {"claims": count, "plan": plan(sroot), "run": factor == factors[0]}
        listed = subprocess.run(NP + ["list"], cwd=sroot, env=ENV, capture_output=True, text=True)
        entry["cli"] = "ok" if listed.returncode == 0 else listed.stderr.strip().splitlines()[-1][:160]
        if entry["run"]:
            report = NP + ["report", "--jobs", "2", "--out", str(sroot / "out")]
            bench.time(f"synthetic x{factor} cold", report, sroot, bench.synthetic_repeats, before=clear_cache(sroot))
            subprocess.run(report, cwd=sroot, env=ENV, capture_output=True)   # the cache, complete
            bench.time(f"synthetic x{factor} warm", report, sroot, bench.repeats)
        out[factor] = entry
        shutil.rmtree(sroot, ignore_errors=True)
    return out


def measure_daily(bench: Bench, proj: Path, out: str, data: dict, claim: str, skip: list[str]) -> str | None:
    """Warm report, check and audit (the daily case); returns the note the audit edited."""
    say("warm report, check, audit ...")
    subprocess.run(NP + ["report", "--out", out], cwd=proj, env=ENV, capture_output=True)  # fill the cache
    bench.time("warm report", NP + ["report", "--out", out], proj, bench.repeats)
    bench.time("check", NP + ["check", claim], proj, bench.repeats)
    bench.time("check fresh", NP + ["check", claim, "--no-cache"], proj, bench.repeats)   # new values: a run
    if "audit" in skip:
        return None
    git_init(proj)
    audit_note, _ = edit_one_number(proj, data)
    # the first audit after an edit, with the cache the last report left (the daily case)
    bench.time("audit", NP + ["audit", audit_note], proj, bench.repeats, before=keep_only(proj))
    # ... with no cache at all (a fresh clone): the edited claims are run
    bench.time("audit cold", NP + ["audit", audit_note], proj, bench.repeats, before=clear_cache(proj))
    bench.time("audit again", NP + ["audit", audit_note], proj, bench.repeats)
    return audit_note


class Table:
    """The rows printed at the end: what, figure, target, met."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, str, str, str]] = []
        self.figures: dict[str, float] = {}

    def row(self, what: str, value: float, unit: str, target: str = "", met: bool | None = None) -> None:
        self.figures[what] = round(value, 4)
        self.rows.append((what, f"{value:.2f}{unit}", target, "-" if met is None else ("yes" if met else "NO")))

    def print(self) -> None:
        width = max(len(r[0]) for r in self.rows)
        print(f"{'measurement':<{width}}  {'figure':>10}  {'target':<10}  met")
        for what, fig, target, met in self.rows:
            print(f"{what:<{width}}  {fig:>10}  {target:<10}  {met}")


def daily_rows(t: Table, bench: Bench, floor: float, claim: str, audit_note: str | None) -> None:
    m = bench.median
    t.row("--help / floor", m("help") / floor, "x", "<= 0.5x", m("help") / floor <= 0.5)
    t.row("list / floor", m("list") / floor, "x")
    t.row("warm report / floor", m("warm report") / floor, "x", "<= 1x", m("warm report") / floor <= 1)
    t.row(f"check {claim} / floor", m("check") / floor, "x", "<= 1.5x", m("check") / floor <= 1.5)
    t.row(f"check {claim} --no-cache (as at values never checked) / floor", m("check fresh") / floor, "x")
    if audit_note:
        t.row(f"audit {audit_note} (one number edited, after a report) / floor", m("audit") / floor, "x",
              "<= 1x", m("audit") / floor <= 1)
        t.row("audit of the same edit with no cache / floor", m("audit cold") / floor, "x")
        t.row("audit of the same edit again (cached) / floor", m("audit again") / floor, "x")


def cold_rows(t: Table, bench: Bench, floor: float, errors: list[str] | None) -> None:
    m, peak = bench.median, bench.peak
    j2 = m("cold report --jobs 2")
    t.row("cold report --jobs 2 / floor", j2 / floor, "x", "<= 8x", j2 / floor <= 8)
    if "cold report --jobs 1" in bench.samples:
        speedup = m("cold report --jobs 1") / j2
        t.row("cold --jobs 1 / --jobs 2 (speed-up)", speedup, "x", ">= 1.6x", speedup >= 1.6)
    if "cold report --jobs 2" in peak:
        t.row("peak memory, largest process of a cold report --jobs 2 (MB)", peak["cold report --jobs 2"], " MB")
    if errors is None:
        return
    d50, d1000 = m("cold report --dps 50"), m("cold report --dps 1000")
    t.row("cold report --dps 50 / floor", d50 / floor, "x")
    t.row("cold report --dps 1000 / floor", d1000 / floor, "x")
    t.row("cold --dps 1000 / --dps 50" + (" (a lower bound: claims hit the limit)" if errors else ""),
          d1000 / d50, "x", "<= 2x", d1000 / d50 <= 2 and not errors)
    t.row("claims in error at --dps 1000 (time-outs included)", len(errors), "", "0", not errors)
    if "cold report --dps 1000" in peak:
        mb = peak["cold report --dps 1000"]
        t.row("peak memory, largest process at --dps 1000 (MB)", mb, " MB", "< 500 MB", mb < 500)


def synthetic_rows(t: Table, bench: Bench, floor: float, synth: dict) -> None:
    """Per-claim costs: load + plan across every factor; cold and warm reports from 1x to the run factor."""
    factors = sorted(synth)
    for f in factors:
        t.row(f"load + plan, registry x{f} ({synth[f]['claims']} claims) (s)", synth[f]["plan"]["total"], " s")
    costs = []
    for lo, hi in zip(factors, factors[1:]):
        dn = synth[hi]["claims"] - synth[lo]["claims"]
        # the phases that grow with the registry (load, references, plan), without the content's
        # import: a fixed cost whose run-to-run noise (0.2 s) is larger than 700 claims' share
        cost = (synth[hi]["plan"]["scaling"] - synth[lo]["plan"]["scaling"]) / dn
        costs.append(cost)
        t.row(f"per-claim load + plan cost, x{lo}->x{hi} (ms)", 1000 * cost, " ms")
    if len(costs) >= 2 and costs[-2] > 0:
        change = costs[-1] / costs[-2] - 1
        t.row(f"per-claim load + plan cost change x{factors[-2]}->x{factors[-1]}", 100 * change, " %",
              "within 20%", abs(change) <= 0.2)
    ran = [f for f in factors if synth[f].get("run")]
    base = {"cold": "cold report --jobs 2", "warm": "warm report"}
    for f in ran:
        dn = synth[f]["claims"] - synth[1]["claims"]
        for kind in ("cold", "warm"):
            name = f"synthetic x{f} {kind}"
            t.row(f"{kind} report, registry x{f} ({synth[f]['claims']} claims) / floor", bench.median(name) / floor, "x")
            for clock, get in (("wall", bench.median), ("CPU", bench.median_cpu)):
                cost = (get(name) - get(base[kind])) / dn
                t.row(f"per-claim {kind} report {clock} cost, x1->x{f} (ms)", 1000 * cost, " ms")


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    factors = tuple(int(f) for f in args.factors.split(","))
    bench = Bench(args.repeats or (3 if args.quick else 5), args.verbose)
    bench.long_repeats = args.repeats or (2 if args.quick else 5)
    bench.dps_repeats = args.repeats or (1 if args.quick else 2)   # each --dps 1000 report takes minutes
    bench.synthetic_repeats = args.repeats or (1 if args.quick else 2)  # so does the 10x registry's
    cores = os.cpu_count() or 1
    errors: list[str] | None = None
    synth: dict = {}
    with tempfile.TemporaryDirectory(prefix="noteproof-bench-") as tmp:
        tmp = Path(tmp)
        proj = copy_project(tmp / "project")
        # a snapshot of the engine, so that edits to noteproof/ during the run change nothing
        shutil.copytree(ROOT / "noteproof", tmp / "engine" / "noteproof",
                        ignore=shutil.ignore_patterns("__pycache__"))
        ENV["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tmp / "engine"), os.environ.get("PYTHONPATH")]))
        data = yaml.safe_load((proj / "claims.yaml").read_text(encoding="utf-8"))
        out = str(tmp / "out")
        say(f"noteproof bench: {len(data['claims'])} claims ({len(numeric_claims(data))} with computed numbers), "
            f"{cores} cores, {bench.repeats} repeats ({bench.long_repeats} for cold runs, {bench.dps_repeats} "
            f"at --dps 1000, {bench.synthetic_repeats} for the 10x registry's cold report)")
        floor1 = bench.time("floor", FLOOR, proj, bench.repeats)
        bench.time("help", NP + ["--help"], proj, bench.repeats)
        bench.time("list", NP + ["list"], proj, bench.repeats)
        measure_cold(bench, proj, out, args.skip)
        if "dps" not in args.skip:
            errors = measure_dps(bench, proj, tmp, args.dps_timeout)
        claim = args.claim or numeric_claims(data)[0]["id"]
        audit_note = measure_daily(bench, proj, out, data, claim, args.skip)
        if "synthetic" not in args.skip:
            synth = measure_synthetic(bench, proj, tmp, factors)
        bench.time("floor", FLOOR, proj, bench.repeats)   # again at the end: the median of all samples
        floor = bench.median("floor")

    t = Table()
    t.row("import floor (s)", floor, " s")
    daily_rows(t, bench, floor, claim, audit_note)
    cold_rows(t, bench, floor, errors)
    if synth:
        synthetic_rows(t, bench, floor, synth)
    t.print()
    print(f"(medians: {bench.repeats} runs each, {bench.long_repeats} for cold runs, {bench.dps_repeats} for the "
          f"--dps pair, {bench.synthetic_repeats} for the 10x registry's cold report; cold = no cached result; "
          f"floor sampled {len(bench.samples['floor'])} times: {min(bench.samples['floor']):.2f}-"
          f"{max(bench.samples['floor']):.2f} s; first-pass floor {floor1:.2f} s; peak memory = ru_maxrss of "
          "the run's children, the largest process being a worker)")
    for line in errors or ():
        print(f"--dps 1000 error: {line}")
    for f, entry in synth.items():
        if entry.get("cli", "ok") != "ok":
            print(f"registry x{f} through the CLI: {entry['cli']} (load + plan measured past the cap)")
    if args.json:
        args.json.write_text(json.dumps({"figures": t.figures, "samples": bench.samples, "cpu": bench.cpu,
                                         "peak_mb": bench.peak, "dps1000_errors": errors or [],
                                         "synthetic": synth}, indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
