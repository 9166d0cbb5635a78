#include "schedule/timeline.h"

#include <algorithm>
#include <cstdint>
#include <queue>
#include <utility>

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
    case EventKind::Decision: // never in a schedule's timeline
        break;
    }
    return 4;
}

} // namespace

std::vector<TimelineEvent> buildTimeline(const Schedule& s) {
    // Events are numbered: transfer k starts at 2k and ends at 2k+1; reduction r starts at
    // 2T+2r and ends at 2T+2r+1 (T transfers). A topological sort of the causal rules, taking
    // among the ready events the one first by (time, kind, index), gives non-decreasing times
    // (every rule goes from an earlier or equal time to a later or equal one) in causal order.
    const std::size_t nT = s.transfers.size();
    const std::size_t nR = s.reductions.size();
    const std::size_t total = 2 * (nT + nR);
    std::vector<TimelineEvent> events(total);
    for (std::size_t k = 0; k < nT; ++k) {
        events[2 * k] = {s.transfers[k].start, EventKind::TransferStart, static_cast<int>(k)};
        events[2 * k + 1] = {s.transfers[k].end, EventKind::TransferEnd, static_cast<int>(k)};
    }
    for (std::size_t r = 0; r < nR; ++r) {
        events[2 * nT + 2 * r] = {s.reductions[r].start, EventKind::ReductionStart,
                                  static_cast<int>(r)};
        events[2 * nT + 2 * r + 1] = {s.reductions[r].end, EventKind::ReductionEnd,
                                      static_cast<int>(r)};
    }
    const auto ts = [](std::size_t k) { return 2 * k; };
    const auto te = [](std::size_t k) { return 2 * k + 1; };
    const auto rs = [nT](std::size_t r) { return 2 * nT + 2 * r; };
    const auto re = [nT](std::size_t r) { return 2 * nT + 2 * r + 1; };

    // The rules as edges (a, b): a comes first. A rule that an invalid schedule breaks in time
    // (b before a) is left out, so times never decrease whatever the input.
    std::vector<std::pair<std::size_t, std::size_t>> edges;
    edges.reserve(total * 2);
    const auto rule = [&](std::size_t a, std::size_t b) {
        if (events[a].time <= events[b].time) {
            edges.emplace_back(a, b);
        }
    };
    const auto procs = static_cast<std::size_t>(std::max(s.n, 0));
    std::vector<std::ptrdiff_t> lastReduction(procs, -1); // by start order, per processor
    std::vector<std::ptrdiff_t> lastReception(procs, -1);
    for (std::size_t k = 0; k < nT; ++k) {
        rule(ts(k), te(k));
        const auto to = static_cast<std::size_t>(s.transfers[k].to);
        if (to < procs) {
            if (lastReception[to] >= 0) {
                rule(te(static_cast<std::size_t>(lastReception[to])), ts(k));
            }
            lastReception[to] = static_cast<std::ptrdiff_t>(k);
        }
    }
    for (std::size_t r = 0; r < nR; ++r) {
        const ReductionOp& op = s.reductions[r];
        rule(rs(r), re(r));
        if (op.transfer >= 0 && static_cast<std::size_t>(op.transfer) < nT) {
            rule(te(static_cast<std::size_t>(op.transfer)), rs(r));
        }
        const auto p = static_cast<std::size_t>(op.proc);
        if (p < procs) {
            if (lastReduction[p] >= 0) {
                rule(re(static_cast<std::size_t>(lastReduction[p])), rs(r));
            }
            lastReduction[p] = static_cast<std::ptrdiff_t>(r);
        }
    }
    for (std::size_t k = 0; k < nT; ++k) {
        const auto from = static_cast<std::size_t>(s.transfers[k].from);
        if (from < procs && lastReduction[from] >= 0) {
            rule(re(static_cast<std::size_t>(lastReduction[from])), ts(k));
        }
    }

    // Kahn's algorithm over a compact adjacency list.
    std::vector<std::uint32_t> indegree(total, 0);
    std::vector<std::uint32_t> firstOut(total + 1, 0);
    for (const auto& [a, b] : edges) {
        ++firstOut[a + 1];
        ++indegree[b];
    }
    for (std::size_t i = 0; i < total; ++i) {
        firstOut[i + 1] += firstOut[i];
    }
    std::vector<std::uint32_t> out(edges.size());
    {
        std::vector<std::uint32_t> fill(firstOut.begin(), firstOut.end() - 1);
        for (const auto& [a, b] : edges) {
            out[fill[a]++] = static_cast<std::uint32_t>(b);
        }
    }
    const auto later = [&events](std::size_t a, std::size_t b) {
        const TimelineEvent& x = events[a];
        const TimelineEvent& y = events[b];
        if (x.time != y.time) {
            return x.time > y.time;
        }
        if (rank(x.kind) != rank(y.kind)) {
            return rank(x.kind) > rank(y.kind);
        }
        return x.op > y.op;
    };
    std::priority_queue<std::size_t, std::vector<std::size_t>, decltype(later)> ready(later);
    for (std::size_t i = 0; i < total; ++i) {
        if (indegree[i] == 0) {
            ready.push(i);
        }
    }
    std::vector<TimelineEvent> order;
    order.reserve(total);
    while (!ready.empty()) {
        const std::size_t i = ready.top();
        ready.pop();
        order.push_back(events[i]);
        for (std::uint32_t e = firstOut[i]; e < firstOut[i + 1]; ++e) {
            if (--indegree[out[e]] == 0) {
                ready.push(out[e]);
            }
        }
    }
    // Every rule goes forward in time or within one instant, and within an instant the rules
    // follow the model's causality, so there is no cycle in a schedule the model produced; an
    // invalid one could have one, and then the events are simply sorted by time and kind.
    if (order.size() < total) {
        order.assign(events.begin(), events.end());
        std::stable_sort(order.begin(), order.end(),
                         [](const TimelineEvent& a, const TimelineEvent& b) {
                             if (a.time != b.time) {
                                 return a.time < b.time;
                             }
                             return rank(a.kind) < rank(b.kind);
                         });
    }
    return order;
}

int lastEventAtOrBefore(const std::vector<TimelineEvent>& timeline, double t) {
    const auto it = std::upper_bound(timeline.begin(), timeline.end(), t,
                                     [](double v, const TimelineEvent& e) { return v < e.time; });
    return static_cast<int>(it - timeline.begin()) - 1;
}

} // namespace rl
