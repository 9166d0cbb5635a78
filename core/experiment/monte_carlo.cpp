#include "experiment/monte_carlo.h"

#include "engine/kernel.h"

#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "base/limits.h"
#include "base/parallel_for.h"
#include "base/statistics.h"
#include "base/text_util.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>

namespace rl {

namespace {

constexpr std::uint64_t kBlock = kMonteCarloBlock;

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
    for (AlgorithmId a : algorithms) {
        validateRun(a, n, nonCommutative);
    }
    costs.validate(n);
    if (replicates < 1) {
        throw InputError("the number of replicates must be >= 1");
    }
    if (threads < 0 || threads > 1024) {
        throw InputError("threads = " + std::to_string(threads) +
                         " must be between 0 (all) and 1024");
    }
    for (std::size_t i = 0; i < quantiles.size(); ++i) {
        if (!(quantiles[i] >= 0.0 && quantiles[i] <= 1.0)) {
            throw InputError("quantile " + formatNumber(quantiles[i]) + " is not in [0, 1]");
        }
        if (i > 0 && quantiles[i] <= quantiles[i - 1]) {
            throw InputError("quantiles must be given in increasing order");
        }
    }
    if (histogramBins < 1 || histogramBins > 100000) {
        throw InputError("histogram bins must be between 1 and 100000");
    }
    checkMemory(estimatedBytes(), "a Monte Carlo run of " + std::to_string(replicates) +
                                      " replicates of " + std::to_string(algorithms.size()) +
                                      " algorithms");
}

std::uint64_t McConfig::estimatedBytes() const {
    const std::uint64_t algos = algorithms.size();
    const std::uint64_t blocks = (replicates + kMonteCarloBlock - 1) / kMonteCarloBlock;
    // Kept makespans (exact quantiles), the per-block moments merged in block order, and the
    // per-block completion flags.
    const std::uint64_t samples =
        replicates <= exactQuantileLimit ? memoryProduct(memoryProduct(replicates, algos), 8) : 0;
    const std::uint64_t moments = memoryProduct(memoryProduct(blocks, algos), sizeof(Moments));
    const std::uint64_t total = samples + moments + blocks;
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

McSummary summaryFromMoments(AlgorithmId algorithm, const Moments& m, const McConfig& config) {
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
    const std::size_t nAlgos = config.algorithms.size();
    const std::uint64_t total = config.replicates;
    const std::uint64_t nBlocks = (total + kBlock - 1) / kBlock;
    const bool exact = total <= config.exactQuantileLimit;
    const unsigned nThreads = workerCount(config.threads, nBlocks);

    std::vector<std::vector<double>> samples(exact ? nAlgos : 0);
    for (auto& v : samples) {
        v.resize(total);
    }
    std::vector<Moments> blockMoments(nBlocks * nAlgos);
    std::vector<std::uint8_t> blockDone(nBlocks, 0);
    // One histogram per algorithm for every worker, made before any runs: a worker may get no
    // block at all (more workers than blocks left when it starts), and the merge reads them all.
    std::vector<std::vector<LogHistogram>> streams(exact ? 0 : nThreads,
                                                   std::vector<LogHistogram>(nAlgos));

    std::atomic<std::uint64_t> replicatesDone{0};
    // Per worker: one simulator per algorithm and, for per-operation costs, the replicate's
    // draws, shared by all the algorithms (common random numbers: the draws depend on (seed,
    // replicate) only; drawing them is a large share of a run at high CV).
    struct WorkerState {
        std::vector<Simulator> sims;
        StreamDraws draws;
        std::vector<Moments> block;
    };
    std::vector<WorkerState> states(nThreads);
    const bool shareDraws = config.costs.mode == CostMode::PerOperation;

    parallelFor(
        nBlocks, nThreads,
        [&](std::size_t b, unsigned index) {
            WorkerState& st = states[index];
            if (st.sims.empty()) {
                st.sims.reserve(nAlgos);
                for (AlgorithmId a : config.algorithms) {
                    st.sims.emplace_back(a, config.n, config.nonCommutative, config.costs);
                }
                if (shareDraws) {
                    st.draws = StreamDraws(config.costs.transfer, config.costs.reduction, config.n);
                }
            }
            const std::uint64_t first = b * kBlock;
            const std::uint64_t last = std::min(total, first + kBlock);
            // Every algorithm sees the replicates of the block in the same order as if run one
            // after the other, so the moments are the same to the bit.
            st.block.assign(nAlgos, Moments{});
            for (std::uint64_t r = first; r < last; ++r) {
                if (shareDraws) {
                    st.draws.draw(config.seed, r);
                }
                for (std::size_t a = 0; a < nAlgos; ++a) {
                    const double x = shareDraws ? st.sims[a].makespanFromDraws(st.draws)
                                                : st.sims[a].makespan(config.seed, r);
                    st.block[a].add(x);
                    if (exact) {
                        samples[a][r] = x;
                    } else {
                        streams[index][a].add(x);
                    }
                }
            }
            for (std::size_t a = 0; a < nAlgos; ++a) {
                blockMoments[b * nAlgos + a] = st.block[a];
            }
            blockDone[b] = 1;
            replicatesDone.fetch_add(last - first, std::memory_order_relaxed);
        },
        [&] { return !progress || progress(replicatesDone.load(), total); });

    McResult result;
    std::uint64_t prefixBlocks = 0;
    while (prefixBlocks < nBlocks && blockDone[prefixBlocks]) {
        ++prefixBlocks;
    }
    result.cancelled = prefixBlocks < nBlocks;
    result.replicatesDone = std::min(total, prefixBlocks * kBlock);
    LogHistogram merged;
    for (std::size_t a = 0; a < nAlgos; ++a) {
        Moments m;
        for (std::uint64_t b = 0; b < prefixBlocks; ++b) {
            m.merge(blockMoments[b * nAlgos + a]);
        }
        McSummary s = summaryFromMoments(config.algorithms[a], m, config);
        if (exact) {
            std::vector<double>& v = samples[a];
            v.resize(result.replicatesDone);
            s.histogram = histogram(v, m.min, m.max, config.histogramBins);
            if (config.keepSamples) {
                s.samples = std::make_shared<const std::vector<double>>(v);
            }
            s.quantiles = quantilesType7(v, config.quantiles);
            std::vector<double>().swap(v);
        } else if (!result.cancelled) {
            // Streaming mode: histograms hold every replicate a worker did; exact only when the
            // run completed (a cancelled streaming run reports moments, not quantiles).
            merged = LogHistogram();
            for (auto& perThread : streams) {
                merged.merge(perThread[a]);
            }
            s.exactQuantiles = false;
            s.quantileRelativeError = LogHistogram::kRelativeError;
            s.quantiles = merged.quantiles(config.quantiles, m.min, m.max);
            s.histogram = merged.rebin(m.min, m.max, config.histogramBins);
        } else {
            s.exactQuantiles = false;
            s.quantiles.assign(config.quantiles.size(), std::nan(""));
        }
        result.summaries.push_back(std::move(s));
    }
    result.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (progress) {
        progress(result.replicatesDone, total);
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
    std::string r = std::string(algorithmInfo(s.algorithm).key) + "," + std::to_string(n) + "," +
                    std::to_string(s.count) + "," + formatNumber(s.mean) + "," +
                    formatNumber(s.variance) + "," + formatNumber(s.stdError) + "," +
                    formatNumber(s.min);
    for (double q : s.quantiles) {
        r += ',';
        r += formatNumber(q);
    }
    return r + "," + formatNumber(s.max);
}

} // namespace rl
