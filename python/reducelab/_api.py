"""The package's functions over the core (reducelab._reducelab): keyword arguments as the
command line spells them, numpy arrays for samples and columns, pandas and matplotlib when they
are installed. Defaults come from the core (_reducelab.defaults()), never from here."""

from __future__ import annotations

import json
import math
import numbers
import os
import warnings
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Optional, Union

import numpy as np
import numpy.typing as npt

from . import _reducelab as _core
from ._laws import Law
from ._progress import ProgressArg, Reporter
from ._reducelab import Error, Policy
from ._tables import ResultTables, SummaryTables

if TYPE_CHECKING:
    import matplotlib.axes
    import pandas

#: An algorithm: a built-in's key ("tree-dyn") or a reducelab.Policy subclass or instance.
AlgorithmArg = Union[str, Policy, "type[Policy]"]
#: Several: one of them, "all" or "a,b" as on the command line, or a list of them.
AlgorithmsArg = Union[AlgorithmArg, Sequence[AlgorithmArg]]
#: A cost law: an object (reducelab.gamma(1, 1)) or the command line's text ("gamma:1:1").
LawArg = Union[Law, str]
#: A seed: an integer in [0, 2^64) or a numpy.random.SeedSequence.
SeedArg = Union[int, np.integer, np.random.SeedSequence]
#: A file's path.
PathArg = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]
#: Fixed costs: a matrix file's path, or a pair (d, c) of the n x n transfer costs and the n
#: reduction costs.
MatrixArg = Union[PathArg, "tuple[npt.ArrayLike, npt.ArrayLike]"]
#: One number or a one-dimensional array-like of numbers.
NumbersArg = Union[float, npt.ArrayLike]

_DEFAULTS = _core.defaults()


def algorithms() -> list[dict[str, Any]]:
    """The built-in algorithms, in registry order: a list of dicts (key, name, summary, static,
    clairvoyant, noncommutative)."""
    return _core.builtin_algorithms()


def colours(dark: bool = False) -> dict[str, Any]:
    """The app's colours ('#rrggbb'): background, foreground, transfer, reduction, critical,
    reception, categories, ... (core/base/theme_colours.h, the views' one source)."""
    return _core.colours(dark)


def _platform(n, transfer, reduction, seed, noncommutative, matrix, preset, draw_matrix,
              arrival=None):
    """The platform dict the core reads (module_def.cpp, platformFrom)."""
    given = [name for name, v in (("matrix", matrix), ("preset", preset)) if v is not None]
    if draw_matrix:
        given.append("draw_matrix")
    if len(given) > 1:
        raise Error("give at most one of matrix, preset and draw_matrix, not " + " and ".join(given))
    p = {
        "n": _DEFAULTS["n"] if n is None else _processors(n),
        "n_given": n is not None,
        "transfer": _DEFAULTS["transfer"] if transfer is None else _law(transfer, "transfer"),
        "reduction": _DEFAULTS["reduction"] if reduction is None else _law(reduction, "reduction"),
        "seed": _DEFAULTS["seed"] if seed is None else _seed(seed),
        "noncommutative": bool(noncommutative),
        "matrix_file": None,
        "d": None,
        "c": None,
        "preset": None if preset is None else _text(preset, "preset"),
        "draw_matrix": bool(draw_matrix),
        "arrival": None if arrival is None else _law(arrival, "arrival"),
    }
    if matrix is not None:
        if transfer is not None or reduction is not None:
            raise Error("matrix: fixed costs replace the transfer and reduction laws: give one")
        if isinstance(matrix, (str, bytes, os.PathLike)):
            p["matrix_file"] = _path(matrix, "matrix")
        else:
            try:
                d, c = matrix
            except (TypeError, ValueError):
                raise _WrongType("matrix: a CSV file's path, or a pair (d, c): the n x n "
                                 "transfer costs and the n reduction costs") from None
            d = _float_array(d, "matrix: d")
            c = _float_array(c, "matrix: c")
            if d.ndim != 2 or d.shape[0] != d.shape[1] or c.shape != (d.shape[0],):
                raise Error(f"matrix: d must be n x n and c of length n (got {d.shape} and "
                            f"{c.shape})")
            p["d"], p["c"] = d, c
    return p


