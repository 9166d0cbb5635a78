#pragma once

#include "algorithms/algorithm_registry.h"
#include "base/statistics.h"
#include "experiment/paired_stats.h"
#include "platform/cost_model.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rl {

/// Replicates per work unit of the Monte Carlo loop: fixed, so that results never depend on
/// the thread count (blocks are merged in block order).
inline constexpr std::uint64_t kMonteCarloBlock = 1024;

/// Most histogram bins a summary has.
inline constexpr int kMaxHistogramBins = 100000;
/// Most replicates of one run: with costs below kMaxMagnitude every sum stays far from overflow
/// (base/limits.h).
inline constexpr std::uint64_t kMaxReplicates = std::uint64_t{1} << 40;
/// Most worker threads a run asks for (0: every core).
inline constexpr int kMaxThreads = 1024;

/// What a Monte Carlo experiment runs and measures, whatever the platform: the one place of
/// these defaults (McStudy holds them as the user gives them, McConfig adds the platform).
struct McOptions {
    std::vector<Algorithm> algorithms;
    std::uint64_t replicates = 1000;
    int threads = 0;                              ///< 0: all hardware threads
    std::vector<double> quantiles{0.1, 0.5, 0.9}; ///< probabilities in [0, 1]
    int histogramBins = 40;
    /// Up to this many replicates, every makespan is kept and quantiles are exact; beyond it,
    /// the streaming LogHistogram gives them (relative error 2^-11), so memory stays bounded.
    std::uint64_t exactQuantileLimit = 1ULL << 24;
    /// Keep the per-replicate makespans in the result (paired analyses); exact mode only.
    bool keepSamples = false;
    /// Compute the paired analysis of the algorithms (McResult::analysis) from the makespans,
    /// without keeping them: what a figure needs, with one point's samples in memory at a time.
    /// Exact mode only.
    bool analysePairs = false;
};

/// One Monte Carlo experiment: R replicates of several algorithms on common random numbers,
/// on one platform.
struct McConfig : McOptions {
    int n = 64;
    bool nonCommutative = false;
    CostModel costs = CostModel::perOperation(Law::gamma(1.0, 1.0), Law::constant(0.0));
    std::uint64_t seed = 1;

    /// Throws InputError naming the first invalid field.
    /// Also refuses a run whose memory estimate exceeds the cap of base/limits.h.
    void validate() const;
    /// Bytes the run allocates, about: kept samples, per-block moments (saturating).
    std::uint64_t estimatedBytes() const;
};

/// The summary of one algorithm over the replicates.
struct McSummary {
    Algorithm algorithm = AlgorithmId::TreeDyn;
    std::uint64_t count = 0;
    double mean = 0.0;
    double variance = 0.0; ///< unbiased
    double stdError = 0.0; ///< sqrt(variance / count)
    double min = 0.0;
    double max = 0.0;
    std::vector<double> quantileProbs;
    std::vector<double> quantiles;
    bool exactQuantiles = true;
    double quantileRelativeError = 0.0; ///< 0 when exact
    double histogramLow = 0.0;
    double histogramHigh = 0.0;
    std::vector<std::uint64_t> histogram;
    std::shared_ptr<const std::vector<double>> samples; ///< by replicate, if keepSamples

    /// The quantile of probability p, if it was asked for (NaN otherwise).
    double quantile(double p) const;
};

struct McResult {
    std::vector<McSummary> summaries;      ///< in the order of McConfig::algorithms
    std::optional<PointAnalysis> analysis; ///< with McConfig::analysePairs, when complete
    std::uint64_t replicatesDone = 0;      ///< a prefix 0..replicatesDone-1 of the replicates
    bool cancelled = false;
    double seconds = 0.0;
};

/// Called from the thread that runs runMonteCarlo, about every 50 ms and at the end, with the
/// number of replicates done; returning false cancels the run (the result then covers the
/// longest finished prefix of replicates).
using ProgressCallback = std::function<bool(std::uint64_t done, std::uint64_t total)>;

/// Runs the experiment on `threads` threads. Replicates are cut into fixed blocks and merged in
/// block order, so results are bit-identical for every thread count.
McResult runMonteCarlo(const McConfig& config, const ProgressCallback& progress = {});

/// The fields of a summary that every mode shares (count, mean, unbiased variance, standard
/// error, extremes, the quantile probabilities and the histogram range), from merged moments;
/// quantiles and histogram are left to the caller (exact or streaming).
McSummary summaryFromMoments(const Algorithm& algorithm, const Moments& m, const McConfig& config);

/// CSV header "algorithm,n,replicates,mean,variance,stderr,min,q10,q50,q90,max" for the given
/// quantile probabilities, and one row of it.
std::string mcCsvHeader(const std::vector<double>& quantileProbs);
std::string mcCsvRow(const McSummary& s, int n);

} // namespace rl
