#pragma once

#include "algorithms/algorithm_registry.h"
#include "engine/narration.h"
#include "platform/cost_model.h"
#include "schedule/schedule.h"

#include <cstdint>
#include <memory>
#include <utility>

namespace rl {

class KernelBase;  // engine/kernel.h, hidden: clients of the simulator never see the engine
class FastPath;    // fastpath/fast_path.h, hidden too
class StreamDraws; // engine/kernel.h: one replicate's draws, for Monte Carlo

/// Largest platform the simulator accepts (event ids use 30 bits).
constexpr int kMaxProcessors = 1 << 24;

/// Runs one algorithm on one platform and cost model, replicate after replicate: its kernel
/// (the generic engine running its policy) and, on per-operation costs, its optional fast path
/// (fastpath/fast_path.h), which computes makespans alone and may decline a replicate to the
/// engine. Validates its inputs on construction (InputError). Not thread-safe: one per thread;
/// every result depends only on (seed, replicate), never on which Simulator computed it.
class Simulator {
  public:
    Simulator(const Algorithm& algorithm, int n, bool nonCommutative, const CostModel& costs);
    ~Simulator();
    Simulator(Simulator&&) noexcept;
    Simulator& operator=(Simulator&&) noexcept;

    const Algorithm& algorithm() const { return m_algorithm; }
    int n() const { return m_n; }

    double makespan(std::uint64_t seed, std::uint64_t replicate);
    /// makespan() from draws made by the caller (StreamDraws of this simulator's laws and n;
    /// per-operation cost mode only), so several algorithms can share one replicate's draws.
    double makespanFromDraws(const StreamDraws& draws);
    /// makespanFromDraws() of two replicates (their results in `ma` and `mb`), faster for
    /// kernels that interleave two runs.
    void makespansFromDraws(const StreamDraws& a, const StreamDraws& b, double& ma, double& mb);
    Schedule schedule(std::uint64_t seed, std::uint64_t replicate);
    /// schedule(), and its story told as the engine ran (engine/narration.h) in `narration`.
    Schedule narratedSchedule(std::uint64_t seed, std::uint64_t replicate, Narration& narration);
    /// The makespan computed by the generic engine even where makespan() takes a fast path
    /// (tests check that both agree to the bit).
    double engineMakespan(std::uint64_t seed, std::uint64_t replicate);

  private:
    Schedule recorded(std::uint64_t seed, std::uint64_t replicate, Narration* narration);

    Algorithm m_algorithm;
    int m_n;
    std::unique_ptr<KernelBase> m_kernel;
    std::unique_ptr<FastPath> m_fast;     // per-operation costs, where the algorithm has one
    std::unique_ptr<StreamDraws> m_draws; // makespan()'s draws for the fast path, on first use
    std::pair<Law, Law> m_laws;           // and their laws (transfer, reduction)
};

/// Throws InputError when (algorithm, n, mode) is not a valid combination.
void validateRun(const Algorithm& algorithm, int n, bool nonCommutative);
/// Throws InputError when `costs` has an arrival law that `algorithm` cannot model (the
/// clairvoyant baselines plan before the run).
void checkArrivals(const Algorithm& algorithm, const CostModel& costs);

} // namespace rl