def _ompi_options(fanout, message_bytes):
    """Open MPI's parameters for the core (module_def.cpp, withOmpiParameters): ompi-chain's
    fan-out and the message size ompi-default decides for. Integers are checked here; their
    range and the algorithm they apply to are the core's rule (algorithms/ompi_parameters.h)."""
    lo, hi = -2**63, 2**63 - 1  # what the core reads: it names any value out of its range
    return {"fanout": None if fanout is None else _integer(fanout, "fanout", lo, hi),
            "message_bytes": None if message_bytes is None else
            _integer(message_bytes, "message_bytes", lo, hi)}


# Arguments: every value is checked here, so that a wrong one is named in a sentence instead of
# reaching a cast of the extension. numpy's integer and float scalars are numbers; a
# one-dimensional array-like (list, tuple, numpy array, pandas Series) is a list.


class _WrongType(Error, TypeError):
    """An argument of the wrong type: a reducelab.Error that is also a TypeError."""


def _integer(v, what, lo=1, hi=None):
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Integral):
        raise _WrongType(f"{what} must be an integer, not {_shown(v)}")
    v = int(v)
    if v < lo:
        raise Error(f"{what} must be at least {lo}, not {v}")
    if hi is not None and v > hi:
        raise Error(f"{what} must be at most {hi}, not {v}")
    return v


def _processors(n, what="n"):
    return _integer(n, what, 1, _DEFAULTS["max_n"])


def _seed(v, what="seed"):
    """A seed as the core takes it: an integer in [0, 2^64), or the first 64-bit word of a
    numpy.random.SeedSequence's state (generate_state: the same sequence, the same seed)."""
    if isinstance(v, np.random.SeedSequence):
        return int(v.generate_state(1, np.uint64)[0])
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Integral):
        raise _WrongType(f"{what} must be an integer or a numpy.random.SeedSequence, not "
                         f"{_shown(v)}")
    return _integer(v, what, 0, 2**64 - 1)


def _number(v, what):
    if isinstance(v, (bool, np.bool_)) or not isinstance(v, numbers.Real):
        raise _WrongType(f"{what} must be a number, not {_shown(v)}")
    return float(v)


def _numbers(v, what):
    """A list of floats from a number or a one-dimensional array-like of numbers."""
    if isinstance(v, numbers.Real) and not isinstance(v, (bool, np.bool_)):
        return [float(v)]
    if isinstance(v, (str, bytes, Mapping)) or not hasattr(v, "__len__") and \
            not hasattr(v, "__array__"):
        raise _WrongType(f"{what} must be a number or a list of numbers, not {_shown(v)}")
    try:
        shape = np.shape(v)
    except ValueError:  # ragged nesting
        shape = None
    if shape is None or len(shape) != 1:
        raise Error(f"{what} must be one number or a one-dimensional list of numbers, not "
                    f"an array of shape {shape if shape is not None else 'ragged'}")
    return [_number(x, f"{what}[{i}]") for i, x in enumerate(v)]


def _float_array(v, what):
    try:
        a = np.asarray(v)
    except ValueError:
        raise Error(f"{what} must be an array of numbers (its rows have different lengths)") \
            from None
    if a.dtype.kind not in "iuf":
        raise _WrongType(f"{what} must be an array of numbers, not of {a.dtype}")
    return np.asarray(a, dtype=float)


def _text(v, what, example=None):
    if not isinstance(v, str):
        also = f" (e.g. {example!r})" if example else ""
        raise _WrongType(f"{what} must be a str{also}, not {_shown(v)}")
    try:
        v.encode("utf-8")
    except UnicodeEncodeError:
        raise Error(f"{what} is not valid text (a lone surrogate): {v!r}") from None
    return v


