"""The programs' embedded Python finds the interpreter they were built with, whatever python3
comes first on PATH (issue #38, defect 6): inside an activated virtual environment, a policy
still sees the build's prefix (its package, numpy), not the environment's."""
import os
import subprocess
import sys
import textwrap
import venv

import pytest

from conftest import CLI


def test_a_virtual_environment_on_path_does_not_take_over(tmp_path):
    if not CLI:
        pytest.skip("REDUCELAB_CLI is not set")
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False, symlinks=True).create(env_dir)
    policy = tmp_path / "where.py"
    policy.write_text(textwrap.dedent("""
        import sys
        import numpy
        import reducelab
        sys.stderr.write("PREFIX=" + sys.prefix + "\\n")

        class Where(reducelab.Policy):
            def reset(self, n):
                self.w = None

            def on_idle(self, engine, p):
                if self.w is None:
                    self.w = p
                else:
                    engine.start_transfer(p, self.w)
                    self.w = None
    """))
    env = dict(os.environ, PATH=f"{env_dir / 'bin'}:{os.environ.get('PATH', '')}",
               VIRTUAL_ENV=str(env_dir))
    r = subprocess.run([CLI, "run", "--policy", str(policy), "--algo", "Where", "--n", "4"],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stderr
    prefixes = [line[len("PREFIX="):] for line in r.stderr.splitlines()
                if line.startswith("PREFIX=")]
    assert prefixes == [sys.base_prefix], r.stderr
