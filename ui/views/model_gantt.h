#pragma once

#include "models/divisible_load.h"
#include "models/steady_state.h"

#include <memory>

namespace rl {

class GanttView;

/// Shows a divisible-load schedule in a Gantt view: row 0 "master", row i "P<i>"; sends and
/// returns as arrows, computations as blocks, tooltips with amounts and alpha_i.
void showDivisibleSchedule(GanttView& view, const std::shared_ptr<const DivisibleSchedule>& s,
                           const StarPlatform& platform);
/// Shows one period of a steady-state schedule: messages (v[k,m] or m_k) as arrows, tasks
/// T(k,l,m) as blocks, tooltips naming the value and the pattern use it belongs to.
void showPeriodicSchedule(GanttView& view, const std::shared_ptr<const SteadyStateResult>& r,
                          int n);

} // namespace rl