def _law(v, what):
    if isinstance(v, Law):  # reducelab.gamma(1, 1): its canonical text, "gamma:1:1"
        return str(v)
    if not isinstance(v, str):
        raise _WrongType(f"{what} must be a law (e.g. reducelab.gamma(1, 1)) or a str as the "
                         f"command line writes it (e.g. 'gamma:1:1'), not {_shown(v)}")
    return _text(v, what)


def _path(v, what):
    """A file's path as the core reads it: bytes, so that a name that is not UTF-8 (a
    surrogate-escaped str from os.listdir) still names the file."""
    try:
        return os.fsencode(v)
    except TypeError:
        raise _WrongType(f"{what} must be a file's path, not {_shown(v)}") from None


def _is_policy(v):
    return isinstance(v, Policy) or (isinstance(v, type) and issubclass(v, Policy))


def _algorithm(v, what):
    if isinstance(v, str):
        return _text(v, what)
    if _is_policy(v):
        return v
    raise _WrongType(f"{what} must be an algorithm's key (e.g. 'tree-dyn') or a "
                     f"reducelab.Policy subclass or instance, not {_shown(v)}")


def _algorithms(v, what="algorithms"):
    """A key, a policy, "all", "a,b", or a list of keys and policies."""
    if isinstance(v, str):  # "all" or "a,b" as on the command line: the core reads it
        return _algorithm(v, what)
    if _is_policy(v):
        return [v]
    if isinstance(v, (bytes, Mapping)) or not hasattr(v, "__iter__"):
        raise _WrongType(f"{what} must be a key, a policy, or a list of them, not {_shown(v)}")
    return [_algorithm(e, f"{what}[{i}]") for i, e in enumerate(v)]


def _quantiles(v, what="quantiles"):
    """Probabilities: a number, a list, or a str as the command line writes it ("0.1,0.5")."""
    if isinstance(v, str):
        out = []
        for field in _text(v, what).split(","):
            try:
                out.append(float(field))
            except ValueError:
                raise Error(f"{what}: {field.strip()!r} is not a number (write probabilities "
                            f"as '0.1,0.5,0.9' or a list)") from None
        return out
    return _numbers(v, what)


def _grid(v, what):
    """A sweep's grid: "A:B:K" (the command line's), a number, or a list of numbers."""
    if isinstance(v, str):
        return _text(v, what)
    return _numbers(v, what)


def _shown(v):
    """v for a message: its repr, cut (an argument may be a huge array)."""
    try:
        text = repr(v)
    except Exception:  # noqa: BLE001 (a repr that raises still gets named)
        text = f"<{type(v).__name__} object>"
    return text if len(text) <= 80 else text[:77] + "..."


# ---------------------------------------------------------------------------------------------
# simulate


