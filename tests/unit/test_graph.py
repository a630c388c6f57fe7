"""The weakest-link rule on the `uses` graph (noteproof.run.graph), on made-up ClaimResults."""
import pytest

from noteproof.model import ClaimResult, Mark, Outcome
from noteproof.run.graph import edges, propagate, reported, tag_mark, topological

E, C, A, P = Mark.EXACT, Mark.CONDITIONAL, Mark.APPROXIMATE, Mark.PROPOSAL
V, F, X, U = Outcome.VERIFIED, Outcome.FAILED, Outcome.ERROR, Outcome.UNVERIFIED


def result(cid, marks=(E,), outcome=V, uses=()):
    return ClaimResult(cid, "note", f"row of {cid}", "[Exact]", tuple(marks), outcome, uses=tuple(uses))


def by_id(results):
    return {r.id: r for r in propagate(results)}


# (upstream mark, downstream mark) -> reported downstream mark
MARKS = {
    (E, E): E, (A, E): A, (C, E): C, (P, E): P,
    (E, A): A, (A, A): A, (C, A): A,
    (A, C): A, (E, C): C,
}


@pytest.mark.parametrize("up, down", MARKS)
def test_a_claim_is_no_stronger_than_what_it_uses(up, down):
    got = by_id([result("up", (up,)), result("down", (down,), uses=["up"])])
    assert reported(got["down"]) is MARKS[(up, down)]
    assert tag_mark(got["down"]) is down           # the tag's own mark is kept
    weakened = MARKS[(up, down)] is not down
    assert any("reported" in m and "up" in m for m in got["down"].messages) is weakened


def test_exact_claim_using_an_approximate_one_is_reported_approximate_with_a_notice():
    got = by_id([result("w.exact", (E,), uses=["w.approx"]), result("w.approx", (A,))])
    assert reported(got["w.exact"]) is A
    assert got["w.exact"].outcome is V
    assert "reported approximate, not exact: it uses w.approx (approximate)" in got["w.exact"].messages


@pytest.mark.parametrize("up, down, expected, words", [
    (F, V, F, "upstream up failed"),
    (X, V, F, "upstream up errs"),
    (U, V, U, "upstream up is unverified"),
    (F, X, X, "upstream up failed"),      # an error stays an error, with the upstream named
    (V, F, F, None),
    (V, V, V, None),
])
def test_outcomes_propagate(up, down, expected, words):
    got = by_id([result("up", outcome=up), result("down", outcome=down, uses=["up"])])
    assert got["down"].outcome is expected
    assert (words in got["down"].messages) if words else not any("upstream" in m for m in got["down"].messages)
    assert got["up"].outcome is up


def test_the_rule_is_transitive_whatever_the_order_given():
    chain = [result("c", uses=["b"]), result("b", uses=["a"]), result("a", (A,), outcome=F)]
    got = by_id(chain)
    assert [r.id for r in propagate(chain)] == ["c", "b", "a"]          # order kept
    assert reported(got["c"]) is A and got["c"].outcome is F
    assert "upstream b failed" in got["c"].messages


def test_weakest_of_several_upstream_and_compound_tags():
    got = by_id([result("x", (E, A)), result("y", (C,)), result("z", (E,), uses=["x", "y"])])
    assert reported(got["x"]) is A                      # a compound exact+approximate tag is approximate
    assert reported(got["z"]) is A


def test_unknown_upstream_ids_and_cycles_do_not_loop():
    got = by_id([result("a", uses=["missing"]), result("b", uses=["c"]), result("c", uses=["b"])])
    assert got["a"].outcome is V and reported(got["a"]) is E
    assert {r.id for r in topological(list(got.values()))} == {"a", "b", "c"}


def test_edges_in_registry_order():
    rs = [result("a"), result("b", uses=["a"]), result("c", uses=["a", "b", "zz"])]
    assert edges(rs) == [("a", "b"), ("a", "c"), ("b", "c")]


def test_upstream_mark_from_tags_alone():
    from noteproof.run.graph import upstream_mark
    uses = {"c": ("b",), "b": ("a",), "a": (), "x": ("x",)}
    marks = {"a": (A,), "b": (E,), "c": (E,), "x": (E,)}
    assert upstream_mark("c", uses, marks) is A
    assert upstream_mark("a", uses, marks) is A
    assert upstream_mark("x", uses, marks) is E        # a self-loop does not recurse forever
