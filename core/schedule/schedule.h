#pragma once

#include <string>
#include <vector>

namespace rl {

/// A maximal range of consecutive initial indices [lo, hi] (what a value holds: v_lo (+) ... (+)
/// v_hi).
struct IndexRange {
    int lo = 0;
    int hi = 0;
    friend bool operator==(const IndexRange&, const IndexRange&) = default;
};

/// Formats runs as "[0,3] [6,7]".
std::string formatRuns(const std::vector<IndexRange>& runs);

/// One transfer: the sender's whole final value goes to the receiver, over [start, end).
struct TransferOp {
    int from = 0;
    int to = 0;
    double start = 0.0;
    double end = 0.0;
};

/// One reduction on `proc`, merging the value of transfer `transfer`, over [start, end).
struct ReductionOp {
    int proc = 0;
    int transfer = 0;
    double start = 0.0;
    double end = 0.0;
};

/// Time a processor spends in each activity; `busy` counts overlapping activities once.
struct ProcessorTime {
    double sending = 0.0;
    double receiving = 0.0;
    double reducing = 0.0;
    double busy = 0.0;
    double idle = 0.0; ///< makespan - busy
};

/// What one run yields (docs/model.md §5). Plain, immutable once built; values are derived on
/// demand from the tree so that a run with n = 2^20 stays small.
struct Schedule {
    int n = 1;
    bool nonCommutative = false;
    std::string algorithm;
    std::vector<TransferOp> transfers;   ///< in start order
    std::vector<ReductionOp> reductions; ///< in start order
    std::vector<int> parent;             ///< receiver of each processor's send; -1 for the root
    int root = 0;
    double makespan = 0.0;
    /// When each processor entered the reduction (an arrival law, docs/model.md §1); empty:
    /// every processor at t = 0.
    std::vector<double> arrivals;

    /// Children of p in the order of their transfers (i.e. reception order).
    std::vector<int> children(int p) const;
    /// The value carried by transfer k: the initial indices of the sender's subtree.
    std::vector<IndexRange> transferValue(int k) const;
    /// The value held by the processor right after reduction k.
    std::vector<IndexRange> reductionValue(int k) const;
    /// Values of every transfer and of every reduction at once, in O(total size) instead of
    /// one tree walk per operation (for exports of large schedules).
    struct Values {
        std::vector<std::vector<IndexRange>> transfers;
        std::vector<std::vector<IndexRange>> reductions;
    };
    Values allValues() const;
    /// Per-processor busy and idle time.
    std::vector<ProcessorTime> processorTimes() const;
};

} // namespace rl
