#pragma once

#include "experiment/monte_carlo.h"

#include "base/statistics.h"

#include <atomic>
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
    /// Replicates simulated, counted as the work is done (a block of kMonteCarloBlock
    /// replicates at n = 100,000 takes a minute: progress by block would stand still).
    std::atomic<std::uint64_t>* done = nullptr;
    /// Once set, simulate() stops at the next replicate (a cancelled job).
    const std::atomic<bool>* stop = nullptr;
};

/// The one Monte Carlo loop: simulates replicates of every algorithm of a configuration on
/// common random numbers (each replicate's draws made once, shared by the algorithms). Every
/// unit of a point job runs through it (experiment/point_job.h: `mc`, sweeps, the panels'
/// passes, the Theory tab, reducelab-mpi), so that they agree to the bit by construction.
/// Holds one simulator per algorithm: one runner per thread.
class McBlockRunner {
  public:
    /// `config` must outlive the runner (it is not copied: the matrix may be large).
    explicit McBlockRunner(const McConfig& config);
    ~McBlockRunner();
    McBlockRunner(McBlockRunner&&) noexcept;
    McBlockRunner& operator=(McBlockRunner&&) noexcept;

    /// Replicates [first, last), algorithms in the order of the configuration; false when
    /// `sink.stop` ended it before `last` (the sink then holds a prefix of the range).
    bool simulate(std::uint64_t first, std::uint64_t last, const McSink& sink);

  private:
    const McConfig* m_config;
    std::vector<Simulator> m_sims;
    std::unique_ptr<StreamDraws> m_draws;  // per-operation costs only
    std::unique_ptr<StreamDraws> m_draws2; // the second replicate of a pair
};

/// What one block (kMonteCarloBlock replicates) gives back, for runs whose blocks are computed
/// elsewhere (another process) and assembled there (PointAssembly::deposit).
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

} // namespace rl
