"""Self-contained relations between closed forms, decided with no registration (run.identities)."""
from __future__ import annotations

import pytest

from noteproof.run import relations
from noteproof.run.identities import Verdict
from noteproof.run.relations import relation_checks
from noteproof.sources.notes import Note


def decided(text: str, seconds: float = 10.0) -> list[tuple[str, str]]:
    return [(c.printed.strip(), c.verdict.value) for c in relation_checks(Note("n.md", text), seconds)]


CASES = {
    # in scope: right ones hold, wrong ones are wrong
    r"$(1-\eta a)^2 = 1-2\eta a+\eta^2a^2$": "holds",
    r"$(1-\eta a)^2 = 1-\eta^2a^2$": "wrong",
    r"$\sum_{k=0}^{n-1} r^k = \frac{1-r^n}{1-r}$": "holds",
    r"$\sum_{k=0}^{n-1} r^k = \frac{1-r^{n+1}}{1-r}$": "wrong",
    r"$\tanh x = \frac{e^{x}-e^{-x}}{e^{x}+e^{-x}}$": "holds",
    r"For $0<x<1$, $\frac{1}{1-x} > 1+x$.": "holds",
    r"For $0<x<1$, $\frac{1}{1-x} < 1+x$.": "wrong",
    r"$\frac{1}{1-x} > 1+x$": "wrong",                 # no range stated: fails at x = 3
    r"$x^2+1 \ge 2x$": "holds",
    r"$a^2+b^2 \ge 3ab$": "wrong",
    r"$e^{x}\ge 1+x$": "cannot decide",                # transcendental: sampled, not proved
}


@pytest.mark.parametrize("text, verdict", CASES.items())
def test_each_relation_is_decided(text, verdict):
    [(_, got)] = decided(text)
    assert got == verdict


@pytest.mark.parametrize("text", [
    r"$f(x)=\frac{a}{2}x^2$", r"$\frac{d}{dx}\frac{a}{2}x^2 = ax$", r"$a>0$", r"$0<\eta a<2$", r"$\eta a=2$",
    r"$\eta =0.3$", r"$x_k=(1-\eta a)^k x_0$", r"$\Delta s=S/L$", r"$z_k-z^*=\theta^k(z_0-z^*)$",
    r"$\frac{1}{2}(0.8)(0.2)=0.08$", r"$\sigma(z) = \frac{1}{1+e^{-z}}$", r"${\delta }^{\ell }=(D_h{F}_{\ell }{)}^{\mathsf{T}}x$",
])
def test_definitions_hypotheses_settings_and_free_functions_are_not_decided(text):
    assert decided(text) == []


def test_a_wrong_one_names_both_sides_and_where_they_differ():
    [c] = relation_checks(Note("n.md", "Two steps: $(1-\\eta a)^2=1-\\eta^2a^2$."), 10.0)
    assert c.wrong and str(c.location) == "n.md:1:13"
    assert c.message == ("wrong: left side is (−a·η + 1)², right side is −a²·η² + 1, at a = 1/2, η = 1/3 "
                         "they differ (25/36 against 35/36)")
    [c] = relation_checks(Note("n.md", "$\\frac{1}{1-x} > 1+x$"), 10.0)
    assert c.message == "wrong: left side is 1/(1 − x), right side is x + 1, at x = 3 they are −1/2 and 4, and −1/2 > 4 does not hold"


def test_a_chain_is_decided_link_by_link_and_a_definition_link_is_skipped():
    [c] = relation_checks(Note("n.md", r"$$x_{k+1}=x_k-\eta a x_k=(1-\eta a)x_k .$$"), 10.0)
    assert c.holds and c.relation == "−a·η·xₖ + xₖ = xₖ·(−a·η + 1)"


def test_the_range_is_the_one_stated_in_the_same_sentence():
    text = r"For $0<x<1$ we have $\frac{1}{1-x}>1+x$. Beyond it $\frac{1}{1-x}>1+x$ fails."
    assert [v for _, v in decided(text)] == ["holds", "wrong"]
    [c, _] = relation_checks(Note("n.md", text), 10.0)
    assert c.how == "SymPy proves it for every x with 0 < x < 1"


def test_a_span_past_its_time_budget_cannot_be_decided_and_the_rest_go_on(monkeypatch):
    import time
    real = relations.span_checks

    def slow(note, span):
        if "slow" in note.text[span.start - 8:span.start]:
            time.sleep(60)
        return real(note, span)

    monkeypatch.setattr(relations, "span_checks", slow)
    text = r"A slow: $(1+x)^2 = 1+x^2$ and a quick $(1+x)^2 = 1+2x+x^2$."
    got = relation_checks(Note("n.md", text), 3.0)
    assert [(c.verdict, c.how) for c in got] == [(Verdict.UNDECIDED, "not decided within 3 s"),
                                                (Verdict.HOLDS, "SymPy proves both sides equal")]
