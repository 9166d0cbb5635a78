#pragma once

#include <mpi.h>

namespace rl {

/// What the library keeps per communicator of the program, cached in an attribute of it (so
/// that it goes when the program frees the communicator): a duplicate in which every message
/// of the library travels, apart from the program's own and from those of reductions on other
/// communicators, which may therefore be in progress at the same time.
struct CommState {
    MPI_Comm comm = MPI_COMM_NULL; ///< the library's duplicate of the program's communicator
    long calls = 0;                ///< reductions run on it by this process (trace file names)
};

/// The keyval and the states behind it.
class CommStates {
  public:
    /// Makes the keyval (at MPI_Init); false if MPI refuses.
    static bool create();
    /// Frees the states of MPI_COMM_WORLD and MPI_COMM_SELF and the keyval (at MPI_Finalize).
    static void release();
    /// The state of `comm`, made on the first reduction there (MPI_Comm_dup, collective over
    /// `comm`: every process of it is in the same MPI_Reduce call, so it is safe); an MPI error
    /// code if the duplicate cannot be made.
    static int of(MPI_Comm comm, CommState** state);
};

} // namespace rl
