#pragma once

#include "engine/event_queue.h"
#include "engine/static_plan.h"
#include "fastpath/calendar_queue.h"
#include "fastpath/fast_path.h"
#include "fastpath/pending_events.h"
#include "fastpath/simulation_paths.h"
#include "fastpath/static_joins.h"
#include "fastpath/wide_runs.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace rl {

/// The static plans' makespan-only lanes (LaneFastPath): algorithms/static_policy.h's rule
/// (StaticPolicy: a planned transfer starts as soon as the sender is ready and the receiver
/// may take that reception) on a StaticPlan, as a lean run (fastRun: trySend and tryReceive
/// on one record per processor) and as joins (StaticJoins). Both mirror that rule and are held
/// to it by the equality tests (test_algorithms, test_random_scenarios).
class StaticPlanLanes {
  public:
    static constexpr SimulationPaths kPaths{
        .fastMakespan = true, .untilTie = true, .untilTiePair = true};

    explicit StaticPlanLanes(std::shared_ptr<const StaticPlan> plan)
        : m_plan(std::move(plan)), m_offset(m_plan->offset.data()),
          m_sources(m_plan->sources.data()), m_parent(m_plan->parent.data()), m_lag(m_plan->lag) {}
    // The raw pointers point into *m_plan: a copy would share them, a move keeps them valid.
    StaticPlanLanes(StaticPlanLanes&& other) noexcept : StaticPlanLanes(std::move(other.m_plan)) {}
    StaticPlanLanes(const StaticPlanLanes&) = delete;
    StaticPlanLanes& operator=(const StaticPlanLanes&) = delete;
    StaticPlanLanes& operator=(StaticPlanLanes&&) = delete;
    ~StaticPlanLanes() = default;

    /// Makespan without the generic engine, for Monte Carlo. It mirrors Engine<StaticPolicy>
    /// (algorithms/static_policy.h) step by step (same events, same order, same draws), so the
    /// result is bit-identical; test_algorithms checks it. What it saves: the engine's
    /// per-processor bookkeeping shrinks to one record (a pending reduction implies a running one,
    /// so "idle" is one compare of the flags), and a zero-cost reduction whose end would be the
    /// next event anyway is handled at once instead of going through the queue. Adjacency is not
    /// re-checked in non-commutative mode: both plans merge neighbouring intervals by construction.
    template <class Costs> double fastMakespan(EventQueue& queue, int n, Costs& costs) {
        queue.clear(n);
        resetFast();
        return queue.runLocally([&](auto& q) { return fastRun(q, costs); });
    }

    /// Makespan from one replicate's draws (reduction null: every reduction costs 0) by the
    /// plan's joins (StaticJoins), without per-processor state; false when two operations of
    /// one stream may start at the same time, where the caller must use fastMakespan. Same
    /// operations, start times and draws as the engine, so the same result to the bit;
    /// test_algorithms checks it.
    bool untilTieMakespan(int n, const double* transfer, const double* reduction,
                          double& makespan) {
        const bool withReductions = reduction != nullptr;
        std::optional<StaticJoins>& joins = m_joins[withReductions ? 1 : 0];
        if (!joins) {
            joins = StaticJoins::build(*m_plan, withReductions);
        }
        const std::size_t ids = joins->need.size();
        if (m_remaining.size() < ids) {
            m_remaining.resize(ids);
            m_start.resize(ids);
        }
        const auto payloads = static_cast<std::uint32_t>(ids);
        if (usesSortedKeys(static_cast<std::size_t>(n) / 2)) {
            return runStaticJoins(*joins, m_packed.view(payloads), transfer, reduction,
                                  m_remaining.data(), m_start.data(), makespan);
        }
        return runStaticJoins(*joins, calendar(m_calendar, *joins, transfer, reduction), transfer,
                              reduction, m_remaining.data(), m_start.data(), makespan);
    }

    /// Whether untilTiePair may take the AVX-512 path (WideEvents) where the processor has
    /// it, as by default; the tests turn it off to compare the two paths.
    void useWideEvents(bool on) { m_wide = on && wideEventsAvailable(); }

