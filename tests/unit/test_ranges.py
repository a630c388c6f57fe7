"""The range a status cell's condition allows (formula.ranges): notation never matters, a
changed end point or a closed end does."""
import pytest
import sympy as sp

from noteproof.formula.ranges import allowed, range_change, same_ranges

OPEN = sp.Interval.open(0, 1)


@pytest.mark.parametrize("latex", [r"0<\beta <1", r"1>\beta >0", r"\beta \in (0,1)", r"\beta \in \left(0,1\right)",
                                   r"0 < \beta < 1"])
def test_one_range_in_every_notation(latex):
    symbol, values = allowed(latex)
    assert symbol.name == "beta" and values == OPEN


@pytest.mark.parametrize("latex, values", [(r"0<\beta \le 1", sp.Interval.Lopen(0, 1)),
                                           (r"\beta \in [0,1)", sp.Interval.Ropen(0, 1)),
                                           (r"|\theta|<1", sp.Interval.open(-1, 1)),
                                           (r"\beta >0", sp.Interval.open(0, sp.oo))])
def test_other_ranges(latex, values):
    assert allowed(latex)[1] == values


@pytest.mark.parametrize("latex", [r"\eta h<2", r"a_{i+1}=\tanh (\beta a_i+u_i)", r"\beta \in"])
def test_not_a_condition_on_one_symbol(latex):
    assert allowed(latex) is None


def test_a_cell_respelled_keeps_its_range_and_an_edited_one_does_not():
    cell = r"[Exact] for $0<\beta <1$"
    assert same_ranges(cell, r"[Exact] for $\beta \in (0,1)$")
    assert range_change(cell, r"[Exact] for $\beta \in (0,1)$") is None
    assert range_change(cell, r"[Exact] for $0<\beta \le 1$") == (r"0<\beta <1", r"0<\beta \le 1")
    assert range_change(cell, r"[Exact] for $0<\theta <1$") is not None
    assert not same_ranges(cell, r"[Exact] for $0<\beta <2$")


@pytest.mark.parametrize("new, still", [
    (r"[Exact] for $0<\beta <1/2$", True),        # inside the registered range: claims less
    (r"[Exact] for $0<\beta \le 1$", True),       # wider, inside where the evidence holds
    (r"[Exact] for $\beta >0$", True),
    (r"[Exact] for $-1<\beta <1$", False),        # past where the evidence holds
    (r"[Exact] for $\beta <1$", False),
])
def test_a_range_is_earned_inside_the_registered_one_or_where_the_evidence_holds(new, still):
    cell = r"[Exact] for $0<\beta <1$"
    assert (range_change(cell, new, (r"\beta > 0",)) is None) is still
    assert (same_ranges(cell, new, (r"\beta > 0",))) is still


def test_without_a_certified_range_only_a_narrower_one_is_earned():
    cell = r"[Exact] for $0<\beta <1$"
    assert range_change(cell, r"[Exact] for $0<\beta <1/2$") is None
    assert range_change(cell, r"[Exact] for $0<\beta \le 1$") is not None
    assert range_change(cell, r"[Exact] for $0<\beta \le 1$", (r"\theta > 0",)) is not None   # another symbol


def test_a_solved_interval_is_printed_with_the_relation_symbols_of_its_ends():
    """authoring.interval_relation: open ends give <, closed ends <=; one infinite end a one-sided
    relation; a union or the whole line cannot be printed as one relation."""
    import sympy as sp

    from noteproof.authoring import NoteproofError, interval_relation
    q = sp.Symbol("q")
    got = {str(interval_relation(i, q)) for i in (sp.Interval.open(0, 2), sp.Interval.Ropen(0, 2),
                                                   sp.Interval(-sp.oo, 1), sp.Interval.open(0, sp.oo))}
    assert got == {"0 < q < 2", "0 <= q < 2", "q <= 1", "q > 0"}
    for bad in (sp.Interval(-sp.oo, sp.oo), sp.Union(sp.Interval(0, 1), sp.Interval(2, 3))):
        with pytest.raises(NoteproofError):
            interval_relation(bad, q)
