"""Report -> report/claims.html: one self-contained page, readable offline.

No script, no stylesheet or font from elsewhere (the print style opens every <details>, so
derivations print): the notes' LaTeX (rows, tags, formulas as
printed) is typeset as MathML by the reader's typesetter (formula/typeset.py), derived
forms come as MathML from run/extras.py, figures and the dependency graph are inline SVG
(svg.py), the style is inline. The page opens with the errata and failures, each linked to
its claim: each erratum once, then the claims not verified that carry none; tables stack on a
narrow screen, the dependency graph says that it scrolls; a figure keeps its caption when printed.
Text fragments (evidence, findings, suggestions, messages) are set by formula/prose.py.
"""
from __future__ import annotations

import re
from html import escape

from ..defaults import CONFIRM
from ..formula.prose import html as text_html
from ..formula.prose import unicode as plain_math
from ..model import ClaimResult, Outcome
from ..run.graph import tag_mark
from .report import NoteSection, Report, decision_error, decision_text, mark
from .svg import dependency_graph, plot

STYLE = """*,*::before,*::after{box-sizing:border-box}
body{font:15px/1.5 system-ui,sans-serif;max-width:72rem;margin:2rem auto;padding:0 1rem;color:#222;overflow-wrap:break-word}
h1{font-size:1.6rem}h2{margin-top:2rem;border-bottom:2px solid #ddd}h3{margin:.4rem 0}
table{border-collapse:collapse;margin:.5rem 0;max-width:100%}td,th{border:1px solid #ccc;padding:.25rem .5rem;vertical-align:top;text-align:left}
th{background:#f3f3f3}.wide{overflow-x:auto;max-width:100%}
.verified{color:#17692a}.partly{color:#0b6a8a;font-weight:bold}.failed,.error{color:#a31515;font-weight:bold}.unverified{color:#8a6d00;font-weight:bold}
code{background:#f4f4f4;padding:0 .2rem;overflow-wrap:anywhere;word-break:break-word}
code.tex{font-size:.85em;color:#555}details{margin:.3rem 0}summary{cursor:pointer;color:#333}
section.claim{border-top:1px solid #ddd;margin-top:1.2rem}blockquote{margin:.5rem 0;padding:.2rem .8rem;border-left:3px solid #ccc;background:#fafafa}
math{font-size:1.1em;font-family:"Latin Modern Math","STIX Two Math","Cambria Math","DejaVu Math TeX Gyre",math}.m{overflow-x:auto;overflow-y:hidden;max-width:100%;padding:.1rem 0}
.weak{color:#8a6d00}.note{color:#555;font-size:.92em}
#errata-and-failures{border:2px solid #a31515;border-radius:6px;padding:.2rem 1rem .6rem;background:#fff8f8}
#errata-and-failures.clean{border-color:#17692a;background:#f6fbf6}#errata-and-failures h2{border:0;margin-top:.6rem}
#errata-and-failures li{margin:.6rem 0}#errata-and-failures h3{font-size:1.05rem;margin-top:.8rem}
.kind{font-weight:bold;color:#a31515;font-variant:small-caps}.erratum{border-left:3px solid #a31515;padding:.1rem .7rem;margin:.5rem 0;background:#fffafa}
.erratum p{margin:.3rem 0}dl{margin:.2rem 0 .2rem .2rem;display:grid;grid-template-columns:max-content 1fr;gap:.15rem .8rem}
dt{color:#555;font-size:.9em}dd{margin:0;min-width:0}
.scroll-cue{display:none;color:#555;font-size:.9em}
.figures{display:flex;flex-wrap:wrap;gap:1rem;align-items:flex-start}
figure{margin:.5rem 0;flex:1 1 26rem;min-width:0;max-width:100%;break-inside:avoid;page-break-inside:avoid}
figure svg,.graph svg{max-width:100%;height:auto;display:block}
figcaption{font-size:.9em;color:#444;margin-bottom:.3rem}
.graph{overflow-x:auto;max-width:100%}
@media (max-width:40rem){
body{margin:1rem auto;padding:0 .6rem}
table.stack,table.stack tbody,table.stack tr,table.stack td{display:block;width:100%}
table.stack tr.head{display:none}table.stack tr{border:1px solid #ccc;margin:.5rem 0;padding:.2rem 0}
table.stack td{border:0;padding:.15rem .5rem}
table.stack td[data-label]::before{content:attr(data-label) ": ";font-weight:bold;color:#555}
.graph svg{max-width:none}.scroll-cue{display:block}
.graph{background:linear-gradient(to left,#f0f0f0,#fff 2.5rem) right/2.5rem 100% no-repeat;border-right:1px solid #ccc}
dl{grid-template-columns:1fr}dt{margin-top:.2rem}}
@media print{body{max-width:none;margin:0;font-size:11pt}a{color:inherit;text-decoration:none}
figure,figcaption,.graph,table.stack tr,#errata-and-failures li{break-inside:avoid;page-break-inside:avoid}
figcaption{break-after:avoid;page-break-after:avoid}h2,h3{break-after:avoid;page-break-after:avoid}
.wide,.m,.graph{overflow:visible}.scroll-cue{display:none}
details::details-content{content-visibility:visible;display:block}}"""


