"""`pytest --noteproof`: one test per claim, named by its id, failing with the claim's messages."""
import shutil
import subprocess
import sys
import tempfile

import pytest

from noteproof.sources.project import load_project
from tests.helpers import copy_project, edit, run_cli


def pytest_in(folder, *args):
    # a temporary folder of its own: pytest's shared one (/tmp/pytest-of-USER) prunes old runs'
    # folders on first use, which would delete this suite's (and cost minutes on a busy disk)
    basetemp = tempfile.mkdtemp(prefix="plugin-basetemp-")
    try:
        proc = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", f"--basetemp={basetemp}",
                               *args], cwd=folder, capture_output=True, text=True, timeout=600)
    finally:
        shutil.rmtree(basetemp, ignore_errors=True)
    return proc.returncode, proc.stdout + proc.stderr


@pytest.fixture(scope="module")
def project(tmp_path_factory):
    return copy_project(tmp_path_factory.mktemp("plugin") / "project")


def test_one_item_per_claim_named_by_its_id(project):
    code, out = pytest_in(project, "--noteproof", "--collect-only", "-q")
    ids = [c.id for c in load_project(project).registry.claims]
    assert code == 0, out
    collected = [line.split("::", 1)[1] for line in out.splitlines() if line.startswith("claims.yaml::")]
    assert collected == ids


def test_without_the_option_no_claim_is_collected(project):
    (project / "test_plain.py").write_text("def test_plain():\n    assert True\n")
    code, out = pytest_in(project, "--collect-only", "-q")
    assert code == 0 and "test_plain.py::test_plain" in out and "claims.yaml::" not in out
    (project / "test_plain.py").unlink()


def test_a_claim_that_holds_passes(project):
    code, out = pytest_in(project, "--noteproof", "-q", "-k", "w09.four-indices")
    assert code == 0 and "1 passed" in out, out


def test_a_wrong_number_fails_with_the_claims_message(tmp_path):
    mutant = copy_project(tmp_path / "mutant")
    for name in ("notes/week09.txt", "claims.yaml"):
        path = mutant / name
        text = path.read_text(encoding="utf-8")
        assert "0.000977" in text
        path.write_text(text.replace("0.000977", "0.000988"), encoding="utf-8")
    code, out = pytest_in(mutant, "--noteproof", "-q", "-k", "w09.contraction and not summary")
    assert code == 1 and "1 failed" in out, out
    assert "claim w09.contraction failed" in out and "0.000988" in out


def test_a_wrong_number_in_the_note_fails_with_the_audits_finding(tmp_path):
    """Only the note edited (no git, so the audit has no baseline): the item prints the finding
    `noteproof audit` prints, located, with its code and the expected value."""
    mutant = copy_project(tmp_path / "mutant")
    edit(mutant / "notes" / "week09.txt", "2^{-10}\\simeq 0.000977", "2^{-10}\\simeq 0.000988")
    code, out = pytest_in(mutant, "--noteproof", "-q", "-k", "w09.contraction and not summary")
    assert code == 1 and "1 failed" in out, out
    audit = run_cli("audit", "notes/week09.txt", cwd=mutant)
    [finding] = [line for line in audit.stdout.splitlines() if " NP101 w09.contraction: " in line]
    assert finding.startswith("notes/week09.txt:74:91: NP101 w09.contraction: 0.000988 is wrong: ")
    assert finding.endswith("(printed to the same precision: 0.000977)")
    assert finding in out.splitlines(), out
    assert "help: expected 0.000977" in out and "snippet not found" not in out


def test_a_broken_registry_is_a_located_collection_error(tmp_path):
    broken = copy_project(tmp_path / "broken")
    edit(broken / "claims.yaml", "note: week09", "note: week99")
    code, out = pytest_in(broken, "--noteproof", "-q")
    assert code != 0 and "claims.yaml:" in out and "unknown note 'week99'" in out
    assert "Traceback" not in out


def test_the_plugin_uses_the_report_cache_and_keeps_v(project):
    """A claim's result is stored in (and read back from) .noteproof-cache/, as `noteproof report`
    does; -v lists the items (the project's addopts, copied in, do not cancel it)."""
    import shutil

    from tests.helpers import ROOT
    shutil.copy2(ROOT / "pyproject.toml", project / "pyproject.toml")
    shutil.rmtree(project / ".noteproof-cache", ignore_errors=True)
    code, out = pytest_in(project, "--noteproof", "-v", "-k", "w09.four-indices")
    # under the addopts' xdist a verbose line reads "[gw0] [100%] PASSED claims.yaml::w09.four-indices"
    assert code == 0 and "PASSED claims.yaml::w09.four-indices" in out, out
    stored = list((project / ".noteproof-cache").rglob("*.json"))
    assert stored, "no cache entry written"
    code, out = pytest_in(project, "--noteproof", "-v", "-k", "w09.four-indices")
    assert code == 0 and "PASSED" in out, out
    assert sorted(stored) == sorted((project / ".noteproof-cache").rglob("*.json"))


def test_no_quiet_in_the_projects_addopts():
    import tomllib

    from tests.helpers import ROOT
    options = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["pytest"]["ini_options"]
    assert "-q" not in options.get("addopts", "").split()


def test_a_plugin_only_run_starts_no_xdist_workers(tmp_path):
    """The project's addopts (-n auto) start workers for the test suite, not for
    `pytest --noteproof claims.yaml`; with a test file beside it, xdist still starts."""
    import shutil

    from tests.helpers import ROOT
    root = copy_project(tmp_path / "fast")
    shutil.copy2(ROOT / "pyproject.toml", root / "pyproject.toml")
    (root / "test_plain.py").write_text("def test_plain():\n    assert True\n")
    code, out = pytest_in(root, "--noteproof", "claims.yaml", "-v", "-k", "w09.four-indices")
    assert code == 0 and "claims.yaml::w09.four-indices PASSED" in out, out   # no "[gw0] ... PASSED"
    assert "[gw0]" not in out and "workers" not in out, out
    code, out = pytest_in(root, "--noteproof", "claims.yaml", "test_plain.py", "-v", "-k", "plain")
    assert code == 0 and "workers" in out, out


def test_a_failing_item_shows_the_erratums_suggestion(project):
    """c12.d01.factor-by-step fails with an erratum: the item prints its corrected sentence,
    its mathematics in the note's notation."""
    code, out = pytest_in(project, "--noteproof", "claims.yaml", "-q", "-k", "c12.d01.factor-by-step")
    assert code == 1 and "1 failed" in out, out
    assert "suggestion: That factor is positive and close to 1 for small steps" in out
    assert "erratum (false) at notes/chapter12.txt:" in out and "h → 0" in out
