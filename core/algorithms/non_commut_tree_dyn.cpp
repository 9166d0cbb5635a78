#include "algorithms/non_commut_tree_dyn.h"

#include "engine/kernel.h"

namespace rl {

std::unique_ptr<KernelBase> makeNonCommutTreeDynKernel(int n, bool nonCommutative,
                                                       const CostModel& costs) {
    return std::make_unique<Kernel<NonCommutTreeDynPolicy>>(NonCommutTreeDynPolicy{}, n,
                                                            nonCommutative, costs);
}

} // namespace rl
