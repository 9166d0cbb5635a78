#include "studies/steady_study.h"

#include "base/input_error.h"

#include <map>
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

std::string steadyOutputProblem(SteadyGoal goal, bool periodDrawn) {
    if (periodDrawn && goal == SteadyGoal::CompareOnly) {
        return "the pipelining comparison alone solves no periodic schedule to draw";
    }
    return {};
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

std::shared_ptr<const SteadyStudyResult> runSteadyStudy(const SteadyStudy& study, SteadyGoal goal,
                                                        const StudyProgress& progress) {
    study.validate();
    auto r = std::make_shared<SteadyStudyResult>();
    r->graph = study.graph;
    // The comparison's solves come after the reduce's, and their count is known only once the
    // explorer's algorithms have run: the reduce reports on its own units, the comparison on
    // the units after them.
    std::uint64_t solvedUnits = 0;
    if (goal != SteadyGoal::CompareOnly) {
        auto solved = std::make_shared<SteadyStateResult>(
            study.scatter ? solveSteadyScatter(study.graph, study.target, study.scatterTargets)
                          : solveSteadyReduce(study.graph, study.target, progress));
        if (solved->cancelled) {
            return nullptr;
        }
        const auto errors = validatePeriodic(solved->schedule, study.graph);
        if (!errors.empty()) {
            throw std::runtime_error("invalid periodic schedule: " + errors.front());
        }
        r->result = std::move(solved);
        solvedUnits = study.scatter ? 0 : kSteadyProgressUnits;
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
    // The reduce just solved is the comparison's SSRP for that root when the graphs agree.
    std::map<int, double> known;
    if (r->result && study.target >= 0 &&
        PlatformGraph::fromFixedCosts(*r->explorerPlatform) == study.graph) {
        known[study.target] = r->result->throughput;
    }
    bool cancelled = false;
    r->comparisons = compareWithExplorer(
        *r->explorerPlatform,
        [&](std::uint64_t done, std::uint64_t total) {
            cancelled = !keepGoing(progress, solvedUnits + done, solvedUnits + total);
            return !cancelled;
        },
        known);
    if (cancelled) {
        return nullptr;
    }
    return r;
}

} // namespace rl
