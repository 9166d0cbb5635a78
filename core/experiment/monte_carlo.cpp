#include "experiment/monte_carlo.h"

#include "experiment/point_job.h"

#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "base/limits.h"
#include "base/statistics.h"
#include "base/text_util.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>

namespace rl {

namespace {

std::string percentLabel(double p) {
    std::string s = formatNumber(p * 100.0);
    for (char& c : s) {
        if (c == '.') {
            c = '_';
        }
    }
    s.insert(s.begin(), 'q');
    return s;
}

} // namespace

void McConfig::validate() const {
    if (algorithms.empty()) {
        throw InputError("no algorithm selected");
    }
    for (const Algorithm& a : algorithms) {
        validateRun(a, n, nonCommutative);
    }
    costs.validate(n);
    for (const Algorithm& a : algorithms) {
        checkArrivals(a, costs);
    }
    if (replicates < 1 || replicates > kMaxReplicates) {
        throw InputError("the number of replicates must be between 1 and " +
                         std::to_string(kMaxReplicates));
    }
    if (threads < 0 || threads > kMaxThreads) {
        throw InputError("threads = " + std::to_string(threads) + " must be between 0 (all) and " +
                         std::to_string(kMaxThreads));
    }
    for (std::size_t i = 0; i < quantiles.size(); ++i) {
        if (!(quantiles[i] >= 0.0 && quantiles[i] <= 1.0)) {
            throw InputError("quantile " + formatNumber(quantiles[i]) + " is not in [0, 1]");
        }
        if (i > 0 && quantiles[i] <= quantiles[i - 1]) {
            throw InputError("quantiles must be given in increasing order");
        }
    }
    if (analysePairs && replicates > exactQuantileLimit) {
        throw InputError("a paired analysis needs every makespan: at most " +
                         std::to_string(exactQuantileLimit) + " replicates");
    }
    if (histogramBins < 1 || histogramBins > kMaxHistogramBins) {
        throw InputError("histogram bins must be between 1 and " +
                         std::to_string(kMaxHistogramBins));
    }
    checkMemory(estimatedBytes(), "a Monte Carlo run of " + std::to_string(replicates) +
                                      " replicates of " + std::to_string(algorithms.size()) +
                                      " algorithms");
}

std::uint64_t McConfig::estimatedBytes() const {
    const std::uint64_t algos = algorithms.size();
    const std::uint64_t blocks = (replicates + kMonteCarloBlock - 1) / kMonteCarloBlock;
    // Kept makespans (exact quantiles): sorted block by block, and also in replicate order for
    // a paired analysis or kept samples (experiment/point_assembly.h); the per-block running
    // moments merged in block order, and the per-block fill counts; with a paired analysis, the
    // first two algorithms' differences sorted by block too.
    const std::uint64_t copies =
        keepsEverySample(*this) ? (sortsBlocks(*this) && keepsReplicateOrder(*this) ? 2 : 1) : 0;
    const std::uint64_t differences = copies == 2 && analysePairs && algos >= 2 ? 8 : 0;
    const std::uint64_t samples =
        memoryProduct(replicates, memoryProduct(algos, 8 * copies) + differences);
    const std::uint64_t moments = memoryProduct(memoryProduct(blocks, algos), sizeof(Moments));
    const std::uint64_t total = samples + moments + memoryProduct(blocks, 4);
    return total < samples ? std::numeric_limits<std::uint64_t>::max() : total;
}

double McSummary::quantile(double p) const {
    for (std::size_t i = 0; i < quantileProbs.size(); ++i) {
        if (quantileProbs[i] == p) {
            return quantiles[i];
        }
    }
    return std::nan("");
}

McSummary summaryFromMoments(const Algorithm& algorithm, const Moments& m, const McConfig& config) {
    McSummary s;
    s.algorithm = algorithm;
    s.count = m.count;
    s.mean = m.mean;
    s.variance = m.variance();
    s.stdError = m.standardError();
    s.min = m.min;
    s.max = m.max;
    s.quantileProbs = config.quantiles;
    s.histogramLow = m.min;
    s.histogramHigh = m.max;
    return s;
}

McResult runMonteCarlo(const McConfig& config, const ProgressCallback& progress) {
    config.validate();
    const auto start = std::chrono::steady_clock::now();
    // A one-point job on this process's threads; a cancelled run keeps its finished prefix.
    const std::vector<McConfig> points{config};
    PointAssembly assembly(points);
    const UnitList units = assembly.beginPass({0});
    std::optional<McResult> complete;
    runUnits(
        assembly, units, points, jobThreads(points, units.size()),
        [&](std::size_t, McResult&& r) { complete = std::move(r); }, progress);
    McResult result = complete ? std::move(*complete) : assembly.prefixResult(0);
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (progress) {
        progress(result.replicatesDone, config.replicates);
    }
    return result;
}

std::string mcCsvHeader(const std::vector<double>& quantileProbs) {
    std::string h = "algorithm,n,replicates,mean,variance,stderr,min";
    for (double p : quantileProbs) {
        h += ',';
        h += percentLabel(p);
    }
    return h + ",max";
}

std::string mcCsvRow(const McSummary& s, int n) {
    std::string r = s.algorithm.key() + "," + std::to_string(n) + "," + std::to_string(s.count) +
                    "," + formatNumber(s.mean) + "," + formatNumber(s.variance) + "," +
                    formatNumber(s.stdError) + "," + formatNumber(s.min);
    for (double q : s.quantiles) {
        r += ',';
        r += formatNumber(q);
    }
    return r + "," + formatNumber(s.max);
}

} // namespace rl
