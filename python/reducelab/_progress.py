"""Progress of monte_carlo and sweep: a tqdm bar where tqdm is installed (Debian python3-tqdm),
a line of text on stderr otherwise, or the caller's own hook. The extension calls the hook with
(done, total) from the calling thread's polling loop (module_def.cpp, interruptible), never
from a worker thread, so a hook may touch anything a notebook cell may."""

from __future__ import annotations

import sys
import time
from typing import Any, Callable, Optional, TextIO, Union

#: What `progress=` accepts: None (a bar in a notebook for work that lasts, else none), True,
#: False, or a callable taking (done, total).
ProgressArg = Union[None, bool, Callable[[int, int], Any]]

#: In a notebook (progress=None), the bar appears only for work that lasts longer than this.
NOTEBOOK_DELAY_S = 2.0
#: The text line is rewritten at most this often.
TEXT_INTERVAL_S = 0.5


def _in_notebook() -> bool:
    """True in a Jupyter kernel (a shell with a kernel: notebook, JupyterLab, VS Code), False in
    a script, the terminal or terminal IPython."""
    ipython = sys.modules.get("IPython")
    if ipython is None:
        return False
    try:
        shell = ipython.get_ipython()
    except Exception:  # noqa: BLE001 (an odd IPython is no notebook)
        return False
    return shell is not None and getattr(shell, "kernel", None) is not None


def _tqdm_class() -> Optional[type]:
    """tqdm's bar class, the notebook's widget where it can be drawn (ipywidgets), or None
    when tqdm is not installed."""
    try:
        import tqdm
    except ImportError:
        return None
    if _in_notebook():
        try:
            import ipywidgets  # noqa: F401 (tqdm.notebook draws with it)
            import tqdm.notebook

            return tqdm.notebook.tqdm
        except ImportError:
            pass
    return tqdm.tqdm


class _TextProgress:
    """'monte_carlo: 40% (4000/10000 replicates)' on stderr, rewritten in place at most every
    TEXT_INTERVAL_S, shown only once `delay` seconds have passed."""

    def __init__(self, desc: str, unit: str, delay: float, file: Optional[TextIO] = None):
        self._desc = desc
        self._unit = unit
        self._file = file if file is not None else sys.stderr
        self._start = time.monotonic()
        self._delay = delay
        self._last = -1.0
        self._shown = False
        self._line = ""

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        self._line = f"{self._desc}: {100 * done // total}% ({done}/{total} {self._unit}s)"
        if now - self._start < self._delay:
            return
        if done < total and now - self._last < TEXT_INTERVAL_S:
            return
        self._last = now
        self._shown = True
        self._file.write("\r" + self._line)
        self._file.flush()

    def close(self) -> None:
        if self._shown:
            self._file.write("\n")
            self._file.flush()


class _TqdmProgress:
    """A tqdm bar fed (done, total)."""

    def __init__(self, cls: type, desc: str, unit: str, delay: float):
        self._bar = cls(total=None, desc=desc, unit=unit, delay=delay, file=sys.stderr,
                        leave=True, dynamic_ncols=True)

    def __call__(self, done: int, total: int) -> None:
        if self._bar.total != total:
            # reset, not an assignment: the notebook's widget takes its new length from it.
            self._bar.reset(total=total)
        self._bar.update(done - self._bar.n)

    def close(self) -> None:
        self._bar.close()


class _Hook:
    """A callable given as progress=: called as it is, nothing to close."""

    def __init__(self, fn: Callable[[int, int], Any]):
        self._fn = fn

    def __call__(self, done: int, total: int) -> None:
        self._fn(done, total)

    def close(self) -> None:
        pass


class Reporter:
    """`with Reporter(progress, "monte_carlo", "replicate") as hook:` gives the extension its
    hook (None: no progress) and closes the bar when the work ends, however it ends."""

    def __init__(self, progress: ProgressArg, desc: str, unit: str):
        from ._api import _WrongType, _shown  # _api imports this module at its top

        self._sink: Any = None
        if progress is None:
            if not _in_notebook():
                return
            delay = NOTEBOOK_DELAY_S
        elif isinstance(progress, bool):
            if not progress:
                return
            delay = 0.0
        elif callable(progress):
            self._sink = _Hook(progress)
            return
        else:
            raise _WrongType(f"progress must be True, False, None or a callable taking "
                             f"(done, total), not {_shown(progress)}")
        cls = _tqdm_class()
        self._sink = (_TqdmProgress(cls, desc, unit, delay) if cls is not None
                      else _TextProgress(desc, unit, delay))

    def __enter__(self) -> Optional[Callable[[int, int], None]]:
        return self._sink

    def __exit__(self, *exc: object) -> None:
        if self._sink is not None:
            self._sink.close()
