#include "studies/run_study.h"

#include "algorithms/simulator.h"

#include <algorithm>

namespace rl {

std::shared_ptr<const RunResult> runScenario(const Scenario& scenario, RunDetail detail,
                                             const StudyProgress& progress) {
    scenario.validate();
    auto result = std::make_shared<RunResult>();
    result->scenario = scenario;
    const CostModel costs = scenario.costModel();
    const std::uint64_t steps = scenario.algorithms.size() + 1;
    std::uint64_t done = 0;
    for (const Algorithm& a : scenario.algorithms) {
        if (!keepGoing(progress, done, steps)) {
            return nullptr;
        }
        Simulator sim(a, scenario.n, scenario.nonCommutative, costs);
        std::shared_ptr<const Schedule> schedule;
        if (detail == RunDetail::Schedules) {
            schedule =
                std::make_shared<const Schedule>(sim.schedule(scenario.seed, scenario.replicate));
        } else {
            auto narration = std::make_shared<Narration>();
            schedule = std::make_shared<const Schedule>(
                sim.narratedSchedule(scenario.seed, scenario.replicate, *narration));
            result->narrations.push_back(std::move(narration));
        }
        result->criticalPaths.push_back(criticalPath(*schedule));
        result->end = std::max(result->end, schedule->makespan);
        result->schedules.push_back(std::move(schedule));
        ++done;
    }
    if (detail != RunDetail::Schedules) {
        std::vector<const Narration*> runs;
        std::vector<std::string> names;
        for (std::size_t i = 0; i < result->narrations.size(); ++i) {
            runs.push_back(result->narrations[i].get());
            names.push_back(scenario.algorithms[i].name());
        }
        result->narration = narrateRuns(runs, names);
    }
    if (detail == RunDetail::Explorer) {
        bool cancelled = false;
        result->bound = referenceBound(costs, scenario.n, scenario.nonCommutative,
                                       [&](std::uint64_t, std::uint64_t) {
                                           cancelled = !keepGoing(progress, done, steps);
                                           return !cancelled;
                                       });
        if (cancelled) {
            return nullptr;
        }
        const auto& algos = scenario.algorithms;
        if (std::find(algos.begin(), algos.end(), AlgorithmId::TreeDyn) != algos.end()) {
            result->treeDynChain = treeDynMarkovFor(costs, scenario.n);
        }
    }
    if (!keepGoing(progress, steps, steps)) {
        return nullptr;
    }
    return result;
}

} // namespace rl
