#!/usr/bin/env python3
"""Golden outputs: every mc and sweep run of tests/data/golden_cli/commands.txt writes the files
that the build before the open-engine restructuring wrote (commit c81faeb), the CSVs byte for
byte and the sweep sidecars value for value (their "program" field names the version).

usage: test_golden_outputs.py REDUCELAB_CLI GOLDEN_DIR
"""
import json
import os
import shlex
import subprocess
import sys
import tempfile


def main():
    cli, golden = sys.argv[1], sys.argv[2]
    failures = []
    runs = 0
    with open(os.path.join(golden, "commands.txt"), encoding="utf-8") as f:
        lines = [l.strip() for l in f if l.strip() and not l.startswith("#")]
    with tempfile.TemporaryDirectory() as out:
        for line in lines:
            name, rest = line.split(" ", 1)
            args = shlex.split(rest.replace("{dir}", out))
            args += ["--quiet", "--out", os.path.join(out, name + ".csv")]
            r = subprocess.run([cli] + args, capture_output=True, text=True, timeout=300)
            runs += 1
            if r.returncode != 0:
                failures.append(f"{name}: exit {r.returncode}: {r.stderr.strip()}")
                continue
            expected = sorted(p for p in os.listdir(golden) if p.startswith(name + "."))
            written = sorted(p for p in os.listdir(out) if p.startswith(name + "."))
            if expected != written:
                failures.append(f"{name}: wrote {written}, expected {expected}")
                continue
            for p in expected:
                with open(os.path.join(golden, p), "rb") as g, open(os.path.join(out, p), "rb") as o:
                    want, got = g.read(), o.read()
                if p.endswith(".json"):
                    want, got = json.loads(want), json.loads(got)
                    want.pop("program", None)
                    got.pop("program", None)
                if want != got:
                    failures.append(f"{name}: {p} differs from the golden file")
    for f in failures:
        print("FAIL:", f)
    print(f"{runs - len(failures)} passed, {len(failures)} failed")
    return 1 if failures or runs == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
