#pragma once

#include "models/steady_state.h"
#include "platform/fixed_costs.h"
#include "studies/scenario.h"
#include "studies/study.h"

#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rl {

/// The request of a steady-state study (seed 002): series of reductions (SSRP) or scatters
/// (SSSP) on a platform graph. What `reducelab-cli steady` and the Steady state tab solve.
struct SteadyStudy {
    /// The explorer platform the Steady state tab offers first (a complete graph), and its n.
    static constexpr const char* kPanelExplorerPreset = "worstcase:1:3:0.5";
    static constexpr int kPanelExplorerN = 5;

    PlatformGraph graph;
    /// The explorer's fixed costs the graph was made from (PlatformGraph::fromFixedCosts), for
    /// the pipelining comparison; derived from a complete graph with unit messages if absent.
    std::optional<FixedCosts> explorerPlatform;
    bool scatter = false;
    int target = 0; ///< reduce: the processor receiving the result (-1: any); scatter: source
    std::vector<int> scatterTargets; ///< scatter: empty for every processor but the source

    /// The complete graph of an explorer platform (PlatformGraph::fromFixedCosts), kept for the
    /// comparison; InputError when it has more processors than the linear programs take.
    static SteadyStudy onExplorerPlatform(FixedCosts costs);
    /// Throws InputError naming the first problem: the graph (its size included), the target,
    /// source or scatter targets.
    void validate() const;
};

/// What a steady-state study computes.
enum class SteadyGoal {
    Solve,           ///< the LP optimum, its decomposition and one period (validated)
    SolveAndCompare, ///< also the pipelining comparison, for a reduce on an explorer platform
    CompareOnly,     ///< only the comparison (needs the explorer platform)
};

/// Why a front end cannot have a drawing of one period (`periodDrawn`: the CLI's --gantt)
/// from `goal`, or an empty string: CompareOnly solves no periodic schedule. The one rule on a
/// study's outputs, checked before any work.
std::string steadyOutputProblem(SteadyGoal goal, bool periodDrawn);

struct SteadyStudyResult {
    PlatformGraph graph;
    std::shared_ptr<const SteadyStateResult> result; ///< null for CompareOnly
    /// The explorer platform compared (the tab's "Open this platform in the explorer").
    std::optional<FixedCosts> explorerPlatform;
    /// One reduction at a time of each explorer algorithm against TP, on the explorer platform.
    std::vector<PipelineComparison> comparisons;

    /// The compared algorithms on the explorer platform, as an explorer run (the tab's "Open
    /// this platform in the explorer"); nullopt without an explorer platform.
    std::optional<Scenario> explorerScenario() const;
};

/// The explorer platform a graph is, if any: complete, with unit messages (d[i][j] = c(i,j),
/// c[j] = w(Pj)).
std::optional<FixedCosts> explorerPlatformOf(const PlatformGraph& g);

/// Validates and solves; the periodic schedule is checked by its validator (an invalid one is
/// an internal error, std::runtime_error). InputError when the LP is infeasible or unbounded.
/// `progress` counts kSteadyProgressUnits per SSRP solved: the reduce, then each root the
/// comparison needs (the total grows by those once the explorer's algorithms have run); a
/// scatter reports nothing. Null when it cancels.
std::shared_ptr<const SteadyStudyResult> runSteadyStudy(const SteadyStudy& study, SteadyGoal goal,
                                                        const StudyProgress& progress = {});

} // namespace rl