def render(report: Report) -> str:
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           '<meta name="viewport" content="width=device-width, initial-scale=1">',
           "<title>noteproof claims report</title>", f"<style>{STYLE}</style></head><body>",
           "<h1>noteproof claims report</h1>"]
    out += errata_and_failures(report)
    out += summary(report)
    out += graph(report.results)
    for section in report.sections:
        out += note_section(section)
    out += ["</body></html>"]
    return "\n".join(out) + "\n"


def _css(outcome: Outcome) -> str:
    return outcome.value.split()[0]


def _link(claim_id: str) -> str:
    return f'<a href="#{escape(claim_id)}"><code>{escape(claim_id)}</code></a>'


def summary(report: Report) -> list[str]:
    s = report.summary
    head = "".join(f"<th>{o.value}</th>" for o in Outcome)
    rows = "".join(f"<tr><td data-label=\"mark\">{m}</td><td data-label=\"claims\">{n}</td>"
                   + "".join(f'<td data-label="{o.value}">{s["by_mark_outcome"][m][o.value]}</td>' for o in Outcome)
                   + "</tr>" for m, n in s["by_mark"].items())
    toc = "".join(f'<li><a href="#note-{escape(x.key)}">{escape(x.title)}</a> ({len(x.results)} claims)</li>'
                  for x in report.sections)
    return ['<h2 id="summary">Summary</h2>',
            f"<p>{s['claims']} claims: {s['verified']} verified, {s['partly_verified']} partly verified, "
            f"{s['failed']} failed, {s['errors']} errors, "
            f"{s['unverified']} unverified; {s['unencoded_rows']} rows not encoded"
            + (f"; {s['decision_errors']} decision error{'s' if s['decision_errors'] != 1 else ''} (a value that "
               "reverses the note's conclusion)"
               if s["decision_errors"] else "") + f". Numbers at {report.dps} "
            f"digits, confirmed at {report.dps + CONFIRM}.</p>",
            stacked(f"<th>mark</th><th>claims</th>{head}", rows), f"<ul>{toc}</ul>"]


