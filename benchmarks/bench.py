#!/usr/bin/env python3
"""How fast noteproof is, as ratios to the import floor measured in the same run.

    python benchmarks/bench.py            # median of 5 runs each (several minutes)
    python benchmarks/bench.py --quick    # median of 3 (2 for the long runs)

The floor is the time for ``python -c "import sympy, mpmath, numpy, rich, yaml"``: what any
run that touches the mathematics pays before doing anything. It is measured at the start and at
the end (this machine is shared: absolute times drift, ratios much less). Every run works on a
copy of the project in a temporary folder, so neither report/ nor .noteproof-cache/ of the
working tree is touched. Prints a table of figures, targets and whether each is met; --json FILE
also writes them as JSON.
"""
from __future__ import annotations

import argparse
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


class Bench:
    def __init__(self, repeats: int, long_repeats: int, verbose: bool) -> None:
        self.repeats, self.long_repeats, self.verbose = repeats, long_repeats, verbose
        self.samples: dict[str, list[float]] = {}
        self.cpu: dict[str, list[float]] = {}     # CPU seconds (user + sys), less sensitive to others' load

    def time(self, name: str, cmd: list[str], cwd: Path, n: int, before=None, ok=(0, 1)) -> float:
        """Median wall time of ``n`` runs of ``cmd``; ``before()`` runs untimed before each."""
        for _ in range(n):
            if before is not None:
                before()
            used = resource.getrusage(resource.RUSAGE_CHILDREN)
            start = time.perf_counter()
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

    def pair(self, a: tuple[str, list[str]], b: tuple[str, list[str]], cwd: Path, n: int, before=None) -> None:
        """Two measurements interleaved (a b b a a b ...): a shared machine's load falls on both alike."""
        for i in range(n):
            order = (a, b) if i % 2 == 0 else (b, a)
            for name, cmd in order:
                self.time(name, cmd, cwd, 1, before=before)

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
    """Remove every cached result; keep the last run's timings (a scheduling hint, no result)."""
    def clear() -> None:
        for entry in (root / ".noteproof-cache").glob("*.json"):
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


