"""The real command line run in workers forked from a warm test process: the same ``main`` the
``noteproof`` command calls, its own working folder, environment, stdout and stderr, but no
interpreter start and no import of SymPy per run (about two seconds each on this machine). Each
worker is forked once and runs its share of the jobs one after another: a fork per run paid
again, run after run, for the pages of the warm heap its run touched (a third of its time).

Used where a test runs the CLI many times (the audit's mutation suite). Tests of what a fresh
process does (imports, hash seeds, signals) keep tests.helpers.run_cli. A fork inherits the test
process as it is, monkeypatches included: call it only from a module whose fixtures patch nothing."""
from __future__ import annotations

import gc
import os
import shutil
import signal
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path
from typing import Callable

from tests.helpers import CLI_ENV, ROOT, CliRun

# and every engine module (warm); sympy.physics.units is what simplify() imports on its first call
WARM = ("sympy", "mpmath", "numpy", "rich", "yaml", "sympy.physics.units")


_WARMED: list[bool] = []


def warm() -> None:
    """Import once, in this process, what every run needs, and read the project's registry and
    notes (their regions, sources.document, and registered views): each fork starts with them."""
    if _WARMED:
        return
    _WARMED.append(True)
    import importlib
    import pkgutil

    import noteproof
    from noteproof.sources.project import load_project
    for name in WARM:
        importlib.import_module(name)
    for info in pkgutil.walk_packages(noteproof.__path__, "noteproof."):
        if not info.name.endswith(("__main__", "pytest_plugin")):
            importlib.import_module(info.name)
    from noteproof.formula.respelled import registered_view
    # each note read into its regions and its registered view (kept in memory, keyed by the
    # note's text and registry: a copy of the project finds them), and the content imported
    load_project(ROOT, documents=False, view=registered_view).content
    from noteproof.run.cache import versions
    versions()   # read once from the packages' metadata: each fork has it


_DERIVED: dict = {}   # check id -> the check with its derivation memoized, filled once


@contextmanager
def derived_once():
    """While forking, each derivation of the imported content that every copy of the project
    shares is memoized and run once here, at the page's parameters, as a report's worker does
    (memoize_derivations): a fork that runs a claim judges it afresh from the same derived objects.
    The plain checks are put back after, for the tests that call them."""
    from noteproof.formula.respelled import registered_view
    from noteproof.run.claim import run_claim
    from noteproof.sources import content
    from noteproof.sources.project import load_project
    shared = content._LOADED[content.content_tag(ROOT.resolve())]
    plain = dict(shared.checks)
    if _DERIVED:
        shared.checks.update(_DERIVED)
    else:
        content.memoize_derivations(shared)
        project = load_project(ROOT, documents=False, view=registered_view)
        for claim in project.registry.claims:
            run_claim(claim, project.content, project.notes[claim.note])
        _DERIVED.update(shared.checks)
    try:
        yield
    finally:
        shared.checks.clear()
        shared.checks.update(plain)


def run_cli(*args: str, cwd: Path = ROOT, timeout: float = 600, env: dict | None = None) -> CliRun:
    """tests.helpers.run_cli's run of the real command line, in a child forked from this warm
    process rather than a new interpreter (no start, no import of SymPy: about a second each).
    For the tests of what a command does; what a fresh process does (its imports, hash seeds,
    signals, the import-time errors of content) is run_cli's, in a subprocess. The child inherits
    this process as it is, monkeypatches included: never call it while a fixture patches anything
    (test_show_check's module-wide patch of load_project made a forked `show` of an edited copy
    judge the project's own note). A run past ``timeout`` seconds is reported with exit status -9."""
    warm()
    scratch = Path(tempfile.mkdtemp(prefix="noteproof-forked-"))
    sys.stdout.flush()
    sys.stderr.flush()
    pid = os.fork()
    if pid == 0:
        try:
            signal.signal(signal.SIGALRM, signal.SIG_DFL)
            signal.alarm(max(1, int(timeout)))
            _job(0, list(args), cwd, scratch, env)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)
    run = _result(scratch, 0)
    shutil.rmtree(scratch, ignore_errors=True)
    return run


def _job(i: int | str, args: list[str], cwd: Path, scratch: Path, env: dict | None = None) -> None:
    """In a pool worker: one run of ``main`` from ``cwd``, stdout and stderr to files (descriptors
    too, for grandchildren), its exit status to ``i.code``; nothing it raises leaves the job."""
    code = 70
    try:
        os.chdir(cwd)
        os.environ.update({**CLI_ENV, **(env or {})})
        for fd, path in ((1, scratch / f"{i}.out"), (2, scratch / f"{i}.err")):
            handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(handle, fd)
            os.close(handle)
        sys.stdout = open(1, "w", encoding="utf-8", closefd=False)
        sys.stderr = open(2, "w", encoding="utf-8", closefd=False)
        sys.argv = ["noteproof", *args]
        from noteproof.cli.main import main
        try:
            code = main(args) or 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    except BaseException:  # a job must never end its worker
        import traceback
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        (scratch / f"{i}.code").write_text(str(code))