def errata_and_failures(report: Report) -> list[str]:
    """First on the page: the note's errata, each once (what the note says, the finding, the
    suggested wording), then the claims that are not verified and carry no erratum, the status
    rows no claim encodes and the math spans nothing accounts for, each linked."""
    with_erratum = {e.claim for e in report.errata}
    errata = [_erratum_item(e) for e in report.errata]
    others = [f'<li><span class="{_css(r.outcome)}">{escape(r.outcome.value)}</span> {_link(r.id)} '
              f"({escape(mark(r).value)}): {text_html(r.row)}<br>"
              f'<span class="note">{text_html("; ".join(r.messages[:2]) or "see the claim")}</span></li>'
              for r in report.results if r.outcome is not Outcome.VERIFIED and r.id not in with_erratum]
    for section in report.sections:
        others += [f'<li><span class="failed">row not encoded</span> '
                   f'<a href="#note-{escape(section.key)}"><code>{escape(str(row.location))}</code></a>: '
                   f"{text_html(row.text)}</li>" for row in section.unencoded]
        others += [f'<li><span class="failed">math not accounted for</span> '
                   f'<a href="#math-{escape(section.key)}"><code>{escape(str(m.location))}</code></a>: '
                   f"{_math_html(m)}</li>" for m in section.unaccounted_math]
        others += [f'<li><span class="failed">sentence not accounted for</span> '
                   f'<a href="#prose-{escape(section.key)}"><code>{escape(str(p.location))}</code></a>: '
                   f"{text_html(p.text)}</li>" for p in section.unaccounted_prose]
        others += [f'<li><span class="unverified">number checked by nothing</span> '
                   f'<a href="#numbers-{escape(section.key)}"><code>{escape(str(n.location))}</code></a>: '
                   f"{escape(n.token.text)}</li>" for n in section.unaccounted_numbers]
    s = report.summary
    counts = (f"{len(report.errata)} errata, {s['failed']} failed, {s['errors']} errors, "
              f"{s['partly_verified']} partly verified, {s['unverified']} unverified, "
              f"{s['unencoded_rows']} rows not encoded, {s['unaccounted_math']} math spans not accounted for, "
              f"{s['unaccounted_prose']} sentences not accounted for")
    if not errata and not others:
        return ['<section id="errata-and-failures" class="clean"><h2>Errata and failures</h2>',
                f"<p>None: {counts}.</p></section>"]
    out = ['<section id="errata-and-failures"><h2>Errata and failures</h2>', f"<p>{counts}.</p>"]
    if errata:
        out += ["<h3>Errata: where the notes are wrong</h3>", '<ol id="errata">', *errata, "</ol>"]
    if others:
        out += ["<h3>Other claims not verified</h3>" if errata else "", '<ul id="failures">', *others, "</ul>"]
    return out + ["</section>"]


def _erratum_item(e) -> str:
    """One erratum: its kind and place, the note's words, the finding, the corrected wording."""
    return (f'<li class="erratum"><span class="kind">{escape(e.kind.value)}</span> {_link(e.claim)} at '
            f"<code>{escape(str(e.location))}</code><dl><dt>the note says</dt><dd>“{text_html(e.says)}”</dd>"
            f"<dt>finding</dt><dd>{text_html(e.finding)}</dd><dt>suggestion</dt><dd>{text_html(e.suggestion)}</dd>"
            f"<dt>rerun</dt><dd><code>{escape(e.command)}</code></dd></dl></li>")


def graph(results: tuple[ClaimResult, ...]) -> list[str]:
    """The `uses` graph drawn as a layered SVG, each node coloured by outcome and linked."""
    svg = dependency_graph(results)
    if not svg:
        return []
    return ['<h2 id="dependencies">Dependencies</h2>',
            "<p>An arrow runs from a claim to a claim that uses it; a claim is reported no stronger "
            "than its weakest link. Each box links to its claim.</p>",
            '<p class="scroll-cue">The graph is wider than the screen: scroll it sideways \u2192</p>',
            f'<div class="graph">{svg}</div>']


def _badge(r: ClaimResult) -> str:
    weak = f' <span class="weak">(tag: {tag_mark(r).value})</span>' if mark(r) is not tag_mark(r) else ""
    return f'{_link(r.id)} {mark(r).value}{weak}, <span class="{_css(r.outcome)}">{r.outcome.value}</span>'


