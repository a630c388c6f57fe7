"""Where the notes are wrong: certified witnesses against statements as the notes print them.

Each derivation checks one printed statement at an exact point (SymPy rationals, or exact
expressions whose sign SymPy certifies) and re-checks the same point by a second, independent
route (an mpmath loop at the working precision, or a second SymPy route). Only when both routes
refute the statement is the evidence a counterexample carrying an erratum; when they disagree
it is `undecided` and claims no counterexample; at values that are no witness it is inert.
Each derivation also proves the corrected statement in general, so a note that prints the
correction is verified (the engine leaves a refutation of words the note no longer prints
inert: checks.as_printed).

Parameters default to the witness; `noteproof check ID --set NAME=VALUE` reruns the finding
(the erratum's ``rerun``).
"""
from __future__ import annotations

from functools import lru_cache

import mpmath
import sympy as sp
from sympy.solvers.inequalities import reduce_rational_inequalities

from noteproof.authoring import (
    Derived,
    Erratum,
    Evidence,
    EvidenceKind,
    Failure,
    Reach,
    Step,
    derivation,
    exact,
    mpnum,
    where_it_fails,
    words,
    zero,
)

IDENTITY, INEQUALITY = EvidenceKind.IDENTITY, EvidenceKind.INEQUALITY
WITNESS, NONE = EvidenceKind.COUNTEREXAMPLE, EvidenceKind.NONE


def refutation(statement: str, first: bool, second: bool, *, failure: Failure, says: str, finding: str,
               suggestion: str, rerun: tuple, routes: str, no_witness: str) -> Evidence:
    """The evidence of one witness: a counterexample with its erratum only when both routes agree
    that the point refutes the statement; undecided (no counterexample) when they disagree;
    inert (a holding condition, earning nothing) at values that are no witness. The erratum's
    kind follows from ``failure``, where the witness's failure set lies (computed by
    where_it_fails from the statement's own test, or WORDS where the mathematics is right)."""
    if first and second:
        return Evidence(WITNESS, statement, False, detail=routes, reach=Reach.INSTANCES,
                        erratum=Erratum(failure.kind, says, f"{finding} ({failure.value})",
                                        suggestion, rerun))
    if first != second:
        return Evidence(NONE, f"undecided: the two routes disagree ({routes}: the exact route "
                        f"{'refutes' if first else 'does not refute'}, the re-check "
                        f"{'refutes' if second else 'does not refute'}); no counterexample is claimed",
                        False, detail=statement, reach=Reach.INSTANCES)
    return Evidence(WITNESS, f"no counterexample at these values: {no_witness}", True, detail=statement,
                    condition=True, reach=Reach.INSTANCES)


def _q(v) -> str:
    return str(sp.nsimplify(v)) if isinstance(v, sp.Basic) else str(v)


# ---- C12-D01: "That factor is positive and small for small steps" ---------------

a_, h_ = sp.symbols("a h", positive=True)


def _solve(condition):
    """The real w where the rational ``condition(w)`` holds (SymPy's solver of rational inequalities)."""
    w = sp.Symbol("w", real=True)
    return reduce_rational_inequalities([[condition(w)]], w, relational=False)


def recheck_euler_factor(a: str, h: str):
    """Second route: one Euler step of dx/dt = -a x from x0 = 1, in mpmath."""
    x0 = mpmath.mpf(1)
    return x0 + mpnum(h) * (-mpnum(a) * x0)


def small_factor_fails(a: str, h: str) -> bool:
    """"small for small steps" fails at (a, h): a small step (0 < ah <= 1/2) whose factor 1 - ah is >= 1/2."""
    aa, hh = exact(a), exact(h)
    return bool(aa > 0 and hh > 0 and aa * hh <= sp.Rational(1, 2) and 1 - aa * hh >= sp.Rational(1, 2))


@derivation("c12.d01.factor-near-one")
def factor_near_one(a="6/5", h="1/4") -> Derived:
    """1 - ah -> 1 as h -> 0: for small steps the Euler factor is positive and close to 1, not small."""
    xs = sp.Symbol("x")
    factor = sp.cancel((xs + h_ * (-a_ * xs)) / xs)
    limit = sp.limit(factor, h_, 0)
    aa, hh = exact(a), exact(h)
    f = factor.subs({a_: aa, h_: hh}) if aa > 0 and hh > 0 else sp.nan
    first = small_factor_fails(a, h)
    mp = recheck_euler_factor(a, h)
    second = bool(aa > 0 and hh > 0 and aa * hh <= sp.Rational(1, 2) and mp >= mpmath.mpf(1) / 2)
    return Derived(
        forms={"factor": factor, "small_step_limit": limit},
        evidence=(
            Evidence(INEQUALITY, "for 0 < ah < 1 the factor 1 - ah lies in (0, 1) and tends to 1 as h -> 0 "
                     "(positive and close to 1 for small steps)",
                     limit == 1 and _solve(lambda w: 1 - w > 0).intersect(_solve(lambda w: 1 - w < 1))
                     == sp.Interval.open(0, 1)),
            refutation(
                f"the factor 1 - ah is small for small steps: at a = {aa}, h = {hh} (ah = {aa * hh}) it is {f}",
                first, second, failure=where_it_fails(small_factor_fails, {"a": a, "h": h}, {"a": "6/5", "h": "3/2"}),
                says="That factor is positive and small for small steps",
                finding=f"at a = {aa}, h = {hh} (ah = {aa * hh}, a small step) the factor 1 - ah is {f} exactly "
                        f"(one Euler step from x0 = 1 in mpmath: {mpmath.nstr(mp, 15)}); as h -> 0 it tends "
                        f"to {limit}: small steps give a factor close to 1, not a small one",
                suggestion="That factor is positive and close to 1 for small steps, negative for steps past "
                           "ah = 1, and larger than 1 in size past ah = 2.",
                rerun=(("a", a), ("h", h)),
                routes="exact 1 - ah (SymPy) and one mpmath Euler step",
                no_witness=f"ah = {aa * hh} is not a small step (ah <= 1/2) with factor >= 1/2"),
        ),
        steps=(Step("factor per step", factor), Step("as h -> 0", limit)))


# ---- C12-D02: settling from z0 = 0 ----------------------------------------------

th_, x_, k_ = sp.Symbol("theta"), sp.Symbol("x"), sp.Symbol("k", integer=True, nonnegative=True)


def recheck_iterates(theta: str, x: str, updates: int = 60) -> list:
    """Second route: the update z <- theta z + x from z0 = 0, in mpmath."""
    t, xv, zk, out = mpnum(theta), mpnum(x), mpmath.mpf(0), []
    for _ in range(updates):
        zk = t * zk + xv
        out.append(zk)
    return out


@lru_cache(maxsize=1)
def _iterate():
    """z_k from z0 = 0 under z <- theta z + x (rsolve), solved once in a process (the D02 claims share it)."""
    zs = sp.Function("z")
    return sp.rsolve(zs(k_ + 1) - th_ * zs(k_) - x_, zs(k_), {zs(0): 0})


def _start_is_fixed(theta: str, x: str):
    """At (theta, x): |theta| >= 1 and yet the iterates from z0 = 0 settle, because z0 = z*."""
    th, xv = exact(theta), exact(x)
    iterate = _iterate()
    if th == 1:
        return th, xv, sp.nan, False, False, iterate
    z_star = sp.solve(sp.Eq(sp.Symbol("z"), th * sp.Symbol("z") + xv), sp.Symbol("z"))[0]
    seq = sp.cancel(iterate.subs({th_: th, x_: xv}))       # rational in theta^k at the point
    first = bool(abs(th) >= 1 and not seq.has(k_) and zero(seq - z_star))
    mp = recheck_iterates(theta, x)
    second = bool(abs(mpnum(theta)) >= 1 and max(abs(v - mpnum(z_star)) for v in mp) == 0)
    return th, xv, z_star, first, second, iterate


@lru_cache(maxsize=None)
def _general_zero_start(iterate) -> Evidence:
    fixed = sp.cancel(iterate.subs(x_, 0))
    return Evidence(IDENTITY, "from z0 = 0 the iterates are z_k = x(1 - theta^k)/(1 - theta); at x = 0 every "
                    "z_k = 0 = z*, for every theta: the start is already the fixed point",
                    fixed == 0 and zero(iterate - x_ * (1 - th_**k_) / (1 - th_)))


def start_is_fixed_fails(theta: str, x: str) -> bool:
    """"settles only when |theta| < 1" fails at (theta, x): |theta| >= 1 and the iterates stay at z0 = z*."""
    return _start_is_fixed(theta, x)[3]


def _d02(theta: str, x: str, says: str, suggestion: str, statement: str) -> Derived:
    th, xv, z_star, first, second, iterate = _start_is_fixed(theta, x)
    failure = where_it_fails(start_is_fixed_fails, {"theta": theta, "x": x}, {"theta": "6/5", "x": "1"}) \
        if first else Failure.BOUNDARY
    return Derived(
        evidence=(
            _general_zero_start(iterate),
            refutation(
                f"{statement}: at theta = {th}, x = {xv} (|theta| >= 1) the iterates from z0 = 0 stay at z* = {z_star}",
                first, second, failure=failure, says=says,
                finding=f"at theta = {th}, x = {xv}: z* = x/(1 - theta) = {z_star} = z0, so z_k = {z_star} for every k "
                        f"(SymPy's rsolve closed form; 60 mpmath updates from 0 stay at {z_star}) although "
                        f"|theta| = {abs(th)} >= 1",
                suggestion=suggestion, rerun=(("witness_theta", theta), ("witness_x", x)),
                routes="rsolve closed form (SymPy) and 60 mpmath updates",
                no_witness=f"theta = {th}, x = {xv} is not |theta| >= 1 with the start at the fixed point"),
        ),
        steps=(Step("iterates from z0 = 0 (rsolve)", iterate), Step("at x = 0", sp.cancel(iterate.subs(x_, 0)))))


@derivation("c12.d02.settles-from-fixed-point")
def settles_from_fixed_point(witness_theta="2", witness_x="0") -> Derived:
    """The caption's "settles from the start only when |theta| is below 1", at x = 0."""
    x = witness_x                      # the witness, apart from the page's theta and x
    return _d02(witness_theta, x, says="the repeated update settles from the start only when |theta| is below 1",
                suggestion="A fixed point can exist and still never be reached: the repeated update settles "
                           "from the start only when |theta| < 1 or the start is already the fixed point (x = 0).",
                statement="the update settles from the start only when |theta| < 1")


@derivation("c12.d02.converges-from-fixed-point")
def converges_from_fixed_point(witness_theta="2", witness_x="0") -> Derived:
    """"Starting from z0 = 0, convergence requires |theta| < 1", at x = 0."""
    x = witness_x                      # the witness, apart from the page's theta and x
    return _d02(witness_theta, x, says="Starting from z0 = 0, convergence requires |theta| < 1.",
                suggestion="Starting from z0 = 0, convergence requires |theta| < 1 unless x = 0 "
                           "(then the start is the fixed point).",
                statement="starting from z0 = 0, convergence requires |theta| < 1")


