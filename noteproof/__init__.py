"""noteproof: checks the mathematics of a course's lecture notes.

``noteproof.claim(id)`` opens one claim for notebooks (see noteproof.api); the
import is lazy so that ``import noteproof`` stays light (no SymPy).
"""
from .defaults import VERSION as __version__

__all__ = ["__version__", "claim"]


def claim(claim_id: str, root=None):
    """The claim ``claim_id`` of the project at ``root`` (default: found like the CLI, by walking up
    to claims.yaml): ``.derivation()`` gives SymPy objects, ``.check(beta="0.9")`` a ClaimResult."""
    from .api import claim as _claim
    return _claim(claim_id, root)
