"""Progress of monte_carlo and sweep (issue #38, "What notebook users expect"): progress=True
shows a tqdm bar where tqdm is installed and a line on stderr otherwise, progress=callable
receives (done, total) on the calling thread, and by default a bar appears in a notebook only
(for work that lasts), never in a script."""
import sys
import threading
import time

import pytest

import reducelab
from reducelab import _progress

# Enough work that the extension's polling loop (every 20 ms) sees the count move several
# times: about a second on one core.
WORK = dict(n=1024, replicates=20000, threads=1, seed=3)


class Recorder:
    def __init__(self):
        self.calls = []
        self.threads = set()

    def __call__(self, done, total):
        self.calls.append((done, total))
        self.threads.add(threading.get_ident())


def check_calls(calls, total):
    assert len(calls) >= 2, calls  # a count that moved, not just the end
    dones = [d for d, _ in calls]
    assert dones == sorted(dones), calls
    assert all(t == total for _, t in calls), calls
    assert calls[-1] == (total, total)
    assert all(0 <= d <= total for d in dones)


def test_callable_gets_monotone_counts_ending_at_total_on_the_main_thread():
    hook = Recorder()
    r = reducelab.monte_carlo(["tree-dyn", "binomial"], progress=hook, **WORK)
    check_calls(hook.calls, WORK["replicates"])
    assert hook.threads == {threading.main_thread().ident}
    # The same numbers as without progress.
    assert r.csv() == reducelab.monte_carlo(["tree-dyn", "binomial"], **WORK).csv()


def test_sweep_counts_the_replicates_of_every_point():
    hook = Recorder()
    df = reducelab.sweep("fig4", n=256, replicates=2000, cv=[0.1, 1, 10], threads=1,
                         progress=hook, as_pandas=False)
    points = len(set(df["cv"].tolist()))
    assert points == 3
    check_calls(hook.calls, points * 2000)
    assert hook.threads == {threading.main_thread().ident}


def test_a_quick_call_still_ends_at_total():
    hook = Recorder()
    reducelab.monte_carlo("tree-dyn", n=8, replicates=10, progress=hook)
    assert hook.calls and hook.calls[-1] == (10, 10)


def test_an_exception_in_the_hook_stops_the_work_and_propagates():
    calls = []

    def hook(done, total):
        calls.append(done)
        raise RuntimeError("stop here")

    # Half a minute of work or more, were it not stopped.
    start = time.monotonic()
    with pytest.raises(RuntimeError, match="stop here"):
        reducelab.monte_carlo("tree-dyn", n=16384, replicates=100000, threads=1, progress=hook)
    assert time.monotonic() - start < 5.0
    assert len(calls) == 1


class FakeTqdm:
    """Records how the package drives tqdm's API."""
    made = []

    def __init__(self, **kwargs):
        self.kwargs = kwargs
        self.total = kwargs.get("total")
        self.n = 0
        self.closed = False
        FakeTqdm.made.append(self)

    def reset(self, total=None):
        self.total = total
        self.n = 0

    def update(self, k):
        assert k >= 0
        self.n += k

    def close(self):
        self.closed = True


@pytest.fixture
def fake_tqdm(monkeypatch):
    tqdm = pytest.importorskip("tqdm")
    FakeTqdm.made = []
    monkeypatch.setattr(tqdm, "tqdm", FakeTqdm)
    return FakeTqdm


def test_progress_true_uses_tqdm(fake_tqdm):
    reducelab.monte_carlo("tree-dyn", progress=True, **WORK)
    assert len(fake_tqdm.made) == 1
    bar = fake_tqdm.made[0]
    assert bar.total == WORK["replicates"] and bar.n == WORK["replicates"]
    assert bar.closed
    assert bar.kwargs["delay"] == 0 and bar.kwargs["file"] is sys.stderr


def test_progress_true_with_real_tqdm_writes_a_bar(capsys):
    pytest.importorskip("tqdm")
    reducelab.monte_carlo("tree-dyn", n=64, replicates=2000, progress=True)
    err = capsys.readouterr().err
    assert "monte_carlo" in err and "2000/2000" in err and "100%" in err


def test_without_tqdm_a_line_of_text_on_stderr(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm", None)  # import tqdm raises ImportError
    reducelab.monte_carlo("tree-dyn", n=64, replicates=2000, progress=True)
    err = capsys.readouterr().err
    assert err.endswith("monte_carlo: 100% (2000/2000 replicates)\n"), err


def test_no_progress_by_default_in_a_script(fake_tqdm, capsys):
    reducelab.monte_carlo("tree-dyn", n=64, replicates=2000)
    reducelab.monte_carlo("tree-dyn", n=64, replicates=2000, progress=False)
    assert fake_tqdm.made == []
    assert capsys.readouterr().err == ""


def test_by_default_in_a_notebook_a_bar_for_work_that_lasts(fake_tqdm, monkeypatch):
    monkeypatch.setattr(_progress, "_in_notebook", lambda: True)
    reducelab.sweep("fig4", n=64, replicates=100, cv=1, as_pandas=False)
    assert len(fake_tqdm.made) == 1
    # tqdm's delay: nothing is drawn for work shorter than that.
    assert fake_tqdm.made[0].kwargs["delay"] == _progress.NOTEBOOK_DELAY_S > 0


def test_notebook_default_text_is_silent_for_quick_work(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setattr(_progress, "_in_notebook", lambda: True)
    reducelab.monte_carlo("tree-dyn", n=64, replicates=2000)
    assert capsys.readouterr().err == ""


def test_in_notebook_is_false_outside_a_kernel():
    assert _progress._in_notebook() is False


@pytest.mark.parametrize("bad", ["yes", 1, [print]])
def test_a_wrong_progress_is_a_type_error(bad):
    with pytest.raises(TypeError, match="progress must be True, False, None or a callable"):
        reducelab.monte_carlo("tree-dyn", n=8, replicates=10, progress=bad)
