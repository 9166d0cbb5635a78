#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rl::cli {

/// Verbs defined in their own files (app/cli_models.cpp).
int cmdSteady(const std::vector<std::string>& argv);
int cmdDivisible(const std::vector<std::string>& argv);

/// Runs `reducelab-cli <args>`; returns the process exit code (0 success, 2 input error).
int runCli(const std::vector<std::string>& args);

} // namespace rl::cli