@derivation("c12.d02.multiplier-in-size")
def multiplier_in_size(witness_theta="-6/5", witness_x="1") -> Derived:
    """"the layer's multiplier staying below 1": a multiplier below 1 but not in size does not settle."""
    theta, x = witness_theta, witness_x      # the witness, apart from the page's theta and x
    th, xv = exact(witness_theta), exact(x)
    iterate = _iterate()
    ok = th != 1
    z_star = xv / (1 - th) if ok else sp.nan
    first = bool(ok and th < 1 and abs(th) >= 1 and z_star != 0
                 and sp.limit(abs(th) ** k_, k_, sp.oo) != 0)
    mp = recheck_iterates(witness_theta, x) if ok else []
    second = bool(ok and th < 1 and abs(mpnum(witness_theta)) >= 1 and abs(mp[-1] - mpnum(z_star)) >= abs(mpnum(z_star)) > 0)
    z12 = sp.cancel(iterate.subs({th_: th, x_: xv, k_: 12})) if ok else sp.nan
    return Derived(
        evidence=(
            Evidence(IDENTITY, "z_k - z* = -theta^k z* from z0 = 0: for x != 0 the iterates settle exactly "
                     "when |theta| < 1 (the size of the multiplier, not its value)",
                     zero(iterate - x_ / (1 - th_) + th_**k_ * x_ / (1 - th_))),
            refutation(
                f"whether the update stops depends on the multiplier staying below 1: theta = {th} < 1 does not settle",
                first, second, failure=Failure.WORDS,
                says="the layer's multiplier staying below 1, not on a solution merely existing",
                finding=f"theta = {th} is below 1, yet from z0 = 0 with x = {xv} the iterates move away from "
                        f"z* = {z_star}: z_12 = {z12} exactly, and |z_60 - z*| = {mpmath.nstr(abs(mp[-1] - mpnum(z_star)), 6) if mp else '-'} "
                        "(mpmath); what decides is |theta| < 1",
                suggestion="A deep equilibrium model repeats one layer until its output stops changing; whether it "
                           "stops depends on the layer's multiplier staying below 1 in size, not on a solution "
                           "merely existing.",
                rerun=(("witness_theta", theta), ("witness_x", x)),
                routes="|theta|^k -> oo (SymPy) and 60 mpmath updates",
                no_witness=f"theta = {th}, x = {xv} is not a multiplier below 1 with |theta| >= 1 and x != 0"),
        ))


# ---- C12-D03: the slope "understates the size of a finite change" ---------------

def recheck_zero_input(theta: str, x: str, dtheta: str):
    """Second route: equilibria by 400 mpmath updates from 0, the slope by mpmath.diff."""
    def equilibrium(t):
        zk = mpmath.mpf(0)
        for _ in range(400):
            zk = t * zk + mpnum(x)
        return zk
    t, d = mpnum(theta), mpnum(dtheta)
    actual = equilibrium(t + d) - equilibrium(t)
    estimate = mpmath.diff(lambda s: mpnum(x) / (1 - s), t) * d
    return actual, estimate


def _zero_input_first(theta: str, x: str, dtheta: str):
    """The exact route at (theta, x, dtheta): whether it refutes, with slope, estimate, actual change
    and the slope's limit as theta -> 1 (nan outside theta < theta + dtheta < 1, |theta| < 1)."""
    slope = sp.factor(sp.diff(x_ / (1 - th_), th_))
    th, xv, d = exact(theta), exact(x), exact(dtheta)
    if not (th + d < 1 and th < 1 and d > 0 and abs(th + d) < 1 and abs(th) < 1):
        return False, slope, sp.nan, sp.nan, sp.nan, sp.nan
    s = slope.subs({th_: th, x_: xv})
    actual = (x_ / (1 - th_)).subs({th_: th + d, x_: xv}) - (x_ / (1 - th_)).subs({th_: th, x_: xv})
    near_one = sp.limit(slope.subs(x_, xv), th_, 1, "-")
    return bool(abs(actual) <= abs(s * d) and near_one.is_finite), slope, s, s * d, actual, near_one


def zero_input_fails(theta: str, x: str, dtheta: str) -> bool:
    """"grows without limit near theta = 1 and understates" fails at (theta, x, dtheta)."""
    return _zero_input_first(theta, x, dtheta)[0]


