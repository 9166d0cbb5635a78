#include "algorithms/static_policy.h"

#include "engine/kernel.h"
#include "fastpath/static_plan_lanes.h"

namespace rl {

std::unique_ptr<KernelBase> makeStaticPlanKernel(StaticPlan plan, bool nonCommutative,
                                                 const CostModel& costs) {
    const int n = plan.n;
    return std::make_unique<Kernel<StaticPolicy>>(
        StaticPolicy(std::make_shared<const StaticPlan>(std::move(plan))), n, nonCommutative,
        costs);
}

std::unique_ptr<FastPath> makeStaticPlanFastPath(StaticPlan plan) {
    return makeStaticPlanFastPath(std::make_shared<const StaticPlan>(std::move(plan)));
}

} // namespace rl
