"""The three renderers on a made-up Report: self-contained HTML with MathML and SVG, the
Markdown's Mermaid graph, JSON fields, determinism; the SVG plotter on its own."""
import json
import re
import xml.etree.ElementTree as ET

import pytest
import sympy

from noteproof.model import (
    ClaimResult,
    Evidence,
    EvidenceKind,
    FigureResult,
    FormulaResult,
    Location,
    Mark,
    NumberResult,
    Outcome,
    Series,
    Step,
)
from noteproof.report import html, markdown
from noteproof.report import json as json_render
from noteproof.report.report import NoteSection, Report
from noteproof.report.svg import plot
from noteproof.run.extras import loglog_slope, to_mathml
from noteproof.run.graph import propagate
from tests.helpers import ROOT, copy_project, edit

beta = sympy.Symbol("beta", positive=True)
ORDER = FigureResult("Euler and RK4: error against steps", "steps", "error at t = 1", "xy", (
    Series("Euler (slope -1.00)", (("2", "0.1"), ("4", "0.05"), ("8", "0.025"))),
    Series("RK4 (slope -4.00)", (("2", "1e-3"), ("4", "6.25e-5"), ("8", "3.90625e-6"))),
))
DIGITS = FigureResult("Finite-difference digits", "k", "correct digits", "", (
    Series("64-bit", tuple((str(k), str(min(k, 16 - k))) for k in range(1, 13))),))


def results():
    response = ClaimResult(
        "w09.response", "week09", "Response $1/(1-\\beta )$ <at> the origin", "[Exact.]", (Mark.EXACT,),
        Outcome.VERIFIED,
        evidence=(Evidence(EvidenceKind.IDENTITY, "slope at 0 is 1/(1-beta)", True),),
        numbers=(NumberResult("0.000977", "0.0009765625", 50, Outcome.VERIFIED, Location("notes/week09.txt", 3)),),
        formulas=(FormulaResult("\\frac{1}{1-\\beta }", Outcome.VERIFIED, Location("notes/week09.txt", 2),
                                derived="1/(1 - beta)", mathml=to_mathml(1 / (1 - beta))),),
        steps=(Step("solve", "1/(1 - beta)", to_mathml(sympy.Eq(sympy.Symbol("y"), 1 / (1 - beta)))),),
        figures=(ORDER, DIGITS), uses=("w09.bound",))
    bound = ClaimResult("w09.bound", "week09", "Euler bound", "[Controlled approximation]", (Mark.APPROXIMATE,),
                        Outcome.VERIFIED)
    broken = ClaimResult("w10.b", "week10", "uses a failure", "[Exact]", (Mark.EXACT,), Outcome.VERIFIED,
                         uses=("w10.a",))
    failed = ClaimResult("w10.a", "week10", "fails", "[Exact]", (Mark.EXACT,), Outcome.FAILED,
                         messages=("does not hold: x",))
    return propagate([response, bound, broken, failed])


@pytest.fixture
def report():
    rs = results()
    return Report("0.1.0", 50, (NoteSection("week09", "Week 9", "notes/week09.txt", tuple(rs[:2]), ()),
                                NoteSection("week10", "Week 10", "notes/week10.txt", tuple(rs[2:]), ())))


