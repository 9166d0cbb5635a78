#pragma once

#include "event_queue.h"

#include <cstdint>

namespace rl {

/// Tree-dyn (RR §3.2): one slot; an idle processor enters the empty slot, or else empties it and
/// sends its value to the processor that was there. Commutative operations only.
class TreeDynPolicy {
  public:
    static constexpr bool kUsesIntervals = false;

    void reset(int /*n*/) { m_slot = -1; }
    template <class E> void onIdle(E& e, int p) {
        if (m_slot < 0) {
            m_slot = p;
            return;
        }
        const int q = m_slot;
        m_slot = -1;
        e.startTransfer(p, q);
    }
    template <class E> void onTransferEnd(E& /*e*/, int /*r*/) {}
    template <class E> void onReductionEnd(E& /*e*/, int /*r*/) {}

    /// Makespan of Tree-dyn without the generic engine's bookkeeping, for Monte Carlo. The
    /// generic run of this policy creates exactly these events (a processor's "idle" moment is
    /// its available event or its reduction end; a transfer end starts the receiver's
    /// reduction), at the same times, in the same order, with the same draws, so the result
    /// is bit-identical to Engine<TreeDynPolicy>::run(); test_algorithms checks it.
    template <class Costs> static double fastMakespan(EventQueue& queue, int n, Costs& costs) {
        queue.clear(n); // payload p < 2^31: "p is idle"
        if (queue.sortedMode()) {
            EventQueue::SortedEvents local = queue.sorted();
            const double makespan = fastRun(local, costs);
            queue.keepHabit(local);
            return makespan;
        }
        return fastRun(queue, costs);
    }

  private:
    template <class Queue, class Costs> static double fastRun(Queue& queue, Costs& costs) {
        constexpr std::uint32_t kTransferEnd = 1U << 31;
        int slot = -1;
        std::uint32_t ev = 0;
        while (queue.pop(ev)) {
            if (ev & kTransferEnd) {
                const int r = static_cast<int>(ev & ~kTransferEnd);
                const double c = costs.reduction(r);
                if (c != 0.0 || !queue.nothingDueNow()) {
                    queue.push(queue.now() + c, static_cast<std::uint32_t>(r));
                    continue;
                }
                // A zero-cost reduction whose end would be the next event: handle it now
                // (the paper's no-reduction-cost setting, where this is nearly always so).
                ev = static_cast<std::uint32_t>(r);
            }
            if (slot < 0) {
                slot = static_cast<int>(ev);
            } else {
                const int p = static_cast<int>(ev);
                queue.push(queue.now() + costs.transfer(p, slot),
                           kTransferEnd | static_cast<std::uint32_t>(slot));
                slot = -1;
            }
        }
        return queue.now();
    }

    int m_slot = -1;
};

} // namespace rl
