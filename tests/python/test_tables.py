"""Monte Carlo results as tables (reducelab/_tables.py): confidence intervals, to_pandas()
indexed by algorithm, the notebook's HTML, and paired differences on common random numbers."""
import math
import sys

import numpy as np
import pytest

import reducelab
from tree_dyn import TreeDynPy

ARGS = dict(n=16, replicates=400, seed=11, keep_samples=True)
KEYS = ["tree-dyn", "binomial", "fibonacci"]


@pytest.fixture(scope="module")
def result():
    return reducelab.monte_carlo(KEYS, **ARGS)


def test_confidence_interval_is_the_normal_approximation(result):
    s = result["tree-dyn"]
    low, high = s.ci()
    z = 1.959963984540054  # the two-sided 95 % normal quantile
    assert low == pytest.approx(s.mean - z * s.std_error, rel=1e-15)
    assert high == pytest.approx(s.mean + z * s.std_error, rel=1e-15)
    low90, high90 = s.ci(level=0.9)
    assert low < low90 < s.mean < high90 < high
    for level in (0, 1, 1.5, float("nan")):
        with pytest.raises(reducelab.Error, match="confidence level"):
            s.ci(level)
    with pytest.raises(TypeError, match="level must be a number"):
        s.ci("0.95")


def test_to_pandas_is_indexed_by_algorithm(result):
    df = result.to_pandas()
    assert df.index.name == "algorithm"
    assert list(df.index) == KEYS
    assert list(df.columns) == ["n", "replicates", "mean", "variance", "std_error", "ci_low",
                                "ci_high", "min", "q10", "q50", "q90", "max"]
    for key in KEYS:
        s = result[key]
        row = df.loc[key]
        assert row["mean"] == s.mean and row["std_error"] == s.std_error
        assert (row["ci_low"], row["ci_high"]) == s.ci()
        assert row["replicates"] == 400 and row["n"] == 16
    narrow = result.to_pandas(level=0.5)
    assert (narrow["ci_low"] > df["ci_low"]).all()


def test_to_pandas_without_pandas_says_so(result, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas raises ImportError
    with pytest.raises(ImportError, match="python3-pandas"):
        result.to_pandas()


def test_repr_html_shows_the_numbers(result):
    page = result._repr_html_()
    assert page.startswith("<table") and page.endswith("</table>")
    for name in ("algorithm", "mean", "std_error", "95 % CI", "q50", "replicates"):
        assert f"<th>{name}</th>" in page
    for key in KEYS:
        s = result[key]
        low, high = s.ci()
        for number in (s.mean, s.std_error, low, high, s.min, s.quantile(0.5), s.max):
            assert f"{number:.6g}" in page
        assert f"<td>{key}</td>" in page


def test_compare_is_the_paired_difference(result):
    c = result.compare("tree-dyn", "binomial")
    a, b = result["tree-dyn"], result["binomial"]
    d = a.samples - b.samples
    assert (c.a, c.b, c.count) == ("tree-dyn", "binomial", 400)
    assert c.mean_difference == pytest.approx(a.mean - b.mean, rel=1e-12)
    assert c.std_error == pytest.approx(np.std(d, ddof=1) / 20, rel=1e-12)
    # Common random numbers: the pairing makes the difference far better known than the
    # means apart.
    assert c.std_error < math.hypot(a.std_error, b.std_error)
    assert 0 <= c.won <= 1 and c.won == np.mean(a.samples < b.samples)
    assert c.won + c.tied + result.compare("binomial", "tree-dyn").won == pytest.approx(1)
    low, high = c.ci()
    assert low < c.mean_difference < high
    assert "tree-dyn - binomial" in repr(c)


def test_compare_with_itself_is_zero(result):
    c = result.compare("fibonacci", "fibonacci")
    assert (c.mean_difference, c.std_error, c.won, c.tied) == (0.0, 0.0, 0.0, 1.0)


def test_replicates_are_common_random_numbers(result):
    # Replicate k of every algorithm is simulate(replicate=k): the same draws.
    for k in (0, 7, 399):
        for key in ("tree-dyn", "binomial"):
            s = reducelab.simulate(key, n=16, seed=11, replicate=k)
            assert result[key].samples[k] == s.makespan


def test_compare_a_policy_and_at_any_thread_count():
    one = reducelab.monte_carlo(["tree-dyn", TreeDynPy], threads=1, **ARGS)
    two = reducelab.monte_carlo(["tree-dyn", TreeDynPy], threads=2, **ARGS)
    # The Python Tree-dyn is the built-in, replicate by replicate.
    c = one.compare(TreeDynPy, "tree-dyn")
    assert (c.mean_difference, c.tied) == (0.0, 1.0)
    c1 = one.compare("tree-dyn", "tree-dyn-py")
    c2 = two.compare("tree-dyn", "tree-dyn-py")
    assert (c1.mean_difference, c1.std_error, c1.won) == (c2.mean_difference, c2.std_error, c2.won)


def test_compare_needs_the_samples():
    r = reducelab.monte_carlo(["tree-dyn", "binomial"], n=8, replicates=20)
    with pytest.raises(reducelab.Error, match="keep_samples=True"):
        r.compare("tree-dyn", "binomial")
    with pytest.raises(KeyError):
        r.compare("tree-dyn", "fibonacci")


def test_one_replicate_has_no_interval():
    r = reducelab.monte_carlo(["tree-dyn", "binomial"], n=8, replicates=1, keep_samples=True)
    assert all(math.isnan(x) for x in r["tree-dyn"].ci())
    c = r.compare("tree-dyn", "binomial")
    assert c.count == 1 and math.isnan(c.std_error) and all(math.isnan(x) for x in c.ci())
    assert "nan" in r._repr_html_()
