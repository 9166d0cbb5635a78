#pragma once

#include "cli_args.h"

#include "platform/cost_model.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rl::cli {

/// The platform options shared by run and mc (--n, --comm, --comp, --matrix, --preset, ...).
std::vector<OptionSpec> platformOptions();

/// A platform as the options describe it.
struct Platform {
    int n = 0;
    bool nonCommutative = false;
    CostModel costs;
    std::uint64_t seed = 1;
};

/// Reads the platform options (and the --matrix file); throws InputError naming `verb`.
Platform parsePlatform(const Args& a, const std::string& verb);
/// --quantiles P1,P2,... (default 0.1,0.5,0.9).
std::vector<double> parseQuantiles(const Args& a);
/// --threads T (default 0: every core).
int threadsOption(const Args& a);

} // namespace rl::cli
