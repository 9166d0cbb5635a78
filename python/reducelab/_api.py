"""The package's functions over the core (reducelab._reducelab): keyword arguments as the
command line spells them, numpy arrays for samples and columns, pandas and matplotlib when they
are installed. Defaults come from the core (_reducelab.defaults()), never from here."""

import os
from collections.abc import Mapping

import numpy as np

from . import _reducelab as _core
from ._reducelab import Error

_DEFAULTS = _core.defaults()


def algorithms():
    """The built-in algorithms, in registry order: a list of dicts (key, name, summary, static,
    clairvoyant, noncommutative)."""
    return _core.builtin_algorithms()


def colours(dark=False):
    """The app's colours ('#rrggbb'): background, foreground, transfer, reduction, critical,
    reception, categories, ... (core/base/theme_colours.h, the views' one source)."""
    return _core.colours(dark)


def _platform(n, transfer, reduction, seed, noncommutative, matrix, preset, draw_matrix):
    """The platform dict the core reads (module_def.cpp, platformFrom)."""
    given = [name for name, v in (("matrix", matrix), ("preset", preset)) if v is not None]
    if draw_matrix:
        given.append("draw_matrix")
    if len(given) > 1:
        raise Error("give at most one of matrix, preset and draw_matrix, not " + " and ".join(given))
    p = {
        "n": _DEFAULTS["n"] if n is None else _integer(n, "n"),
        "n_given": n is not None,
        "transfer": _DEFAULTS["transfer"] if transfer is None else _text(transfer, "transfer"),
        "reduction": _DEFAULTS["reduction"] if reduction is None else _text(reduction, "reduction"),
        "seed": _DEFAULTS["seed"] if seed is None else _integer(seed, "seed", 0),
        "noncommutative": bool(noncommutative),
        "matrix_file": None,
        "d": None,
        "c": None,
        "preset": None if preset is None else _text(preset, "preset"),
        "draw_matrix": bool(draw_matrix),
    }
    if matrix is not None:
        if transfer is not None or reduction is not None:
            raise Error("matrix: fixed costs replace the transfer and reduction laws: give one")
        if isinstance(matrix, (str, os.PathLike)):
            p["matrix_file"] = os.fspath(matrix)
        else:
            try:
                d, c = matrix
            except (TypeError, ValueError):
                raise Error("matrix: a CSV file's path, or a pair (d, c): the n x n transfer "
                            "costs and the n reduction costs") from None
            d = np.asarray(d, dtype=float)
            c = np.asarray(c, dtype=float)
            if d.ndim != 2 or d.shape[0] != d.shape[1] or c.shape != (d.shape[0],):
                raise Error(f"matrix: d must be n x n and c of length n (got {d.shape} and "
                            f"{c.shape})")
            p["d"], p["c"] = d, c
    return p


def _integer(v, what, lo=1):
    if isinstance(v, bool) or not isinstance(v, (int, np.integer)):
        raise Error(f"{what} must be an integer, not {v!r}")
    if v < lo:
        raise Error(f"{what} must be at least {lo}, not {v}")
    return int(v)


def _text(v, what):
    if not isinstance(v, str):
        raise Error(f"{what} must be a str as the command line writes it (e.g. 'gamma:1:1'), "
                    f"not {v!r}")
    return v


# ---------------------------------------------------------------------------------------------
# simulate


