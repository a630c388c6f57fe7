"""Report -> report/claims.html: one self-contained page, readable offline.

No script, no stylesheet or font from elsewhere: formulas are MathML (SymPy's
presentation printer), figures inline SVG (noteproof.svg), the style inline.
"""
from __future__ import annotations

from html import escape

from ..defaults import CONFIRM
from ..run.graph import edges, tag_mark
from ..model import ClaimResult, Outcome
from .report import NoteSection, Report, mark
from .svg import plot

STYLE = """body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top}
.verified{color:#17692a}.partly{color:#0b6a8a}.errata li{margin:.4rem 0}.failed,.error{color:#a31515;font-weight:bold}.unverified{color:#8a6d00}
code{background:#f4f4f4;padding:0 .2rem}details{margin:.3rem 0}section.claim{border-top:1px solid #ddd;margin-top:1rem}
math{font-size:1.1em}figure{margin:.5rem 0}figcaption{font-size:.9em;color:#555}.weak{color:#8a6d00}
ul.tree{list-style:none;padding-left:1.2rem}ul.tree li::before{content:"\\2190  ";color:#999}"""


def render(report: Report) -> str:
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>noteproof claims report</title>", f"<style>{STYLE}</style></head><body>",
           "<h1>noteproof claims report</h1>"]
    out += summary(report)
    out += errata(report)
    out += graph(report.results)
    for section in report.sections:
        out += note_section(section)
    out += ["</body></html>"]
    return "\n".join(out) + "\n"


def summary(report: Report) -> list[str]:
    s = report.summary
    head = "".join(f"<th>{o.value}</th>" for o in Outcome)
    rows = "".join(f"<tr><td>{m}</td><td>{n}</td>"
                   + "".join(f"<td>{s['by_mark_outcome'][m][o.value]}</td>" for o in Outcome) + "</tr>"
                   for m, n in s["by_mark"].items())
    toc = "".join(f'<li><a href="#note-{escape(x.key)}">{escape(x.title)}</a> ({len(x.results)} claims)</li>'
                  for x in report.sections)
    return [f"<p>{s['claims']} claims: {s['verified']} verified, {s['partly_verified']} partly verified, "
            f"{s['failed']} failed, {s['errors']} errors, "
            f"{s['unverified']} unverified; {s['unencoded_rows']} rows not encoded. Numbers at {report.dps} "
            f"digits, confirmed at {report.dps + CONFIRM}.</p>",
            f"<table><tr><th>mark</th><th>claims</th>{head}</tr>{rows}</table>", f"<ul>{toc}</ul>"]


def errata(report: Report) -> list[str]:
    """The note's own errors, first: each located, with its finding, a correction and the rerun."""
    if not report.errata:
        return []
    items = "".join(
        f'<li><strong>{escape(e.kind.value)}</strong> <code>{escape(str(e.location))}</code> '
        f'(<a href="#{escape(e.claim)}"><code>{escape(e.claim)}</code></a>): the note says '
        f'“{escape(e.says)}”<br>finding: {escape(e.finding)}<br>suggestion: {escape(e.suggestion)}<br>'
        f'rerun: <code>{escape(e.command)}</code></li>' for e in report.errata)
    return ['<h2 id="errata">Errata</h2>', "<p>Where the notes are wrong, each with the computation "
            "that shows it and a corrected wording.</p>", f'<ul class="errata">{items}</ul>']


def graph(results: tuple[ClaimResult, ...]) -> list[str]:
    """The `uses` graph as nested lists: each claim that uses others, above what it relies on."""
    pairs = edges(results)
    if not pairs:
        return []
    by_id = {r.id: r for r in results}
    used = {u for u, _ in pairs}
    tops = [r for r in results if r.uses and r.id not in used]
    return (["<h2>Dependencies</h2>", "<p>Each claim is listed above the claims it uses; a claim is reported "
             "no stronger than its weakest link.</p>", '<ul class="tree">']
            + [_tree(r, by_id, frozenset()) for r in tops] + ["</ul>"])


def _tree(r: ClaimResult, by_id: dict, trail: frozenset[str]) -> str:
    ups = [by_id[u] for u in r.uses if u in by_id and u not in trail]
    inner = f'<ul class="tree">{"".join(_tree(u, by_id, trail | {r.id}) for u in ups)}</ul>' if ups else ""
    return f"<li>{_badge(r)}{inner}</li>"


def _badge(r: ClaimResult) -> str:
    weak = f' <span class="weak">(tag: {tag_mark(r).value})</span>' if mark(r) is not tag_mark(r) else ""
    return (f'<a href="#{escape(r.id)}"><code>{escape(r.id)}</code></a> {mark(r).value}{weak}, '
            f'<span class="{r.outcome.value}">{r.outcome.value}</span>')


