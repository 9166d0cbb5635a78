#pragma once

#include "algorithms/algorithm_registry.h"
#include "algorithms/ep_optimum.h"

#include <vector>

namespace rl {

/// One algorithm's makespan on a Liu-Wang cluster against the exact optimum.
struct AlgorithmGap {
    Algorithm algorithm = AlgorithmId::TreeDyn;
    double makespan = 0.0;
    double gap = 0.0; ///< makespan / optimum - 1 (0 when the optimum is 0)
};

struct OptimumGaps {
    double optimum = 0.0;
    std::vector<int> optimalSenders;
    std::vector<AlgorithmGap> rows; ///< every algorithm, the paper's four first
    bool cancelled = false;
};

/// Runs every algorithm (the paper's four, EP, SNF) on the sender-only cluster `t` (fixed
/// costs d[i][j] = t[i], c = 0, commutative) and compares it with the exact optimum
/// (epOptimum, with its limit: InputError beyond). `progress` drives the search.
OptimumGaps optimumGaps(const std::vector<double>& t, const SearchProgress& progress = {});

} // namespace rl
