"""Policy errors that are hard to describe (issue #38, defect 5): reducelab-cli exits 2 with
the traceback and one line, whatever the exception, and cuts a huge message."""
import textwrap

import pytest

from conftest import CLI

CASES = {
    "wrong_signature": """
        class Sig(reducelab.Policy):
            def on_idle(self):
                pass
    """,
    "str_raises": """
        class E(Exception):
            def __str__(self):
                raise RuntimeError("no")

        class Sig(reducelab.Policy):
            def on_idle(self, engine, p):
                raise E()
    """,
    "not_utf8": """
        class Sig(reducelab.Policy):
            def on_idle(self, engine, p):
                raise ValueError("bad \\udcff text")
    """,
    "huge_message": """
        class Sig(reducelab.Policy):
            def on_idle(self, engine, p):
                raise ValueError("x" * 10_000_000)
    """,
    "describe_not_a_str": """
        class Sig(reducelab.Policy):
            def reset(self, n):
                self.w = None

            def on_idle(self, engine, p):
                if self.w is None:
                    self.w = p
                else:
                    engine.start_transfer(p, self.w)
                    self.w = None

            def describe(self, engine, p):
                return 5
    """,
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_an_undescribable_policy_error_is_exit_2_with_its_traceback(tmp_path, case):
    import subprocess

    if not CLI:
        pytest.skip("REDUCELAB_CLI is not set")
    path = tmp_path / "sig.py"
    path.write_text("import reducelab\n" + textwrap.dedent(CASES[case]))
    args = [CLI, "run", "--policy", str(path), "--algo", "Sig", "--n", "4"]
    if case == "describe_not_a_str":
        args += ["--narration", str(tmp_path / "n.txt")]
    r = subprocess.run(args, capture_output=True, timeout=120)
    err = r.stderr.decode("utf-8", "replace")
    assert r.returncode == 2, err[-500:]
    assert "Traceback" in err
    last = err.rstrip("\n").split("\n")[-1]
    assert last.startswith("reducelab-cli: error: ")
    assert "pybind11" not in err and "PYBIND11" not in err
    assert len(r.stderr) < 20_000, len(r.stderr)  # a 10 MB message is cut
