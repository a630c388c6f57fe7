"""The report's judgment of a note as printed, with no baseline: what the mutation suite's "no
baseline" column asks of every edit, computed in its forked workers right after each edit's
audit, which leaves them the edited note's document and the results it stored
(tests/audit/test_audit_mutations.py), and in the test process for the edits of
tests/audit/test_no_baseline.py.

A report's verdict on a note is, claim by claim, `run_claim` on the note as printed (the result
cache is only a memo of it), plus the rows no claim encodes, the math spans and sentences nothing
accounts for, and the worked steps that do not hold.
"""
from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path
from typing import Callable

from noteproof.model import Outcome
from noteproof.sources.notes import table_rows
from tests.helpers import ROOT

BROKEN = (Outcome.FAILED, Outcome.ERROR)


def report_judge(cache: Path, memoize: bool = True) -> Callable[[str, str], set]:
    """``verdict(key, text)``: everything that fails in the report of note ``key`` printed as
    ``text``, and every number it lists as checked by nothing; with ``verdict.new_failure(key,
    text, known)`` (the first failure not in ``known``, judging no more than it takes) and
    ``verdict.project``. Results are read from the result cache in ``cache`` (a report's), else
    run. With ``memoize``, each derivation runs once per parameters in this process, as a
    report's does (a caller that memoizes them itself, tests.forked.derived_once, passes False)."""
    from noteproof.formula.respelled import registered_view
    from noteproof.run.cache import ResultCache, note_inputs
    from noteproof.run.claim import run_claim
    from noteproof.sources.content import memoize_derivations
    from noteproof.sources.project import load_project
    project = load_project(ROOT, documents=False, view=registered_view)   # documents in memory only
    if memoize:
        memoize_derivations(project.content)
    caches = [ResultCache(ROOT, 50, folder=cache).sibling(extras) for extras in (True, False)]
    memo: dict[str, object] = {}

    def result(claim, note):
        key = claim.id + json.dumps(note_inputs(claim, note), sort_keys=True, default=str)
        if key not in memo:
            hit = next((r for c in caches if (r := c.get(claim, note)) is not None), None)
            memo[key] = hit or run_claim(claim, project.content, note)
        return memo[key]

    def verdict(key: str, text: str) -> set:
        return set(_failing(project, result, key, text, warnings=True))

    def new_failure(key: str, text: str, known: set) -> tuple | None:
        """The same answer as ``verdict(key, text) - known`` being empty or not."""
        return next((b for b in _failing(project, result, key, text) if b not in known), None)

    verdict.project, verdict.new_failure = project, new_failure
    return verdict


def _failing(project, result, key: str, text: str, warnings: bool = False):
    """What fails in the report of note ``key`` printed as ``text``, one finding at a time (and
    with ``warnings``, each number it lists as checked by nothing)."""
    from noteproof.formula.declared import prose_read, unaccounted_math, unaccounted_numbers
    from noteproof.run.steps import unchecked_wrong_steps
    from noteproof.sources.coverage import encoded_rows
    # judged as a report judges it: under the registry, its worked steps read as registered, its
    # regions read once (Project.judged)
    note = project.judged(key, replace(project.notes[key], text=text, respellings=(), regions=None))
    claims, spec = project.claims_of(key), project.registry.notes[key]
    # (a statement or status cell found reworded says so, to update claims.yaml: no failing check
    # of its own, the audit's notice NP403/NP505)
    for c in claims:
        if (r := result(c, note)).outcome in BROKEN:
            yield from ((c.id, m) for m in [m for m in r.messages if not m.startswith("reworded: ")
                                            and not m.endswith("update claims.yaml's 'tag'")] or ("",))
    encoded = encoded_rows(note, claims)
    yield from (("row", r.text) for r in table_rows(note) if r.text not in encoded)
    yield from (("math", m.text) for m in unaccounted_math(note, claims, spec))
    yield from (("prose", p.text) for p in prose_read(note, claims, spec) if p.coverage == "unaccounted")
    unchecked = unaccounted_numbers(note, claims, spec)
    yield from (("step", c.link.text) for c in unchecked_wrong_steps(note, unchecked))
    if warnings:
        yield from (("number", n.token.text) for n in unchecked)


def as_written(verdict) -> dict[str, set]:
    """What fails in the notes as their author wrote them: the notes' own errata."""
    return {key: verdict(key, note.text) for key, note in verdict.project.notes.items()}
