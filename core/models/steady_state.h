#pragma once

#include "models/periodic_schedule.h"
#include "models/platform_graph.h"
#include "platform/fixed_costs.h"

#include <string>
#include <string_view>
#include <vector>

namespace rl {

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
};

/// SSRP(G): series of non-commutative reductions of v_0 (+) ... (+) v_(n-1), v_i on Pi, result
/// on `target` (-1: on any processor). The flow LP's optimum, found by column generation over
/// weighted reduction trees (its decomposition). Throws InputError on a bad graph or target,
/// coefficients too far apart to solve, or when the target cannot be reached.
SteadyStateResult solveSteadyReduce(const PlatformGraph& g, int target);
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
/// not allow) on the fixed platform, and solves SSRP on its complete graph with the same root.
std::vector<PipelineComparison> compareWithExplorer(const FixedCosts& costs);

} // namespace rl
