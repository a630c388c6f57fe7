"""What earns a tag: table-driven over status parts and evidence kinds."""
import pytest

from noteproof.model import Evidence
from noteproof.model import EvidenceKind as K
from noteproof.model import Status as S
from noteproof.run.earn import judge


def ev(*kinds, holds=True, supports=None, condition=False):
    return tuple(Evidence(k, k.value, holds, supports, condition=condition) for k in kinds)


CASES = [
    # parts, evidence, earned
    ((S.EXACT,), ev(K.IDENTITY), True),
    ((S.EXACT,), ev(K.INEQUALITY), True),
    ((S.EXACT,), ev(K.COUNTEREXAMPLE), True),
    ((S.EXACT,), ev(K.DEFINITION), True),
    ((S.EXACT,), ev(K.BOUND, K.ORDER), False),          # a controlled approximation raised to exact
    ((S.EXACT,), ev(K.NUMERIC), False),
    ((S.EXACT,), ev(K.IDENTITY, holds=False), False),
    ((S.EXACT,), ev(K.DEFINITION, condition=True), False),  # a condition earns no tag
    ((S.CONTROLLED,), ev(K.BOUND, K.ORDER), True),
    ((S.CONTROLLED,), ev(K.BOUND), False),
    ((S.CONTROLLED,), ev(K.ORDER), False),
    ((S.APPROXIMATION,), ev(K.NUMERIC), True),
    ((S.APPROXIMATION,), (), False),
    ((S.CONDITIONAL,), ev(K.IDENTITY, K.COUNTEREXAMPLE), True),
    ((S.CONDITIONAL,), ev(K.IDENTITY), False),
    ((S.PROPOSAL,), (), True),
    ((S.EXACT, S.APPROXIMATION), ev(K.IDENTITY, supports=S.EXACT) + ev(K.NUMERIC, supports=S.APPROXIMATION), True),
    ((S.EXACT, S.APPROXIMATION), ev(K.NUMERIC, supports=S.EXACT) + ev(K.NUMERIC, supports=S.APPROXIMATION), False),
]


@pytest.mark.parametrize("parts, evidence, earned", CASES)
def test_what_earns_a_tag(parts, evidence, earned):
    assert judge(parts, evidence).earned is earned


def test_overstated_and_understated_are_said():
    assert "overstated" in judge((S.EXACT,), ev(K.BOUND, K.ORDER)).messages[0]
    assert "understated" in judge((S.APPROXIMATION,), ev(K.IDENTITY)).notices[0]


def test_an_approximation_said_to_be_controlled_needs_a_general_bound():
    """One example of control leaves the [approximation] partly verified, naming the missing bound;
    a bound of general reach verifies it; with no control claimed nothing is asked."""
    from noteproof.model import Reach, Scope
    from noteproof.run.earn import reach_gaps
    base = (Evidence(K.NUMERIC, "measured", True, supports=S.APPROXIMATION),)
    example = Evidence(K.ORDER, "one 1-D example", True, supports=S.CONTROLLED, reach=Reach.INSTANCES)
    bound = Evidence(K.BOUND, "a general bound", True, supports=S.CONTROLLED, reach=Reach.GENERAL)
    [gap] = reach_gaps(Scope.GENERAL, (S.APPROXIMATION,), base + (example,))
    assert "said to be controlled" in gap and "one 1-D example" in gap and "missing: a bound of general reach" in gap
    assert reach_gaps(Scope.GENERAL, (S.APPROXIMATION,), base + (example, bound)) == ()
    assert reach_gaps(Scope.GENERAL, (S.APPROXIMATION,), base) == ()
