#pragma once

#include "fastpath/interleave.h"
#include "fastpath/pending_events.h"

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

    /// With reductions, each join's end feeds at most one join once the inputs that can never
    /// be the last were removed (Binomial-stat) and those standing for another join's start
    /// replaced by it (Fibonacci-stat): consumers then has one slot per join.
    bool oneConsumer = false;
    /// Per join id (empty when none): the join fed by its start, as it joins the queue (an
    /// input that stands for all of its own inputs; dummy when none).
    std::vector<int> startConsumers;

    std::size_t consumersPerJoin() const { return withReductions && !oneConsumer ? 2 : 1; }

    static StaticJoins build(const StaticPlan& plan, bool withReductions);

  private:
    // Per join id, the joins whose end it waits for.
    std::vector<std::vector<int>> inputsOfJoins() const;
    // a's end no longer feeds c.
    void dropEdge(int a, int c);
    void pruneDominatedInputs();
    void feedStartsOfJoins();
    void compactConsumers();
};

/// One run of `joins` on one replicate's draws (the k-th started transfer takes transfer[k],
/// the k-th started reduction reduction[k]), one event per step(), so that two runs can be
/// interleaved (runStaticJoinsPair). It stops (tied()) when two operations of one stream may
/// start at the same time, where the caller must use the exact path (the engine breaks such
/// ties by its event order). `remaining` and `start` are scratch buffers of joins.need.size().
template <class Queue, bool kReductions, std::size_t kConsumers = 1, bool kStarts = false>
class StaticJoinsRun {
  public:
    StaticJoinsRun(const StaticJoins& joins, const Queue& queue, const double* transfer,
                   const double* reduction, int* remaining, double* start)
        : m_queue(queue), m_consumers(joins.consumers.data()),
          m_startConsumers(joins.startConsumers.data()), m_remaining(remaining), m_start(start),
          m_n(static_cast<std::uint32_t>(joins.n)), m_dummy(joins.dummy) {
        m_draws[0] = transfer;
        m_draws[1] = reduction;
        std::copy(joins.need.begin(), joins.need.end(), remaining);
        std::fill(start, start + joins.need.size(), 0.0);
        // Time 0: the initial transfers' ends complete exactly the joins of readyAtZero, which
        // then enter the queue in one go (PackedEvents::pushAll: much faster than one by one).
        auto deliverAtZero = [&](int c, double end) __attribute__((always_inline)) {
            m_last = std::max(m_last, end);
            start[c] = std::max(start[c], end);
            --remaining[c];
        };
        for (const int s : joins.initial) {
            const double end = 0.0 + transfer[m_next[0]++];
            for (std::size_t slot = 0; slot < kConsumers; ++slot) {
                deliverAtZero(m_consumers[kConsumers * static_cast<std::size_t>(s) + slot], end);
            }
        }
        const int* const ready = joins.readyAtZero.data();
        if constexpr (kStarts) {
            // The joins those complete feed their starts on (StaticJoins::build listed the
            // ones this completes after them).
            for (std::size_t i = 0; i < joins.readyAtZero.size(); ++i) {
                const int f = m_startConsumers[ready[i]];
                start[f] = std::max(start[f], start[ready[i]]);
                --remaining[f];
            }
        }
        auto event = [&](std::size_t i, double& time, std::uint32_t& payload) {
            time = start[ready[i]];
            payload = static_cast<std::uint32_t>(ready[i]);
        };
        if constexpr (kReductions) {
            // Half the platform's joins or more (n = 64: Binomial-stat 32, Fibonacci-stat 39):
            // by the sorting network (39: 32 so, then passes). Without reductions 15 or 16,
            // where passes are as fast (and the network's call lengthened that loop).
            if constexpr (requires { m_queue.pushAllByNetworkThenPasses(0, event); }) {
                m_queue.pushAllByNetworkThenPasses(joins.readyAtZero.size(), event);
            } else {
                m_queue.pushAll(joins.readyAtZero.size(), event);
            }
        } else {
            m_queue.pushAll(joins.readyAtZero.size(), event);
        }
        if (!joins.initial.empty()) {
            m_lastKey[0] = m_queue.tieKey(0.0);
        }
        m_zeroKey = m_lastKey[0];
    }

    /// Whether events are left to handle (false once done or tied).
    bool running() const { return !tied() && !m_queue.empty(); }
    /// Whether the run gave up (a possible tie, or a queue that overflowed), where the caller
    /// must use the exact path.
    bool tied() const {
        if constexpr (kWide) {
            return m_tied || m_queue.overflowed();
        }
        return m_tied;
    }
    /// The end of the last operation (once done).
    double makespan() const { return m_last; }

    [[gnu::always_inline]] void step() {
        double now = 0.0;
        std::uint32_t id = 0;
        const std::uint64_t key = m_queue.pop(now, id);
        if (kReductions) {
            const std::size_t stream = id >= m_n ? 1 : 0;
            if (key == m_lastKey[stream]) {
                m_tied = true;
                return;
            }
            m_lastKey[stream] = key;
            const double end = now + m_draws[stream][m_next[stream]++];
            for (std::size_t slot = 0; slot < kConsumers; ++slot) {
                deliver(m_consumers[kConsumers * id + slot], end);
            }
        } else {
            // One stream, and an end feeds one join: what starts at the time of this join and
            // is not pending now can only come from a chain of zero-cost transfers started by
            // it, which the engine also starts after it. So only a join pending beside it with
            // the same key (or one at time 0, beside the initial transfers) makes the order
            // unknown. Laws with many tiny costs (now + d == now) run here.
            if (key == m_zeroKey || m_queue.nextHasKey(key)) {
                m_tied = true;
                return;
            }
            deliver(m_consumers[id], now + m_draws[0][m_next[0]++]);
        }
    }

