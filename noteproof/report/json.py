"""Report -> report/claims.json: the summary, the errata, each note and each claim with its checks.

Where a field gives mathematics (a derived form, an evidence statement, an erratum's finding and
suggestion, a message), the plain text is kept and a ``*_latex`` field beside it gives the same
in LaTeX: a derived form printed from its SymPy object in the note's names (formula.texform),
a sentence as Markdown with its mathematics in ``$...$`` (formula.proselatex)."""
from __future__ import annotations

import json
from pathlib import Path

from ..defaults import REPORT_FOLDER
from ..formula.proselatex import latex as prose_latex
from ..model import ClaimResult, Erratum, FigureResult
from ..run.graph import edges, tag_mark
from .report import Report, derived_latex, mark


def claim_dict(r: ClaimResult) -> dict:
    return {
        "id": r.id,
        "note": r.note,
        "row": r.row,
        "tag": r.tag,
        "mark": mark(r).value,
        "tag_mark": tag_mark(r).value,
        "marks": [m.value for m in r.marks],
        "outcome": r.outcome.value,
        "location": str(r.location) if r.location else None,
        "scope": r.scope.value,
        "evidence": [{"kind": e.kind.value, "reach": e.reach.value, "statement": e.statement,
                      "statement_latex": prose_latex(e.statement),
                      "outcome": "verified" if e.holds else "failed",
                      "supports": e.supports.value if e.supports else None,
                      "detail": e.detail, "notice": e.notice} for e in r.evidence],
        "numbers": [{"quoted": n.quoted, "computed": n.computed, "dps": n.dps, "outcome": n.outcome.value,
                     "location": str(n.location) if n.location else None, "check": n.check,
                     "message": n.message, "message_latex": prose_latex(n.message), "decision": n.decision}
                    for n in r.numbers],
        "formulas": [{"latex": f.latex, "outcome": f.outcome.value,
                      "location": str(f.location) if f.location else None, "check": f.check,
                      "derived": f.derived, "derived_latex": derived_latex(f),
                      "message": f.message, "message_latex": prose_latex(f.message)} for f in r.formulas],
        "uses": list(r.uses),
        "messages": list(r.messages),
        "figures": [figure_dict(f) for f in r.figures],
        "errata": [erratum_dict(e) for e in r.errata],
    }


def erratum_dict(e: Erratum) -> dict:
    return {"location": str(e.location) if e.location else None, "claim": e.claim, "kind": e.kind.value,
            "says": e.says, "finding": e.finding, "finding_latex": prose_latex(e.finding),
            "suggestion": e.suggestion, "suggestion_latex": prose_latex(e.suggestion), "rerun": e.command}



def figure_dict(f: FigureResult) -> dict:
    return {"title": f.title, "x": f.x_label, "y": f.y_label, "log": f.log, "message": f.message,
            "series": [{"label": s.label, "points": [list(p) for p in s.points], "message": s.message}
                       for s in f.series]}


def render(report: Report) -> str:
    doc = {
        "noteproof": report.version,
        "dps": report.dps,
        "summary": report.summary,
        "errata": [{**erratum_dict(e), **({"acknowledged": why} if (why := dict(report.acknowledged).get(e.claim))
                                          else {})} for e in report.errata],
        "notes": [{"note": s.key, "title": s.title, "path": s.path,
                   "unencoded_rows": [{"row": r.text, "tag": r.tag, "location": str(r.location)}
                                      for r in s.unencoded],
                   "unaccounted_math": [{"text": m.text, "location": str(m.location)} for m in s.unaccounted_math],
                   "unaccounted_prose": [{"text": p.text, "location": str(p.location), "change": p.change}
                                         for p in s.unaccounted_prose],
                   "unaccounted_numbers": [{"text": n.token.text, "location": str(n.location)}
                                           for n in s.unaccounted_numbers],
                   **unregistered_dict(s)}
                  for s in report.sections],
        "claims": [claim_dict(r) for r in report.results],
        "uses": [{"from": u, "to": d} for u, d in edges(report.results)],
    }
    return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"


def unregistered_dict(s) -> dict:
    """An unregistered note's fields: each worked step judged, each self-contained relation
    decided (``verdict``: holds, wrong or cannot decide); a registered one's wrong steps that no
    quote reads, when it has any ({} else)."""
    from ..run.steps import wrong_step
    if s.registered:   # its wrong steps no quote reads (run.steps.unchecked_wrong_steps)
        return {"wrong_steps": [{"step": c.link.text, "location": str(c.location), "expected": c.expected,
                                 "message": wrong_step(c)} for c in s.wrong_steps]} if s.wrong_steps else {}
    return {"registered": False,
            "steps": [{"step": c.link.text, "location": str(c.location),
                       "outcome": "verified" if c.holds else "failed", "how": c.how,
                       "expected": c.expected, "message": "" if c.holds else wrong_step(c)} for c in s.steps],
            "identities": [{"printed": c.printed, "relation": c.relation, "location": str(c.location),
                            "verdict": c.verdict.value, "how": c.how, "at": c.at, "values": list(c.values),
                            "message": c.message} for c in s.identities]}


def reported_claims(text: str | None) -> dict[str, dict]:
    """Claim id -> its entry in a claims.json text ({} when there is none or it cannot be read)."""
    try:
        data = json.loads(text) if text is not None else {}
        return {c["id"]: c for c in data.get("claims", []) if isinstance(c, dict) and isinstance(c.get("id"), str)}
    except (ValueError, KeyError, TypeError, AttributeError):
        return {}


def reported_outcomes(root: Path) -> dict[str, str]:
    """Claim id -> outcome in the last written report (report/claims.json under ``root``), if any."""
    try:
        text = (Path(root) / REPORT_FOLDER / "claims.json").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return {}
    return {k: str(c.get("outcome", "")) for k, c in reported_claims(text).items()}


def stale_claims(old: str | None, new: str) -> list[tuple[str, str]]:
    """(claim id, what changed) for each claim whose entry in claims.json ``old`` (the written
    report) differs from ``new`` (this run's): its outcome, other fields, added or removed."""
    before, after = reported_claims(old), reported_claims(new)
    out = []
    for k, c in after.items():
        was = before.get(k)
        if was is None:
            out.append((k, "not in the written report"))
        elif was != c:
            a, b = was.get("outcome"), c.get("outcome")
            out.append((k, f"{a} -> {b}" if a != b else "its result changed (outcome still " + str(b) + ")"))
    out += [(k, "no longer in claims.yaml") for k in before if k not in after]
    return out


def new_failing_checks(old: str | None, new: str) -> list[tuple[str, str]]:
    """(claim id, check) for each failing check of this run (claims.json ``new``) that the
    written report (``old``) did not have: a new wrong number inside a claim that already
    failed is named too (run.failing; locations set aside)."""
    from ..run.failing import checks_named
    if old is None:
        return []
    before, after = reported_claims(old), reported_claims(new)

    def checks(claim: dict) -> frozenset[str]:
        return checks_named(claim.get("outcome", ""), claim.get("messages", []))
    return [(k, m) for k, c in after.items() for m in sorted(checks(c) - checks(before.get(k, {})))]
