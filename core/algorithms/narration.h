#pragma once

#include "algorithms/algorithm_registry.h"
#include "schedule/schedule.h"
#include "schedule/timeline.h"

#include <string>
#include <vector>

namespace rl {

/// One sentence per event of `timeline` (same order, same count), explaining it to a lecture
/// audience in terms of the algorithm's rule, e.g. for Tree-dyn
/// "t = 2.31: P3 is idle; the slot holds P2, so P3 sends [3,3] to P2", for Binomial-stat
/// "t = 2.00: round 2 of P0: P2 sends [2,3] to P0", or "t = 3.00: P0 now holds [0,3]".
///
/// Everything is derived from the schedule (values, tree, reception order) and the static
/// plans; `algo` must be the algorithm that built `s` and `timeline` must be
/// buildTimeline(s) or a part of it. Times have 3 significant digits (formatNarrationTime).
std::vector<std::string> narrate(const Schedule& s, const Algorithm& algo,
                                 const std::vector<TimelineEvent>& timeline);

/// What happens at time 0 before the first operation, which no timeline event shows: the idle
/// processors that enter the empty slot (Tree-dyn) or wait for an idle neighbour
/// (Non-Commut-Tree-dyn), and the processors with nothing to receive that wait for their
/// parent (static algorithms), in index order ("t = 0.00: P0 is idle and enters the empty
/// slot"). Shown before narrate()'s sentences.
std::vector<std::string> narrateStart(const Schedule& s, const Algorithm& algo);

/// One event of several runs shown together (the explorer's compare mode, animations).
struct NarratedEvent {
    TimelineEvent event;
    int run = 0;      ///< index of its schedule
    std::string text; ///< narrate()'s sentence, after "<algorithm> · " when there are several runs
};

/// The narration of runs shown together: each run's timeline in its own causal order, the runs
/// merged by time (at equal times, the earlier run first). `algorithms[i]` built `schedules[i]`.
std::vector<NarratedEvent> narrateRuns(const std::vector<const Schedule*>& schedules,
                                       const std::vector<Algorithm>& algorithms);

/// The whole story of a run as plain text, one sentence a line: narrateStart() then narrate()
/// of the whole timeline (for handouts, screen readers and `reducelab-cli run --narration`).
std::string narrationText(const Schedule& s, const Algorithm& algo);

/// A time with 3 significant digits ("2.31", "12.3", "0.0457"), and "0.00" for 0.
std::string formatNarrationTime(double t);

} // namespace rl
