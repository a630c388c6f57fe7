"""What content imports: the one door for derivations/ and numerics/.

A content module registers its functions by id and builds its results from these names
only, so the engine's layout can change without touching the content::

    from noteproof.authoring import Derived, Evidence, EvidenceKind, Step, derivation, exact

    @derivation("w09.fixed-point-slope")
    def fixed_point_slope() -> Derived: ...

See noteproof.sources.content for the decorators' contract (parameters as strings,
:func:`exact` and :func:`mpnum` to read them, :func:`zero` to prove an expression 0,
:func:`rational_nonzero` to prove a rational function is not; :func:`clenshaw_curtis`, a
quadrature whose cost grows gently with the precision).
"""
from .errors import NoteproofError
from .formula.parser import Relation
from .model import Derived, Erratum, ErratumKind, Evidence, EvidenceKind, Failure, Reach, Status, Step
from .run import words
from .run.quadrature import clenshaw_curtis
from .run.witness import where_it_fails
from .sources.content import condition, derivation, exact, mpnum, numeric, rational_nonzero, zero

__all__ = ["Derived", "Erratum", "ErratumKind", "Evidence", "EvidenceKind", "Failure", "NoteproofError", "Reach",
           "Relation", "Status", "Step",
           "clenshaw_curtis", "condition", "derivation", "exact", "mpnum", "numeric", "rational_nonzero",
           "where_it_fails", "words", "zero"]
