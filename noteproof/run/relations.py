"""Every self-contained relation of a note decided (run.identities), each span within
``IDENTITY_SECONDS`` in a forked worker (run.pool), so a hard one costs only its own time."""
from __future__ import annotations

import multiprocessing

from ..defaults import IDENTITY_SECONDS
from ..sources.notes import MathSpan, Note
from .identities import IdentityCheck, Verdict, maybe, span_checks


def relation_checks(note: Note, seconds: float = IDENTITY_SECONDS) -> tuple[IdentityCheck, ...]:
    """Every self-contained relation of the note's ``$...$`` spans, decided (module docstring),
    each span within ``seconds`` in a forked worker (inline when already in a worker)."""
    spans = [s for s in note.math_spans() if maybe(s.text)]
    if not spans:
        return ()
    if multiprocessing.current_process().daemon:
        return tuple(c for s in spans for c in span_checks(note, s))
    from ..formula import parser  # noqa: F401 -- imported once here: each fresh worker inherits them
    from . import sampling  # noqa: F401
    from .pool import fork_each
    out: dict[int, tuple[IdentityCheck, ...]] = {}
    for done in fork_each(lambda s: span_checks(note, s), spans, 1, seconds, groups=[list(range(len(spans)))]):
        why = f"not decided within {seconds:g} s" if done.timed_out else f"not decided: {done.failure}"
        out[done.index] = done.value if done.ok else _undecided(note, spans[done.index], why)
    return tuple(c for i in range(len(spans)) for c in out.get(i, ()))


def _undecided(note: Note, span: MathSpan, why: str) -> tuple[IdentityCheck, ...]:
    from ..formula.prose import tex_unicode
    shown = tex_unicode(span.text.strip())
    return (IdentityCheck(span.text, shown, "", "", note.location_of(span.start), Verdict.UNDECIDED, why),)
