"""The reducelab module against reducelab-cli: every number of a built-in algorithm is the one
the CLI prints with the same arguments (to the bit: the CLI writes shortest round-trip
numbers, which float() reads back exactly)."""
import json
import os

import numpy as np
import pytest

import reducelab
from conftest import csv_rows, run_cli

BUILTINS = ["binomial", "fibonacci", "tree-dyn", "nctd"]


def test_error_is_a_value_error():
    assert issubclass(reducelab.Error, ValueError)
    with pytest.raises(reducelab.Error, match="unknown algorithm"):
        reducelab.simulate("no-such-algorithm")
    with pytest.raises(reducelab.Error, match="transfer"):
        reducelab.simulate("tree-dyn", transfer="gamma:1")


@pytest.mark.parametrize("algo", BUILTINS)
@pytest.mark.parametrize("noncommutative", [False, True])
def test_simulate_is_the_cli_run(algo, noncommutative):
    if noncommutative and algo == "tree-dyn":
        pytest.skip("Tree-dyn is commutative only")
    args = ["run", "--algo", algo, "--n", 13, "--comm", "gamma:1:0.7", "--comp", "uniform:0.3:0.5",
            "--seed", 7, "--replicate", 3]
    if noncommutative:
        args.append("--noncommutative")
    rows = csv_rows(run_cli(*args))
    s = reducelab.simulate(algo, n=13, transfer="gamma:1:0.7", reduction="uniform:0.3:0.5",
                           seed=7, replicate=3, noncommutative=noncommutative)
    transfers = [r for r in rows if r["kind"] == "transfer"]
    reductions = [r for r in rows if r["kind"] == "reduction"]
    assert len(s.transfers) == len(transfers) == 12
    assert list(s.transfers["sender"]) == [int(r["processor"]) for r in transfers]
    assert list(s.transfers["receiver"]) == [int(r["peer"]) for r in transfers]
    assert list(s.transfers["start"]) == [float(r["start"]) for r in transfers]
    assert list(s.transfers["end"]) == [float(r["end"]) for r in transfers]
    assert list(s.reductions["processor"]) == [int(r["processor"]) for r in reductions]
    assert list(s.reductions["sender"]) == [int(r["peer"]) for r in reductions]
    assert list(s.reductions["end"]) == [float(r["end"]) for r in reductions]
    ends = [float(r["end"]) for r in rows]
    assert s.makespan == max(ends)


@pytest.mark.parametrize("law", ["gamma:1:0.5", "bernoulli:1:2", "const:1"])
def test_monte_carlo_is_the_cli_mc(law):
    out = run_cli("mc", "--algo", ",".join(BUILTINS), "--n", 40, "--replicates", 3000,
                  "--seed", 11, "--comm", law, "--comp", "gamma:0.2:1", "--quantiles",
                  "0.05,0.5,0.99", "--quiet")
    r = reducelab.monte_carlo(BUILTINS, n=40, replicates=3000, seed=11, transfer=law,
                              reduction="gamma:0.2:1", quantiles=[0.05, 0.5, 0.99])
    assert list(r) == BUILTINS
    for row in csv_rows(out):
        s = r[row["algorithm"]]
        assert s.count == int(row["replicates"]) == 3000
        assert s.mean == float(row["mean"])
        assert s.variance == float(row["variance"])
        assert s.std_error == float(row["stderr"])
        assert s.min == float(row["min"]) and s.max == float(row["max"])
        assert s.quantile(0.05) == float(row["q5"])
        assert s.quantile(0.5) == float(row["q50"])
        assert s.quantile(0.99) == float(row["q99"])


def test_monte_carlo_samples_and_quantiles():
    r = reducelab.monte_carlo(["tree-dyn", "binomial"], n=16, replicates=500, keep_samples=True)
    s = r["tree-dyn"]
    assert isinstance(s.samples, np.ndarray) and s.samples.shape == (500,)
    assert s.samples.mean() == pytest.approx(s.mean, rel=1e-12)
    # Type 7, as numpy's default.
    assert s.quantile(0.37) == pytest.approx(np.quantile(s.samples, 0.37), rel=1e-12)
    assert s.quantile(0.5) == r["tree-dyn"].quantiles[0.5]
    kept_not = reducelab.monte_carlo(["tree-dyn"], n=16, replicates=500)["tree-dyn"]
    assert kept_not.samples is None
    assert kept_not.mean == s.mean  # keeping samples changes no number
    with pytest.raises(reducelab.Error, match="not computed"):
        kept_not.quantile(0.37)


