#pragma once

#include "engine/narration.h"
#include "schedule/critical_path.h"
#include "schedule/schedule.h"
#include "studies/scenario.h"
#include "studies/study.h"
#include "theory/lower_bound.h"
#include "theory/tree_dyn_markov.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rl {

/// How much a run derives beyond its schedules.
enum class RunDetail {
    Schedules, ///< the schedules and their critical paths (`reducelab-cli run`)
    Narrated,  ///< also their narrations, and these merged (`run --narration`, `--animation`)
    Explorer,  ///< also the bound and Tree-dyn's Markov chain (the explorer)
};

/// The result of one scenario: one schedule per algorithm and everything the views draw from
/// them, computed where the run is (off the GUI thread). Immutable once made.
struct RunResult {
    Scenario scenario;
    std::vector<std::shared_ptr<const Schedule>> schedules; ///< scenario.algorithms order
    /// Per schedule: the chain of operations that fixes its makespan (schedule/critical_path.h).
    std::vector<std::vector<CriticalStep>> criticalPaths;
    /// The longest makespan: where the shared time axis and the animation end.
    double end = 0.0;
    /// Narrated detail: per schedule, its story as the engine told it (engine/narration.h).
    std::vector<std::shared_ptr<const Narration>> narrations;
    /// Narrated detail: those stories merged across schedules by time, each sentence after the
    /// algorithm's name when several are shown (narrateRuns). What the explorer steps through
    /// and narrates.
    std::vector<NarratedEvent> narration;
    /// Explorer detail: the lower bound or optimum drawn on every Gantt chart (none for random
    /// costs).
    std::optional<MakespanBound> bound;
    /// Explorer detail: Tree-dyn's expected makespan and variance from its Markov chain (RR §5),
    /// when the costs are exponential and Tree-dyn is shown.
    std::optional<MeanVariance> treeDynChain;
};

/// Validates `scenario` (InputError naming the problem) and runs every algorithm on the same
/// seed and replicate. `progress` counts the algorithms run (and the bound's search, if any);
/// returning false cancels: the result is then null.
std::shared_ptr<const RunResult> runScenario(const Scenario& scenario, RunDetail detail,
                                             const StudyProgress& progress = {});

} // namespace rl