def test_html_is_one_self_contained_file_with_mathml_and_svg(report):
    page = html.render(report)
    assert page.startswith("<!DOCTYPE html>") and page.rstrip().endswith("</html>")
    external = re.findall(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", page, re.I)
    assert not external
    assert not re.search(r"<script|<link|@import|url\(", page, re.I)
    assert page.count("<math") >= 2 and page.count("<svg") == 3          # two figures and the dependency graph
    assert "&lt;at&gt;" in page                      # note text is escaped, never markup
    assert page.index("Week 9") < page.index("Week 10")


def test_html_summary_counts_by_mark_and_outcome(report):
    page = html.render(report)
    summary = page[:page.index("Dependencies")]
    assert "<th>mark</th><th>claims</th><th>verified</th><th>partly verified</th><th>failed</th>" in summary
    assert ('<tr><td data-label="mark">approximate</td><td data-label="claims">2</td>'
            '<td data-label="verified">2</td><td data-label="partly verified">0</td>') in summary  # w09.response weakened


def test_weakest_link_shows_in_every_format(report):
    doc = json.loads(json_render.render(report))
    by_id = {c["id"]: c for c in doc["claims"]}
    assert by_id["w09.response"]["mark"] == "approximate" and by_id["w09.response"]["tag_mark"] == "exact"
    assert by_id["w10.b"]["outcome"] == "failed" and "upstream w10.a failed" in by_id["w10.b"]["messages"]
    assert {"from": "w09.bound", "to": "w09.response"} in doc["uses"]
    md = markdown.render(report)
    block = md[md.index("```mermaid"):md.index("```", md.index("```mermaid") + 3)]
    assert "flowchart LR" in block and "-->" in block and "class " in block
    assert "(tag: exact)" in html.render(report)


def test_json_keeps_the_design_fields(report):
    doc = json.loads(json_render.render(report))
    assert {"claims", "verified", "failed", "errors", "by_mark"} <= doc["summary"].keys()
    claim = doc["claims"][0]
    assert {"id", "note", "row", "tag", "mark", "outcome", "evidence", "numbers", "formulas", "uses"} <= claim.keys()
    assert claim["figures"][0]["series"][0]["points"][0] == ["2", "0.1"]


def test_renderers_are_deterministic(report):
    for render in (html.render, markdown.render, json_render.render):
        assert render(report) == render(report)


def test_svg_is_well_formed_with_lines_ticks_and_legend():
    svg = plot(ORDER)
    root = ET.fromstring(svg)
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}polyline")) == 2
    texts = "".join(t.text or "" for t in root.iter(f"{ns}text"))
    # labels in the note's notation: a minus sign, not a hyphen
    assert "Euler (slope \u22121.00)" in texts and "RK4 (slope \u22124.00)" in texts and "(log scale)" in texts
    assert plot(ORDER) == svg


def test_svg_skips_non_positive_points_on_log_axes_and_handles_flat_data():
    fig = FigureResult("t", "x", "y", "xy", (Series("s", (("1", "0"), ("2", "1"), ("3", "nan"))),))
    ET.fromstring(plot(fig))
    flat = FigureResult("flat", "x", "y", "", (Series("s", (("1", "5"), ("2", "5"))),))
    ET.fromstring(plot(flat))


@pytest.mark.parametrize("points, slope", [
    ((("1", "1"), ("10", "0.1"), ("100", "0.01")), -1.0),
    ((("2", "1e-3"), ("4", "6.25e-5")), -4.0),
    ((("1", "1"),), None),
])
def test_loglog_slope(points, slope):
    got = loglog_slope(points)
    assert got == pytest.approx(slope) if slope is not None else got is None


# ---- figures from claims.yaml, on a copy of the real project ----------------------------

FIGURE = '''    figures:
      - title: "test figure: correct digits against the step 1/10^k"
        vary: k
        values: ["1", "2", "4", "8", "12"]
        x: "k"
        y: "correct digits"
        series:
          - {numeric: c12.d07.fd-digits, label: "finite difference"}
          - {numeric: c12.d07.fd-digits, label: "at theta = 1", set: {theta: "1"}}
          - {numeric: c12.d07.forward-value, label: "takes no k"}
'''
BUILD = """
import hashlib, sys
from pathlib import Path
from noteproof.sources.project import load_project
from noteproof.run.pool import run_all
from noteproof.report.report import build_report
from noteproof.cli.terminal import render_all
p = load_project(Path(sys.argv[1]))
claims = [c for c in p.registry.claims if c.id.startswith("w09.fixed-point")
          or any(f.title.startswith("test figure") for f in c.figures)]
report = build_report(p, run_all(p, claims, 50, 2), 50)
for name, text in sorted(render_all(report).items()):
    Path(sys.argv[2], name).write_text(text, encoding="utf-8")
"""


