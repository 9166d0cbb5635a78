#pragma once

#include "engine/event_queue.h"
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

    /// Makespan of Tree-dyn without the generic engine's bookkeeping, for Monte Carlo. The
    /// generic run of this policy creates exactly these events (a processor's "idle" moment is
    /// its available event or its reduction end; a transfer end starts the receiver's
    /// reduction), at the same times, in the same order, with the same draws, so the result
    /// is bit-identical to Engine<TreeDynPolicy>::run(); test_algorithms checks it.
    template <class Costs> static double fastMakespan(EventQueue& queue, int n, Costs& costs) {
        queue.clear(n); // payload p < 2^31: "p is idle"
        return queue.runLocally([&](auto& q) { return fastRun(q, costs); });
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
        return pairs <= kArrayLimit ? arrayRun(n, pairs, transferDraws)
                                    : heapRun(n, pairs, transferDraws);
    }

  private:
    static constexpr double kInf = std::numeric_limits<double>::infinity();
    // Up to this many pending transfers, a sorted array with branch-free insertion beats the
    // heap (whose sift is a chain of dependent loads and compares); beyond, its O(size)
    // insertion would lose.
    static constexpr std::size_t kArrayLimit = 128;

    // The pending transfer ends, sorted in decreasing order in d[1..size] (d[0] = +inf), so
    // the earliest is d[size]. Inserting v is, for every j in 1..size+1,
    //   d'[j] = max(d[j], min(d[j-1], v))    (with d[size+1] = -inf):
    // entries >= v stay, the first entry < v becomes v, the later ones move up one place.
    // That is min/max over the whole array, vectorised, with no data-dependent branch: the
    // insertion point of a random time is unpredictable, so a scan for it would mispredict.
    double arrayRun(int n, std::size_t pairs, const double* draw) {
        if (m_sorted[0].size() < pairs + 2) {
            m_sorted[0].assign(pairs + 2, kInf);
            m_sorted[1].assign(pairs + 2, kInf);
        }
        double* cur = m_sorted[0].data();
        double* next = m_sorted[1].data();
        std::size_t size = 0;
        auto insert = [&](double v) __attribute__((always_inline)) {
            cur[size + 1] = -kInf;
            ++size;
            const double* in = cur;
            double* out = next;
            for (std::size_t j = 1; j <= size; ++j) {
                out[j] = std::max(in[j], std::min(in[j - 1], v));
            }
            std::swap(cur, next);
        };
        for (std::size_t i = 0; i < pairs; ++i) {
            insert(*draw++);
        }
        bool slotTaken = n % 2 == 1;
        double now = 0.0;
        while (size > 0) {
            now = cur[size--];
            if (slotTaken) {
                // The newly idle processor sends to the one in the slot.
                insert(now + *draw++);
            }
            slotTaken = !slotTaken;
        }
        return now;
    }

    // The same with a 1-based binary min-heap h[1..size], h[size + 1] = +inf, for large n.
    double heapRun(int n, std::size_t pairs, const double* draw) {
        if (m_heap.size() < pairs + 2) {
            m_heap.assign(pairs + 2, 0.0);
        }
        double* const h = m_heap.data();
        std::copy(draw, draw + pairs, h + 1);
        draw += pairs;
        std::size_t size = pairs;
        h[size + 1] = kInf;
        for (std::size_t i = size / 2; i >= 1; --i) { // Floyd's heap construction
            siftDown(h, size, i);
        }
        bool slotTaken = n % 2 == 1;
        double now = 0.0;
        while (size > 0) {
            now = h[1];
            if (slotTaken) {
                // The newly idle processor sends to the one in the slot: its transfer end
                // replaces the event just popped.
                replaceTop(h, size, now + *draw++);
            } else {
                const double last = h[size];
                h[size--] = kInf;
                replaceTop(h, size, last);
            }
            slotTaken = !slotTaken;
        }
        return now;
    }

    static void siftDown(double* h, std::size_t size, std::size_t i) {
        const double v = h[i];
        for (std::size_t c = 2 * i; c <= size; c = 2 * i) {
            c += static_cast<std::size_t>(h[c + 1] < h[c]);
            if (!(h[c] < v)) {
                break;
            }
            h[i] = h[c];
            i = c;
        }
        h[i] = v;
    }

    // Replaces the top of the heap by v (Wegener's bottom-up heap): the hole sinks to a leaf
    // along the smaller children (a branch-free choice; the +inf after the last entry stands in
    // for a missing child), then v rises to its place, usually in a step or two. Random event
    // times would make the compare-and-stop branch of a textbook sift-down mispredict.
    [[gnu::always_inline]] static void replaceTop(double* h, std::size_t size, double v) {
        std::size_t i = 1;
        for (std::size_t c = 2; c <= size; c = 2 * i) {
            c += static_cast<std::size_t>(h[c + 1] < h[c]);
            h[i] = h[c];
            i = c;
        }
        while (i > 1 && v < h[i / 2]) {
            h[i] = h[i / 2];
            i /= 2;
        }
        h[i] = v;
    }

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
    std::vector<double> m_heap;      // heapRun's pending transfer ends
    std::vector<double> m_sorted[2]; // arrayRun's, and room for the next version
};

} // namespace rl
