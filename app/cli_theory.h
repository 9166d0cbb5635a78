#pragma once

#include <string>
#include <vector>

namespace rl::cli {

/// `reducelab-cli theory markov|ratios|snf|optimum ...`: the analytic side (issue 5).
int cmdTheory(const std::vector<std::string>& argv);

} // namespace rl::cli