def with_figure(folder):
    """A copy of the project whose first claim using c12.d07.fd-digits draws a figure."""
    project = copy_project(folder)
    path = project / "claims.yaml"
    lines = path.read_text(encoding="utf-8").split("\n")
    at = next(i for i, l in enumerate(lines) if "numeric: c12.d07.fd-digits" in l)
    while lines[at].strip():
        at += 1
    lines[at:at] = FIGURE.rstrip("\n").split("\n")
    path.write_text("\n".join(lines), encoding="utf-8")
    return project


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    """The report of a few claims (one with a figure) built twice, in two processes."""
    import subprocess
    import sys
    folder = tmp_path_factory.mktemp("figures")
    project = with_figure(folder / "project")
    outs = []
    for seed in ("1", "2"):
        out = folder / f"out{seed}"
        out.mkdir()
        subprocess.run([sys.executable, "-c", BUILD, str(project), str(out)], check=True, timeout=600,
                       env={**__import__("os").environ, "PYTHONHASHSEED": seed})
        outs.append(out)
    return outs


def test_registry_reads_figures(tmp_path):
    from noteproof.sources.project import load_project
    project = load_project(with_figure(tmp_path / "p"))
    [fig] = [f for c in project.registry.claims for f in c.figures if f.title.startswith("test figure")]
    assert fig.vary == "k" and fig.values == ("1", "2", "4", "8", "12") and fig.log == ""
    assert fig.series[1].set == (("theta", "1"),)


@pytest.mark.parametrize("old, new, words", [
    ('vary: k', 'vary: "k; rm"', "parameter name"),
    ('values: ["1", "2", "4", "8", "12"]', 'values: ["1", "2**10"]', "decimals or fractions"),
    ('values: ["1", "2", "4", "8", "12"]', 'values: ["1"]', "at least two"),
    ('x: "k"', 'log: "z"', "'log' must be"),
    ('set: {theta: "1"}', 'set: {theta: 1}', "'set' must map"),
    ('y: "correct digits"', 'colour: red', "unknown field 'colour'"),
])
def test_bad_figures_are_located_registry_errors(tmp_path, old, new, words):
    from noteproof.errors import RegistryError
    from noteproof.sources.project import load_project
    project = with_figure(tmp_path / "p")
    edit(project / "claims.yaml", old, new)
    with pytest.raises(RegistryError, match=re.escape(words)) as info:
        load_project(project)
    assert info.value.location.line > 0


