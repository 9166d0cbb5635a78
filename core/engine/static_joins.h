#pragma once

#include "engine/pending_events.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace rl {

struct StaticPlan;

/// A static plan's run as a network of joins, for Monte Carlo (docs/model.md §4.1). Every
/// operation of the plan is known in advance, and it starts the moment the last of its inputs
/// ends:
/// - the transfer from s to its parent p, as p's reception j (join X(s), id s), waits for s to
///   be ready to send (the end of s's last reduction) and for p to take reception j (the end
///   of reception j-1 and of the reduction of reception j-1-lag);
/// - its reduction on p (join R(s), id n + s) waits for the transfer's end and for p's
///   previous reduction.
/// Every end feeds at most two joins, at most one of each stream. Without ties, the engine
/// starts each operation while handling the end of its last input, so the operations of one
/// stream start in the order of their start times, and the k-th of them takes the k-th draw:
/// a run is "pop the earliest join whose inputs have all ended, draw its cost, hand its end
/// to its consumers". Only joins whose start time is known wait in the queue, which holds
/// half as many events as the engine's and needs no per-processor state.
///
/// Without a reduction cost (the paper's Fig. 4) the reduction joins are left out: every
/// reduction then ends as its transfer ends, and both plans' rules become "reception j waits
/// for reception j-1 and for the sender's last reception" (docs/model.md §4.1).
struct StaticJoins {
    static constexpr int kNeverFires = 1 << 30;
    int n = 1;
    bool withReductions = false;
    int dummy = 0;         ///< the join id of "no consumer" (never fires)
    std::vector<int> need; ///< per join id: how many of its inputs are ends of operations
    /// Per join id, consumersPerJoin(): the joins fed by its operation's end.
    std::vector<int> consumers;
    std::vector<int> initial; ///< the transfers starting at time 0, in the engine's order
    /// The joins all of whose inputs are transfers of time 0: they join the queue together,
    /// once those have been delivered.
    std::vector<int> readyAtZero;

    std::size_t consumersPerJoin() const { return withReductions ? 2 : 1; }

    static StaticJoins build(const StaticPlan& plan, bool withReductions);
};

/// Runs `joins` on one replicate's draws (the k-th started transfer takes transfer[k], the
/// k-th started reduction reduction[k]); false when two operations of one stream may start
/// at the same time, where the caller must use the exact path (the engine breaks such ties by
/// its event order). `remaining` and `start` are scratch buffers of joins.need.size().
template <class Queue>
bool runStaticJoins(const StaticJoins& joins, Queue queue, const double* transfer,
                    const double* reduction, int* remaining, double* start, double& makespan) {
    const int* const consumers = joins.consumers.data();
    std::copy(joins.need.begin(), joins.need.end(), remaining);
    std::fill(start, start + joins.need.size(), 0.0);
    double last = 0.0;
    // An end at `end` reaches join c: c's start is the latest of its inputs; once all have
    // ended it is known, and c joins the queue.
    auto deliver = [&](int c, double end) __attribute__((always_inline)) {
        last = std::max(last, end);
        start[c] = std::max(start[c], end);
        if (--remaining[c] == 0) {
            queue.push(start[c], static_cast<std::uint32_t>(c));
        }
    };
    std::size_t next[2] = {0, 0}; // draws taken per stream
    const double* draws[2] = {transfer, reduction};
    std::uint64_t lastKey[2] = {~std::uint64_t{0}, ~std::uint64_t{0}};
    // Time 0: the initial transfers' ends complete exactly the joins of readyAtZero, which
    // then enter the queue in one go (PackedEvents::pushAll: much faster than one by one).
    auto deliverAtZero = [&](int c, double end) __attribute__((always_inline)) {
        last = std::max(last, end);
        start[c] = std::max(start[c], end);
        --remaining[c];
    };
    for (const int s : joins.initial) {
        const double end = 0.0 + transfer[next[0]++];
        if (joins.withReductions) {
            deliverAtZero(consumers[2 * s], end);
            deliverAtZero(consumers[2 * s + 1], end);
        } else {
            deliverAtZero(consumers[s], end);
        }
    }
    const int* const ready = joins.readyAtZero.data();
    queue.pushAll(joins.readyAtZero.size(),
                  [&](std::size_t i, double& time, std::uint32_t& payload) {
                      time = start[ready[i]];
                      payload = static_cast<std::uint32_t>(ready[i]);
                  });
    if (!joins.initial.empty()) {
        lastKey[0] = queue.tieKey(0.0);
    }
    // Two loops, so that the choice is made once (not per event, from memory: the stores
    // below may alias `joins` as far as the compiler knows).
    if (joins.withReductions) {
        const auto n = static_cast<std::uint32_t>(joins.n);
        while (!queue.empty()) {
            double now = 0.0;
            std::uint32_t id = 0;
            const std::uint64_t key = queue.pop(now, id);
            const std::size_t stream = id >= n ? 1 : 0;
            if (key == lastKey[stream]) {
                return false;
            }
            lastKey[stream] = key;
            const double end = now + draws[stream][next[stream]++];
            deliver(consumers[2 * id], end);
            deliver(consumers[2 * id + 1], end);
        }
    } else {
        // One stream, and an end feeds one join: what starts at the time of this join and is
        // not pending now can only come from a chain of zero-cost transfers started by it,
        // which the engine also starts after it. So only a join pending beside it with the
        // same key (or one at time 0, beside the initial transfers) makes the order unknown.
        // Laws with many tiny costs (now + d == now) run here.
        const std::uint64_t zeroKey = lastKey[0];
        std::size_t taken = next[0];
        while (!queue.empty()) {
            double now = 0.0;
            std::uint32_t id = 0;
            const std::uint64_t key = queue.pop(now, id);
            if (key == zeroKey || queue.nextHasKey(key)) {
                return false;
            }
            deliver(consumers[id], now + transfer[taken++]);
        }
    }
    makespan = last;
    return true;
}

} // namespace rl
