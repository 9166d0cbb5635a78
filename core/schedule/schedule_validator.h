#pragma once

#include "platform/fixed_costs.h"
#include "schedule/schedule.h"

#include <string>
#include <vector>

namespace rl {

/// Checks the six invariants of docs/model.md §5 (and basic sanity: finite, ordered times, makespan
/// = last end, a tree rooted at `root`). With `fixed`, also checks that every operation lasted
/// exactly its fixed cost. Returns one message per violation; empty means valid.
std::vector<std::string> validateSchedule(const Schedule& s, const FixedCosts* fixed = nullptr);

} // namespace rl
