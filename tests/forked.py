"""The real command line run in forked children of a warm test process: the same ``main`` the
``noteproof`` command calls, its own working folder, environment, stdout and stderr, but no
interpreter start and no import of SymPy per run (about two seconds each on this machine).

Used where a test runs the CLI many times (the audit's mutation suite). Tests of what a fresh
process does (imports, hash seeds, signals) keep tests.helpers.run_cli. A fork inherits the test
process as it is, monkeypatches included: call it only from a module whose fixtures patch nothing."""
from __future__ import annotations

import gc
import os
import shutil
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

from tests.helpers import CLI_ENV, ROOT, CliRun

# and every engine module (warm); sympy.physics.units is what simplify() imports on its first call
WARM = ("sympy", "mpmath", "numpy", "rich", "yaml", "sympy.physics.units")


def warm() -> None:
    """Import once, in this process, what every run needs, and read the project's registry and
    notes (their regions, sources.document, and registered views): each fork starts with them."""
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


def _child(args: list[str], cwd: Path, out: Path, err: Path) -> None:
    """In the forked child: stdout and stderr to files (descriptors too, for grandchildren), run
    ``main`` from ``cwd``, leave with its exit status and without running any of pytest's teardown."""
    code = 70
    gc.disable()   # a short run: no collection walks (and so copies, page by page) the heap it shares with the parent
    try:
        os.chdir(cwd)
        os.environ.update(CLI_ENV)
        for fd, path in ((1, out), (2, err)):
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
    except BaseException:  # the child must never return into pytest
        import traceback
        traceback.print_exc()
    finally:
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except Exception:
                pass
        os._exit(code)


def run_forked(jobs: list[tuple[list[str], Path]], parallel: int | None = None,
               timeout: float = 600) -> list[CliRun]:
    """Run ``noteproof ARGS`` from ``cwd`` for each (args, cwd), at most ``parallel`` at a time,
    each in a child forked from this (main) thread; results in the order given. A run past
    ``timeout`` seconds is killed and reported with exit status -9."""
    warm()
    with derived_once():
        return _run_all(jobs, parallel or max(2, os.cpu_count() or 1), timeout)


def _run_all(jobs: list[tuple[list[str], Path]], parallel: int, timeout: float) -> list[CliRun]:
    scratch = Path(tempfile.mkdtemp(prefix="noteproof-forked-"))
    results: dict[int, CliRun] = {}
    running: dict[int, tuple[int, float]] = {}   # pid -> (index, start)
    pending = list(enumerate(jobs))
    while pending or running:
        while pending and len(running) < parallel:
            i, (args, cwd) = pending.pop(0)
            sys.stdout.flush()
            sys.stderr.flush()
            pid = os.fork()
            if pid == 0:
                _child(list(args), cwd, scratch / f"{i}.out", scratch / f"{i}.err")
            running[pid] = (i, time.monotonic())
        finished = []
        for pid in list(running):   # only our own children: never reap another's
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                finished.append((pid, status))
        if not finished:
            for pid, (i, start) in running.items():
                if time.monotonic() - start > timeout:
                    os.kill(pid, 9)
            time.sleep(0.02)
            continue
        for pid, status in finished:
            i, _ = running.pop(pid)
            results[i] = CliRun(os.waitstatus_to_exitcode(status), _read(scratch / f"{i}.out"),
                                _read(scratch / f"{i}.err"))
    shutil.rmtree(scratch, ignore_errors=True)
    return [results[i] for i in range(len(jobs))]


def _read(path: Path) -> str:
    return path.read_text(encoding="utf-8", errors="replace") if path.exists() else ""
