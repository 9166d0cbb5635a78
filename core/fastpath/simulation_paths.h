#pragma once

namespace rl {

/// The makespan-only paths an algorithm's lanes offer beside the generic engine. Every lanes
/// class declares them as `static constexpr SimulationPaths kPaths`; LaneFastPath
/// (fastpath/fast_path.h) dispatches on the declaration and the build checks it both ways (a
/// declared path must exist with its signature, an existing one must be declared), so a
/// misspelt fast path is a compile error, not a silent fallback. Every path gives the engine's
/// result to the bit (test_algorithms, test_random_scenarios).
struct SimulationPaths {
    /// `double fastMakespan(EventQueue&, int n, StreamCosts&)`: the engine's rules without its
    /// bookkeeping, for any per-operation costs.
    bool fastMakespan = false;
    /// `double noReductionMakespan(int n, const double* transferDraws)`: exact whenever every
    /// reduction costs 0.
    bool noReductionMakespan = false;
    /// `bool untilTieMakespan(int n, const double* transferDraws, const double* reductionDraws,
    /// double& makespan)`, reductionDraws null when every reduction costs 0: exact unless it
    /// returns false (events that may tie, whose order it does not know: use fastMakespan).
    bool untilTie = false;
    /// `void untilTiePair(int n, const double* transferA, const double* reductionA,
    /// const double* transferB, const double* reductionB, double& makespanA, double&
    /// makespanB, bool& doneA, bool& doneB)`: untilTie for two replicates at once, their events
    /// interleaved (a lone run's steps wait on each other); each result is untilTie's.
    bool untilTiePair = false;
    /// `void noReductionPair(int n, const double* transferA, const double* transferB,
    /// double& makespanA, double& makespanB)`: noReductionMakespan for two replicates at once.
    bool noReductionPair = false;
    /// `void fastPair(int n, const double* transferA, const double* reductionA,
    /// const double* transferB, const double* reductionB, double& makespanA, double&
    /// makespanB)`: fastMakespan on two replicates' draws at once.
    bool fastPair = false;
};

} // namespace rl
