#include "engine/static_plan.h"

namespace rl {

StaticPlan StaticPlan::fromLists(const std::vector<std::vector<int>>& receptions, int lag) {
    StaticPlan plan;
    plan.n = static_cast<int>(receptions.size());
    plan.lag = lag;
    plan.parent.assign(receptions.size(), -1);
    plan.offset.push_back(0);
    for (std::size_t p = 0; p < receptions.size(); ++p) {
        for (int s : receptions[p]) {
            plan.sources.push_back(s);
            plan.parent[static_cast<std::size_t>(s)] = static_cast<int>(p);
        }
        plan.offset.push_back(static_cast<int>(plan.sources.size()));
    }
    return plan;
}

} // namespace rl
