#include "algorithms/snf.h"

#include "engine/kernel.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/ep_schedule.h"

#include <algorithm>

namespace rl {

std::vector<int> snfSenders(const std::vector<double>& t) {
    std::vector<int> order(t.size());
    for (std::size_t i = 0; i < order.size(); ++i) {
        order[i] = static_cast<int>(i);
    }
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
        return t[static_cast<std::size_t>(a)] > t[static_cast<std::size_t>(b)];
    });
    // The first is the slowest with the lowest index: slowestProcessor(t), the root.
    order.erase(order.begin());
    return order;
}

std::unique_ptr<KernelBase> makeSnfKernel(int n, bool nonCommutative, const CostModel& costs) {
    const std::vector<double> t = clairvoyantTimes("SNF", n, nonCommutative, costs);
    return std::make_unique<ClairvoyantKernel>(epSchedule(t, snfSenders(t)));
}

} // namespace rl
