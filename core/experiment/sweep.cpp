#include "experiment/sweep.h"

#include "experiment/point_job.h"

#include "base/input_error.h"
#include "base/limits.h"
#include "base/text_util.h"

#include <cmath>
#include <optional>

namespace rl {

std::vector<double> logSpace(double a, double b, int k) {
    std::vector<double> out;
    if (k == 1) {
        return {a};
    }
    const double la = std::log10(a);
    const double lb = std::log10(b);
    for (int i = 0; i < k; ++i) {
        out.push_back(i == 0 ? a : (i == k - 1 ? b : std::pow(10.0, la + (lb - la) * i / (k - 1))));
    }
    return out;
}

std::vector<double> parseGrid(std::string_view text, std::string_view role) {
    const std::string ctx = std::string(role) + " grid '" + std::string(text) + "'";
    const std::vector<std::string> parts = splitString(text, ':');
    if (parts.size() == 1) {
        const double v = parseNumber(parts[0], ctx);
        if (!std::isfinite(v) || v < 0.0) {
            throw InputError(ctx + ": the value must be finite and >= 0");
        }
        checkMagnitude(v, ctx);
        return {v};
    }
    if (parts.size() != 3) {
        throw InputError(ctx + ": expected A:B:K (K log-spaced values from A to B) or one value");
    }
    const double a = parseNumber(parts[0], ctx);
    const double b = parseNumber(parts[1], ctx);
    const auto k = static_cast<int>(parseInteger(parts[2], ctx + ": K", 1, 10000));
    if (!(a > 0.0 && b > 0.0 && std::isfinite(a) && std::isfinite(b))) {
        throw InputError(ctx + ": a log-spaced grid needs finite bounds > 0");
    }
    // Figures and contours take grids in increasing order, each value once (found by fuzzing:
    // "10:0.1:5" used to give a decreasing grid and "1:1:3" three equal points).
    if (k > 1 && !(a < b)) {
        throw InputError(ctx + ": A must be smaller than B (K values from A up to B)");
    }
    std::vector<double> grid = logSpace(a, b, k);
    for (std::size_t i = 0; i < grid.size(); ++i) {
        checkMagnitude(grid[i], ctx);
        if (i > 0 && !(grid[i] > grid[i - 1])) {
            throw InputError(ctx + ": A and B are too close for " + std::to_string(k) +
                             " distinct values");
        }
    }
    return grid;
}

std::string_view figureKey(Figure fig) {
    switch (fig) {
    case Figure::Fig4:
        return "fig4";
    case Figure::Fig5:
        return "fig5";
    case Figure::Fig6:
        return "fig6";
    }
    return "fig4";
}

Figure parseFigure(std::string_view key) {
    for (Figure f : {Figure::Fig4, Figure::Fig5, Figure::Fig6}) {
        if (key == figureKey(f)) {
            return f;
        }
    }
    throw InputError("unknown figure " + quoted(key) + " (known: fig4, fig5, fig6)");
}

std::string_view sweepFamilyKey(LawKind family) {
    switch (family) {
    case LawKind::Uniform:
        return "uniform";
    case LawKind::Bernoulli:
        return "bernoulli";
    default:
        return "gamma";
    }
}

LawKind parseSweepFamily(std::string_view key) {
    for (LawKind k : {LawKind::Gamma, LawKind::Uniform, LawKind::Bernoulli}) {
        if (key == sweepFamilyKey(k)) {
            return k;
        }
    }
    throw InputError("unknown law family " + quoted(key) + " (known: gamma, uniform, bernoulli)");
}

SweepSpec SweepSpec::figure(Figure fig) {
    SweepSpec s;
    s.n = 64;
    s.transferMean = 1.0;
    s.family = LawKind::Gamma;
    switch (fig) {
    case Figure::Fig4:
        s.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn,
                        AlgorithmId::NonCommutTreeDyn};
        s.cvs = logSpace(0.01, 10.0, 25);
        s.ratios = {0.0};
        s.replicates = 1000000;
        break;
    case Figure::Fig5:
        s.algorithms = {AlgorithmId::FibonacciStat, AlgorithmId::TreeDyn};
        s.cvs = logSpace(0.01, 10.0, 31);
        s.ratios = logSpace(0.1, 10.0, 21);
        s.replicates = 1000;
        break;
    case Figure::Fig6:
        s.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::FibonacciStat,
                        AlgorithmId::NonCommutTreeDyn};
        s.nonCommutative = true;
        s.cvs = logSpace(0.01, 10.0, 31);
        s.ratios = logSpace(0.1, 10.0, 21);
        s.replicates = 1000;
        break;
    }
    return s;
}

