"""The result cache: keys that change exactly when an input changes, entries that are never
trusted unless whole, and reports that are the same with and without it.

Most tests work on a small self-contained project (``make_project``) so that they neither
depend on the real registry nor take its time; the few that run the CLI do so in a subprocess.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from noteproof.model import (
    ClaimResult,
    Evidence,
    EvidenceKind,
    FormulaResult,
    Location,
    Mark,
    NumberResult,
    Outcome,
    Reach,
    Status,
    Step,
)
from noteproof.run import cache as cache_mod
from noteproof.run.cache import BadEntry, ResultCache, Uncacheable, checksum, from_json, to_json
from noteproof.sources.project import load_project
from tests.helpers import cli, imported, make_project, report_files

# ------------------------------------------------------------- the JSON codec

LOC = Location("notes/mini.txt", 3, 7)
FULL = ClaimResult(
    "mini.x", "mini", "Row text with Greek β and a dash –", "[Exact.]", (Mark.EXACT, Mark.APPROXIMATE),
    Outcome.VERIFIED,
    evidence=(Evidence(EvidenceKind.IDENTITY, "a = a", True, Status.EXACT, "detail", "notice"),
              Evidence(EvidenceKind.BOUND, "b <= c", False)),
    numbers=(NumberResult("0.000977", "0.0009765625", 50, Outcome.VERIFIED, LOC, "mini.halved"),
             NumberResult("1.5", "", 0, Outcome.ERROR, None, "mini.y", "boom")),
    formulas=(FormulaResult("x=1/8", Outcome.FAILED, LOC, "mini.eighth", "1/8", "differs"),),
    uses=("mini.y",), location=LOC, messages=("one", "two"),
    steps=(Step("first", "x**2"), Step("second")))


def test_codec_round_trips_every_field():
    doc = json.loads(json.dumps(to_json(FULL)))
    assert from_json(doc) == FULL
    assert to_json(from_json(doc)) == doc


@pytest.mark.parametrize("bad", [
    lambda: Evidence(EvidenceKind.IDENTITY, "s", 1),                # an int where a bool is declared
    lambda: Evidence(EvidenceKind.IDENTITY, 3, True),               # a non-string statement
    # a string where an enum is declared (its reach given: the default reach is looked up by kind)
    lambda: Evidence("identity", "s", True, reach=Reach.GENERAL),
], ids=["int-for-bool", "int-for-str", "str-for-enum"])
def test_codec_refuses_what_the_model_does_not_declare(bad):
    with pytest.raises(Uncacheable):
        to_json(ClaimResult("a", "n", "r", "t", (Mark.EXACT,), Outcome.VERIFIED, evidence=(bad(),)))


def test_codec_refuses_a_sympy_object_in_a_step():
    class Expr:  # stands for a SymPy object left in a step
        pass
    with pytest.raises(Uncacheable):
        to_json(ClaimResult("a", "n", "r", "t", (), Outcome.VERIFIED, steps=(Step("s", Expr()),)))


@pytest.mark.parametrize("mutate", [
    lambda d: d.pop("outcome"),
    lambda d: d.update(extra=1),
    lambda d: d.update(outcome="maybe"),
    lambda d: d.update(marks="exact"),
    lambda d: d["evidence"][0].update(holds="true"),
    lambda d: d["numbers"][0].update(dps="50"),
    lambda d: d["numbers"][0]["location"].update(line=None),
    lambda d: d.update(location=[1, 2]),
    lambda d: d["steps"][0].update(expr=["x"]),
])
def test_decoder_refuses_a_wrong_shape(mutate):
    doc = to_json(FULL)
    mutate(doc)
    with pytest.raises(BadEntry):
        from_json(doc)


# ------------------------------------------------------------- keys

@pytest.fixture
def mini(tmp_path: Path) -> Path:
    return make_project(tmp_path / "mini")


def keys(root: Path, dps: int = 50, params: dict | None = None, extras: bool = False) -> list[str]:
    project = load_project(root)
    cache = ResultCache(root, dps, params, extras=extras)
    return [cache.key(c, project.notes[c.note]) for c in project.registry.claims]


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_keys_are_stable_and_distinct(mini):
    first = keys(mini)
    assert first == keys(mini)
    assert len(set(first)) == 2


@pytest.mark.parametrize("path, old, new", [
    ("numerics/mini.py", 'FACTOR = "1/2"', 'FACTOR = "1/2"  # a comment still counts'),
    ("derivations/mini.py", '"""Mini derivations."""', '"""Mini derivations, edited."""'),
    ("claims.yaml", "status: [exact]\n    derivation: mini.halvings\n    quotes", "status: [exact]\n    derivation: [mini.halvings, mini.eighth]\n    quotes"),
])
def test_editing_a_source_changes_the_key(mini, path, old, new):
    before = keys(mini)
    edit(mini / path, old, new)
    after = keys(mini)
    if path == "claims.yaml":  # the edited entry only
        assert after[0] != before[0] and after[1] == before[1]
    else:                      # any content file: every claim (a helper may be used by all)
        assert not set(before) & set(after)


def test_a_new_helper_file_changes_every_key(mini):
    before = keys(mini)
    (mini / "numerics" / "_helper.py").write_text("X = 1\n", encoding="utf-8")
    assert not set(before) & set(keys(mini))


def test_a_line_inserted_above_a_quote_changes_its_key(mini):
    before = keys(mini)
    edit(mini / "notes" / "mini.txt", "Halving ten times", "A new first line.\nHalving ten times")
    after = keys(mini)
    assert after[0] != before[0] and after[1] != before[1]   # both claims' locations moved


def test_an_edit_on_the_same_line_before_a_quote_changes_its_key(mini):
    before = keys(mini)
    edit(mini / "notes" / "mini.txt", "Halving ten times", "Halving exactly ten times")
    assert keys(mini)[0] != before[0]


def test_an_edit_below_everything_a_claim_reads_keeps_its_key(mini):
    before = keys(mini)
    edit(mini / "notes" / "mini.txt", "The end.", "The end, with more words.\nAnd a new line.")
    assert keys(mini) == before


def test_a_second_occurrence_of_a_snippet_changes_the_key(mini):
    before = keys(mini)
    edit(mini / "notes" / "mini.txt", "The end.", "Again $2^{-10}\\simeq 0.000977$. The end.")
    assert keys(mini)[0] != before[0]


def test_dps_params_and_versions_are_in_the_key(mini, monkeypatch):
    base = keys(mini)
    assert not set(base) & set(keys(mini, dps=60))
    assert not set(base) & set(keys(mini, params={"n": "3"}))
    assert not set(base) & set(keys(mini, extras=True))     # the report's enriched results: apart
    real = cache_mod.versions
    monkeypatch.setattr(cache_mod, "versions", lambda: {**real(), "sympy": "0.0.1"})
    assert not set(base) & set(keys(mini))


# ------------------------------------------------------------- entries

def a_result(claim_id: str = "mini.ten-halvings") -> ClaimResult:
    return ClaimResult(claim_id, "mini", "Ten halvings give $2^{-10}$", "[Exact.]", (Mark.EXACT,),
                       Outcome.VERIFIED, numbers=(NumberResult("0.000977", "0.0009765625", 50,
                                                               Outcome.VERIFIED, LOC, "mini.halved"),))


@pytest.fixture
def stored(mini):
    """(cache, claim, note, entry path) with one stored entry."""
    project = load_project(mini)
    claim = project.registry.claims[0]
    note = project.notes[claim.note]
    cache = ResultCache(mini, 50)
    assert cache.put(claim, note, a_result(), 0.5)
    return cache, claim, note, cache.path(cache.key(claim, note))


def test_a_stored_entry_is_read_back(stored):
    cache, claim, note, path = stored
    assert path.parent.name == ".noteproof-cache" and path.is_file()
    assert ResultCache(cache.root, 50).get(claim, note) == a_result()
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]   # written atomically
    assert ResultCache(cache.root, 50).timings() == {}


def corrupt(path: Path, how: str) -> None:
    data = path.read_bytes()
    doc = json.loads(data)
    if how == "garbage":
        path.write_bytes(b"\x00\xff not json at all \x80")
    elif how == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif how == "empty":
        path.write_bytes(b"")
    elif how == "not an object":
        path.write_text("[1, 2, 3]")
    elif how == "other schema":
        doc["schema"] = "noteproof-cache/0"
        path.write_text(json.dumps(doc))
    elif how == "tampered":        # the outcome changed, the checksum not
        doc["result"]["outcome"] = "failed"
        path.write_text(json.dumps(doc))
    elif how == "wrong types":     # consistent checksum, but a field of the wrong type
        doc["result"]["numbers"][0]["dps"] = "50"
        doc["checksum"] = checksum(doc["result"])
        path.write_text(json.dumps(doc))
    elif how == "foreign key":     # an entry written for other inputs, copied under this name
        doc["key"] = "0" * 64
        path.write_text(json.dumps(doc))
    elif how == "other claim":
        doc["claim"] = doc["result"]["id"] = "mini.three-halvings"
        doc["checksum"] = checksum(doc["result"])
        path.write_text(json.dumps(doc))
    elif how == "error row":
        doc["result"]["outcome"] = "error"
        doc["checksum"] = checksum(doc["result"])
        path.write_text(json.dumps(doc))
    elif how == "deep nesting":
        path.write_text("[" * 100000 + "]" * 100000)
    elif how == "directory":
        path.unlink()
        path.mkdir()
    else:
        raise AssertionError(how)


@pytest.mark.parametrize("how", ["garbage", "truncated", "empty", "not an object", "other schema", "tampered",
                                 "wrong types", "foreign key", "other claim", "error row", "deep nesting",
                                 "directory"])
def test_a_corrupt_or_foreign_entry_is_a_miss(stored, how):
    cache, claim, note, path = stored
    corrupt(path, how)
    assert ResultCache(cache.root, 50).get(claim, note) is None
    if how != "directory":   # and the next store replaces it
        fresh = ResultCache(cache.root, 50)
        assert fresh.put(claim, note, a_result())
        assert ResultCache(cache.root, 50).get(claim, note) == a_result()


def test_error_rows_and_uncacheable_results_are_not_stored(mini):
    project = load_project(mini)
    claim = project.registry.claims[0]
    note = project.notes[claim.note]
    cache = ResultCache(mini, 50)
    err = ClaimResult(claim.id, "mini", "r", "t", (Mark.EXACT,), Outcome.ERROR, messages=("timed out",))
    assert not cache.put(claim, note, err)
    odd = ClaimResult(claim.id, "mini", "r", "t", (Mark.EXACT,), Outcome.VERIFIED,
                      evidence=(Evidence(EvidenceKind.IDENTITY, "s", 1),))
    assert not cache.put(claim, note, odd)
    assert not cache.put(claim, note, a_result("mini.other"))     # a result of another claim
    assert not (mini / ".noteproof-cache").exists() or not list((mini / ".noteproof-cache").glob("*.json"))


def test_an_unwritable_cache_folder_is_not_an_error(mini):
    (mini / ".noteproof-cache").write_text("a file where the folder should be")
    project = load_project(mini)
    claim = project.registry.claims[0]
    cache = ResultCache(mini, 50)
    assert not cache.put(claim, project.notes[claim.note], a_result())
    assert cache.get(claim, project.notes[claim.note]) is None


def test_corrupt_timings_are_ignored(mini):
    cache = ResultCache(mini, 50)
    (mini / ".noteproof-cache").mkdir()
    for text in ("garbage", "[1]", '{"a": "slow", "b": -1, "c": 2.5}'):
        (mini / ".noteproof-cache" / "timings.json").write_text(text)
        assert cache.timings() in ({}, {"c": 2.5})


# ------------------------------------------------------------- the CLI, end to end

def test_report_with_and_without_cache_and_after_edits(mini, tmp_path):
    """Cold, warm (no SymPy, no content), --no-cache, then edits of the note and of a content module."""
    cold = cli(mini, "report", "--out", str(tmp_path / "cold"), "--jobs", "1", probe=True)
    assert cold.returncode == 0, cold.stderr + cold.stdout
    entries = sorted(p.name for p in (mini / ".noteproof-cache").glob("*.json"))
    assert len(entries) == 3   # two claims and the timings

    warm = cli(mini, "report", "--out", str(tmp_path / "warm"), probe=True)
    assert warm.returncode == 0, warm.stderr
    assert imported(warm) == set(), "a fully cached report imported " + " ".join(imported(warm))
    assert report_files(tmp_path / "warm") == report_files(tmp_path / "cold")
    assert warm.stdout.split("IMPORTED")[0].replace("warm", "cold") == cold.stdout.split("IMPORTED")[0]

    none = cli(mini, "report", "--no-cache", "--out", str(tmp_path / "none"))
    assert none.returncode == cold.returncode, none.stderr
    assert report_files(tmp_path / "none") == report_files(tmp_path / "cold")

    # a line inserted above both claims: the locations move, nothing stale is served
    edit(mini / "notes" / "mini.txt", "Halving ten times", "An inserted line.\n\nHalving ten times")
    moved = cli(mini, "report", "--out", str(tmp_path / "moved"))
    fresh = cli(mini, "report", "--no-cache", "--out", str(tmp_path / "fresh"))
    assert moved.returncode == fresh.returncode == 0, moved.stderr
    assert report_files(tmp_path / "moved") == report_files(tmp_path / "fresh")
    doc = json.loads((tmp_path / "moved" / "claims.json").read_text())
    number = doc["claims"][0]["numbers"][0]
    assert number["location"].startswith("notes/mini.txt:5:"), number

    # a content module edited so that the number is now wrong: the cached verdict is not reused
    edit(mini / "numerics" / "mini.py", 'FACTOR = "1/2"', 'FACTOR = "1/3"')
    wrong = cli(mini, "report", "--out", str(tmp_path / "wrong"))
    assert wrong.returncode == 1
    doc = json.loads((tmp_path / "wrong" / "claims.json").read_text())
    assert [c["outcome"] for c in doc["claims"]] == ["failed", "verified"]


def test_help_and_list_do_not_import_sympy(mini):
    for args in (("--help",), ("report", "--help"), ("list",), ("list", "--json")):
        proc = cli(mini, *args, probe=True)
        assert proc.returncode == 0, proc.stderr
        assert not imported(proc) & {"sympy", "mpmath", "content"}, (args, imported(proc))


def test_report_dps_is_part_of_the_key(mini, tmp_path):
    first = cli(mini, "report", "--dps", "50", "--out", str(tmp_path / "a"))
    assert first.returncode == 0, first.stderr
    other = cli(mini, "report", "--dps", "60", "--out", str(tmp_path / "b"), probe=True)
    assert "content" in imported(other)                    # a different dps is run, not read
    doc = json.loads((tmp_path / "b" / "claims.json").read_text())
    assert doc["claims"][0]["numbers"][0]["dps"] == 60


def test_sympy_truth_values_are_stored_as_bools():
    import sympy
    r = ClaimResult("a", "n", "r", "t", (Mark.EXACT,), Outcome.VERIFIED,
                    evidence=(Evidence(EvidenceKind.IDENTITY, "s", sympy.true),
                              Evidence(EvidenceKind.IDENTITY, "s", sympy.false)))
    back = from_json(json.loads(json.dumps(to_json(r))))
    assert [e.holds for e in back.evidence] == [True, False]
    assert all(type(e.holds) is bool for e in back.evidence)
    assert back == r


def test_a_worked_step_beside_a_quote_is_in_the_key():
    """A claim whose quote finds its number beside another quote's edited one (Note._checked_around)
    also judges the worked step there: two printings of that step are two keys (a probe's
    re-edit, 7.57e-4 then 7.47e-4, replayed the first one's wrong step)."""
    from noteproof.run.cache import note_inputs
    from tests.helpers import ROOT
    project = load_project(ROOT)
    note = project.notes["chapter12"]
    claim = project.registry.claim("c12.d01.horizon-and-rates")
    keys = [json.dumps(note_inputs(claim, project.judged("chapter12", type(note)(note.path, note.text.replace(
        "e^(-1.2 x 6) = 0.000747", f"e^(-1.2 x 6) = {v}", 1)))), sort_keys=True, default=str)
        for v in ("7.57e-4", "7.47e-4")]
    assert keys[0] != keys[1]
