"""Shared fixtures of the Python tests (registered in ctest by tests/python/CMakeLists.txt,
which sets PYTHONPATH to the build tree's package and names the programs and examples)."""
import os
import subprocess
import sys

import pytest

CLI = os.environ.get("REDUCELAB_CLI", "")
EXAMPLES = os.environ.get("REDUCELAB_POLICY_EXAMPLES",
                          os.path.join(os.path.dirname(__file__), "..", "..", "python", "examples"))
sys.path.insert(0, EXAMPLES)


def run_cli(*args, check=True, timeout=300):
    """reducelab-cli with `args`; its stdout (check: exit 0)."""
    if not CLI:
        pytest.skip("REDUCELAB_CLI is not set")
    r = subprocess.run([CLI, *map(str, args)], capture_output=True, text=True, timeout=timeout)
    if check:
        assert r.returncode == 0, r.stderr
        return r.stdout
    return r


def csv_rows(text):
    """A CSV without quoted commas in the columns read: a list of dicts."""
    lines = text.strip("\n").split("\n")
    header = lines[0].split(",")
    return [dict(zip(header, line.split(","))) for line in lines[1:]]


@pytest.fixture
def examples():
    return EXAMPLES
