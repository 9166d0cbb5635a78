#pragma once

#include "schedule/schedule.h"
#include "studies/scenario.h"

#include <string>
#include <string_view>

namespace rl {

/// `reducelab-cli run --format json`: the schedule of one run of `scenario` as one JSON
/// document. The algorithm, n, the operation's commutativity, the seed and replicate (strings),
/// the makespan and the root; each transfer (from, to, start, end, the values it carries as
/// "[0,3]" ranges), each reduction (processor, its transfer, the sender, start, end, the value
/// it yields); the tree (each processor's parent, -1 at the root, and children in the order of
/// their transfers); each processor's busy and idle times; and "scenario", the scenario with
/// its provenance (scenarioProvenanceJson() with `program`), which `run --scenario` reads back.
std::string scheduleJson(const Schedule& s, const Scenario& scenario, std::string_view program);

} // namespace rl
