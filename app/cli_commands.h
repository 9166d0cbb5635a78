#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rl::cli {

/// Writes `content` to `path` atomically (or to standard output without a path); throws
/// InputError naming the path on failure.
void writeOutput(const std::optional<std::string>& path, const std::string& content);
/// Reads a whole file; throws InputError naming the path on failure.
std::string readFile(const std::string& path);

/// Verbs defined in their own files (app/cli_models.cpp).
int cmdSteady(const std::vector<std::string>& argv);
int cmdDivisible(const std::vector<std::string>& argv);

/// Runs `reducelab-cli <args>`; returns the process exit code (0 success, 2 input error).
int runCli(const std::vector<std::string>& args);

} // namespace rl::cli
