#pragma once

#include <vector>

namespace rl {

struct Schedule;

/// An arrow of a Gantt chart: something sent from row `from` to row `to` over [start, end),
/// drawn with a reception bar on the receiving row.
struct GanttArrow {
    int from = 0;
    int to = 0;
    double start = 0.0;
    double end = 0.0;
};

/// A block of a Gantt chart: work on row `row` over [start, end).
struct GanttBlock {
    int row = 0;
    double start = 0.0;
    double end = 0.0;
};

/// What a Gantt chart draws, whatever model it shows: rows, arrows between rows, blocks on
/// rows, and how long each row takes part (its grey band). A reduction's schedule, a
/// divisible-load schedule and a steady-state period all become one; the chart knows nothing
/// else of them (tooltips come from whoever made the bars). Plain and immutable once built.
struct GanttBars {
    int rows = 1;
    double end = 0.0;                ///< the chart spans [0, end]
    std::vector<GanttArrow> arrows;  ///< arrow k is the chart's operation (transfer, k)
    std::vector<GanttBlock> blocks;  ///< block k is the chart's operation (reduction, k)
    std::vector<double> activeUntil; ///< per row, the end of its band (0: no band)
    /// Per row, the start of its band: when the processor arrived (late arrivals,
    /// docs/model.md §1); empty: every band starts at 0.
    std::vector<double> activeFrom;
};

/// A reduction's schedule as bars: transfer k is arrow k, reduction k is block k, and a
/// processor takes part from its arrival (0 without an arrival law) until its send ends (the
/// root until the makespan).
GanttBars ganttBars(const Schedule& s);

} // namespace rl
