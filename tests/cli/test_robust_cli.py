"""Bad command lines, bad notes and bad registries: a located message, exit 2, no traceback."""
import os
import time

import pytest

from tests.helpers import edit, run_cli


def assert_clean_error(run, *words):
    assert run.code == 2, (run.code, run.stderr)
    assert "Traceback" not in run.stderr + run.stdout
    for w in words:
        assert w in run.stderr, (w, run.stderr)


@pytest.mark.parametrize("args, words", [
    (["frobnicate"], ["invalid choice"]),
    (["report", "--frob"], ["unrecognized arguments"]),
    (["report", "--dps", "0"], ["from 10 to 5000"]),
    (["report", "--dps", "-5"], ["from 10 to 5000"]),
    (["report", "--dps", "1000000000"], ["from 10 to 5000"]),
    (["report", "--jobs", "0"], ["--jobs"]),
    (["check", "w09.fixed-point-response", "--set", "beta=__import__('os').system('true')"], ["NAME=VALUE"]),
    (["check", "w09.fixed-point-response", "--set", "beta=lambda: 0"], ["NAME=VALUE"]),
    (["check", "w09.fixed-point-response", "--set", "beta=" + "9" * 200], ["NAME=VALUE"]),
    (["check", "w09.fixed-point-response", "--set", "beta=1/0"], ["zero denominator"]),
    (["check", "w09.fixed-point-response", "--set", "no_equals_sign"], ["NAME=VALUE"]),
    (["show", "w09.fixed-point-respons"], ["did you mean", "w09.fixed-point-response"]),
    (["list", "--note", "week99"], ["no note 'week99'"]),
])
def test_bad_command_lines_exit_2(args, words):
    assert_clean_error(run_cli(*args), *words)


def test_no_verb_prints_help_and_exits_2():
    run = run_cli()
    assert run.code == 2 and "usage: noteproof" in run.stdout


@pytest.mark.parametrize("verb", ["report", "list", "show", "check", "audit", "scan"])
def test_every_verb_has_help_with_an_example(verb):
    run = run_cli(verb, "--help")
    assert run.code == 0 and "usage: noteproof" in run.stdout and "example" in run.stdout


@pytest.mark.parametrize("body, words", [
    ("", ["claims.yaml:1", "empty registry"]),
    ("- just\n- a list\n", ["claims.yaml:1", "must be a mapping"]),
    ("version: 1\nnotes: {}\nclaims: []\n", ["claims.yaml", "'notes'"]),
    ("notes:\n  w: {file: notes/week09.txt}\nclaims:\n  - id: 5\n", ["claims.yaml:4", "'id' must be"]),
    ("notes:\n  w: {file: notes/week09.txt}\nclaims: {a: 1}\n", ["claims.yaml:3", "must be a list"]),
    ("notes:\n\tw: 1\n", ["claims.yaml:2", "YAML syntax"]),
])
def test_bad_registries_exit_2_naming_file_and_line(project, body, words):
    (project / "claims.yaml").write_text(body, encoding="utf-8")
    assert_clean_error(run_cli("list", cwd=project), *words)


def test_a_registry_of_several_megabytes_is_read_or_refused_quickly(project):
    filler = "# " + "x" * 78 + "\n"
    text = (project / "claims.yaml").read_text(encoding="utf-8")
    (project / "claims.yaml").write_text(text + filler * 60_000, encoding="utf-8")  # ~4.8 MB
    start = time.monotonic()
    run = run_cli("list", "--json", cwd=project)
    assert run.code == 0 and time.monotonic() - start < 60


@pytest.mark.parametrize("setup, words", [
    (lambda p: (p / "notes" / "week09.txt").unlink(), ["notes/week09.txt", "no such note"]),
    (lambda p: ((p / "notes" / "week09.txt").unlink(), (p / "notes" / "week09.txt").mkdir()),
     ["notes/week09.txt", "directory"]),
    (lambda p: (p / "notes" / "week09.txt").write_bytes(b"ok\n\xff\xfe bad\n"), ["notes/week09.txt:2", "UTF-8"]),
    (lambda p: (p / "notes" / "week09.txt").write_bytes(b"\x00\x01\x02"), ["notes/week09.txt", "binary"]),
    (lambda p: edit(p / "notes" / "week09.txt", "[Exact.]", "[Exact.]\textra"), ["notes/week09.txt:129", "3 tab"]),
])
def test_bad_notes_exit_2_naming_file_and_line(cached_project, setup, words):
    project = cached_project          # the claims of the other notes are read from the report's cache
    setup(project)
    assert_clean_error(run_cli("list", cwd=project) if False else run_cli("report", "--out", "o", cwd=project),
                       *words)


def test_an_unwritable_report_folder_is_a_clear_error(cached_project):
    project = cached_project          # every claim read from the report's cache: the write is what is tested
    (project / "blocker").write_text("a file, not a folder")
    assert_clean_error(run_cli("report", "--out", "blocker/report", cwd=project), "blocker", "cannot write")




