#include "algorithms/binomial_stat.h"

#include "engine/kernel.h"

namespace rl {

StaticPlan binomialStatPlan(int n) {
    std::vector<std::vector<int>> receptions(static_cast<std::size_t>(n));
    for (long long half = 1; half < n; half *= 2) {
        const long long step = 2 * half;
        for (long long recv = 0; recv + half < n; recv += step) {
            receptions[static_cast<std::size_t>(recv)].push_back(static_cast<int>(recv + half));
        }
    }
    return StaticPlan::fromLists(receptions, 0);
}

} // namespace rl

#include "algorithms/algorithm_registry.h"

namespace rl {

std::unique_ptr<KernelBase> makeBinomialStatKernel(int n, bool nonCommutative,
                                                   const CostModel& costs) {
    StaticPolicy policy(std::make_shared<const StaticPlan>(binomialStatPlan(n)));
    return std::make_unique<Kernel<StaticPolicy>>(std::move(policy), n, nonCommutative, costs);
}

} // namespace rl
