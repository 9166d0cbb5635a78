#pragma once

#include <string>

namespace rl {

/// What the environment asks of the PMPI library (docs/mpi-library.md): read once, at MPI_Init.
struct InterposeSettings {
    /// REDUCELAB_REDUCE: "auto" (Tree-dyn for commutative operations, Non-Commut-Tree-dyn for
    /// the others) or the key of an algorithm with a real execution.
    std::string algorithm = "auto";
    /// REDUCELAB_TRACE: the folder that receives each call's measured schedule; empty: none.
    std::string traceDir;
    /// REDUCELAB_REDUCE_STATS=1: rank 0 prints the number of intercepted calls at MPI_Finalize.
    bool stats = false;
};

/// The settings from the three variables' values (nullptr: unset). Throws InputError with one
/// line naming the variable and the problem: an unknown algorithm, one without a real
/// execution, a trace folder that is not a writable folder, a stats value other than 0 or 1.
InterposeSettings parseInterposeSettings(const char* reduce, const char* trace, const char* stats);

/// The keys REDUCELAB_REDUCE accepts besides "auto", comma-separated, in registry order.
std::string interposeAlgorithmKeys();

/// The algorithm a call runs: the setting, or for "auto" Tree-dyn (commutative operation) or
/// Non-Commut-Tree-dyn; empty when the chosen one cannot run a non-commutative operation (the
/// call then goes to the MPI library).
std::string algorithmForCall(const InterposeSettings& s, bool commutative);

} // namespace rl
