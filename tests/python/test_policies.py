"""Policies written in Python: the same makespans as the built-ins they copy, every action
checked against the model (reducelab.Error in the offending call), unfinished runs refused,
hooks a class does not override never called, interruption."""
import _thread
import threading

import numpy as np
import pytest

import reducelab
from cheaper_direction import CheaperDirection
from tree_dyn import TreeDynPy
from two_slots import TwoSlots


@pytest.mark.parametrize("transfer,reduction", [
    ("gamma:1:1", "const:0"),
    ("gamma:1:0.3", "gamma:0.5:2"),
    ("const:1", "const:0.5"),  # every cost equal: ties everywhere
    ("bernoulli:1:1.5", "bernoulli:0.2:1"),
])
def test_python_tree_dyn_is_the_built_in(transfer, reduction):
    kw = dict(n=64, replicates=1000, seed=3, transfer=transfer, reduction=reduction,
              keep_samples=True)
    r = reducelab.monte_carlo(["tree-dyn", TreeDynPy], **kw)
    assert np.array_equal(r["tree-dyn"].samples, r["tree-dyn-py"].samples)
    # Alone (not beside the built-in): the same draws, the same makespans.
    alone = reducelab.monte_carlo([TreeDynPy()], **kw)["tree-dyn-py"]
    assert np.array_equal(alone.samples, r["tree-dyn"].samples)


def test_simulate_python_tree_dyn_schedule():
    a = reducelab.simulate("tree-dyn", n=20, seed=5, replicate=9)
    b = reducelab.simulate(policy=TreeDynPy(), n=20, seed=5, replicate=9)
    assert np.array_equal(a.transfers, b.transfers)
    assert np.array_equal(a.reductions, b.reductions)
    assert b.algorithm == "tree-dyn-py"


def test_examples_run_and_differ():
    r = reducelab.monte_carlo(["tree-dyn", TwoSlots], n=32, replicates=300, seed=2)
    assert r["two-slots"].count == 300 and r["two-slots"].mean != r["tree-dyn"].mean
    worst = dict(preset="worstcase:1:4:0", n=8)
    clairvoyant = reducelab.simulate(policy=CheaperDirection, **worst)
    assert clairvoyant.makespan < reducelab.simulate("tree-dyn", **worst).makespan
    with pytest.raises(reducelab.Error, match="clairvoyant"):
        reducelab.simulate(policy=CheaperDirection, n=8)  # costs drawn as operations start
    # A matrix drawn per replicate is known in advance. The cheaper of two directions wins by
    # far at CV 2 (means 9.9 against 2.8 here: many standard errors apart).
    drawn = reducelab.monte_carlo(["tree-dyn", CheaperDirection], n=32, replicates=2000,
                                  draw_matrix=True, transfer="gamma:1:2")
    assert drawn["cheaper-direction"].mean < 0.5 * drawn["tree-dyn"].mean


class SendsTwice(reducelab.Policy):
    name = "sends-twice"

    def on_idle(self, engine, p):
        if p == 1:
            engine.start_transfer(1, 0)
            engine.start_transfer(1, 2)


class ToItself(reducelab.Policy):
    def on_idle(self, engine, p):
        engine.start_transfer(p, p)


class FarApart(reducelab.Policy):
    def on_idle(self, engine, p):
        if p == 2:
            engine.start_transfer(2, 0)  # not neighbours in a non-commutative reduction


class Lazy(reducelab.Policy):
    """Does nothing: the run ends with every value unreduced."""

    def on_idle(self, engine, p):
        pass


class ReadsCosts(reducelab.Policy):
    def on_idle(self, engine, p):
        engine.transfer_cost(0, 1)


