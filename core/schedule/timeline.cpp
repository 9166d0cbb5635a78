#include "schedule/timeline.h"

#include <algorithm>

namespace rl {

namespace {

int rank(EventKind k) {
    switch (k) {
    case EventKind::TransferEnd:
        return 0;
    case EventKind::ReductionEnd:
        return 1;
    case EventKind::TransferStart:
        return 2;
    case EventKind::ReductionStart:
        return 3;
    }
    return 4;
}

} // namespace

std::vector<TimelineEvent> buildTimeline(const Schedule& s) {
    std::vector<TimelineEvent> out;
    out.reserve(2 * (s.transfers.size() + s.reductions.size()));
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        out.push_back({s.transfers[k].start, EventKind::TransferStart, static_cast<int>(k)});
        out.push_back({s.transfers[k].end, EventKind::TransferEnd, static_cast<int>(k)});
    }
    for (std::size_t k = 0; k < s.reductions.size(); ++k) {
        out.push_back({s.reductions[k].start, EventKind::ReductionStart, static_cast<int>(k)});
        out.push_back({s.reductions[k].end, EventKind::ReductionEnd, static_cast<int>(k)});
    }
    std::stable_sort(out.begin(), out.end(), [](const TimelineEvent& a, const TimelineEvent& b) {
        if (a.time != b.time) {
            return a.time < b.time;
        }
        if (rank(a.kind) != rank(b.kind)) {
            return rank(a.kind) < rank(b.kind);
        }
        return a.op < b.op;
    });
    return out;
}

int lastEventAtOrBefore(const std::vector<TimelineEvent>& timeline, double t) {
    const auto it = std::upper_bound(timeline.begin(), timeline.end(), t,
                                     [](double v, const TimelineEvent& e) { return v < e.time; });
    return static_cast<int>(it - timeline.begin()) - 1;
}

} // namespace rl
