"""pytest plugin: `pytest --noteproof` collects one test per claim of claims.yaml.

Each test is named after its claim (``claims.yaml::w09.fixed-point-response``),
reads the claim's result from .noteproof-cache/ as `noteproof report` does (the same cache:
right after a report nothing is run), else runs the claim's checks in a forked worker under
the usual time limit and stores the result. A failing item prints the findings `noteproof
audit` gives the claim on the note as it stands (audit.findings_of: ``path:line:col: CODE``,
"0.000988 is wrong ... expected 0.000977"). Without ``--noteproof`` the plugin does nothing
(and imports nothing heavy), so the plain test suite is unaffected. A failing item with an
erratum prints its finding and suggested wording. A run of the plugin alone (every argument
a claims.yaml) starts no xdist workers, whatever ``-n`` the project's addopts give.
"""
from __future__ import annotations

from pathlib import Path

import pytest

from .defaults import DEFAULT_DPS, DEFAULT_TIMEOUT, REGISTRY


def pytest_addoption(parser):
    group = parser.getgroup("noteproof")
    group.addoption("--noteproof", action="store_true", default=False,
                    help="collect one test per claim of claims.yaml (run from the project root)")
    group.addoption("--noteproof-dps", type=int, default=DEFAULT_DPS,
                    help=f"digits for the claims' numbers (default {DEFAULT_DPS})")
    group.addoption("--noteproof-timeout", type=float, default=DEFAULT_TIMEOUT,
                    help=f"seconds per claim (default {DEFAULT_TIMEOUT:g})")
    group.addoption("--noteproof-no-cache", action="store_true", default=False,
                    help="run every claim; neither read nor write .noteproof-cache/")


def pytest_cmdline_main(config):
    """A plugin-only run (``pytest --noteproof claims.yaml``: every argument a registry) runs in
    this process: the claims come from the report's cache in well under a second, while
    starting xdist's workers (a project's ``addopts = -n auto``) takes seconds. Runs after
    xdist's own hook (tryfirst), which has read ``-n``; returns None so pytest goes on."""
    args = config.args
    if config.getoption("noteproof") and args and all(Path(a.split("::")[0]).name == REGISTRY for a in args):
        for name, value in (("numprocesses", 0), ("dist", "no"), ("tx", [])):
            if hasattr(config.option, name):
                setattr(config.option, name, value)


def pytest_collect_file(file_path: Path, parent):
    """claims.yaml named on the command line (``pytest --noteproof claims.yaml``)."""
    if parent.config.getoption("noteproof") and file_path.name == REGISTRY:
        return ClaimsFile.from_parent(parent, path=file_path)
    return None


def pytest_collection_modifyitems(session, config, items):
    """``pytest --noteproof`` from the project root: add the root's claims.yaml if not collected yet."""
    if not config.getoption("noteproof") or any(isinstance(i, ClaimItem) for i in items):
        return
    from .sources.project import find_root
    try:
        root = find_root(Path(config.invocation_params.dir))
    except Exception as exc:
        raise pytest.UsageError(f"--noteproof: {exc}") from None
    collector = ClaimsFile.from_parent(session, path=root / REGISTRY)
    try:
        items.extend(collector.collect())
    except collector.CollectError as exc:
        raise pytest.UsageError(str(exc)) from None


class ClaimFailed(Exception):
    """A claim that did not verify: its result and the audit's findings on it."""


class ClaimsFile(pytest.File):
    def collect(self):
        from .errors import NoteproofError
        from .formula.respelled import registered_view
        from .sources.project import load_project
        try:
            project = load_project(self.path.parent, view=registered_view)
        except NoteproofError as exc:
            raise self.CollectError(f"noteproof: error: {exc}") from None
        for claim in project.registry.claims:
            yield ClaimItem.from_parent(self, name=claim.id, project=project, claim=claim)


class ClaimItem(pytest.Item):
    def __init__(self, *, project, claim, **kwargs):
        super().__init__(**kwargs)
        self.project, self.claim = project, claim
        self.add_marker(pytest.mark.noteproof)

    def runtest(self):
        from .model import Outcome
        from .run.cache import ResultCache
        from .run.pool import run_all
        config = self.config
        dps = config.getoption("noteproof_dps")
        cache = None if config.getoption("noteproof_no_cache") else ResultCache(self.project.root, dps, extras=True)
        [result] = run_all(self.project, [self.claim], dps, 1, config.getoption("noteproof_timeout"),
                           cache=cache, extras=cache is not None)
        if result.outcome not in (Outcome.VERIFIED, Outcome.PARTLY):
            from .audit.audit import findings_of
            raise ClaimFailed(result, findings_of(self.project, self.claim, result))

    def repr_failure(self, excinfo):
        """The claim's row and tag, then the findings `noteproof audit` prints for it (located,
        with the expected value); the claim's messages when the audit finds nothing."""
        if isinstance(excinfo.value, ClaimFailed):
            from .audit.lines import format_finding
            from .model import Severity
            r, findings = excinfo.value.args
            from .formula.prose import unicode as math_text
            lines = [f"claim {r.id} {r.outcome.value}: {r.row}", f"tag: {r.tag}"]
            errors = [format_finding(f) for f in findings if f.severity is Severity.ERROR]
            errata = [line for e in r.errata for line in (
                f"erratum ({e.kind.value}) at {e.location}: {math_text(e.finding)}",
                f"  suggestion: {math_text(e.suggestion)}", f"  rerun: {e.command}")]
            return "\n".join(lines + (errors or [f"  {math_text(m)}" for m in r.messages]) + errata)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, self.claim.location.line - 1, f"claim {self.claim.id}"


def pytest_configure(config):
    config.addinivalue_line("markers", "noteproof: a claim of claims.yaml, collected by --noteproof")
