#include "fastpath/non_commut_tree_dyn_lanes.h"

#include "fastpath/wide_events.h"

namespace rl {

// Compiled for AVX-512 with everything it calls inlined, as runStaticJoinsPairWide
// (fastpath/wide_runs.cpp). At most n / 2 <= 32 events are ever pending, within the vectors'
// 40: with L live intervals, T transfers and R reductions pending, 2T + R <= L (each holds
// its intervals) and R <= n - L (each follows a transfer's end), so T + R <= n / 2. The draws
// are StreamDraws' arrays of n values per stream, one more than a run takes: the lanes read
// both streams' next values at every end, the n-th for nothing.
[[RL_WIDE_TARGET gnu::flatten]] void
NonCommutTreeDynLanes::pairWide(int n, const double* ta, const double* ra, const double* tb,
                                const double* rb, double& ma, double& mb, bool& doneA,
                                bool& doneB) {
    const auto payloads = static_cast<std::uint32_t>(2 * n + 1);
    if (m_exact.size() < 2 * static_cast<std::size_t>(payloads)) {
        m_exact.resize(2 * static_cast<std::size_t>(payloads));
    }
    using Queue = WideEvents<kWideEventsCapacity / 8>;
    runPair(WordLane<true, Queue>(Queue(m_exact.data(), payloads), n, ta, ra),
            WordLane<true, Queue>(Queue(m_exact.data() + payloads, payloads), n, tb, rb), ma, mb,
            doneA, doneB);
}

std::unique_ptr<FastPath> makeNonCommutTreeDynFastPath(int n, bool /*nonCommutative*/,
                                                       const CostModel& /*costs*/) {
    return std::make_unique<LaneFastPath<NonCommutTreeDynLanes>>(NonCommutTreeDynLanes{}, n);
}

} // namespace rl