def note_section(section: NoteSection) -> list[str]:
    out = [f'<h2 id="note-{escape(section.key)}">{escape(section.title)}</h2>',
           f"<p><code>{escape(section.path)}</code></p>",
           '<div class="wide"><table class="stack"><tr class="head"><th>claim</th><th>tag</th><th>mark</th>'
           "<th>outcome</th></tr>"]
    out += [f'<tr><td data-label="claim">{_link(r.id)}<br>{text_html(r.row)}</td>'
            f'<td data-label="tag">{text_html(r.tag)}</td><td data-label="mark">{mark(r).value}</td>'
            f'<td data-label="outcome" class="{_css(r.outcome)}">{r.outcome.value}</td></tr>' for r in section.results]
    out += [f'<tr><td data-label="row">{text_html(r.text)}</td><td data-label="tag">{text_html(r.tag)}</td><td></td>'
            f'<td data-label="outcome" class="failed">not encoded ({escape(str(r.location))})</td></tr>'
            for r in section.unencoded]
    out += ["</table></div>"]
    if section.registered and section.wrong_steps:
        from ..run.steps import wrong_step
        out += [f'<p class="failed" id="steps-{escape(section.key)}">Worked steps that no quote reads and that do '
                "not hold as printed:</p><ul>"]
        out += [f"<li>{text_html(wrong_step(c))}</li>" for c in section.wrong_steps] + ["</ul>"]
    if section.unaccounted_math:
        out += [f'<p class="failed" id="math-{escape(section.key)}">Math that no formula, claim or declaration '
                "accounts for:</p><ul>"]
        out += [f"<li><code>{escape(str(m.location))}</code>: {_math_html(m)}"
                + ("" if m.plain else f' <code class="tex">{escape(m.printed)}</code>') + "</li>"
                for m in section.unaccounted_math] + ["</ul>"]
    if section.unaccounted_prose:
        out += [f'<p class="failed" id="prose-{escape(section.key)}">Sentences that no claim states and '
                "claims.yaml's <code>prose:</code> does not list:</p><ul>"]
        out += [f"<li><code>{escape(str(p.location))}</code>: {text_html(p.text)}"
                + (f" ({text_html(p.change)})" if p.change else "") + "</li>" for p in section.unaccounted_prose]
        out += ["</ul>"]
    if section.unaccounted_numbers:
        out += [f'<p class="unverified" id="numbers-{escape(section.key)}">Numbers that nothing checks:</p><ul>']
        out += [f"<li><code>{escape(str(n.location))}</code>: {escape(n.token.text)}</li>"
                for n in section.unaccounted_numbers] + ["</ul>"]
    for r in section.results:
        out += claim_section(r)
    return out


def claim_section(r: ClaimResult) -> list[str]:
    out = [f'<section class="claim" id="{escape(r.id)}"><h3><code>{escape(r.id)}</code></h3>',
           f"<blockquote>{text_html(r.row)}<br><em>{text_html(r.tag)}</em></blockquote>",
           f'<p>Mark: {_badge(r)}' + (f" at <code>{escape(str(r.location))}</code>" if r.location else "") + "</p>"]
    if r.uses:
        out.append("<p>Uses: " + ", ".join(_link(u) for u in r.uses) + "</p>")
    if r.messages:
        out.append("<ul>" + "".join(f"<li>{text_html(m)}</li>" for m in r.messages) + "</ul>")
    out += [f'<div class="erratum"><p><span class="kind">erratum, {escape(e.kind.value)}</span> at '
            f"<code>{escape(str(e.location))}</code>: {text_html(e.finding)}</p>"
            f"<p>Suggested: {text_html(e.suggestion)}</p></div>" for e in r.errata]
    out += _evidence(r) + _formulas(r) + _numbers(r) + _steps(r)
    if r.figures:
        out += ['<div class="figures">', *(_figure(f) for f in r.figures), "</div>"]
    return out + ["</section>"]


_RECOMPUTED = re.compile(r"^(\S+) recomputed as (\S+)$")


def evidence_rows(r: ClaimResult) -> tuple[list, int]:
    """The evidence worth a row: each statement once, and no "x recomputed as y" the numbers
    table already shows; with the count of rows left to that table."""
    quoted = {(n.quoted, n.computed) for n in r.numbers}
    seen, rows, folded = set(), [], 0
    for e in r.evidence:
        m = _RECOMPUTED.match(e.statement)
        if m and (m[1], m[2]) in quoted and e.holds and not e.notice:
            folded += 1
            continue
        key = (e.kind, e.reach, e.statement, e.holds, e.notice, e.supports)
        if key in seen:
            continue
        seen.add(key)
        rows.append(e)
    return rows, folded


