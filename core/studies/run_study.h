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

/// The most processors the explorer shows (RunDetail::Explorer). It draws a Gantt row and a
/// tree node per processor, narrates every event (about four per processor and algorithm)
/// and animates them all: what a screen can show ends near a thousand rows, and at this size
/// four algorithms still run, open and play at once (tests/bench/gui_bench). Larger
/// platforms are for `reducelab-cli run` (a schedule, its CSV and Paje trace), `mc` and
/// `sweep`.
constexpr int kMaxExplorerProcessors = 4096;

/// Throws InputError when a scenario asks more of `detail` than it gives: the explorer's
/// detail up to kMaxExplorerProcessors (the message names the limit and the CLI). The one
/// rule the explorer's settings, its opened files and drill-downs, and runScenario() apply.
void checkRunDetail(const Scenario& scenario, RunDetail detail);

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
    /// Per schedule, what it is when the runs are not one simulation per algorithm of the
    /// scenario: a schedule read from a file beside the simulation of its scenario
    /// (runBesideMeasured: "measured" and "simulated", both of scenario.algorithms[0]). Empty
    /// for runScenario()'s results.
    std::vector<std::string> labels;
    /// Per schedule and processor, a line the views add where they describe that processor
    /// (the hover): how its measured and simulated finishes differ. Empty: none.
    std::vector<std::vector<std::string>> processorNotes;

    /// The algorithm of run `i`.
    const Algorithm& algorithm(std::size_t i) const {
        return scenario.algorithms[labels.empty() ? i : 0];
    }
    /// The name of run `i`: its algorithm's ("Tree-dyn"), then its label ("Tree-dyn measured").
    std::string name(std::size_t i) const;
    /// The key of run `i` in file names: its algorithm's ("tree-dyn", "tree-dyn-measured").
    std::string key(std::size_t i) const;
};

/// The title of run `i` of `r` as the explorer writes it above its Gantt chart, and a web page
/// too: "Tree-dyn — makespan 6.2345" (5 significant digits).
std::string runTitle(const RunResult& r, std::size_t i);
/// What follows the title in parentheses, or nothing: for Tree-dyn, its Markov chain's mean and
/// standard deviation ("Markov chain: mean 6.1234, sd 1.234") when the run has it.
std::string runDetail(const RunResult& r, std::size_t i);

/// Validates `scenario` and its detail (checkRunDetail; InputError naming the problem) and runs
/// every algorithm on the same seed and replicate. `progress` counts the algorithms run (and the
/// bound's search, if any); returning false cancels: the result is then null.
std::shared_ptr<const RunResult> runScenario(const Scenario& scenario, RunDetail detail,
                                             const StudyProgress& progress = {});

} // namespace rl
