#pragma once

#include "engine/event_queue.h"
#include "engine/pending_events.h"
#include "engine/radix_keys.h"
#include "engine/simulation_paths.h"

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

namespace rl {

/// Tree-dyn (RR §3.2): one slot; an idle processor enters the empty slot, or else empties it and
/// sends its value to the processor that was there. Commutative operations only.
class TreeDynPolicy {
  public:
    static constexpr bool kUsesIntervals = false;
    static constexpr SimulationPaths kPaths{.fastMakespan = true, .noReductionMakespan = true};

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

    /// Makespan of Tree-dyn without the generic engine, for Monte Carlo, from the costs in
    /// start order (costs.transfer/reduction give the next draw of each stream). Which
    /// processor waits in the slot, or ends a transfer, never changes a cost or a time, so a
    /// run is two multisets of times: pending transfer ends and pending reduction ends (a
    /// reduction end makes its processor idle, as does its start at time 0). The earliest
    /// event is handled next: a transfer end starts its receiver's reduction (the next
    /// reduction draw), an idle processor enters the empty slot or sends to the one waiting
    /// there (the next transfer draw). Events at equal times may be handled in any order:
    /// every pairing and every reduction gets the same times and the same draws either way.
    /// So the times, and the makespan (the last one), are the engine's to the bit;
    /// test_algorithms checks it, ties (constant, Bernoulli and zero costs) included.
    template <class Costs> double fastMakespan(EventQueue& /*queue*/, int n, Costs& costs) {
        const auto pairs = static_cast<std::size_t>(n / 2);
        const auto n1 = static_cast<std::size_t>(n);
        if (usesSortedKeys(pairs)) {
            return twoSetRun(m_transferEnds.view(pairs), m_reductionEnds.view(n1), n, costs);
        }
        return twoSetRun(m_transferHeap.view(pairs), m_reductionHeap.view(n1), n, costs);
    }

    /// Makespan of Tree-dyn when every reduction costs 0 (the paper's Fig. 4 setting), from
    /// the run's transfer costs in start order (n - 1 of them). Bit-identical to the engine:
    /// - a transfer end is then at once a reduction end, so the receiver is idle again, and
    ///   the state of a run is only whether the slot is taken plus the multiset of pending
    ///   transfer end times (senders never act again);
    /// - which processor waits in the slot never matters (costs do not depend on it), and the
    ///   k-th transfer started takes the k-th draw whatever the order among equal times;
    /// so popping the earliest time of a plain min-heap (ties in any order) replays the
    /// engine's sequence of times, and the makespan (the last one) is the engine's to the bit.
    /// test_algorithms checks it against the engine, ties (constant and Bernoulli costs)
    /// included.
    double noReductionMakespan(int n, const double* transferDraws) {
        // At time 0 the available events pair 1 -> 0, 3 -> 2, ...: n/2 transfers starting at 0
        // (ending at 0 + d = d), and the slot holds the last processor when n is odd.
        const auto pairs = static_cast<std::size_t>(n / 2);
        // Beyond the sorted array, a radix heap: without reductions every key pushed is the
        // time just popped plus a cost, never below it.
        return usesSortedKeys(pairs)
                   ? noReductionRun(m_transferEnds.view(pairs), n, transferDraws)
                   : noReductionRun(m_transferRadix.view(pairs), n, transferDraws);
    }

  private:
    // The pending transfer ends (SortedKeys or KeyHeap); a newly idle processor pairs with
    // the one in the slot every other time, and its transfer end then replaces the event
    // just handled.
    template <class Keys> static double noReductionRun(Keys keys, int n, const double* draw) {
        const auto pairs = static_cast<std::size_t>(n / 2);
        keys.build(pairs, [&](std::size_t i) { return 0.0 + draw[i]; });
        draw += pairs;
        bool slotTaken = n % 2 == 1;
        double now = 0.0;
        while (!keys.empty()) {
            if (slotTaken) {
                now = keys.min();
                keys.replaceMin(now + *draw++);
            } else {
                now = keys.popMin();
            }
            slotTaken = !slotTaken;
        }
        return now;
    }

    template <class Keys, class Costs>
    static double twoSetRun(Keys transferEnds, Keys reductionEnds, int n, Costs& costs) {
        // At most n/2 transfers are under way (each has two processors), and at most n
        // reductions.
        // Time 0: P1 -> P0, P3 -> P2, ...
        transferEnds.build(static_cast<std::size_t>(n / 2), [&](std::size_t p) {
            return 0.0 + costs.transfer(static_cast<int>(2 * p + 1), static_cast<int>(2 * p));
        });
        bool slotTaken = n % 2 == 1; // P(n-1) waits in the slot
        double now = 0.0;
        while (!transferEnds.empty() || !reductionEnds.empty()) {
            if (!transferEnds.empty() &&
                (reductionEnds.empty() || transferEnds.min() <= reductionEnds.min())) {
                now = transferEnds.popMin();
                reductionEnds.insert(now + costs.reduction(0));
            } else {
                now = reductionEnds.popMin();
                if (slotTaken) {
                    transferEnds.insert(now + costs.transfer(0, 0));
                }
                slotTaken = !slotTaken;
            }
        }
        return now;
    }

    int m_slot = -1;
    // The pending transfer and reduction ends of both paths.
    SortedKeys::Storage m_transferEnds;
    SortedKeys::Storage m_reductionEnds;
    KeyHeap::Storage m_transferHeap;
    KeyHeap::Storage m_reductionHeap;
    RadixKeys::Storage m_transferRadix;
};

} // namespace rl