class Schedule:
    """One run's schedule: makespan, the transfers and reductions (numpy structured arrays), the
    tree (parent), the critical path, the seed and replicate it ran with (simulate(...,
    seed=s.seed, replicate=s.replicate) replays it); to_pandas(), plot(), save(path)."""

    _TRANSFER = np.dtype([("sender", np.int32), ("receiver", np.int32), ("start", float),
                          ("end", float)])
    _REDUCTION = np.dtype([("processor", np.int32), ("sender", np.int32),
                           ("transfer", np.int32), ("start", float), ("end", float)])

    _MAX_ROW_LABELS = 40  # processor labels on a chart's axis, at most

    algorithm: str
    name: str
    n: int
    noncommutative: bool
    makespan: float
    root: int
    arrivals: Optional[np.ndarray]
    parent: np.ndarray
    critical_path: list[tuple[str, int]]
    narration: Optional[list[str]]
    transfers: np.ndarray
    reductions: np.ndarray
    seed: int
    replicate: int

    def __init__(self, raw: dict[str, Any], seed: int, replicate: int):
        self._raw = raw
        self.algorithm = raw["algorithm"]
        self.name = raw["name"]
        self.n = raw["n"]
        self.noncommutative = raw["noncommutative"]
        self.makespan = raw["makespan"]
        self.root = raw["root"]
        # Each processor's arrival time with an arrival law (numpy), None without one.
        self.arrivals = raw["arrivals"]
        self.parent = raw["parent"]
        self.critical_path = list(raw["critical"])
        self.narration = raw["narration"]
        # The seed the run drew from (a SeedSequence's mapped to its integer) and its replicate.
        self.seed = seed
        self.replicate = replicate
        t = raw["transfers"]
        self.transfers = np.zeros(len(t["start"]), dtype=self._TRANSFER)
        for field in self._TRANSFER.names:
            self.transfers[field] = t[field]
        r = raw["reductions"]
        self.reductions = np.zeros(len(r["start"]), dtype=self._REDUCTION)
        for field in self._REDUCTION.names:
            self.reductions[field] = r[field]

    def __repr__(self) -> str:
        return (f"<reducelab.Schedule {self.algorithm} n={self.n} "
                f"makespan={self.makespan!r}>")

    def to_pandas(self) -> pandas.DataFrame:
        """Every operation, one row each: kind ('transfer' or 'reduction'), processor (the
        receiver of a transfer, where a reduction runs), sender, start, end, critical."""
        import pandas as pd

        critical = set(self.critical_path)
        rows = {"kind": [], "processor": [], "sender": [], "start": [], "end": [],
                "critical": []}
        for kind, ops, processor in (("transfer", self.transfers, "receiver"),
                                     ("reduction", self.reductions, "processor")):
            for i, op in enumerate(ops):
                rows["kind"].append(kind)
                rows["processor"].append(int(op[processor]))
                rows["sender"].append(int(op["sender"]))
                rows["start"].append(float(op["start"]))
                rows["end"].append(float(op["end"]))
                rows["critical"].append((kind, i) in critical)
        return pd.DataFrame(rows)

    def plot(self, ax: Optional[matplotlib.axes.Axes] = None, dark: bool = False,
             critical: bool = True) -> matplotlib.axes.Axes:
        """A Gantt chart with matplotlib, in the app's colours: one row per processor, its
        reductions (and the transfers it receives, as the app's reception bars), the transfers
        as arrows from sender to receiver, the critical path highlighted. Returns the Axes."""
        import matplotlib.pyplot as plt

        c = colours(dark)
        if ax is None:
            # A row of 0.3 inch up to a 12-inch figure: beyond 37 processors the rows get
            # thinner and their labels are thinned (below), as the app's chart does.
            _, ax = plt.subplots(figsize=(8, min(12.0, max(2.5, 0.3 * self.n + 1))))
        ax.set_facecolor(c["background"])
        ax.figure.set_facecolor(c["background"])
        crit = set(self.critical_path) if critical else set()
        active = self._raw["active_until"]
        for p in range(self.n):
            ax.plot([0, active[p]], [p, p], color=c["grid"], linewidth=0.8, zorder=1)
        height = 0.6
        for i, t in enumerate(self.transfers):
            on_path = ("transfer", i) in crit
            ax.barh(t["receiver"], t["end"] - t["start"], left=t["start"], height=height,
                    color=c["reception_critical" if on_path else "reception"],
                    edgecolor="none", zorder=2)
            ax.annotate("", xy=(t["end"], t["receiver"]), xytext=(t["start"], t["sender"]),
                        arrowprops={"arrowstyle": "->", "linewidth": 1.4 if on_path else 0.9,
                                    "color": c["critical" if on_path else "transfer"]},
                        zorder=4)
        for i, r in enumerate(self.reductions):
            on_path = ("reduction", i) in crit
            ax.barh(r["processor"], r["end"] - r["start"], left=r["start"], height=height,
                    color=c["critical" if on_path else "reduction"], edgecolor="none",
                    zorder=3)
        ax.axvline(self.makespan, color=c["muted"], linestyle="--", linewidth=0.8)
        ax.set_ylim(self.n - 0.5, -0.5)
        step = max(1, math.ceil(self.n / self._MAX_ROW_LABELS))
        ax.set_yticks(range(0, self.n, step))
        ax.set_yticklabels([f"P{p}" for p in range(0, self.n, step)])
        ax.set_xlim(0, self.makespan * 1.02 if self.makespan > 0 else 1)
        ax.set_xlabel("time")
        from matplotlib.patches import Patch

        legend = [Patch(color=c["reception"], label="receiving"),
                  Patch(color=c["reduction"], label="reduction")]
        if any(kind == "transfer" for kind, _ in crit):
            legend.append(Patch(color=c["reception_critical"], label="critical reception"))
        if crit:
            legend.append(Patch(color=c["critical"], label="critical path"))
        # The legend in a row of its own just above the axes, the title above it: they never
        # meet, whatever their lengths.
        ax.legend(handles=legend, ncol=len(legend), loc="lower left", bbox_to_anchor=(0, 1),
                  borderaxespad=0.2, frameon=False, fontsize="small",
                  labelcolor=c["foreground"])
        ax.set_title(f"{self.name}: makespan {self.makespan:.6g}", color=c["foreground"],
                     loc="left", pad=22)
        for side in ax.spines.values():
            side.set_color(c["muted"])
        ax.tick_params(colors=c["foreground"])
        ax.xaxis.label.set_color(c["foreground"])
        return ax

    def scenario(self) -> str:
        """The scenario file's text (JSON, the GUI's format): the platform, the seed, the
        replicate and the algorithm (with the policy's file and class, for a policy)."""
        return self._raw["scenario"]

    def save(self, path: PathArg) -> None:
        """Writes the scenario file (JSON) that the GUI opens (File > Open, or `reducelab
        FILE`) to replay this run, and `reducelab-cli run --scenario FILE` runs again. Atomic:
        all or nothing."""
        path = _path(path, "path")
        for policy in json.loads(self._raw["scenario"]).get("policies", []):
            if not policy.get("file") or not os.path.isfile(policy["file"]):
                warnings.warn(
                    f"policy '{policy.get('algorithm')}' is defined in no file that can be "
                    f"read again (a notebook cell, an interactive session): the scenario names "
                    f"it, but neither the GUI nor reducelab-cli can replay it; define the class "
                    f"in a .py file and import it", stacklevel=2)
        _core.write_file(path, self._raw["scenario"])


