"""Report -> report/claims.html: one self-contained page, readable offline."""
from __future__ import annotations

from html import escape

from ..model import ClaimResult
from ..report import Report, mark

STYLE = """body{font:15px/1.5 system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0}td,th{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top}
.verified{color:#17692a}.failed,.error{color:#a31515;font-weight:bold}.unverified{color:#8a6d00}
code{background:#f4f4f4;padding:0 .2rem}details{margin:.3rem 0}"""


def render(report: Report) -> str:
    s = report.summary
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           "<title>noteproof claims report</title>", f"<style>{STYLE}</style></head><body>",
           "<h1>noteproof claims report</h1>",
           f"<p>{s['claims']} claims: {s['verified']} verified, {s['failed']} failed, {s['errors']} errors, "
           f"{s['unverified']} unverified; {s['unencoded_rows']} rows not encoded.</p>",
           "<table><tr><th>mark</th><th>claims</th></tr>"
           + "".join(f"<tr><td>{m}</td><td>{n}</td></tr>" for m, n in s["by_mark"].items()) + "</table>"]
    for section in report.sections:
        out += [f"<h2>{escape(section.title)}</h2>", f"<p><code>{escape(section.path)}</code></p>",
                "<table><tr><th>claim</th><th>tag</th><th>mark</th><th>outcome</th></tr>"]
        out += [_row(r) for r in section.results]
        out += [f'<tr><td>{escape(r.text)}</td><td>{escape(r.tag)}</td><td></td>'
                f'<td class="failed">not encoded ({escape(str(r.location))})</td></tr>' for r in section.unencoded]
        out += ["</table>"]
    out += ["</body></html>"]
    return "\n".join(out) + "\n"


def _row(r: ClaimResult) -> str:
    items = [f"<li>{escape(e.kind.value)}: {escape(e.statement)} — {'holds' if e.holds else 'FAILS'}</li>"
             for e in r.evidence]
    items += [f"<li>number {escape(n.quoted)} vs {escape(n.computed)}: {n.outcome.value}</li>" for n in r.numbers]
    items += [f"<li>formula <code>{escape(f.latex)}</code>: {f.outcome.value}</li>" for f in r.formulas]
    items += [f"<li>{escape(m)}</li>" for m in r.messages]
    detail = f"<details><summary><code>{escape(r.id)}</code></summary><ul>{''.join(items)}</ul></details>"
    return (f"<tr><td>{escape(r.row)}{detail}</td><td>{escape(r.tag)}</td><td>{mark(r).value}</td>"
            f'<td class="{r.outcome.value}">{r.outcome.value}</td></tr>')
