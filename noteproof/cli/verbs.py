"""The verbs report, list, show and check (audit and scan live in auditcmd.py)."""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..defaults import DEFAULT_DPS, DEFAULT_TIMEOUT, REPORT_FOLDER
from ..errors import UsageError
from ..model import Outcome
from ..sources.project import claim_of
from . import auditcmd, options, terminal

REPORT_FILES = ("claims.md", "claims.json", "claims.html")
NOT_APPLICABLE = 3   # `check`: the values lie outside the range the note states (not a failure)


def register_all(verbs: argparse._SubParsersAction) -> None:
    fmt = argparse.RawDescriptionHelpFormatter
    p = verbs.add_parser("report", formatter_class=fmt, parents=[options.shared()], help="regenerate report/claims.{md,json,html}",
                         description="Run every claim's checks and write report/claims.md, claims.json and "
                                     "claims.html. Exit 1 when a claim fails, errs or a row is not encoded.",
                         epilog=f"example:\n  noteproof report --jobs 2 --dps {DEFAULT_DPS}\n  noteproof report --check")
    p.add_argument("--out", type=Path, help="folder to write (default: report/ under the root)")
    p.add_argument("--check", action="store_true",
                   help="write nothing; print only what is stale (files and claims) and exit 1 if report/ is")
    p.add_argument("--no-cache", dest="no_cache", action="store_true",
                   help="run every claim; neither read nor write .noteproof-cache/")
    p.set_defaults(run=cmd_report)

    p = verbs.add_parser("list", formatter_class=fmt, help="list claims, by note and mark",
                         description="List the registry's claims (no checks are run), each with its "
                                     "outcome in the last written report (report/claims.json), if any.",
                         epilog="example:\n  noteproof list --note week10 --mark conditional")
    p.add_argument("--note", help="only this note's claims (week09, week10, chapter12, ...)")
    p.add_argument("--mark", choices=["exact", "approximate", "conditional", "proposal"],
                   help="only claims whose tag has this mark")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(run=cmd_list)

    p = verbs.add_parser("show", formatter_class=fmt, parents=[options.shared(jobs=False, limits=False)], help="one claim: row, tag, derivation, numbers, verdict",
                         description="Run one claim and show its derivation step by step, each formula as "
                                     "printed beside the derived one, each number quoted vs computed.",
                         epilog="example:\n  noteproof show w10.stationary-variances")
    p.add_argument("id", help="claim id (see `noteproof list`)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(run=cmd_show)

    p = verbs.add_parser("check", formatter_class=fmt, parents=[options.shared(jobs=False)], help="re-run one claim at your own parameter values",
                         description="Re-run one claim's checks with parameters you set. Values are read as "
                                     "exact decimals or fractions, never as code. Reports which statements "
                                     "hold and which of the claim's conditions your values break.",
                         epilog="examples:\n  noteproof check w09.fixed-point-response --set beta=0.9\n"
                                "  noteproof check c12.d01.euler-follows-decay --set h=0.75 --set a=2\n"
                                "  noteproof check c12.d04.energy-and-timing --set h=1e-1\n"
                                "  noteproof check w09.contraction --dps 1000 --timeout 60 --memory 2000")
    p.add_argument("id", help="claim id (see `noteproof list`)")
    p.add_argument("--set", dest="sets", action="append", default=[], type=options.set_arg, metavar="NAME=VALUE",
                   help="set a parameter to an exact decimal or fraction (0.9, 3/2, 1e-3); "
                        "repeat for several parameters, each once")
    p.add_argument("--no-cache", dest="no_cache", action="store_true",
                   help="check afresh; neither read nor write .noteproof-cache/ (a check at the same "
                        "values, digits and note is otherwise shown from there)")
    p.add_argument("--json", action="store_true", help="print one JSON document")
    p.set_defaults(run=cmd_check)
    auditcmd.register(verbs)


def project_of(args: argparse.Namespace):
    from ..formula.respelled import registered_view
    from ..sources.project import load_project
    project = load_project(args.root, view=registered_view)
    terminal.print_warnings(project.warnings)
    return project


def cmd_report(args: argparse.Namespace) -> int:
    from ..run.cache import ResultCache
    from ..sources.project import find_root
    root = Path(args.root or find_root()).resolve()
    out = args.out or root / REPORT_FOLDER
    cache = None if getattr(args, "no_cache", False) else ResultCache(root, args.dps, extras=True)
    if cache is not None:
        from ..report.memo import recall
        recalled = recall(root, out, cache.base)   # nothing changed since the last report: print it again
        if recalled is not None:
            terminal.print_warnings(recalled.warnings)
            if args.check:
                terminal.print_stale(out, [], [], len(recalled.view.rows))
                return 0
            terminal.print_summary(recalled.view, written=out)
            return 0 if recalled.view.ok else 1
    return _report(args, root, out, cache)


def _report(args: argparse.Namespace, root: Path, out: Path, cache) -> int:
    """Judge every claim (from the result cache where it holds them), render and write the report."""
    from ..formula.respelled import registered_view
    from ..report.report import build_report
    from ..report.summary import summary_view
    from ..run.pool import run_report
    from ..sources.project import check_references, load_project
    project = load_project(root, unregistered=True, documents=cache is not None, view=registered_view)
    terminal.print_warnings(project.warnings)
    claims = project.registry.claims
    if cache is None or any(cache.get(c, project.notes[c.note]) is None for c in claims):
        check_references(project)  # (a claim cached under the same sources passed it already)
    with terminal.progress(len(claims)) as tick:
        results = run_report(project, claims, args.dps, args.jobs, args.timeout, tick, cache=cache,
                             memory=args.memory)
    report = build_report(project, results, args.dps, figures=False)  # run_report enriched them
    texts = terminal.render_all(report)
    view = summary_view(report)
    if args.check:  # one question: is report/ current? (failed claims are in the report) Only the answer is printed
        from ..report.json import stale_claims
        stale = [name for name, text in texts.items() if terminal.read_or_none(out / name) != text]
        claims = stale_claims(terminal.read_or_none(out / "claims.json"), texts["claims.json"]) if stale else []
        terminal.print_stale(out, stale, claims, len(results))
        if not stale:
            _remember(project, out, cache, texts, view, results)
        return 1 if stale else 0
    from ..report.json import new_failing_checks
    new = new_failing_checks(terminal.read_or_none(out / "claims.json"), texts["claims.json"])
    terminal.write_all(out, texts)
    _remember(project, out, cache, texts, view, results)
    terminal.print_new_failures(new)
    terminal.print_summary(view, written=out)
    return 0 if report.ok else 1


def _remember(project, out: Path, cache, texts: dict[str, str], view, results) -> None:
    """Keep this report for the next (report.memo), unless it ran without the cache or a claim
    ended in an error (run again next time, as the result cache does)."""
    if cache is None or any(r.outcome is Outcome.ERROR for r in results):
        return
    from ..report.memo import remember
    remember(project.root, out, cache.base, [n.path for n in project.notes.values()], project.warnings, texts, view)


def cmd_list(args: argparse.Namespace) -> int:
    project = project_of(args)
    if args.note and args.note not in project.registry.notes:
        raise UsageError(f"no note {args.note!r} (notes: {', '.join(project.registry.notes)})")
    claims = [c for c in project.registry.claims
              if (not args.note or c.note == args.note)
              and (not args.mark or any(s.mark.value == args.mark for s in c.status))]
    from ..report.json import reported_outcomes
    terminal.print_list(claims, args.json, reported_outcomes(project.root))
    return 0


def cmd_show(args: argparse.Namespace) -> int:
    from ..run.pool import run_one
    from ..sources.project import check_references
    project = project_of(args)
    claim = claim_of(project, args.id)
    check_references(project)   # a registry naming a missing check is bad input, as for report (exit 2)
    if not args.json:
        from ..sources.content import memoize_derivations
        memoize_derivations(project.content)
    result = run_one(project, claim, args.dps)
    if args.json:
        from ..report.json import claim_dict
        terminal.emit_json(claim_dict(result))
    else:
        from .showview import show_claim
        show_claim(terminal.console(), project, claim, result, args.dps)
    return 0 if result.outcome in (Outcome.VERIFIED, Outcome.PARTLY) else 1


def cmd_check(args: argparse.Namespace) -> int:
    """The claim at the user's values, in a worker under --timeout and --memory (run.bounded);
    a spinner on a terminal while it runs past a second. A time-out or a memory overflow is an
    error: its message on stderr (and the error row with --json), exit 1."""
    from ..sources.project import check_references
    project = project_of(args)
    claim = claim_of(project, args.id)
    check_references(project)   # as report, show and audit: exit 2
    from ..run.bounded import check_bounded
    from ..run.cache import ResultCache
    from ..run.readouts import check_known, parameters
    params = options.settings(args.sets)
    known = parameters(project, claim)
    check_known(claim.id, params, known)
    _refuse_long(params, known, args)
    with terminal.spinner(f"checking {claim.id} at --dps {args.dps} (limit {args.timeout:g} s)"):
        cache = None if args.no_cache else ResultCache(project.root, args.dps, params)
        run = check_bounded(project, claim, params, args.dps, args.timeout, args.memory, readouts=True, cache=cache)
    if run.failure:
        return check_failed(args, run, {**known, **params})
    checked, outs = run.checked, run.readouts
    result = checked.result
    if args.json:
        from ..formula.proselatex import latex as prose_latex
        from ..report.json import claim_dict
        row = claim_dict(result)
        if not checked.applicable:   # the note says nothing at these values: not a failure
            row["outcome"] = "not applicable"
        terminal.emit_json({**row, "parameters": {**known, **params},
                   "conditions": [{"condition": c["check"], "statement": c["statement"],
                                   "statement_latex": prose_latex(c["statement"]), "holds": c["holds"]}
                                  for c in checked.conditions],
                   "readouts": outs, **checked.as_dict()})
    else:
        from .showview import check_view
        check_view(terminal.console(), claim, checked, outs)
    return NOT_APPLICABLE if not checked.applicable else 0 if checked.ok else 1


def _refuse_long(params: dict[str, str], known: dict[str, str], args: argparse.Namespace) -> None:
    """Before a run that will take very long: refused (exit 2) with the estimate when it cannot
    end within --timeout, a warning on stderr when it takes more than ten seconds."""
    from ..run.readouts import run_estimate
    estimate = run_estimate({**known, **params}, args.dps) if params else None
    if estimate is None:
        return
    steps, seconds, how = estimate
    said = f"{how} is {steps:,} steps, about {seconds:,.0f} s"
    if seconds > args.timeout:
        raise UsageError(f"{said} at --dps {args.dps}, past the limit of {args.timeout:g} s: refused before it "
                         f"starts (choose a larger step, or raise --timeout to at least {seconds * 1.5:,.0f})")
    if seconds > 10:
        print(f"noteproof: warning: {said} at --dps {args.dps}", file=sys.stderr)


def check_failed(args: argparse.Namespace, run, values: dict[str, str]) -> int:
    """A check that timed out or ran out of memory: the message on stderr (with what to raise),
    the claim's error row on stdout with --json; exit 1 (the claim did not check, as in a report)."""
    if args.json:
        from ..report.json import claim_dict
        terminal.emit_json({**claim_dict(run.result), "parameters": values})
    hint = f"; raise it with --timeout SECONDS (the default is {DEFAULT_TIMEOUT:g})" if run.timed_out else ""
    print(f"noteproof: error: {run.result.id}: {run.failure}{hint}", file=sys.stderr)
    return 1
