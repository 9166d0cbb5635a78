#pragma once

#include "engine/narration.h"
#include "engine/static_plan.h"
#include "platform/cost_model.h"

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

namespace rl {

/// Runs a StaticPlan (docs/model.md §4): a planned transfer starts as soon as the sender is
/// ready to send (it has made all its receptions and is idle) and the receiver may take that
/// reception (it has started, receives nothing, and the reduction of reception j-1-lag has
/// ended). The rule of every static algorithm; its fast path: fastpath/static_plan_lanes.h.
class StaticPolicy {
  public:
    static constexpr bool kUsesIntervals = false;

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

    void reset(int /*n*/) { std::fill(m_next.begin(), m_next.end(), 0); }
    template <class E> void onIdle(E& e, int p) {
        trySend(e, p);
        tryReceive(e, p);
    }
    template <class E> void onTransferEnd(E& e, int r) { tryReceive(e, r); }
    template <class E> void onReductionEnd(E& e, int r) { tryReceive(e, r); }

    // The narration's words (engine/narration.h): which planned reception a transfer is (said
    // as it starts: m_next counts it already), and what an idle processor waits for.
    template <class E> std::string describeTransfer(const E& /*e*/, int /*from*/, int to) const {
        return reception(to, m_next[static_cast<std::size_t>(to)]) + " " + narrationProcessor(to) +
               ": ";
    }
    template <class E> std::string describeWait(const E& /*e*/, int p) const {
        const int next = m_next[static_cast<std::size_t>(p)];
        if (next < count(p)) { // idle, so all its receptions so far are reduced: the sender
            const int s = m_sources[m_offset[p] + next]; // is not ready yet
            return "is idle and waits for " + narrationProcessor(s) + "'s value (" +
                   (m_plan->rounds ? "round " + std::to_string(next + 1)
                                   : "reception " + std::to_string(next + 1) + " of " +
                                         std::to_string(count(p))) +
                   ")";
        }
        const int to = m_parent[p];
        if (to < 0) { // the root, idle once it holds everything: the run's end says it
            return {};
        }
        const int* first = m_sources + m_offset[to];
        const auto j = static_cast<int>(std::find(first, first + count(to), p) - first) + 1;
        return (count(p) == 0 ? "has nothing to receive and waits " : "is idle and waits ") +
               (m_plan->rounds ? "for round " + std::to_string(j) + " of " + narrationProcessor(to)
                               : "until " + narrationProcessor(to) + " can take reception " +
                                     std::to_string(j));
    }

  private:
    // "round j of" or "reception j of k planned for" (1-based j), said before processor r.
    std::string reception(int r, int j) const {
        return m_plan->rounds ? "round " + std::to_string(j) + " of"
                              : "reception " + std::to_string(j) + " of " +
                                    std::to_string(count(r)) + " planned for";
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

    std::shared_ptr<const StaticPlan> m_plan;
    std::vector<int> m_next; // index of the next reception to start, per processor
    const int* m_offset;
    const int* m_sources;
    const int* m_parent;
    int m_lag;
};

class KernelBase;
class FastPath;

/// The generic engine's kernel of a static plan's algorithm, and its fast path
/// (fastpath/static_plan_lanes.h): what a static algorithm's factories return.
std::unique_ptr<KernelBase> makeStaticPlanKernel(StaticPlan plan, bool nonCommutative,
                                                 const CostModel& costs);
std::unique_ptr<FastPath> makeStaticPlanFastPath(StaticPlan plan);

} // namespace rl
