"""A notebook executed as a reader runs it (nbclient, an IPython kernel): the rich output Jupyter
shows for a claim, a check at the user's values, a derivation and the report. Skipped when the
``[notebook]`` extra (nbformat, nbclient, ipykernel) is not installed."""
import re

import pytest

from tests.helpers import ROOT, make_project

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")

CELLS = [
    "import noteproof\nc = noteproof.claim('w09.fixed-point-response', root={root!r})\nc",
    "c.check(beta='0.7')",
    "c.derivation()",
    "noteproof.report(root={mini!r}, cache=False)",
]


@pytest.fixture(scope="module")
def outputs(tmp_path_factory):
    """Each cell's rich output (mimetype -> data), the notebook run in a kernel of this Python."""
    mini = make_project(tmp_path_factory.mktemp("nb") / "mini")
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c.format(root=str(ROOT), mini=str(mini))) for c in CELLS]
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(ROOT)}})
    client.execute()
    out = []
    for cell in nb.cells:
        [result] = [o for o in cell.outputs if o.output_type == "execute_result"]
        out.append(result.data)
    return out


def test_a_claim_shows_its_row_typeset_and_a_short_text(outputs):
    data = outputs[0]
    assert len(data["text/plain"]) < 200 and data["text/plain"].startswith("<Claim w09.fixed-point-response")
    assert "<math" in data["text/html"] and len(data["text/html"]) < 20_000


def test_a_check_shows_the_typeset_evidence_and_the_closed_forms_in_the_notes_notation(outputs):
    data = outputs[1]
    assert data["text/plain"] == "<Result w09.fixed-point-response: verified at beta=0.7>"
    html = data["text/html"]
    assert '<table class="stack">' in html and "<pre>" not in html and len(html) < 50_000
    assert "a*" in html and "a_star" not in html and "**" not in html


def test_a_derivation_shows_latex_in_the_notes_names(outputs):
    latex = outputs[2]["text/latex"]
    assert re.search(r"a\}?_\{\\ast", latex) and "a_{star}" not in latex and "a_star" not in latex
    assert "**" not in latex and "\\beta" in latex


def test_the_report_shows_its_summary_and_errata_short(outputs):
    data = outputs[3]
    assert re.match(r"<Report 2 claims: ", data["text/plain"]) and len(data["text/plain"]) < 200
    assert 'id="summary"' in data["text/html"] and len(data["text/html"]) < 20_000
