"""Open MPI's parameters from Python (docs/model.md §4.4): simulate(..., fanout=,
message_bytes=) and monte_carlo(...) run the CLI's --fanout and --message-bytes, by the core's
one rule (algorithms/ompi_parameters.h)."""
import json

import pytest

import reducelab
from conftest import csv_rows, run_cli


def _root_senders(s):
    return sorted(int(t["sender"]) for t in s.transfers if t["receiver"] == s.root)


@pytest.mark.parametrize("fanout", [1, 2, 7])
def test_fanout_is_the_clis(fanout):
    s = reducelab.simulate("ompi-chain", n=12, transfer="gamma:1:0.5", seed=5, fanout=fanout)
    assert s.algorithm == f"ompi-chain:{fanout}"
    # The root receives the heads of the K chains.
    assert len(_root_senders(s)) == fanout
    out = json.loads(run_cli("run", "--algo", "ompi-chain", "--n", "12", "--comm",
                             "gamma:1:0.5", "--seed", "5", "--fanout", fanout, "--format",
                             "json"))
    assert out["makespan"] == s.makespan
    assert list(out["tree"]["parent"]) == list(s.parent)


def test_default_fanout_is_the_plain_row():
    plain = reducelab.simulate("ompi-chain", n=12, seed=5)
    four = reducelab.simulate("ompi-chain", n=12, seed=5, fanout=4)
    assert four.algorithm == plain.algorithm == "ompi-chain"
    assert four.makespan == plain.makespan


def test_message_bytes_is_the_clis():
    # At n = 4, 8 bytes pick binary, 64 kB binomial: a different tree.
    small = reducelab.simulate("ompi-default", n=4, seed=2)
    large = reducelab.simulate("ompi-default", n=4, seed=2, message_bytes=65536)
    assert large.algorithm == "ompi-default:65536"
    assert list(large.parent) != list(small.parent)
    out = json.loads(run_cli("run", "--algo", "ompi-default", "--n", "4", "--seed", "2",
                             "--message-bytes", "65536", "--format", "json"))
    assert out["makespan"] == large.makespan
    assert list(out["tree"]["parent"]) == list(large.parent)
    assert out["ompi_default"]["message_bytes"] == 65536


def test_monte_carlo_is_the_clis():
    r = reducelab.monte_carlo(["tree-dyn", "ompi-chain", "ompi-default"], n=20, replicates=300,
                              seed=3, threads=1, fanout=2, message_bytes=1 << 20)
    assert list(r) == ["tree-dyn", "ompi-chain:2", "ompi-default:1048576"]
    rows = csv_rows(run_cli("mc", "--algo", "tree-dyn,ompi-chain,ompi-default", "--n", "20",
                            "--replicates", "300", "--seed", "3", "--threads", "1", "--fanout",
                            "2", "--message-bytes", 1 << 20, "--quiet"))
    assert [row["algorithm"] for row in rows] == list(r)
    for row in rows:
        assert float(row["mean"]) == r[row["algorithm"]].mean
    assert r.csv() == run_cli("mc", "--algo", "tree-dyn,ompi-chain,ompi-default", "--n", "20",
                              "--replicates", "300", "--seed", "3", "--threads", "1",
                              "--fanout", "2", "--message-bytes", 1 << 20, "--quiet")
    plain = reducelab.monte_carlo(["ompi-chain"], n=20, replicates=300, seed=3, threads=1)
    assert plain["ompi-chain"].mean != r["ompi-chain:2"].mean


def test_out_of_range_and_misplaced_are_refused_by_the_core():
    with pytest.raises(reducelab.Error, match=r"^fanout 0: Open MPI's chains have a fan-out "
                                              r"of 1 to 32"):
        reducelab.simulate("ompi-chain", n=4, fanout=0)
    with pytest.raises(reducelab.Error, match=r"^fanout 33:"):
        reducelab.monte_carlo(["ompi-chain"], n=4, replicates=10, fanout=33)
    with pytest.raises(reducelab.Error, match=r"^message_bytes 0: a message of 1 to"):
        reducelab.simulate("ompi-default", n=4, message_bytes=0)
    with pytest.raises(reducelab.Error, match="^fanout applies to ompi-chain: add ompi-chain to "
                                              "the algorithms$"):
        reducelab.simulate("tree-dyn", n=4, fanout=2)
    with pytest.raises(reducelab.Error, match="^message_bytes applies to ompi-default"):
        reducelab.monte_carlo(["binomial"], n=4, replicates=10, message_bytes=64)
    # Not an integer: named here, before the core.
    with pytest.raises(TypeError, match="fanout must be an integer, not '2'"):
        reducelab.simulate("ompi-chain", n=4, fanout="2")
    with pytest.raises(TypeError, match="message_bytes must be an integer, not True"):
        reducelab.simulate("ompi-default", n=4, message_bytes=True)
