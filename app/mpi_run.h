#pragma once

#include "cli_commands.h"

#include <mpi.h>

#include <string>
#include <vector>

namespace rl::cli {

/// `reducelab-mpi run`: one reduction executed for real, every rank of MPI_COMM_WORLD one
/// processor (mpi/real_reduction.h), beside its simulation. Every rank parses the same command
/// line; the root checks the outputs, prints and writes. Returns the process exit code (0, or 2
/// with one line printed once for a refused input or a result that differs from the serial
/// reduction).
int mpiRun(const std::vector<std::string>& argv, const CliEnvironment& env, MPI_Comm comm);

} // namespace rl::cli
