#include "studies/scenario.h"

#include "algorithms/ep_optimum.h"
#include "algorithms/ep_schedule.h"
#include "algorithms/runtime_policy.h"
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
        if (a.clairvoyant() && a.descriptor().senderOnlyCosts) {
            const std::string why = senderOnlyViolation(costs, n);
            if (!why.empty()) {
                throw InputError(a.name() + " is a Liu-Wang clairvoyant baseline: " + why);
            }
        } else if (a.clairvoyant()) {
            checkKnownCosts(a.name(), costs);
        }
        if (a == AlgorithmId::Optimum) {
            checkOptimumSearch(senderTimes(*matrix));
        }
    }
}

} // namespace rl
