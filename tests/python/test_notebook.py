"""The example notebook python/examples/reducelab_tour.ipynb runs headlessly (issue #38, "Must
show"): nbclient executes it in a Jupyter kernel of this interpreter that imports the build
tree's package, and every cell runs without error and draws its figures (saved as PNG files
into $REDUCELAB_NOTEBOOK_FIGURES when it is set, to be looked at). The notebook is committed
without outputs."""
import base64
import json
import os
import pathlib
import struct
import sys

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")
pytest.importorskip("ipykernel")
pytest.importorskip("matplotlib")
pytest.importorskip("pandas")

import reducelab  # noqa: E402 (after the skips)

EXAMPLES = pathlib.Path(os.environ.get(
    "REDUCELAB_POLICY_EXAMPLES",
    pathlib.Path(__file__).resolve().parents[2] / "python" / "examples"))
NOTEBOOK = EXAMPLES / "reducelab_tour.ipynb"
# Fig. 4, the paired differences, the Fig. 5 heat map, the Gantt chart.
FIGURES = 4
# No figure of the notebook is taller or wider than this (pixels at the inline backend's dpi).
MAX_SIDE = 2000


def png_size(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    width, height = struct.unpack(">II", data[16:24])  # IHDR
    return width, height


@pytest.fixture
def kernel(tmp_path, monkeypatch):
    """A kernel spec of this very interpreter whose package path is the build tree's (the
    kernel inherits nothing from a user's Jupyter set-up)."""
    spec = tmp_path / "jupyter" / "kernels" / "reducelab-test"
    spec.mkdir(parents=True)
    package_root = str(pathlib.Path(reducelab.__file__).resolve().parents[1])
    (spec / "kernel.json").write_text(json.dumps({
        "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
        "display_name": "ReduceLab test", "language": "python",
        "env": {"PYTHONPATH": package_root,
                # Figures as a notebook shows them, whatever the tests' MPLBACKEND.
                "MPLBACKEND": "module://matplotlib_inline.backend_inline",
                "PYTHONDONTWRITEBYTECODE": "1"},
    }))
    monkeypatch.setenv("JUPYTER_PATH", str(tmp_path / "jupyter"))
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "runtime"))
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path / "config"))
    monkeypatch.setenv("IPYTHONDIR", str(tmp_path / "ipython"))
    return "reducelab-test"


def test_the_committed_notebook_has_no_outputs():
    nb = nbformat.read(NOTEBOOK, as_version=4)
    nbformat.validate(nb)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code
    for c in code:
        assert c.outputs == [] and c.execution_count is None, c.source[:60]


def test_the_notebook_runs_and_draws_its_figures(kernel, tmp_path):
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(nb, kernel_name=kernel, timeout=240,
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()  # raises CellExecutionError, with the cell and its traceback, on error
    pngs = []
    for i, cell in enumerate(nb.cells):
        for out in cell.get("outputs", []):
            assert out.output_type != "error", out
            if out.output_type == "stream" and out.name == "stderr":
                # No warning, no progress bar (progress is for work over 2 s, and this
                # notebook's cells are quicker).
                assert "Warning" not in out.text, out.text
            data = out.get("data", {})
            if "image/png" in data:
                pngs.append((i, base64.b64decode(data["image/png"])))
    assert len(pngs) == FIGURES, [i for i, _ in pngs]
    folder = os.environ.get("REDUCELAB_NOTEBOOK_FIGURES")
    if folder:
        os.makedirs(folder, exist_ok=True)
    for k, (cell, png) in enumerate(pngs):
        width, height = png_size(png)
        assert 300 <= width <= MAX_SIDE and 200 <= height <= MAX_SIDE, (cell, width, height)
        if folder:
            pathlib.Path(folder, f"figure{k + 1}_cell{cell}.png").write_bytes(png)
    # The tables a notebook shows: the Monte Carlo result as HTML, the sweeps as DataFrames.
    html = [out["data"]["text/html"] for cell in nb.cells for out in cell.get("outputs", [])
            if "text/html" in out.get("data", {})]
    assert any('class="reducelab-mc"' in h for h in html)
    assert any("random-slots" in h and "tree-dyn" in h for h in html)
    # The paired comparison was printed.
    text = "".join(out.get("text", "") for cell in nb.cells for out in cell.get("outputs", []))
    assert "random-slots - tree-dyn" in text and "faster on" in text


def test_a_jupyter_kernel_is_a_notebook_for_the_progress_default(kernel, tmp_path):
    """progress=None shows a bar in a Jupyter kernel (for work over 2 s): the package knows
    it runs in one, and a plain interpreter (this test's) is none."""
    from reducelab import _progress

    assert _progress._in_notebook() is False
    nb = nbformat.v4.new_notebook(cells=[
        nbformat.v4.new_code_cell("from reducelab import _progress\n"
                                  "print(_progress._in_notebook())"),
        nbformat.v4.new_code_cell("import reducelab\n"
                                  "r = reducelab.monte_carlo('tree-dyn', n=64, replicates=2000, "
                                  "progress=True)")])
    nbclient.NotebookClient(nb, kernel_name=kernel, timeout=60).execute()
    assert nb.cells[0].outputs[0].text.strip() == "True"
    # progress=True in a kernel: the bar (tqdm's text bar here, without ipywidgets) on stderr.
    err = "".join(o.text for o in nb.cells[1].outputs if o.output_type == "stream" and
                  o.name == "stderr")
    assert "monte_carlo" in err and "2000/2000" in err, nb.cells[1].outputs