def synthetic(src: Path, dest: Path, factor: int, cheap: list[str]) -> int:
    """A copy of the project whose registry holds ``factor`` times as many claims as the real one
    has numeric claims: copies (new ids, numeric quotes only, so every copy does the same work)
    of the numeric claims, taken round-robin from ``cheap`` (the fastest in the last cold run, to
    keep the 100x run short). Returns the claim count."""
    root = copy_project(dest)
    data = yaml.safe_load((src / "claims.yaml").read_text(encoding="utf-8"))
    numeric = numeric_claims(data)
    base = [c for c in numeric if c["id"] in cheap] or numeric
    claims = []
    for k in range(factor * len(numeric)):
        c = base[k % len(base)]
        quotes = [dict(q) for q in c["quotes"] if q.get("numeric")]   # no shared objects: YAML aliases
        claims.append({"id": f"{c['id']}.x{k}", "note": c["note"],
                       **({"row": c["row"]} if "row" in c else {"statement": c["statement"]}),
                       "tag": c["tag"], "status": list(c.get("status") or []), "quotes": quotes})
    data["claims"] = claims
    (root / "claims.yaml").write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return len(claims)


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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                      formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="fewer repeats (3; 2 for the long runs)")
    parser.add_argument("--repeats", type=int, help="repeats of each measurement (default 5)")
    parser.add_argument("--claim", help="claim for `check` (default: the first claim with a computed number)")
    parser.add_argument("--skip", action="append", default=[],
                        choices=["cold", "jobs", "dps", "synthetic", "audit"], help="leave a measurement out")
    parser.add_argument("--dps-timeout", type=float, default=30.0,
                        help="--timeout for the --dps 1000/50 pair (default 30 s; a claim that hits it makes "
                             "the ratio a lower bound)")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON to this file")
    parser.add_argument("-v", "--verbose", action="store_true", help="print every sample to stderr")
    parser.add_argument("--factors", default="1,10,100", help=argparse.SUPPRESS)  # e.g. 1,2,3 to try the script
    args = parser.parse_args(argv)
    factors = tuple(int(f) for f in args.factors.split(","))
    repeats = args.repeats or (3 if args.quick else 5)
    long_repeats = args.repeats or (2 if args.quick else 5)
    dps_repeats = args.repeats or 1     # each --dps 1000 run takes minutes (and hits the limit today)
    synthetic_repeats = args.repeats or (1 if args.quick else 3)  # so does the 100x registry
    bench = Bench(repeats, long_repeats, args.verbose)
    cores = os.cpu_count() or 1
    rows: list[tuple[str, str, str, str]] = []   # what, figure, target, met
    figures: dict[str, float] = {}

    def row(what: str, value: float, unit: str, target: str, met: bool | None) -> None:
        figures[what] = round(value, 4)
        rows.append((what, f"{value:.2f}{unit}", target, "-" if met is None else ("yes" if met else "NO")))

    with tempfile.TemporaryDirectory(prefix="noteproof-bench-") as tmp:
        tmp = Path(tmp)
        proj = copy_project(tmp / "project")
        # a snapshot of the engine, so that edits to noteproof/ during the run change nothing
        shutil.copytree(ROOT / "noteproof", tmp / "engine" / "noteproof",
                        ignore=shutil.ignore_patterns("__pycache__"))
        ENV["PYTHONPATH"] = os.pathsep.join(filter(None, [str(tmp / "engine"), os.environ.get("PYTHONPATH")]))
        data = yaml.safe_load((proj / "claims.yaml").read_text(encoding="utf-8"))
        out = str(tmp / "out")
        say = (lambda m: print(m, file=sys.stderr, flush=True))
        say(f"noteproof bench: {len(data['claims'])} claims ({len(numeric_claims(data))} with computed numbers), "
            f"{cores} cores, {repeats} repeats ({long_repeats} for cold runs, {dps_repeats} at --dps 1000, "
            f"{synthetic_repeats} for the 100x registry)")

        floor1 = bench.time("floor", FLOOR, proj, repeats)
        bench.time("help", NP + ["--help"], proj, repeats)
        bench.time("list", NP + ["list"], proj, repeats)

        cold = {}
        say("cold reports (no cached result) ...")
        subprocess.run(NP + ["report", "--out", out], cwd=proj, env=ENV, capture_output=True)  # timings hint
        report_cmd = ("cold report", NP + ["report", "--out", out])
        if "jobs" not in args.skip:
            j1 = ("cold report --jobs 1", NP + ["report", "--jobs", "1", "--out", out])
            if cores == 2:
                bench.pair(report_cmd, j1, proj, long_repeats, before=clear_cache(proj))
                bench.samples["cold report --jobs 2"] = bench.samples["cold report"]
            else:
                j2 = ("cold report --jobs 2", NP + ["report", "--jobs", "2", "--out", out])
                bench.pair(j2, j1, proj, long_repeats, before=clear_cache(proj))
            cold["j1"] = bench.median("cold report --jobs 1")
            cold["j2"] = bench.median("cold report --jobs 2")
        if "cold" not in args.skip and "cold report" not in bench.samples:
            bench.time(*report_cmd, proj, long_repeats, before=clear_cache(proj))
        if "cold report" in bench.samples:
            cold["default"] = bench.median("cold report")
        timed_out = []
        if "dps" not in args.skip:
            say(f"cold reports at --dps 1000 and 50, --timeout {args.dps_timeout:g} ...")
            limit = ["--timeout", f"{args.dps_timeout:g}"]
            out1000 = str(tmp / "out1000")
            bench.pair(("cold report --dps 50 (limited)", NP + ["report", *limit, "--out", out]),
                       ("cold report --dps 1000 (limited)", NP + ["report", "--dps", "1000", *limit, "--out", out1000]),
                       proj, dps_repeats, before=clear_cache(proj))
            cold["dps50"] = bench.median("cold report --dps 50 (limited)")
            cold["dps1000"] = bench.median("cold report --dps 1000 (limited)")
            doc = json.loads((Path(out1000) / "claims.json").read_text(encoding="utf-8"))
            timed_out = [c["id"] for c in doc["claims"] if any("timed out" in m for m in c.get("messages", ()))]

        say("warm report, check, audit ...")
        subprocess.run(NP + ["report", "--out", out], cwd=proj, env=ENV, capture_output=True)  # fill the cache
        bench.time("warm report", NP + ["report", "--out", out], proj, repeats)
        claim = args.claim or numeric_claims(data)[0]["id"]
        bench.time("check", NP + ["check", claim], proj, repeats)

        audit_note = None
        if "audit" not in args.skip:
            has_audit = subprocess.run(NP + ["audit", "--help"], cwd=proj, env=ENV, capture_output=True).returncode == 0
            if has_audit:
                git_init(proj)
                audit_note, what = edit_one_number(proj, data)
                # the first audit after an edit, with the cache the last report left (the daily case)
                bench.time("audit", NP + ["audit", audit_note], proj, repeats, before=keep_only(proj))
                # ... with no cache at all (a fresh clone): the edited claims are run
                bench.time("audit cold", NP + ["audit", audit_note], proj, repeats, before=clear_cache(proj))
                bench.time("audit again", NP + ["audit", audit_note], proj, repeats)
            else:
                say("`noteproof audit` does not exist yet: audit skipped")

        per_claim = {}
        if "synthetic" not in args.skip:
            n = len(numeric_claims(data))
            say(f"synthetic registries: {', '.join(str(f * n) for f in factors)} numeric claims ...")
            try:
                last = json.loads((proj / ".noteproof-cache" / "timings.json").read_text(encoding="utf-8"))
            except (OSError, ValueError):
                last = {}
            ranked = sorted((c["id"] for c in numeric_claims(data)), key=lambda i: last.get(i, 1e9))
            cheap = ranked[: max(1, len(ranked) // 4)]
            for factor in factors:
                sroot = tmp / f"synthetic-{factor}"
                count = synthetic(proj, sroot, factor, cheap)
                reps = long_repeats if factor < factors[-1] else synthetic_repeats
                name = f"synthetic x{factor} cold"
                bench.time(name, NP + ["report", "--out", str(sroot / "out")], sroot, reps,
                           before=clear_cache(sroot))
                subprocess.run(NP + ["report", "--out", str(sroot / "out")], cwd=sroot, env=ENV, capture_output=True)
                bench.time(f"synthetic x{factor} warm", NP + ["report", "--out", str(sroot / "out")], sroot, reps)
                per_claim[factor] = count
                shutil.rmtree(sroot, ignore_errors=True)

        bench.time("floor", FLOOR, proj, repeats)   # again at the end: the median of all samples
        floor = bench.median("floor")

    # ---------------------------------------------------------------- the table
    row("import floor (s)", floor, " s", "", None)
    row("--help / floor", bench.median("help") / floor, "x", "<= 0.5x", bench.median("help") / floor <= 0.5)
    row("list / floor", bench.median("list") / floor, "x", "", None)
    row("warm report / floor", bench.median("warm report") / floor, "x", "<= 2x",
        bench.median("warm report") / floor <= 2)
    row(f"check {claim} / floor", bench.median("check") / floor, "x", "<= 1.5x", bench.median("check") / floor <= 1.5)
    if "audit" in bench.samples:
        audit = bench.median("audit")
        row(f"audit {audit_note} (one number edited, after a report) / warm report", audit / bench.median("warm report"),
            "x", "<= 1x", audit <= bench.median("warm report"))
        row(f"audit {audit_note} (one number edited, after a report) / floor", audit / floor, "x", "<= 2x",
            audit / floor <= 2)
        row("audit of the same edit with no cache / floor", bench.median("audit cold") / floor, "x", "", None)
        row("audit of the same edit again (cached) / floor", bench.median("audit again") / floor, "x", "", None)
    if "default" in cold:
        row(f"cold report (--jobs {cores}) / floor", cold["default"] / floor, "x", "<= 10x", cold["default"] / floor <= 10)
    if "j1" in cold:
        speedup = cold["j1"] / cold["j2"]
        row("cold --jobs 1 / --jobs 2 (speed-up)", speedup, "x", ">= 1.6x", speedup >= 1.6)
    if "dps1000" in cold:
        ratio = cold["dps1000"] / cold["dps50"]
        row("cold --dps 1000 / --dps 50" + (f" (>=: {len(timed_out)} claims hit the limit)" if timed_out else ""),
            ratio, "x", "<= 5x", ratio <= 5 and not timed_out)
    if per_claim:
        lo, mid, hi = factors
        for kind in ("cold", "warm"):
            t = {f: bench.median(f"synthetic x{f} {kind}") for f in per_claim}
            for f in per_claim:
                row(f"synthetic x{f} {kind} ({per_claim[f]} claims) / floor", t[f] / floor, "x", "", None)
            # marginal cost per added claim, in wall time and in CPU time (run + workers)
            for clock, get in (("wall", bench.median), ("CPU", bench.median_cpu)):
                t = {f: get(f"synthetic x{f} {kind}") for f in per_claim}
                c10 = (t[mid] - t[lo]) / (per_claim[mid] - per_claim[lo])
                c100 = (t[hi] - t[mid]) / (per_claim[hi] - per_claim[mid])
                change = (c100 / c10 - 1) if c10 > 0 else float("inf")
                row(f"per-claim {kind} {clock} cost, x{lo}->x{mid} (ms)", 1000 * c10, " ms", "", None)
                row(f"per-claim {kind} {clock} cost, x{mid}->x{hi} (ms)", 1000 * c100, " ms", "", None)
                row(f"per-claim {kind} {clock} cost change x{mid}->x{hi}", 100 * change, " %", "within 20%",
                    abs(change) <= 0.2)

    width = max(len(r[0]) for r in rows)
    print(f"{'measurement':<{width}}  {'figure':>10}  {'target':<10}  met")
    for what, fig, target, met in rows:
        print(f"{what:<{width}}  {fig:>10}  {target:<10}  {met}")
    print(f"(medians: {repeats} runs each, {long_repeats} for cold runs, {dps_repeats} for the --dps pair, "
          f"{synthetic_repeats} for the 100x registry; cold = no cached result; floor sampled "
          f"{len(bench.samples['floor'])} times: {min(bench.samples['floor']):.2f}-{max(bench.samples['floor']):.2f} s; "
          f"first-pass floor {floor1:.2f} s)")
    if args.json:
        args.json.write_text(json.dumps({"figures": figures, "samples": bench.samples, "cpu": bench.cpu},
                                        indent=2) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
