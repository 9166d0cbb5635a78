#pragma once

#include <vector>

namespace rl {

/// A static reduction plan (RR §3.2): the ordered receptions of every processor and the one it
/// sends to, plus the rule deciding when reception j may start. Data only: the rule that runs
/// it is algorithms/static_policy.h's, its fast path fastpath/static_plan_lanes.h's.
struct StaticPlan {
    int n = 1;
    /// Reception j waits for the reduction of reception j-1-lag to end (and for reception j-1
    /// to end): lag 0 is Binomial-stat (no overlap), lag 1 Fibonacci-stat (one value may wait).
    int lag = 0;
    /// Reception j of every processor belongs to round j of the plan (Binomial-stat): the
    /// narration says "round j" rather than "reception j".
    bool rounds = false;
    std::vector<int> parent;  ///< -1 for the root
    std::vector<int> offset;  ///< n+1 entries; receptions of p are sources[offset[p]..offset[p+1])
    std::vector<int> sources; ///< senders, in reception order

    int receptionCount(int p) const { return offset[p + 1] - offset[p]; }
    int source(int p, int j) const {
        return sources[static_cast<std::size_t>(offset[p]) + static_cast<std::size_t>(j)];
    }

    /// Builds the flat form from per-processor reception lists.
    static StaticPlan fromLists(const std::vector<std::vector<int>>& receptions, int lag);
};

} // namespace rl
