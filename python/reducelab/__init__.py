"""ReduceLab in Python: simulate reduction algorithms on unpredictable platforms, run Monte
Carlo experiments and the paper's sweeps, and write your own algorithm as a policy.

    import reducelab
    s = reducelab.simulate(algorithm="tree-dyn", n=16)
    s.makespan, s.transfers, s.plot()
    r = reducelab.monte_carlo(["tree-dyn", MyPolicy()], n=64, replicates=1000)
    r["tree-dyn"].mean
    df = reducelab.sweep("fig4", replicates=1000)

Every number of a built-in algorithm is the one reducelab-cli prints with the same arguments
(the same core). See docs/python.md.
"""

from ._reducelab import Cancelled, Engine, Error, Policy, __version__
from ._api import (
    MonteCarloResult,
    Schedule,
    Summary,
    SweepColumns,
    algorithms,
    colours,
    monte_carlo,
    simulate,
    sweep,
)
from ._laws import Law, bernoulli, constant, exponential, gamma, law, uniform
from ._tables import Comparison

__all__ = [
    "Cancelled",
    "Comparison",
    "Engine",
    "Error",
    "Law",
    "MonteCarloResult",
    "Policy",
    "Schedule",
    "Summary",
    "SweepColumns",
    "__version__",
    "algorithms",
    "bernoulli",
    "colours",
    "constant",
    "exponential",
    "gamma",
    "law",
    "monte_carlo",
    "simulate",
    "sweep",
    "uniform",
]
