#pragma once

#include <optional>

namespace rl {

/// Expected makespan of Tree-dyn with exponential transfers of mean `mu` and no reduction cost
/// (RR §5, SPEC §6): (2 H(n/2 - 1) + 2/n) mu for even n, 0 for n = 1. The odd case starts the
/// chain in another state (SPEC §6) and is not derived here: nullopt.
std::optional<double> treeDynExponentialMean(int n, double mu);

} // namespace rl
