#include "studies/scenario.h"

#include "algorithms/simulator.h"
#include "base/input_error.h"

namespace rl {

void Scenario::validate() const {
    if (algorithms.empty()) {
        throw InputError("select at least one algorithm");
    }
    if (algorithms.size() > kMaxAlgorithms) {
        throw InputError("compare at most four algorithms");
    }
    for (const Algorithm& a : algorithms) {
        validateRun(a, n, nonCommutative);
    }
    const CostModel costs = costModel();
    costs.validate(n);
    for (const Algorithm& a : algorithms) {
        checkArrivals(a, costs);
        if (a.descriptor().checkCosts) {
            a.descriptor().checkCosts(costs, n);
        }
    }
}

} // namespace rl
