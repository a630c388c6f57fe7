"""`noteproof check --set`: every number tied to the parameters it depends on, every conclusion
judged by all its parts on each side of its boundaries, verdicts away from the page (issue 26),
and what check says of the user's values (issue 24, section 3)."""
import contextlib
import io
import json

import pytest

from noteproof.cli.main import main
from tests.helpers import ROOT, real_content


def check(claim_id: str, **sets: str) -> tuple[int, dict]:
    """(exit code, --json document) of `check` run in this process."""
    args = [a for k, v in sets.items() for a in ("--set", f"{k}={v}")]
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["--root", str(ROOT), "check", claim_id, *args, "--json"])
    return code, (json.loads(out.getvalue()) if out.getvalue() else {"stderr": err.getvalue()})


def moved(claim_id: str, **sets: str) -> set[str]:
    """The checks whose quoted numbers move when ``sets`` are set (each against the run without)."""
    _, page = check(claim_id)
    _, mine = check(claim_id, **sets)
    before = {(n["check"], n["location"]): n["computed"] for n in page["numbers"]}
    return {n["check"] for n in mine["numbers"] if before.get((n["check"], n["location"])) != n["computed"]}


# ---- 1. every number knows its parameters ------------------------------------------------------

@pytest.mark.parametrize("claim_id, sets, expected", [
    # the check question's own step: its h^2 and factor 1 + h^2 move with check_h, not with the slider's h
    ("c12.d04.check-answer", {"check_h": "0.1"},
     {"c12.d04.check-h-squared", "c12.d04.check-energy-factor", "c12.d04.check-euler-energy"}),
    ("c12.d04.check-answer", {"check_steps": "3"}, {"c12.d04.check-euler-energy"}),
    ("c12.d04.check-answer", {"h": "0.25"}, set()),
    # p_1 and p_2 are at temperatures 1 and 2 whatever tau; the scores move both
    ("w10.temperature-softmax", {"tau": "0.5"}, set()),
    ("w10.temperature-softmax", {"tau": "10"}, set()),
    ("w10.temperature-softmax", {"weight": "4"}, {"w10.tempered-p1", "w10.tempered-p2"}),
    ("c12.d04.timing-estimate", {"h": "0.25"}, {"c12.d04.phase-drift-estimate"}),
    ("c12.d04.timing-estimate", {"horizon": "10"}, {"c12.d04.phase-drift-estimate"}),
    ("c12.d04.timing-estimate", {"q0": "2"}, set()),
])
def test_each_parameter_moves_exactly_the_quotes_that_depend_on_it(claim_id, sets, expected):
    assert moved(claim_id, **sets) == expected


def test_numbers_are_computed_at_the_right_parameter():
    _, doc = check("c12.d04.check-answer", check_h="0.1")
    by = {n["check"]: n for n in doc["numbers"]}
    assert by["c12.d04.check-h-squared"]["computed"] == "0.01"
    assert by["c12.d04.check-energy-factor"]["computed"] == "1.01"
    assert by["c12.d04.check-euler-energy"]["computed"].startswith("0.51005")
    assert by["c12.d04.start-energy"]["message"].startswith("unchanged: it does not depend on check_h")
    _, doc = check("w10.temperature-softmax", tau="1")
    p2 = next(n for n in doc["numbers"] if n["check"] == "w10.tempered-p2")
    assert p2["computed"].startswith("0.63397459621556")          # sqrt(3)/(1 + sqrt(3)), as without --set


def test_the_timing_statement_uses_the_step_set_and_the_exact_verlet_phase():
    for sets, lag in (({"h": "0.25"}, "0.0524530"), ({"horizon": "10"}, "0.107210"), ({}, "0.214420")):
        code, doc = check("c12.d04.timing-estimate", **sets)
        [st] = doc["statements"]
        assert code == 0 and doc["outcome"] == "verified" and st["holds"], st
        assert f"N phi - T = {lag}" in st["statement"] and "the same, exactly" in st["statement"]
        assert "0.5" not in st["statement"] or not sets.get("h")


