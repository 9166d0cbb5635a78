#pragma once

#include "schedule/schedule.h"
#include "studies/scenario.h"

#include <nlohmann/json_fwd.hpp>

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

/// Where a schedule's times come from. A simulated schedule (the default) is in model units. A
/// measured one (`reducelab-mpi run`) is in model units when the drawn costs were injected at
/// `secondsPerUnit` seconds per unit (--time-unit), in seconds otherwise.
struct ScheduleOrigin {
    bool measured = false;
    double secondsPerUnit = 0.0; ///< > 0: measured with injected costs; 0: measured in seconds

    /// "model units" or "seconds": what the schedule's times count.
    bool inSeconds() const { return measured && secondsPerUnit <= 0.0; }
    friend bool operator==(const ScheduleOrigin&, const ScheduleOrigin&) = default;
};

/// scheduleJson() of a measured schedule: the same document with "measured": {"time_unit":
/// "model" or "seconds", "seconds_per_unit": the injected unit, or null}.
/// Readers of earlier files see a schedule without the field as simulated; with a simulated
/// origin this is scheduleJson() exactly.
std::string scheduleJson(const Schedule& s, const Scenario& scenario, std::string_view program,
                         const ScheduleOrigin& origin);

/// The "measured" object of scheduleJson() for `origin` (null for a simulated schedule): the
/// Chrome trace writes the same.
nlohmann::json scheduleOriginJson(const ScheduleOrigin& origin);

} // namespace rl
