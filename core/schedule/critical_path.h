#pragma once

#include "schedule/schedule.h"

#include <vector>

namespace rl {

/// One operation of a critical path: Schedule::transfers[op] or Schedule::reductions[op].
struct CriticalStep {
    bool isTransfer = false;
    int op = 0;
};

/// The chain of operations that determines the makespan, in time order (first to last).
///
/// It starts from the operation that ends at the makespan (the latest end; a reduction on the
/// root when several end then) and walks back: each operation's predecessor is an operation
/// that constrains it and ends exactly (within 1e-12, relative) at its start:
/// - for a reduction on p: its own transfer, else the previous reduction on p;
/// - for a transfer s -> r: the last reduction of s (what made s ready to send), else the
///   previous reception or a reduction on r (what made r ready to receive).
/// The walk stops when nothing ends at the current start (time 0 with positive costs). When
/// the path starts at 0 it is contiguous and its durations add up to the makespan. Empty for a
/// schedule without operations (n = 1).
std::vector<CriticalStep> criticalPath(const Schedule& s);

} // namespace rl