def simulate(algorithm: Optional[AlgorithmArg] = None, *, policy: Optional[AlgorithmArg] = None,
             n: Optional[int] = None, transfer: Optional[LawArg] = None,
             reduction: Optional[LawArg] = None, seed: Optional[SeedArg] = None,
             replicate: int = 0, noncommutative: bool = False,
             matrix: Optional[MatrixArg] = None, preset: Optional[str] = None,
             draw_matrix: bool = False, narrate: bool = False,
             arrival: Optional[LawArg] = None, fanout: Optional[int] = None,
             message_bytes: Optional[int] = None) -> Schedule:
    """One run: `algorithm` a built-in key ("tree-dyn") or a policy, or `policy=` a policy
    (a reducelab.Policy subclass or instance). The laws as the CLI writes them
    (transfer="gamma:1:1") or as objects (transfer=reducelab.gamma(1, 1)); `matrix` fixed
    costs (a CSV file's path or a pair (d, c)), `preset` a preset ("homogeneous:1:0"),
    `draw_matrix` a matrix drawn from the laws. Defaults: the CLI's. `narrate`: also the
    narration's sentences (Schedule.narration). `arrival`: a law of late arrivals, each
    processor entering at a draw of it (Schedule.arrivals; default none: all at t = 0,
    docs/model.md §1). `fanout`, `message_bytes`: ompi-chain's fan-out and the message size
    ompi-default decides for, as the CLI's --fanout and --message-bytes (Schedule.algorithm
    then "ompi-chain:8"). `seed`: an integer or a numpy.random.SeedSequence (Schedule.seed
    records the integer used). Returns a Schedule.
    """
    if (algorithm is None) == (policy is None):
        raise Error("simulate: give algorithm= (a key such as 'tree-dyn') or policy=, one of them")
    source = _algorithm(algorithm, "algorithm") if algorithm is not None else \
        _algorithm(policy, "policy")
    platform = _platform(n, transfer, reduction, seed, noncommutative, matrix, preset,
                         draw_matrix, arrival)
    platform.update(_ompi_options(fanout, message_bytes))
    replicate = _integer(replicate, "replicate", 0, 2**64 - 1)
    return Schedule(_core.simulate(source, platform, replicate, bool(narrate)),
                    platform["seed"], replicate)


