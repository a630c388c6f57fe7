"""sources.document: each note read once into its regions, kept by key in memory and on disk as
JSON; a stale, foreign or tampered entry is never used."""
from __future__ import annotations

import json
from dataclasses import replace

import pytest

from noteproof.sources import document as doc_module
from noteproof.sources.coverage import places
from noteproof.sources.document import build, document_key, read_document
from noteproof.sources.notes import table_rows
from noteproof.sources.project import load_project
from tests.helpers import ROOT, copy_project


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT, documents=False)


def test_every_note_carries_its_regions_and_they_are_what_a_fresh_reading_gives(project):
    for key, note in project.notes.items():
        doc = note.document()
        assert doc is not None
        bare = replace(note, regions=None)
        assert doc.math == bare.math_spans() and doc.plain_math == bare.plain_math()
        assert doc.rows == table_rows(bare)
        for claim in project.claims_of(key):
            for f in claim.formulas:
                assert places(note, f.text, claim.quoted, f.plain) == places(bare, f.text, claim.quoted, f.plain)
            assert note.stated(claim.text, claim.quoted) == bare.stated(claim.text, claim.quoted)
            if claim.row is not None:
                assert note.status_cell(claim.row) == bare.status_cell(claim.row)
            for q in claim.quotes:
                assert note.quote_at(q.snippet, q.number) == bare.quote_at(q.snippet, q.number)
        assert len(doc.lookups) >= len(project.claims_of(key))


def test_an_edited_text_does_not_use_the_old_regions(project):
    note = project.notes["week09"]
    edited = replace(note, text=note.text.replace("$", "$ ", 1))
    assert edited.document() is None
    assert edited.math_spans() != note.math_spans()


def test_a_document_round_trips_through_its_json_entry(tmp_path, project):
    note = project.notes["chapter12"]
    key = document_key(note)
    doc_module._MEMORY.pop(key, None)
    first = read_document(note, tmp_path)
    assert (tmp_path / f"{key}.json").is_file()
    doc_module._MEMORY.pop(key, None)
    again = read_document(note, tmp_path)
    assert again == first and again.anchors == first.anchors and again is not first


@pytest.mark.parametrize("tamper", [
    lambda d: {**d, "key": "0" * 64},
    lambda d: {**d, "schema": "noteproof-document/0"},
    lambda d: {**d, "math": [[1, 2, 3, 4]]},
    lambda d: {**d, "anchors": [["x", [], False, [[0, 1, "x", "nowhere", 1.0]]]]},
    lambda d: {**d, "lookups": [[["eval", "x"], None]]},
    lambda d: {**d, "lookups": [[["quote_at", "x", "1"], [True, "1"]]]},
    lambda d: "not a document",
])
def test_a_foreign_or_tampered_entry_is_a_miss(tmp_path, project, tamper):
    note = project.notes["week10"]
    key = document_key(note)
    doc_module._MEMORY.pop(key, None)
    read_document(note, tmp_path)
    path = tmp_path / f"{key}.json"
    path.write_text(json.dumps(tamper(json.loads(path.read_text()))), encoding="utf-8")
    doc_module._MEMORY.pop(key, None)
    assert read_document(note, tmp_path) == build(note, key)


def test_the_key_follows_the_text_and_the_registry(project):
    note = project.notes["week09"]
    assert document_key(replace(note, text=note.text + " ")) != document_key(note)
    other = (project.claims_of("week09")[:-1], project.registry.notes["week09"])
    assert document_key(replace(note, registry=other)) != document_key(note)


def test_the_project_keeps_documents_in_its_cache_folder_unless_told_not_to(tmp_path):
    root = copy_project(tmp_path / "p")
    load_project(root, documents=False)
    assert not (root / ".noteproof-cache").exists()
    load_project(root)
    assert len(list((root / ".noteproof-cache" / "documents").glob("*.json"))) == 3


def test_a_note_s_view_is_kept_by_key_and_a_damaged_entry_is_read_again(project, tmp_path):
    """sources.document.read_view: the registered view (formula.respelled) of an edited note is
    read once, kept as JSON, and given back from disk; an entry that does not give back the
    printed text is a miss."""
    from noteproof.formula.respelled import registered_view
    from noteproof.sources.document import _VIEWS, read_view
    note = project.notes["chapter12"]
    printed = note.text.replace("1 - h + h^2/2 - h^3/6 + h^4/24 = 0.779", "h^4/24 - h^3/6 + h^2/2 - h + 1 = 0.779", 1)
    edited = replace(note, text=printed, regions=None)
    first = read_view(edited, registered_view, tmp_path)
    assert first.respellings and first.as_printed == printed and "1 - h + h^2/2" in first.text
    [entry] = tmp_path.glob("view-*.json")
    _VIEWS.clear()
    calls = []
    assert read_view(edited, lambda n: calls.append(n) or registered_view(n), tmp_path).text == first.text
    assert not calls                                    # from disk
    data = json.loads(entry.read_text())
    data["text"] = data["text"].replace("Chapter 12", "Chapter 13", 1)   # no longer the printed text
    entry.write_text(json.dumps(data))
    _VIEWS.clear()
    again = read_view(edited, registered_view, tmp_path)
    assert again.text == first.text and again.as_printed == printed
