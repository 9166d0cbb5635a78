#include "algorithms/binomial_stat.h"

#include "algorithms/static_policy.h"
#include "engine/kernel.h"
#include "fastpath/fast_path.h"

namespace rl {

StaticPlan binomialStatPlan(int n) {
    std::vector<std::vector<int>> receptions(static_cast<std::size_t>(n));
    for (long long half = 1; half < n; half *= 2) {
        const long long step = 2 * half;
        for (long long recv = 0; recv + half < n; recv += step) {
            receptions[static_cast<std::size_t>(recv)].push_back(static_cast<int>(recv + half));
        }
    }
    StaticPlan plan = StaticPlan::fromLists(receptions, 0);
    // Processor i*2^k receives from i*2^k + 2^(k-1) in rounds k = 1, 2, ..., and the senders
    // skipped (>= n) are always its last ones: its reception j is in round j.
    plan.rounds = true;
    return plan;
}

std::unique_ptr<KernelBase> makeBinomialStatKernel(int n, bool nonCommutative,
                                                   const CostModel& costs) {
    return makeStaticPlanKernel(binomialStatPlan(n), nonCommutative, costs);
}

std::unique_ptr<FastPath> makeBinomialStatFastPath(int n, bool /*nonCommutative*/,
                                                   const CostModel& /*costs*/) {
    return makeStaticPlanFastPath(binomialStatPlan(n));
}

} // namespace rl
