#pragma once

#include "engine/event_queue.h"
#include "engine/simulation_paths.h"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <type_traits>
#include <vector>

namespace rl {

/// A static reduction plan (RR §3.2): the ordered receptions of every processor and the one it
/// sends to, plus the rule deciding when reception j may start.
struct StaticPlan {
    int n = 1;
    /// Reception j waits for the reduction of reception j-1-lag to end (and for reception j-1
    /// to end): lag 0 is Binomial-stat (no overlap), lag 1 Fibonacci-stat (one value may wait).
    int lag = 0;
    std::vector<int> parent;  ///< -1 for the root
    std::vector<int> offset;  ///< n+1 entries; receptions of p are sources[offset[p]..offset[p+1])
    std::vector<int> sources; ///< senders, in reception order

    int receptionCount(int p) const { return offset[p + 1] - offset[p]; }
    int source(int p, int j) const {
        return sources[static_cast<std::size_t>(offset[p]) + static_cast<std::size_t>(j)];
    }

    /// Builds the flat form from per-processor reception lists.
    static StaticPlan fromLists(const std::vector<std::vector<int>>& receptions, int lag);
};

/// Runs a StaticPlan: a planned transfer starts as soon as the sender is ready to send and the
/// receiver may take that reception (docs/model.md §4).
class StaticPolicy {
  public:
    static constexpr bool kUsesIntervals = false;
    static constexpr SimulationPaths kPaths{.fastMakespan = true, .noReductionUntilTie = true};

    explicit StaticPolicy(std::shared_ptr<const StaticPlan> plan)
        : m_plan(std::move(plan)), m_next(static_cast<std::size_t>(m_plan->n), 0),
          m_offset(m_plan->offset.data()), m_sources(m_plan->sources.data()),
          m_parent(m_plan->parent.data()), m_lag(m_plan->lag) {}
    // The raw pointers point into *m_plan and m_next: copying would leave them dangling.
    StaticPolicy(StaticPolicy&& other) noexcept : StaticPolicy(std::move(other.m_plan)) {}
    StaticPolicy(const StaticPolicy&) = delete;
    StaticPolicy& operator=(const StaticPolicy&) = delete;
    StaticPolicy& operator=(StaticPolicy&&) = delete;
    ~StaticPolicy() = default;

    const StaticPlan& plan() const { return *m_plan; }

    void reset(int /*n*/) { std::fill(m_next.begin(), m_next.end(), 0); }
    template <class E> void onIdle(E& e, int p) {
        trySend(e, p);
        tryReceive(e, p);
    }
    template <class E> void onTransferEnd(E& e, int r) { tryReceive(e, r); }
    template <class E> void onReductionEnd(E& e, int r) { tryReceive(e, r); }

    /// Makespan without the generic engine, for Monte Carlo. It mirrors Engine<StaticPolicy>
    /// step by step (same events, same order, same draws), so the result is bit-identical;
    /// test_algorithms checks it. What it saves: the engine's per-processor bookkeeping shrinks
    /// to one record (a pending reduction implies a running one, so "idle" is one compare of
    /// the flags), and a zero-cost reduction whose end would be the next event anyway is
    /// handled at once instead of going through the queue. Adjacency is not re-checked in
    /// non-commutative mode: both plans merge neighbouring intervals by construction.
    template <class Costs> double fastMakespan(EventQueue& queue, int n, Costs& costs) {
        queue.clear(n);
        resetFast();
        return queue.runLocally([&](auto& q) { return fastRun(q, costs); });
    }

    /// Makespan when every reduction costs 0 (the paper's Fig. 4 setting) and no two events
    /// tie, from the run's transfer costs in start order; false (makespan untouched) when an
    /// event ties with another (same time, or a transfer of cost 0), where the caller must use
    /// fastMakespan. Without ties every reduction ends the moment it starts, with nothing
    /// else due then, so fastMakespan folds each one into its transfer end; what is left is:
    /// a transfer end on r starts r's next planned reception if its sender is ready to send,
    /// or, when r has received everything, r's own transfer if its parent is waiting for it.
    /// Zero-cost reductions also make the two plans' rules one: reception j waits for
    /// reception j-1 (its reduction is over with it). Same events, order and draws as
    /// fastMakespan, so the same result to the bit; test_algorithms checks it.
    bool noReductionMakespan(EventQueue& queue, int n, const double* draws, double& makespan) {
        // Laws with many tiny costs (gamma of CV >= 2 or so: now + d == now) tie in most runs;
        // there the attempt is wasted work, so it is skipped for a while after a window of
        // runs where more than one in eight tied. Either path gives the same result.
        if (!EventQueue::usesSortedArray(n) || m_leanSkip > 0) {
            m_leanSkip -= m_leanSkip > 0 ? 1 : 0;
            return false;
        }
        queue.clear(n);
        resetFast();
        const bool ok = queue.runLocally([&](auto& q) {
            if constexpr (std::is_same_v<std::decay_t<decltype(q)>, EventQueue::SortedEvents>) {
                q.dropInitialEvents(); // handled below, in the engine's order
                return leanRun(q, n, draws, makespan);
            } else {
                return false; // unreachable: n is within the sorted array's limit
            }
        });
        m_leanTies += ok ? 0 : 1;
        if (++m_leanRuns == kLeanWindow) {
            m_leanSkip = m_leanTies * 8 > kLeanWindow ? 16 * kLeanWindow : 0;
            m_leanRuns = 0;
            m_leanTies = 0;
        }
        return ok;
    }

