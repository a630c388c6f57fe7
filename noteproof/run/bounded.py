"""`check` and the API's ``Claim.check`` bounded like `report`: the claim runs in one forked
worker of the pool (pool.fork_each), under the same time limit (``--timeout``) and memory limit
(``--memory``, run.limits). A time-out or a memory overflow comes back as a Bounded whose
``failure`` says so, with the claim's ``error`` row; nothing hangs, nothing is printed here.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..defaults import DEFAULT_DPS, DEFAULT_TIMEOUT
from ..errors import NoteproofError
from ..model import ClaimResult
from .checkat import checked_from_json, checked_to_json
from .pool import error_result, fork_each, run_one


@dataclass(frozen=True)
class Bounded:
    """One claim's bounded run: ``result`` (its row; an ``error`` row when the worker failed),
    ``checked`` (run.checkat.Checked, when run at given values) and the figure's ``readouts``;
    ``failure`` says why there is no result (time, memory, a dead worker), ``timed_out`` whether
    it was the time limit."""

    result: ClaimResult
    checked: Any = None
    readouts: list[dict] = field(default_factory=list)
    failure: str = ""
    timed_out: bool = False


def check_bounded(project, claim, params: dict[str, str] | None, dps: int = DEFAULT_DPS,
                  timeout: float = DEFAULT_TIMEOUT, memory: int | None = None, readouts: bool = False,
                  cache: Any = None) -> Bounded:
    """The claim checked at ``params`` (run.checkat.check_at; ``None``: a plain run at the note's
    settings, pool.run_one), with its read-outs when ``readouts``, in a worker limited to
    ``timeout`` seconds and ``memory`` MB (None: the default for one worker). A located error the
    run raises (bad values, unknown ids) is raised here again, as in this process."""
    project.content  # imported once here: the worker inherits it, a broken module is reported as usual
    note = project.notes[claim.note]
    if cache is not None and readouts and (hit := checked_from_json(cache.get_other(claim, note, "check"))):
        return Bounded(hit[0].result, hit[0], hit[1])   # the same claim, note, values and dps: checked before

    def work(_: object) -> tuple:
        try:
            if params is None and not readouts:
                return ("result", run_one(project, claim, dps))
            from .checkat import check_at
            from .readouts import readouts as readouts_of
            checked = check_at(project, claim, dict(params or {}), dps)
            return ("checked", checked, readouts_of(project, claim, dict(params or {}), dps) if readouts else [])
        except NoteproofError as exc:
            return ("refused", type(exc), exc.message, exc.location)

    [done] = fork_each(work, [None], 1, timeout, memory)
    if not done.ok:
        return Bounded(error_result(claim, done.failure), failure=done.failure, timed_out=done.timed_out)
    kind, *rest = done.value
    if kind == "refused":
        cls, message, location = rest
        raise cls(message, location)
    if kind == "result":
        return Bounded(rest[0])
    if cache is not None and readouts:
        cache.put_other(claim, note, "check", checked_to_json(rest[0], rest[1]))
    return Bounded(rest[0].result, rest[0], rest[1])