    /// untilTieMakespan for two replicates at once, their events interleaved
    /// (runStaticJoinsPair): the same two results.
    void untilTiePair(int n, const double* ta, const double* ra, const double* tb, const double* rb,
                      double& ma, double& mb, bool& doneA, bool& doneB) {
        const bool withReductions = ra != nullptr;
        std::optional<StaticJoins>& joins = m_joins[withReductions ? 1 : 0];
        if (!joins) {
            joins = StaticJoins::build(*m_plan, withReductions);
        }
        const std::size_t ids = joins->need.size();
        if (m_remaining.size() < 2 * ids) {
            m_remaining.resize(2 * ids);
            m_start.resize(2 * ids);
        }
        const auto payloads = static_cast<std::uint32_t>(ids);
        if (usesWideEvents(*joins)) {
            if (m_exact.size() < 2 * ids) {
                m_exact.resize(2 * ids);
            }
            runStaticJoinsPairWide(*joins, m_exact.data(), m_exact.data() + ids, ta, ra, tb, rb,
                                   m_remaining.data(), m_start.data(), m_remaining.data() + ids,
                                   m_start.data() + ids, ma, mb, doneA, doneB);
            return;
        }
        if (usesSortedKeys(static_cast<std::size_t>(n) / 2)) {
            runStaticJoinsPair(*joins, m_packed.view(payloads), m_packed2.view(payloads), ta, ra,
                               tb, rb, m_remaining.data(), m_start.data(), m_remaining.data() + ids,
                               m_start.data() + ids, ma, mb, doneA, doneB);
        } else {
            runStaticJoinsPair(*joins, calendar(m_calendar, *joins, ta, ra),
                               calendar(m_calendar2, *joins, tb, rb), ta, ra, tb, rb,
                               m_remaining.data(), m_start.data(), m_remaining.data() + ids,
                               m_start.data() + ids, ma, mb, doneA, doneB);
        }
    }

  private:
    // The pairs of runs with reductions up to 64 processors take WideEvents where the
    // processor has AVX-512: their runs waited on mispredicted branches (a join's completion,
    // the sorted array's insertion), which WideEvents does without. The joins of time 0 fill
    // the queue at once; the margin is for the run's growth (n = 64, Fibonacci-stat: 39 at
    // time 0, and no run of 840,000 per plan, 7 laws, n = 8 to 64, held more than 40; one
    // that would gives up, see WideEvents). Without reductions they stay on the sorted
    // array: there the joins' branches are few and registers gained nothing when measured.
    bool usesWideEvents(const StaticJoins& joins) const {
        return m_wide && joins.withReductions && joins.n <= 64 &&
               joins.readyAtZero.size() < static_cast<std::size_t>(kWideEventsCapacity);
    }

    // The queue of a large platform's run: each join is pushed once at most, and no pending
    // start is later than the time just popped plus the run's largest cost.
    static CalendarEvents calendar(CalendarEvents::Storage& storage, const StaticJoins& joins,
                                   const double* transfer, const double* reduction) {
        return storage.view(static_cast<std::size_t>(joins.n / 2), joins.need.size(),
                            runHorizon(joins.n, transfer, reduction));
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

    // The joins without and with reductions, built on first use (Monte Carlo only), and
    // their scratch buffers.
    std::optional<StaticJoins> m_joins[2];
    std::vector<int> m_remaining;
    std::vector<double> m_start;
    std::vector<double> m_exact; // the exact times of WideEvents' keys, two runs
    bool m_wide = wideEventsAvailable();
    PackedEvents::Storage m_packed;
    PackedEvents::Storage m_packed2; // the second run of untilTiePair
    CalendarEvents::Storage m_calendar;
    CalendarEvents::Storage m_calendar2; // the second run of untilTiePair
    std::shared_ptr<const StaticPlan> m_plan;
    std::vector<FastProc> m_fast;
    // Raw pointers into the plan (the shared_ptr and vectors would be reloaded on every
    // access, since the compiler cannot prove the run's stores do not alias them).
    const int* m_offset;
    const int* m_sources;
    const int* m_parent;
    int m_lag;
};

/// The fast path of a static plan's algorithm (Binomial-stat's and Fibonacci-stat's factories
/// call it with their plan).
std::unique_ptr<FastPath> makeStaticPlanFastPath(std::shared_ptr<const StaticPlan> plan);

} // namespace rl
