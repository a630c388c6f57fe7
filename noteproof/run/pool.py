"""Run claims in forked worker processes, each under a time and a memory limit: the one worker pool.

A check that raises becomes an ``error`` row; one that runs past the time limit is killed, and
one that runs out of its memory (run.limits) stops, and each becomes an ``error`` row; the run
goes on. Results come back in
registry order whatever the number of jobs, so output does not depend on --jobs.
``fork_each`` is the pool itself (one forked process per item, at most ``jobs`` at a
time, each killed at its deadline); ``run_all`` runs claims on it and ``fork_map``
serves the report's extras (report.enrich).
"""
from __future__ import annotations

import multiprocessing
import os
import time
import traceback
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.reduction import ForkingPickler
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Sequence

from ..defaults import DEFAULT_TIMEOUT
from ..errors import NoteproofError
from ..model import ClaimResult, Outcome
from ..sources.project import Project
from ..sources.registry import Claim
from .claim import run_claim
from .limits import death_message, limit_memory, memory_message, worker_memory

if TYPE_CHECKING:
    from .cache import ResultCache


def error_result(claim: Claim, message: str, note_path: str = "") -> ClaimResult:
    return ClaimResult(claim.id, claim.note, claim.text, claim.tag.text,
                       tuple(dict.fromkeys(s.mark for s in claim.status)), Outcome.ERROR,
                       uses=claim.uses, messages=(message,))


def run_one(project: Project, claim: Claim, dps: int, params: dict | None = None) -> ClaimResult:
    """One claim in this process; any exception becomes an error row."""
    content = project.content
    for module, why in content.broken.items():
        if not set(claim.check_ids) <= content.checks.keys():
            return error_result(claim, f"content module {module} failed to import: {why}")
    try:
        return run_claim(claim, content, project.notes[claim.note], dps, params)
    except NoteproofError as exc:
        return error_result(claim, str(exc))
    except MemoryError:  # the worker's memory limit: its pool names it
        raise
    except Exception as exc:  # a bug in content must not take the run down
        last = traceback.extract_tb(exc.__traceback__)[-1]
        return error_result(claim, f"{type(exc).__name__}: {exc} (at {os.path.basename(last.filename)}:{last.lineno})")


@dataclass(frozen=True)
class Done:
    """One item's end in a worker: ``value`` is what the function returned when ``ok``;
    otherwise ``failure`` says why not (it raised, ran out of memory, the worker died, the time
    ran out: then ``timed_out``)."""

    index: int
    ok: bool
    value: Any
    failure: str
    seconds: float
    timed_out: bool = False


def fork_each(fn: Callable[[Any], Any], items: Sequence[Any], jobs: int,
              timeout: float = DEFAULT_TIMEOUT, memory: int | None = None) -> Iterator[Done]:
    """``fn`` of each item, each in its own forked process, at most ``jobs`` at a time, in the
    order of ``items``; yields each item's Done as it finishes (a worker past ``timeout``
    seconds is killed: its Done says so, with ``seconds`` = ``timeout``). Each worker's address
    space is limited to ``memory`` MB (None: the default for ``jobs``, run.limits)."""
    ctx = multiprocessing.get_context("fork")
    memory = worker_memory(memory, jobs)
    queue = iter(enumerate(items))
    pending = len(items)
    running: dict[Connection, tuple[int, multiprocessing.Process, float, float]] = {}
    while pending or running:
        while pending and len(running) < max(1, jobs):
            i, item = next(queue)
            pending -= 1
            parent, child = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_child, args=(child, fn, item, memory), daemon=True)
            started = time.monotonic()
            proc.start()
            child.close()
            running[parent] = (i, proc, started + timeout, started)
        soonest = min(entry[2] for entry in running.values())
        for conn in wait(list(running), timeout=max(0.0, soonest - time.monotonic())):
            i, proc, _, started = running.pop(conn)
            try:
                ok, value = conn.recv()
            except (EOFError, OSError):
                ok, value = False, None
            conn.close()
            proc.join()
            failure = "" if ok else value if isinstance(value, str) else death_message(proc.exitcode, memory)
            yield Done(i, ok, value if ok else None, failure, time.monotonic() - started)
        now = time.monotonic()
        for conn, (i, proc, deadline, _) in list(running.items()):
            if now >= deadline:
                proc.kill()
                proc.join()
                conn.close()
                running.pop(conn)
                yield Done(i, False, None, f"timed out after {timeout:g} s", timeout, timed_out=True)


def _child(conn: Connection, fn: Callable[[Any], Any], item: Any, memory: int | None) -> None:
    """``fn(item)`` under the memory limit, its (ok, value or failure) sent back. The out-of-memory
    answer is pickled before the limit is set: sending it must not need the memory that ran out."""
    out_of_memory = ForkingPickler.dumps((False, memory_message(memory)))
    sent = False
    try:
        limit_memory(memory)
        conn.send((True, fn(item)))
        sent = True
    except MemoryError:
        pass  # answered below, once the handler has let go of the frames holding the memory
    except BaseException as exc:  # e.g. an unpicklable result
        sent = _send(conn, (False, f"worker failed: {type(exc).__name__}: {exc}"))
    if not sent:
        try:
            conn.send_bytes(out_of_memory)
        except BaseException:  # the parent reads a dead worker
            pass
    conn.close()


def _send(conn: Connection, message: tuple[bool, Any]) -> bool:
    """Send ``message``; False when it cannot be pickled or sent (e.g. out of memory)."""
    try:
        conn.send(message)
        return True
    except BaseException:
        return False