class Schedule:
    """One run's schedule: makespan, the transfers and reductions (numpy structured arrays), the
    tree (parent), the critical path; to_pandas(), plot(), save(path)."""

    _TRANSFER = np.dtype([("sender", np.int32), ("receiver", np.int32), ("start", float),
                          ("end", float)])
    _REDUCTION = np.dtype([("processor", np.int32), ("sender", np.int32),
                           ("transfer", np.int32), ("start", float), ("end", float)])

    def __init__(self, raw):
        self._raw = raw
        self.algorithm = raw["algorithm"]
        self.name = raw["name"]
        self.n = raw["n"]
        self.noncommutative = raw["noncommutative"]
        self.makespan = raw["makespan"]
        self.root = raw["root"]
        self.parent = raw["parent"]
        self.critical_path = list(raw["critical"])
        self.narration = raw["narration"]
        t = raw["transfers"]
        self.transfers = np.zeros(len(t["start"]), dtype=self._TRANSFER)
        for field in self._TRANSFER.names:
            self.transfers[field] = t[field]
        r = raw["reductions"]
        self.reductions = np.zeros(len(r["start"]), dtype=self._REDUCTION)
        for field in self._REDUCTION.names:
            self.reductions[field] = r[field]

    def __repr__(self):
        return (f"<reducelab.Schedule {self.algorithm} n={self.n} "
                f"makespan={self.makespan!r}>")

    def to_pandas(self):
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

    def plot(self, ax=None, dark=False, critical=True):
        """A Gantt chart with matplotlib, in the app's colours: one row per processor, its
        reductions (and the transfers it receives, as the app's reception bars), the transfers
        as arrows from sender to receiver, the critical path highlighted. Returns the Axes."""
        import matplotlib.pyplot as plt

        c = colours(dark)
        if ax is None:
            _, ax = plt.subplots(figsize=(8, max(2.5, 0.3 * self.n + 1)))
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
        ax.set_yticks(range(self.n))
        ax.set_yticklabels([f"P{p}" for p in range(self.n)])
        ax.set_xlim(0, self.makespan * 1.02 if self.makespan > 0 else 1)
        ax.set_xlabel("time")
        ax.set_title(f"{self.name}: makespan {self.makespan:.6g}", color=c["foreground"],
                     loc="left")
        from matplotlib.patches import Patch

        legend = [Patch(color=c["reception"], label="receiving"),
                  Patch(color=c["reduction"], label="reduction")]
        if crit:
            legend.append(Patch(color=c["critical"], label="critical path"))
        ax.legend(handles=legend, ncol=len(legend), loc="lower right", bbox_to_anchor=(1, 1),
                  frameon=False, fontsize="small", labelcolor=c["foreground"])
        for side in ax.spines.values():
            side.set_color(c["muted"])
        ax.tick_params(colors=c["foreground"])
        ax.xaxis.label.set_color(c["foreground"])
        return ax

    def scenario(self):
        """The scenario file's text (JSON, the GUI's format): the platform, the seed, the
        replicate and the algorithm (with the policy's file and class, for a policy)."""
        return self._raw["scenario"]

    def save(self, path):
        """Writes the scenario file (JSON) that the GUI opens (File > Open, or `reducelab
        FILE`) to replay this run, and `reducelab-cli run --scenario FILE` runs again. Atomic:
        all or nothing."""
        _core.write_file(os.fspath(path), self._raw["scenario"])


def simulate(algorithm=None, *, policy=None, n=None, transfer=None, reduction=None, seed=None,
             replicate=0, noncommutative=False, matrix=None, preset=None, draw_matrix=False,
             narrate=False):
    """One run: `algorithm` a built-in key ("tree-dyn") or a policy, or `policy=` a policy
    (a reducelab.Policy subclass or instance). The laws as the CLI writes them
    (transfer="gamma:1:1"); `matrix` fixed costs (a CSV file's path or a pair (d, c)),
    `preset` a preset ("homog:1:0"), `draw_matrix` a matrix drawn from the laws. Defaults: the
    CLI's. `narrate`: also the narration's sentences (Schedule.narration). Returns a Schedule.
    """
    if (algorithm is None) == (policy is None):
        raise Error("simulate: give algorithm= (a key such as 'tree-dyn') or policy=, one of them")
    source = algorithm if algorithm is not None else policy
    platform = _platform(n, transfer, reduction, seed, noncommutative, matrix, preset,
                         draw_matrix)
    return Schedule(_core.simulate(source, platform, _integer(replicate, "replicate", 0),
                                   bool(narrate)))


# ---------------------------------------------------------------------------------------------
# monte_carlo


class Summary:
    """One algorithm's Monte Carlo summary: count, mean, variance, std_error, min, max,
    quantile(p), histogram, samples (numpy, when kept)."""

    def __init__(self, raw):
        self.algorithm = raw["algorithm"]
        self.name = raw["name"]
        self.count = raw["count"]
        self.mean = raw["mean"]
        self.variance = raw["variance"]
        self.std_error = raw["std_error"]
        self.min = raw["min"]
        self.max = raw["max"]
        self.exact_quantiles = raw["exact_quantiles"]
        self.quantile_relative_error = raw["quantile_relative_error"]
        self.quantiles = dict(zip(raw["quantile_probs"], raw["quantiles"]))
        self.histogram = raw["histogram"]
        self.histogram_range = (raw["histogram_low"], raw["histogram_high"])
        self.samples = raw["samples"]

    def quantile(self, p):
        """The quantile of probability p (type 7, as numpy's default and the CLI): one of the
        probabilities computed (monte_carlo's `quantiles`), or any p when the samples were
        kept."""
        p = float(p)
        if not 0.0 <= p <= 1.0:
            raise Error(f"quantile: p must be in [0, 1], not {p!r}")
        if p in self.quantiles:
            return self.quantiles[p]
        if self.samples is not None:
            return _core.quantiles_type7(self.samples, [p])[0]
        raise Error(f"quantile({p!r}) was not computed: pass quantiles=[..., {p!r}] to "
                    f"monte_carlo, or keep_samples=True (computed: "
                    f"{', '.join(repr(q) for q in self.quantiles)})")

    def __repr__(self):
        return (f"<reducelab.Summary {self.algorithm}: mean={self.mean!r} "
                f"variance={self.variance!r} count={self.count}>")