def _worker(queue: int, jobs: list[tuple[list[str], Path]], scratch: Path, timeout: float, then: Then,
            after: After) -> None:
    """A pool worker, forked once: take job numbers from the shared pipe (4 bytes each, read
    whole) and run each in this process until the pipe is empty, and the run ``then`` asks for
    after it, and ``after(i)`` (its JSON to a file); a job past ``timeout`` seconds ends the
    worker (SIGALRM), and the others take the rest. Never returns into pytest."""
    signal.signal(signal.SIGALRM, signal.SIG_DFL)
    try:
        while len(raw := os.read(queue, 4)) == 4:
            i = int.from_bytes(raw, "little")
            signal.alarm(max(1, int(timeout)))
            _job(i, list(jobs[i][0]), jobs[i][1], scratch)
            if then is not None and (more := then(_result(scratch, i), list(jobs[i][0]))) is not None:
                _job(f"{i}.then", list(more), jobs[i][1], scratch)
            if after is not None:
                _after(after, i, scratch)
            signal.alarm(0)
    finally:
        os._exit(0)


def _after(after: Callable[[int], object], i: int, scratch: Path) -> None:
    """``after(i)`` as JSON in ``i.after.json``, or what it raised as ``{"raised": ...}``."""
    import json
    import traceback
    try:
        value = {"value": after(i)}
    except BaseException:  # a job must never end its worker
        value = {"raised": traceback.format_exc()}
    (scratch / f"{i}.after.json").write_text(json.dumps(value), encoding="utf-8")


def run_forked(jobs: list[tuple[list[str], Path]], parallel: int | None = None,
               timeout: float = 600) -> list[CliRun]:
    """Run ``noteproof ARGS`` from ``cwd`` for each (args, cwd), in ``parallel`` workers forked
    once from this (main) thread, each running jobs one after another; results in the order
    given. A run past ``timeout`` seconds, or one its worker did not live to finish, is reported
    with exit status -9."""
    return [run for run, _ in run_forked_then(jobs, None, parallel, timeout)]


Then = Callable[[CliRun, list[str]], "list[str] | None"] | None
After = Callable[[int], object] | None


def run_forked_then(jobs: list[tuple[list[str], Path]], then: Then, parallel: int | None = None,
                    timeout: float = 600) -> list[tuple[CliRun, CliRun | None]]:
    """run_forked, and after each run the run ``then(run, its arguments)`` names (its arguments,
    from the same folder, in the same worker right after), or None: (run, the run after it or None)."""
    return [(run, again) for run, again, _ in run_forked_judged(jobs, then, None, parallel, timeout)]


def run_forked_judged(jobs: list[tuple[list[str], Path]], then: Then, after: After, parallel: int | None = None,
                      timeout: float = 600) -> list[tuple[CliRun, CliRun | None, dict | None]]:
    """run_forked_then, and after job ``i``'s runs ``after(i)`` in the same worker, with what
    they left in its memory (the edited note's document, the results they stored): (run, the run
    after it or None, ``{"value": after(i)}`` or ``{"raised": traceback}`` or None)."""
    warm()
    with derived_once():
        return _run_all(jobs, parallel or max(2, os.cpu_count() or 1), timeout, then, after)


def _run_all(jobs: list[tuple[list[str], Path]], parallel: int, timeout: float,
             then: Then, after: After = None) -> list[tuple[CliRun, CliRun | None, dict | None]]:
    scratch = Path(tempfile.mkdtemp(prefix="noteproof-forked-"))
    read, write = os.pipe()
    # the whole queue fits the pipe's buffer: written before any worker starts, then closed
    os.write(write, b"".join(i.to_bytes(4, "little") for i in range(len(jobs))))
    os.close(write)
    sys.stdout.flush()
    sys.stderr.flush()
    # the warm heap is frozen: a worker's collections walk only what its runs make, and leave the
    # pages it shares with this process alone
    gc.freeze()
    workers = []
    try:
        for _ in range(min(parallel, len(jobs))):
            pid = os.fork()
            if pid == 0:
                _worker(read, jobs, scratch, timeout, then, after)
            workers.append(pid)
    finally:
        gc.unfreeze()
        os.close(read)
    for pid in workers:   # only our own children: never reap another's
        os.waitpid(pid, 0)
    results = [(_result(scratch, i), _result(scratch, f"{i}.then") if (scratch / f"{i}.then.err").exists() else None,
                _judged(scratch, i)) for i in range(len(jobs))]
    shutil.rmtree(scratch, ignore_errors=True)
    return results


def _result(scratch: Path, i: int | str) -> CliRun:
    code = scratch / f"{i}.code"
    return CliRun(int(code.read_text()) if code.exists() else -9, _read(scratch / f"{i}.out"),
                  _read(scratch / f"{i}.err"))


def _judged(scratch: Path, i: int) -> dict | None:
    import json
    path = scratch / f"{i}.after.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
