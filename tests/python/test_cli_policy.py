"""reducelab-cli run|mc|sweep --policy FILE.py: the file's policies as --algo names beside the
built-ins, its errors as exit 2 and one line (after the traceback), Ctrl-C stopping a policy that
never returns."""
import os
import signal
import subprocess
import textwrap
import time

import pytest

from conftest import CLI, csv_rows, run_cli


def policy_file(tmp_path, body, name="policy.py"):
    path = tmp_path / name
    path.write_text("import reducelab\n\n" + textwrap.dedent(body))
    return path


def test_mc_with_the_shipped_tree_dyn(examples):
    out = run_cli("mc", "--policy", os.path.join(examples, "tree_dyn.py"), "--algo",
                  "tree-dyn,tree-dyn-py", "--n", 64, "--replicates", 1000, "--quiet")
    rows = csv_rows(out)
    assert [r["algorithm"] for r in rows] == ["tree-dyn", "tree-dyn-py"]
    a, b = ({k: v for k, v in r.items() if k != "algorithm"} for r in rows)
    assert a == b  # every number, to the last digit


def test_run_and_sweep_with_the_other_examples(examples):
    out = run_cli("run", "--policy", os.path.join(examples, "cheaper_direction.py"), "--algo",
                  "cheaper-direction", "--preset", "worstcase:1:4:0", "--n", 8)
    assert max(float(r["end"]) for r in csv_rows(out)) == 3.0
    out = run_cli("sweep", "fig4", "--policy", os.path.join(examples, "two_slots.py"),
                  "--policy", os.path.join(examples, "tree_dyn.py"), "--algo",
                  "tree-dyn,two-slots,tree-dyn-py", "--n", 16, "--replicates", 50, "--cv",
                  "0.5:2:2", "--quiet")
    rows = csv_rows(out)
    assert [r["algorithm"] for r in rows] == ["tree-dyn", "two-slots", "tree-dyn-py"] * 2
    assert rows[0]["mean"] == rows[2]["mean"] != rows[1]["mean"]
    assert "--policy FILE.py" in run_cli("mc", "--help")


def refused(*args):
    r = run_cli(*args, check=False)
    assert r.returncode == 2, r.stderr
    last = r.stderr.rstrip("\n").split("\n")[-1]
    assert last.startswith("reducelab-cli: error: ")
    return r.stderr, last


def test_errors_in_the_file_exit_2_with_one_line(tmp_path):
    bad = policy_file(tmp_path, """
        class Divides(reducelab.Policy):
            def on_idle(self, engine, p):
                return 1 / 0
    """)
    stderr, last = refused("run", "--policy", bad, "--algo", "Divides", "--n", 4)
    assert "ZeroDivisionError" in last and "policy.py:6" in last
    assert stderr.startswith("Traceback")
    syntax = policy_file(tmp_path, "class X(reducelab.Policy)\n", "syntax.py")
    _, last = refused("mc", "--policy", syntax, "--algo", "X", "--n", 4, "--replicates", 10)
    assert "SyntaxError" in last
    illegal = policy_file(tmp_path, """
        class Self(reducelab.Policy):
            def on_idle(self, engine, p):
                engine.start_transfer(p, p)
    """, "illegal.py")
    _, last = refused("mc", "--policy", illegal, "--algo", "Self", "--n", 4, "--replicates", 10)
    assert "policy 'Self' broke a rule" in last and "cannot send to itself" in last
    lazy = policy_file(tmp_path, """
        class Lazy(reducelab.Policy):
            def on_idle(self, engine, p):
                pass
    """, "lazy.py")
    _, last = refused("run", "--policy", lazy, "--algo", "Lazy", "--n", 3)
    assert "unfinished" in last
    clash = policy_file(tmp_path, """
        class Mine(reducelab.Policy):
            name = "tree-dyn"
            def on_idle(self, engine, p):
                pass
    """, "clash.py")
    _, last = refused("run", "--policy", clash, "--algo", "tree-dyn")
    assert "tree-dyn" in last
    nothing = policy_file(tmp_path, "x = 1\n", "nothing.py")
    _, last = refused("run", "--policy", nothing, "--algo", "tree-dyn")
    assert "no policy" in last
    refused("run", "--policy", tmp_path / "missing.py", "--algo", "tree-dyn")
    refused("run", "--algo", "tree-dyn", "--policy")


def test_ctrl_c_stops_a_policy_that_never_returns(tmp_path):
    loop = policy_file(tmp_path, """
        class Loop(reducelab.Policy):
            def on_idle(self, engine, p):
                while True:
                    pass
    """)
    if not CLI:
        pytest.skip("REDUCELAB_CLI is not set")
    p = subprocess.Popen([CLI, "mc", "--policy", str(loop), "--algo", "Loop,tree-dyn", "--n", "8",
                          "--replicates", "100", "--quiet"],
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(1.0)
    assert p.poll() is None  # it loops
    start = time.monotonic()
    p.send_signal(signal.SIGINT)
    p.wait(timeout=5)
    assert time.monotonic() - start < 1.0
    assert p.returncode != 0


def test_a_saved_scenario_runs_again_with_its_policy_file_only(tmp_path, examples):
    import reducelab
    from tree_dyn import TreeDynPy

    s = reducelab.simulate(policy=TreeDynPy, n=12, seed=4, replicate=2)
    path = tmp_path / "policy.json"
    s.save(path)
    scenario = __import__("json").loads(path.read_text())
    assert scenario["policies"] == [{"algorithm": "tree-dyn-py", "class": "TreeDynPy",
                                     "file": os.path.join(os.path.abspath(examples),
                                                          "tree_dyn.py")}]
    # Named in a file, a policy is not run: the CLI needs the file on its command line.
    _, last = refused("run", "--scenario", path)
    assert "unknown algorithm 'tree-dyn-py'" in last
    rows = csv_rows(run_cli("run", "--scenario", path, "--policy",
                            os.path.join(examples, "tree_dyn.py")))
    assert max(float(r["end"]) for r in rows) == s.makespan
