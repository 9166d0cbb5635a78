"""Late arrivals from Python (docs/model.md §1): the module's runs are the CLI's."""
import json

import numpy as np
import pytest

import reducelab
from conftest import csv_rows, run_cli


def test_no_arrival_law_has_no_arrivals():
    assert reducelab.simulate("tree-dyn", n=8).arrivals is None


def test_constant_arrival_delays_the_run():
    plain = reducelab.simulate("binomial", n=6, transfer="const:1")
    late = reducelab.simulate("binomial", n=6, transfer="const:1", arrival="const:0.5")
    assert late.makespan == plain.makespan + 0.5
    assert np.array_equal(late.arrivals, np.full(6, 0.5))


def test_drawn_arrivals_are_the_clis():
    s = reducelab.simulate("tree-dyn", n=9, transfer="exp:1", seed=4, arrival="gamma:2:1",
                           narrate=True)
    assert s.arrivals.shape == (9,) and s.makespan >= s.arrivals.max()
    assert sum(line.endswith(" arrives") for line in s.narration) == 9
    out = json.loads(run_cli("run", "--algo", "tree-dyn", "--n", "9", "--comm", "exp:1",
                             "--seed", "4", "--arrival", "gamma:2:1", "--format", "json"))
    assert out["makespan"] == s.makespan
    assert out["arrivals"] == list(s.arrivals)


def test_monte_carlo_with_arrivals_is_the_clis():
    r = reducelab.monte_carlo(["binomial", "tree-dyn"], n=16, replicates=500, seed=3,
                              arrival="exp:2", threads=1)
    rows = csv_rows(run_cli("mc", "--algo", "binomial,tree-dyn", "--n", "16", "--replicates",
                            "500", "--seed", "3", "--arrival", "exp:2", "--threads", "1",
                            "--quiet"))
    for row in rows:
        assert float(row["mean"]) == r[row["algorithm"]].mean
    plain = reducelab.monte_carlo(["tree-dyn"], n=16, replicates=500, seed=3)
    assert r["tree-dyn"].mean > plain["tree-dyn"].mean


def test_bad_arrival_laws_are_refused():
    with pytest.raises(reducelab.Error, match="arrival"):
        reducelab.simulate("tree-dyn", n=4, arrival="gamma:1:-1")
    with pytest.raises(reducelab.Error, match="does not model late arrivals"):
        reducelab.simulate("ep", n=4, draw_matrix=True, arrival="const:1")
