#pragma once

#include "schedule/schedule.h"

#include <string>

namespace rl {

/// What hovering an operation of a Gantt chart tells, the same in the application and in its
/// web pages: for transfer k "transfer P2 → P0\nvalue [2,3]\nstart 1.2, end 2.5, duration 1.3",
/// for reduction k "reduction on P0 (value from P2)\nresult [0,3]\nstart ..., end ...,
/// duration ...". `value` is what it carries or yields (formatRuns of its value: the caller may
/// have them all at once, Schedule::allValues). Numbers as formatSignificant() shows them.
std::string describeOperation(const Schedule& s, bool isTransfer, int k, const std::string& value);

} // namespace rl