def fork_map(fn: Callable[[Any], Any], items: Sequence[Any], jobs: int, timeout: float = DEFAULT_TIMEOUT,
             memory: int | None = None) -> list[Any]:
    """``fn`` of each item in forked workers, at most ``jobs`` at a time; None where it failed,
    timed out or ran out of memory."""
    results: dict[int, Any] = {done.index: done.value for done in fork_each(fn, items, jobs, timeout, memory)}
    return [results.get(i) for i in range(len(items))]


def _claim_in_worker(project: Project, claim: Claim, dps: int, extras: bool) -> tuple[ClaimResult, bool]:
    """One claim's result in its worker, and whether it is complete (its extras computed)."""
    if extras:
        from ..sources.content import memoize_derivations
        memoize_derivations(project.content)
    result = run_one(project, claim, dps)
    if extras:
        return _enriched(project, claim, result, dps)
    return result, True


def _enriched(project: Project, claim: Claim, result: ClaimResult, dps: int) -> tuple[ClaimResult, bool]:
    """The result with the report's extras (report.enrich), and whether they were computed."""
    if not _needs_extras(claim, result):
        return result, True
    from .extras import extras, with_extras
    try:  # what report.enrich does for one result, without its fork and its warm-up
        return with_extras(result, extras(project, claim, result, dps)), True
    except MemoryError:
        raise
    except Exception:  # as in enrich: the result stays without its extras (and is not cached)
        return result, False


def run_all(project: Project, claims: Iterable[Claim], dps: int, jobs: int = 1,
            timeout: float = DEFAULT_TIMEOUT,
            progress: Callable[[ClaimResult], None] | None = None,
            cache: "ResultCache | None" = None, extras: bool = False,
            memory: int | None = None) -> list[ClaimResult]:
    """Run every claim, at most ``jobs`` at a time, each in a forked process limited to
    ``timeout`` seconds and ``memory`` MB (None: the default for ``jobs``, run.limits).

    With a ``cache``, a claim whose inputs are unchanged is read back instead of run, and
    every fresh result that is not an error row is stored. When every claim is cached, the
    content (and SymPy) is never imported. With ``extras``, each worker also computes what
    the report adds to a result (report.enrich: MathML, figures), and the cache holds the
    result with them. Results come back in registry order whatever ``jobs``.
    """
    if cache is not None and cache.extras != extras:
        raise ValueError("a cache of results with extras serves only runs with extras, and back")
    claims = list(claims)
    results: dict[int, ClaimResult] = {}
    todo: list[tuple[int, Claim]] = []
    for i, claim in enumerate(claims):
        hit = cache.get(claim, project.notes[claim.note]) if cache is not None else None
        if hit is not None:
            results[i] = hit
            _report(progress, hit)
        else:
            todo.append((i, claim))
    if not todo:
        return [results[i] for i in sorted(results)]
    if cache is not None:  # longest first (last run's timings), so the run does not end on a long claim
        last = cache.timings()
        todo.sort(key=lambda item: -last.get(item[1].id, 0.0))
    project.content  # import content once, before forking, so children inherit it
    _warm_imports(extras)
    seconds: dict[str, float] = {}
    work = lambda claim: _claim_in_worker(project, claim, dps, extras)  # noqa: E731
    for done in fork_each(work, [claim for _, claim in todo], jobs, timeout, memory):
        i, claim = todo[done.index]
        results[i], complete = done.value if done.ok else (error_result(claim, done.failure), False)
        seconds[claim.id] = done.seconds
        if complete and cache is not None:
            cache.put(claim, project.notes[claim.note], results[i], seconds[claim.id])
        _report(progress, results[i])
    if cache is not None:
        cache.save_timings(seconds)
    return [results[i] for i in sorted(results)]


def run_report(project: Project, claims: Iterable[Claim], dps: int, jobs: int = 1,
               timeout: float = DEFAULT_TIMEOUT,
               progress: Callable[[ClaimResult], None] | None = None,
               cache: "ResultCache | None" = None, memory: int | None = None) -> list[ClaimResult]:
    """Every claim's result as the report shows it, MathML and figures included (report.enrich,
    computed in the claim's own worker, reusing its derivations), run or read from the cache.
    A fully cached report needs neither the content nor SymPy. Pass the results to
    build_report with ``figures=False``: they are already enriched."""
    return run_all(project, claims, dps, jobs, timeout, progress, cache=cache, extras=True, memory=memory)


def _needs_extras(claim: Claim, r: ClaimResult) -> bool:
    """Whether report.enrich would compute something for this result (mirrors its test)."""
    return r.outcome is not Outcome.ERROR and bool(
        getattr(claim, "figures", ()) or (r.formulas and not any(getattr(f, "mathml", "") for f in r.formulas))
        or (r.steps and not any(getattr(s, "mathml", "") for s in r.steps)))


def _warm_imports(extras: bool) -> None:
    """Import (and warm) once in the parent what every claim's run needs, so no child does it again."""
    import importlib
    for name in ("mpmath", "noteproof.run.numbers", "noteproof.formula.equality", "noteproof.formula.formread",
                 "noteproof.formula.parser", "noteproof.run.extras"):
        try:
            importlib.import_module(name)
        except Exception:  # a child importing it meets the same error and reports it as its row
            pass
    if extras:
        try:
            from .extras import warm_up
            warm_up()
        except Exception:
            pass


def _report(progress: Callable[[ClaimResult], None] | None, result: ClaimResult) -> None:
    if progress is not None:
        progress(result)
