#pragma once

#include "schedule/schedule.h"

#include <vector>

namespace rl {

/// What happens at one step of an animation.
enum class EventKind { TransferStart, TransferEnd, ReductionStart, ReductionEnd };

/// One step: an operation (index into Schedule::transfers or ::reductions) starts or ends.
struct TimelineEvent {
    double time = 0.0;
    EventKind kind = EventKind::TransferStart;
    int op = 0;
};

/// Every start and end of a schedule's operations, in the order an animation steps through
/// them: by time; at equal times ends before starts (an end is what lets an operation start),
/// then transfers before reductions, then by operation index.
std::vector<TimelineEvent> buildTimeline(const Schedule& s);

/// Index of the last event at or before time t (-1 if none).
int lastEventAtOrBefore(const std::vector<TimelineEvent>& timeline, double t);

} // namespace rl
