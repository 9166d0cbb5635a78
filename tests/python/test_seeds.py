"""Seeds as numpy takes them (issue #38, "What notebook users expect"): `seed` is an integer or
a numpy.random.SeedSequence, and every result records the integer seed it ran with, so that
passing that seed back replays it."""
import numpy as np
import pytest

import reducelab

MC = dict(algorithms=["tree-dyn", "binomial"], n=32, replicates=300, keep_samples=True)


def test_the_same_seed_sequence_gives_the_same_result():
    a = reducelab.monte_carlo(**MC, seed=np.random.SeedSequence(12345))
    b = reducelab.monte_carlo(**MC, seed=np.random.SeedSequence(12345))
    assert a.csv() == b.csv()
    assert np.array_equal(a["tree-dyn"].samples, b["tree-dyn"].samples)
    assert a.seed == b.seed
    # Another sequence, other draws.
    c = reducelab.monte_carlo(**MC, seed=np.random.SeedSequence(12346))
    assert c.seed != a.seed and a.csv() != c.csv()


def test_the_recorded_seed_replays_the_result():
    ss = np.random.SeedSequence(2024)
    a = reducelab.monte_carlo(**MC, seed=ss)
    assert isinstance(a.seed, int) and 0 <= a.seed < 2**64
    # The 64-bit word numpy's own generators would start from: deterministic, documented.
    assert a.seed == int(ss.generate_state(1, np.uint64)[0])
    again = reducelab.monte_carlo(**MC, seed=a.seed)
    assert again.csv() == a.csv()
    assert np.array_equal(again["binomial"].samples, a["binomial"].samples)
    # A spawned child is another seed.
    child = ss.spawn(1)[0]
    assert reducelab.monte_carlo(**MC, seed=child).seed != a.seed


def test_an_integer_seed_and_the_default_are_recorded():
    assert reducelab.monte_carlo(**MC, seed=7).seed == 7
    assert reducelab.monte_carlo(**MC, seed=np.uint64(7)).seed == 7
    default = reducelab.monte_carlo(**MC)
    assert isinstance(default.seed, int)
    assert reducelab.monte_carlo(**MC, seed=default.seed).csv() == default.csv()
    assert f"seed={default.seed}" in repr(default)


def test_a_schedule_records_its_seed_and_replicate():
    ss = np.random.SeedSequence(99)
    s = reducelab.simulate("tree-dyn", n=16, seed=ss, replicate=5)
    assert s.seed == int(ss.generate_state(1, np.uint64)[0]) and s.replicate == 5
    again = reducelab.simulate("tree-dyn", n=16, seed=s.seed, replicate=s.replicate)
    assert again.makespan == s.makespan
    assert np.array_equal(again.transfers, s.transfers)
    # Replicate 5 of monte_carlo with the same seed is that run.
    r = reducelab.monte_carlo("tree-dyn", n=16, replicates=6, seed=ss, keep_samples=True)
    assert r["tree-dyn"].samples[5] == s.makespan
    assert reducelab.simulate("tree-dyn", n=16).seed == reducelab.monte_carlo(
        "tree-dyn", n=16, replicates=1).seed  # the same default


@pytest.mark.parametrize("as_pandas", [True, False])
def test_a_sweep_records_its_seed(as_pandas):
    if as_pandas:
        pytest.importorskip("pandas")
    args = dict(n=16, replicates=50, cv=[0.5, 2], as_pandas=as_pandas)
    ss = np.random.SeedSequence(5)
    a = reducelab.sweep("fig4", seed=ss, **args)
    seed = a.attrs["seed"]
    assert seed == int(ss.generate_state(1, np.uint64)[0])
    b = reducelab.sweep("fig4", seed=seed, **args)
    assert np.array_equal(np.asarray(a["mean"]), np.asarray(b["mean"]))
    paper = reducelab.sweep("fig4", **args)
    assert isinstance(paper.attrs["seed"], int)
    replay = reducelab.sweep("fig4", seed=paper.attrs["seed"], **args)
    assert np.array_equal(np.asarray(paper["mean"]), np.asarray(replay["mean"]))


@pytest.mark.parametrize("bad", [1.5, "1", np.random.default_rng(1), None.__class__])
def test_a_seed_of_another_type_is_named(bad):
    with pytest.raises(TypeError, match="seed must be an integer or a numpy.random.SeedSequence"):
        reducelab.monte_carlo("tree-dyn", n=8, replicates=10, seed=bad)


def test_replicate_takes_no_seed_sequence():
    with pytest.raises(TypeError, match="replicate must be an integer"):
        reducelab.simulate("tree-dyn", n=8, replicate=np.random.SeedSequence(1))
