#pragma once

#include "models/periodic_schedule.h"
#include "models/platform_graph.h"
#include "platform/fixed_costs.h"

#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// How far a long steady-state solve has come, reported from the solving thread as (done,
/// total); returning false cancels the solve. For SSRP(G)'s column generation, done / total is
/// the fraction of the best upper bound on TP found so far that the master's throughput
/// reaches (its last per cent can take most of the time: degenerate masters tail off).
using SteadyProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;
/// The `total` of one SSRP(G) solve's progress.
inline constexpr std::uint64_t kSteadyProgressUnits = 1000000;

/// The steady-state optimum of SSRP(G) or SSSP(G) and what is built from it.
struct SteadyStateResult {
    bool scatter = false;
    int target = 0;                        ///< reduce: the target (-1: any); scatter: the source
    std::vector<int> scatterTargets;       ///< scatter only
    double throughput = 0.0;               ///< TP, optimal value of the LP
    std::vector<double> linkOccupation;    ///< n*n, t(i,j): fraction of time link i->j is busy
    std::vector<double> computeOccupation; ///< n, alpha(Pi)
    std::vector<FlowTransfer> transfers;   ///< nonzero s(Pi -> Pj, v) of the LP solution
    std::vector<FlowTask> tasks;           ///< nonzero cons(Pi, T) of the LP solution
    std::vector<WeightedPattern> patterns; ///< decomposition (reduction trees / routes)
    PeriodicSchedule schedule;             ///< one period built from the patterns
    int lpVariables = 0;                   ///< size of the flow LP of seed 002 (steady_flow_lp.h)
    int lpConstraints = 0; ///< reduce: solved by tree column generation, never built
    int treesPriced = 0;   ///< reduce: trees the column generation gave its master
    int pricingRounds = 0; ///< reduce: its rounds of pricing
    /// The progress callback cancelled the solve: nothing else is set.
    bool cancelled = false;
};

/// SSRP(G): series of non-commutative reductions of v_0 (+) ... (+) v_(n-1), v_i on Pi, result
/// on `target` (-1: on any processor). The flow LP's optimum, found by column generation over
/// weighted reduction trees (its decomposition). Throws InputError on a bad graph or target,
/// coefficients too far apart to solve, or when the target cannot be reached. `progress` is
/// called once per round of pricing.
SteadyStateResult solveSteadyReduce(const PlatformGraph& g, int target,
                                    const SteadyProgress& progress = {});
/// SSSP(G): series of scatters from `source`, one distinct message per target and per scatter,
/// to `targets` (empty: every other processor).
SteadyStateResult solveSteadyScatter(const PlatformGraph& g, int source,
                                     std::vector<int> targets = {});

/// Throughput of repeating one reduction of an explorer algorithm back to back, next to TP.
struct PipelineComparison {
    std::string algorithm;
    double makespan = 0.0;
    int root = 0;
    double singleThroughput = 0.0; ///< 1 / makespan
    double steadyThroughput = 0.0; ///< SSRP TP with the target = the algorithm's root
    double gain() const { return singleThroughput > 0 ? steadyThroughput / singleThroughput : 0.0; }
};
/// Runs each explorer algorithm valid for a non-commutative operation (Binomial-stat,
/// Fibonacci-stat, Non-Commut-Tree-dyn; Tree-dyn merges non-adjacent values, which SSRP does
/// not allow) on the fixed platform, and solves SSRP on its complete graph with the same root
/// (once per root; a root's TP found in `known` is not solved again). `progress` counts
/// kSteadyProgressUnits per SSRP solved; an empty vector when it cancels.
std::vector<PipelineComparison> compareWithExplorer(const FixedCosts& costs,
                                                    const SteadyProgress& progress = {},
                                                    const std::map<int, double>& known = {});

} // namespace rl