def test_an_empty_note_fails_its_claims_without_a_traceback(project):
    (project / "notes" / "week09.txt").write_text("", encoding="utf-8")
    run = run_cli("list", "--note", "week09", cwd=project)
    assert run.code == 0
    run = run_cli("show", "w09.four-indices", cwd=project)
    assert run.code == 1 and "not found" in run.stdout and "Traceback" not in run.stderr


def test_a_read_only_report_folder_is_a_clear_error(project):
    if os.geteuid() == 0:
        pytest.skip("root writes through read-only modes; 'a file in the way' covers the error path")
    out = project / "ro"
    out.mkdir()
    out.chmod(0o555)
    assert_clean_error(run_cli("report", "--out", "ro", cwd=project), "cannot write")


# ---- special files: refused at once, never waited on ------------------------------------

SPECIAL_TIMEOUT = 60   # seconds: far above a refusal (about one interpreter start), far below "blocked"


def _fifo(folder, name):
    if not hasattr(os, "mkfifo"):
        pytest.skip("no FIFOs on this platform")
    path = folder / name
    os.mkfifo(path)
    return path


@pytest.mark.parametrize("verb", ["audit", "scan"])
@pytest.mark.parametrize("name", ["draft.txt", "chapter12.txt"])   # like no note / named like a note
def test_a_fifo_note_path_is_refused_at_once(tmp_path, verb, name):
    fifo = _fifo(tmp_path, name)
    start = time.monotonic()
    run = run_cli(verb, str(fifo), timeout=SPECIAL_TIMEOUT)
    assert_clean_error(run, f"{fifo}: not a regular file (a FIFO)")
    assert time.monotonic() - start < SPECIAL_TIMEOUT


def test_a_registered_note_that_is_a_fifo_is_refused_at_once(project):
    (project / "notes" / "week09.txt").unlink()
    _fifo(project / "notes", "week09.txt")
    run = run_cli("list", cwd=project, timeout=SPECIAL_TIMEOUT)
    assert_clean_error(run, "notes/week09.txt: not a regular file (a FIFO)")


def test_a_device_note_path_is_refused(tmp_path):
    if not os.path.exists(os.devnull) or os.name != "posix":
        pytest.skip("no character device at os.devnull")
    run = run_cli("scan", os.devnull, timeout=SPECIAL_TIMEOUT)
    assert_clean_error(run, f"{os.devnull}: not a regular file (a character device)")


def test_a_socket_note_path_is_refused(tmp_path):
    import socket
    import tempfile
    if not hasattr(socket, "AF_UNIX"):
        pytest.skip("no Unix sockets on this platform")
    with tempfile.TemporaryDirectory(prefix="np") as short:   # a socket path must be short
        path = os.path.join(short, "s.txt")
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.bind(path)
            run = run_cli("audit", path, timeout=SPECIAL_TIMEOUT)
        finally:
            sock.close()
    assert_clean_error(run, f"{path}: not a regular file (a socket)")


# ---- issue 15: did you mean, help text for every option, "1 error" -------------------------------

def test_a_typod_verb_gets_did_you_mean():
    run = run_cli("reprot")
    assert run.code == 2 and "did you mean 'report'?" in run.stderr and "Traceback" not in run.stderr
    assert "did you mean 'check'?" in run_cli("--root", ".", "chek", "x").stderr


def test_every_option_has_help_text():
    import argparse

    from noteproof.cli.main import build_parser
    missing = []

    def walk(parser, verb):
        for action in parser._actions:
            if isinstance(action, argparse._SubParsersAction):
                for name, sub in action.choices.items():
                    walk(sub, name)
            elif not action.help or action.help == argparse.SUPPRESS:
                missing.append((verb, action.option_strings or action.dest))
    walk(build_parser(), "noteproof")
    assert not missing


def test_the_run_options_come_from_one_parent_parser():
    import argparse

    from noteproof.cli.main import build_parser
    verbs = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)).choices
    seen: dict[str, set] = {}
    for verb, sub in verbs.items():
        for action in sub._actions:
            if action.dest in ("dps", "jobs", "timeout", "memory"):
                seen.setdefault(action.dest, set()).add((verb, action.help, action.type, action.default))
    takes = {dest: {verb for verb, *_ in rows} for dest, rows in seen.items()}
    assert takes == {"dps": {"report", "show", "check", "audit"}, "jobs": {"report", "audit"},
                     "timeout": {"report", "audit", "check"}, "memory": {"report", "audit", "check"}}
    for dest, rows in seen.items():     # the same help, type and default wherever an option stands
        helps = {row[1:] for row in rows if dest != "memory" or row[0] != "check"}
        assert len(helps) == 1, dest


def test_counts_are_singular_for_one():
    from noteproof.cli.terminal import plural
    assert plural(1, "error") == "1 error" and plural(2, "error") == "2 errors"
    assert plural(1, "erratum", "errata") == "1 erratum" and plural(0, "erratum", "errata") == "0 errata"
