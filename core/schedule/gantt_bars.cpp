#include "schedule/gantt_bars.h"

#include "schedule/schedule.h"

namespace rl {

GanttBars ganttBars(const Schedule& s) {
    GanttBars bars;
    bars.rows = s.n;
    bars.end = s.makespan;
    bars.arrows.reserve(s.transfers.size());
    bars.activeUntil.assign(static_cast<std::size_t>(s.n), s.makespan);
    bars.activeFrom = s.arrivals;
    for (const TransferOp& t : s.transfers) {
        bars.arrows.push_back({t.from, t.to, t.start, t.end});
        // A processor takes no further part once its value has been sent (docs/model.md §1).
        bars.activeUntil[static_cast<std::size_t>(t.from)] = t.end;
    }
    bars.blocks.reserve(s.reductions.size());
    for (const ReductionOp& r : s.reductions) {
        bars.blocks.push_back({r.proc, r.start, r.end});
    }
    return bars;
}

} // namespace rl
