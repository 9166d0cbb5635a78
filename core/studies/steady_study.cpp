#include "studies/steady_study.h"

#include "base/input_error.h"

#include <stdexcept>

namespace rl {

SteadyStudy SteadyStudy::onExplorerPlatform(FixedCosts costs) {
    if (costs.n > kMaxSteadyProcessors) {
        throw InputError("the platform has " + std::to_string(costs.n) +
                         " processors; the linear programs take at most " +
                         std::to_string(kMaxSteadyProcessors));
    }
    SteadyStudy s;
    s.graph = PlatformGraph::fromFixedCosts(costs);
    s.explorerPlatform = std::move(costs);
    return s;
}

void SteadyStudy::validate() const {
    graph.validate();
    const auto checkProcessor = [&](int p, const std::string& what) {
        if (p < 0 || p >= graph.n) {
            throw InputError(what + " " + std::to_string(p) + " is not a processor (0.." +
                             std::to_string(graph.n - 1) + ")");
        }
    };
    if (!scatter) {
        if (target != -1) {
            checkProcessor(target, "the target");
        }
        return;
    }
    if (target < 0) {
        throw InputError("a scatter needs a source processor, not 'any'");
    }
    checkProcessor(target, "the source");
    for (int t : scatterTargets) {
        checkProcessor(t, "scatter target");
    }
}

std::optional<FixedCosts> explorerPlatformOf(const PlatformGraph& g) {
    if (g.messageSize != 1.0) {
        return std::nullopt;
    }
    FixedCosts f;
    f.n = g.n;
    for (int i = 0; i < g.n; ++i) {
        for (int j = 0; j < g.n; ++j) {
            if (i != j && !g.hasLink(i, j)) {
                return std::nullopt;
            }
            f.d.push_back(i == j ? 0.0 : g.cost(i, j));
        }
    }
    f.c = g.w;
    return f;
}

std::optional<Scenario> SteadyStudyResult::explorerScenario() const {
    if (!explorerPlatform) {
        return std::nullopt;
    }
    // What compareWithExplorer runs: the explorer's algorithms valid for a non-commutative
    // operation (a series of reductions keeps the order of the values).
    Scenario s;
    s.n = explorerPlatform->n;
    s.nonCommutative = true;
    s.algorithms.clear();
    for (const Algorithm& a : algorithms()) {
        if (a.validNonCommutative()) {
            s.algorithms.push_back(a);
        }
    }
    s.costMode = CostMode::FixedMatrix;
    s.matrix = *explorerPlatform;
    return s;
}

std::shared_ptr<const SteadyStudyResult> runSteadyStudy(const SteadyStudy& study, SteadyGoal goal) {
    study.validate();
    auto r = std::make_shared<SteadyStudyResult>();
    r->graph = study.graph;
    if (goal != SteadyGoal::CompareOnly) {
        auto solved = std::make_shared<const SteadyStateResult>(
            study.scatter ? solveSteadyScatter(study.graph, study.target, study.scatterTargets)
                          : solveSteadyReduce(study.graph, study.target));
        const auto errors = validatePeriodic(solved->schedule, study.graph);
        if (!errors.empty()) {
            throw std::runtime_error("invalid periodic schedule: " + errors.front());
        }
        r->result = std::move(solved);
    }
    if (goal == SteadyGoal::Solve || (goal == SteadyGoal::SolveAndCompare && study.scatter)) {
        return r;
    }
    r->explorerPlatform =
        study.explorerPlatform ? study.explorerPlatform : explorerPlatformOf(study.graph);
    if (!r->explorerPlatform) {
        if (goal == SteadyGoal::CompareOnly) {
            throw InputError("the pipelining comparison needs an explorer platform (a complete "
                             "graph with unit messages)");
        }
        return r;
    }
    r->comparisons = compareWithExplorer(*r->explorerPlatform);
    return r;
}

} // namespace rl
