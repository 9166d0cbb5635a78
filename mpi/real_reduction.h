#pragma once

#include "algorithms/algorithm.h"
#include "algorithms/ompi_trees.h"
#include "engine/static_plan.h"
#include "schedule/schedule.h"

#include <mpi.h>

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rl::mpi {

/// How a reduction is executed over real messages: a static plan (the core's StaticPlan of
/// Binomial-stat, Fibonacci-stat or any algorithm with a plan), or one of the two dynamic
/// protocols, whose shared state lives in an MPI-3 window (MPI_Win_allocate on the
/// communicator's rank of index 0, MPI_Win_lock_all, atomics and flushes).
enum class RealProtocol {
    StaticPlan,       ///< the plan's receptions in order; reception j waits as the plan's lag says
    TreeDyn,          ///< one slot: MPI_Compare_and_swap on it (commutative operations only)
    NonCommutTreeDyn, ///< idle holders of adjacent intervals merge, the left one first
};

/// What to execute: the protocol, and for StaticPlan the plan over indices 0..n-1.
struct RealAlgorithm {
    RealProtocol protocol = RealProtocol::StaticPlan;
    std::optional<StaticPlan> plan; ///< StaticPlan only
    std::string name;               ///< the Schedule's algorithm name ("Binomial-stat", ...)
};

/// The data side, independent of the algorithm: every rank's value is `bytes` bytes, sent as
/// `count` elements of `datatype` (default: `bytes` MPI_BYTEs). combine(left, right) makes
/// `right` = left ∘ right, MPI_Reduce_local's order (inbuf ∘ inoutbuf): `left` always holds
/// the lower indices' values when the operation is not commutative, so the root ends with
/// a0 ∘ a1 ∘ … ∘ a(n-1) in index order.
struct ReductionData {
    std::size_t bytes = 0;
    MPI_Datatype datatype = MPI_BYTE;
    int count = -1; ///< -1: bytes (with MPI_BYTE)
    /// This rank's own value (bytes), read once at the start.
    const void* input = nullptr;
    /// At the root: where the result is written (bytes; may equal input, MPI_IN_PLACE).
    /// Ignored elsewhere.
    void* output = nullptr;
    std::function<void(const void* left, void* right)> combine;
    bool commutative = true;
};

/// Injected costs (model units, turned into seconds by `unitSeconds`): a transfer from index
/// `from` to index `to` ends transfer(from, to) units after it starts; the reduction on `to`
/// merging the value of `from` lasts reduction(to, from) units. Each message carries the
/// time its sender was due to be ready, and each rank waits (without spinning) to absolute
/// deadlines on the one clock, so delays do not accumulate.
struct InjectedCosts {
    double unitSeconds = 0.0;
    std::function<double(int from, int to)> transfer;
    std::function<double(int to, int from)> reduction;
    /// Late arrivals (docs/model.md §1), in units, by index: index i enters the reduction at
    /// arrival[i] and neither sends nor receives before it; then, in the dynamic protocols,
    /// it takes its first decision on the window as any idle processor does. Empty: every
    /// index at the common start (and the protocols' first pairings 2k+1 -> 2k).
    std::vector<double> arrival;
};

/// One execution's settings. Index i is the communicator's rank (i + root) mod n for a
/// commutative operation (the plan's index 0 lands on the root) and rank i otherwise (the
/// serial order is the ranks' order); then, when the processor holding everything is not the
/// root, it sends the result to the root (RealResult::delivery).
struct RealRequest {
    MPI_Comm comm = MPI_COMM_WORLD;
    int root = 0;
    RealAlgorithm algorithm;
    ReductionData data;
    std::optional<InjectedCosts> costs; ///< none: the operations take what they take
    bool record = true;                 ///< gather the events into RealResult::schedule at the root
};

/// What one execution measured, at the root (elsewhere only `ok`). Times in seconds from the
/// common start (every rank starts at one instant of the one clock, see realClockOffset()).
struct RealResult {
    /// The measured schedule over indices (Schedule's processors are indices; indexToRank maps
    /// them): transfers and reductions with their measured start and end, the tree, the root
    /// index, the makespan (the last operation's end), and with injected arrivals the measured
    /// instant each index entered.
    Schedule schedule;
    std::vector<int> indexToRank;
    /// The result's hand-off to the root, when the processor holding everything was another.
    std::optional<TransferOp> delivery;
    /// When the root held the result (the makespan, or the delivery's end).
    double completed = 0.0;
    /// Messages sent and one-sided operations made on the protocol's window, over all ranks.
    long long messages = 0;
    long long windowOperations = 0;
};

/// The real execution of `algorithm` on n processors, if it has one: Binomial-stat,
/// Fibonacci-stat and Open MPI's trees (their plans, algorithms/ompi_trees.h), Tree-dyn and
/// Non-Commut-Tree-dyn (the protocols). An algorithm with a plan gets its row in
/// real_reduction.cpp's table. `commutative` and `messageBytes` choose the plan of those that
/// depend on them (ompi-linear's accumulator, ompi-default's pick); a parameterised key
/// (algorithms/ompi_parameters.h) runs its own: ompi-chain:K the chain of fan-out K,
/// ompi-default:B the pick for B bytes whatever `messageBytes`. A plan may end at another
/// index than 0 (ompi-in-order-binary at n-1): the holder then delivers to the root.
std::optional<RealAlgorithm> realAlgorithm(const Algorithm& algorithm, int n,
                                           bool commutative = true,
                                           long long messageBytes = kOmpiDefaultMessageBytes);

/// Whether `protocol` can run the operation: Tree-dyn needs a commutative one.
bool realExecutable(const RealAlgorithm& algorithm, bool commutative, std::string* why = nullptr);

/// Executes one reduction on every rank of `request.comm` (collective: every rank calls it with
/// the same algorithm, root and costs). Errors that all ranks see alike (an invalid request)
/// throw InputError on every rank before any message; a failure on one rank alone aborts the
/// communicator (MPI_Abort) after printing one line, so no rank is left waiting.
RealResult executeReduction(const RealRequest& request);

/// The offset (seconds) to add to this rank's CLOCK_MONOTONIC to read the clock of rank 0 of
/// `comm`: 0 on the host of rank 0 (one clock), otherwise estimated by ping-pong with rank 0
/// (the round trip of least duration, the reply's time taken at its middle). Collective.
double realClockOffset(MPI_Comm comm);

/// CLOCK_MONOTONIC in seconds.
double monotonicSeconds();

} // namespace rl::mpi
