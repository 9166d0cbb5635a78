#pragma once

#include "models/platform_graph.h"
#include "schedule/gantt_bars.h"
#include "schedule/schedule.h"

#include <string>
#include <vector>

namespace rl {

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

/// Builds one period from a decomposition into weighted patterns: a period making every
/// pattern's count integral (exact when the weights are small-denominator rationals, else the
/// seed's fixed-period rounding r = floor(weight x Tfixed)), transfers by edge colouring,
/// tasks back to back.
PeriodicSchedule buildPeriod(const PlatformGraph& g, const std::vector<WeightedPattern>& patterns,
                             bool scatter, int source, double throughput,
                             const std::vector<int>& targets);

/// Checks a periodic schedule: operations inside [0, period), one-port (a processor sends at
/// most one message and receives at most one at a time), tasks sequential on each processor,
/// every message lasts size x c(i,j) in total and every task w(Pi), and per period every value
/// is conserved on every processor (received + produced = sent + consumed, the participants
/// supplying and the targets taking `results` values). One message per violation.
std::vector<std::string> validatePeriodic(const PeriodicSchedule& s, const PlatformGraph& g);

/// One period as a Gantt chart's bars: messages as arrows, tasks as blocks, each list in the
/// order of `s.ops`; every row takes part over the whole period.
GanttBars periodicGantt(const PeriodicSchedule& s, int n);

} // namespace rl