class MonteCarloResult(Mapping):
    """The summaries of monte_carlo, by algorithm key, in the order given."""

    def __init__(self, summaries, csv):
        self._summaries = {s.algorithm: s for s in summaries}
        self._csv = csv

    def __getitem__(self, key):
        if isinstance(key, str):
            return self._summaries[key]
        info = _core.policy_info(key)  # a policy: its key
        return self._summaries[info["key"]]

    def __iter__(self):
        return iter(self._summaries)

    def __len__(self):
        return len(self._summaries)

    def __repr__(self):
        return "<reducelab.MonteCarloResult " + ", ".join(
            f"{k}: mean={s.mean:.6g}" for k, s in self._summaries.items()) + ">"

    def to_pandas(self):
        """One row per algorithm, the columns of `reducelab-cli mc` (algorithm, n, replicates,
        mean, variance, stderr, min, q10, q50, q90, max); a dict of numpy columns without
        pandas."""
        return _frame(_csv_columns(self._csv), None)

    def csv(self):
        """The CSV that `reducelab-cli mc` prints with the same arguments."""
        return self._csv


def monte_carlo(algorithms=("tree-dyn",), *, n=None, replicates=None, seed=None, transfer=None,
                reduction=None, noncommutative=False, threads=None, keep_samples=False,
                quantiles=None, matrix=None, preset=None, draw_matrix=False):
    """Replicates of each algorithm on common random numbers (each replicate's draws shared by
    every algorithm). `algorithms`: keys and/or policies (or "all", or "a,b" as the CLI).
    Defaults: the CLI's mc (n 64, 1000 replicates, all cores). Python policies run one at a
    time (the interpreter's lock); built-ins beside them use every thread. Returns a
    MonteCarloResult: result["tree-dyn"].mean, .variance, .quantile(0.5), .samples."""
    if n is None:
        n = _DEFAULTS["mc_n"]
    platform = _platform(n, transfer, reduction, seed, noncommutative, matrix, preset,
                         draw_matrix)
    raw = _core.monte_carlo(
        algorithms, platform,
        _DEFAULTS["replicates"] if replicates is None else _integer(replicates, "replicates"),
        _DEFAULTS["threads"] if threads is None else _integer(threads, "threads", 0),
        bool(keep_samples),
        _DEFAULTS["quantiles"] if quantiles is None else [float(q) for q in quantiles])
    return MonteCarloResult([Summary(s) for s in raw["summaries"]], raw["csv"])


# ---------------------------------------------------------------------------------------------
# sweep

def sweep(figure, *, n=None, replicates=None, cv=None, ratio=None, algorithms=None,
          family=None, mean=None, seed=None, threads=None, quantiles=None, as_pandas=None):
    """The grid of one of the paper's figures ("fig4", "fig5", "fig6") with the CLI's options
    (None: the paper's setting, as `reducelab-cli sweep`): cv and ratio as "A:B:K", one value
    or a list; algorithms keys and/or policies. Returns the CSV of `reducelab-cli sweep` as a
    pandas DataFrame, or a dict of numpy columns when pandas is not installed (or
    as_pandas=False)."""
    options = {}
    for key, value in (("n", n), ("replicates", replicates), ("cv", cv), ("ratio", ratio),
                       ("algorithms", algorithms), ("family", family), ("mean", mean),
                       ("seed", seed), ("threads", threads), ("quantiles", quantiles)):
        options[key] = value
    for key in ("n", "replicates"):
        if options[key] is not None:
            options[key] = _integer(options[key], key)
    if seed is not None:
        options["seed"] = _integer(seed, "seed", 0)
    if threads is not None:
        options["threads"] = _integer(threads, "threads", 0)
    csv = _core.sweep_csv(_text(figure, "figure"), options)
    return _frame(_csv_columns(csv), as_pandas)


def _frame(columns, as_pandas):
    """`columns` as a pandas DataFrame, or as they are when pandas is missing (as_pandas None)
    or not wanted (False)."""
    if as_pandas is False:
        return columns
    try:
        import pandas as pd
    except ImportError:
        if as_pandas:
            raise
        return columns
    return pd.DataFrame(columns)


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
