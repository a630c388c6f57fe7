"""YAML escapes that change a LaTeX command: ``"\\eta"`` in double quotes is ``\\e`` (the escape
character) then "ta", ``"\\theta"`` a tab then "heta", ``"\\beta"`` a backspace then "eta".

claims.yaml holds the notes' LaTeX; in a double-quoted scalar each backslash must be written
twice. A single one before a letter YAML knows as an escape (``\\a \\b \\e \\f \\n \\r \\t \\v
\\0 \\N \\L \\P \\_``) and a lower-case letter (as LaTeX commands are: ``\\nabla``, ``\\Lambda``;
``\\nThe`` is a line break before a word) is read silently as a control or space character, and the row or formula
is then "not found". Each such escape is a located warning saying what YAML read and what to
write instead. Other single backslashes (``\\sqrt``) are YAML errors already, with their line.
"""
from __future__ import annotations

import re
from functools import lru_cache

from ..model import Location, SourceWarning

ESCAPES = {"a": "a bell", "b": "a backspace", "e": "an escape character", "f": "a form feed",
           "n": "a line break", "r": "a carriage return", "t": "a tab", "v": "a vertical tab",
           "0": "a NUL", "N": "a next-line character", "L": "a line separator", "P": "a paragraph separator",
           "_": "a no-break space"}
_DOUBLE_QUOTED = re.compile(r'"((?:[^"\\\n]|\\.)*)"')
_ESCAPE = re.compile(r"(?<!\\)((?:\\\\)*)\\([abefnrtv0NLP_])([a-z][A-Za-z]*)")   # "\nThe": a line break


@lru_cache(maxsize=4)   # claims.yaml, read again by each audit of a long-lived process
def escape_warnings(text: str, path: str) -> tuple[SourceWarning, ...]:
    """Each single-backslash escape before a letter in a double-quoted scalar (module docstring)."""
    out = []
    for n, line in enumerate(text.split("\n"), 1):
        if line.lstrip().startswith("#"):
            continue
        for scalar in _DOUBLE_QUOTED.finditer(line):
            for m in _ESCAPE.finditer(scalar.group(1)):
                letter, rest = m.group(2), m.group(3)
                column = scalar.start(1) + m.start(2)
                out.append(SourceWarning(Location(path, n, column), (
                    f'"\\{letter}{rest}" in double quotes is YAML\'s escape \\{letter} ({ESCAPES[letter]}) '
                    f'then "{rest}", not the LaTeX command \\{letter}{rest}: write \\\\{letter}{rest} '
                    "(each backslash twice)")))
    return tuple(out)
