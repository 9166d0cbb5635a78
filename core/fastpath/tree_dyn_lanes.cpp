#include "fastpath/tree_dyn_lanes.h"

namespace rl {

std::unique_ptr<FastPath> makeTreeDynFastPath(int n, bool /*nonCommutative*/,
                                              const CostModel& /*costs*/) {
    return std::make_unique<LaneFastPath<TreeDynLanes>>(TreeDynLanes{}, n);
}

} // namespace rl
