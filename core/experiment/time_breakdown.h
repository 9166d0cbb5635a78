#pragma once

#include "algorithms/algorithm_registry.h"
#include "platform/cost_model.h"

#include <cstdint>

namespace rl {

/// Where one replicate's CPU time goes in Monte Carlo, for one algorithm (bench --breakdown):
/// drawing its costs, and the run itself with and without its mispredicted branches.
struct TimeBreakdown {
    std::uint64_t replicates = 0; ///< replicates timed in each of the three parts
    double totalNs = 0.0;         ///< per replicate: draws and run, as Monte Carlo makes them
    double drawNs = 0.0;          ///< per replicate: the draws alone
    /// Per replicate: the run alone on one pair of replicates' draws, over and over. The run's
    /// branches then repeat from pair to pair and the processor learns them: this estimates
    /// the run without its mispredictions (not a path of the program).
    double sameDrawsNs = 0.0;
    /// The first part's makespans summed in replicate order (a check that it simulated what
    /// Monte Carlo simulates).
    double makespanSum = 0.0;
    double sameDrawsMakespan[2] = {0.0, 0.0}; ///< the repeated pair's (replicates 0 and 1)
};

/// Times the three parts of TimeBreakdown, about `seconds` of CPU each, on one thread, for
/// replicates 0, 1, 2, ... of `seed` (the draws of Monte Carlo with that seed).
/// Per-operation costs only (InputError otherwise).
TimeBreakdown measureTimeBreakdown(const Algorithm& algorithm, int n, const CostModel& costs,
                                   double seconds, std::uint64_t seed = 1);

} // namespace rl