def _evidence(r: ClaimResult) -> list[str]:
    if not r.evidence:
        return []
    shown, folded = evidence_rows(r)
    rows = "".join(f'<tr><td data-label="evidence">{e.kind.value}{" (" + e.supports.value + ")" if e.supports else ""}</td>'
                   f'<td data-label="reach">{e.reach.value}</td><td data-label="statement">{text_html(e.statement)}'
                   f"{'<br><em>' + text_html(e.notice) + '</em>' if e.notice else ''}</td>"
                   f'<td data-label="result" class="{"verified" if e.holds else "failed"}">'
                   f'{"holds" if e.holds else "fails"}</td></tr>' for e in shown)
    out = [f"<p>Scope of the statement: {r.scope.value}.</p>"]
    if rows:
        out.append(stacked("<th>evidence</th><th>reach</th><th>statement</th><th>result</th>", rows))
    if folded:
        out.append(f'<p class="note">{folded} numeric check{"s" if folded > 1 else ""} (a quoted number recomputed) '
                   "in the numbers table below.</p>")
    return out


def _math_html(m) -> str:
    """An unaccounted span as the note prints it: LaTeX typeset, a plain-text formula as text."""
    return text_html(m.printed)


def _math_cell(mathml: str) -> str:
    return f'<div class="m">{mathml}</div>' if mathml else ""


def _printed(f) -> str:
    """The formula typeset, its source a click away (the source alone where it cannot be set)."""
    if not f.printed_mathml:
        return f'<code class="tex">{escape(f.latex)}</code>'
    return (f'{_math_cell(f.printed_mathml)}<details><summary class="note">source</summary>'
            f'<code class="tex">{escape(f.latex)}</code></details>')


def stacked(heads: str, rows: str) -> str:
    """A table that stacks into labelled cards on a phone and scrolls in its box when wide."""
    return f'<div class="wide"><table class="stack"><tr class="head">{heads}</tr>{rows}</table></div>'


def _formulas(r: ClaimResult) -> list[str]:
    if not r.formulas:
        return []
    rows = "".join(f'<tr><td data-label="as printed">{_printed(f)}</td>'
                   f'<td data-label="derived">{_math_cell(f.mathml) or escape(plain_math(f.derived))}</td>'
                   f'<td data-label="outcome" class="{_css(f.outcome)}">{f.outcome.value}'
                   f'{": " + text_html(f.message) if f.message else ""}</td></tr>' for f in r.formulas)
    return [stacked("<th>formula as printed</th><th>derived</th><th>outcome</th>", rows)]


def _numbers(r: ClaimResult) -> list[str]:
    if not r.numbers:
        return []
    rows = "".join(f'<tr><td data-label="quoted">{escape(n.quoted)}</td><td data-label="computed"><code>'
                   f'{escape(n.computed)}</code></td><td data-label="digits">{n.dps or "64-bit"}</td>'
                   f'<td data-label="outcome" class="{_css(n.outcome)}">{n.outcome.value}'
                   f'{" (" + text_html(decision_text(n)) + ")" if decision_error(n) else ""}</td>'
                   f'<td data-label="where"><code>{escape(str(n.location or "?"))}</code></td></tr>' for n in r.numbers)
    return [stacked("<th>quoted</th><th>computed</th><th>digits</th><th>outcome</th><th>where</th>", rows)]


def _steps(r: ClaimResult) -> list[str]:
    if not r.steps:
        return []
    items = "".join(f"<li>{text_html(s.text)}"
                    + (_math_cell(s.mathml) or ("<br>" + escape(plain_math(str(s.expr))) if s.expr else ""))
                    + "</li>" for s in r.steps)
    return [f"<details><summary>derivation, step by step</summary><ol>{items}</ol></details>"]


def _figure(f) -> str:
    notes = [s for s in f.series if s.message]
    why = "".join(f"<br>{escape(s.label)}: {escape(s.message)}" for s in notes)
    if f.message or not any(s.points for s in f.series):
        return f"<p>Figure {escape(f.title)} could not be drawn. {escape(f.message)}{why}</p>"
    return f"<figure><figcaption><strong>{escape(f.title)}</strong>{why}</figcaption>{plot(f)}</figure>"
