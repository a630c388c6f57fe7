"""What the tests share: the real project and copies of it, the CLI in a subprocess, and a
small self-contained project (``make_project``) for tests that need neither the real registry
nor its time. Imported as ``tests.helpers``; fixtures are in conftest.py."""
from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTES = ROOT / "notes"
PROJECT_PARTS = ("claims.yaml", "notes", "derivations", "numerics")
CLI_ENV = {"NO_COLOR": "1", "COLUMNS": "200"}   # what every CLI run of the tests sees (plain, wide)


@dataclass(frozen=True)
class CliRun:
    code: int
    stdout: str
    stderr: str

    @property
    def json(self):
        return json.loads(self.stdout)


def run_cli(*args: str, cwd: Path = ROOT, timeout: float = 600, env: dict | None = None) -> CliRun:
    """Run the real `noteproof` command line in a subprocess."""
    full_env = {**os.environ, **CLI_ENV, **(env or {})}
    proc = subprocess.run([sys.executable, "-m", "noteproof", *args], cwd=cwd, capture_output=True,
                          text=True, timeout=timeout, env=full_env)
    return CliRun(proc.returncode, proc.stdout, proc.stderr)


def copy_project(dest: Path, parts: tuple[str, ...] = PROJECT_PARTS) -> Path:
    """A copy of the project's registry, notes and content under ``dest``."""
    dest.mkdir(parents=True, exist_ok=True)
    for part in parts:
        src = ROOT / part
        if src.is_dir():
            shutil.copytree(src, dest / part)   # __pycache__/ too: a copy's runs need not compile the content again
        elif src.exists():
            shutil.copy2(src, dest / part)
    return dest


GIT_ENV = {**os.environ, "GIT_AUTHOR_NAME": "t", "GIT_AUTHOR_EMAIL": "t@t", "GIT_COMMITTER_NAME": "t",
           "GIT_COMMITTER_EMAIL": "t@t"}


def git_baseline(root: Path) -> Path:
    """``root`` as a fresh git repository with everything in it committed (an audit's baseline)."""
    for args in (("init", "-q"), ("add", "-A"), ("commit", "-q", "-m", "base")):
        subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True, env=GIT_ENV)
    return root


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    """Replace ``old`` by ``new`` in a file, insisting that ``old`` occurs."""
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


@functools.lru_cache(maxsize=None)
def note_text(name: str) -> str:
    """The text of one of the project's notes (notes/NAME.txt)."""
    return (NOTES / f"{name}.txt").read_text(encoding="utf-8")


# ------------------------------------------------------------- the mini project

NOTE = """\
Mini note: halvings

Halving ten times gives $2^{-10}\\simeq 0.000977$ of the start.
Three halvings leave $x=1/8$ of it.

Key claims and status
Claim\tStatus
Ten halvings give $2^{-10}$\t[Exact.]
Three halvings give one eighth\t[Exact.]

The end.
"""

CLAIMS = """\
version: 1
notes:
  mini:
    file: notes/mini.txt
    title: "Mini note"
    math:
      - {snippet: "$2^{-10}\\\\simeq 0.000977$", why: "its number is checked by mini.halved"}
claims:
  - id: mini.ten-halvings
    note: mini
    row: "Ten halvings give $2^{-10}$"
    tag: "[Exact.]"
    status: [exact]
    derivation: mini.halvings
    quotes:
      - snippet: "2^{-10}\\\\simeq 0.000977"
        number: "0.000977"
        numeric: mini.halved
  - id: mini.three-halvings
    note: mini
    row: "Three halvings give one eighth"
    tag: "[Exact.]"
    status: [exact]
    derivation: mini.halvings
    formulas:
      - latex: "x=1/8"
        derivation: mini.eighth
"""

DERIVATIONS = '''\
"""Mini derivations."""
import sympy as sp

from noteproof.authoring import Derived, Evidence, EvidenceKind, derivation, exact


@derivation("mini.halvings")
def halvings(n: str = "10") -> Derived:
    value = sp.Rational(1, 2) ** int(exact(n))
    holds = bool(sp.simplify(value * 2 ** int(exact(n)) - 1) == 0)
    return Derived(evidence=(Evidence(EvidenceKind.IDENTITY, "halving n times multiplies by 2^-n", holds),))


@derivation("mini.eighth")
def eighth() -> Derived:
    return Derived(forms={"eighth": sp.Rational(1, 2) ** 3})
'''