def test_illegal_actions_raise_in_the_offending_call():
    with pytest.raises(reducelab.Error, match="P1") as e:
        reducelab.simulate(policy=SendsTwice, n=4)
    assert "start_transfer(1, 2)" in "".join(
        __import__("traceback").format_tb(e.value.__traceback__))
    with pytest.raises(reducelab.Error, match="cannot send to itself"):
        reducelab.simulate(policy=ToItself, n=4)
    with pytest.raises(reducelab.Error):
        reducelab.simulate(policy=FarApart, n=4, noncommutative=True)
    # Not clairvoyant: no cost read, even on fixed costs.
    with pytest.raises(reducelab.Error):
        reducelab.simulate(policy=ReadsCosts, n=4, preset="homogeneous:1:0")
    # Errors in Monte Carlo too, on its workers.
    with pytest.raises(reducelab.Error):
        reducelab.monte_carlo([ToItself], n=8, replicates=50, threads=2)


def test_a_run_that_does_not_reduce_everything_raises():
    with pytest.raises(reducelab.Error, match="unfinished"):
        reducelab.simulate(policy=Lazy, n=5)
    with pytest.raises(reducelab.Error):
        reducelab.monte_carlo([Lazy], n=5, replicates=10)


def test_python_exceptions_keep_their_type_and_traceback():
    class Broken(reducelab.Policy):
        def on_idle(self, engine, p):
            return 1 / 0

    with pytest.raises(ZeroDivisionError):
        reducelab.simulate(policy=Broken, n=4)


def test_hooks_not_overridden_are_never_called(monkeypatch):
    calls = {"transfer_end": 0}

    class Counting(TreeDynPy):
        name = "counting"

        def on_transfer_end(self, engine, r):
            calls["transfer_end"] += 1
            assert engine.is_receiving(r) is False or engine.time >= 0

    reducelab.simulate(policy=Counting(), n=10)
    assert calls["transfer_end"] == 9

    def fail(*args):
        raise AssertionError("an inherited hook was called")

    # The base class's hooks replaced after the subclass was made: a subclass that does not
    # override them would call these if the engine called inherited hooks.
    monkeypatch.setattr(reducelab.Policy, "on_reduction_end", fail)
    monkeypatch.setattr(reducelab.Policy, "on_transfer_end", fail)
    reducelab.simulate(policy=TreeDynPy(), n=10, reduction="gamma:1:1")
    reducelab.monte_carlo([TreeDynPy], n=10, replicates=20, reduction="gamma:1:1")


def test_engine_reads():
    seen = []

    class Reader(TreeDynPy):
        name = "reader"

        def on_idle(self, engine, p):
            assert engine.n == 6 and engine.is_idle(p) and not engine.has_sent(p)
            seen.append((engine.time, p, engine.value(p)))
            super().on_idle(engine, p)

    s = reducelab.simulate(policy=Reader, n=6)
    assert [p for t, p, v in seen[:6]] == list(range(6))  # starts in index order at time 0
    assert seen[0] == (0.0, 0, [(0, 0)])
    assert sum(hi - lo + 1 for lo, hi in seen[-1][2]) == 6  # the last holds every value
    assert seen[-1][0] <= s.makespan


def test_describe_speaks_in_the_narration():
    class Talking(TwoSlots):
        name = "talking"

        def describe(self, engine, p):
            return "says hello"

    s = reducelab.simulate(policy=Talking, n=5, narrate=True)
    assert any("says hello" in line for line in s.narration)


def test_name_and_clairvoyant_attributes():
    class Bad(TreeDynPy):
        name = "no spaces allowed"

    with pytest.raises(reducelab.Error):
        reducelab.simulate(policy=Bad, n=4)
    with pytest.raises(TypeError):
        reducelab.simulate(policy=object(), n=4)


class Loops(reducelab.Policy):
    def on_idle(self, engine, p):
        while True:
            pass


@pytest.mark.parametrize("threads", [1, 2])
def test_keyboard_interrupt_stops_a_looping_policy(threads):
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            reducelab.monte_carlo([Loops, "tree-dyn"], n=8, replicates=100, threads=threads)
    finally:
        timer.cancel()
    # The module still works afterwards.
    assert reducelab.simulate(policy=TreeDynPy, n=4).makespan > 0


def test_keyboard_interrupt_in_simulate():
    timer = threading.Timer(0.3, _thread.interrupt_main)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            reducelab.simulate(policy=Loops, n=4)
    finally:
        timer.cancel()
