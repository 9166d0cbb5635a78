#pragma once

#include "experiment/monte_carlo.h"

#include "base/statistics.h"

#include <cstdint>
#include <memory>
#include <vector>

namespace rl {

class Simulator;
class StreamDraws;

/// Where the makespans of a range of replicates go; any field may be null. `samples[a]` holds
/// algorithm a's makespan of replicate r at index r - sampleBase.
struct McSink {
    Moments* moments = nullptr;       ///< per algorithm, accumulated in replicate order
    double* const* samples = nullptr; ///< per algorithm
    std::uint64_t sampleBase = 0;
    LogHistogram* streams = nullptr; ///< per algorithm
};

/// The one Monte Carlo loop: simulates replicates of every algorithm of a configuration on
/// common random numbers (each replicate's draws made once, shared by the algorithms). Used by
/// runMonteCarlo, the progressive sweep and reducelab-mpi, so that they agree to the bit by
/// construction. Holds one simulator per algorithm: one runner per thread.
class McBlockRunner {
  public:
    /// `config` must outlive the runner (it is not copied: the matrix may be large).
    explicit McBlockRunner(const McConfig& config);
    ~McBlockRunner();
    McBlockRunner(McBlockRunner&&) noexcept;
    McBlockRunner& operator=(McBlockRunner&&) noexcept;

    /// Replicates [first, last), algorithms in the order of the configuration.
    void simulate(std::uint64_t first, std::uint64_t last, const McSink& sink);

  private:
    const McConfig* m_config;
    std::vector<Simulator> m_sims;
    std::unique_ptr<StreamDraws> m_draws;  // per-operation costs only
    std::unique_ptr<StreamDraws> m_draws2; // the second replicate of a pair
};

/// What one block (kMonteCarloBlock replicates) gives back, for runs whose blocks are computed
/// elsewhere (another process) and merged later.
struct McBlockResult {
    std::uint64_t block = 0;
    std::vector<Moments> moments;             ///< per algorithm
    std::vector<std::vector<double>> samples; ///< per algorithm, exact mode only
    std::vector<LogHistogram> streams;        ///< per algorithm, streaming mode only
};

/// Number of blocks of a run, and whether it keeps every makespan (exact quantiles).
std::uint64_t blockCount(const McConfig& config);
bool keepsEverySample(const McConfig& config);

/// Runs block `block` of `config` with `runner` (a runner made for the same configuration).
McBlockResult runMonteCarloBlock(McBlockRunner& runner, const McConfig& config,
                                 std::uint64_t block);

/// Collects the blocks of one run, in any order, and makes its result: moments merged in block
/// order, exact quantiles from the samples in replicate order, or the merged streaming
/// histograms (counts: the order does not matter). The result is the same to the bit whichever
/// threads or processes computed the blocks.
class McAssembler {
  public:
    explicit McAssembler(const McConfig& config);

    /// Where block `block` writes in place (threads of this process); call markDone() after.
    /// `streams` are the caller's per-algorithm histograms (streaming mode), merged by
    /// mergeStreams() at the end.
    McSink blockSink(std::uint64_t block, LogHistogram* streams);
    void markDone(std::uint64_t block) { m_done[block] = 1; }
    void mergeStreams(const std::vector<LogHistogram>& streams);

    /// A block computed elsewhere.
    void add(const McBlockResult& block);

    std::uint64_t blocks() const { return m_blocks; }
    bool complete() const;

    /// The result over the longest prefix of finished blocks (cancelled when it is not all).
    /// Consumes the samples: call once.
    McResult finish();

  private:
    const McConfig& m_config;
    std::uint64_t m_blocks;
    bool m_exact;
    std::vector<std::vector<double>> m_samples;
    std::vector<double*> m_samplePtrs;
    std::vector<Moments> m_blockMoments; // block-major
    std::vector<std::uint8_t> m_done;
    std::vector<LogHistogram> m_streams;
};

} // namespace rl
