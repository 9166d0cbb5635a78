"""docs/python.md runs as written (issue #38, "Must show"): every ```python block, in the
document's order, in one namespace (a later block uses what an earlier one defined, as in a
notebook), in a scratch folder (a sample may write a file) with matplotlib drawing off screen.
A block that cannot run here says so on its first line with the comment `# docs-test: skip`
and why; there are few."""
import os
import pathlib
import re
import warnings

import pytest

DOC = pathlib.Path(__file__).resolve().parents[2] / "docs" / "python.md"
SKIP = "# docs-test: skip"
# At most this many blocks may be left out: the document is a test, not a gallery.
MAX_SKIPPED = 2

FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.S | re.M)


def blocks(text):
    """Each ```python block: (its first line's number in the document, its code, skipped)."""
    out = []
    for m in FENCE.finditer(text):
        code = m.group(1)
        line = text.count("\n", 0, m.start(1)) + 1
        first = code.lstrip("\n").split("\n", 1)[0].strip()
        out.append((line, code, first.startswith(SKIP)))
    return out


def test_the_extraction_finds_blocks_and_honours_the_marker():
    sample = ("text\n```python\nx = 1\n```\nmore\n```python\n# docs-test: skip (needs a file)\n"
              "open('missing')\n```\n```sh\nls\n```\n```python\ny = x + 1\n```\n")
    found = blocks(sample)
    assert [(line, skipped) for line, _, skipped in found] == [(3, False), (7, True), (14, False)]
    assert found[2][1] == "y = x + 1\n"


def test_every_python_sample_of_docs_python_md_runs(tmp_path, monkeypatch):
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    found = blocks(DOC.read_text(encoding="utf-8"))
    # The tutorial, the laws and tables, the seeds and the progress at least.
    assert len(found) >= 8, found
    skipped = [line for line, _, s in found if s]
    assert len(skipped) <= MAX_SKIPPED, f"blocks skipped at lines {skipped}"
    monkeypatch.chdir(tmp_path)
    namespace = {"__name__": "__docs__"}
    ran = 0
    try:
        for line, code, skip in found:
            if skip:
                continue
            # The file name and line number point into the document in a traceback.
            compiled = compile("\n" * (line - 1) + code, str(DOC), "exec")
            with warnings.catch_warnings():
                # A policy defined here, as in a notebook cell, has no file: Schedule.save says
                # so, as the document tells.
                warnings.filterwarnings("ignore", message="policy .* is defined in no file")
                try:
                    exec(compiled, namespace)  # noqa: S102 (the document's own samples)
                except Exception as e:  # noqa: BLE001
                    pytest.fail(f"docs/python.md, the block at line {line}: "
                                f"{type(e).__name__}: {e}")
            ran += 1
    finally:
        plt.close("all")
    assert ran == len(found) - len(skipped)
    assert os.path.isfile(tmp_path / "two.json")  # the tutorial's s.save("two.json")
