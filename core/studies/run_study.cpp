#include "studies/run_study.h"

#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "studies/measured_run.h"

#include <algorithm>
#include <cmath>
#include <string>

namespace rl {

void checkRunDetail(const Scenario& scenario, RunDetail detail) {
    if (detail == RunDetail::Explorer && scenario.n > kMaxExplorerProcessors) {
        throw InputError("processors n = " + std::to_string(scenario.n) +
                         ": the explorer shows at most " + std::to_string(kMaxExplorerProcessors) +
                         " processors (a Gantt row and a tree node each); simulate larger "
                         "platforms with reducelab-cli run, mc or sweep");
    }
}

std::shared_ptr<const RunResult> runScenario(const Scenario& scenario, RunDetail detail,
                                             const StudyProgress& progress) {
    scenario.validate();
    checkRunDetail(scenario, detail);
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

std::string RunResult::name(std::size_t i) const {
    const std::string& algorithmName = algorithm(i).name();
    return i < labels.size() ? algorithmName + " " + labels[i] : algorithmName;
}

std::string RunResult::key(std::size_t i) const {
    const std::string& algorithmKey = algorithm(i).key();
    return i < labels.size() ? algorithmKey + "-" + labels[i] : algorithmKey;
}

std::string runTitle(const RunResult& r, std::size_t i) {
    return r.name(i) + " — makespan " + formatSignificant(r.schedules[i]->makespan, 5);
}

std::string runDetail(const RunResult& r, std::size_t i) {
    if (r.labels.size() == 2 && i == 0) {
        // A file's run beside its simulation (studies/measured_run.h): how far apart they are.
        const Schedule& file = *r.schedules[0];
        const Schedule& simulated = *r.schedules[1];
        return relativeDifferenceText(file.makespan, simulated.makespan) +
               " against the simulation, " +
               (file.parent == simulated.parent ? "the same tree" : "another tree");
    }
    if (r.labels.size() == 1) {
        return "times in seconds, real data: no simulated draw to set beside it";
    }
    if (r.algorithm(i) != AlgorithmId::TreeDyn || !r.treeDynChain) {
        return {};
    }
    // The run beside what theory expects of it (the Markov chain, docs/model.md §6).
    return "Markov chain: mean " + formatSignificant(r.treeDynChain->mean, 5) + ", sd " +
           formatSignificant(std::sqrt(r.treeDynChain->variance), 4);
}

} // namespace rl