# ---------------------------------------------------------------------------------------------
# monte_carlo


class Summary(SummaryTables):
    """One algorithm's Monte Carlo summary: count, mean, variance, std_error, min, max,
    quantile(p), ci(level), histogram, samples (numpy, when kept)."""

    algorithm: str
    name: str
    count: int
    mean: float
    variance: float
    std_error: float
    min: float
    max: float
    exact_quantiles: bool
    quantile_relative_error: float
    quantiles: dict[float, float]
    histogram: np.ndarray
    histogram_range: tuple[float, float]
    samples: Optional[np.ndarray]

    def __init__(self, raw: dict[str, Any]):
        self.algorithm = raw["algorithm"]
        self.name = raw["name"]
        self.count = raw["count"]
        self.mean = raw["mean"]
        # One replicate has no spread to estimate: nan, as numpy's var(ddof=1) (the CLI's CSV
        # keeps its 0).
        self.variance = raw["variance"] if self.count > 1 else math.nan
        self.std_error = raw["std_error"] if self.count > 1 else math.nan
        self.min = raw["min"]
        self.max = raw["max"]
        self.exact_quantiles = raw["exact_quantiles"]
        self.quantile_relative_error = raw["quantile_relative_error"]
        self.quantiles = dict(zip(raw["quantile_probs"], raw["quantiles"]))
        self.histogram = raw["histogram"]
        self.histogram_range = (raw["histogram_low"], raw["histogram_high"])
        self.samples = raw["samples"]

    def quantile(self, p: float) -> float:
        """The quantile of probability p (type 7, as numpy's default and the CLI): one of the
        probabilities computed (monte_carlo's `quantiles`), or any p when the samples were
        kept."""
        p = _number(p, "p")
        if not 0.0 <= p <= 1.0:
            raise Error(f"quantile: p must be in [0, 1], not {p!r}")
        for q, value in self.quantiles.items():
            # 0.1 + 0.2 asks for the 0.3 computed: a probability is matched to rounding.
            if math.isclose(p, q, rel_tol=1e-9, abs_tol=1e-12):
                return value
        if self.samples is not None:
            return _core.quantiles_type7(self.samples, [p])[0]
        keep = (", or keep_samples=True" if self.count <= _DEFAULTS["exact_quantile_limit"]
                else "")
        raise Error(f"quantile({p!r}) was not computed: pass quantiles=[..., {p!r}] to "
                    f"monte_carlo{keep} (computed: "
                    f"{', '.join(repr(q) for q in self.quantiles)})")

    def __repr__(self) -> str:
        return (f"<reducelab.Summary {self.algorithm}: mean={self.mean!r} "
                f"variance={self.variance!r} count={self.count}>")


