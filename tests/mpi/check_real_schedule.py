#!/usr/bin/env python3
"""Checks a measured schedule of `reducelab-mpi run` (its --out CSV).

Usage: check_real_schedule.py MEASURED.csv N DRAW [SIMULATED.csv TOLERANCE]

Always: n - 1 transfers, each processor sends at most once and exactly one (the root) never,
the tree reaches the root from everywhere, and one-port holds on the measured times (the
receptions of a processor do not overlap, its send starts after its last reception and its
reductions end, each reduction starts after its transfer ends). With SIMULATED.csv (the same draw
simulated by `reducelab-cli run`): the same transfer pairs, and the makespan within TOLERANCE
(a fraction) of the simulated one. A failure names DRAW and exits 1.
"""
import csv
import sys

EPS = 1e-9


def read(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    transfers = [(int(r["processor"]), int(r["peer"]), float(r["start"]), float(r["end"]))
                 for r in rows if r["kind"] == "transfer"]
    reductions = [(int(r["processor"]), int(r["peer"]), float(r["start"]), float(r["end"]))
                  for r in rows if r["kind"] == "reduction"]
    ends = [t[3] for t in transfers] + [r[3] for r in reductions]
    return transfers, reductions, max(ends, default=0.0)


def fail(draw, why):
    print(f"FAIL ({draw}): {why}")
    sys.exit(1)


def main():
    path, n, draw = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    transfers, reductions, makespan = read(path)
    if len(transfers) != n - 1:
        fail(draw, f"{len(transfers)} transfers for n = {n}")
    senders = [t[0] for t in transfers]
    if len(set(senders)) != len(senders):
        fail(draw, "a processor sends twice")
    roots = set(range(n)) - set(senders)
    if len(roots) != 1:
        fail(draw, f"not one root: {sorted(roots)}")
    parent = {t[0]: t[1] for t in transfers}
    for p in range(n):
        seen = set()
        while p in parent:
            if p in seen:
                fail(draw, "the tree has a cycle")
            seen.add(p)
            p = parent[p]
    for p in range(n):
        into = sorted((t for t in transfers if t[1] == p), key=lambda t: t[2])
        for a, b in zip(into, into[1:]):
            if b[2] < a[3] - EPS:
                fail(draw, f"P{p} receives from P{a[0]} and P{b[0]} at once")
        sends = [t for t in transfers if t[0] == p]
        last = max([t[3] for t in into] + [r[3] for r in reductions if r[0] == p], default=0.0)
        if sends and sends[0][2] < last - EPS:
            fail(draw, f"P{p} sends before its receptions and reductions end")
    for proc, sender, start, _ in reductions:
        t = next(t for t in transfers if t[0] == sender)
        if t[1] != proc or start < t[3] - EPS:
            fail(draw, f"the reduction of P{sender}'s value on P{proc} precedes its transfer")
    if len(sys.argv) > 4:
        sim, _, sim_makespan = read(sys.argv[4])
        tolerance = float(sys.argv[5])
        if sorted((t[0], t[1]) for t in sim) != sorted((t[0], t[1]) for t in transfers):
            fail(draw, "the measured tree is not the simulated one")
        rel = abs(makespan - sim_makespan) / sim_makespan
        if rel > tolerance:
            fail(draw, f"measured makespan {makespan:.5g}, simulated {sim_makespan:.5g} "
                       f"({100 * rel:.3g} % apart, over {100 * tolerance:.3g} %)")


if __name__ == "__main__":
    main()
