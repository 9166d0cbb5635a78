#include "models/steady_state.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "models/steady_detail.h"
#include "platform/cost_model.h"

#include <algorithm>
#include <limits>
#include <map>

namespace rl {

namespace steady_detail {

std::vector<Edge> edgesOf(const PlatformGraph& g) {
    std::vector<Edge> e;
    for (int i = 0; i < g.n; ++i) {
        for (int j = 0; j < g.n; ++j) {
            if (g.hasLink(i, j)) {
                e.push_back({i, j});
            }
        }
    }
    return e;
}

void checkReduceTarget(const PlatformGraph& g, int target) {
    if (target < -1 || target >= g.n) {
        throw InputError("the target must be a processor in [0, " + std::to_string(g.n - 1) +
                         "] or any, not " + std::to_string(target));
    }
}

void fillOccupation(const PlatformGraph& g, SteadyStateResult& r) {
    r.linkOccupation.assign(static_cast<std::size_t>(g.n) * g.n, 0.0);
    r.computeOccupation.assign(static_cast<std::size_t>(g.n), 0.0);
    for (const FlowTransfer& f : r.transfers) {
        r.linkOccupation[static_cast<std::size_t>(f.from) * g.n + f.to] +=
            f.rate * g.messageSize * g.cost(f.from, f.to);
    }
    for (const FlowTask& f : r.tasks) {
        r.computeOccupation[static_cast<std::size_t>(f.proc)] +=
            f.rate * g.w[static_cast<std::size_t>(f.proc)];
    }
}

} // namespace steady_detail

std::vector<PipelineComparison> compareWithExplorer(const FixedCosts& costs,
                                                    const SteadyProgress& progress,
                                                    const std::map<int, double>& known) {
    const PlatformGraph g = PlatformGraph::fromFixedCosts(costs);
    std::vector<PipelineComparison> rows;
    for (const Algorithm& a : algorithms()) {
        if (!a.validNonCommutative()) {
            continue;
        }
        Simulator sim(a, costs.n, true, CostModel::fixedMatrix(costs));
        const Schedule s = sim.schedule(1, 0);
        PipelineComparison c;
        c.algorithm = a.name();
        c.makespan = s.makespan;
        c.root = s.root;
        c.singleThroughput =
            s.makespan > 0 ? 1.0 / s.makespan : std::numeric_limits<double>::infinity();
        rows.push_back(c);
    }
    // The single reductions are quick; the SSRP solves (one per root) are the long part.
    std::map<int, double> tpByRoot = known;
    std::vector<int> roots;
    for (const PipelineComparison& c : rows) {
        if (!tpByRoot.count(c.root) &&
            std::find(roots.begin(), roots.end(), c.root) == roots.end()) {
            roots.push_back(c.root);
        }
    }
    const std::uint64_t total = kSteadyProgressUnits * roots.size();
    for (std::size_t k = 0; k < roots.size(); ++k) {
        const std::uint64_t before = kSteadyProgressUnits * k;
        const SteadyStateResult r =
            solveSteadyReduce(g, roots[k], [&](std::uint64_t done, std::uint64_t) {
                return !progress || progress(before + done, total);
            });
        if (r.cancelled) {
            return {};
        }
        tpByRoot[roots[k]] = r.throughput;
    }
    for (PipelineComparison& c : rows) {
        c.steadyThroughput = tpByRoot.at(c.root);
    }
    return rows;
}

} // namespace rl
