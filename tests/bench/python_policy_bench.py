#!/usr/bin/env python3
"""Simulations per CPU second of the Python Tree-dyn (python/examples/tree_dyn.py) through the
module, one thread, n = 64, the paper's Fig. 4 setting (gamma transfers of mean 1, CV 1, no
reduction cost); the built-in Tree-dyn beside it for scale. Median of three runs.

usage: PYTHONPATH=build/python /usr/bin/python3 tests/bench/python_policy_bench.py [REPLICATES]
"""
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "python", "examples"))

import reducelab  # noqa: E402
from tree_dyn import TreeDynPy  # noqa: E402


def rate(algorithm, replicates):
    cpu = time.process_time()
    reducelab.monte_carlo([algorithm], n=64, replicates=replicates, threads=1)
    return replicates / (time.process_time() - cpu)


def main():
    replicates = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    print("algorithm,n,replicates,sims_per_cpu_second")
    for name, algorithm, reps in (("tree-dyn-py", TreeDynPy, replicates),
                                  ("tree-dyn", "tree-dyn", replicates * 10)):
        print(f"{name},64,{reps},{statistics.median(rate(algorithm, reps) for _ in range(3)):.0f}")


if __name__ == "__main__":
    main()