McConfig SweepSpec::pointConfig(double cv, double ratio) const {
    McConfig c;
    c.algorithms = algorithms;
    c.n = n;
    c.nonCommutative = nonCommutative;
    const Law transfer{family, transferMean, cv};
    const Law reduction = ratio == 0.0 ? Law::constant(0.0) : Law{family, ratio * transferMean, cv};
    c.costs = CostModel::perOperation(transfer, reduction);
    c.replicates = replicates;
    c.seed = seed;
    c.threads = threads;
    c.quantiles = quantiles;
    return c;
}

void SweepSpec::validate() const {
    if (family != LawKind::Gamma && family != LawKind::Uniform && family != LawKind::Bernoulli) {
        throw InputError("a sweep needs a law family with a CV: gamma, uniform or bernoulli");
    }
    if (cvs.empty() || ratios.empty()) {
        throw InputError("a sweep needs at least one CV and one ratio");
    }
    if (!(std::isfinite(transferMean) && transferMean >= 0.0)) {
        throw InputError("the mean transfer cost must be finite and >= 0");
    }
    for (double r : ratios) {
        if (!(std::isfinite(r) && r >= 0.0)) {
            throw InputError("ratio " + formatNumber(r) + " must be finite and >= 0");
        }
    }
    for (double cv : cvs) {
        pointConfig(cv, ratios.front()).validate();
        pointConfig(cv, ratios.back()).validate();
    }
}

bool SweepSpec::analysesPairs() const {
    return replicates <= McConfig{}.exactQuantileLimit;
}

std::vector<McConfig> SweepSpec::pointConfigs() const {
    const bool pairs = analysesPairs();
    std::vector<McConfig> points;
    for (double ratio : ratios) {
        for (double cv : cvs) {
            points.push_back(pointConfig(cv, ratio));
            points.back().analysePairs = pairs;
        }
    }
    return points;
}

SweepResult runSweep(const SweepSpec& spec, const SweepProgress& progress,
                     const std::function<void(const std::vector<SweepRow>&)>& onPoint) {
    spec.validate();
    std::vector<McConfig> points;
    for (double ratio : spec.ratios) {
        for (double cv : spec.cvs) {
            points.push_back(spec.pointConfig(cv, ratio));
        }
    }
    std::vector<std::size_t> pending(points.size());
    for (std::size_t p = 0; p < pending.size(); ++p) {
        pending[p] = p;
    }
    // Every point's units on every thread (experiment/point_job.h); the rows go out in grid
    // order, as the finished prefix of the points grows.
    std::vector<std::optional<McResult>> done(points.size());
    SweepResult result;
    std::size_t prefix = 0;
    bool stopped = false; // a cancel may come with the last progress report
    const SweepProgress report = [&](std::uint64_t done, std::uint64_t total) {
        stopped = stopped || (progress && !progress(done, total));
        return !stopped;
    };
    LocalExecutor local;
    local.run(
        points, pending,
        [&](std::size_t point, McResult&& r) {
            done[point] = std::move(r);
            for (; prefix < done.size() && done[prefix]; ++prefix) {
                std::vector<SweepRow> rows;
                for (McSummary& s : done[prefix]->summaries) {
                    rows.push_back({spec.cvs[prefix % spec.cvs.size()],
                                    spec.ratios[prefix / spec.cvs.size()], std::move(s)});
                }
                if (onPoint) {
                    onPoint(rows);
                }
                result.rows.insert(result.rows.end(), rows.begin(), rows.end());
                done[prefix].reset();
            }
        },
        report);
    if (prefix == points.size()) {
        const std::uint64_t total = spec.replicates * points.size();
        report(total, total);
    }
    result.cancelled = stopped || prefix < points.size();
    return result;
}

std::string sweepCsvHeader(const std::vector<double>& quantileProbs) {
    return "cv,ratio," + mcCsvHeader(quantileProbs);
}

std::string sweepCsvRow(const SweepRow& row, int n) {
    return formatNumber(row.cv) + "," + formatNumber(row.ratio) + "," + mcCsvRow(row.summary, n);
}

} // namespace rl
