"""Laws as objects (reducelab/_laws.py): reducelab.gamma(...) and its kin, their repr, the
core's validation at construction, equality, and results bit-identical to the law's string."""
import pickle

import numpy as np
import pytest

import reducelab


@pytest.mark.parametrize("law, text, shown", [
    (reducelab.gamma(1, 0.5), "gamma:1:0.5", "gamma(mean=1, cv=0.5)"),
    (reducelab.exponential(2.5), "exp:2.5", "exponential(mean=2.5)"),
    (reducelab.constant(0), "const:0", "constant(value=0)"),
    (reducelab.uniform(3, 0.25), "uniform:3:0.25", "uniform(mean=3, cv=0.25)"),
    (reducelab.bernoulli(1e-05, 2), "bernoulli:1e-05:2", "bernoulli(mean=1e-05, cv=2)"),
])
def test_text_and_repr(law, text, shown):
    assert str(law) == text
    assert repr(law) == shown
    assert eval("reducelab." + repr(law)) == law  # noqa: S307 (the repr is code)
    assert reducelab.law(text) == law


def test_attributes_equality_and_hash():
    g = reducelab.gamma(1, 0.5)
    assert (g.family, g.mean, g.cv) == ("gamma", 1.0, 0.5)
    assert g == reducelab.gamma(1.0, np.float64(0.5)) == reducelab.law("gamma:1.0:0.50")
    assert hash(g) == hash(reducelab.law("gamma:1:0.5"))
    assert g != reducelab.gamma(1, 0.25)
    assert reducelab.gamma(1, 1) != reducelab.exponential(1)  # same draws, another family
    assert reducelab.law("constant:2") == reducelab.constant(np.int64(2))
    assert reducelab.exponential(1).cv == 1.0 and reducelab.constant(3).cv == 0.0
    assert g != "gamma:1:0.5"
    assert len({g, reducelab.gamma(1, 0.5), reducelab.exponential(1)}) == 2
    assert pickle.loads(pickle.dumps(g)) == g
    with pytest.raises(AttributeError, match="immutable"):
        g.mean = 2


@pytest.mark.parametrize("build, message", [
    (lambda: reducelab.gamma(-1, 1), "the mean must be a finite number >= 0"),
    (lambda: reducelab.gamma(1, 101), "a gamma law needs CV <= 100"),
    (lambda: reducelab.uniform(1, 0.6), "a uniform law needs CV <= 1/sqrt"),
    (lambda: reducelab.bernoulli(1, 1e7), "a Bernoulli law needs CV <= 1e"),
    (lambda: reducelab.exponential(float("inf")), "the mean must be a finite number"),
    (lambda: reducelab.constant(float("nan")), "NaN is not allowed"),
    (lambda: reducelab.gamma(1, 1e-200), "too small"),
    (lambda: reducelab.law("weibull:1:2"), "unknown law 'weibull'"),
    (lambda: reducelab.law("gamma:1"), "expected gamma:MEAN:CV"),
])
def test_validation_at_construction(build, message):
    with pytest.raises(reducelab.Error, match=message):
        build()


@pytest.mark.parametrize("build", [
    lambda: reducelab.gamma("1", 1),
    lambda: reducelab.exponential(None),
    lambda: reducelab.constant(True),
    lambda: reducelab.law(1),
])
def test_wrong_types_are_type_errors(build):
    with pytest.raises(TypeError, match="must be"):
        build()


def test_a_wrong_law_argument_names_both_spellings():
    with pytest.raises(TypeError, match=r"reducelab\.gamma\(1, 1\).*'gamma:1:1'"):
        reducelab.simulate("tree-dyn", transfer=1.0)


# 0.1 + 0.2 has no short decimal: the object must still carry its exact double.
@pytest.mark.parametrize("law, text", [
    (reducelab.gamma(1, 0.1 + 0.2), "gamma:1:0.30000000000000004"),
    (reducelab.uniform(2, 0.5), "uniform:2:0.5"),
    (reducelab.bernoulli(1, 3), "bernoulli:1:3"),
    (reducelab.exponential(0.7), "exp:0.7"),
])
def test_results_are_the_strings_to_the_bit(law, text):
    args = dict(n=24, replicates=300, seed=5, keep_samples=True)
    as_object = reducelab.monte_carlo(["tree-dyn", "binomial"], transfer=law,
                                      reduction=reducelab.gamma(0.5, 2), **args)
    as_text = reducelab.monte_carlo(["tree-dyn", "binomial"], transfer=text,
                                    reduction="gamma:0.5:2", **args)
    assert as_object.csv() == as_text.csv()
    for key in ("tree-dyn", "binomial"):
        assert np.array_equal(as_object[key].samples, as_text[key].samples)


def test_simulate_and_arrival_take_laws():
    a = reducelab.simulate("tree-dyn", n=16, seed=3, transfer=reducelab.exponential(1),
                           arrival=reducelab.gamma(2, 1))
    b = reducelab.simulate("tree-dyn", n=16, seed=3, transfer="exp:1", arrival="gamma:2:1")
    assert a.makespan == b.makespan
    assert np.array_equal(a.transfers, b.transfers)
    assert np.array_equal(a.arrivals, b.arrivals)
    mc = reducelab.monte_carlo(n=16, replicates=50, arrival=reducelab.uniform(1, 0.5))
    assert mc.csv() == reducelab.monte_carlo(n=16, replicates=50, arrival="uniform:1:0.5").csv()