@pytest.mark.slow
def test_figures_are_computed_and_drawn_in_a_self_contained_page(built):
    page = (built[0] / "claims.html").read_text(encoding="utf-8")
    assert not re.findall(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", page, re.I)
    assert "<math" in page and page.count("<svg") == 1
    assert '<tr><td data-label="as printed"><div class="m"><math' in page   # the note's formula typeset, beside the derived one
    doc = json.loads((built[0] / "claims.json").read_text(encoding="utf-8"))
    [fig] = [f for c in doc["claims"] for f in c["figures"]]
    plain, shifted, wrong = fig["series"]
    assert [p[0] for p in plain["points"]] == ["1", "2", "4", "8", "12"]
    assert float(plain["points"][0][1]) < float(max(p[1] for p in plain["points"]))   # digits rise, then fall
    assert plain["points"] != shifted["points"]                                      # `set` reached the numeric
    assert not wrong["points"] and "takes no parameter 'k'" in wrong["message"]
    assert "takes no parameter" in page


def test_reports_are_byte_identical_across_processes(built):
    for name in ("claims.html", "claims.md", "claims.json"):
        assert (built[0] / name).read_bytes() == (built[1] / name).read_bytes(), name


def test_every_figure_of_the_registry_draws():
    """The figures claims.yaml asks for: each series computed at each value, and plotted."""
    from noteproof.run.extras import figure
    from noteproof.sources.project import load_project
    project = load_project(ROOT)
    specs = [(c, f) for c in project.registry.claims for f in c.figures]
    assert specs
    for claim, spec in specs:
        fig = figure(project, claim, spec, 30)
        assert all(len(s.points) == len(spec.values) and not s.message for s in fig.series), (claim.id, fig)
        ET.fromstring(plot(fig))


# ---- the page a mathematician reads: typeset rows, the notes' symbols, errata first, the graph

from noteproof.formula.typeset import inverse_table, latex_mathml, sympy_mathml, text_html  # noqa: E402


def test_rows_and_tags_are_typeset_and_unreadable_math_stays_text():
    out = text_html("Bound $|a_i-{\\tilde{a}}_i|\\le {\\beta }^{i}$ for $x \\pm y$ <b>")
    assert out.count("<math") == 1 and '<mover accent="true"><mi>a</mi><mo>\u02dc</mo></mover>' in out
    assert "<mo>\u2264</mo>" in out and "<mo>\u2212</mo>" in out
    assert '<code class="tex">$x \\pm y$</code>' in out and "&lt;b&gt;" in out


def test_latex_is_typeset_as_printed():
    m = latex_mathml("\\frac{\\partial a_m}{\\partial a_0}=\\prod _{k=0}^{m-1}\\beta (1-a_{k+1}^2)")
    assert "<mi>\u2202</mi>" in m and "<mo>\u220f</mo>" in m and "<munderover>" in m and "\u2146" not in m
    assert "<mi mathvariant=\"normal\">\u0394</mi><mi>s</mi>" in latex_mathml("C\\Delta s^2").replace("<msup>", "")
    assert "<mn>2</mn>" in latex_mathml("2^{-10}\\simeq 0.000977") and "\u2243" in latex_mathml("2^{-10}\\simeq 1")


def test_derived_forms_use_the_notes_notation():
    a_star, u, beta, k, m = (sympy.Symbol(n) for n in ("a_star", "u", "beta", "k", "m"))
    table = inverse_table({"a_{\\ast }": "a_star", "\\Delta s": "ds", "p_{n+1/2}": "p_half"})
    d = sympy_mathml(sympy.Derivative(sympy.Function("a_star")(u), u), table)
    assert "<mi>d</mi>" in d and "a_star" not in d and "\u2217" in d and "&dd;" not in d
    assert "a_star" not in sympy_mathml(sympy.Function("a_star")(u), table)
    p = sympy_mathml(sympy.Product(beta * (1 - sympy.Indexed(sympy.IndexedBase("a"), k + 1) ** 2), (k, 0, m - 1)))
    assert "\u220f" in p and "product" not in p and "<msubsup><mi>a</mi>" in p
    names = sympy_mathml(sympy.Symbol("a_tilde_i") + sympy.Symbol("q_dot") - sympy.Symbol("ds") * sympy.Symbol("p_half"),
                         table)
    assert '<mover accent="true"><mi>a</mi><mo>\u02dc</mo></mover>' in names and "\u02d9" in names
    assert "\u0394" in names and "<mi>ds</mi>" not in names and "half" not in names and "<mo>-</mo>" not in names
    assert "<mo>\u2212</mo>" in sympy_mathml(1 - beta) and "\u2202" in sympy_mathml(
        sympy.Derivative(sympy.Function("f")(u), u), partial=True)


def test_errata_and_failures_come_first_with_links(report):
    page = html.render(report)
    block = page.index('id="errata-and-failures"')
    assert block < page.index('id="summary"') < page.index('id="dependencies"')
    first = page[block:page.index("</section>", block)]
    assert 'href="#w10.a"' in first and 'href="#w10.b"' in first and "does not hold: x" in first


def test_dependency_graph_is_an_svg_with_linked_nodes_coloured_by_outcome(report):
    page = html.render(report)
    graph = page[page.index('<div class="graph">'):]
    graph = graph[:graph.index("</svg>") + 6]
    ET.fromstring(graph[graph.index("<svg"):])
    assert '<a href="#w10.a">' in graph and '<a href="#w09.bound">' in graph and 'class="edge"' in graph
    assert "#a31515" in graph and "#17692a" in graph


def test_evidence_repeating_the_numbers_table_is_shown_once():
    r = ClaimResult("c.x", "n", "row", "Illustration", (Mark.EXACT,), Outcome.VERIFIED,
                    evidence=(Evidence(EvidenceKind.NUMERIC, "0.5 recomputed as 0.5", True),
                              Evidence(EvidenceKind.IDENTITY, "det M = 1", True),
                              Evidence(EvidenceKind.IDENTITY, "det M = 1", True)),
                    numbers=(NumberResult("0.5", "0.5", 50, Outcome.VERIFIED, None),))
    rows, folded = html.evidence_rows(r)
    assert [e.statement for e in rows] == ["det M = 1"] and folded == 1
    page = "\n".join(html.claim_section(r))
    assert "recomputed as" not in page and "1 numeric check" in page


def test_page_stacks_on_a_phone_and_keeps_figures_with_captions_in_print(report):
    page = html.render(report)
    assert "@media (max-width:40rem)" in page and 'class="stack"' in page and 'data-label="outcome"' in page
    printed = page[page.index("@media print"):]
    assert "figure" in printed and "break-inside:avoid" in printed


def test_series_differ_by_dash_and_marker_not_only_colour():
    fig = FigureResult("three", "x", "y", "", tuple(Series(f"s{i}", (("1", "1"), ("2", str(i + 2)))) for i in range(3)))
    svg = plot(fig)
    assert svg.count("stroke-dasharray") >= 4 and "<rect x=" in svg and "<path d=" in svg


def test_a_decision_error_is_counted_and_shown_apart_from_a_wrong_digit():
    """A failing number marked a decision error (run.decision): its row in every format says so,
    claims.json carries ``decision`` and ``summary.decision_errors``; a wrong digit does not."""
    sentence = ("decision error: the note concludes 'the iteration does not settle'; the value 0.8 says not "
                "(0.8 is not > 1)")
    numbers = (NumberResult("1.2", "0.8", 50, Outcome.FAILED, Location("notes/chapter12.txt", 83), "c12.d02.m",
                            f"computed 0.8, outside what '1.2' allows; {sentence}", decision=True),
               NumberResult("44.6", "44.58", 50, Outcome.FAILED, Location("notes/chapter12.txt", 84), "c12.d02.d",
                            "computed 44.58, outside what '44.6' allows"))
    r = ClaimResult("c12.d02.x", "chapter12", "settles", "Illustration", (Mark.EXACT,), Outcome.FAILED,
                    numbers=numbers, messages=("number '1.2': " + numbers[0].message,))
    rep = Report("0.1.0", 50, (NoteSection("chapter12", "Chapter 12", "notes/chapter12.txt", (r,), ()),))
    assert rep.summary["decision_errors"] == 1
    doc = json.loads(json_render.render(rep))
    assert doc["summary"]["decision_errors"] == 1
    assert [n["decision"] for n in doc["claims"][0]["numbers"]] == [True, False]
    md = markdown.render(rep)
    assert f"| 1.2 | 0.8 | 50 | failed ({sentence}) |" in md and "1 decision error (a value" in md
    assert "| 44.6 | 44.58 | 50 | failed |" in md
    page = html.render(rep)
    assert "failed (decision error: the note concludes" in page and "1 decision error (a value" in page


def test_a_report_with_no_decision_error_says_nothing_of_them(report):
    assert report.summary["decision_errors"] == 0
    assert "decision error" not in markdown.render(report) and "decision error" not in html.render(report)


# ---- issue 24: claims.json keeps the plain text and gives LaTeX beside it; claims.md sets derived forms --

def _latex_report():
    from noteproof.formula.texform import form_latex
    from noteproof.model import Erratum, ErratumKind
    a_star, b = sympy.symbols("a_star beta")
    slope = (1 - a_star**2) / (a_star**2 * b - b + 1)
    err = Erratum(ErratumKind.MISSING_CONDITION, "the slope", "at beta = 1 the branch is a* ~ (3u)^(1/3): "
                  "u = a_star**3/3 + ...", "the formula needs 1 - beta(1 - a*^2) != 0", claim="w09.slope",
                  location=Location("notes/week09.txt", 78))
    r = ClaimResult("w09.slope", "week09", "slope", "[Exact.]", (Mark.EXACT,), Outcome.FAILED,
                    evidence=(Evidence(EvidenceKind.IDENTITY, "implicit differentiation of a* - tanh(beta a* + u)"
                                       " = 0 gives a_star**2 != 1", True),),
                    numbers=(NumberResult("0", "0", 50, Outcome.VERIFIED, None, "w09.n", "at beta = 1/2, a* = 0"),),
                    formulas=(FormulaResult("\\frac{1-a_{\\ast }^2}{1-\\beta (1-a_{\\ast }^2)}", Outcome.VERIFIED,
                                            None, derived=str(slope), derived_latex=form_latex(slope)),
                              FormulaResult("a_{\\ast }", Outcome.ERROR, None, derived="a_star**2*beta",
                                            message="wrong: derives a_star**2, the note prints a*")),
                    errata=(err,))
    return Report("0.1.0", 50, (NoteSection("week09", "Week 9", "notes/week09.txt", (r,), ()),))


def _strings(doc, key=""):
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _strings(v, k)
    elif isinstance(doc, list):
        for v in doc:
            yield from _strings(v, key)
    elif isinstance(doc, str):
        yield key, doc


def test_json_gives_latex_beside_every_plain_mathematical_field():
    doc = json.loads(json_render.render(_latex_report()))
    claim = doc["claims"][0]
    derived, fallback = claim["formulas"]
    assert derived["derived"] == "(1 - a_star**2)/(a_star**2*beta - beta + 1)"           # the plain text kept
    assert derived["derived_latex"] == "\\frac{1 - a_{\\ast}^{2}}{a_{\\ast}^{2} \\beta - \\beta + 1}"
    assert fallback["derived_latex"] and fallback["message_latex"].startswith("wrong: derives $a_{\\ast}^{2}$")
    assert claim["evidence"][0]["statement_latex"].endswith("gives $a_{\\ast}^{2} \\ne 1$")
    assert claim["numbers"][0]["message_latex"] == "at $\\beta = 1/2$, $a_{\\ast} = 0$"
    [e] = doc["errata"]
    assert e["finding"].startswith("at beta = 1") and "$\\beta = 1$" in e["finding_latex"]
    assert e["suggestion_latex"] == "the formula needs $1 - \\beta (1 - a_{\\ast}^{2}) \\ne 0$"
    latex = [(k, v) for k, v in _strings(doc) if k.endswith("_latex")]
    assert len(latex) >= 8
    for key, value in latex:
        assert "**" not in value and "a_{star}" not in value and "a_star" not in value and "!=" not in value, key
    assert json_render.render(_latex_report()) == json_render.render(_latex_report())


def test_markdown_sets_derived_forms_in_latex():
    md = markdown.render(_latex_report())
    assert "| $\\frac{1 - a_{\\ast}^{2}}{a_{\\ast}^{2} \\beta - \\beta + 1}$ | verified |" in md
    table = md[md.index("| formula as printed |"):].split("\n\n")[0]
    assert "| $a_{\\ast}^{2}\\cdot \\beta$ | error: wrong: derives a*², the note prints a* |" in table
    assert "a_star" not in table and "**" not in table
