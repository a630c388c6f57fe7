"""noteproof: checks the mathematics of a course's lecture notes.

``noteproof.claim(id)`` opens one claim for notebooks (see noteproof.api); the
import is lazy so that ``import noteproof`` stays light (no SymPy).

The engine is layered; data flows one way and no module imports a layer above its own
(tests/unit/test_layers.py checks every import, deferred ones included, and that there is no cycle):

    base      model, errors, defaults      nouns, located errors, every shared constant
    sources   noteproof.sources            YAML, registry, tags, project, content loader, notes, and
                                           coverage (what covers each row, number and math span: `scan`)
    formula   noteproof.formula            lexers, parser -> SymPy, equality    (imports sources)
    run       noteproof.run                a claim's run, numbers, pool, cache  (imports formula)
    audit     noteproof.audit              what an edit broke, and the fix  (run)
    report    noteproof.report             the Report and one module per format  (run)
    doors     api, pytest_plugin, authoring and this module: the Python API, the pytest
              plugin (which shows the audit's findings) and what content imports; each uses
              the layers below, none the cli
    cli       noteproof.cli                the command line, the only printing; uses all but the doors
"""
from .defaults import VERSION as __version__

__all__ = ["__version__", "claim", "claims", "report"]


def claim(claim_id: str, root=None):
    """The claim ``claim_id`` of the project at ``root`` (default: found like the CLI, by walking up
    to claims.yaml): ``.derivation()`` gives SymPy objects, ``.check(beta="0.9")`` a ClaimResult."""
    from .api import claim as _claim
    return _claim(claim_id, root)


def claims(root=None, note=None):
    """Every claim of the project (or of one note) as ``noteproof.claim`` objects."""
    from .api import claims as _claims
    return _claims(root, note)


class _ReportDoor:
    """``noteproof.report()`` runs the report from Python (noteproof.api.report); attributes
    reach the package noteproof.report, so ``noteproof.report.html`` stays the module."""

    def __call__(self, root=None, dps=None, jobs=1, cache=True):
        from .api import report as _report
        from .defaults import DEFAULT_DPS
        return _report(root, dps or DEFAULT_DPS, jobs, cache)

    def __getattr__(self, name):
        import importlib
        return getattr(importlib.import_module(__name__ + ".report"), name)

    def __repr__(self) -> str:
        return "<function noteproof.report(root=None, dps=50, jobs=1, cache=True)>"


import importlib as _importlib

_importlib.import_module(__name__ + ".report")   # the package (light): later imports keep the door
report = _ReportDoor()
