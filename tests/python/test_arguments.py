"""Arguments in Python's terms (issue #38, defect 2): a wrong value is reducelab.Error (or
TypeError) with a sentence that names the argument, never a cast of the extension; numpy's
integer and float scalars are numbers, one-dimensional array-likes are lists."""
import numpy as np
import pytest

import reducelab

INTERNALS = ("Unable to cast", "PYBIND11", "pybind11", "incompatible function arguments",
             "Invoked with")

CASES = [
    ("n", lambda: reducelab.simulate("tree-dyn", n=2**31)),
    ("n", lambda: reducelab.monte_carlo(n=2**40, replicates=10)),
    ("seed", lambda: reducelab.simulate("tree-dyn", seed=2**64)),
    ("seed", lambda: reducelab.sweep("fig4", seed=2**64, replicates=10, cv=1)),
    ("replicates", lambda: reducelab.monte_carlo(replicates=2**64)),
    ("replicates", lambda: reducelab.sweep("fig4", replicates=2**64)),
    ("replicate", lambda: reducelab.simulate("tree-dyn", replicate=2**70)),
    ("threads", lambda: reducelab.monte_carlo(replicates=10, threads=2**31)),
    ("threads", lambda: reducelab.sweep("fig4", replicates=10, threads=2**31)),
    ("mean", lambda: reducelab.sweep("fig4", mean="1", replicates=10)),
    ("family", lambda: reducelab.sweep("fig4", family=5, replicates=10)),
    ("cv[1]", lambda: reducelab.sweep("fig4", cv=[0.1, "a"], replicates=10)),
    ("cv", lambda: reducelab.sweep("fig4", cv=np.ones((2, 2)), replicates=10)),
    ("cv", lambda: reducelab.sweep("fig4", cv=[[1], [1, 2]], replicates=10)),
    ("cv", lambda: reducelab.sweep("fig4", cv={"a": 1}, replicates=10)),
    ("ratio", lambda: reducelab.sweep("fig5", ratio=object(), replicates=10)),
    ("quantiles", lambda: reducelab.monte_carlo(replicates=10, quantiles="0.5,x")),
    ("quantiles[0]", lambda: reducelab.monte_carlo(replicates=10, quantiles=["a"])),
    ("quantiles", lambda: reducelab.sweep("fig4", replicates=10, quantiles=np.ones((1, 2)))),
    ("algorithm", lambda: reducelab.simulate("\udcff")),
    ("algorithm", lambda: reducelab.simulate(5)),
    ("algorithms[1]", lambda: reducelab.monte_carlo(["tree-dyn", "\ud800"], replicates=10)),
    ("algorithms[0]", lambda: reducelab.monte_carlo([3], replicates=10)),
    ("algorithms", lambda: reducelab.monte_carlo(3, replicates=10)),
    ("transfer", lambda: reducelab.simulate("tree-dyn", transfer="gamma:\udcff")),
    ("transfer", lambda: reducelab.simulate("tree-dyn", transfer=1.0)),
    ("preset", lambda: reducelab.simulate("tree-dyn", preset="\udcff")),
    ("figure", lambda: reducelab.sweep("\udcff")),
    ("figure", lambda: reducelab.sweep(4)),
    ("matrix: d", lambda: reducelab.simulate("tree-dyn", matrix=([["a", "b"], ["c", "d"]],
                                                                   [0, 0]))),
    ("matrix", lambda: reducelab.simulate("tree-dyn", matrix=5)),
    ("n", lambda: reducelab.simulate("tree-dyn", n=16.0)),
    ("n", lambda: reducelab.simulate("tree-dyn", n=True)),
]


@pytest.mark.parametrize("name,call", CASES, ids=[f"{i}-{c[0]}" for i, c in enumerate(CASES)])
def test_a_wrong_argument_is_named_in_a_sentence(name, call):
    with pytest.raises((reducelab.Error, TypeError, ValueError)) as info:
        call()
    message = str(info.value)
    assert not any(word in message for word in INTERNALS), message
    assert name in message, message
    assert len(message) < 300, message  # a sentence, not a dump


def test_wrong_types_are_type_errors_too():
    with pytest.raises(TypeError):
        reducelab.simulate("tree-dyn", n="16")
    with pytest.raises(reducelab.Error):
        reducelab.simulate("tree-dyn", n="16")


def test_a_matrix_file_with_a_surrogate_escaped_name(tmp_path):
    # os.listdir gives a name that is not UTF-8 as a surrogate-escaped str: it names the file.
    name = tmp_path / "m\udcff.csv"
    try:
        with open(name, "w") as f:
            f.write("0,1\n1,0\n0.5,0.5\n")
    except (UnicodeEncodeError, OSError):
        pytest.skip("the file system refuses the name")
    with pytest.raises(reducelab.Error) as info:
        reducelab.simulate("tree-dyn", matrix=str(name) + "x")  # missing: a clean error
    assert not any(word in str(info.value) for word in INTERNALS)


def test_numpy_scalars_are_numbers():
    base = reducelab.simulate("tree-dyn", n=16, seed=3, replicate=2)
    s = reducelab.simulate("tree-dyn", n=np.int32(16), seed=np.uint64(3),
                           replicate=np.int64(2))
    assert s.makespan == base.makespan
    r = reducelab.monte_carlo("tree-dyn", n=np.int16(8), replicates=np.int64(50),
                              threads=np.int8(1), quantiles=np.float32(0.5))
    assert r["tree-dyn"].count == 50 and list(r["tree-dyn"].quantiles) == [0.5]
    assert r["tree-dyn"].quantile(np.float64(0.5)) == r["tree-dyn"].quantile(0.5)
    a = reducelab.sweep("fig4", cv=np.int64(1), replicates=20, as_pandas=False)
    b = reducelab.sweep("fig4", cv=np.float64(1), replicates=20, as_pandas=False)
    c = reducelab.sweep("fig4", cv=1, replicates=20, mean=np.float32(1), as_pandas=False)
    assert list(a["mean"]) == list(b["mean"]) == list(c["mean"])


def test_one_dimensional_array_likes_are_lists():
    listed = reducelab.sweep("fig4", cv=[0.5, 2.0], replicates=20, as_pandas=False)
    for grid in ((0.5, 2.0), np.array([0.5, 2.0]), np.array([0.5, 2], dtype=np.float32),
                 range(1, 2)):
        out = reducelab.sweep("fig4", cv=grid, replicates=20, as_pandas=False)
        if isinstance(grid, range):
            assert set(out["cv"]) == {1.0}
        else:
            assert list(out["mean"]) == list(listed["mean"])
    keys = reducelab.monte_carlo(np.array(["tree-dyn", "binomial"]), n=8, replicates=20)
    assert list(keys) == ["tree-dyn", "binomial"]
    q = reducelab.monte_carlo(n=8, replicates=20, quantiles=np.array([0.25, 0.75]))
    assert list(q["tree-dyn"].quantiles) == [0.25, 0.75]
    assert list(reducelab.monte_carlo(n=8, replicates=20, quantiles="0.25,0.75")["tree-dyn"]
                .quantiles) == [0.25, 0.75]
