"""claims.yaml validation: every mistake is a located error, exit 2, no traceback."""
import pytest

from noteproof.errors import RegistryError
from noteproof.sources.registry import load_registry
from tests.helpers import edit, run_cli

HEAD = """version: 1
notes:
  week09: {file: notes/week09.txt, title: "Week 9"}
claims:
"""
GOOD = """  - id: w09.x
    note: week09
    row: "The four indices advance four different things"
    tag: "[Exact] by definition; the point is that arguments do not transfer"
"""


def load(tmp_path, body):
    path = tmp_path / "claims.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    return load_registry(path)


def error_of(tmp_path, body) -> RegistryError:
    with pytest.raises(RegistryError) as err:
        load(tmp_path, body)
    return err.value


def test_a_good_entry_loads(tmp_path):
    (claim,) = load(tmp_path, GOOD).claims
    assert claim.id == "w09.x" and claim.location.line == 5


@pytest.mark.parametrize("body, line, words", [
    (GOOD + GOOD, 9, "duplicate claim id"),
    (GOOD.replace('tag: "[Exact] by definition; the point is that arguments do not transfer"',
                  'tag: "[Exactish]"'), 8, "unknown status"),
    (GOOD.replace("    note: week09\n", ""), 5, "missing field 'note'"),
    (GOOD + "    status: [exact, maybe]\n", 9, "unknown status 'maybe'"),
    (GOOD + "    status: [approximation]\n", 9, "disagrees with the tag"),
    (GOOD + "    uses: [w09.nothing]\n", 5, "unknown claim"),
    (GOOD + "    colour: red\n", 9, "unknown field 'colour'"),
    (GOOD + "    quotes:\n      - {snippet: \"x 0.5\", number: 0.5, numeric: a}\n", 10, "must be a string"),
    (GOOD + "    quotes:\n      - {snippet: \"x 0.5\", number: \"0.7\", numeric: a}\n", 10, "does not occur"),
    (GOOD.replace("w09.x", "w09.a") + "    uses: [w09.b]\n" + GOOD.replace("w09.x", "w09.b") + "    uses: [w09.a]\n",
     5, "cycle"),
])
def test_registry_errors_name_the_line(tmp_path, body, line, words):
    err = error_of(tmp_path, body)
    assert words in err.message
    assert err.location.line == line and err.location.path == "claims.yaml"


def test_python_object_tags_are_refused_without_running(tmp_path):
    sentinel = tmp_path / "pwned"
    err = error_of(tmp_path, GOOD + f"    row2: !!python/object/apply:os.system [\"touch {sentinel}\"]\n")
    assert "not allowed" in err.message and not sentinel.exists()


def test_alias_bombs_are_refused(tmp_path):
    bomb = "".join(f"x{i}: &a{i} [" + ", ".join([f"*a{i-1}"] * 9) + "]\n" for i in range(1, 10))
    path = tmp_path / "claims.yaml"
    path.write_text("a0: &a0 [lol]\n" + bomb, encoding="utf-8")
    with pytest.raises(RegistryError, match="aliases"):
        load_registry(path)


def test_yaml_node_cap_refuses_past_it_and_a_registry_a_hundred_times_ours_fits(monkeypatch, tmp_path):
    """The cap is a located error, not a hang; it sits above a 100-fold copy of this registry
    (about 616,000 nodes), which the benchmark loads; the parse pauses the cyclic collector (its
    passes over a growing heap made large loads quadratic) and restores it."""
    import gc

    from noteproof.sources import safeyaml
    text = "a: [" + ", ".join(str(i) for i in range(50)) + "]\n"
    assert safeyaml.load_yaml(text, "x.yaml")["a"][49] == 49 and gc.isenabled()
    monkeypatch.setattr(safeyaml, "MAX_NODES", 40)
    with pytest.raises(RegistryError, match="more than 40 YAML nodes") as info:
        safeyaml.load_yaml(text, "x.yaml")
    assert info.value.location.path == "x.yaml" and gc.isenabled()
    monkeypatch.undo()
    assert safeyaml.MAX_NODES >= 100 * 7_000
    gc.disable()
    safeyaml.load_yaml(text, "x.yaml")
    assert not gc.isenabled()   # a caller's choice is kept
    gc.enable()


def test_an_unregistered_derivation_is_exit_2_naming_the_line(project):
    edit(project / "claims.yaml", "claims:\n", "claims:\n" + GOOD.replace("w09.x", "w09.zz")
         .replace("The four indices", "The four indices") + "    derivation: w09.no-such-derivation\n")
    run = run_cli("report", "--out", str(project / "out"), cwd=project)
    assert run.code == 2
    assert "claims.yaml:" in run.stderr and "w09.no-such-derivation" in run.stderr
    assert "Traceback" not in run.stderr


def test_a_syntax_error_is_exit_2_naming_the_line(project):
    edit(project / "claims.yaml", "claims:\n", "claims:\n  - id: [unclosed\n")
    run = run_cli("list", cwd=project)
    assert run.code == 2 and "claims.yaml:" in run.stderr and "Traceback" not in run.stderr


DECIDES = GOOD + ("    quotes:\n      - snippet: \"multiplier: 1.2\"\n        number: \"1.2\"\n"
                  "        numeric: a\n        decides: {DECIDES}\n")


def test_a_decides_conclusion_loads(tmp_path):
    body = DECIDES.replace("{DECIDES}", '{relation: ">", than: "1", says: "the iteration does not settle"}')
    (claim,) = load(tmp_path, body).claims
    d = claim.quotes[0].decides
    assert (d.relation, d.than, d.says, d.size) == (">", "1", "the iteration does not settle", False)
    assert d.location.line == 13


@pytest.mark.parametrize("decides, line, words", [
    ('{relation: "=>", than: "1", says: "settles"}', 13, "'relation' must be one of <, <=, >, >="),
    ('{relation: ">", than: 1, says: "settles"}', 13, "'than' must be a decimal or fraction as a string"),
    ('{relation: ">", than: "one", says: "settles"}', 13, "'than' must be a decimal or fraction"),
    ('{relation: ">", than: "1"}', 13, "missing field 'says'"),
    ('{relation: ">", than: "1", says: ""}', 13, "'says' must be a non-empty string"),
    ('{relation: ">", than: "1", says: "settles", size: "yes"}', 13, "'size' must be true or false"),
    ('{relation: ">", than: "1", says: "settles", colour: red}', 13, "unknown field 'colour'"),
    ('"theta > 1"', 13, "must be a mapping"),
    ('{relation: "<", than: "1", says: "the iteration settles"}', 13, "the quoted 1.2 is not < 1"),
    ('{relation: "<", than: "1", size: true, says: "shrinks"}', 13, "the quoted |1.2| is not < 1"),
])
def test_a_malformed_decides_is_a_located_error(tmp_path, decides, line, words):
    err = error_of(tmp_path, DECIDES.replace("{DECIDES}", decides))
    assert words in err.message, err.message
    assert err.location.line == line and err.location.path == "claims.yaml"


def test_decides_belongs_on_a_computed_quote_not_an_input(tmp_path):
    body = DECIDES.replace("numeric: a", "input: \"the page's setting\"").replace(
        "{DECIDES}", '{relation: ">", than: "1", says: "the iteration does not settle"}')
    err = error_of(tmp_path, body)
    assert "'decides' belongs on a quote a check computes" in err.message and err.location.line == 13