class MonteCarloResult(ResultTables, Mapping[str, Summary]):
    """The summaries of monte_carlo, by algorithm key, in the order given; to_pandas(),
    compare(a, b) and the notebook's table (reducelab/_tables.py). `seed`: the integer seed the
    replicates drew from (a SeedSequence's mapped to it): monte_carlo(..., seed=r.seed) with
    the same other arguments gives this result again."""

    seed: int

    def __init__(self, summaries: Sequence[Summary], csv: str, seed: int):
        self._summaries = {s.algorithm: s for s in summaries}
        self._csv = csv
        self.seed = seed

    def __getitem__(self, key: AlgorithmArg) -> Summary:  # type: ignore[override]
        if isinstance(key, str):
            return self._summaries[key]
        info = _core.policy_info(key)  # a policy: its key
        return self._summaries[info["key"]]

    def __iter__(self) -> Iterator[str]:
        return iter(self._summaries)

    def __len__(self) -> int:
        return len(self._summaries)

    def __repr__(self) -> str:
        return "<reducelab.MonteCarloResult " + ", ".join(
            f"{k}: mean={s.mean:.6g}" for k, s in self._summaries.items()) + f" seed={self.seed}>"

    def csv(self) -> str:
        """The CSV that `reducelab-cli mc` prints with the same arguments."""
        return self._csv


def monte_carlo(algorithms: AlgorithmsArg = ("tree-dyn",), *, n: Optional[int] = None,
                replicates: Optional[int] = None, seed: Optional[SeedArg] = None,
                transfer: Optional[LawArg] = None, reduction: Optional[LawArg] = None,
                noncommutative: bool = False, threads: Optional[int] = None,
                keep_samples: bool = False, quantiles: Union[None, str, NumbersArg] = None,
                matrix: Optional[MatrixArg] = None, preset: Optional[str] = None,
                draw_matrix: bool = False, arrival: Optional[LawArg] = None,
                fanout: Optional[int] = None, message_bytes: Optional[int] = None,
                progress: ProgressArg = None) -> MonteCarloResult:
    """Replicates of each algorithm on common random numbers (each replicate's draws shared by
    every algorithm). `algorithms`: keys and/or policies (or "all", or "a,b" as the CLI).
    Defaults: the CLI's mc (n 64, 1000 replicates, all cores). Python policies run one at a
    time (the interpreter's lock); built-ins beside them use every thread. Returns a
    MonteCarloResult: result["tree-dyn"].mean, .variance, .quantile(0.5), .ci(), .samples;
    result.to_pandas(), result.compare(a, b) (with keep_samples=True), result.seed. `arrival`: a
    law of late arrivals, `fanout` and `message_bytes` Open MPI's parameters, as simulate's (the
    result's key is then "ompi-chain:8"). `seed`: an integer or a numpy.random.SeedSequence.
    `progress`: True for a progress bar (tqdm where installed, a line on stderr otherwise), a
    callable to be called with (done, total) replicates, False for none; None (the default)
    shows the bar in a Jupyter notebook for work that lasts over 2 seconds, none elsewhere."""
    if n is None:
        n = _DEFAULTS["mc_n"]
    count = _DEFAULTS["replicates"] if replicates is None else _replicates(replicates)
    if keep_samples and count > _DEFAULTS["exact_quantile_limit"]:
        raise Error(f"keep_samples: every makespan is kept up to "
                    f"{_DEFAULTS['exact_quantile_limit']} replicates, not {count} (beyond, "
                    f"quantiles are streamed: pass quantiles=[...] instead)")
    platform = _platform(n, transfer, reduction, seed, noncommutative, matrix, preset,
                         draw_matrix, arrival)
    platform.update(_ompi_options(fanout, message_bytes))
    entries = _algorithms(algorithms)
    threads = _DEFAULTS["threads"] if threads is None else _threads(threads)
    probs = _DEFAULTS["quantiles"] if quantiles is None else _quantiles(quantiles)
    with Reporter(progress, "monte_carlo", "replicate") as hook:
        raw = _core.monte_carlo(entries, platform, count, threads, bool(keep_samples), probs,
                                hook)
    return MonteCarloResult([Summary(s) for s in raw["summaries"]], raw["csv"],
                            platform["seed"])


