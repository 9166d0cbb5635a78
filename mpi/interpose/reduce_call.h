#pragma once

#include "comm_state.h"
#include "interpose_settings.h"

#include <mpi.h>

#include <string>

namespace rl {

/// One MPI_Reduce call as the program made it.
struct ReduceCall {
    const void* sendbuf = nullptr;
    void* recvbuf = nullptr;
    int count = 0;
    MPI_Datatype datatype = MPI_DATATYPE_NULL;
    MPI_Op op = MPI_OP_NULL;
    int root = 0;
    MPI_Comm comm = MPI_COMM_NULL;
};

/// The algorithm the library runs for `call`, or empty where the call goes to the MPI
/// library's own MPI_Reduce (docs/mpi-library.md, "Passed through"): a null or
/// intercommunicator, no element, a null datatype or operation, a root out of range, MPI_IN_PLACE
/// at a process other than the root, a predefined operation on a derived datatype (Open MPI
/// refuses it, and so it reports the error as it would), MPI_REPLACE and MPI_NO_OP, and a
/// non-commutative operation where REDUCELAB_REDUCE names an algorithm for commutative ones.
std::string interceptedAlgorithm(const ReduceCall& call, const InterposeSettings& settings);

/// Runs the reduction with `algorithm` over the library's duplicate of the communicator:
/// ReduceLab's real execution (mpi/real_reduction.h), the operation applied by
/// MPI_Reduce_local; with REDUCELAB_TRACE, the root writes the measured schedule.
int executeReduce(const ReduceCall& call, const std::string& algorithm,
                  const InterposeSettings& settings, CommState& state);

} // namespace rl
