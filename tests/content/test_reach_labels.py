"""Issue #13, item 2: evidence that checks an identity only at the page's own values says so
(reach `setting`), the claims whose statement is about those values say so (`scope: setting`),
and a general statement keeps a general proof. Each label is pinned, and a wrong version (a
wrong setting, or a general scope over setting evidence) still fails or falls short."""
from __future__ import annotations

import mpmath
import pytest

from noteproof.model import EvidenceKind as K
from noteproof.model import Outcome, Reach, Scope
from tests.helpers import ROOT, copy_project, edit, real_content

G, S = Reach.GENERAL, Reach.SETTING


def derive(check_id: str, **params):
    with mpmath.workdps(50):
        return real_content().get(check_id).fn(**params)


def reaches(check_id: str, **params) -> list[Reach]:
    return [e.reach for e in derive(check_id, **params).evidence]


def holds(check_id: str, **params) -> list[bool]:
    return [e.holds for e in derive(check_id, **params).evidence]


def run_claim(root, claim_id: str):
    from noteproof.run.claim import run_claim as run
    from noteproof.sources.project import load_project
    project = load_project(root)
    claim = next(c for c in project.registry.claims if c.id == claim_id)
    return run(claim, real_content(), project.notes[claim.note])


# (derivation, reach of each evidence item in order)
REACHES = [
    ("w09.unstable-discretization", [S, G, S, G]),   # ds = 0.5 and 3 at the page; the witness; the Euler map
    ("w09.contraction", [G, S, S]),                  # the certificate; beta = 1/2; the runs at beta = 1/2
    ("w10.temperature-softmax", [S]),                # scores (log 3, 0)
    ("w10.two-state-path", [G, S, G]),               # every q and path; P(AAB) = 2/25 at 0.2; the witness
    ("c12.d01.check-answer", [S]),                   # a = 2, h = 0.75
    ("c12.d02.theta-one", [S, S, S]),                # theta = 1 with x = 1 and x = 0
    ("c12.d02.shown-updates", [S]),                  # 12 updates at theta = 6/5, x = 1
    ("c12.d03.exact-equilibria", [S]),               # theta = 0.8 and 0.81, x = 1
    ("c12.d04.frequency", [G, G, G, G, G, S]),       # ... and the largest step shown, 1.25
    ("c12.d07.solve-count", [G]),                    # 1 + P for every P (the 1,001 is the quote's)
    ("c12.d08.stiffness-definition", [G, G, S]),     # ... and S = 100 at the rates 1, 10, 100
]


@pytest.mark.parametrize("check_id, expected", REACHES)
def test_reach_labels(check_id, expected):
    assert reaches(check_id) == expected
    assert all(holds(check_id))


@pytest.mark.parametrize("check_id, params, index", [
    ("w09.unstable-discretization", {"ds_small": "0.4"}, 0),     # factor 3/5, not "by half"
    ("w09.unstable-discretization", {"ds_large": "1.5"}, 2),     # factor -1/2, not "doubles"
    ("w09.contraction", {"beta": "9/10"}, 1),                    # 0.9^10 = 0.35, not below 0.001
    ("w10.temperature-softmax", {"weights": "3 2"}, 0),          # p_2(A) is not sqrt3/(1 + sqrt3)
    ("w10.two-state-path", {"initial_A": "7/10"}, 0),            # a non-uniform start: not reversible
    ("w10.two-state-path", {"initial_A": "7/10"}, 1),
    ("c12.d01.check-answer", {"check_h": "1.25"}, 0),            # factor -3/2: size above one
    ("c12.d04.frequency", {"h_max": "2.5"}, 5),                  # outside the stable range (0, 2)
])
def test_a_wrong_setting_fails(check_id, params, index):
    assert not holds(check_id, **params)[index]


def test_two_state_path_general_proof_needs_the_uniform_start():
    """The general evidence is a proof in q, not the page's 0.2: it holds at any switching
    probability, and fails when the start is not stationary."""
    import sympy as sp

    from derivations.week10 import _every_path_reversible
    assert holds("w10.two-state-path", switch="0.35")[:2] == [True, True]
    assert _every_path_reversible([sp.Rational(1, 2), sp.Rational(1, 2)])
    assert not _every_path_reversible([sp.Rational(1, 3), sp.Rational(2, 3)])


def test_solve_count_is_general_and_read_at_the_question():
    d = derive("c12.d07.solve-count", parameters="1000")
    assert d.evidence[0].kind is K.IDENTITY and "for every P" in d.evidence[0].statement
    assert d.steps[-1].expr == 1001
    assert derive("c12.d07.solve-count", parameters="20").steps[-1].expr == 21


def test_proposal_evidence_says_what_it_does_not_check():
    from noteproof.run.earn import proposal_evidence
    e = proposal_evidence("Recurrent Looped Transformer as inspected [Proposal]: no reported "
                          "performance in the version consulted on 2026-09-13")
    assert e.holds and e.reach is S and e.statement.startswith("internally consistent")
    assert "not checked" in e.statement
    assert not proposal_evidence("Recurrent Looped Transformer [Proposal]: 12% lower perplexity").holds


# (claim, scope registered): the statement is about the page's values, or exists by the example
SCOPES = [
    ("w09.unstable-discretization", Scope.EXISTS),
    ("w10.temperature-softmax", Scope.SETTING),
    ("c12.d01.check-answer", Scope.SETTING),
    ("c12.d02.theta-one", Scope.SETTING),
    ("c12.d02.check-answer", Scope.SETTING),
    ("c12.d03.exact-equilibria", Scope.SETTING),
    ("c12.d04.steps-below-two", Scope.SETTING),
    ("c12.d07.solve-count", Scope.SETTING),
    ("w09.contraction", Scope.GENERAL),
    ("w10.two-state-path", Scope.GENERAL),
    ("c12.d08.stiff-limit", Scope.GENERAL),
]


@pytest.mark.parametrize("claim_id, scope", SCOPES)
def test_claims_keep_their_outcome_with_the_honest_labels(claim_id, scope):
    result = run_claim(ROOT, claim_id)
    assert result.scope is scope and result.outcome is Outcome.VERIFIED, result.messages


@pytest.mark.parametrize("claim_id, comment", [
    ("w10.temperature-softmax", "the page's scores (log 3, 0) at tau = 1 and 2"),
    ("c12.d01.check-answer", "the check question's a = 2, h = 0.75"),
    ("c12.d03.exact-equilibria", "the two equilibria the page compares (theta = 0.8 and 0.81, x = 1)"),
])
def test_setting_evidence_does_not_verify_a_general_scope(tmp_path, claim_id, comment):
    """Were these statements read as general, their setting evidence would leave them partly verified."""
    root = copy_project(tmp_path / "p")
    edit(root / "claims.yaml", f"scope: setting       # {comment}", "scope: general")
    result = run_claim(root, claim_id)
    assert result.outcome is Outcome.PARTLY
    assert any("reaches only setting" in m for m in result.messages)
