// libreducelab_mpi_reduce.so: the PMPI interposition library (docs/mpi-library.md). Preloaded
// into an unmodified MPI program, it takes over MPI_Reduce and runs the algorithm of
// REDUCELAB_REDUCE; MPI_Init, MPI_Init_thread and MPI_Finalize are wrapped to read the settings
// once, to make the communicator keyval and to print the statistics. Only these four symbols
// are exported (hidden visibility, the core's static libraries excluded from the export list).
//
// The MPI interface gives a wrapper no context argument, so the library's state is the one
// process-wide object below; everything per communicator lives in an attribute of the
// program's communicator (comm_state.h).

#include "comm_state.h"
#include "interpose_settings.h"
#include "reduce_call.h"

#include "base/input_error.h"

#include <mpi.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <string>

#define REDUCELAB_EXPORT extern "C" __attribute__((visibility("default")))

namespace {

struct Library {
    rl::InterposeSettings settings;
    std::atomic<bool> ready{false};
    std::atomic<long> intercepted{0};
};

Library& library() {
    static Library lib;
    return lib;
}

// One line on standard error (printed by rank 0 of MPI_COMM_WORLD alone, before any rank
// aborts, so that the abort cannot cut it off), then the whole job aborts.
[[noreturn]] void failAtInit(const std::string& message) {
    int rank = 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
        std::fprintf(stderr, "reducelab: %s\n", message.c_str());
        std::fflush(stderr);
    }
    PMPI_Barrier(MPI_COMM_WORLD);
    PMPI_Abort(MPI_COMM_WORLD, 2);
    std::_Exit(2);
}

int afterInit(int rc) {
    if (rc != MPI_SUCCESS) {
        return rc;
    }
    Library& lib = library();
    try {
        lib.settings = rl::parseInterposeSettings(std::getenv("REDUCELAB_REDUCE"),
                                                  std::getenv("REDUCELAB_TRACE"),
                                                  std::getenv("REDUCELAB_REDUCE_STATS"));
    } catch (const rl::InputError& e) {
        failAtInit(e.what());
    }
    if (!rl::CommStates::create()) {
        failAtInit("cannot create the communicator keyval");
    }
    lib.ready = true;
    return rc;
}

} // namespace

REDUCELAB_EXPORT int MPI_Init(int* argc, char*** argv) {
    return afterInit(PMPI_Init(argc, argv));
}

REDUCELAB_EXPORT int MPI_Init_thread(int* argc, char*** argv, int required, int* provided) {
    return afterInit(PMPI_Init_thread(argc, argv, required, provided));
}

REDUCELAB_EXPORT int MPI_Finalize() {
    Library& lib = library();
    if (lib.ready.exchange(false)) {
        int rank = 0;
        PMPI_Comm_rank(MPI_COMM_WORLD, &rank);
        if (lib.settings.stats && rank == 0) {
            std::fprintf(stderr, "reducelab: %ld MPI_Reduce calls intercepted (%s)\n",
                         lib.intercepted.load(), lib.settings.algorithm.c_str());
            std::fflush(stderr);
        }
        // The duplicates of the predefined communicators, before MPI frees them itself.
        rl::CommStates::release();
    }
    return PMPI_Finalize();
}

REDUCELAB_EXPORT int MPI_Reduce(const void* sendbuf, void* recvbuf, int count,
                                MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm) {
    // The runtime's own MPI_Reduce calls (it gathers its counters with one) reach this wrapper
    // too, since the library defines the symbol: they go to the MPI library.
    static thread_local bool inRuntime = false;
    Library& lib = library();
    if (!lib.ready || inRuntime) {
        return PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
    }
    const rl::ReduceCall call{sendbuf, recvbuf, count, datatype, op, root, comm};
    const std::string algorithm = rl::interceptedAlgorithm(call, lib.settings);
    if (algorithm.empty()) {
        return PMPI_Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
    }
    rl::CommState* state = nullptr;
    if (const int rc = rl::CommStates::of(comm, &state); rc != MPI_SUCCESS) {
        return rc;
    }
    lib.intercepted.fetch_add(1, std::memory_order_relaxed);
    inRuntime = true;
    const int rc = rl::executeReduce(call, algorithm, lib.settings, *state);
    inRuntime = false;
    return rc;
}
