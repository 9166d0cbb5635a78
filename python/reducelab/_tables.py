"""Monte Carlo results as tables: confidence intervals, pandas DataFrames indexed by algorithm,
HTML for notebooks, and paired differences on common random numbers (Summary and
MonteCarloResult, reducelab/_api.py, take these methods from the classes here). The z of an
interval comes from the core (normalQuantileTwoSided, core/experiment/paired_stats.h)."""

from __future__ import annotations

import html
import math
from typing import TYPE_CHECKING

import numpy as np

from . import _reducelab as _core
from ._reducelab import Error

if TYPE_CHECKING:
    import pandas

    from ._api import AlgorithmArg


def _z(level):
    from ._api import _number  # _api imports this module at its top

    return _core.normal_quantile_two_sided(_number(level, "level"))


def _interval(mean, std_error, z):
    if math.isnan(std_error):
        return (math.nan, math.nan)
    return (mean - z * std_error, mean + z * std_error)


def _shown(x):
    """A number as the application shows it (6 significant digits, formatSignificant)."""
    return f"{x:.6g}"


class SummaryTables:
    """Summary's confidence interval."""

    mean: float
    std_error: float

    def ci(self, level: float = 0.95) -> tuple[float, float]:
        """The normal-approximation confidence interval of the mean, (low, high): mean ∓ z ×
        std_error, z the two-sided normal quantile of `level` (1.95996 for 0.95). (nan, nan)
        with one replicate."""
        return _interval(self.mean, self.std_error, _z(level))


class Comparison:
    """Paired differences a - b of two algorithms' makespans on the same replicates (common
    random numbers: replicate r of both saw the same draws). `mean_difference` (negative: a is
    faster on average), `std_error` (of the mean difference: the sample standard deviation of
    the differences over sqrt(count), nan with one replicate), `won` (the share of replicates
    where a's makespan is below b's), `tied` (equal), `count`, `ci(level)`."""

    a: str
    b: str
    count: int
    mean_difference: float
    std_error: float
    won: float
    tied: float

    def __init__(self, a: str, b: str, differences: np.ndarray):
        self.a = a
        self.b = b
        self.count = len(differences)
        self.mean_difference = float(np.mean(differences))
        self.std_error = float(np.std(differences, ddof=1) / math.sqrt(self.count)) \
            if self.count > 1 else math.nan
        self.won = float(np.mean(differences < 0))
        self.tied = float(np.mean(differences == 0))

    def ci(self, level: float = 0.95) -> tuple[float, float]:
        """The normal-approximation confidence interval of the mean difference, (low, high)."""
        return _interval(self.mean_difference, self.std_error, _z(level))

    def __repr__(self) -> str:
        return (f"<reducelab.Comparison {self.a} - {self.b}: mean_difference="
                f"{self.mean_difference!r} std_error={self.std_error!r} won={self.won!r} "
                f"count={self.count}>")


class ResultTables:
    """MonteCarloResult's tables: to_pandas(), _repr_html_(), compare(a, b)."""

    _csv: str

    def to_pandas(self, level: float = 0.95) -> pandas.DataFrame:
        """One row per algorithm, indexed by its key: the columns of `reducelab-cli mc` (n,
        replicates, mean, variance, std_error, min, the quantiles, max) with the
        `level` confidence interval of the mean (ci_low, ci_high) after std_error. Needs
        pandas (python3-pandas); csv() gives the same numbers as text."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("MonteCarloResult.to_pandas needs pandas (Debian: "
                              "python3-pandas); csv() gives the same table as text") from None
        from ._api import _csv_columns

        z = _z(level)
        out = {}
        for name, values in _csv_columns(self._csv).items():
            if name == "stderr":  # the CLI's column: std_error, as everywhere in the package
                single = out["replicates"] < 2  # no spread to estimate: nan, as numpy
                out["variance"][single] = math.nan
                values[single] = math.nan
                out["std_error"] = values
                out["ci_low"] = out["mean"] - z * values
                out["ci_high"] = out["mean"] + z * values
            else:
                out[name] = values
        return pd.DataFrame(out).set_index("algorithm")

    def _repr_html_(self) -> str:
        """The notebook's view: one row per algorithm (mean, std_error, 95 % interval, min,
        the quantiles, max, replicates), numbers to 6 significant digits."""
        summaries = list(self.values())
        probs = list(summaries[0].quantiles) if summaries else []
        header = self._csv.split("\n", 1)[0].split(",")  # the CLI's names of the quantiles
        head = ["algorithm", "mean", "std_error", "95 % CI", "min",
                *header[header.index("min") + 1:header.index("max")], "max", "replicates"]
        rows = []
        for s in summaries:
            low, high = s.ci(0.95)
            cells = [s.algorithm, _shown(s.mean), _shown(s.std_error),
                     f"[{_shown(low)}, {_shown(high)}]", _shown(s.min),
                     *[_shown(s.quantiles[p]) for p in probs], _shown(s.max), str(s.count)]
            rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in cells) +
                        "</tr>")
        return ("<table class=\"reducelab-mc\"><thead><tr>" +
                "".join(f"<th>{html.escape(h)}</th>" for h in head) +
                "</tr></thead><tbody>" + "".join(rows) + "</tbody></table>")

    def compare(self, a: AlgorithmArg, b: AlgorithmArg) -> Comparison:
        """Paired differences a - b (keys or policies) on the replicates' common random
        numbers: a Comparison (mean_difference, std_error, won, tied, ci()). Needs every
        makespan: monte_carlo(..., keep_samples=True)."""
        sa, sb = self[a], self[b]
        for s in (sa, sb):
            if s.samples is None:
                raise Error(f"compare({sa.algorithm!r}, {sb.algorithm!r}) pairs the makespans "
                            f"replicate by replicate: pass keep_samples=True to monte_carlo "
                            f"(the samples of {s.algorithm!r} were not kept)")
        return Comparison(sa.algorithm, sb.algorithm,
                          np.asarray(sa.samples) - np.asarray(sb.samples))
