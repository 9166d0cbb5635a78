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
    for (const AlgorithmInfo& info : allAlgorithms()) {
        AlgorithmGap g;
        g.algorithm = info.id;
        // The optimum row is the search result itself (no second search).
        g.makespan = info.id == AlgorithmId::Optimum
                         ? opt.makespan
                         : Simulator(info.id, n, false, costs).makespan(1, 0);
        g.gap = opt.makespan > 0 ? g.makespan / opt.makespan - 1.0 : 0.0;
        out.rows.push_back(g);
    }
    return out;
}

} // namespace rl