  private:
    template <class Queue> bool leanRun(Queue& queue, int n, const double* draw, double& makespan) {
        FastProc* const proc = m_fast.data();
        const int* const sources = m_sources;
        bool tie = false;
        auto readyToSend = [&](const FastProc& s) __attribute__((always_inline)) {
            return s.next == s.count && s.flags == kStarted;
        };
        auto start = [&](int s, int r) __attribute__((always_inline)) {
            proc[s].flags |= kSent;
            proc[r].flags |= kReceiving;
            ++proc[r].next;
            const double end = queue.now() + *draw++;
            tie |= end == queue.now();
            queue.push(end, static_cast<std::uint32_t>(r));
        };
        // r may take its next planned reception: start it if the sender is ready.
        auto tryReceive = [&](int r) __attribute__((always_inline)) {
            const FastProc& rp = proc[r];
            if (rp.next < rp.count && (rp.flags & (kStarted | kReceiving)) == kStarted) {
                const int s = sources[rp.first + rp.next];
                if (readyToSend(proc[s])) {
                    start(s, r);
                }
            }
        };
        auto trySend = [&](int p) __attribute__((always_inline)) {
            const FastProc& pp = proc[p];
            if (pp.parent >= 0 && readyToSend(pp)) {
                const FastProc& to = proc[pp.parent];
                if (to.next < to.count && sources[to.first + to.next] == p &&
                    (to.flags & (kStarted | kReceiving)) == kStarted) {
                    start(p, pp.parent);
                }
            }
        };
        // Time 0: the available events in index order (trySend, then tryReceive, as the
        // engine's onIdle). No reception has ended yet, so the lag rule holds trivially.
        for (int p = 0; p < n; ++p) {
            proc[p].flags |= kStarted;
            trySend(p);
            tryReceive(p);
        }
        std::uint32_t ev = 0;
        // Until a tie, no event is ever queued for the current time: the FIFO stays empty.
        while (!tie && queue.popTimed(ev)) {
            tie = queue.timedEventAt(queue.now());
            const auto r = static_cast<int>(ev);
            proc[r].flags &= ~kReceiving;
            // fastMakespan's order: tryReceive, then the folded reduction end (trySend,
            // tryReceive); at most one of them starts a transfer, as r either has receptions
            // left (and then cannot send) or not (and then cannot receive).
            if (proc[r].next < proc[r].count) {
                tryReceive(r);
            } else {
                trySend(r);
            }
        }
        if (tie) {
            return false;
        }
        makespan = queue.now();
        return true;
    }

    // Hot path: raw pointers into the plan (the shared_ptr and vectors would be reloaded on
    // every access, since the compiler cannot prove the engine's stores do not alias them).
    int count(int p) const { return m_offset[p + 1] - m_offset[p]; }

    template <class E> bool readyToSend(const E& e, int s) const {
        return m_next[static_cast<std::size_t>(s)] == count(s) && e.isIdle(s);
    }
    template <class E> void trySend(E& e, int s) {
        const int to = m_parent[s];
        if (to >= 0 && readyToSend(e, s)) {
            tryReceive(e, to);
        }
    }
    template <class E> void tryReceive(E& e, int r) {
        int& next = m_next[static_cast<std::size_t>(r)];
        if (next >= count(r) || !e.started(r) || e.receiving(r) ||
            e.reductionsEnded(r) < next - m_lag) {
            return;
        }
        const int s = m_sources[m_offset[r] + next];
        if (readyToSend(e, s)) {
            ++next;
            e.startTransfer(s, r);
        }
    }

