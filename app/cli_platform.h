#pragma once

#include "cli_args.h"

#include "studies/platform_spec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace rl::cli {

/// The platform options shared by run and mc (--n, --comm, --comp, --matrix, --preset, ...).
std::vector<OptionSpec> platformOptions();

/// Reads the platform options (and the --matrix file) into the studies' platform; throws
/// InputError naming `verb` for options that do not go together.
PlatformSpec parsePlatform(const Args& a, const std::string& verb);
/// --quantiles P1,P2,... (default 0.1,0.5,0.9).
std::vector<double> parseQuantiles(const Args& a);
/// --threads T (default 0: every core).
int threadsOption(const Args& a);

} // namespace rl::cli
