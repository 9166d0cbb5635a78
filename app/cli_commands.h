#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rl::cli {

/// Runs `reducelab-cli <args>`; returns the process exit code (0 success, 2 input error).
int runCli(const std::vector<std::string>& args);

/// Writes `content` to `path` atomically (QSaveFile: a temporary file renamed on success, so a
/// failure leaves no half-written file), or to standard output when no path is given.
void writeOutput(const std::optional<std::string>& path, const std::string& content);

} // namespace rl::cli