def test_sweep_is_the_cli_sweep():
    out = run_cli("sweep", "fig5", "--n", 16, "--replicates", 200, "--cv", "0.1:3:3",
                  "--ratio", "0.5:2:2", "--seed", 4, "--quiet")
    df = reducelab.sweep("fig5", n=16, replicates=200, cv="0.1:3:3", ratio="0.5:2:2", seed=4)
    cols = reducelab.sweep("fig5", n=16, replicates=200, cv=[0.1, 3 ** 0.5 * 0.1 ** 0.5, 3],
                           ratio="0.5:2:2", seed=4, as_pandas=False)
    rows = csv_rows(out)
    assert len(df) == len(rows) == 3 * 2 * 2
    assert list(df.columns) == list(rows[0].keys())
    for i, row in enumerate(rows):
        assert df["algorithm"][i] == row["algorithm"]
        for key in ("cv", "ratio", "mean", "variance", "stderr", "min", "q50", "max"):
            assert df[key][i] == float(row[key]), (i, key)
    assert isinstance(cols["mean"], np.ndarray)
    assert cols["mean"][0] == df["mean"][0]


def test_schedule_pandas_plot_and_save(tmp_path):
    s = reducelab.simulate("fibonacci", n=9, seed=3)
    df = s.to_pandas()
    assert len(df) == 16 and set(df["kind"]) == {"transfer", "reduction"}
    assert df["end"].max() == s.makespan
    assert df["critical"].any()
    import matplotlib

    matplotlib.use("Agg")
    ax = s.plot()
    png = tmp_path / "gantt.png"
    ax.figure.savefig(png)
    assert png.stat().st_size > 1000
    # The transfers' reception bars are drawn in the app's colour.
    colours = {matplotlib.colors.to_hex(p.get_facecolor()) for p in ax.patches}
    assert reducelab.colours()["reception"] in colours
    assert reducelab.colours()["reduction"] in colours or reducelab.colours()["critical"] in colours
    # save(): the scenario file the GUI opens; the CLI replays it to the same schedule.
    path = tmp_path / "run.json"
    s.save(path)
    scenario = json.loads(path.read_text())
    assert scenario["format"] == "reducelab-scenario"
    assert scenario["algorithms"] == ["fibonacci"] and scenario["seed"] == "3"
    replay = csv_rows(run_cli("run", "--scenario", path))
    assert max(float(r["end"]) for r in replay) == s.makespan


def test_matrix_and_presets(tmp_path):
    d = np.array([[0, 1, 2], [3, 0, 1], [2, 2, 0]], dtype=float)
    c = np.array([0.5, 0.25, 1.0])
    s = reducelab.simulate("binomial", matrix=(d, c))
    f = tmp_path / "m.csv"
    f.write_text("0,1,2\n3,0,1\n2,2,0\n0.5,0.25,1\n")
    assert reducelab.simulate("binomial", matrix=str(f)).makespan == s.makespan
    rows = csv_rows(run_cli("run", "--algo", "binomial", "--matrix", f))
    assert max(float(r["end"]) for r in rows) == s.makespan
    with pytest.raises(reducelab.Error):
        reducelab.simulate("binomial", matrix=(d, c[:2]))
    with pytest.raises(reducelab.Error, match="at most one"):
        reducelab.simulate("binomial", matrix=(d, c), preset="homogeneous:1:0")


def test_algorithms_and_colours():
    keys = [a["key"] for a in reducelab.algorithms()]
    assert keys[:4] == BUILTINS
    dark = reducelab.colours(dark=True)
    assert dark["background"] != reducelab.colours()["background"]


def test_monte_carlo_csv_and_frame_are_the_cli_output():
    args = dict(n=24, replicates=700, seed=9, transfer="uniform:1:0.5")
    r = reducelab.monte_carlo(["binomial", "nctd"], **args)
    out = run_cli("mc", "--algo", "binomial,nctd", "--n", 24, "--replicates", 700, "--seed", 9,
                  "--comm", "uniform:1:0.5", "--quiet")
    assert r.csv() == out
    df = r.to_pandas()  # the CLI's columns, indexed by algorithm, stderr spelt std_error
    header = out.split("\n")[0].split(",")
    assert df.index.name == "algorithm" and list(df.index) == ["binomial", "nctd"]
    assert [c for c in df.columns if c not in ("ci_low", "ci_high")] == \
        ["std_error" if c == "stderr" else c for c in header[1:]]
    assert df.loc["nctd", "mean"] == r["nctd"].mean
