"""Run claims in forked worker processes, each under a time and a memory limit: the one worker pool.

A check that raises becomes an ``error`` row; one that runs past the time limit is killed, and
one that runs out of its memory (run.limits) stops, and each becomes an ``error`` row; the run
goes on. Results come back in
registry order whatever the number of jobs, so output does not depend on --jobs.
``fork_each`` is the pool itself (at most ``jobs`` forked workers, each running one group of
items after another, by default each item alone; an item past its deadline is killed with its
worker); ``run_jobs`` runs claims on it, each on its project's notes (``run_all``: on one
project's), the claims that share a derivation in one worker (``shared_groups``), and ``fork_map``
serves the report's extras (report.enrich).
"""
from __future__ import annotations

import gc
import multiprocessing
import os
import time
import traceback
from collections import deque
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from multiprocessing.reduction import ForkingPickler
from typing import TYPE_CHECKING, Any, Callable, Iterable, Iterator, Mapping, Sequence

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
              timeout: float = DEFAULT_TIMEOUT, memory: int | None = None,
              groups: Sequence[Sequence[int]] | None = None) -> Iterator[Done]:
    """``fn`` of each item in forked processes, at most ``jobs`` at a time, in the order of
    ``items``; yields each item's Done as it finishes (a worker past ``timeout`` seconds on one
    item is killed: its Done says so, with ``seconds`` = ``timeout``). Each worker's address
    space is limited to ``memory`` MB (None: the default for ``jobs``, run.limits).

    ``groups`` (lists of item indices, every index once; default: each item alone) are run one
    group to a worker, its items one after another, so what they share is computed once (the
    memoised derivations of several claims). A worker that ends a group takes the next one: the
    ``jobs`` workers are forked once, and what one group imported or memoised serves the next.
    The time limit is per item; when a worker is killed, dies or runs out of memory on one item,
    that item's Done says so and the rest of its group start again in a fresh worker."""
    ctx = multiprocessing.get_context("fork")
    memory = worker_memory(memory, jobs)
    queue = deque(list(g) for g in (groups if groups is not None else [[i] for i in range(len(items))]) if g)
    running: dict[Connection, _Worker] = {}
    while queue or running:
        while queue and len(running) < max(1, jobs):
            parent, child = ctx.Pipe(duplex=False)
            tasks, orders = ctx.Pipe(duplex=False)
            proc = ctx.Process(target=_child, args=(child, tasks, fn, items, memory), daemon=True)
            proc.start()
            child.close()
            tasks.close()
            w = _Worker(proc, orders, [], time.monotonic())
            running[parent] = w
            _next_group(w, queue)
        busy = [w for w in running.values() if w.group]   # the others have been told to stop
        soonest = min((w.started + timeout for w in busy), default=time.monotonic() + timeout)
        for conn in wait(list(running), timeout=max(0.0, soonest - time.monotonic())):
            w = running[conn]
            try:
                i, ok, value = conn.recv()
            except (EOFError, OSError):  # the worker ended: done with its groups, failed, or died
                conn.close()
                w.stop()
                running.pop(conn)
                if w.group and not w.failed:  # it died on its current item (no answer for it)
                    yield Done(w.group.pop(0), False, None, death_message(w.proc.exitcode, memory),
                               time.monotonic() - w.started)
                if w.group:
                    queue.appendleft(w.group)
                continue
            now = time.monotonic()
            w.group.remove(i)
            w.failed = not ok
            failure = "" if ok else value if isinstance(value, str) else death_message(None, memory)
            yield Done(i, ok, value if ok else None, failure, now - w.started)
            w.started = now
            if ok and not w.group:
                _next_group(w, queue)
        now = time.monotonic()
        for conn, w in list(running.items()):
            if w.group and now >= w.started + timeout:
                w.proc.kill()
                w.stop()
                conn.close()
                running.pop(conn)
                yield Done(w.group.pop(0), False, None, f"timed out after {timeout:g} s", timeout, timed_out=True)
                if w.group:
                    queue.appendleft(w.group)


@dataclass
class _Worker:
    """A running worker: its process, the pipe that gives it groups, the items of its group not
    yet answered (the first is the one it is on) and when that item started; ``failed`` once it
    has answered a failure (it then stops, and the rest of its group start again elsewhere)."""

    proc: multiprocessing.Process
    orders: Connection
    group: list[int]
    started: float
    failed: bool = False

    def stop(self) -> None:
        """Reap the process (it has ended or been killed) and close its pipe."""
        self.proc.join()
        self.orders.close()


def _next_group(w: _Worker, queue: deque) -> None:
    """Give the worker the next group, or tell it to stop (None: workers forked later hold a copy
    of this pipe's end, so closing it would not reach the worker as an end of file)."""
    if queue:
        w.group = queue.popleft()
        w.started = time.monotonic()
    try:
        w.orders.send(w.group if w.group else None)
    except OSError:   # it has just died: its end of file is read next, and its group goes back
        pass


def _child(conn: Connection, orders: Connection, fn: Callable[[Any], Any], items: Sequence[Any],
           memory: int | None) -> None:
    """Run each group the parent sends (item indices), until it sends None or an item fails."""
    while True:
        try:
            group = orders.recv()
        except (EOFError, OSError):
            break
        if group is None or not _run_group(conn, fn, [(i, items[i]) for i in group], memory):
            break
    conn.close()


