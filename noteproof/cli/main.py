"""The command line: the only module that prints.

Exit codes for every verb: 0 nothing failed; 1 a checked thing failed; 2 bad input or usage.
"""
from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

from .. import __version__
from ..errors import NoteproofError, UsageError

EXAMPLES = """\
examples:
  noteproof report                      regenerate report/claims.{md,json,html}
  noteproof report --check              fail if report/ is stale (for CI)
  noteproof list --note week09          the claims of one note
  noteproof show w09.fixed-point-response
  noteproof check c12.d01.euler-shrinks --set h=0.75 --set a=2
  noteproof audit                       what an edit of notes/ broke, with the fix
  noteproof scan notes/week09.txt       every row and number, and what covers it
"""
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,40}")
VALUE = re.compile(r"[-+]?(\d{1,60}(\.\d{0,60})?|\.\d{1,60})(/\d{1,60})?")
DPS_RANGE = (10, 5000)


def dps_arg(text: str) -> int:
    lo, hi = DPS_RANGE
    if not re.fullmatch(r"\d{1,6}", text) or not lo <= int(text) <= hi:
        raise argparse.ArgumentTypeError(f"--dps must be a whole number from {lo} to {hi}, not {text[:20]!r}")
    return int(text)


def jobs_arg(text: str) -> int:
    if not re.fullmatch(r"\d{1,3}", text) or not 1 <= int(text) <= 256:
        raise argparse.ArgumentTypeError(f"--jobs must be a whole number from 1 to 256, not {text[:20]!r}")
    return int(text)


def timeout_arg(text: str) -> float:
    if not re.fullmatch(r"\d{1,5}(\.\d{1,3})?", text) or not 0 < float(text) <= 86400:
        raise argparse.ArgumentTypeError(f"--timeout must be seconds from 0 to 86400, not {text[:20]!r}")
    return float(text)


def set_arg(text: str) -> tuple[str, str]:
    """NAME=VALUE with VALUE an exact decimal or fraction; nothing else is accepted."""
    name, sep, value = text.partition("=")
    if not sep or not NAME.fullmatch(name.strip()) or not VALUE.fullmatch(value.strip()):
        raise argparse.ArgumentTypeError(
            f"--set takes NAME=VALUE with VALUE a decimal or fraction such as 0.75 or 3/2, not {text[:60]!r}")
    if value.strip().endswith("/0"):
        raise argparse.ArgumentTypeError(f"--set {name}: zero denominator")
    return name.strip(), value.strip()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="noteproof", formatter_class=argparse.RawDescriptionHelpFormatter, epilog=EXAMPLES,
        description="Check the mathematics of a course's notes: every status-table claim, closed form "
                    "and quoted number, against SymPy derivations and mpmath computations.")
    parser.add_argument("--version", action="version", version=f"noteproof {__version__}")
    parser.add_argument("--root", type=Path, help="project root (default: nearest folder with claims.yaml)")
    verbs = parser.add_subparsers(dest="verb", metavar="VERB")
    from .verbs import register_all
    register_all(verbs)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
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


def emit_json(doc: object) -> None:
    sys.stdout.write(json.dumps(doc, indent=2, ensure_ascii=False) + "\n")


def usage_error(message: str) -> UsageError:
    return UsageError(message)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