    enum : std::uint32_t {
        kStarted = 1,
        kSent = 2,
        kReceiving = 4,
        kReducing = 8,
        kTransferEnd = 1U << 30, // event payloads: type bits over the processor index
        kReductionEnd = 2U << 30,
        kTypeMask = 3U << 30,
    };
    // Everything fastRun needs about a processor, in one cache line with its neighbours.
    struct FastProc {
        int next = 0;  // next reception to start
        int count = 0; // receptions planned
        int first = 0; // index of its first source in the plan
        int parent = -1;
        int reductionsEnded = 0;
        int pending = 0; // receptions ended whose reduction has not started
        std::uint32_t flags = 0;
    };

    void resetFast() {
        const auto n = static_cast<std::size_t>(m_plan->n);
        if (m_fast.size() != n) {
            m_fast.assign(n, FastProc{});
            for (std::size_t p = 0; p < n; ++p) {
                m_fast[p].count = m_offset[p + 1] - m_offset[p];
                m_fast[p].first = m_offset[p];
                m_fast[p].parent = m_parent[p];
            }
        }
        for (FastProc& f : m_fast) {
            f.next = 0;
            f.reductionsEnded = 0;
            f.pending = 0;
            f.flags = 0;
        }
    }

    template <class Queue, class Costs> double fastRun(Queue& queue, Costs& costs) {
        FastProc* const proc = m_fast.data();
        const int* const sources = m_sources;
        const int lag = m_lag;
        // Idle: started and nothing else (sending, receiving, reducing, or a pending reduction,
        // which implies a running one).
        auto readyToSend = [&](const FastProc& s) __attribute__((always_inline)) {
            return s.next == s.count && s.flags == kStarted;
        };
        auto tryReceive = [&](int r) __attribute__((always_inline)) {
            FastProc& rp = proc[r];
            if (rp.next >= rp.count || (rp.flags & (kStarted | kReceiving)) != kStarted ||
                rp.reductionsEnded < rp.next - lag) {
                return;
            }
            const int s = sources[rp.first + rp.next];
            FastProc& sp = proc[s];
            if (!readyToSend(sp)) {
                return;
            }
            ++rp.next;
            sp.flags |= kSent;
            rp.flags |= kReceiving;
            queue.push(queue.now() + costs.transfer(s, r),
                       kTransferEnd | static_cast<std::uint32_t>(r));
        };
        auto trySend = [&](int p) __attribute__((always_inline)) {
            const FastProc& pp = proc[p];
            if (pp.parent >= 0 && readyToSend(pp)) {
                tryReceive(pp.parent);
            }
        };
        // Engine: "idle ? onIdle (trySend, tryReceive) : onReductionEnd (tryReceive)"; trySend
        // does nothing unless p is idle, so both are trySend then tryReceive.
        auto reductionEnd = [&](int p) __attribute__((always_inline)) {
            FastProc& pp = proc[p];
            pp.flags &= ~kReducing;
            ++pp.reductionsEnded;
            if (pp.pending > 0) {
                --pp.pending;
                pp.flags |= kReducing;
                queue.push(queue.now() + costs.reduction(p),
                           kReductionEnd | static_cast<std::uint32_t>(p));
            }
            trySend(p);
            tryReceive(p);
        };
        std::uint32_t ev = 0;
        while (queue.pop(ev)) {
            const auto p = static_cast<int>(ev & ~kTypeMask);
            switch (ev & kTypeMask) {
            case 0: // available
                proc[p].flags |= kStarted;
                trySend(p);
                tryReceive(p);
                break;
            case kTransferEnd: {
                FastProc& pp = proc[p];
                pp.flags &= ~kReceiving;
                if (pp.flags & kReducing) {
                    ++pp.pending;
                    tryReceive(p);
                    break;
                }
                pp.flags |= kReducing;
                const double c = costs.reduction(p);
                if (c != 0.0 || !queue.nothingDueNow()) {
                    queue.push(queue.now() + c, kReductionEnd | static_cast<std::uint32_t>(p));
                    tryReceive(p);
                    break;
                }
                // Zero cost and nothing else due now: its end is the next event after whatever
                // tryReceive queues, which all comes later. Handle it at once.
                tryReceive(p);
                reductionEnd(p);
                break;
            }
            default:
                reductionEnd(p);
                break;
            }
        }
        return queue.now();
    }

    static constexpr int kLeanWindow = 256;
    int m_leanRuns = 0; // noReductionMakespan attempts in this window
    int m_leanTies = 0; // and how many of them tied
    int m_leanSkip = 0; // attempts left to skip
    std::shared_ptr<const StaticPlan> m_plan;
    std::vector<FastProc> m_fast;
    std::vector<int> m_next; // index of the next reception to start, per processor
    const int* m_offset;
    const int* m_sources;
    const int* m_parent;
    int m_lag;
};

} // namespace rl
