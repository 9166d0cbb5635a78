#pragma once

// The order in which each processor receives in a simulated schedule: what Open MPI's trees
// fix (coll_base_reduce.c's reception order), shared by the tests of the ompi-* trees and of
// their parameters.
#include "schedule/schedule.h"

#include <algorithm>
#include <cstddef>
#include <vector>

namespace rl::test {

/// The sources each processor receives from, in the order the transfers start.
inline std::vector<std::vector<int>> receptionOrder(const Schedule& s) {
    std::vector<TransferOp> t = s.transfers;
    std::stable_sort(t.begin(), t.end(),
                     [](const TransferOp& a, const TransferOp& b) { return a.start < b.start; });
    std::vector<std::vector<int>> out(static_cast<std::size_t>(s.n));
    for (const TransferOp& op : t) {
        out[static_cast<std::size_t>(op.to)].push_back(op.from);
    }
    return out;
}

} // namespace rl::test