def note_section(section: NoteSection) -> list[str]:
    out = [f'<h2 id="note-{escape(section.key)}">{escape(section.title)}</h2>',
           f"<p><code>{escape(section.path)}</code></p>",
           "<table><tr><th>claim</th><th>tag</th><th>mark</th><th>outcome</th></tr>"]
    out += [f'<tr><td><a href="#{escape(r.id)}"><code>{escape(r.id)}</code></a><br>{escape(r.row)}</td>'
            f"<td>{escape(r.tag)}</td><td>{mark(r).value}</td>"
            f'<td class="{r.outcome.value}">{r.outcome.value}</td></tr>' for r in section.results]
    out += [f"<tr><td>{escape(r.text)}</td><td>{escape(r.tag)}</td><td></td>"
            f'<td class="failed">not encoded ({escape(str(r.location))})</td></tr>' for r in section.unencoded]
    out += ["</table>"]
    if section.unaccounted_math:
        out += ['<p class="failed">Math that no formula, claim or declaration accounts for:</p><ul>']
        out += [f"<li><code>{escape(str(m.location))}</code>: <code>${escape(m.text)}$</code></li>"
                for m in section.unaccounted_math] + ["</ul>"]
    for r in section.results:
        out += claim_section(r)
    return out


def claim_section(r: ClaimResult) -> list[str]:
    out = [f'<section class="claim" id="{escape(r.id)}"><h3><code>{escape(r.id)}</code></h3>',
           f"<blockquote>{escape(r.row)}<br><em>{escape(r.tag)}</em></blockquote>",
           f'<p>Mark: {_badge(r)}' + (f" at <code>{escape(str(r.location))}</code>" if r.location else "") + "</p>"]
    if r.uses:
        out.append("<p>Uses: " + ", ".join(f'<a href="#{escape(u)}"><code>{escape(u)}</code></a>'
                                           for u in r.uses) + "</p>")
    if r.messages:
        out.append("<ul>" + "".join(f"<li>{escape(m)}</li>" for m in r.messages) + "</ul>")
    out += [f'<p class="failed">Erratum ({escape(e.kind.value)}, <code>{escape(str(e.location))}</code>): '
            f"{escape(e.finding)}<br>Suggested: {escape(e.suggestion)}</p>" for e in r.errata]
    out += _evidence(r) + _formulas(r) + _numbers(r) + _steps(r)
    out += [_figure(f) for f in r.figures]
    return out + ["</section>"]


def _evidence(r: ClaimResult) -> list[str]:
    if not r.evidence:
        return []
    rows = "".join(f"<tr><td>{e.kind.value}{' (' + e.supports.value + ')' if e.supports else ''}</td>"
                   f"<td>{e.reach.value}</td><td>{escape(e.statement)}{'<br><em>' + escape(e.notice) + '</em>' if e.notice else ''}</td>"
                   f'<td class="{"verified" if e.holds else "failed"}">{"holds" if e.holds else "fails"}</td></tr>'
                   for e in r.evidence)
    return [f"<p>Scope of the statement: {r.scope.value}.</p>",
            f"<table><tr><th>evidence</th><th>reach</th><th>statement</th><th></th></tr>{rows}</table>"]


def _formulas(r: ClaimResult) -> list[str]:
    if not r.formulas:
        return []
    rows = "".join(f"<tr><td>{f.printed_mathml}<code>{escape(f.latex)}</code></td>"
                   f"<td>{f.mathml or '<code>' + escape(f.derived) + '</code>'}</td>"
                   f'<td class="{f.outcome.value}">{f.outcome.value}{": " + escape(f.message) if f.message else ""}'
                   f"</td></tr>" for f in r.formulas)
    return [f"<table><tr><th>formula as printed</th><th>derived</th><th>outcome</th></tr>{rows}</table>"]


def _numbers(r: ClaimResult) -> list[str]:
    if not r.numbers:
        return []
    rows = "".join(f"<tr><td>{escape(n.quoted)}</td><td>{escape(n.computed)}</td><td>{n.dps or '64-bit'}</td>"
                   f'<td class="{n.outcome.value}">{n.outcome.value}</td>'
                   f"<td><code>{escape(str(n.location or '?'))}</code></td></tr>" for n in r.numbers)
    return ["<table><tr><th>quoted</th><th>computed</th><th>digits</th><th>outcome</th><th>where</th></tr>"
            f"{rows}</table>"]


def _steps(r: ClaimResult) -> list[str]:
    if not r.steps:
        return []
    items = "".join(f"<li>{escape(s.text)}{s.mathml or ('<br><code>' + escape(str(s.expr)) + '</code>' if s.expr else '')}"
                    "</li>" for s in r.steps)
    return [f"<details><summary>derivation, step by step</summary><ol>{items}</ol></details>"]


def _figure(f) -> str:
    notes = [s for s in f.series if s.message]
    why = "".join(f"<br>{escape(s.label)}: {escape(s.message)}" for s in notes)
    if f.message or not any(s.points for s in f.series):
        return f"<p>Figure {escape(f.title)} could not be drawn. {escape(f.message)}{why}</p>"
    return f"<figure><figcaption><strong>{escape(f.title)}</strong>{why}</figcaption>{plot(f)}</figure>"