@derivation("c12.d03.zero-input")
def zero_input(witness_theta="4/5", witness_x="0", witness_dtheta="1/100") -> Derived:
    """At x = 0 the slope is 0 for every theta: it neither grows near theta = 1 nor understates.

    Its parameters are named apart from the page's theta, x, dtheta: the page's excess
    percentage (actual / estimate) is undefined at x = 0."""
    theta, x, dtheta = witness_theta, witness_x, witness_dtheta
    th, xv, d = exact(theta), exact(x), exact(dtheta)
    first, slope, s, estimate, actual, near_one = _zero_input_first(theta, x, dtheta)
    failure = where_it_fails(zero_input_fails, {"theta": theta, "x": x, "dtheta": dtheta},
                             {"theta": "4/5", "x": "1", "dtheta": "1/100"}) if first else Failure.BOUNDARY
    if s is not sp.nan:
        mp_actual, mp_estimate = recheck_zero_input(theta, x, dtheta)
        second = bool(abs(mp_actual) <= abs(mp_estimate) + mpmath.mpf(10) ** (-mpmath.mp.dps // 2))
    else:
        mp_actual = mp_estimate = mpmath.nan
        second = False
    return Derived(
        evidence=(
            Evidence(IDENTITY, "for x other than 0 the slope x/(1-theta)^2 is unbounded as theta -> 1 and the actual change "
                     "exceeds the estimate in size ((1-theta)/(1-theta-dtheta) > 1); at x = 0 both are 0",
                     slope.subs(x_, 0) == 0 and sp.limit(slope.subs(x_, 1), th_, 1) == sp.oo),
            refutation(
                f"the slope grows without limit near theta = 1 and understates a finite change: at x = {xv} "
                f"the estimate {estimate} equals the actual change {actual}",
                first, second, failure=failure,
                says="but it grows without limit near theta = 1 and understates the size of a finite change",
                finding=f"at x = {xv} (the page includes x = 0: 'x = 0 gives zero sensitivity'), theta = {th}, "
                        f"dtheta = {d}: slope {s}, estimate {estimate}, actual change {actual} (exact; 400 mpmath "
                        f"updates and mpmath.diff give {mpmath.nstr(mp_actual, 6)} and {mpmath.nstr(mp_estimate, 6)}); "
                        f"the slope tends to {near_one} as theta -> 1: it neither grows without limit nor understates",
                suggestion=SLOPE_CORRECTED,
                rerun=(("witness_theta", theta), ("witness_x", x), ("witness_dtheta", dtheta)),
                routes="exact equilibria and slope (SymPy) and mpmath updates with mpmath.diff",
                no_witness=f"at x = {xv} the estimate understates the change (or theta + dtheta is not below 1)"),
        ),
        steps=(Step("slope dz*/dtheta", slope),))


# both errata of line 134's sentence (x = 0; a decrease of theta) correct it the same way
SLOPE_CORRECTED = ("The slope x/(1-theta)^2 predicts how the equilibrium moves, but for x other than 0 it grows "
                   "without limit near theta = 1 and understates the size of a finite increase of theta that stays "
                   "below 1, such as the 0.01 shown (a decrease it would overstate).")


def decrease_overstates_fails(theta: str, x: str, dtheta: str) -> bool:
    """"understates the size of a finite change" fails at (theta, x, dtheta): a change dtheta < 0 with
    theta + dtheta < theta < 1 and x other than 0, where the actual change is smaller in size than the
    slope's estimate (actual / estimate = (1 - theta)/(1 - theta - dtheta) < 1)."""
    th, xv, d = exact(theta), exact(x), exact(dtheta)
    if not (d < 0 and abs(th) < 1 and abs(th + d) < 1 and xv != 0):
        return False
    actual = xv / (1 - th - d) - xv / (1 - th)
    return bool(abs(actual) < abs(xv / (1 - th) ** 2 * d))


@derivation("c12.d03.decrease-overstates")
def decrease_overstates(witness_theta="4/5", witness_x="1", witness_dtheta="-1/100") -> Derived:
    """z* = x/(1 - theta) is convex in theta for x > 0 (concave for x < 0), so the tangent
    x/(1 - theta)^2 dtheta understates a finite increase of theta and overstates a decrease:
    actual / estimate = (1 - theta)/(1 - theta - dtheta), above 1 exactly when dtheta > 0.

    The page (line 134: "understates the size of a finite change") shows only the increase 0.01."""
    d_ = sp.Symbol("delta")
    fixed = x_ / (1 - th_)
    ratio = sp.factor((fixed.subs(th_, th_ + d_) - fixed) / (sp.diff(fixed, th_) * d_))
    th, xv, d = exact(witness_theta), exact(witness_x), exact(witness_dtheta)
    ok = abs(th) < 1 and abs(th + d) < 1 and d != 0
    actual = fixed.subs({th_: th + d, x_: xv}) - fixed.subs({th_: th, x_: xv}) if ok else sp.nan
    estimate = sp.diff(fixed, th_).subs({th_: th, x_: xv}) * d if ok else sp.nan
    first = decrease_overstates_fails(witness_theta, witness_x, witness_dtheta)
    mp_actual, mp_estimate = recheck_zero_input(witness_theta, witness_x, witness_dtheta) if ok else (0, 0)
    second = bool(ok and abs(mp_actual) < abs(mp_estimate))
    return Derived(
        forms={"ratio": ratio},
        evidence=(
            Evidence(IDENTITY, "actual / estimate = (1 - theta)/(1 - theta - dtheta) for x other than 0: above 1 "
                     "(the slope understates) for an increase dtheta > 0, below 1 (it overstates) for a decrease",
                     zero(ratio - (1 - th_) / (1 - th_ - d_))),
            refutation(
                f"the slope understates the size of a finite change: at theta = {th}, x = {xv}, dtheta = {d} the "
                f"estimate {estimate} exceeds the actual change {actual} in size",
                first, second,
                # the page fixes the change at +0.01 (line 163), where the words hold: they say more
                failure=Failure.WORDS,
                says="understates the size of a finite change",
                finding=f"lowering theta from {th} by {-d} at x = {xv}: the slope's estimate is {estimate} = "
                        f"{sp.N(estimate, 6)}, the actual change {actual} = {sp.N(actual, 6)}, smaller in size "
                        f"(400 mpmath updates and mpmath.diff: {_mp(mp_actual)} and {_mp(mp_estimate)}); "
                        "actual / estimate = (1 - theta)/(1 - theta - dtheta) is below 1 for every decrease and above "
                        "1 only for an increase that stays below theta = 1; the page fixes the change at +0.01 "
                        "(line 163), where the slope does understate, but 'a finite change' says more",
                suggestion=SLOPE_CORRECTED,
                rerun=(("witness_theta", witness_theta), ("witness_x", witness_x), ("witness_dtheta", witness_dtheta)),
                routes="exact equilibria and slope (SymPy) and mpmath updates with mpmath.diff",
                no_witness=f"at theta = {th}, x = {xv}, dtheta = {d} the estimate does not exceed the change in size"),
        ),
        steps=(Step("actual change / estimate", ratio),))


# ---- C12-D08: "largest stable step", "divides by 1 + h lambda, which is below 1" ------

lam_, hs_ = sp.symbols("lambda h", positive=True)


def recheck_explicit(h, rate, steps: int):
    """Second route: |x_N| after N explicit Euler steps on dx/dt = -rate x from 1, in mpmath."""
    xv = mpmath.mpf(1)
    for _ in range(steps):
        xv = xv - h * rate * xv
    return abs(xv)


def does_not_shrink(size) -> bool:
    """The re-check's verdict on |x_N|: not below 1 beyond the rounding of N steps at this
    precision (the step 2/lambda is rounded in binary, so its factor is -1 only to within an
    ulp, and N of them may lose the last digits: half the working digits is ample slack)."""
    return bool(size >= 1 - mpmath.mpf(10) ** (-(mpmath.mp.dps // 2)))


@lru_cache(maxsize=1)
def _stable_set():
    """The h > 0 with |1 - h lambda| < 1, solved once in a process (the D08 claims share it)."""
    return sp.solve_univariate_inequality(sp.Abs(1 - hs_ * lam_) < 1, hs_, relational=False)


@derivation("c12.d08.no-largest-step")
def no_largest_step(fast="100") -> Derived:
    """The stable steps 0 < h < 2/lambda have no largest element; 2/lambda is their limit."""
    stable = _stable_set()
    lam = exact(fast)
    ok = lam > 0
    hl = 2 / lam if ok else sp.nan
    factor = 1 - hl * lam if ok else sp.nan
    first = bool(ok and stable.right_open and stable.sup == 2 / lam_ and not abs(factor) < 1)
    mp = recheck_explicit(mpnum(2) / mpnum(fast), mpnum(fast), 1000) if ok else mpmath.nan
    second = bool(ok and does_not_shrink(mp))
    return Derived(
        forms={"limit": stable.sup},
        evidence=(
            Evidence(INEQUALITY, "the stable steps are 0 < h < 2/lambda, an open interval: 2/lambda is its "
                     "supremum (the stability limit), not a member", stable == sp.Interval.open(0, 2 / lam_)),
            refutation(
                f"2/lambda is the largest stable explicit step: at lambda = {lam} the step {hl} gives factor {factor}",
                first, second, failure=Failure.WORDS, says="Largest stable explicit step (2 / fast rate)",
                finding=f"at fast rate {lam} the step 2/{lam} = {hl} = {sp.N(hl, 6)} gives the explicit factor 1 - h lambda = {factor}, "
                        f"not below 1 in size (1000 mpmath steps keep |x| = {mpmath.nstr(mp, 6)}): under the page's "
                        "criterion |1 - h lambda| < 1 the stable steps are h < 2/lambda, which has no largest one; "
                        f"{hl} is the stability limit",
                suggestion="Stability limit (2 / fast rate): 0.02",
                rerun=(("fast", fast),),
                routes="the stable set and the factor at 2/lambda (SymPy) and 1000 mpmath Euler steps",
                no_witness=f"fast rate {lam} is not positive"),
        ),
        steps=(Step("stable steps: solve |1 - h lambda| < 1", stable),))


@lru_cache(maxsize=1)
def _more_steps_set():
    """The h > 0 with T/h > T/(2/lambda) (more steps than at 2/lambda over the horizon T > 0),
    solved once in a process (the check is run at each precision)."""
    horizon = sp.Symbol("T", positive=True)
    return sp.solve_univariate_inequality(horizon / hs_ > horizon * lam_ / 2, hs_, relational=False)


@derivation("c12.d08.no-largest-step-check")
def no_largest_step_check(check_fast="500", horizon="2") -> Derived:
    """Fast rate 500: 500 steps of 2/500 are not stable; every stable step needs more than 500."""
    lam, T = exact(check_fast), exact(horizon)
    ok = lam > 0 and T > 0
    hl = 2 / lam if ok else sp.nan
    n = T / hl if ok else sp.nan
    stable = _stable_set().subs(lam_, lam) if ok else sp.EmptySet
    more = reduce_rational_inequalities([[T / hs_ > n]], hs_, relational=False).intersect(
        sp.Interval.open(0, sp.oo)) if ok else sp.EmptySet
    first = bool(ok and n.is_integer and abs(1 - hl * lam) == 1 and stable.is_subset(more))
    mp = recheck_explicit(mpnum(2) / mpnum(check_fast), mpnum(check_fast), int(n)) if ok and n.is_integer else mpmath.nan
    second = bool(ok and does_not_shrink(mp))
    return Derived(
        evidence=(
            Evidence(INEQUALITY, "every stable step h < 2/lambda needs more than horizon/(2/lambda) steps",
                     sp.Interval.open(0, 2 / lam_).is_subset(_more_steps_set())),
            refutation(
                f"the largest stable step is 2/{lam} = {hl}, so {n} steps: at that step the factor is {1 - hl * lam}",
                first, second, failure=Failure.WORDS,
                says="The largest step is 2/500 = 0.004, so 2/0.004 = 500 steps",
                finding=f"at fast rate {lam} the step 2/{lam} = {hl} = {sp.N(hl, 6)} gives the factor 1 - h lambda = {1 - hl * lam}: "
                        f"{n} steps of {hl} over horizon {T} leave |x| = {mpmath.nstr(mp, 6)} (mpmath), not stable; "
                        f"every stable step is below {hl} and needs more than {n} steps",
                suggestion="Steps must stay below 2/500 = 0.004, so more than 2/0.004 = 500 steps are needed.",
                rerun=(("check_fast", check_fast), ("horizon", horizon)),
                routes="the factor at 2/lambda and the stable set (SymPy) and the mpmath Euler loop",
                no_witness=f"fast rate {lam}, horizon {T} give no whole number of steps at 2/lambda"),
        ))


def recheck_implicit_divisor(h: str, fast: str):
    """Second route: one implicit Euler step from x_old = 1 solved by mpmath.findroot; x_old/x_new."""
    hh, lam = mpnum(h), mpnum(fast)
    new = mpmath.findroot(lambda v: v - (1 - hh * lam * v), mpmath.mpf(0))
    return 1 / new


def divisor_fails(h: str, fast: str) -> bool:
    """"1 + h lambda is below 1" fails at (h, lambda): a positive step and rate with 1 + h lambda > 1."""
    hh, lam = exact(h), exact(fast)
    return bool(hh > 0 and lam > 0 and 1 + hh * lam > 1)


@derivation("c12.d08.implicit-divisor")
def implicit_divisor(h="0.05", fast="100") -> Derived:
    """1 + h lambda > 1 for h lambda > 0: the divisor is above 1; its reciprocal, the factor, is below 1."""
    xn, xn1 = sp.symbols("x_n x_n1")
    implicit = sp.solve(sp.Eq(xn1, xn + hs_ * (-lam_ * xn1)), xn1)[0]
    divisor = sp.cancel(xn / implicit)
    hh, lam = exact(h), exact(fast)
    ok = hh > 0 and lam > 0
    dv = divisor.subs({hs_: hh, lam_: lam}) if ok else sp.nan
    first = bool(ok and dv > 1)
    second = bool(ok and recheck_implicit_divisor(h, fast) > 1)
    return Derived(
        forms={"divisor": divisor},
        evidence=(
            Evidence(INEQUALITY, "for h, lambda > 0 the divisor 1 + h lambda exceeds 1 and the factor "
                     "1/(1 + h lambda) lies in (0, 1)",
                     zero(divisor - 1 - hs_ * lam_) and bool((hs_ * lam_).is_positive)
                     and zero(1 / divisor - 1 + hs_ * lam_ / divisor)
                     and bool((hs_ * lam_ / divisor).is_positive) and bool((1 / divisor).is_positive)),
            refutation(
                f"1 + h lambda is below 1 for every positive step: at h = {hh}, lambda = {lam} it is {dv}",
                first, second, failure=where_it_fails(divisor_fails, {"h": h, "fast": fast}, {"h": "1/20", "fast": "100"}),
                says="divides by 1 + h lambda, which is below 1 for every positive step",
                finding=f"at h = {hh}, lambda = {lam} the divisor 1 + h lambda is {dv} > 1 (an mpmath implicit step "
                        f"from 1 gives x_old/x_new = {mpmath.nstr(recheck_implicit_divisor(h, fast), 6) if ok else '-'}); "
                        f"1 + h lambda > 1 for every positive step: it is the factor 1/(1 + h lambda) = {1 / dv} "
                        "that is below 1",
                suggestion="The implicit update divides by 1 + h lambda, so its factor 1/(1 + h lambda) is below 1 "
                           "for every positive step.",
                rerun=(("h", h), ("fast", fast)),
                routes="the divisor of the solved implicit step (SymPy) and mpmath.findroot",
                no_witness=f"h = {hh}, lambda = {lam} is not a positive step and rate"),
        ),
        steps=(Step("implicit step solved", implicit), Step("divisor x_n / x_{n+1}", divisor)))


# ---- Week 9: "Euler error proportional to Delta s, constant set by K and S" ---------

def recheck_euler_error(h0: str, steps: int):
    """Second route: |h(1) - h_L| for dh/ds = -h on [0, 1], h(0) = h0, by the mpmath Euler loop."""
    hv, ds = mpnum(h0), mpmath.mpf(1) / steps
    for _ in range(steps):
        hv = hv + ds * (-hv)
    return abs(mpnum(h0) * mpmath.exp(-1) - hv)


@derivation("w09.euler-error-not-proportional")
def euler_error_not_proportional(h0="1", h0_other="2", steps="2", steps_other="4") -> Derived:
    """dh/ds = -h on [0, 1] (K = 1, S = 1): the error is bounded by C-times-Delta s, not proportional
    to it, and its constant depends on h0 (through C), not only on K and S."""
    L = sp.Symbol("L", integer=True, positive=True)
    H = sp.Symbol("H", positive=True)
    err = H * (sp.exp(-1) - (1 - sp.Integer(1) / L) ** L)      # exact minus Euler, f = -h, S = 1
    a0, a1, n0, n1 = exact(h0), exact(h0_other), int(exact(steps)), int(exact(steps_other))
    ok = a0 > 0 and a1 > 0 and a0 != a1 and n0 >= 2 and n1 >= 2 and n0 != n1
    e00 = err.subs({H: a0, L: n0}) if ok else sp.nan
    e01 = err.subs({H: a0, L: n1}) if ok else sp.nan
    e10 = err.subs({H: a1, L: n0}) if ok else sp.nan
    limit = sp.limit(L * err / H, L, sp.oo)      # error / Delta s -> limit * h0
    r0, r1 = e00 * n0, e01 * n1            # error / Delta s at two step sizes
    first = bool(ok and (r0 - r1).is_zero is False and zero(e10 / e00 - a1 / a0)
                 and e00.is_positive)
    if ok:
        m00, m01, m10 = recheck_euler_error(h0, n0), recheck_euler_error(h0, n1), recheck_euler_error(h0_other, n0)
        second = bool(abs(m00 * n0 - m01 * n1) > mpmath.mpf(10) ** -10
                      and abs(m10 / m00 - mpnum(a1) / mpnum(a0)) < mpmath.mpf(10) ** (-mpmath.mp.dps // 2))
    else:
        m00 = m01 = m10 = mpmath.nan
        second = False
    return Derived(
        forms={"error": err, "error_over_step_limit": limit},
        evidence=(
            refutation(
                f"the Euler error is proportional to Delta s with a constant set by K and S: for dh/ds = -h "
                f"(K = 1, S = 1) error/Delta s is {sp.N(r0, 6)} at Delta s = 1/{n0} and {sp.N(r1, 6)} at 1/{n1}",
                first, second, failure=Failure.WORDS,
                says="Euler error proportional to $\\Delta s$, constant set by $K$ and $S$",
                finding=f"dh/ds = -h on [0, 1] (K = 1, S = 1): the Euler error is h0 (e^-1 - (1 - Delta s)^(1/Delta s)); "
                        f"at h0 = {a0} error/Delta s is {sp.N(r0, 6)} at Delta s = 1/{n0} and {sp.N(r1, 6)} at 1/{n1} "
                        f"(mpmath Euler loop: {mpmath.nstr(m00 * n0, 6)}, {mpmath.nstr(m01 * n1, 6)}), so the error is not "
                        f"proportional to Delta s; its limit h0 {limit} = {sp.N(limit, 6)} h0 changes from h0 = {a0} to h0 = {a1} at the same "
                        f"K and S (error ratio {sp.simplify(e10 / e00) if ok else '-'}), so the constant is not set by K "
                        "and S alone: it also involves C (sup |f_s + f_h f|/2). The note proves the bound "
                        "e_L <= (C/K)(e^{KS}-1) Delta s",
                suggestion="Euler error bounded by a constant times $\\Delta s$, the constant $(C/K)(e^{KS}-1)$ set by "
                           "$C$, $K$ and $S$",
                rerun=(("h0", h0), ("h0_other", h0_other), ("steps", steps), ("steps_other", steps_other)),
                routes="exact errors with e^-1 (SymPy certifies the signs) and the mpmath Euler loop",
                no_witness="the values are not two different positive starts and two step counts >= 2"),
        ),
        steps=(Step("Euler error for dh/ds = -h on [0, 1]", err), Step("limit of error / Delta s", limit)))


# ---- Week 9: the implicit-differentiation slope needs 1 - beta(1 - a*^2) != 0 ------

def recheck_inverse_slope(beta: str, u: str):
    """Second route: the branch's inverse u = atanh(a) - beta a; its derivative du/da at a* = 0
    (zero: the slope da*/du is not finite), by SymPy on the inverse function."""
    A = sp.Symbol("A")
    return sp.diff(sp.atanh(A) - exact(beta) * A, A).subs(A, 0)


def singular_slope_fails(beta: str, u: str) -> bool:
    """The slope formula fails at (beta, u): u = 0, the fixed point a* = 0 and 1 - beta(1 - a*^2) = 0."""
    return bool(exact(u) == 0 and 1 - exact(beta) == 0)


@derivation("w09.fixed-point-slope-singular")
def fixed_point_slope_singular(beta="1", u="0") -> Derived:
    """At beta = 1, u = 0, a* = 0 the denominator 1 - beta(1 - a*^2) vanishes: the branch is
    a* ~ (3u)^(1/3), whose slope is infinite."""
    A, B, U = sp.symbols("a_star beta u")
    denominator = 1 - B * (1 - A**2)
    b, uu = exact(beta), exact(u)
    on_branch = uu == 0 and sp.tanh(b * 0 + uu) == 0      # a* = 0 is the zero-input fixed point
    first = bool(on_branch and denominator.subs({B: b, A: 0}) == 0)
    second = bool(on_branch and recheck_inverse_slope(beta, u) == 0)
    series = sp.series(sp.atanh(A) - A, A, 0, 5).removeO()
    return Derived(
        forms={"denominator": denominator},
        evidence=(
            Evidence(IDENTITY, "where 1 - beta(1 - a*^2) != 0, implicit differentiation of a* = tanh(beta a* + u) "
                     "gives da*/du = (1 - a*^2)/(1 - beta(1 - a*^2))",
                     zero(_slope_check(A, B, U))),
            refutation(
                f"the slope formula holds at every fixed point: at beta = {b}, u = {uu}, a* = 0 its denominator is "
                f"{denominator.subs({B: b, A: 0})}",
                first, second, says="Implicit differentiation gives",
                failure=where_it_fails(singular_slope_fails, {"beta": beta, "u": u}, {"beta": "1/2", "u": "0"}),
                finding=f"at $\\beta ={sp.latex(b)}$, $u={sp.latex(uu)}$ the fixed point $a_{{\\ast }}=0$ makes the "
                        f"denominator $1-\\beta (1-a_{{\\ast }}^2)={sp.latex(denominator.subs({B: b, A: 0}))}$; on the "
                        f"inverse $u=\\tanh^{{-1}}(a_{{\\ast }})-a_{{\\ast }}={_latex_series(series, A)}$, "
                        f"$du/da_{{\\ast }}={recheck_inverse_slope(beta, u) if on_branch else '-'}$ at $a_{{\\ast }}=0$, so "
                        "the branch is $a_{\\ast }\\sim (3u)^{1/3}$ with infinite slope: the formula needs "
                        "$1-\\beta (1-a_{\\ast }^2)\\ne 0$",
                suggestion="For constant input, a fixed point obeys $a_{\\ast }=\\tanh (\\beta a_{\\ast }+u)$. Where "
                           "$1-\\beta (1-a_{\\ast }^2)\\ne 0$, implicit differentiation gives",
                rerun=(("beta", beta), ("u", u)),
                routes="the formula's denominator (SymPy) and the derivative of the inverse u = atanh(a) - beta a",
                no_witness=f"beta = {b}, u = {uu} is not u = 0 with beta = 1"),
        ),
        steps=(Step("denominator", denominator), Step("inverse near 0 at beta = 1", series)))


def _latex_series(series, A) -> str:
    """The series in the note's LaTeX, lowest power first, with its order: a_{\\ast }^3/3+a_{\\ast }^5/5+O(a_{\\ast }^7)."""
    a = sp.Symbol("a_{\\ast }")
    terms = sorted(sp.Add.make_args(series.subs(A, a)), key=lambda t: sp.degree(t, a))
    shown = "+".join(f"{sp.latex(t / t.as_coeff_Mul()[0])}/{t.as_coeff_Mul()[0].q}" for t in terms)
    return f"{shown}+O(a_{{\\ast }}^{{{sp.degree(terms[-1], a) + 2}}})"   # the next odd power


def _slope_check(A, B, U):
    """da*/du from F(a, u) = a - tanh(beta a + u) = 0: -F_u/F_a at tanh(beta a + u) = a."""
    T = sp.tanh(B * A + U)
    F = A - T
    implicit = -sp.diff(F, U) / sp.diff(F, A)
    return (implicit - (1 - T**2) / (1 - B * (1 - T**2))).subs(T, A)


# ---- Week 10: "A gradient step lowers the score of A and raises the score of B" ----

def recheck_parameter_step(p_b: str, eta: str):
    """Second route: scores z_A = t1, z_B = 2 t1 + t2 at a point where softmax gives p_B; the loss
    -log p_B differentiated by mpmath.diff; one gradient step; the change of z_A."""
    pb = mpnum(p_b)
    t = [mpmath.mpf(0), mpmath.log(pb / (1 - pb))]

    def loss(t1, t2):
        za, zb = t1, 2 * t1 + t2
        return -(zb - mpmath.log(mpmath.exp(za) + mpmath.exp(zb)))
    g1 = mpmath.diff(lambda s: loss(s, t[1]), t[0])
    g2 = mpmath.diff(lambda s: loss(t[0], s), t[1])
    new = (t[0] - mpnum(eta) * g1, t[1] - mpnum(eta) * g2)
    return new[0] - t[0], (2 * new[0] + new[1]) - (2 * t[0] + t[1])


@derivation("w10.parameter-step")
def parameter_step(p_b="0.792412", eta="1", on_parameters="0") -> Derived:
    """"A gradient step lowers the score of A and raises the score of B", read as a step on the
    scores (the registered reading: the sentence follows the output-score derivatives of line 26).

    ``on_parameters = 1`` reads it as a step on parameters instead, which moves the scores through
    the Jacobian: z_A = t1, z_B = 2 t1 + t2 at p_B = 0.792412 raises z_A, so under that reading the
    sentence fails (`noteproof check w10.gradient-step-direction --set on_parameters=1`)."""
    za, zb = sp.symbols("z_A z_B", real=True)
    pa_sym = sp.exp(za) / (sp.exp(za) + sp.exp(zb))
    loss = -sp.log(sp.exp(zb) / (sp.exp(za) + sp.exp(zb)))
    ga, gb = sp.cancel(sp.diff(loss, za)), sp.cancel(sp.diff(loss, zb))   # rational in e^{z_A}, e^{z_B}
    pb, et, params = exact(p_b), exact(eta), exact(on_parameters) == 1
    ok = 0 < pb < 1 and et > 0
    g = sp.Matrix([1 - pb, pb - 1])                     # (p_A, p_B - 1) at the printed p_B
    J = sp.Matrix([[1, 0], [2, 1]])                      # d(z_A, z_B)/d(t1, t2)
    on_scores = -et * g if ok else sp.Matrix([sp.nan, sp.nan])
    on_params = J * (-et * J.T * g) if ok else sp.Matrix([sp.nan, sp.nan])
    mp_a, mp_b = recheck_parameter_step(p_b, eta) if ok else (mpmath.nan, mpmath.nan)
    dz = on_params if params else on_scores
    reading = ("a step on the parameters t (z_A = t1, z_B = 2 t1 + t2)" if params else
               "a step on the scores (the sentence follows the output-score derivatives of line 26)")
    said = (f"z_A {words.moves(dz[0])} by {sp.N(abs(dz[0]), 6)} and z_B {words.moves(dz[1])} by "
            f"{sp.N(abs(dz[1]), 6)}" if ok else "no step (p_B outside (0, 1) or eta not positive)")
    other = (f"a step on the parameters (z_A = t1, z_B = 2 t1 + t2) would change z_A by {sp.N(on_params[0], 6)} "
             f"(mpmath.diff route {mpmath.nstr(mp_a, 6)}): z_A {words.moves(on_params[0])}, so the sentence "
             f"depends on this reading; the margin z_B - z_A still {words.moves(on_params[1] - on_params[0], 'grows', 'shrinks')} "
             f"(by {sp.N(on_params[1] - on_params[0], 6)})") if ok and not params else ""
    return Derived(
        forms={"score_gradient": sp.Matrix([ga, gb])},
        evidence=(
            Evidence(IDENTITY, "for target B, dL/dz_A = p_A > 0 and dL/dz_B = p_B - 1 < 0 for any scores: a "
                     "gradient step on the scores lowers z_A and raises z_B",
                     zero(ga - pa_sym) and zero(gb + pa_sym) and bool(pa_sym.is_positive)),
            Evidence(IDENTITY, f"reading: {reading}; at p_B = {p_b}, eta = {eta}, under the step {said}",
                     bool(ok and dz[0] < 0 < dz[1]), reach=Reach.SETTING, notice=other),
        ),
        steps=(Step("dL/d(z_A, z_B)", sp.Matrix([ga, gb])), Step("score change of a step on the scores", on_scores),
               Step("score change of a step on the parameters", on_params)))


# ---- Week 10 status table: "reproduces the stationary variances ... fails for anisotropic noise"

def _lyapunov(A: sp.Matrix, N: sp.Matrix) -> sp.Matrix:
    """The stationary covariance: the symmetric Sigma with A Sigma + Sigma A^T = N (Week 10, line 64)."""
    n = A.shape[0]
    S = sp.Matrix(n, n, lambda i, j: sp.Symbol(f"s{min(i, j)}{max(i, j)}"))
    sol = sp.solve(list(A * S + S * A.T - N), list(S.free_symbols), dict=True)
    return S.subs(sol[0]) if sol else sp.zeros(n, n) * sp.nan


def recheck_lyapunov(offdiag: str) -> list:
    """Second route: A Sigma + Sigma A = N for A = I, N = [[2, q], [q, 2]] as one linear system in
    mpmath (vec(Sigma) by LU), the diagonal of Sigma."""
    q = mpnum(offdiag)
    M = mpmath.matrix([[2, 0, 0, 0], [0, 2, 0, 0], [0, 0, 2, 0], [0, 0, 0, 2]])   # I (x) A + A (x) I at A = I
    s = mpmath.lu_solve(M, mpmath.matrix([2, q, q, 2]))
    return [s[0], s[3], s[1]]


@derivation("w10.variances-not-covariance")
def variances_not_covariance(offdiag="1") -> Derived:
    """Anisotropic noise whose stationary variances one temperature still reproduces: at unit
    curvature A = I and eta C/B = [[2, q], [q, 2]], Sigma = [[1, q/2], [q/2, 1]]: its variances are
    T (A^{-1})_ii with T = 1, though eta C/B is no multiple of I (the row's "variances" is too weak
    for "fails for anisotropic noise"; the covariance Sigma = T A^{-1} is what needs eta C/B = 2 T I)."""
    q = exact(offdiag)
    A, N = sp.eye(2), sp.Matrix([[2, q], [q, 2]])
    Sigma = _lyapunov(A, N)
    anisotropic = q != 0 and abs(q) < 2          # positive definite, and not a multiple of I
    T = Sigma[0, 0] / A.inv()[0, 0]
    variances_match = all(zero(Sigma[i, i] - T * A.inv()[i, i]) for i in range(2))
    covariance_fails = not zero(Sigma[0, 1] - T * A.inv()[0, 1])
    first = bool(anisotropic and variances_match and covariance_fails)
    mp = recheck_lyapunov(offdiag)
    second = bool(anisotropic and abs(mp[0] - mp[1]) < mpmath.mpf(10) ** (-mpmath.mp.dps + 5) and mp[2] != 0)
    return Derived(
        forms={"Sigma": Sigma},
        evidence=(refutation(
            f"anisotropic noise eta C/B = [[2, {q}], [{q}, 2]] at A = I: the stationary variances are "
            f"{Sigma[0, 0]} and {Sigma[1, 1]}, T (A^-1)_ii with T = {T}, while the covariance is {Sigma[0, 1]}, "
            "not 0", first, second, failure=Failure.WORDS,
            says="A single effective temperature reproduces the stationary variances",
            finding=f"at unit curvature A = I with anisotropic noise eta C/B = [[2, {q}], [{q}, 2]] (no multiple "
                    f"of I) the balance A Sigma + Sigma A = eta C/B gives Sigma = [[{Sigma[0, 0]}, {Sigma[0, 1]}], "
                    f"[{Sigma[1, 0]}, {Sigma[1, 1]}]] (exact; mpmath LU of the vectorised balance: variances "
                    f"{mpmath.nstr(mp[0], 12)}, {mpmath.nstr(mp[1], 12)}): both variances are T (A^-1)_ii with "
                    f"T = {T}, so the variances do not fail; the covariance {Sigma[0, 1]} is what no scalar T "
                    "reproduces",
            suggestion="A single effective temperature reproduces the stationary covariance $\\Sigma =T{A}^{-1}$, "
                       "not only its variances",
            rerun=(("offdiag", offdiag),),
            routes="the exact Lyapunov solution (SymPy) and an mpmath LU solve of the vectorised balance",
            no_witness=f"q = {q} gives no anisotropic positive-definite noise (need 0 < |q| < 2)"),),
        steps=(Step("stationary covariance at A = I", Sigma),))


# ---- C12-D02, line 67: "each update multiplies the distance from the fixed point by theta" ----

def recheck_distance(theta: str, x: str):
    """Second route: one update z <- theta z + x from z0 = 0 in mpmath; |z1 - z*| / |z0 - z*|."""
    t, xv = mpnum(theta), mpnum(x)
    z_star = xv / (1 - t)
    return abs(t * 0 + xv - z_star) / abs(0 - z_star)


@derivation("c12.d02.distance-by-size")
def distance_by_size(witness_theta="-6/5", witness_x="1") -> Derived:
    """z_{k+1} - z* = theta (z_k - z*), so |z_{k+1} - z*| = |theta| |z_k - z*|: the distance from the
    fixed point is multiplied by |theta|, the signed error by theta (the page's own recurrence)."""
    th, xv = exact(witness_theta), exact(witness_x)
    zk, zs, t = sp.symbols("z_k z_star theta", real=True)
    signed = sp.expand(t * zk + zs * (1 - t) - zs - t * (zk - zs))      # z_{k+1} - z* - theta (z_k - z*), x = (1 - theta) z*
    ok = th != 1 and xv != 0
    z_star = xv / (1 - th) if ok else sp.nan
    ratio = abs(xv - z_star) / abs(z_star) if ok else sp.nan         # one update from z0 = 0: z1 = x
    first = bool(ok and ratio != th)
    mp = recheck_distance(witness_theta, witness_x) if ok else mpmath.nan
    second = bool(ok and abs(mp - mpnum(witness_theta)) > mpmath.mpf(10) ** (-mpmath.mp.dps // 2))
    return Derived(
        evidence=(
            Evidence(IDENTITY, "z_{k+1} - z* = theta (z_k - z*) for every theta and x (x = (1 - theta) z*), so the "
                     "distance |z_{k+1} - z*| = |theta| |z_k - z*|: multiplied by |theta|, which equals theta only "
                     "when theta >= 0", signed == 0 and zero(sp.Abs(t * (zk - zs)) - sp.Abs(t) * sp.Abs(zk - zs))),
            refutation(
                f"each update multiplies the distance from the fixed point by theta: at theta = {th}, x = {xv} the "
                f"first update multiplies it by {ratio}",
                first, second, failure=Failure.WORDS,
                says="each update multiplies the distance from the fixed point by theta",
                finding=f"at theta = {th}, x = {xv}, from z0 = 0: z* = x/(1 - theta) = {z_star}, the distance "
                        f"|z0 - z*| = {abs(z_star) if ok else '-'} becomes |z1 - z*| = {abs(xv - z_star) if ok else '-'} "
                        f"after one update, so it is multiplied by {ratio} = |theta|, not by theta = {th} (mpmath: "
                        f"{mpmath.nstr(mp, 12)}); a distance is never multiplied by a negative number. The page's "
                        "own recurrence z_k - z* = theta^k (z0 - z*) multiplies the signed error by theta",
                suggestion="The error recurrence shows why: each update multiplies the distance from the fixed "
                           "point by |theta| (the signed error z_k - z* by theta).",
                rerun=(("witness_theta", witness_theta), ("witness_x", witness_x)),
                routes="the exact first update (SymPy rationals) and one mpmath update",
                no_witness=f"theta = {th}, x = {xv} is not a negative theta with x other than 0 "
                           "(there the distance is multiplied by theta itself)"),
        ),
        steps=(Step("z_{k+1} - z* - theta (z_k - z*)", signed),))


# ---- C12-D04, line 206: "a long rollout stays on the right energy surface" ------------

def recheck_verlet_energy(h: str, steps: int) -> list:
    """Second route: the page's half kick, drift, half kick from q0 = 1, p0 = 0 in mpmath; H after each step."""
    hh, q, p, out = mpnum(h), mpmath.mpf(1), mpmath.mpf(0), []
    for _ in range(steps):
        p = p - hh * q / 2
        q = q + hh * p
        p = p - hh * q / 2
        out.append((q * q + p * p) / 2)
    return out


def leaves_surface_fails(h: str) -> bool:
    """"stays on the energy surface H = 1/2" fails at step h (0 < h < 2): some step's energy is not 1/2."""
    hh = exact(h)
    if not 0 < hh < 2:
        return False
    q1 = 1 - hh**2 / 2
    p1 = -hh / 2 - hh * q1 / 2
    return bool((q1**2 + p1**2) / 2 != sp.Rational(1, 2))


@derivation("c12.d04.energy-surface")
def energy_surface(h="1/2", horizon="20") -> Derived:
    """Verlet keeps p^2 + (1 - h^2/4) q^2 exactly, so H = (q^2 + p^2)/2 is not constant: from q0 = 1,
    p0 = 0 it ranges over [(1 - h^2/4)/2, 1/2], a band of width h^2/8 below the exact surface H = 1/2."""
    hh, T = exact(h), exact(horizon)
    q, p, s = sp.symbols("q p h", real=True)
    p_half = p - s * q / 2
    q_new = q + s * p_half
    p_new = p_half - s * q_new / 2
    invariant = p**2 + (1 - s**2 / 4) * q**2
    kept = sp.expand(invariant.subs({q: q_new, p: p_new}, simultaneous=True) - invariant)
    ok = 0 < hh < 2 and (T / hh).is_integer
    low = (1 - hh**2 / 4) / 2 if ok else sp.nan
    first = bool(ok and leaves_surface_fails(h))
    mp = recheck_verlet_energy(h, int(T / hh)) if ok else []
    second = bool(ok and min(mp) < mpmath.mpf(1) / 2 - mpmath.mpf(10) ** (-mpmath.mp.dps // 2))
    return Derived(
        forms={"invariant": invariant},
        evidence=(
            Evidence(IDENTITY, "Verlet's step keeps p^2 + (1 - h^2/4) q^2 exactly, so from q0 = 1, p0 = 0 the energy "
                     "H = (q^2 + p^2)/2 stays in [(1 - h^2/4)/2, 1/2]: bounded, near but not on the surface H = 1/2",
                     kept == 0),
            refutation(
                f"a symplectic rollout stays on the right energy surface: at h = {hh} Verlet's energy falls to "
                f"{sp.N(low, 6) if ok else '-'}, below H = 1/2",
                first, second, failure=where_it_fails(leaves_surface_fails, {"h": h}, {"h": "1/2"}),
                says="a long rollout stays on the right energy surface",
                finding=f"the page's own Verlet update at h = {hh} from q0 = 1, p0 = 0 keeps p^2 + (1 - h^2/4) q^2 = "
                        f"{1 - hh**2 / 4 if ok else '-'}, so its energy H = (q^2 + p^2)/2 ranges down to "
                        f"{low} = {sp.N(low, 6) if ok else '-'}, not the surface H = 1/2 (mpmath over {T / hh if ok else '-'} "
                        f"steps: minimum {mpmath.nstr(min(mp), 6) if mp else '-'}); the page's read-out 'Verlet energy "
                        "range: 0.469 to 0.5' and its 'Bounded energy wobble is not exact conservation' say the same",
                suggestion="Hamiltonian neural networks (book 12.9) are integrated with symplectic updates for this "
                           "reason: a long rollout keeps its energy in a bounded band around the right value instead of "
                           "drifting away, although its timing may still drift.",
                rerun=(("h", h), ("horizon", horizon)),
                routes="the exact invariant and the first step's energy (SymPy) and the mpmath Verlet loop",
                no_witness=f"h = {hh}, horizon {T}: not a stable step dividing the horizon"),
        ),
        steps=(Step("invariant after one step less before", kept),))


# ---- C12-D08, line 460: the check question asks for "the largest stable explicit step" ----

@derivation("c12.d08.no-largest-step-question")
def no_largest_step_question(check_fast="500") -> Derived:
    """The question presupposes a largest stable step; the stable steps 0 < h < 2/lambda have none."""
    stable = _stable_set()
    lam = exact(check_fast)
    ok = lam > 0
    hl = 2 / lam if ok else sp.nan
    first = bool(ok and stable.right_open and not abs(1 - hl * lam) < 1)
    mp = recheck_explicit(mpnum(2) / mpnum(check_fast), mpnum(check_fast), 1000) if ok else mpmath.nan
    second = bool(ok and does_not_shrink(mp))
    return Derived(
        evidence=(
            Evidence(INEQUALITY, "the stable steps are 0 < h < 2/lambda, an open interval with no largest member",
                     stable == sp.Interval.open(0, 2 / lam_)),
            refutation(
                f"a largest stable explicit step exists at fast rate {lam}: its candidate 2/{lam} = {hl} gives "
                f"factor {1 - hl * lam if ok else '-'}",
                first, second, failure=Failure.WORDS, says="What is the largest stable explicit step",
                finding=f"at fast rate {lam} the stable steps are 0 < h < 2/{lam} = {hl}, which has no largest one: "
                        f"the limit {hl} itself gives the factor 1 - h lambda = {1 - hl * lam if ok else '-'} (1000 "
                        f"mpmath steps keep |x| = {mpmath.nstr(mp, 6)}); the question asks for what does not exist, "
                        "as its answer (line 462) and the read-out (line 433) do",
                suggestion="The fast rate is 500. Below what step is explicit Euler stable, and how many steps "
                           "does it then need for horizon 2?",
                rerun=(("check_fast", check_fast),),
                routes="the stable set (SymPy) and 1000 mpmath Euler steps at the limit",
                no_witness=f"fast rate {lam} is not positive"),
        ))


# ---- C12-D03, line 124: "so the straight-line estimate is only approximate" --------------

def estimate_gap(theta: str, x: str, dtheta: str):
    """actual change - slope estimate, exactly: x dtheta^2 / ((1 - theta)^2 (1 - theta - dtheta)); nan
    outside theta + dtheta < 1, dtheta > 0."""
    th, xv, d = exact(theta), exact(x), exact(dtheta)
    if not (d > 0 and th + d < 1):
        return sp.nan
    return xv / (1 - th - d) - xv / (1 - th) - xv / (1 - th) ** 2 * d


def estimate_exact_fails(theta: str, x: str, dtheta: str) -> bool:
    """"the straight-line estimate is only approximate" fails at (theta, x, dtheta): the gap is 0."""
    gap = estimate_gap(theta, x, dtheta)
    return gap is not sp.nan and gap == 0


def recheck_gap(theta: str, x: str, dtheta: str):
    """Second route: the gap from mpmath equilibria (400 updates) and mpmath.diff's slope."""
    actual, estimate = recheck_zero_input(theta, x, dtheta)
    return actual - estimate


@derivation("c12.d03.estimate-at-zero")
def estimate_at_zero(x="1", theta="4/5", dtheta="1/100", witness_x="0") -> Derived:
    """The gap actual - estimate is x dtheta^2/((1-theta)^2 (1-theta-dtheta)): nonzero exactly when x is not
    0. At the page's x (or ``--set x=...``) the statement is judged as printed; at x = 0 the estimate
    0 equals the actual change 0 (their ratio is 0/0): the estimate is exact there."""
    X, T, D = sp.Symbol("x", real=True), sp.Symbol("theta", real=True), sp.Symbol("d", positive=True)
    gap = sp.factor(X / (1 - T - D) - X / (1 - T) - X / (1 - T) ** 2 * D)
    here = estimate_gap(theta, x, dtheta)
    judged = here is not sp.nan and here != 0
    wx = witness_x
    first = estimate_exact_fails(theta, wx, dtheta)
    mp = recheck_gap(theta, wx, dtheta) if first else mpmath.nan
    second = bool(first and abs(mp) < mpmath.mpf(10) ** (-mpmath.mp.dps // 2))
    return Derived(
        forms={"gap": gap},
        evidence=(
            Evidence(IDENTITY, "actual change - slope estimate = x dtheta^2/((1-theta)^2 (1-theta-dtheta)): for "
                     "dtheta > 0 and theta + dtheta < 1 it is 0 exactly when x = 0",
                     zero(gap - X * D**2 / ((1 - T) ** 2 * (1 - T - D)))),
            Evidence(EvidenceKind.NUMERIC, f"at x = {x} (theta and dtheta as set) the actual change less the "
                     f"estimate is {here}" + (": the straight-line estimate is only approximate" if judged else
                                              ": the straight-line estimate is exact here (actual / estimate is 0/0), "
                                              "not only approximate" if here == 0 else ": no change to compare"),
                     bool(judged), reach=Reach.SETTING),
            refutation(
                f"the straight-line estimate is only approximate: at x = {exact(wx)} the estimate equals the actual change",
                first, second,
                failure=where_it_fails(estimate_exact_fails, {"theta": theta, "x": wx, "dtheta": dtheta},
                                       {"theta": theta, "x": x, "dtheta": dtheta}) if first else Failure.BOUNDARY,
                says="so the straight-line estimate is only approximate",
                finding=f"at x = {exact(wx)} (the page includes x = 0: 'x = 0 gives zero sensitivity'), theta = "
                        f"{exact(theta)}, dtheta = {exact(dtheta)}: the equilibrium x/(1 - theta) is 0 for every theta, "
                        "the slope estimate is 0 and the actual change is 0, so the estimate is exact (their ratio is "
                        f"0/0; mpmath equilibria and mpmath.diff give a gap of {mpmath.nstr(mp, 6)}); for x other "
                        "than 0 the gap x dtheta^2/((1-theta)^2 (1-theta-dtheta)) is not 0",
                suggestion="A real change also moves the denominator, so for x other than 0 the straight-line "
                           "estimate is only approximate.",
                rerun=(("witness_x", wx),),
                routes="the exact gap (SymPy rationals) and mpmath equilibria with mpmath.diff",
                no_witness=f"at x = {exact(wx)} the gap is not 0"),
        ),
        steps=(Step("actual - estimate", gap),))


def _mp(value) -> str:
    """An mpmath value to 6 digits, 0 printed as 0 (README: a value zero to the working precision prints as 0)."""
    return "0" if value == 0 else mpmath.nstr(value, 6)


# ---- C12-D02, line 67: "A distance multiplied by something above 1 in size can only grow" -------

def distance_stays_fails(theta: str, x: str) -> bool:
    """"can only grow" fails at (theta, x): |theta| > 1, yet the distance from z* does not grow in
    the first update from z0 = 0 (|z1 - z*| <= |z0 - z*| with z1 = x)."""
    th, xv = exact(theta), exact(x)
    if th == 1 or abs(th) <= 1:
        return False
    z_star = xv / (1 - th)
    return bool(abs(xv - z_star) <= abs(z_star))


@derivation("c12.d02.zero-distance-stays")
def zero_distance_stays(witness_theta="6/5", witness_x="0") -> Derived:
    """|theta| d - d = (|theta| - 1) d > 0 for a distance d > 0 and |theta| > 1, but a distance 0
    stays 0: from z0 = 0 the distance |z0 - z*| = |x/(1 - theta)| is 0 exactly when x = 0."""
    th, xv = exact(witness_theta), exact(witness_x)
    d, e = sp.symbols("d e", positive=True)
    X, T = sp.Symbol("x", real=True), sp.Symbol("theta", real=True)
    grows = sp.expand((1 + e) * d - d).is_positive                     # a size 1 + e above 1, a distance d > 0
    zero_at = sp.solve(sp.Eq(X / (1 - T), 0), X)
    first = distance_stays_fails(witness_theta, witness_x)
    ok = th != 1
    z_star = xv / (1 - th) if ok else sp.nan
    d0 = abs(z_star) if ok else sp.nan
    d1 = abs(xv - z_star) if ok else sp.nan
    mp = [abs(v - mpnum(z_star)) for v in recheck_iterates(witness_theta, witness_x, 12)] if ok else []
    second = bool(ok and abs(mpnum(witness_theta)) > 1 and max(mp) <= abs(mpnum(z_star)))
    return Derived(
        evidence=(
            Evidence(INEQUALITY, "a distance d > 0 multiplied by |theta| > 1 grows: |theta| d - d = (|theta| - 1) d > 0; "
                     "the distance 0 stays 0, and from z0 = 0 the distance |z0 - z*| = |x/(1 - theta)| is 0 exactly "
                     "when x = 0", bool(grows) and zero_at == [0]),
            refutation(
                f"a distance multiplied by something above 1 in size can only grow: at theta = {th}, x = {xv} the "
                f"distance {d0} becomes {d1}",
                first, second,
                failure=where_it_fails(distance_stays_fails, {"theta": witness_theta, "x": witness_x},
                                       {"theta": "6/5", "x": "1"}) if first else Failure.BOUNDARY,
                says="A distance multiplied by something above 1 in size can only grow",
                finding=f"at theta = {th}, x = {xv} (|theta| = {abs(th)}, above 1): z* = x/(1 - theta) = {z_star} = z0, "
                        f"so the distance |z0 - z*| = {d0} {words.moves(d1 - d0, 'grows', 'shrinks', 'stays') if ok else '-'} "
                        f"{d1} after the first update (|theta| times {d0} is {abs(th) * d0 if ok else '-'}; 12 mpmath updates "
                        f"from 0 keep it at most {_mp(max(mp)) if mp else '-'}); every distance other than 0 "
                        "grows",
                suggestion="A distance other than 0 multiplied by something above 1 in size can only grow.",
                rerun=(("witness_theta", witness_theta), ("witness_x", witness_x)),
                routes="the exact first update (SymPy rationals) and 12 mpmath updates",
                no_witness=f"at theta = {th}, x = {xv} the distance is not a distance 0 under |theta| above 1"),
        ))


# ---- C12-D03, line 124: "the resting value changes more and more per step in theta" -------------

def change_per_step(theta, x, dtheta):
    """The exact changes of z* = x/(1 - theta) over the steps theta -> theta + dtheta -> theta + 2 dtheta
    (None outside 0 < dtheta, theta + 2 dtheta < 1)."""
    th, xv, d = exact(theta), exact(x), exact(dtheta)
    if not (d > 0 and th + 2 * d < 1):
        return None
    z = [xv / (1 - th - k * d) for k in range(3)]
    return z[1] - z[0], z[2] - z[1]


def change_stays_fails(theta: str, x: str, dtheta: str) -> bool:
    """"changes more and more per step in theta" fails at (theta, x, dtheta): the second step's change
    is not larger in size than the first."""
    changes = change_per_step(theta, x, dtheta)
    return changes is not None and abs(changes[1]) <= abs(changes[0])


def recheck_changes(theta: str, x: str, dtheta: str) -> list:
    """Second route: the equilibria at theta, theta + dtheta, theta + 2 dtheta by 2000 mpmath updates
    from 0; the two changes."""
    def equilibrium(t):
        zk = mpmath.mpf(0)
        for _ in range(2000):
            zk = t * zk + mpnum(x)
        return zk
    z = [equilibrium(mpnum(theta) + k * mpnum(dtheta)) for k in range(3)]
    return [z[1] - z[0], z[2] - z[1]]


@derivation("c12.d03.zero-input-change")
def zero_input_change(witness_theta="4/5", witness_x="0", witness_dtheta="1/100") -> Derived:
    """The change of z* = x/(1 - theta) per step dtheta is x dtheta/((1 - theta)(1 - theta - dtheta)):
    its size grows as theta nears 1 for x other than 0, and it is 0 for every theta at x = 0."""
    X, T, D = sp.Symbol("x", real=True), sp.Symbol("theta", real=True), sp.Symbol("d", positive=True)
    change = sp.factor(X / (1 - T - D) - X / (1 - T))
    u = sp.Symbol("u", positive=True)                        # u = 1 - theta - dtheta > 0
    rising = sp.diff(1 / ((u + D) * u), u).is_negative      # d/dtheta = -d/du: the size rises with theta
    th, xv, dd = exact(witness_theta), exact(witness_x), exact(witness_dtheta)
    changes = change_per_step(witness_theta, witness_x, witness_dtheta)
    first = change_stays_fails(witness_theta, witness_x, witness_dtheta)
    mp = recheck_changes(witness_theta, witness_x, witness_dtheta) if changes else []
    second = bool(mp and abs(mp[1]) <= abs(mp[0]) + mpmath.mpf(10) ** (-mpmath.mp.dps // 2))
    c1, c2 = changes if changes else (sp.nan, sp.nan)
    said = words.moves(abs(c2) - abs(c1), "grows", "shrinks", "stays") if changes else "-"
    return Derived(
        forms={"change": change},
        evidence=(
            Evidence(IDENTITY, "the change of z* = x/(1 - theta) when theta rises by dtheta is x dtheta/((1 - theta)"
                     "(1 - theta - dtheta)); for x other than 0 its size grows as theta nears 1, at x = 0 it is 0 for "
                     "every theta", zero(change - X * D / ((1 - T) * (1 - T - D))) and bool(rising)),
            refutation(
                f"the resting value changes more and more per step in theta: at x = {xv} the steps from theta = {th} "
                f"change it by {c1} and then {c2}",
                first, second,
                failure=where_it_fails(change_stays_fails, {"theta": witness_theta, "x": witness_x,
                                                            "dtheta": witness_dtheta},
                                       {"theta": "4/5", "x": "1", "dtheta": "1/100"}) if first else Failure.BOUNDARY,
                says="so the resting value changes more and more per step in theta",
                finding=f"at x = {xv} (the page includes x = 0: 'x = 0 gives zero sensitivity'), theta = {th}, "
                        f"dtheta = {dd}: z* = x/(1 - theta) is 0 for every theta, so raising theta from {th} to "
                        f"{th + dd} changes it by {c1} and from {th + dd} to {th + 2 * dd} by {c2} (exact; 2000 mpmath "
                        f"updates give {_mp(mp[0]) if mp else '-'} and {_mp(mp[1]) if mp else '-'}): "
                        f"the change per step {said} {abs(c1) if changes else '-'}, not more and more; for x other "
                        "than 0 its size x dtheta/((1 - theta)(1 - theta - dtheta)) grows as theta nears 1",
                suggestion="The denominator 1 - theta shrinks as theta approaches 1, so for x other than 0 the resting "
                           "value changes more and more per step in theta.",
                rerun=(("witness_theta", witness_theta), ("witness_x", witness_x), ("witness_dtheta", witness_dtheta)),
                routes="exact equilibria (SymPy rationals) and 2000 mpmath updates at each theta",
                no_witness=f"at x = {xv} the change per step grows (or theta + 2 dtheta is not below 1)"),
        ),
        steps=(Step("change of z* per step dtheta", change),))


# ---- C12-D03, line 146: "layers close to the edge of stability give very large gradients" ------

def flat_gradient_fails(theta: str, x: str) -> bool:
    """"very large gradients close to the edge" fails at (theta < 1, x): the gradient x/(1 - theta)^2
    stays bounded as theta -> 1 (its limit is finite)."""
    th, xv = exact(theta), exact(x)
    return bool(th < 1 and sp.limit(xv / (1 - th_) ** 2, th_, 1, "-").is_finite)


def recheck_gradient(theta: str, x: str) -> list:
    """Second route: mpmath.diff of the fixed point x/(1 - theta) at theta and at 1 - 10^-6."""
    def fixed(s):
        return mpnum(x) / (1 - s)
    return [mpmath.diff(fixed, mpnum(theta)), mpmath.diff(fixed, 1 - mpmath.mpf(10) ** -6)]


@derivation("c12.d03.zero-input-gradient")
def zero_input_gradient(witness_theta="19/20", witness_x="0") -> Derived:
    """dz*/dtheta = x/(1 - theta)^2 = x (1/(1 - theta))^2: unbounded as theta -> 1 for x other than 0,
    and 0 for every theta at x = 0 (the page's 'x = 0 gives zero sensitivity')."""
    X = sp.Symbol("x", real=True)
    gradient = sp.diff(X / (1 - th_), th_)
    th, xv = exact(witness_theta), exact(witness_x)
    ok = th < 1
    g = gradient.subs({X: xv, th_: th}) if ok else sp.nan
    limit = sp.limit(gradient.subs(X, xv), th_, 1, "-") if ok else sp.nan
    first = flat_gradient_fails(witness_theta, witness_x)
    mp = recheck_gradient(witness_theta, witness_x) if ok else []
    second = bool(mp and max(abs(v) for v in mp) < 1)
    return Derived(
        forms={"gradient": gradient},
        evidence=(
            Evidence(IDENTITY, "the gradient of the fixed point x/(1 - theta) is x/(1 - theta)^2 = x (1/(1 - theta))^2: "
                     "for x other than 0 it grows without limit as theta -> 1, at x = 0 it is 0 for every theta",
                     zero(gradient - X * (1 / (1 - th_)) ** 2) and sp.limit(gradient.subs(X, 1), th_, 1, "-") == sp.oo
                     and gradient.subs(X, 0) == 0),
            refutation(
                f"layers close to the edge of stability give very large gradients: at x = {xv}, theta = {th} the "
                f"gradient is {g}",
                first, second,
                failure=where_it_fails(flat_gradient_fails, {"theta": witness_theta, "x": witness_x},
                                       {"theta": "4/5", "x": "1"}) if first else Failure.BOUNDARY,
                says="1/(1-theta): layers close to the edge of stability give very large gradients",
                finding=f"at x = {xv} (the page includes x = 0: 'x = 0 gives zero sensitivity'), theta = {th} (the "
                        f"slider's end nearest the edge theta = 1): the gradient x/(1 - theta)^2 of the fixed point is "
                        f"{g}, and it tends to {limit} as theta -> 1 (mpmath.diff of x/(1 - theta): "
                        f"{_mp(mp[0]) if mp else '-'} at theta = {th}, {_mp(mp[1]) if mp else '-'} "
                        "at theta = 1 - 10^-6): a layer at the edge of stability gives no large gradient here; for x "
                        "other than 0 the gradient grows without limit",
                suggestion="Training a deep equilibrium layer needs the gradient of its fixed point with respect to its "
                           "weights, and that gradient contains the factor 1/(1-theta): for x other than 0, layers "
                           "close to the edge of stability give very large gradients.",
                rerun=(("witness_theta", witness_theta), ("witness_x", witness_x)),
                routes="the gradient and its limit (SymPy) and mpmath.diff",
                no_witness=f"at x = {xv} the gradient grows without limit as theta -> 1 (or theta = {th} is not below 1)"),
        ),
        steps=(Step("dz*/dtheta", gradient),))


# ---- Week 9, "What the week establishes" item 3: the contraction needs beta < 1 -----------------

def distinction_grows_fails(beta: str, a0: str, b0: str) -> bool:
    """"a geometric contraction of initial distinctions under identical inputs" fails at (beta, a0, b0)
    with u_i = 0: a0 > 0 > b0 and tanh(beta a0) > a0, tanh(beta b0) < b0, so (tanh increasing) a_i rises
    and b_i falls at every step and the distinction a_i - b_i grows instead of contracting."""
    b, a, c = exact(beta), exact(a0), exact(b0)
    return bool(b > 0 and a > 0 > c and (sp.tanh(b * a) - a).is_positive and (sp.tanh(b * c) - c).is_negative)


def recheck_distinction(beta: str, a0: str, b0: str, steps: int = 50) -> list:
    """Second route: |a_i - b_i| for i = 0..steps under a_{i+1} = tanh(beta a_i) (u_i = 0), in mpmath."""
    b, a, c = mpnum(beta), mpnum(a0), mpnum(b0)
    out = [abs(a - c)]
    for _ in range(steps):
        a, c = mpmath.tanh(b * a), mpmath.tanh(b * c)
        out.append(abs(a - c))
    return out


@derivation("w09.contraction-needs-small-coupling")
def contraction_needs_small_coupling(beta="2", a0="1/10", b0="-1/10") -> Derived:
    """|a_{i+1} - b_{i+1}| <= beta |a_i - b_i| (tanh' = 1 - tanh^2 in (0, 1]) contracts for 0 < beta < 1
    only: at beta = 2, u_i = 0 the states 1/10 and -1/10 move apart at every step."""
    s = sp.Symbol("s", real=True)
    slope = sp.diff(sp.tanh(s), s)
    bounded = zero(slope - (1 - sp.tanh(s) ** 2)) and bool((sp.tanh(s) ** 2).is_nonnegative)
    i = sp.Symbol("i", integer=True, positive=True)
    geometric = sp.limit(sp.Rational(1, 2) ** i, i, sp.oo) == 0 and sp.limit(sp.Integer(1) ** i, i, sp.oo) == 1
    bb, a, c = exact(beta), exact(a0), exact(b0)
    first = distinction_grows_fails(beta, a0, b0)
    mp = recheck_distinction(beta, a0, b0)
    second = bool(all(later >= earlier for earlier, later in zip(mp, mp[1:])) and mp[-1] > mp[0])
    a1 = sp.tanh(bb * a)
    return Derived(
        evidence=(
            Evidence(INEQUALITY, "tanh' = 1 - tanh^2 lies in (0, 1], so identical inputs give |a_{i+1} - ã_{i+1}| "
                     "<= beta |a_i - ã_i| and |a_i - ã_i| <= beta^i |a_0 - ã_0|: a geometric contraction for "
                     "0 < beta < 1 (beta^i -> 0), none from this bound for beta >= 1", bounded and geometric),
            refutation(
                f"initial distinctions contract geometrically under identical inputs: at beta = {bb}, u_i = 0 the "
                f"states {a} and {c} move apart", first, second,
                # the body (line 70) and the status row state the condition; the summary's words drop it
                failure=Failure.WORDS,
                says="A geometric contraction of initial distinctions under identical inputs, and",
                finding=f"the body bounds $|a_i-{{\\tilde{{a}}}}_i|\\le {{\\beta }}^i|a_0-{{\\tilde{{a}}}}_0|$ and draws the "
                        "contraction for $\\beta <1$ only (its status row: '[Exact] for $0<\\beta <1$'); at "
                        f"$\\beta ={sp.latex(bb)}$, $u_i=0$, $a_0={sp.latex(a)}$, ${{\\tilde{{a}}}}_0={sp.latex(c)}$: "
                        f"$a_1=\\tanh ({sp.latex(bb * a)})={sp.N(a1, 6)}$, {words.compared(a1, a)} $a_0$, and by symmetry "
                        f"${{\\tilde{{a}}}}_1=-a_1$; $\\tanh$ is increasing, so $a_i$ rises and ${{\\tilde{{a}}}}_i$ falls at "
                        f"every step and the distinction {words.moves(mp[-1] - mp[0], 'grows', 'shrinks', 'stays')} from "
                        f"{_mp(mp[0])} to {_mp(mp[-1])} after {len(mp) - 1} steps (mpmath), "
                        "not contracting",
                suggestion="A geometric contraction of initial distinctions under identical inputs for $0<\\beta <1$, "
                           "and a sensitivity product showing why a long computational path can carry a very small "
                           "perturbation.",
                rerun=(("beta", beta), ("a0", a0), ("b0", b0)),
                routes="the signs of tanh(beta a_0) - a_0 (SymPy) and 50 mpmath steps",
                no_witness=f"at beta = {bb} the states {a}, {c} do not both move away from 0"),
        ),
        steps=(Step("tanh'", slope),))



# ---- Week 10: "Continuous adjoint from the residual step: [Controlled approximation], under the
# Week 9 hypotheses". Week 9 (Section 2) assumes f Lipschitz in h, regular in s, and a bounded
# one-step Taylor remainder: nothing makes f differentiable in h, and the adjoint needs D_h f.

def adjoint_kink_flow(start, depth):
    """The flow of dh/ds = -max(h, 0) over depth S from h(0) = h0 (SymPy): h0 e^{-S} for h0 > 0,
    h0 for h0 <= 0 (there f = 0). Returns (flow, right derivative, left derivative) at ``start``."""
    H, s = sp.Symbol("H", positive=True), sp.Symbol("s", nonnegative=True)
    y = sp.Function("y")
    decaying = sp.dsolve(sp.Eq(y(s).diff(s), -y(s)), y(s), ics={y(0): H}).rhs   # f = -h where h > 0
    h0, S = exact(start), exact(depth)
    right = sp.diff(decaying, H).subs({s: S, H: h0})          # the flow H e^{-S} on h0 > 0
    left = sp.Integer(1)                                      # the flow h0 on h0 <= 0: f vanishes there
    return decaying.subs({s: S, H: h0}) if h0 > 0 else h0, right, left


def recheck_adjoint_kink(start: str, depth: str, steps: int = 400):
    """Second route: one-sided difference quotients of the flow of dh/ds = -max(h, 0) at h0,
    by an mpmath RK4 loop from h0 +- 10^-12."""
    f = lambda h: -max(h, mpmath.mpf(0))

    def flow(h):
        ds = mpnum(depth) / steps
        for _ in range(steps):
            k1 = f(h)
            k2 = f(h + ds * k1 / 2)
            k3 = f(h + ds * k2 / 2)
            k4 = f(h + ds * k3)
            h = h + ds * (k1 + 2 * k2 + 2 * k3 + k4) / 6
        return h
    eps, h0 = mpmath.mpf(10) ** -12, mpnum(start)
    return (flow(h0 + eps) - flow(h0)) / eps, (flow(h0 - eps) - flow(h0)) / -eps


def kink_fails(start: str, depth: str) -> bool:
    """"The sensitivity d h(S)/d h0 exists under the Week 9 hypotheses" fails at (h0, S) for
    f = -max(h, 0): the flow's one-sided derivatives differ (h0 = 0, S > 0)."""
    return bool(exact(depth) > 0 and exact(start) == 0)


@derivation("w10.adjoint-needs-differentiable-f")
def adjoint_needs_differentiable_f(start="0", depth="2") -> Derived:
    """f(h) = -max(h, 0) meets the Week 9 hypotheses (Lipschitz with K = 1, autonomous, and along
    the trajectory from h0 = 0, which stays at 0, the Taylor remainder is 0), yet the flow
    h0 -> h(S) has right derivative e^{-S} and left derivative 1 at h0 = 0: no sensitivity, so no
    continuous adjoint. The discrete recursion gives (1 + c ds)^L for whatever c is taken for
    f'(0): 1 or (1 - ds)^L."""
    h = sp.Symbol("h", real=True)
    pieces = (sp.diff(-h, h), sp.diff(sp.Integer(0) * h, h))          # f' on h > 0 and on h < 0
    lipschitz = max(abs(p) for p in pieces) == 1 and (-sp.Max(h, 0)).subs(h, 0) == 0   # K = 1, continuous at 0
    h0, S = exact(start), exact(depth)
    flow, right, left = adjoint_kink_flow(start, depth)
    # along the trajectory from 0 (f(0) = 0, so h stays 0) one Euler step is exact: remainder 0
    remainder = (-sp.Max(h, 0)).subs(h, 0) == 0
    first = bool(kink_fails(start, depth) and lipschitz and remainder and right != left)
    plus, minus = recheck_adjoint_kink(start, depth)
    second = bool(h0 == 0 and abs(plus - minus) > mpmath.mpf(1) / 100)
    return Derived(
        forms={"right_derivative": right, "left_derivative": left},
        evidence=(
            refutation(
                f"the Week 9 hypotheses give a continuous adjoint: f(h) = -max(h, 0) meets them (K = 1, the trajectory "
                f"from h0 = {h0} stays at 0, remainder 0), but the flow h0 -> h(S) at S = {S} has one-sided "
                f"derivatives e^-{S} = {sp.N(right, 6)} and {left}",
                first, second, failure=where_it_fails(kink_fails, {"start": start, "depth": depth}),
                says="[Controlled approximation], under the Week 9 hypotheses",
                finding=f"f(h) = -max(h, 0) is Lipschitz with K = 1 and autonomous, and from h0 = {h0} the trajectory stays "
                        f"at 0, where the one-step Taylor remainder is 0: every Week 9 hypothesis holds. The flow "
                        f"h0 -> h(S) is h0 e^-S for h0 > 0 and h0 for h0 <= 0, so at S = {S} its right derivative is "
                        f"e^-{S} = {sp.N(right, 6)} and its left derivative {left} (mpmath RK4 difference quotients: "
                        f"{mpmath.nstr(plus, 6)}, {mpmath.nstr(minus, 6)}): the sensitivity, and with it the continuous "
                        "adjoint, does not exist; the discrete recursion returns 1 or (1 - ds)^L as f'(0) is taken 0 or -1. "
                        "The adjoint needs D_h f, which the Week 9 hypotheses do not supply",
                suggestion="[Controlled approximation], for f differentiable in h with a Lipschitz derivative, under "
                           "the Week 9 hypotheses",
                rerun=(("start", start), ("depth", depth)),
                routes="the one-sided derivatives of the solved flow (SymPy) and mpmath RK4 difference quotients",
                no_witness=f"at h0 = {h0} the flow of -max(h, 0) is differentiable (h0 is not 0, or S is not positive)"),
        ),
        steps=(Step("flow on h0 > 0", sp.Symbol("h0") * sp.exp(-sp.Symbol("S"))), Step("flow on h0 <= 0", sp.Symbol("h0"))))


# ---- Week 10 fine print: "Sampling without replacement changes the noise. It introduces a
# finite-population correction and temporal dependence, neither of which the matched moments
# describe." B is any batch size (Section 2); at B = 1 and at B = N one of the two is absent.

_GRADIENTS = ((0, 1), (2, 0), (3, 3), (-1, 2), (1, -4), (-2, -1), (4, 1), (0, -3))   # 2-vectors


def edge_batch_fails(batch: str, population: str) -> bool:
    """"introduces a finite-population correction and temporal dependence" fails at (B, N): at
    B = 1 the factor (N - B)/(N - 1) is 1 (no correction); at B = N every batch is the whole
    dataset, the update deterministic (no dependence between steps)."""
    b, n = exact(batch), exact(population)
    return bool(b.is_integer and n.is_integer and 2 <= n and b in (1, n))


def batch_factor(batch: str, population: str):
    """Cov(g_S) / (C/B) for B distinct examples of N, from the inclusion probabilities (SymPy):
    P(i in S) = B/N, P(i, j in S) = B(B - 1)/(N(N - 1)), and sum_{i != j} h_i h_j^T = -N C."""
    b, n = exact(batch), exact(population)
    incl, both = b / n, b * (b - 1) / (n * (n - 1))
    return sp.factor(((incl - incl ** 2) * n - (both - incl ** 2) * n) / b)


def recheck_edge_batch(batch: str, population: str):
    """Second route: list every batch (and every next batch of the epoch) of N concrete gradients
    exactly; returns (Cov(g_S) / (C/B), Cov(g_S1, g_S2) or None when an epoch holds one batch),
    each as the first diagonal entry, exact."""
    from fractions import Fraction
    from itertools import combinations
    b, n = int(exact(batch)), int(exact(population))
    pts = [tuple(Fraction(c) for c in p) for p in _GRADIENTS[:n]]
    mu = [sum(p[k] for p in pts) / n for k in range(2)]
    mean = lambda idx: sum(pts[i][0] for i in idx) / len(idx) - mu[0]
    c = sum((p[0] - mu[0]) ** 2 for p in pts) / n
    firsts = list(combinations(range(n), b))
    cov = sum(mean(s) ** 2 for s in firsts) / len(firsts)
    pairs = [(s, t) for s in firsts for t in combinations([i for i in range(n) if i not in s], b)]
    cross = sum(mean(s) * mean(t) for s, t in pairs) / len(pairs) if pairs else None
    return cov / (c / b), cross


@derivation("w10.without-replacement-edges")
def without_replacement_edges(batch="1", population="5") -> Derived:
    """At B = 1 one draw without replacement is one draw: Cov(g_S) = C = C/B, the matched moment,
    so no finite-population correction; at B = N each batch is the dataset, Cov(g_S) = 0 and the
    update is deterministic, so no temporal dependence. Either way "a finite-population
    correction and temporal dependence" is not both introduced."""
    b, n = exact(batch), exact(population)
    first = edge_batch_fails(batch, population)
    factor = batch_factor(batch, population) if first else sp.nan
    ratio, cross = recheck_edge_batch(batch, population) if first else (None, None)
    second = bool(first and ((b == 1 and ratio == 1) or (b == n and ratio == 0 and cross is None)))
    absent = ("the factor (N - B)/(N - 1) is 1: Cov(g_S) = C = C/B, the matched moment, so there is no "
              "finite-population correction" if b == 1 else
              "every batch is the whole dataset: Cov(g_S) = 0 and the update is deterministic, so "
              "there is no temporal dependence between steps")
    return Derived(
        forms={"factor": factor},
        evidence=(
            refutation(
                f"sampling without replacement introduces a finite-population correction and temporal dependence: "
                f"at B = {b} of N = {n} {absent}",
                first, second, failure=where_it_fails(edge_batch_fails, {"batch": batch, "population": population}),
                says="It introduces a finite-population correction and temporal dependence",
                finding=f"the page lets a batch hold any number B of examples; at B = {b} of N = {n} {absent} "
                        f"(inclusion probabilities, SymPy: factor {factor}; every batch of {n} gradients listed "
                        f"exactly: Cov(g_S)/(C/B) = {ratio}). Both are present only for 1 < B < N: the factor "
                        "is below 1 once B > 1, and successive batches of one epoch have covariance -C/(N - 1) "
                        "only while an epoch holds more than one batch",
                suggestion="For batches of more than one example but fewer than the whole dataset, it introduces "
                           "a finite-population correction and temporal dependence",
                rerun=(("batch", batch), ("population", population)),
                routes="the factor from inclusion probabilities (SymPy) and every batch listed exactly",
                no_witness=f"at B = {b} of N = {n} both the correction and the dependence are there"),
        ),
        steps=(Step("Cov(g_S)/(C/B)", (sp.Symbol("N") - sp.Symbol("B")) / (sp.Symbol("N") - 1)),))


# ---- C12-D05, line 263: "a smooth, invertible map, so a narrow one cannot reverse the order" -------

def reversal_fails(slope: str) -> bool:
    """"a smooth, invertible map, so [on one number it] cannot reverse the order" fails for the
    linear map x -> k x at k < 0: smooth, invertible, and it sends A = -1 < B = 1 to kA > kB."""
    return bool(exact(slope) < 0)


def recheck_reversal(slope: str) -> tuple:
    """Second route, in mpmath: the map's derivative by mpmath.diff, its inverse by mpmath.findroot
    at 1/2, and the images of A = -1 and B = 1."""
    k = mpnum(slope)
    phi = lambda v: k * v  # noqa: E731
    inverse = mpmath.findroot(lambda v: phi(v) - mpmath.mpf(1) / 2, mpmath.mpf(0))
    return mpmath.diff(phi, 0), phi(inverse), phi(mpmath.mpf(-1)), phi(mpmath.mpf(1))


@derivation("c12.d05.smooth-invertible-reverses")
def smooth_invertible_reverses(witness_slope="-1") -> Derived:
    """Smooth and invertible does not keep order on a line: x -> -x is both and swaps -1 and 1.

    What keeps it is that a continuous-depth layer is a flow's time-T map: its derivative
    v = dx(T)/dx0 solves v' = f'(x(t)) v, v(0) = 1, so v = exp(int_0^T f'(x(s)) ds) > 0 and the
    map is increasing (c12.d05.order-preserved proves the gap keeps its sign)."""
    X, T, s = sp.Symbol("x", real=True), sp.Symbol("T", positive=True), sp.Symbol("s", real=True)
    g = sp.Function("g", real=True)   # f'(x(s)) along the path: real
    flow_slope = sp.exp(sp.Integral(g(s), (s, 0, T)))
    solves = zero(sp.diff(flow_slope, T) - g(T) * flow_slope) and flow_slope.subs(T, 0).doit() == 1
    # int_0^T f'(x(s)) ds is real (f' is), so its exponential is positive
    positive = sp.exp(sp.Function("J", real=True)(T)).is_positive is True
    k = exact(witness_slope)
    phi = k * X
    smooth_invertible = k != 0 and sp.solve(sp.Eq(phi, sp.Symbol("y")), X) != [] and sp.diff(phi, X) == k
    a, b = phi.subs(X, -1), phi.subs(X, 1)
    first = reversal_fails(witness_slope)
    mp_slope, mp_back, mp_a, mp_b = recheck_reversal(witness_slope) if k != 0 else (0, 0, 0, 0)
    second = bool(k != 0 and mp_slope != 0 and abs(mp_back - mpmath.mpf(1) / 2) < mpmath.mpf(10) ** (-20)
                  and mp_a > mp_b)
    return Derived(
        forms={"flow_slope": flow_slope},
        evidence=(
            Evidence(IDENTITY, "a flow's time-T map on one number has derivative v = exp(int_0^T f'(x(s)) ds) "
                     "(it solves v' = f'(x) v, v(0) = 1), which is positive: the map is increasing and keeps "
                     "the order of any two values", solves and positive),
            refutation(
                f"a smooth, invertible map on one number cannot reverse the order of values: x -> {phi} is smooth "
                f"and invertible and sends -1 < 1 to {a} > {b}",
                first and smooth_invertible, second, failure=Failure.WORDS,
                says="A continuous-depth layer is a smooth, invertible map, so a narrow one cannot reverse the order",
                finding=f"smooth and invertible do not keep the order: x -> {phi} is both (derivative {k}, "
                        f"inverse y -> {sp.solve(sp.Eq(phi, sp.Symbol('y')), X)[0] if k != 0 else '-'}; mpmath: "
                        f"derivative {_mp(mp_slope)}, findroot inverts 1/2) and sends A = -1 < B = 1 to {a} > {b}, "
                        "the very reversal the sentence rules out. What rules it out is that the layer is the "
                        "time-T map of a flow, whose derivative exp(int_0^T f'(x(s)) ds) is positive",
                suggestion="A continuous-depth layer is the time-T map of a flow, a smooth invertible map that on a "
                           "single number is also increasing (its slope exp(int_0^T f'(x(s)) ds) is positive), so a "
                           "narrow one cannot reverse the order of values, such as sending x to -x in one feature.",
                rerun=(("witness_slope", witness_slope),),
                routes="the map, its inverse and the images (SymPy) and mpmath.diff with mpmath.findroot",
                no_witness=f"x -> {phi} keeps the order of -1 and 1 (or is not invertible)"),
        ),
        steps=(Step("derivative of the time-T map", flow_slope), Step("witness map", phi)))
