#pragma once

#include "schedule/schedule.h"

#include <vector>

namespace rl {

/// What happens at one step of an animation. Decision: a decision that starts no operation
/// (a processor enters Tree-dyn's slot, or waits), a step of a run's narration only
/// (engine/narration.h): buildTimeline() never makes one.
enum class EventKind { TransferStart, TransferEnd, ReductionStart, ReductionEnd, Decision };

/// One step: an operation (index into Schedule::transfers or ::reductions) starts or ends; or a
/// decision, `op` being its processor.
struct TimelineEvent {
    double time = 0.0;
    EventKind kind = EventKind::TransferStart;
    int op = 0;
};

/// Every start and end of a schedule's operations, in the order an animation steps through
/// them: by time, and in causal order among events at the same time. Causal order is what the
/// model guarantees (docs/model.md, section 1): an operation starts before it ends; a
/// transfer's end comes before the reduction that merges it; a processor's reductions follow
/// one another; a processor's send follows its last reduction; a processor's receptions
/// follow one another (one-port). These matter when operations cost 0 or events tie, where
/// time alone does not order them. Among events the causal rules leave unordered: ends
/// before starts, then transfers before reductions, then by operation index.
std::vector<TimelineEvent> buildTimeline(const Schedule& s);

/// Index of the last event at or before time t (-1 if none).
int lastEventAtOrBefore(const std::vector<TimelineEvent>& timeline, double t);

} // namespace rl
