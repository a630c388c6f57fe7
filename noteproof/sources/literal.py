"""Evidence must be computed: a registered check whose evidence holds by a literal ``True``
is refused, with its line.

``Evidence(EvidenceKind.IDENTITY, "the factor is 1 - eta a", True)`` in a ``@derivation`` or
``@numeric`` function "verifies" whatever its row says, false or not. The check is on the
source (the module's syntax tree): a call to ``Evidence`` (or ``authoring.Evidence``) inside
a decorated function whose ``holds`` (third argument, or ``holds=``) is the constant ``True``,
unless it is a ``condition=True`` (a where-it-applies condition that earns no tag). Evidence
whose ``holds`` is computed (a comparison, ``zero(...)``, a variable) is the content's own
business and is judged by its run.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

from ..errors import ContentError
from ..model import Location

DECORATORS = frozenset({"derivation", "numeric"})


def refuse_constant_evidence(path: Path, shown: str) -> None:
    """Raise ContentError at the first evidence of a registered check that holds by a literal
    ``True`` in the module at ``path`` (module docstring). Only the top-level definitions that
    hold an ``Evidence(`` call with a ``True`` in it are parsed (a whole module costs 0.05 to 0.1 s)."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    for first in sorted({_top(lines, text.count("\n", 0, i)) for i in _candidates(text)}):
        head = next((i for i in range(first, len(lines)) if not lines[i].startswith("@")), first)
        last = next((i for i in range(head + 1, len(lines)) if lines[i][:1].strip() and lines[i][:1] not in ")]}"),
                    len(lines))
        try:
            tree = ast.parse("\n" * first + "\n".join(lines[first:last]), str(path))
        except SyntaxError:
            continue   # not a whole definition: the import reports a real syntax error
        _refuse(tree, shown)


WINDOW = 1500    # characters of one call looked at (a parenthesis inside a string may unbalance the count)
CALL = re.compile(r"\bEvidence\(")
PAREN = re.compile(r"[()]")
TRUE = re.compile(r"\bTrue\b")


def _candidates(text: str) -> list[int]:
    """Where an ``Evidence(`` call starts whose text, up to its closing parenthesis, holds ``True``."""
    out = []
    for m in CALL.finditer(text):
        depth, end = 1, min(len(text), m.end() + WINDOW)
        for p in PAREN.finditer(text, m.end(), end):
            depth += 1 if p.group() == "(" else -1
            if not depth:
                end = p.end()
                break
        if TRUE.search(text, m.end(), end):
            out.append(m.start())
    return out


def _top(lines: list[str], i: int) -> int:
    """The first line (decorators included) of the top-level definition holding line ``i``."""
    while i > 0 and not lines[i].startswith(("def ", "async def ", "class ")):
        i -= 1
    while i > 0 and lines[i - 1].startswith("@"):
        i -= 1
    return i


def _refuse(tree: ast.AST, shown: str) -> None:
    for fn in ast.walk(tree):
        if isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) and _registered(fn):
            for call in ast.walk(fn):
                if isinstance(call, ast.Call) and _name(call.func) == "Evidence" and _holds_literally(call):
                    raise ContentError(f"evidence of {fn.name}() holds by the literal True: evidence must be "
                                       "computed (a comparison, zero(...), a proof), never a constant",
                                       Location(shown, call.lineno, call.col_offset + 1))


def _registered(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(isinstance(d, ast.Call) and _name(d.func) in DECORATORS for d in fn.decorator_list)


def _name(node: ast.AST) -> str:
    return node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute) else ""


def _holds_literally(call: ast.Call) -> bool:
    keywords = {k.arg: k.value for k in call.keywords if k.arg}
    if _is_true(keywords.get("condition")):
        return False
    holds = call.args[2] if len(call.args) > 2 else keywords.get("holds")
    return _is_true(holds)


def _is_true(node: ast.AST | None) -> bool:
    return isinstance(node, ast.Constant) and node.value is True
