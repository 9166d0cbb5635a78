#pragma once

#include "platform/fixed_costs.h"
#include "schedule/schedule.h"

#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// A platform graph for series of reductions and scatters (seed 002, Legrand-Marchal-Robert):
/// processors P0..P(n-1), directed links with c(i,j) = time to send one unit of message from
/// Pi to Pj (infinity: no link), w(Pi) = time for Pi to compute one task T(k,l,m) (the same for
/// every task), and the size of every message (each partial value v[k,m] and each scattered
/// message). One-port for sending and for receiving; computation overlaps communication.
struct PlatformGraph {
    int n = 0;
    std::vector<double> link; ///< n*n, row-major: link[i*n + j] = c(i,j); inf = no link
    std::vector<double> w;    ///< n
    double messageSize = 1.0;

    double cost(int i, int j) const { return link[static_cast<std::size_t>(i) * n + j]; }
    bool hasLink(int i, int j) const;
    /// Throws InputError naming the entry when n < 2, a size is wrong, c(i,j) <= 0 or NaN, a
    /// w is negative or not finite, or the message size is not > 0.
    void validate() const;
    /// The complete graph of the explorer's fixed platform: c(i,j) = d[i][j], w(Pj) = c[j],
    /// message size 1, so that one reduction of the explorer is one tree of this model.
    static PlatformGraph fromFixedCosts(const FixedCosts& costs);
    /// Text format: n lines of n link costs (",", "-" or "inf" for no link; the diagonal is
    /// ignored), then a line of n computation times w; '#' lines and blank lines ignored.
    static PlatformGraph parseCsv(std::string_view text, const std::string& source);
    std::string toCsv() const;
    /// "scatter-toy" (the seed's toy scatter: Ps, Pa, Pb, P0, P1 as P0..P4), "reduce-toy" (the
    /// seed's three-processor reduction), "ring:N", "complete:N".
    static PlatformGraph preset(std::string_view name);
    static std::vector<std::string> presetNames();
    friend bool operator==(const PlatformGraph&, const PlatformGraph&) = default;
};

/// A partial value travelling on a link: v[k,m] for a reduction, message m_k (k = m = the
/// target) for a scatter.
struct FlowTransfer {
    int from = 0;
    int to = 0;
    int k = 0;
    int m = 0;
    double rate = 0.0; ///< messages per time unit
};

/// A task T(k,l,m) = v[k,l] (+) v[l+1,m] computed on `proc`.
struct FlowTask {
    int proc = 0;
    int k = 0;
    int l = 0;
    int m = 0;
    double rate = 0.0; ///< tasks per time unit
};

/// One reduction tree (or, for a scatter, one route per target) used `weight` times per time
/// unit. Its transfers and tasks have rate = weight.
struct WeightedPattern {
    double weight = 0.0;
    int target = 0; ///< where the result ends (reduce); the source (scatter)
    std::vector<FlowTransfer> transfers;
    std::vector<FlowTask> tasks;
};

/// One operation of the periodic schedule: a piece of a message transfer (from -> to) or a
/// task (from == to == processor). `instance` numbers the pattern uses within the period.
struct PeriodicOp {
    bool isTask = false;
    int from = 0;
    int to = 0;
    int k = 0;
    int l = 0; ///< tasks only
    int m = 0;
    int instance = 0;
    double start = 0.0;
    double end = 0.0;
    std::string label(bool scatter = false) const;
};

/// One period of a periodic schedule: every operation lies in [0, period); an operation of
/// period p uses values produced in earlier periods (steady state after a start-up phase).
/// Communications may be cut into pieces at matching boundaries (preemption).
struct PeriodicSchedule {
    double period = 0.0;
    int results = 0;   ///< reductions (or scatters) completed per period
    bool exact = true; ///< period from exact rational weights (else fixed-period rounding)
    bool scatter = false;
    int source = 0; ///< scatter only
    std::vector<int>
        delivered; ///< results ending on each processor per period (scatter: per target)
    std::vector<PeriodicOp> ops; ///< transfers first (by start), then tasks (by start)
    double throughput() const { return period > 0 ? results / period : 0.0; }
};

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
    int lpVariables = 0;
    int lpConstraints = 0;
};

/// Largest graph the steady-state LPs accept (the reduce LP has O(n^4) variables).
constexpr int kMaxSteadyProcessors = 16;

/// SSRP(G): series of non-commutative reductions of v_0 (+) ... (+) v_(n-1), v_i on Pi, result
/// on `target` (-1: on any processor). Throws InputError on a bad graph or target, or when the
/// LP is infeasible (the target cannot be reached) or unbounded (free links and tasks).
SteadyStateResult solveSteadyReduce(const PlatformGraph& g, int target);
/// SSSP(G): series of scatters from `source`, one distinct message per target and per scatter,
/// to `targets` (empty: every other processor).
SteadyStateResult solveSteadyScatter(const PlatformGraph& g, int source,
                                     std::vector<int> targets = {});

/// Checks a periodic schedule: operations inside [0, period), one-port (a processor sends at
/// most one message and receives at most one at a time), tasks sequential on each processor,
/// every message lasts size x c(i,j) in total and every task w(Pi), and per period every value
/// is conserved on every processor (received + produced = sent + consumed, the participants
/// supplying and the targets taking `results` values). One message per violation.
std::vector<std::string> validatePeriodic(const PeriodicSchedule& s, const PlatformGraph& g);

/// The period as rows for the Gantt view: transfers as arrows, tasks as blocks (their
/// `transfer` is -1). Only for drawing.
Schedule periodicGantt(const PeriodicSchedule& s, int n);

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