# ---------------------------------------------------------------------------------------------
# sweep

def sweep(figure: str, *, n: Optional[int] = None, replicates: Optional[int] = None,
          cv: Union[None, str, NumbersArg] = None, ratio: Union[None, str, NumbersArg] = None,
          algorithms: Optional[AlgorithmsArg] = None, family: Optional[str] = None,
          mean: Optional[float] = None, seed: Optional[SeedArg] = None,
          threads: Optional[int] = None, quantiles: Union[None, str, NumbersArg] = None,
          as_pandas: Optional[bool] = None,
          progress: ProgressArg = None) -> Union[pandas.DataFrame, SweepColumns]:
    """The grid of one of the paper's figures ("fig4", "fig5", "fig6") with the CLI's options
    (None: the paper's setting, as `reducelab-cli sweep`): cv and ratio as "A:B:K", one value
    or a list; algorithms keys and/or policies; seed an integer or a
    numpy.random.SeedSequence. Returns the CSV of `reducelab-cli sweep` as a pandas DataFrame,
    or a dict of numpy columns when pandas is not installed (or as_pandas=False); either's
    `attrs["seed"]` is the integer seed it ran with. `progress` as monte_carlo's (done and total
    count the replicates of every point)."""
    checks = {"n": _processors, "replicates": _replicates, "cv": _grid, "ratio": _grid,
              "algorithms": _algorithms, "family": _text, "mean": _number, "seed": _seed,
              "threads": _threads, "quantiles": _quantiles}
    given = {"n": n, "replicates": replicates, "cv": cv, "ratio": ratio,
             "algorithms": algorithms, "family": family, "mean": mean, "seed": seed,
             "threads": threads, "quantiles": quantiles}
    options = {key: None if value is None else checks[key](value, key)
               for key, value in given.items()}
    figure = _text(figure, "figure", "fig4")
    with Reporter(progress, "sweep " + figure, "replicate") as hook:
        raw = _core.sweep_csv(figure, options, hook)
    return _frame(SweepColumns(_csv_columns(raw["csv"]), seed=raw["seed"]), as_pandas)


class SweepColumns(dict):
    """A sweep's columns as numpy arrays, by the CLI's column names (sweep with as_pandas=False
    or without pandas); attrs["seed"] is the seed it ran with, as a DataFrame's attrs."""

    attrs: dict[str, Any]

    def __init__(self, columns: Mapping[str, np.ndarray], seed: int):
        super().__init__(columns)
        self.attrs = {"seed": seed}


def _replicates(v, what="replicates"):
    return _integer(v, what, 1, _DEFAULTS["max_replicates"])


def _threads(v, what="threads"):
    return _integer(v, what, 0, _DEFAULTS["max_threads"])


def _frame(columns, as_pandas):
    """`columns` as a pandas DataFrame, or as they are when pandas is missing (as_pandas None)
    or not wanted (False); the frame keeps their attrs."""
    if as_pandas is False:
        return columns
    try:
        import pandas as pd
    except ImportError:
        if as_pandas:
            raise
        return columns
    frame = pd.DataFrame(dict(columns))
    frame.attrs.update(getattr(columns, "attrs", {}))
    return frame


def _csv_columns(csv):
    """The core's CSV (numbers written shortest round-trip: float() gives the same bits) as
    numpy columns: algorithm as str, n and replicates as int, the rest as float."""
    lines = csv.strip("\n").split("\n")
    header = lines[0].split(",")
    cells = [line.split(",") for line in lines[1:]]
    out = {}
    for j, name in enumerate(header):
        values = [row[j] for row in cells]
        if name == "algorithm":
            out[name] = np.array(values, dtype=object)
        elif name in ("n", "replicates"):
            out[name] = np.array([int(v) for v in values], dtype=np.int64)
        else:
            out[name] = np.array([float(v) for v in values], dtype=float)
    return out
