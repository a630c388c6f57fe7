"""The options verbs share: --dps, --jobs and the limits of a run (--timeout, --memory)
defined once in a parent parser (argparse ``parents=``), and their types with --set's
(argparse ``type=``)."""
from __future__ import annotations

import argparse
import re

from ..defaults import (
    CONFIRM,
    DEFAULT_DPS,
    DEFAULT_TIMEOUT,
    DPS_RANGE,
    MAX_JOBS,
    MAX_TIMEOUT,
    MEMORY_FRACTION,
    MEMORY_RANGE,
    PARAM_NAME,
    PARAM_VALUE,
    default_jobs,
    physical_memory_mb,
)


def shared(jobs: bool = True, limits: bool = True) -> argparse.ArgumentParser:
    """The parent parser of every verb that runs claims: ``--dps``; with ``jobs`` (the verbs that
    run many claims in worker processes) ``--jobs``; with ``limits`` (the verbs that run claims in
    bounded workers) ``--timeout`` and ``--memory`` (add_limits)."""
    parent = argparse.ArgumentParser(add_help=False)
    parent.add_argument("--dps", type=dps_arg, default=DEFAULT_DPS,
                        help=f"decimal digits (default {DEFAULT_DPS}, confirmed at +{CONFIRM})")
    if jobs:
        parent.add_argument("--jobs", type=jobs_arg, default=default_jobs(), help="worker processes")
    if limits:
        add_limits(parent, jobs=jobs)
    return parent


def dps_arg(text: str) -> int:
    lo, hi = DPS_RANGE
    if not re.fullmatch(r"\d{1,6}", text) or not lo <= int(text) <= hi:
        raise argparse.ArgumentTypeError(f"--dps must be a whole number from {lo} to {hi}, not {text[:20]!r}")
    return int(text)


def jobs_arg(text: str) -> int:
    if not re.fullmatch(r"\d{1,3}", text) or not 1 <= int(text) <= MAX_JOBS:
        raise argparse.ArgumentTypeError(f"--jobs must be a whole number from 1 to {MAX_JOBS}, not {text[:20]!r}")
    return int(text)


def timeout_arg(text: str) -> float:
    if not re.fullmatch(r"\d{1,5}(\.\d{1,3})?", text) or not 0 < float(text) <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"--timeout must be seconds from 0 to {MAX_TIMEOUT}, not {text[:20]!r}")
    return float(text)


def memory_arg(text: str) -> int:
    lo, hi = MEMORY_RANGE
    if not re.fullmatch(r"\d{1,8}", text) or not lo <= int(text) <= hi:
        raise argparse.ArgumentTypeError(f"--memory must be megabytes from {lo} to {hi}, not {text[:20]!r}")
    return int(text)


def add_limits(parser: argparse.ArgumentParser, jobs: bool = True) -> None:
    """--timeout and --memory: what bounds each worker a verb runs claims in (run.pool, run.limits)."""
    parser.add_argument("--timeout", type=timeout_arg, default=DEFAULT_TIMEOUT,
                        help=f"seconds per claim (default {DEFAULT_TIMEOUT:g})")
    total = physical_memory_mb()
    share = f"{MEMORY_FRACTION:g} of this machine's {total} MB" if total else "no limit: memory size unknown"
    parser.add_argument("--memory", type=memory_arg, metavar="MB",
                        help=f"megabytes of address space per worker (default {share}"
                             + (", divided by --jobs)" if jobs and total else ")"))


def set_arg(text: str) -> tuple[str, str]:
    """NAME=VALUE with VALUE an exact decimal or fraction (scientific notation is read as the exact
    decimal it writes: 1e-3 is 0.001); nothing else is accepted."""
    from ..run.readouts import normalize_value
    name, sep, value = text.partition("=")
    name, value = name.strip(), value.strip()
    value = normalize_value(value) or value
    number, slash, denominator = value.partition("/")
    if sep and PARAM_NAME.fullmatch(name) and slash and denominator.isdigit() and not denominator.strip("0") \
            and PARAM_VALUE.fullmatch(number):
        raise argparse.ArgumentTypeError(f"--set {name}: zero denominator")
    if not sep or not PARAM_NAME.fullmatch(name) or not PARAM_VALUE.fullmatch(value):
        raise argparse.ArgumentTypeError(
            f"--set takes NAME=VALUE with VALUE a decimal or fraction such as 0.75, 3/2 or 1e-3, not {text[:60]!r}")
    return name, value


def settings(sets: list[tuple[str, str]]) -> dict[str, str]:
    """The --set pairs as a dict; a parameter set twice is refused (the run would keep only one)."""
    from ..errors import UsageError
    out: dict[str, str] = {}
    for name, value in sets:
        if name in out:
            raise UsageError(f"--set {name} is given twice ({name}={out[name]} and {name}={value}); "
                             "give each parameter once")
        out[name] = value
    return out