def test_the_timing_statement_fails_when_the_lag_is_not_the_estimate(monkeypatch):
    """The statement can fail: a Verlet solution whose phase is not N phi (the recurrence unproved)."""
    fn = real_content().checks["c12.d04.drift"].fn
    monkeypatch.setitem(fn.__globals__, "_verlet_phase_recurrence", lambda: False)
    assert not fn("1/2", "20").evidence[0].holds
    monkeypatch.undo()
    assert fn("1/2", "20").evidence[0].holds
    assert not fn("0.3", "20").evidence[0].holds          # 20/0.3 steps never land on the horizon


# ---- 2. a conclusion is judged as it is worded --------------------------------------------------

def conclusion(claim_id: str, says: str, **sets: str) -> bool | None:
    _, doc = check(claim_id, **sets)
    return next(c["holds"] for c in doc["conclusions"] if c["says"] == says)


@pytest.mark.parametrize("h, holds", [
    ("1.5", True),     # factor -0.8: flips sign and shrinks
    ("0.25", False),   # factor 0.7: shrinks, flips no sign
    ("0.8125", False),  # factor 0.025 > 0, just below ah = 1
    ("0.875", True),   # factor -0.05, just past ah = 1
    ("1.625", True),   # factor -0.95, just below ah = 2
    ("1.75", False),   # factor -1.1: flips but grows
])
def test_flips_sign_but_shrinks_is_judged_by_sign_and_size(h, holds):
    """C12-D01 (a = 1.2): "it flips sign every step but still shrinks", -1 < 1 - ah < 0."""
    assert conclusion("c12.d01.euler-follows-decay", "it flips sign every step but still shrinks", h=h) is holds


def test_flips_sign_at_a_zero_factor_is_not_a_flip():
    # ah = 1 exactly: the factor is 0, no sign to flip
    assert conclusion("c12.d01.euler-follows-decay", "it flips sign every step but still shrinks",
                      h="1", a="1") is False


@pytest.mark.parametrize("sets, holds", [
    ({"theta": "1"}, True),             # 0, 1, 2, ...: never settles
    ({"theta": "-1"}, True),            # 0, 1, 0, 1, ...: never settles
    ({"theta": "1.01"}, True),
    ({"theta": "-1.01"}, True),
    ({"theta": "0.99"}, False),
    ({"theta": "-0.99"}, False),
    ({"theta": "1", "x": "0"}, False),  # every value fixed: the start never moves, it has settled
    ({"theta": "2", "x": "0"}, False),  # z* = 0 = z0: fixed from the start
])
def test_does_not_settle_is_judged_by_the_exact_criterion(sets, holds):
    assert conclusion("c12.d02.settles-only-if-contraction", "the iteration does not settle", **sets) is holds


@pytest.mark.parametrize("ds, holds", [("0.5", True), ("1.5", True), ("0.4", False), ("1.6", False), ("1", False)])
def test_shrinks_by_half_means_a_size_of_one_half(ds, holds):
    """Week 9: "the amplitude shrinks by half each step" at Delta s: |1 - Delta s| = 1/2."""
    _, doc = check("w09.unstable-discretization", ds_small=ds)
    st = next(s for s in doc["statements"] if "shrinks by half" in s["statement"])
    assert st["holds"] is holds


# ---- 3. a verdict away from the page says what it knows ----------------------------------------

@pytest.mark.parametrize("claim_id", ["c12.d05.order-kept", "c12.d05.no-crossing"])
@pytest.mark.parametrize("t", ["1", "0.5", "2"])
def test_a_general_closed_form_is_not_evaluated_and_fails_nothing(claim_id, t):
    code, doc = check(claim_id, t=t)
    assert code == 0 and doc["outcome"] == "verified" and not doc["why"], doc["why"]
    general = next(f for f in doc["closed_forms"] if f["form"] == "gap_solution")
    assert general["evaluated"] is False and "not evaluated here" in general["why"]