  private:
    // A queue that pushes without a branch and may overflow (WideEvents).
    static constexpr bool kWide = requires(Queue & q) { q.pushIf(true, 0.0, 0U); };

    // An end at `end` reaches join c: c's start is the latest of its inputs; once all have
    // ended it is known, and c joins the queue.
    [[gnu::always_inline]] void deliver(int c, double end) {
        m_last = std::max(m_last, end);
        m_start[c] = std::max(m_start[c], end);
        if constexpr (kWide) {
            // No branch on whether c is complete (WideEvents): a join not complete is pushed
            // as nothing, and its start's consumer is then the dummy, which never fires.
            const bool complete = --m_remaining[c] == 0;
            m_queue.pushIf(complete, m_start[c], static_cast<std::uint32_t>(c));
            if constexpr (kStarts) {
                const int fed = m_startConsumers[c];
                const int f = m_dummy ^ ((fed ^ m_dummy) & -static_cast<int>(complete));
                m_start[f] = std::max(m_start[f], m_start[c]);
                m_queue.pushIf(--m_remaining[f] == 0, m_start[f], static_cast<std::uint32_t>(f));
            }
            return;
        }
        if (--m_remaining[c] == 0) {
            m_queue.push(m_start[c], static_cast<std::uint32_t>(c));
            if constexpr (kStarts) {
                // c's start, known now, is an input of this join.
                const int f = m_startConsumers[c];
                m_start[f] = std::max(m_start[f], m_start[c]);
                if (--m_remaining[f] == 0) {
                    m_queue.push(m_start[f], static_cast<std::uint32_t>(f));
                }
            }
        }
    }

    Queue m_queue;
    const int* m_consumers;
    const int* m_startConsumers;
    int* m_remaining;
    double* m_start;
    std::uint32_t m_n;
    int m_dummy;
    const double* m_draws[2] = {nullptr, nullptr};
    std::size_t m_next[2] = {0, 0}; // draws taken per stream
    std::uint64_t m_lastKey[2] = {~std::uint64_t{0}, ~std::uint64_t{0}};
    std::uint64_t m_zeroKey = ~std::uint64_t{0};
    double m_last = 0.0;
    bool m_tied = false;
};

/// A type passed as a value, for withJoinsRun's generic lambdas.
template <class T> struct TypeTag { using type = T; };

/// Calls f(TypeTag<StaticJoinsRun<Queue, ...>>) with the loop `joins` needs (with or without
/// reductions, one or two consumers per join, joins fed by starts or not): chosen once per
/// run, not per event.
template <class Queue, class F> decltype(auto) withJoinsRun(const StaticJoins& joins, F&& f) {
    if (!joins.withReductions) {
        return f(TypeTag<StaticJoinsRun<Queue, false>>{});
    }
    const bool starts = !joins.startConsumers.empty();
    if (joins.oneConsumer) {
        return starts ? f(TypeTag<StaticJoinsRun<Queue, true, 1, true>>{})
                      : f(TypeTag<StaticJoinsRun<Queue, true, 1, false>>{});
    }
    return starts ? f(TypeTag<StaticJoinsRun<Queue, true, 2, true>>{})
                  : f(TypeTag<StaticJoinsRun<Queue, true, 2, false>>{});
}

/// Runs `joins` on one replicate's draws (StaticJoinsRun); false when it tied.
template <class Queue>
bool runStaticJoins(const StaticJoins& joins, Queue queue, const double* transfer,
                    const double* reduction, int* remaining, double* start, double& makespan) {
    auto run = [&](auto lane) __attribute__((always_inline)) {
        while (lane.running()) {
            lane.step();
        }
        makespan = lane.makespan();
        return !lane.tied();
    };
    // The choice of loop made once, not per event.
    return withJoinsRun<Queue>(
        joins, [&](auto tag) __attribute__((always_inline)) {
            using Run = typename decltype(tag)::type;
            return run(Run(joins, queue, transfer, reduction, remaining, start));
        });
}

/// Two replicates' runs of `joins` at once, their events interleaved (each run is a chain of
/// dependent steps; two side by side fill each other's waits): each result is what
/// runStaticJoins gives it alone. Each run has its own queue and scratch buffers.
template <class Queue>
void runStaticJoinsPair(const StaticJoins& joins, const Queue& qa, const Queue& qb,
                        const double* ta, const double* ra, const double* tb, const double* rb,
                        int* remainingA, double* startA, int* remainingB, double* startB,
                        double& ma, double& mb, bool& doneA, bool& doneB) {
    // The queues and runs by reference: WideEvents is 64-byte aligned, whose passing by value
    // GCC warns about (-Wpsabi).
    auto run = [&](auto&& a, auto&& b) __attribute__((always_inline)) {
        interleave(a, b);
        ma = a.makespan();
        mb = b.makespan();
        doneA = !a.tied();
        doneB = !b.tied();
    };
    withJoinsRun<Queue>(
        joins, [&](auto tag) __attribute__((always_inline)) {
            using Run = typename decltype(tag)::type;
            run(Run(joins, qa, ta, ra, remainingA, startA),
                Run(joins, qb, tb, rb, remainingB, startB));
        });
}

} // namespace rl
