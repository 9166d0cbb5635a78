"""Small wrongs of the module (issue #38, defect 7)."""
import math
import os
import re
import sys
import types

import numpy as np
import pytest

import reducelab
from conftest import CLI, csv_rows, run_cli


def test_keep_samples_beyond_the_exact_limit_is_refused():
    with pytest.raises(reducelab.Error, match="keep_samples"):
        reducelab.monte_carlo(n=4, replicates=2**24 + 1, keep_samples=True)


def test_quantile_advice_beyond_the_exact_limit_does_not_offer_keep_samples():
    r = reducelab.monte_carlo(n=2, replicates=2**24 + 1, threads=0, quantiles=[0.5])
    with pytest.raises(reducelab.Error) as info:
        r["tree-dyn"].quantile(0.25)
    assert "keep_samples" not in str(info.value)
    assert "quantiles=" in str(info.value)


def test_one_replicate_has_no_variance():
    r = reducelab.monte_carlo(n=8, replicates=1)
    s = r["tree-dyn"]
    assert s.count == 1
    assert math.isnan(s.variance) and math.isnan(s.std_error)
    row = r.to_pandas().loc["tree-dyn"]
    assert math.isnan(row["variance"]) and math.isnan(row["std_error"])
    assert math.isnan(row["ci_low"]) and math.isnan(row["ci_high"])
    assert ",0," in r.csv()  # the CLI's CSV, unchanged


def test_a_quantile_is_matched_to_rounding():
    r = reducelab.monte_carlo(n=8, replicates=50, quantiles=[0.3, 0.7])
    s = r["tree-dyn"]
    assert s.quantile(0.1 + 0.2) == s.quantile(0.3)
    with pytest.raises(reducelab.Error):
        s.quantile(0.31)


def test_quantiles_as_the_command_line_writes_them():
    r = reducelab.monte_carlo(n=8, replicates=50, quantiles="0.5")
    assert list(r["tree-dyn"].quantiles) == [0.5]
    r = reducelab.monte_carlo(n=8, replicates=50, quantiles=0.5)
    assert list(r["tree-dyn"].quantiles) == [0.5]


@pytest.mark.skipif(not os.path.exists("/proc/version"), reason="no /proc")
def test_save_into_proc_says_why(tmp_path):
    s = reducelab.simulate("tree-dyn", n=4)
    with pytest.raises(OSError) as info:
        s.save("/proc/version")
    assert "No such file or directory" not in str(info.value)
    assert "/proc" in str(info.value)


def test_the_simulate_docstring_preset_is_accepted():
    presets = re.findall(r'preset[^(]*\("([^"]+)"\)', reducelab.simulate.__doc__)
    assert presets
    for preset in presets:
        assert reducelab.simulate("tree-dyn", preset=preset, n=8).makespan > 0


def test_the_cheaper_direction_command_runs(examples):
    if not CLI:
        pytest.skip("REDUCELAB_CLI is not set")
    path = os.path.join(examples, "cheaper_direction.py")
    doc = open(path).read().split('"""')[1].replace("\\\\\n", " ")
    commands = [line.split() for line in doc.splitlines() if "reducelab-cli" in line]
    assert commands
    for words in commands:
        words = [path if w == "cheaper_direction.py" else w for w in words[1:]]
        rows = csv_rows(run_cli(*words))
        assert rows


def _figure(schedule, dark):
    import matplotlib

    matplotlib.use("Agg")
    ax = schedule.plot(dark=dark)
    fig = ax.figure
    fig.canvas.draw()
    return fig, ax


@pytest.mark.parametrize("dark", [False, True])
@pytest.mark.parametrize("n", [4, 16, 64])
def test_plot_legend_clear_of_the_title(dark, n):
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    s = reducelab.simulate("tree-dyn", n=n, seed=2)
    fig, ax = _figure(s, dark)
    renderer = fig.canvas.get_renderer()
    title = ax.title.get_window_extent(renderer)
    legend = ax.get_legend().get_window_extent(renderer)
    assert not title.overlaps(legend), (title, legend)
    plt.close(fig)


def test_plot_legend_names_the_critical_receptions():
    pytest.importorskip("matplotlib")
    import matplotlib.colors
    import matplotlib.pyplot as plt

    s = reducelab.simulate("tree-dyn", n=16, seed=2)
    assert any(kind == "transfer" for kind, _ in s.critical_path)
    fig, ax = _figure(s, False)
    shown = {matplotlib.colors.to_hex(h.get_facecolor()) for h in ax.get_legend().legend_handles} \
        if hasattr(ax.get_legend(), "legend_handles") else \
        {matplotlib.colors.to_hex(h.get_facecolor()) for h in ax.get_legend().legendHandles}
    assert reducelab.colours()["reception_critical"] in shown
    plt.close(fig)


def test_plot_height_is_capped_at_large_n():
    pytest.importorskip("matplotlib")
    import matplotlib.pyplot as plt

    s = reducelab.simulate("tree-dyn", n=1024, seed=2)
    fig, ax = _figure(s, False)
    width, height = fig.get_size_inches() * fig.dpi
    assert height <= 1500, height
    assert len(ax.get_yticks()) <= 40
    plt.close(fig)


def test_saving_a_policy_of_no_file_warns(tmp_path):
    module = types.ModuleType("notebook_cell")
    exec("import reducelab\n"
         "class Cell(reducelab.Policy):\n"
         "    name = 'cell'\n"
         "    def reset(self, n):\n"
         "        self.w = None\n"
         "    def on_idle(self, engine, p):\n"
         "        if self.w is None:\n"
         "            self.w = p\n"
         "        else:\n"
         "            engine.start_transfer(p, self.w)\n"
         "            self.w = None\n", module.__dict__)
    sys.modules["notebook_cell"] = module
    try:
        s = reducelab.simulate(policy=module.Cell, n=2)
        with pytest.warns(UserWarning, match="cell"):
            s.save(tmp_path / "cell.json")
        assert (tmp_path / "cell.json").exists()
    finally:
        del sys.modules["notebook_cell"]


def test_saving_a_policy_of_a_file_does_not_warn(tmp_path, examples, recwarn):
    from tree_dyn import TreeDynPy

    reducelab.simulate(policy=TreeDynPy, n=4).save(tmp_path / "ok.json")
    assert not [w for w in recwarn if issubclass(w.category, UserWarning)]
