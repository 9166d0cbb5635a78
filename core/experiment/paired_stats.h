#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

namespace rl {

/// The ratio of two means estimated on paired samples (replicate r of both algorithms saw the
/// same random costs), with a normal-approximation confidence interval from the delta method.
struct RatioEstimate {
    double ratio = 0.0;    ///< mean(a) / mean(b)
    double stdError = 0.0; ///< delta-method standard error of the ratio
    double low = 0.0;      ///< ratio - z * stdError
    double high = 0.0;     ///< ratio + z * stdError
    std::uint64_t count = 0;
    /// True when the interval contains `value` (e.g. 1: the two means are not told apart).
    bool contains(double value) const { return low <= value && value <= high; }
};

/// z of a two-sided normal interval of the given level (e.g. 0.95 -> 1.95996...).
double normalQuantileTwoSided(double level);

/// Ratio of means of paired samples a[r], b[r] (same length >= 2, mean(b) > 0), with the
/// delta-method variance of mean(a)/mean(b):
///   Var ~ (Var a - 2 R Cov(a, b) + R^2 Var b) / (n mean(b)^2),  R = mean(a)/mean(b),
/// which uses the pairing: common random numbers make a and b positively correlated, so the
/// interval is much narrower than for independent samples. Throws InputError on bad input.
RatioEstimate pairedRatio(const std::vector<double>& a, const std::vector<double>& b,
                          double level = 0.95);
/// As above on the first `count` elements of each array.
RatioEstimate pairedRatio(const double* a, const double* b, std::size_t count, double level = 0.95);

/// The best of several algorithms (smallest mean) at one grid cell, with its margin.
struct BestMethod {
    int best = -1;               ///< index into the candidates
    int runnerUp = -1;           ///< -1 with a single candidate
    double margin = 0.0;         ///< mean(runner-up) - mean(best) >= 0
    double relativeMargin = 0.0; ///< margin / mean(best) (0 when mean(best) is 0)
    double diffStdError = 0.0;   ///< standard error of the paired difference runner-up - best
    /// The best two are not separated: margin <= diffStdError (one standard error of the
    /// paired difference). Also true when both have identical samples.
    bool tie = false;
};

/// Compares the paired samples of each candidate (all of one length >= 2) on their means.
/// Ties in the mean itself go to the lower index. Throws InputError on bad input.
BestMethod bestMethod(const std::vector<const double*>& samples, std::size_t count);

/// The index r whose value is nearest the median (type 7) of `values`, the lowest such r on a
/// tie: the replicate to show when drilling into a cell. Throws InputError when empty.
std::size_t nearestToMedian(const double* values, std::size_t count);

/// What a figure needs from one grid point's paired samples beyond the summaries: the replicate
/// to drill into for each algorithm, the first two algorithms' ratio (Fig. 5) and the best
/// method (Fig. 6), each with the replicate that shows it.
struct PointAnalysis {
    /// Per algorithm: the replicate whose makespan is nearest that algorithm's median.
    std::vector<std::uint64_t> medianReplicate;
    /// algorithms[0] over algorithms[1], when there are two or more and mean(b) > 0.
    std::optional<RatioEstimate> ratio01;
    /// The replicate whose paired difference algorithms[0] - algorithms[1] is nearest its median.
    std::uint64_t ratioReplicate = 0;
    std::optional<BestMethod> best;
    /// The replicate whose paired difference runner-up - best is nearest its median.
    std::uint64_t bestReplicate = 0;
};

/// The analysis of one point from each algorithm's `count` makespans by replicate (`count` >= 1;
/// the ratio and the best method need two replicates).
PointAnalysis analysePoint(const std::vector<const double*>& samples, std::size_t count);

/// The replicate nearest the median of the paired differences samples[a][r] - samples[b][r]
/// (nearestToMedian() of them), when the caller can find it faster than from the samples.
using DifferenceMedian = std::function<std::optional<std::uint64_t>(std::size_t a, std::size_t b)>;

/// analysePoint() with each algorithm's median replicate already found (nearestToMedian() of
/// its makespans, which a point job finds from its sorted blocks), and the differences' median
/// replicates that `differenceMedian` finds: the rest sums over the replicates in their order.
PointAnalysis analysePoint(const std::vector<const double*>& samples, std::size_t count,
                           std::vector<std::uint64_t> medianReplicate,
                           const DifferenceMedian& differenceMedian = {});

} // namespace rl
