#include "fastpath/static_plan_lanes.h"

namespace rl {

std::unique_ptr<FastPath> makeStaticPlanFastPath(std::shared_ptr<const StaticPlan> plan) {
    const int n = plan->n;
    return std::make_unique<LaneFastPath<StaticPlanLanes>>(StaticPlanLanes(std::move(plan)), n);
}

} // namespace rl
