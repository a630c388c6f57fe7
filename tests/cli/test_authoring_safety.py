"""Authoring safety (issue 25): one exit status per state, --fix never writes a wrong number into
claims.yaml, YAML escapes that change a LaTeX command are warned, constant evidence is refused."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from noteproof.errors import ContentError
from noteproof.sources.literal import refuse_constant_evidence
from noteproof.sources.yamlescapes import escape_warnings
from tests.forked import run_cli
from tests.helpers import edit

MISSING = "claim 'w09.contraction' refers to 'w09.contraction', which no module of derivations/ or numerics/ registers"


@pytest.mark.parametrize("verb", [("report", "--out", "out"), ("audit",), ("audit", "notes/week09.txt"),
                                  ("show", "w09.contraction"), ("show", "w09.fixed-point-response"),
                                  ("check", "w09.contraction")])
def test_a_deleted_derivation_is_exit_2_with_the_same_message_for_every_verb(project, verb):
    edit(project / "derivations" / "week09.py", '@derivation("w09.contraction")\n', "")
    run = run_cli(*verb, cwd=project)
    assert run.code == 2, (verb, run.code, run.stderr[-800:])
    assert MISSING in run.stderr and "Traceback" not in run.stderr


SOFTMAX = "(1+\\sqrt{3})\\simeq 0.633975$"


def _audit_fix(project: Path, tmp_path: Path, *edits: tuple[str, str]) -> str:
    edited = tmp_path / "edited" / "week10.txt"
    edited.parent.mkdir()
    shutil.copy(project / "notes" / "week10.txt", edited)
    for old, new in edits:
        edit(edited, old, new)
    run = run_cli("audit", str(edited), "--fix", cwd=project)
    assert run.code == 0, run.stderr[-1500:]
    return run.stdout


def test_fix_of_a_wrong_number_in_a_statement_leaves_claims_yaml_alone(cached_project, tmp_path):
    patch = _audit_fix(cached_project, tmp_path, (SOFTMAX, SOFTMAX.replace("0.633975", "0.643975")))
    assert "+For scores" in patch and "0.633975$. A change" in patch.split("+For scores")[1]
    assert "claims.yaml" not in patch       # the fix restores the registered statement


def test_fix_of_a_reworded_statement_with_a_wrong_number_writes_the_right_number(cached_project, tmp_path):
    patch = _audit_fix(cached_project, tmp_path, (SOFTMAX, SOFTMAX.replace("0.633975", "0.643975")),
                       ("$p_1(A)=3/4$, whereas", "$p_1(A)=3/4$, while"))
    registry = [line for line in patch.split("\n") if line.startswith("+    statement:")]
    assert registry == ['+    statement: "For scores $(\\\\log 3,0)$, $p_1(A)=3/4$, while '
                        '$p_2(A)=\\\\sqrt{3}/(1+\\\\sqrt{3})\\\\simeq 0.633975$."']


ESCAPED = {   # a double-quoted scalar -> the escapes warned (letter + the rest)
    '"$\\eta a$"': ["eta"], '"$\\theta$ and $\\beta$"': ["theta", "beta"], '"$\\nabla f$"': ["nabla"],
    '"$\\frac{1}{2}$"': ["frac"], '"$\\rho$, $\\varepsilon$, $\\alpha$"': ["rho", "varepsilon", "alpha"],
    '"$\\Lambda$"': ["Lambda"], '"$\\\\eta a$"': [], "'$\\eta a$'": [], '"one\\nThe next"': [], '"a \\\\\\theta"': ["theta"],
}


@pytest.mark.parametrize("scalar, warned", ESCAPED.items())
def test_yaml_escapes_that_change_a_latex_command_are_warned(scalar, warned):
    found = escape_warnings(f"  - row: {scalar}\n", "claims.yaml")
    assert [w.message.split('"')[1][1:] for w in found] == warned
    assert all(w.location.line == 1 and w.location.column > 9 for w in found)


def test_a_single_backslash_in_claims_yaml_is_a_located_warning(project):
    assert "warning" not in run_cli("list", cwd=project).stderr
    text = (project / "claims.yaml").read_text(encoding="utf-8")
    line = text[:text.index('row: "Response $1/(1-\\\\beta )$')].count("\n") + 1
    edit(project / "claims.yaml", 'row: "Response $1/(1-\\\\beta )$', 'row: "Response $1/(1-\\beta )$')
    run = run_cli("list", cwd=project)
    assert run.code == 0
    assert (f'noteproof: warning: claims.yaml:{line}:26: "\\beta" in double quotes is YAML\'s escape \\b (a backspace) '
            'then "eta", not the LaTeX command \\beta: write \\\\beta') in run.stderr


CONSTANT = '''\
from noteproof.authoring import Derived, Evidence, EvidenceKind, derivation


def _helper():
    return Evidence(EvidenceKind.IDENTITY, "a helper's", True, condition=True)


@derivation("w11.step-factor")
def step_factor(eta: str = "3/10") -> Derived:
    """The step factor is 1 - eta a."""
    ok = 1 - 2 * 0.3 == 0.4
    return Derived(evidence=[Evidence(EvidenceKind.IDENTITY, "the factor is 1 - eta a", HOLDS)])
'''


@pytest.mark.parametrize("holds, refused", [("True", True), ("holds=True", True), ("ok", False),
                                            ("True, condition=True", False), ("holds=ok", False)])
def test_evidence_that_holds_by_a_literal_true_is_refused_with_its_line(tmp_path, holds, refused):
    path = tmp_path / "w11.py"
    path.write_text(CONSTANT.replace("HOLDS", holds), encoding="utf-8")
    if not refused:
        refuse_constant_evidence(path, "derivations/w11.py")
        return
    with pytest.raises(ContentError, match="holds by the literal True") as err:
        refuse_constant_evidence(path, "derivations/w11.py")
    assert str(err.value.location) == "derivations/w11.py:12:30"


def test_every_verb_refuses_constant_evidence_with_exit_2(project):
    (project / "derivations" / "w11.py").write_text(CONSTANT.replace("HOLDS", "True"), encoding="utf-8")
    for verb in (("show", "w09.contraction"), ("report", "--out", "out")):
        run = run_cli(*verb, cwd=project)
        assert run.code == 2 and "noteproof: error: derivations/w11.py:12:30: evidence of step_factor() holds by " \
            "the literal True" in run.stderr, run.stderr[-800:]
