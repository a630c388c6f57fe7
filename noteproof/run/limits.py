"""What bounds a worker besides its time: an address-space limit (RLIMIT_AS), set in the forked
child, and the messages an error row carries when a claim goes past it.

The limit is per worker, in MB: by default MEMORY_FRACTION of the machine's physical memory
divided by the number of workers (defaults.default_memory_mb), so that ``--jobs`` workers at
high precision cannot exhaust the machine between them.
"""
from __future__ import annotations

import signal

from ..defaults import default_memory_mb


def worker_memory(memory: int | None, jobs: int) -> int | None:
    """The limit a worker runs under: ``memory`` MB when given, else the default for ``jobs``."""
    return memory if memory else default_memory_mb(jobs)


def limit_memory(memory: int | None) -> None:
    """Limit this process's address space to ``memory`` MB (in a forked child; never the parent).
    Past it an allocation fails (Python raises MemoryError) instead of the machine swapping."""
    if not memory:
        return
    import resource
    _, hard = resource.getrlimit(resource.RLIMIT_AS)
    soft = memory << 20
    if hard != resource.RLIM_INFINITY:
        soft = min(soft, hard)
    resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


def memory_message(memory: int | None) -> str:
    """The error row of a claim that ran out of memory (MemoryError in its worker)."""
    if not memory:
        return "ran out of memory (MemoryError)"
    return f"exceeded the worker memory limit of {memory} MB; raise it with --memory"


def death_message(exitcode: int | None, memory: int | None) -> str:
    """The error row of a worker that died without a result (killed by a signal, or exited)."""
    how = f"exit code {exitcode}"
    if exitcode is not None and exitcode < 0:
        try:
            how = f"signal {signal.Signals(-exitcode).name}"
        except ValueError:
            how = f"signal {-exitcode}"
    if not memory:
        return f"worker died ({how})"
    return (f"worker died ({how}); it may have exceeded the worker memory limit of {memory} MB; "
            "raise it with --memory")