@pytest.mark.parametrize("theta, holds", [("1", False), ("2", True)])
def test_a_relation_at_the_settings_says_whether_it_holds(theta, holds):
    _, doc = check("c12.d02.exists-outside-contraction", theta=theta)
    exists = next(f for f in doc["closed_forms"] if f["form"] == "exists")
    assert exists["at"] == f"{theta} != 1" and exists["holds"] is holds   # never a bare "1 ≠ 1"


def test_the_closed_form_follows_the_rate():
    _, doc = check("c12.d05.order-kept", rate="3", t="0.25")
    x = next(f for f in doc["closed_forms"] if f["derivation"] == "c12.d05.decay-flow" and f["form"] == "x")
    assert x["expression"] == "x0*exp(-3*t)" and x["at"] == "x0*exp(-3/4)"


def test_a_statement_independent_of_the_values_is_not_rejudged_by_the_example():
    code, doc = check("c12.d02.twelve-updates", theta="-0.5", x="2")
    assert code == 0 and doc["outcome"] == "verified"
    assert all(s["holds"] for s in doc["statements"])


def test_a_numeric_agreeing_at_two_precisions_is_stable_outside_the_slider():
    _, doc = check("c12.d06.orders", steps="100")
    ratio = next(r for r in doc["readouts"] if r["check"] == "c12.d06.rk4-halving-ratio")
    assert ratio["yours"].startswith("16.06681769"), ratio


def test_a_numeric_that_moves_between_precisions_is_unstable():
    """numbers.compute: the two precisions must agree to the digits shown; a value that depends on the
    working precision itself is refused."""
    import mpmath

    from noteproof.errors import NoteproofError
    from noteproof.run.numbers import compute

    class Run:
        dps = 50
        content = type("C", (), {"get": lambda self, i, k: i})()

        def __init__(self, fn):
            self.fn = fn

        def call(self, check):
            return self.fn()

    with pytest.raises(NoteproofError, match="unstable"):
        compute(Run(lambda: mpmath.mpf(1) + mpmath.mpf(10) ** (-mpmath.mp.dps // 4)), "x")
    value, text, dps = compute(Run(lambda: mpmath.mpf(16) + mpmath.mpf(10) ** -35 * mpmath.mp.dps), "x")
    assert 30 <= dps < 50 and text == "16.0"


# ---- issue 24: check speaks of the user's values -----------------------------------------------

def test_a_value_outside_the_stated_range_is_not_applicable():
    code, doc = check("w09.contraction", beta="3")
    assert code == 3 and doc["outcome"] == "not applicable" and doc["applicable"] is False
    assert doc["verdict"].startswith("not applicable here: the note states 0 < beta < 1")
    assert not any("59049 <" in s["statement"] for s in doc["statements"])
    code, doc = check("w09.contraction", beta="0.9")
    assert code in (0, 1) and doc["applicable"] is True and doc["outcome"] != "not applicable"


def test_the_users_value_is_labelled_theirs():
    _, doc = check("w09.fixed-point-response", beta="0.9")
    assert any("at your beta = 0.9" in s["statement"] for s in doc["statements"])
    assert not any("page's beta = 0.9" in s["statement"] for s in doc["statements"])


def test_a_value_outside_the_slider_is_noted():
    _, doc = check("c12.d04.energy-and-timing", h="1.5")
    assert any("outside the page's slider range 0.1 to 1.25" in n for n in doc["notes"])
    _, doc = check("c12.d04.energy-and-timing", h="0.25")
    assert doc["notes"] == []


def test_zero_prints_as_zero_and_one_value_in_one_format():
    _, doc = check("w09.fixed-point-response", beta="0.7")
    zero = next(n for n in doc["numbers"] if n["check"] == "w09.zero-input-fixed-point")
    assert zero["computed"] == "0"
    _, doc = check("w09.contraction", beta="1e-3")
    [n] = [n for n in doc["numbers"] if n["check"] == "w09.separation-bound"]
    [c] = doc["conclusions"]
    assert n["computed"] == c["value"] == "1e-30"


def test_a_very_long_run_is_refused_with_its_estimate():
    code, doc = check("c12.d04.energy-and-timing", h="1e-9")
    assert code == 2 and "20,000,000,000 steps" in doc["stderr"] and "refused before it starts" in doc["stderr"]
