#include "theory/optimum_gap.h"

#include "algorithms/simulator.h"
#include "platform/fixed_costs.h"

namespace rl {

OptimumGaps optimumGaps(const std::vector<double>& t, const SearchProgress& progress) {
    OptimumGaps out;
    const EpOptimum opt = epOptimum(t, progress);
    out.cancelled = opt.cancelled;
    if (opt.cancelled) {
        return out;
    }
    out.optimum = opt.makespan;
    out.optimalSenders = opt.senders;
    const CostModel costs = CostModel::fixedMatrix(FixedCosts::senderOnly(t));
    const int n = static_cast<int>(t.size());
    for (const Algorithm& a : modelAlgorithms()) {
        AlgorithmGap g;
        g.algorithm = a;
        // The optimum row is the search result itself (no second search).
        g.makespan =
            a == AlgorithmId::Optimum ? opt.makespan : Simulator(a, n, false, costs).makespan(1, 0);
        g.gap = opt.makespan > 0 ? g.makespan / opt.makespan - 1.0 : 0.0;
        out.rows.push_back(g);
    }
    return out;
}

} // namespace rl
