"""Random and mangled text: the parsers raise nothing but noteproof's own errors."""
from hypothesis import given, settings
from hypothesis import strategies as st

from noteproof.errors import NoteproofError
from noteproof.run.interval import consistent, parse_quoted
from noteproof.sources.notes import Note, table_rows
from noteproof.sources.safeyaml import load_yaml
from noteproof.sources.tags import parse_tag
from tests.helpers import ROOT, note_text

MANY = settings(max_examples=1000, deadline=None)


@st.composite
def mangled(draw, base: str):
    """``base`` with a random slice deleted, duplicated or replaced by random text."""
    i = draw(st.integers(0, len(base)))
    j = draw(st.integers(i, min(len(base), i + 200)))
    junk = draw(st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=30))
    how = draw(st.sampled_from(["delete", "replace", "duplicate", "tabs"]))
    if how == "delete":
        return base[:i] + base[j:]
    if how == "replace":
        return base[:i] + junk + base[j:]
    if how == "duplicate":
        return base[:j] + base[i:j] + base[j:]
    return base[:i] + base[i:j].replace(" ", "\t") + base[j:]


def week09_table() -> str:
    week09 = note_text("week09")
    return week09[week09.index("Key claims and status"):]


def only_our_errors(fn, *args):
    try:
        fn(*args)
    except NoteproofError:
        pass


@MANY
@given(st.deferred(lambda: mangled(week09_table())))
def test_table_parser_on_mangled_tables(text):
    only_our_errors(table_rows, Note("fuzz.txt", text))


@MANY
@given(st.text(max_size=300))
def test_table_parser_on_random_text(text):
    only_our_errors(table_rows, Note("fuzz.txt", "Key claims and status\n\n" + text))


@MANY
@given(st.one_of(st.text(max_size=120), mangled("[Exact] frozen moment matching; [Approximation] to SGD")))
def test_tag_parser(text):
    only_our_errors(parse_tag, text)


@MANY
@given(st.one_of(st.text(max_size=60), st.from_regex(r"[-+−]?[\d,]{0,12}(\.\d{0,12})?(/\d{0,5})?", fullmatch=True)))
def test_quoted_number_reader(text):
    only_our_errors(parse_quoted, text)
    only_our_errors(consistent, text, "0.5")


@settings(max_examples=300, deadline=None)
@given(st.deferred(lambda: mangled((ROOT / "claims.yaml").read_text(encoding="utf-8")[:3000])))
def test_yaml_reader(text):
    only_our_errors(load_yaml, text, "claims.yaml")
