"""The tag parser over every status cell of the notes, and Chapter 12's labels."""
import pytest

from noteproof.model import Status
from noteproof.sources.tags import TagError, parse_tag

E, C, A, K, P = Status.EXACT, Status.CONTROLLED, Status.APPROXIMATION, Status.CONDITIONAL, Status.PROPOSAL

TAGS = {
    "[Exact] by definition; the point is that arguments do not transfer": (E,),
    "[Controlled approximation]; every hypothesis used": (C,),
    "[Exact], by the worked example": (E,),
    "[Exact] for $0<\\beta <1$": (E,),
    "[Exact.]": (E,),
    "[Exact]; the driven case has no fixed sign": (E,),
    "[Proposal]: no reported performance in the version consulted on 2026-09-13": (P,),
    "[Exact], by the chain rule": (E,),
    "[Controlled approximation], under the Week 9 hypotheses": (C,),
    "[Exact] frozen moment matching; [Approximation] to SGD, controlled only with the stated "
    "small-step hypotheses": (E, A),
    "[Exact] for the linear diffusion it describes": (E,),
    "Conditional: requires the stated noise–mobility relation; fails for anisotropic noise": (K,),
    "[Exact], by the exercise": (E,),
    "[Exact]; a positive path cost is not irreversibility": (E,),
    "Identity": (E,),
    "Illustration": (),
}


@pytest.mark.parametrize("text, parts", TAGS.items())
def test_every_tag_variant(text, parts):
    assert parse_tag(text).parts == parts


@pytest.mark.parametrize("text", ["", "by definition", "[Exactly]", "[Maybe] true", "exact-ish"])
def test_cells_without_a_known_status_are_errors(text):
    with pytest.raises(TagError):
        parse_tag(text)
