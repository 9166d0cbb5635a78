#include "algorithms/tree_dyn.h"

#include "engine/kernel.h"

namespace rl {

std::unique_ptr<KernelBase> makeTreeDynKernel(int n, bool nonCommutative, const CostModel& costs) {
    return std::make_unique<Kernel<TreeDynPolicy>>(TreeDynPolicy{}, n, nonCommutative, costs);
}

} // namespace rl
