#!/usr/bin/env python3
"""Checks a Chrome trace of `reducelab-mpi run --chrome-trace` against its --out CSV.

Usage: check_chrome_trace.py TRACE.json SCHEDULE.csv DRAW

The trace parses as JSON; it holds one complete event ("ph": "X") per operation of the
schedule: a "transfer" event on the receiver's track and a "send" event on the sender's for each
transfer, a "reduction" event for each reduction, with the CSV's processors and times; it says it
is measured; and the slices of each track (pid, tid) are strictly nested: two slices either are
disjoint or one holds the other. A failure names DRAW and exits 1.
"""
import csv
import json
import sys
from collections import defaultdict

EPS_US = 1e-3  # the trace's times are whole nanoseconds


def fail(draw, why):
    print(f"FAIL ({draw}): {why}")
    sys.exit(1)


def main():
    trace_path, csv_path, draw = sys.argv[1], sys.argv[2], sys.argv[3]
    with open(trace_path) as f:
        doc = json.load(f)
    with open(csv_path, newline="") as f:
        rows = list(csv.DictReader(f))
    if doc["otherData"]["format"] != "reducelab-chrome-trace":
        fail(draw, "otherData.format is not reducelab-chrome-trace")
    if doc["otherData"]["measured"] is None:
        fail(draw, "the trace does not say it is measured")
    events = [e for e in doc["traceEvents"] if e["ph"] == "X"]
    expected = defaultdict(list)  # category -> [(pid, start, end)]
    for r in rows:
        start, end = float(r["start"]), float(r["end"])
        if r["kind"] == "transfer":
            expected["transfer"].append((int(r["peer"]) + 1, start, end))
            expected["send"].append((int(r["processor"]) + 1, start, end))
        else:
            expected["reduction"].append((int(r["processor"]) + 1, start, end))
    for cat in ("transfer", "send", "reduction"):
        got = sorted((e["pid"], e["args"]["start"], e["args"]["end"])
                     for e in events if e["cat"] == cat)
        want = sorted(expected[cat])
        if len(got) != len(want):
            fail(draw, f"{len(got)} complete '{cat}' events for {len(want)} operations")
        for g, w in zip(got, want):
            if g[0] != w[0] or abs(g[1] - w[1]) > 1e-9 * max(1.0, abs(w[1])) or \
                    abs(g[2] - w[2]) > 1e-9 * max(1.0, abs(w[2])):
                fail(draw, f"'{cat}' event {g} is not the schedule's {w}")
    if len(events) != sum(len(v) for v in expected.values()):
        fail(draw, "complete events of other categories")
    tracks = defaultdict(list)
    for e in events:
        tracks[(e["pid"], e["tid"])].append((float(e["ts"]), float(e["ts"]) + float(e["dur"])))
    for track, slices in tracks.items():
        slices.sort(key=lambda s: (s[0], -s[1]))
        open_ends = []
        for start, end in slices:
            while open_ends and open_ends[-1] <= start + EPS_US:
                open_ends.pop()
            if open_ends and end > open_ends[-1] + EPS_US:
                fail(draw, f"slices on track {track} overlap without nesting at {start} us")
            open_ends.append(end)
    print(f"PASS ({draw}): {len(events)} complete events, {len(tracks)} tracks nested")


if __name__ == "__main__":
    main()