NUMERICS = '''\
"""Mini numerics."""
from noteproof.authoring import mpnum, numeric

FACTOR = "1/2"


@numeric("mini.halved")
def halved(n: str = "10"):
    value = mpnum(1)
    for _ in range(int(n)):
        value = value * mpnum(FACTOR)
    return value
'''


def make_project(root: Path, claims: str = CLAIMS, note: str = NOTE) -> Path:
    """A two-claim project: a note with a status table, its registry and its content."""
    for folder in ("notes", "derivations", "numerics"):
        (root / folder).mkdir(parents=True, exist_ok=True)
    (root / "notes" / "mini.txt").write_text(note, encoding="utf-8")
    (root / "claims.yaml").write_text(claims, encoding="utf-8")
    (root / "derivations" / "mini.py").write_text(DERIVATIONS, encoding="utf-8")
    (root / "numerics" / "mini.py").write_text(NUMERICS, encoding="utf-8")
    return root


def cli(root: Path, *args: str, env: dict | None = None, probe: bool = False) -> subprocess.CompletedProcess:
    """Run noteproof in a subprocess; with ``probe``, print afterwards which modules it imported."""
    code = ("import sys\nfrom noteproof.cli.main import main\n"
            "try:\n    rc = main(sys.argv[1:])\nexcept SystemExit as e:\n    rc = e.code\n")
    if probe:
        code += ("sys.stdout.flush()\nprint('\\nIMPORTED', ' '.join(m for m in ('sympy', 'mpmath', 'numpy') "
                 "if m in sys.modules), 'content' if any(k.startswith('noteproof_content') for k in sys.modules) "
                 "else '')\n")
    code += "sys.exit(rc)\n"
    full = {**os.environ, **CLI_ENV, **(env or {})}
    return subprocess.run([sys.executable, "-c", code, "--root", str(root), *args], cwd=root,
                          capture_output=True, text=True, timeout=300, env=full)


def imported(proc: subprocess.CompletedProcess) -> set[str]:
    line = [s for s in proc.stdout.splitlines() if s.startswith("IMPORTED")][-1]
    return set(line.split()[1:])


def report_files(folder: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in sorted(folder.iterdir())}


# ------------------------------------------------------------- the real project, loaded once a process

@functools.lru_cache(maxsize=None)
def real_content():
    """The project's content (derivations/, numerics/), imported once per process."""
    from noteproof.sources.content import load_content
    return load_content(ROOT)


@functools.lru_cache(maxsize=None)
def real_registry():
    """The project's registry (claims.yaml), read once per process."""
    from noteproof.sources.registry import load_registry
    return load_registry(ROOT / "claims.yaml")


def assert_check_names_condition(claim_id: str, params: dict[str, str], condition_id: str) -> None:
    """`check --set` (the API's Claim.check) with a value outside a condition fails the claim and
    names that condition; set back to the note's own values, none is broken."""
    import noteproof
    from noteproof.defaults import PARAM_VALUE
    from noteproof.model import Outcome
    claim = noteproof.claim(claim_id, root=ROOT)
    r = claim.check(**params)
    assert r.outcome is Outcome.FAILED
    assert condition_id in {c["check"] for c in r.checked.broken}
    statement = next(c["statement"] for c in r.checked.broken if c["check"] == condition_id)
    assert any(statement in m for m in r.messages)
    page = {k: r.checked.known[k] for k in params}
    if all(PARAM_VALUE.fullmatch(v) for v in page.values()):   # a list ("1,2,3,4") is no --set value
        assert not claim.check(**page).checked.broken


def assert_conditions_hold(project, claims) -> None:
    """The note as written meets its conditions: each holds at its claim's parameters."""
    import inspect

    from noteproof.run.readouts import parameters
    for claim in claims:
        known = parameters(project, claim)
        for cid in claim.conditions:
            fn = real_content().get(cid).fn
            taken = {k: v for k, v in known.items() if k in inspect.signature(fn).parameters}
            assert fn(**taken) is True, (claim.id, cid)


def assert_edit_refuted(spec, derived, note: str, edit: tuple[str, str]) -> None:
    """The registered formula ``spec`` as the note prints it agrees with its ``derived`` form, and
    the edit ``(old, new)`` of it does not (the engine's reader and comparison, run.claim)."""
    from dataclasses import replace

    from noteproof.run.claim import compare_printed

    def agrees(text):
        return compare_printed(replace(spec, text=text), derived).equal

    old, new = edit
    assert old in spec.text and spec.text in note_text(note)
    assert agrees(spec.text)
    assert not agrees(spec.text.replace(old, new))
