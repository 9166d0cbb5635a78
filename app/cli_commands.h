#pragma once

#include <string>
#include <vector>

namespace rl::cli {

/// Runs `reducelab-cli <args>`; returns the process exit code (0 success, 2 input error).
int runCli(const std::vector<std::string>& args);

} // namespace rl::cli
