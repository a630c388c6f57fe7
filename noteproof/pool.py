"""Run claims in forked worker processes, each under a time limit.

A check that raises becomes an ``error`` row; one that runs past the limit is
killed and becomes an ``error`` row; the run goes on. Results come back in
registry order whatever the number of jobs, so output does not depend on --jobs.
"""
from __future__ import annotations

import multiprocessing
import os
import time
import traceback
from multiprocessing.connection import Connection, wait
from typing import Callable, Iterable

from .checks import run_claim
from .errors import NoteproofError
from .model import ClaimResult, Outcome
from .project import Project
from .registry import Claim

DEFAULT_TIMEOUT = 120.0


def error_result(claim: Claim, message: str, note_path: str = "") -> ClaimResult:
    return ClaimResult(claim.id, claim.note, claim.text, claim.tag.text,
                       tuple(dict.fromkeys(s.mark for s in claim.status)), Outcome.ERROR,
                       uses=claim.uses, messages=(message,))


def run_one(project: Project, claim: Claim, dps: int, params: dict | None = None) -> ClaimResult:
    """One claim in this process; any exception becomes an error row."""
    content = project.content
    for module, why in content.broken.items():
        wanted = {*claim.derivations, *claim.conditions, *(f.derivation for f in claim.formulas),
                  *(q.numeric for q in claim.quotes if q.numeric)}
        if not wanted <= content.checks.keys():
            return error_result(claim, f"content module {module} failed to import: {why}")
    try:
        return run_claim(claim, content, project.notes[claim.note], dps, params)
    except NoteproofError as exc:
        return error_result(claim, str(exc))
    except Exception as exc:  # a bug in content must not take the run down
        last = traceback.extract_tb(exc.__traceback__)[-1]
        return error_result(claim, f"{type(exc).__name__}: {exc} (at {os.path.basename(last.filename)}:{last.lineno})")


def _child(conn: Connection, project: Project, claim: Claim, dps: int) -> None:
    try:
        conn.send(run_one(project, claim, dps))
    except BaseException as exc:  # e.g. an unpicklable result
        conn.send(error_result(claim, f"worker failed: {type(exc).__name__}: {exc}"))
    finally:
        conn.close()


def run_all(project: Project, claims: Iterable[Claim], dps: int, jobs: int = 1,
            timeout: float = DEFAULT_TIMEOUT,
            progress: Callable[[ClaimResult], None] | None = None) -> list[ClaimResult]:
    """Run every claim, at most ``jobs`` at a time, each in a forked process."""
    project.content  # import content once, before forking, so children inherit it
    ctx = multiprocessing.get_context("fork")
    todo = list(enumerate(claims))
    results: dict[int, ClaimResult] = {}
    running: dict[Connection, tuple[int, Claim, multiprocessing.Process, float]] = {}
    while todo or running:
        while todo and len(running) < max(1, jobs):
            i, claim = todo.pop(0)
            parent, child = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_child, args=(child, project, claim, dps), daemon=True)
            proc.start()
            child.close()
            running[parent] = (i, claim, proc, time.monotonic() + timeout)
        soonest = min(deadline for *_, deadline in running.values())
        for conn in wait(list(running), timeout=max(0.0, soonest - time.monotonic())):
            i, claim, proc, _ = running.pop(conn)
            try:
                results[i] = conn.recv()
            except (EOFError, OSError):
                results[i] = error_result(claim, f"worker died (exit code {proc.exitcode})")
            proc.join()
            _report(progress, results[i])
        now = time.monotonic()
        for conn, (i, claim, proc, deadline) in list(running.items()):
            if now >= deadline:
                proc.kill()
                proc.join()
                running.pop(conn)
                results[i] = error_result(claim, f"timed out after {timeout:g} s")
                _report(progress, results[i])
    return [results[i] for i in sorted(results)]


def _report(progress: Callable[[ClaimResult], None] | None, result: ClaimResult) -> None:
    if progress is not None:
        progress(result)
