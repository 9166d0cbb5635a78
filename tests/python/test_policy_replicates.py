"""A policy's results depend on neither `threads` nor the other replicates (#38, defect 4): each
run is on an instance of its own (the class called, or a copy.deepcopy of the instance given),
`engine.random()` draws from the replicate's own policy stream and `engine.replicate` names the
replicate, so `simulate(replicate=k)` replays replicate k of `monte_carlo`; an error names its
replicate; an instance that cannot be copied is refused with a sentence naming the attribute."""
import textwrap
import threading

import numpy as np
import pytest

import reducelab
from conftest import run_cli
from tree_dyn import TreeDynPy
from two_slots import TwoSlots

MC = dict(n=16, replicates=300, seed=7, transfer="gamma:1:0.8", keep_samples=True)


class Coin(TwoSlots):
    """Two slots or one, as a coin decides at each idle event."""

    name = "coin"

    def slots(self, engine):
        return 2 if engine.random() < 0.5 else 1

    def on_idle(self, engine, p):
        if len(self.waiting) < self.slots(engine) and self.unsent > len(self.waiting) + 1:
            self.waiting.append(p)
        elif self.waiting:
            engine.start_transfer(p, self.waiting.pop(0))
            self.unsent -= 1


class Counter(Coin):
    """Two slots at every third idle event, counted over every run on this instance: a counter
    that reset() forgets."""

    name = "counter"

    def __init__(self):
        self.count = 0

    def slots(self, engine):
        self.count += 1
        return 2 if self.count % 3 == 0 else 1


@pytest.mark.parametrize("policy", [Coin, Coin(), Counter, Counter()])
def test_results_do_not_depend_on_threads(policy):
    one = reducelab.monte_carlo([policy, "tree-dyn"], threads=1, **MC)
    two = reducelab.monte_carlo([policy, "tree-dyn"], threads=2, **MC)
    key = policy.name
    assert np.array_equal(one[key].samples, two[key].samples)
    assert one[key].mean == two[key].mean
    # The rule plays a part, and the built-in beside it does not move.
    assert not np.array_equal(one[key].samples, one["tree-dyn"].samples)
    alone = reducelab.monte_carlo(["tree-dyn"], threads=2, **MC)["tree-dyn"]
    assert np.array_equal(alone.samples, one["tree-dyn"].samples)


@pytest.mark.parametrize("policy", [Coin, Counter()])
def test_simulate_replays_a_replicate(policy):
    r = reducelab.monte_carlo([policy], threads=2, **MC)[policy.name]
    for k in (0, 17, 299):
        again = reducelab.simulate(policy=policy, n=MC["n"], seed=MC["seed"],
                                   transfer=MC["transfer"], replicate=k)
        assert again.makespan == r.samples[k]


def test_engine_random_and_replicate():
    seen = {}

    class Reader(TreeDynPy):
        name = "reader"

        def reset(self, n):
            super().reset(n)
            self.draws = []

        def on_idle(self, engine, p):
            self.draws.append(engine.random())
            seen[engine.replicate] = self.draws
            super().on_idle(engine, p)

    reducelab.monte_carlo([Reader], n=8, replicates=40, seed=3, threads=2)
    assert sorted(seen) == list(range(40))
    draws = np.array([d for k in seen for d in seen[k]])
    assert ((draws >= 0) & (draws < 1)).all() and len(set(draws)) == len(draws)
    first = dict(seen)
    seen.clear()
    reducelab.simulate(policy=Reader, n=8, seed=3, replicate=17)
    assert list(seen) == [17] and seen[17] == first[17]  # the same stream, replayed
    reducelab.simulate(policy=Reader, n=8, seed=4, replicate=17)
    assert seen[17] != first[17]  # another seed, another stream
    # The cost draws do not depend on the policy's: the makespans are Tree-dyn's.
    tree = reducelab.monte_carlo(["tree-dyn", Reader], n=8, replicates=40, seed=3,
                                 keep_samples=True)
    assert np.array_equal(tree["tree-dyn"].samples, tree["reader"].samples)


def test_random_is_refused_in_describe():
    class Talks(TreeDynPy):
        name = "talks"

        def describe(self, engine, p):
            return "rolls %.2f" % engine.random()

    with pytest.raises(reducelab.Error, match="may not draw random numbers"):
        reducelab.simulate(policy=Talks, n=4, narrate=True)


def test_the_instance_given_is_not_run_itself():
    c = Counter()
    c.count = 3
    reducelab.monte_carlo([c], n=8, replicates=20, threads=1)
    reducelab.simulate(policy=c, n=8)
    assert c.count == 3 and not hasattr(c, "waiting")


class Locked(TreeDynPy):
    name = "locked"

    def __init__(self):
        self.lock = threading.Lock()

    def on_idle(self, engine, p):
        with self.lock:
            super().on_idle(engine, p)


def test_a_lock_works_in_a_class_and_is_named_in_an_instance():
    r = reducelab.monte_carlo([Locked, "tree-dyn"], threads=2, **MC)
    assert np.array_equal(r["locked"].samples, r["tree-dyn"].samples)
    with pytest.raises(reducelab.Error) as e:
        reducelab.monte_carlo([Locked()], n=8, replicates=10)
    message = str(e.value)
    assert "attribute 'lock'" in message and "_thread.lock" in message
    assert "pass the class instead" in message and "cannot pickle" in message
    with pytest.raises(reducelab.Error, match="attribute 'lock'"):
        reducelab.simulate(policy=Locked(), n=8)


class FailsAt17(TreeDynPy):
    name = "fails-at-17"

    def on_idle(self, engine, p):
        if engine.replicate == 17:
            raise KeyError("seventeen")
        super().on_idle(engine, p)


@pytest.mark.parametrize("threads", [1, 2])
def test_an_error_names_its_replicate(threads):
    with pytest.raises(KeyError) as e:
        reducelab.monte_carlo([FailsAt17], n=8, replicates=40, seed=5, threads=threads)
    notes = " ".join(getattr(e.value, "__notes__", []))
    assert "in replicate 17 of seed 5" in notes and "replicate=17" in notes
    reducelab.simulate(policy=FailsAt17, n=8, seed=5, replicate=16)
    with pytest.raises(KeyError):
        reducelab.simulate(policy=FailsAt17, n=8, seed=5, replicate=17)


def test_the_programs_name_the_replicate(tmp_path):
    path = tmp_path / "fails.py"
    path.write_text("import reducelab\n\n" + textwrap.dedent("""
        class Fails(reducelab.Policy):
            def on_idle(self, engine, p):
                if engine.replicate == 17:
                    raise KeyError("seventeen")
                if p == 1:
                    engine.start_transfer(1, 0)
    """))
    r = run_cli("mc", "--policy", path, "--algo", "Fails", "--n", 2, "--replicates", 40,
                "--threads", 2, check=False)
    assert r.returncode == 2, r.stderr
    last = r.stderr.rstrip("\n").split("\n")[-1]
    assert last.startswith("reducelab-cli: error: replicate 17: policy 'Fails': KeyError")
