#include "reduce_call.h"

#include "algorithms/algorithm_registry.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "mpi/real_reduction.h"
#include "schedule/schedule_csv.h"

#include <array>
#include <atomic>
#include <cstdio>
#include <vector>

namespace rl {

namespace {

bool predefinedOp(MPI_Op op) {
    static const std::array<MPI_Op, 14> ops{MPI_MAX,    MPI_MIN,    MPI_SUM,     MPI_PROD, MPI_LAND,
                                            MPI_BAND,   MPI_LOR,    MPI_BOR,     MPI_LXOR, MPI_BXOR,
                                            MPI_MAXLOC, MPI_MINLOC, MPI_REPLACE, MPI_NO_OP};
    for (MPI_Op known : ops) {
        if (op == known) {
            return true;
        }
    }
    return false;
}

bool predefinedDatatype(MPI_Datatype type) {
    int integers = 0;
    int addresses = 0;
    int datatypes = 0;
    int combiner = 0;
    PMPI_Type_get_envelope(type, &integers, &addresses, &datatypes, &combiner);
    return combiner == MPI_COMBINER_NAMED;
}

// Where count elements of a datatype lie, from the buffer's address: the runtime copies
// [0, bytes) of a value and addresses its elements with the datatype, as MPI does.
struct Layout {
    MPI_Aint trueLb = 0;
    MPI_Aint bytes = 0;
    bool contiguous = false; ///< no hole: the bytes are the data
};

Layout layoutOf(MPI_Datatype type, int count) {
    MPI_Aint lb = 0;
    MPI_Aint extent = 0;
    MPI_Aint trueLb = 0;
    MPI_Aint trueExtent = 0;
    int size = 0;
    PMPI_Type_get_extent(type, &lb, &extent);
    PMPI_Type_get_true_extent(type, &trueLb, &trueExtent);
    PMPI_Type_size(type, &size);
    Layout l;
    l.trueLb = trueLb;
    l.bytes = trueLb + static_cast<MPI_Aint>(count - 1) * extent + trueExtent;
    l.contiguous = trueLb == 0 && extent == size && trueExtent == size;
    return l;
}

// The calls of this process that wrote a trace, for the files' names.
std::atomic<long> g_traced{0};

// The measured schedule of one call, at its root: DIR/reduce-<world rank>-<call>.csv.
void writeTrace(const InterposeSettings& settings, const mpi::RealResult& result) {
    int worldRank = 0;
    PMPI_Comm_rank(MPI_COMM_WORLD, &worldRank);
    char name[64];
    std::snprintf(name, sizeof name, "/reduce-%d-%06ld.csv", worldRank, ++g_traced);
    try {
        writeFileAtomically(settings.traceDir + name, scheduleCsv(result.schedule));
    } catch (const std::exception& e) {
        // The reduction is done and right: the program goes on, the trace says why it is missing.
        std::fprintf(stderr, "reducelab: REDUCELAB_TRACE: %s\n", e.what());
    }
}

} // namespace

std::string interceptedAlgorithm(const ReduceCall& call, const InterposeSettings& settings) {
    if (call.comm == MPI_COMM_NULL || call.count <= 0 || call.datatype == MPI_DATATYPE_NULL ||
        call.op == MPI_OP_NULL || call.op == MPI_REPLACE || call.op == MPI_NO_OP) {
        return {};
    }
    int inter = 0;
    if (PMPI_Comm_test_inter(call.comm, &inter) != MPI_SUCCESS || inter != 0) {
        return {};
    }
    int size = 0;
    int rank = 0;
    PMPI_Comm_size(call.comm, &size);
    PMPI_Comm_rank(call.comm, &rank);
    if (call.root < 0 || call.root >= size || (call.sendbuf == MPI_IN_PLACE && rank != call.root)) {
        return {};
    }
    if (predefinedOp(call.op) && !predefinedDatatype(call.datatype)) {
        return {};
    }
    const Layout layout = layoutOf(call.datatype, call.count);
    if (layout.trueLb < 0 || layout.bytes <= 0) {
        return {};
    }
    int commutative = 0;
    if (PMPI_Op_commutative(call.op, &commutative) != MPI_SUCCESS) {
        return {};
    }
    return algorithmForCall(settings, commutative != 0);
}

int executeReduce(const ReduceCall& call, const std::string& algorithm,
                  const InterposeSettings& settings, CommState& state) {
    ++state.calls;
    int size = 0;
    int rank = 0;
    PMPI_Comm_size(state.comm, &size);
    PMPI_Comm_rank(state.comm, &rank);
    const Layout layout = layoutOf(call.datatype, call.count);
    int commutative = 0;
    PMPI_Op_commutative(call.op, &commutative);
    const std::optional<Algorithm> a = findAlgorithm(allAlgorithms(), algorithm);
    std::optional<mpi::RealAlgorithm> real;
    if (a) {
        // ompi-default decides as Open MPI does: for the type's size times the count.
        int typeSize = 0;
        PMPI_Type_size(call.datatype, &typeSize);
        real = mpi::realAlgorithm(*a, size, commutative != 0,
                                  static_cast<long long>(typeSize) * call.count);
    }
    if (!real || !mpi::realExecutable(*real, commutative != 0)) {
        // Every process sees the same: the MPI library's own reduction, over the duplicate.
        return PMPI_Reduce(call.sendbuf, call.recvbuf, call.count, call.datatype, call.op,
                           call.root, state.comm);
    }

    const bool root = rank == call.root;
    const void* input = call.sendbuf == MPI_IN_PLACE ? call.recvbuf : call.sendbuf;
    // A value with holes is written to a scratch first, then unpacked into the receive buffer
    // with the datatype, so that the bytes of the holes stay the program's.
    std::vector<unsigned char> scratch;
    void* output = nullptr;
    if (root) {
        if (layout.contiguous) {
            output = call.recvbuf;
        } else {
            scratch.resize(static_cast<std::size_t>(layout.bytes));
            output = scratch.data();
        }
    }
    mpi::RealRequest request;
    request.comm = state.comm;
    request.root = call.root;
    request.algorithm = *real;
    request.data.bytes = static_cast<std::size_t>(layout.bytes);
    request.data.datatype = call.datatype;
    request.data.count = call.count;
    request.data.input = input;
    request.data.output = output;
    request.data.commutative = commutative != 0;
    MPI_Datatype datatype = call.datatype;
    MPI_Op op = call.op;
    const int count = call.count;
    request.data.combine = [datatype, op, count](const void* left, void* right) {
        PMPI_Reduce_local(left, right, count, datatype, op);
    };
    request.record = !settings.traceDir.empty();
    mpi::RealResult result;
    try {
        result = mpi::executeReduction(request);
    } catch (const InputError&) {
        // Refused alike on every process before any message (mpi/real_reduction.h).
        return PMPI_Reduce(call.sendbuf, call.recvbuf, call.count, call.datatype, call.op,
                           call.root, state.comm);
    }
    if (root && !layout.contiguous) {
        // The typed copy: pack the scratch's elements and unpack them where the program wants.
        int packedSize = 0;
        PMPI_Pack_size(call.count, call.datatype, MPI_COMM_SELF, &packedSize);
        std::vector<unsigned char> packed(static_cast<std::size_t>(packedSize));
        int position = 0;
        PMPI_Pack(scratch.data(), call.count, call.datatype, packed.data(), packedSize, &position,
                  MPI_COMM_SELF);
        const int used = position;
        position = 0;
        PMPI_Unpack(packed.data(), used, &position, call.recvbuf, call.count, call.datatype,
                    MPI_COMM_SELF);
    }
    if (root && request.record) {
        writeTrace(settings, result);
    }
    return MPI_SUCCESS;
}

} // namespace rl