def _run_group(conn: Connection, fn: Callable[[Any], Any], work: list[tuple[int, Any]], memory: int | None) -> bool:
    """``fn(item)`` of each (index, item) under the memory limit, each (index, ok, value or failure)
    sent back as it is done; stops at the first failure (False). The out-of-memory answers are
    pickled before the limit is set: sending one must not need the memory that ran out."""
    out_of_memory = {i: ForkingPickler.dumps((i, False, memory_message(memory))) for i, _ in work}
    for i, item in work:
        sent = ok = False
        try:
            limit_memory(memory)
            conn.send((i, True, fn(item)))
            sent = ok = True
        except MemoryError:
            pass  # answered below, once the handler has let go of the frames holding the memory
        except BaseException as exc:  # e.g. an unpicklable result
            sent = _send(conn, (i, False, f"worker failed: {type(exc).__name__}: {exc}"))
        if not sent:
            try:
                conn.send_bytes(out_of_memory[i])
            except BaseException:  # the parent reads a dead worker
                pass
        if not ok:
            return False
    return True


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
    """One claim's result in its worker, and whether it is complete (its extras computed). The
    derivations are memoised in the worker: the claims of its group (shared_groups) share them."""
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
    """Run every claim on the project's notes (run_jobs), results in registry order."""
    return run_jobs([(project, claim) for claim in claims], dps, jobs, timeout, progress, cache, extras, memory)


def run_jobs(work: Sequence[tuple[Project, Claim]], dps: int, jobs: int = 1,
             timeout: float = DEFAULT_TIMEOUT,
             progress: Callable[[ClaimResult], None] | None = None,
             cache: "ResultCache | None" = None, extras: bool = False,
             memory: int | None = None) -> list[ClaimResult]:
    """Run each claim on its project's notes (an audit runs a claim on the baseline and on the
    edited note: projects of one root, which share its content), at most ``jobs`` at a time,
    each in a forked process limited to ``timeout`` seconds and ``memory`` MB (None: the
    default for ``jobs``, run.limits).

    With a ``cache``, a claim whose inputs are unchanged is read back instead of run, and
    every fresh result that is not an error row is stored. When every claim is cached, the
    content (and SymPy) is never imported. With ``extras``, each worker also computes what
    the report adds to a result (report.enrich: MathML, figures), and the cache holds the
    result with them. Results come back in the order of ``work`` whatever ``jobs``.
    """
    if cache is not None and cache.extras != extras:
        raise ValueError("a cache of results with extras serves only runs with extras, and back")
    results: dict[int, ClaimResult] = {}
    todo: list[tuple[int, tuple[Project, Claim]]] = []
    for i, (project, claim) in enumerate(work):
        hit = cache.get(claim, project.notes[claim.note]) if cache is not None else None
        if hit is not None:
            results[i] = hit
            _report(progress, hit)
        else:
            todo.append((i, (project, claim)))
    if not todo:
        return [results[i] for i in sorted(results)]
    # claims that share a derivation run in one worker, which derives it once (shared_groups),
    # on whichever note: a claim's baseline and edited runs too; longest group first (last
    # run's timings, else the most claims), so the run does not end on a long one
    first = todo[0][1][0]
    content = first.content  # imported once, before forking, so children inherit it
    for _, (project, _) in todo:
        if project.root == first.root:
            project.share_content(content)   # one memo of the derivations for every note's run
    last = cache.timings() if cache is not None else {}
    shares = {cid: check.share for cid, check in content.checks.items() if check.share}
    groups = shared_groups([claim for _, (_, claim) in todo], shares)
    groups.sort(key=lambda g: (-sum(last.get(todo[i][1][1].id, 0.0) for i in g), -len(g)))
    _warm_imports(extras)
    seconds: dict[str, float] = {}
    run = lambda job: _claim_in_worker(job[0], job[1], dps, extras)  # noqa: E731
    # what the parent holds (SymPy, the content, the notes) is no garbage of the children's:
    # frozen, their cyclic collector neither walks it nor writes to (and so copies) its pages
    gc.freeze()
    try:
        for done in fork_each(run, [job for _, job in todo], jobs, timeout, memory, groups):
            i, (project, claim) = todo[done.index]
            results[i], complete = done.value if done.ok else (error_result(claim, done.failure), False)
            seconds[claim.id] = done.seconds
            if complete and cache is not None:
                cache.put(claim, project.notes[claim.note], results[i], seconds[claim.id])
            _report(progress, results[i])
    finally:
        gc.unfreeze()   # a caller's process (the API, a notebook) collects as before
    if cache is not None:
        cache.save_timings(seconds)
    return [results[i] for i in sorted(results)]


def shared_groups(claims: Sequence[Claim], shares: Mapping[str, str] | None = None) -> list[list[int]]:
    """The claims (indices into ``claims``) in groups, each group the claims linked by the
    derivations they use (their own and their formulas') or by the ``share`` key of a numeric
    their quotes compute (``shares``: check id -> key); a claim that shares none is alone. In
    registry order: a group runs in one worker, which derives or builds what they share once."""
    shares = shares or {}
    owner: dict[str, int] = {}      # derivation id or share key -> the first claim that uses it
    root = list(range(len(claims)))

    def find(i: int) -> int:
        while root[i] != i:
            root[i] = root[root[i]]
            i = root[i]
        return i

    for i, claim in enumerate(claims):
        keys = (*claim.derivations, *(f.derivation for f in claim.formulas),
                *(f"share:{shares[c]}" for c in claim.check_ids if c in shares))
        for d in keys:
            j = owner.setdefault(d, i)
            root[find(i)] = find(j)
    groups: dict[int, list[int]] = {}
    for i in range(len(claims)):
        groups.setdefault(find(i), []).append(i)
    return list(groups.values())


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
