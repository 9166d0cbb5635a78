#pragma once

#include "cli_args.h"

#include "algorithms/algorithm.h"
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
/// --fanout K and --message-bytes B: the parameters of Open MPI's trees (run, mc, sweep).
std::vector<OptionSpec> ompiOptions();
/// `algorithms` with --fanout and --message-bytes applied (algorithms/ompi_parameters.h holds
/// their rule); InputError naming `verb`.
std::vector<Algorithm> applyOmpiOptions(const Args& a, std::vector<Algorithm> algorithms,
                                        const std::string& verb);
/// Names ompi-default's pick on standard error, one line per ompi-default in `algorithms`
/// (none with --quiet).
void noteOmpiPicks(const Args& a, const std::vector<Algorithm>& algorithms, int n,
                   bool nonCommutative);
/// --quantiles P1,P2,... (default 0.1,0.5,0.9).
std::vector<double> parseQuantiles(const Args& a);
/// --threads T (default 0: every core).
int threadsOption(const Args& a);

} // namespace rl::cli
