"""The command line: the only module that prints.

Exit codes for every verb: 0 nothing failed; 1 a checked thing failed; 2 bad input or usage.
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from ..defaults import REGISTRY, VERSION
from ..errors import NoteproofError

EXAMPLES = """\
examples:
  noteproof report                      regenerate report/claims.{md,json,html}
  noteproof report --check              fail if report/ is stale (for CI)
  noteproof list --note week09          the claims of one note
  noteproof show w09.fixed-point-response
  noteproof check c12.d01.euler-follows-decay --set h=0.75 --set a=2
  noteproof audit                       what an edit of notes/ broke, with the fix
  noteproof scan notes/week09.txt       every row and number, and what covers it
"""


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="noteproof", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EXAMPLES,
        description="Check the mathematics of a course's notes: every status-table claim, closed form "
                    "and quoted number, against SymPy derivations and mpmath computations.")
    parser.add_argument("--version", action="version", version=f"noteproof {VERSION}",
                        help="print the version and exit")
    parser.add_argument("--root", type=Path, help=f"project root (default: nearest folder with {REGISTRY})")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB")
    from .verbs import register_all
    register_all(verbs)
    return parser


def unknown_verb(parser: argparse.ArgumentParser, argv: list[str]) -> str | None:
    """"unknown verb 'reprot'; did you mean 'report'?" when the first word is not a verb."""
    import difflib
    verbs = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction)).choices
    rest = list(argv)
    while rest and rest[0].startswith("-"):
        flag = rest.pop(0)
        if flag == "--root" and rest:
            rest.pop(0)
        elif flag in ("-h", "--help", "--version"):
            return None
    if not rest or rest[0] in verbs:
        return None
    close = difflib.get_close_matches(rest[0], list(verbs), n=1, cutoff=0.5)
    hint = f"; did you mean {close[0]!r}?" if close else ""
    return f"unknown verb: invalid choice {rest[0]!r} (verbs: {', '.join(verbs)}){hint}"


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    wrong = unknown_verb(parser, sys.argv[1:] if argv is None else argv)
    if wrong:
        parser.print_usage(sys.stderr)
        print(f"noteproof: error: {wrong}", file=sys.stderr)
        return 2
    args = parser.parse_args(argv)
    if not args.verb:
        parser.print_help()
        return 2
    try:
        return args.run(args)
    except NoteproofError as exc:
        print(f"noteproof: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("noteproof: interrupted; no file was half-written", file=sys.stderr)
        return 130
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
