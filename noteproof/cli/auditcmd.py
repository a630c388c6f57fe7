"""The verbs audit and scan: argument parsing and printing (this is CLI code)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..audit.lines import format_finding
from ..sources.coverage import Coverage
from . import terminal
from .options import shared
from .terminal import emit_json

FMT = argparse.RawDescriptionHelpFormatter


def register(verbs) -> None:
    p = verbs.add_parser("audit", formatter_class=FMT, parents=[shared()], help="what an edit of the notes broke, with the fix",
                         description="Compare edited notes with their baseline (--base REV, else git HEAD, else "
                                     "the note in notes/ when PATH is another file), re-run the claims the edit "
                                     "touched and report wrong numbers, changed formulas, overstated tags, "
                                     "removed or unencoded rows and uncovered new numbers. Exit 0 when no "
                                     "finding is an error (with --fix: when the patch fixes every error), "
                                     "1 otherwise, 2 for bad input.",
                         epilog="examples:\n  noteproof audit\n  noteproof audit notes/week09.txt --base HEAD~1\n"
                                "  noteproof audit notes/chapter12.txt --fix > fix.patch && git apply fix.patch")
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="edited note files (default: every note)")
    p.add_argument("--base", metavar="REV", help="git revision to compare with; lists the claims the edit touched")
    p.add_argument("--fix", action="store_true",
                   help="print on stdout a patch for `git apply` (notes and claims.yaml) correcting each wrong "
                        "number and keeping claims.yaml in step with a reworded row; findings, and the errors "
                        "it cannot fix, go to stderr; exit 0 when the patch fixes every error. Nothing is "
                        "written")
    p.add_argument("--strict", action="store_true", help="a new number nothing covers is an error, not a warning")
    p.add_argument("--all", dest="every", action="store_true", help="run every claim of the note, not only "
                                                                    "those the edit touched")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--no-cache", dest="no_cache", action="store_true",
                   help="run the claims afresh; neither read nor write .noteproof-cache/")
    p.set_defaults(run=cmd_audit)

    p = verbs.add_parser("scan", formatter_class=FMT, help="every row and numeric token, and what covers it",
                         description="List every status-table row (with the claim that encodes it) and every "
                                     "numeric token of a note with its coverage: check, input, label or "
                                     "unaccounted; every math span; and every sentence with a word of "
                                     "comparison, direction, quantity or quantification (claimed, listed as "
                                     "prose, or unaccounted). Exit 1 when a number, a math span or a sentence "
                                     "is unaccounted or a row unencoded.",
                         epilog="examples:\n  noteproof scan notes/week09.txt\n  noteproof scan --json\n"
                                "  noteproof scan notes/week10.txt --emit-stubs >> claims.yaml\n"
                                "  noteproof scan notes/week09.txt --prose   "
                                "# the prose: group to paste under the note in claims.yaml")
    p.add_argument("paths", nargs="*", type=Path, metavar="PATH", help="note files (default: every note)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.add_argument("--emit-stubs", action="store_true", help="print claims.yaml entries for unencoded rows")
    p.add_argument("--prose", action="store_true",
                   help="print the unaccounted sentences as a prose: group for the note's entry in claims.yaml")
    p.add_argument("--all", dest="every", action="store_true", help="list covered numbers too (text output)")
    p.set_defaults(run=cmd_scan)


def cmd_audit(args: argparse.Namespace) -> int:
    from ..audit.audit import audit, fix_diff
    from ..sources.project import find_root
    root = args.root or find_root()
    result = audit(root, args.paths, args.base, args.strict, args.every, args.dps, args.jobs, args.timeout,
                   cache=not args.no_cache, memory=args.memory)
    diff = fix_diff(result.fixes) if args.fix else ""
    terminal.print_warnings(result.warnings)
    if args.json:
        doc = {"findings": [finding_dict(f) for f in result.findings], "summary": result.summary()}
        if result.warnings:
            doc["warnings"] = [str(w) for w in result.warnings]
        if args.fix:
            doc["fix"] = diff
            doc["unfixed"] = [finding_dict(f) for f in result.unfixed]
        emit_json(doc)
    else:
        stream = sys.stderr if args.fix else sys.stdout
        print_findings(result, stream, args.base is not None)
        if args.fix:
            print_unfixed(result, bool(diff), sys.stderr)
            sys.stdout.write(diff)
    if args.fix:
        return 1 if result.unfixed else 0
    return 1 if result.failed else 0


def finding_dict(f) -> dict:
    return {"code": f.code, "kind": f.kind.value, "severity": f.severity.value, "claim": f.claim,
            "location": str(f.location) if f.location else "", "message": f.message,
            "quoted": f.quoted, "expected": f.expected, "help": f.help}


def print_findings(result, stream, touched: bool) -> None:
    for f in result.findings:
        print(format_finding(f), file=stream)
    s = result.summary()
    bases = ", ".join(f"{n['path']} vs {n['baseline'] or 'no baseline (every claim run)'}" for n in s["notes"])
    print(f"audit: {terminal.plural(s['errors'], 'error')}, {terminal.plural(s['warnings'], 'warning')}, "
          f"{terminal.plural(s['notices'], 'notice')}; "
          f"{s['claims_run']} claims run{_replayed(s)} ({bases})", file=stream)
    if touched:
        print(f"claims touched: {', '.join(s['touched']) or 'none'}", file=stream)


def print_unfixed(result, patched: bool, stream) -> None:
    """--fix: what the patch corrects, and each error it cannot (one line each, as located)."""
    fixed = sum(f.fixed for f in result.findings)
    left = result.unfixed
    if not left:
        what = (f"corrects every error ({fixed})" if fixed else
                "keeps claims.yaml in step; there is no error to correct" if patched else "is empty: there is no error")
        print(f"fix: the patch {what}", file=stream)
        return
    print(f"fix: the patch corrects {terminal.plural(fixed, 'error')}; "
          f"{terminal.plural(len(left), 'error')} it cannot fix:", file=stream)
    for f in left:
        print("  " + format_finding(f).split("\n", 1)[0], file=stream)


def _replayed(summary: dict) -> str:
    n = summary.get("claims_replayed", 0)
    return f", {n} judged again from the cache" if n else ""


def cmd_scan(args: argparse.Namespace) -> int:
    from ..audit.audit import resolve_targets, with_notes
    from ..formula.respelled import registered_view
    from ..sources.coverage import prose_stub, scan_note, stubs
    from ..sources.newnotes import note_entry
    from ..sources.project import load_project
    project = load_project(args.root, unregistered=True, view=registered_view)
    terminal.print_warnings(project.warnings)
    keys = list(project.registry.notes)
    if args.paths:
        targets = resolve_targets(project, args.paths, None)
        project = with_notes(project, targets)
        keys = [t.key for t in targets]
    if args.emit_stubs:
        sys.stdout.write("".join((note_entry(project.registry.notes[k]) if k in project.unregistered else "")
                                 + stubs(project, k) for k in keys))
        return 0
    scans = [scan_note(project, k) for k in keys]
    if args.prose:
        sys.stdout.write("".join(f"    # {s.key}: under notes: {s.key}: in claims.yaml\n    prose:\n" + stub
                                 for s in scans if (stub := prose_stub(s.prose))))
        return 0
    rows = sum(len(s.rows) for s in scans)
    unencoded = sum(not r.claim for s in scans for r in s.rows)
    lost = sum(len(s.unaccounted) for s in scans)
    lost_math = sum(len(s.unaccounted_math) for s in scans)
    lost_prose = sum(len(s.unaccounted_prose) for s in scans)
    if args.json:
        emit_json({"notes": [scan_dict(s) for s in scans],
                   "summary": {"rows": rows, "numbers": sum(len(s.numbers) for s in scans),
                               "unaccounted": lost, "unencoded_rows": unencoded,
                               "math": sum(len(s.math) for s in scans), "unaccounted_math": lost_math,
                               "sentences": sum(len(s.prose) for s in scans), "unaccounted_prose": lost_prose}})
    else:
        print_scans(scans, args.every)
    return 1 if lost or unencoded or lost_math or lost_prose else 0


def scan_dict(s) -> dict:
    return {"path": s.path, "note": s.key,
            "rows": [{"row": r.row, "tag": r.tag, "claim": r.claim or None, "location": str(r.location)}
                     for r in s.rows],
            "numbers": [{"text": n.token.text, "location": str(n.location), "coverage": n.coverage.value,
                         "by": n.by or None} for n in s.numbers],
            "math": [{"text": m.text, "location": str(m.location), "coverage": m.coverage, "by": m.by or None}
                     for m in s.math],
            "prose": [{"text": p.text, "location": str(p.location), "coverage": p.coverage, "by": p.by or None,
                       **({"change": p.change} if p.change else {})} for p in s.prose]}


def print_scans(scans, every: bool) -> None:
    for s in scans:
        print(f"{s.path} ({s.key})")
        for r in s.rows:
            print(f"  {r.location}: row {'-> ' + r.claim if r.claim else 'NOT ENCODED'}: {r.row}  [{r.tag}]")
        for n in s.numbers:
            if every or n.coverage is Coverage.UNACCOUNTED:
                print(f"  {n.location}: {n.token.text}: {n.coverage.value}" + (f" ({n.by})" if n.by else ""))
        counts = {c.value: sum(n.coverage is c for n in s.numbers) for c in Coverage}
        print("  numbers: " + ", ".join(f"{v} {k}" for k, v in counts.items()))
        for m in s.math:
            if every or m.coverage == "unaccounted":
                print(f"  {m.location}: ${m.text}$: {m.coverage}" + (f" ({m.by})" if m.by else ""))
        kinds = ("check", "restatement", "definition", "unaccounted")
        print("  math: " + ", ".join(f"{sum(m.coverage == k for m in s.math)} {k}" for k in kinds))
        for p in s.prose:
            if every or p.coverage == "unaccounted":
                print(f"  {p.location}: sentence {p.coverage}" + (f" ({p.change})" if p.change else "")
                      + (f" ({p.by})" if p.by and every else "") + f": {p.text}")
        print("  sentences: " + ", ".join(f"{sum(p.coverage == k for p in s.prose)} {k}"
                                          for k in ("check", "prose", "unaccounted", "unlisted")
                                          if k != "unlisted" or any(p.coverage == k for p in s.prose))
              + ("  (no prose: in claims.yaml: `noteproof scan --prose` prints one)"
                 if any(p.coverage == "unlisted" for p in s.prose) else ""))
