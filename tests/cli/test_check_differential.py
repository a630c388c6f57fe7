"""A differential test of `check --set --json`: the numbers it reports at settings across and
beyond the page's sliders, against independent closed forms computed here with mpmath and SymPy
(never the project's numerics). Each closed form is the textbook one: Euler on x' = -ax is
(1 - ah)^n, Verlet from (1, 0) is cos(n phi) with cos(phi) = 1 - h^2/2, the tempered softmax
sqrt(w)/(sqrt(w) + 1), the fixed-point error theta^k (z0 - z*), RK4's factor the degree-4 Taylor
polynomial of e^(-h)."""
import contextlib
import io
import json
from fractions import Fraction

import mpmath
import pytest
import sympy as sp

from noteproof.cli.main import main
from tests.helpers import ROOT


def check(claim_id: str, **sets: str) -> dict:
    args = [a for k, v in sets.items() for a in ("--set", f"{k}={v}")]
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        main(["--root", str(ROOT), "check", claim_id, *args, "--json"])
    return json.loads(out.getvalue())


def reported(doc: dict) -> dict[str, str]:
    """check id -> value, from the quoted numbers and the figure's read-outs."""
    values = {n["check"]: n["computed"] for n in doc["numbers"] if n["outcome"] != "error"}
    values.update({r["check"]: r["yours"] for r in doc["readouts"] if r["kind"] == "numeric"})
    return values


def mp(text: str) -> mpmath.mpf:
    """An exact decimal or fraction as an mpf at the working precision."""
    q = Fraction(text)
    return mpmath.mpf(q.numerator) / q.denominator


def close(text: str, expected, digits: int = 9) -> bool:
    got = mp(text) if "/" in text else mpmath.mpf(text)
    return abs(got - expected) <= mpmath.mpf(10) ** -digits * max(1, abs(expected))


def d01(h: str, a: str) -> dict:
    """Euler on x' = -ax from 1 to the horizon 6."""
    f, n = 1 - mp(a) * mp(h), int(Fraction(6) / Fraction(h))
    return {"c12.d01.euler-factor": f, "c12.d01.exact-factor": mpmath.exp(-mp(a) * mp(h)),
            "c12.d01.euler-at-horizon": f ** n, "c12.d01.error-at-horizon": abs(f ** n - mpmath.exp(-6 * mp(a)))}


def d04(h: str, horizon: str = "20") -> dict:
    """Euler energy 0.5 (1 + h^2)^N; Verlet q_N = cos(N phi), lag N phi - T = (omega - 1) T."""
    hh, T = mp(h), mp(horizon)
    N = int(Fraction(horizon) / Fraction(h))
    phi = mpmath.acos(1 - hh ** 2 / 2)
    return {"c12.d04.euler-energy-end": (1 + hh ** 2) ** N / 2, "c12.d04.euler-energy-factor": 1 + hh ** 2,
            "c12.d04.phase-drift-estimate": (phi / hh - 1) * T, "c12.d04.phase-drift-actual": N * phi - T,
            "c12.d04.verlet-frequency-excess": phi / hh - 1, "c12.d04.verlet-q1": 1 - hh ** 2 / 2}


def d02(theta: str, x: str) -> dict:
    th, xv = sp.Rational(theta), sp.Rational(x)
    star = xv / (1 - th)
    return {"c12.d02.fixed-point-value": mpmath.mpf(sp.N(star, 30)),
            "c12.d02.distance": mpmath.mpf(sp.N(abs(th ** 12 * (0 - star)), 30)),
            "c12.d02.z2": mpmath.mpf(sp.N(th * xv + xv, 30))}


def d06(steps: str) -> dict:
    h = sp.Rational(1, int(steps))
    rk4 = sum((-h) ** k / sp.factorial(k) for k in range(5))
    return {"c12.d06.rk4-factor": mpmath.mpf(sp.N(rk4, 30)), "c12.d06.euler-factor": mpmath.mpf(sp.N(1 - h, 30)),
            "c12.d06.rk4-error": mpmath.mpf(sp.N(abs(rk4 ** int(steps) - sp.exp(-1)), 40))}


CASES = [
    ("c12.d01.euler-follows-decay", {"h": "0.75", "a": "2"}, lambda: d01("0.75", "2")),
    ("c12.d01.euler-follows-decay", {"h": "3", "a": "1.2"}, lambda: d01("3", "1.2")),       # beyond the slider
    ("c12.d04.energy-and-timing", {"h": "1.25", "horizon": "10"}, lambda: d04("1.25", "10")),
    ("c12.d04.timing-estimate", {"horizon": "10"},
     lambda: {k: v for k, v in d04("0.5", "10").items() if k.startswith("c12.d04.phase-drift")}),
    ("c12.d04.check-answer", {"check_h": "0.1"},
     lambda: {"c12.d04.check-h-squared": mpmath.mpf("0.01"), "c12.d04.check-energy-factor": mpmath.mpf("1.01"),
              "c12.d04.check-euler-energy": mpmath.mpf("0.5") * mpmath.mpf("1.01") ** 2}),
    ("c12.d02.settles-only-if-contraction", {"theta": "-0.5", "x": "2"}, lambda: d02("-0.5", "2")),
    ("c12.d02.settles-only-if-contraction", {"theta": "3", "x": "-1"}, lambda: d02("3", "-1")),
    ("c12.d06.orders", {"steps": "100"}, lambda: d06("100")),
    ("w10.temperature-softmax", {"tau": "10"},
     lambda: {"w10.tempered-p1": mpmath.mpf(3) / 4, "w10.tempered-p2": mpmath.sqrt(3) / (1 + mpmath.sqrt(3))}),
    ("w10.temperature-softmax", {"weight": "5"},
     lambda: {"w10.tempered-p1": mpmath.mpf(5) / 6, "w10.tempered-p2": mpmath.sqrt(5) / (1 + mpmath.sqrt(5))}),
]


@pytest.mark.parametrize("claim_id, sets, expected", CASES, ids=[f"{c}-{s}" for c, s, _ in CASES])
def test_check_reports_what_an_independent_computation_gives(claim_id, sets, expected):
    with mpmath.workdps(40):
        want = expected()
        got = reported(check(claim_id, **sets))
        missing = set(want) - set(got)
        assert not missing, f"check --json does not report {missing}"
        wrong = {k: (got[k], mpmath.nstr(v, 15)) for k, v in want.items() if not close(got[k], v)}
        assert not wrong, wrong


def test_the_differential_test_can_fail():
    """A wrong independent value is caught (the comparison is not vacuous)."""
    with mpmath.workdps(40):
        got = reported(check("c12.d04.check-answer", check_h="0.1"))
        assert not close(got["c12.d04.check-energy-factor"], mpmath.mpf("1.25"))
        assert close(got["c12.d04.check-energy-factor"], mpmath.mpf("1.01"))
