#pragma once

#include "engine/bit_set.h"
#include "engine/event_queue.h"
#include "engine/interleave.h"
#include "engine/pending_events.h"
#include "engine/radix_keys.h"
#include "engine/simulation_paths.h"

#include <algorithm>
#include <cstdint>
#include <vector>

namespace rl {

/// Non-Commut-Tree-dyn (RR §3.2): an idle processor sends its value to an idle processor holding
/// an adjacent interval, the left one when both are idle; otherwise it waits among the idle.
/// The set of waiting processors is exactly the idle ones, so it needs no storage of its own:
/// the engine's interval holders find the neighbours in O(1).
class NonCommutTreeDynPolicy {
  public:
    static constexpr bool kUsesIntervals = true;
    static constexpr SimulationPaths kPaths{
        .fastMakespan = true, .untilTie = true, .untilTiePair = true};

    void reset(int /*n*/) {}
    template <class E> void onIdle(E& e, int p) {
        const int lo = e.lo(p);
        const int hi = e.hi(p);
        if (lo > 0) {
            const int left = e.holderEndingAt(lo - 1);
            if (e.isIdle(left)) {
                e.startTransfer(p, left);
                return;
            }
        }
        if (hi < e.n() - 1) {
            const int right = e.holderStartingAt(hi + 1);
            if (e.isIdle(right)) {
                e.startTransfer(p, right);
            }
        }
    }
    template <class E> void onTransferEnd(E& /*e*/, int /*r*/) {}
    template <class E> void onReductionEnd(E& /*e*/, int /*r*/) {}

    /// Makespan without the generic engine, for Monte Carlo. It mirrors
    /// Engine<NonCommutTreeDynPolicy> step by step (same events, same order, same draws), so
    /// the result is bit-identical; test_algorithms checks it. This policy only ever sends to
    /// an idle processor, so a transfer always ends on a receiver with no reduction running or
    /// pending, and a reduction end always leaves its processor idle: the state of a processor
    /// is its interval and one "idle" flag. A zero-cost reduction whose end would be the next
    /// event anyway is handled at once instead of going through the queue.
    template <class Costs> double fastMakespan(EventQueue& queue, int n, Costs& costs) {
        queue.clear(n);
        const auto nn = static_cast<std::size_t>(n);
        m_proc.resize(nn);
        m_holderLo.resize(nn);
        m_holderHi.resize(nn);
        for (int p = 0; p < n; ++p) {
            m_proc[static_cast<std::size_t>(p)] = FastProc{p, p, -1, false};
            m_holderLo[static_cast<std::size_t>(p)] = p;
            m_holderHi[static_cast<std::size_t>(p)] = p;
        }
        return queue.runLocally([&](auto& q) { return fastRun(q, n, costs); });
    }

    /// Makespan from one replicate's draws (reduction null: every reduction costs 0), without
    /// a creation-order tie-break; false when two events may tie, where the caller must use
    /// fastMakespan. Events of distinct times are handled in time order, the engine's, so the
    /// result is the engine's to the bit; test_algorithms checks it.
    ///
    /// Which processor holds a value never matters to this rule, only the intervals and which
    /// of them are idle: a value is named by its interval's start, the live values are a set of
    /// starts, the idle ones another (bit sets: a neighbour is a bit scan away, with no memory
    /// round trip), and a transfer by the start of its left interval. Its end merges the right
    /// interval into the left one, which reduces and then looks for a partner.
    bool untilTieMakespan(int n, const double* transfer, const double* reduction,
                          double& makespan) {
        const auto payloads = static_cast<std::uint32_t>(2 * n + 1);
        if (n <= 64) { // wordRun: one bit per processor in a word
            return reduction == nullptr
                       ? wordRun<false>(m_packed.view(payloads), n, transfer, nullptr, makespan)
                       : wordRun<true>(m_packed.view(payloads), n, transfer, reduction, makespan);
        }
        m_starts.reset(n, true);
        m_idle.reset(n, false);
        const bool sorted = usesSortedKeys(static_cast<std::size_t>(n) / 2);
        if (reduction == nullptr) {
            return sorted ? treeRun<false>(m_packed.view(payloads), m_starts, m_idle, n, transfer,
                                           nullptr, makespan)
                          : treeRun<false>(m_heap.view(payloads), m_starts, m_idle, n, transfer,
                                           nullptr, makespan);
        }
        return sorted ? treeRun<true>(m_packed.view(payloads), m_starts, m_idle, n, transfer,
                                      reduction, makespan)
                      : treeRun<true>(m_heap.view(payloads), m_starts, m_idle, n, transfer,
                                      reduction, makespan);
    }

    /// untilTieMakespan for two replicates at once (see wordRunPair): the same results, faster
    /// where runs of up to 64 processors can be interleaved.
    void untilTiePair(int n, const double* ta, const double* ra, const double* tb, const double* rb,
                      double& ma, double& mb, bool& doneA, bool& doneB) {
        if (n > 64) {
            doneA = untilTieMakespan(n, ta, ra, ma);
            doneB = untilTieMakespan(n, tb, rb, mb);
            return;
        }
        const auto payloads = static_cast<std::uint32_t>(2 * n + 1);
        if (ra == nullptr) {
            wordRunPair<false>(m_packed.view(payloads), m_packed2.view(payloads), n, ta, nullptr,
                               tb, nullptr, ma, mb, doneA, doneB);
        } else {
            wordRunPair<true>(m_packed.view(payloads), m_packed2.view(payloads), n, ta, ra, tb, rb,
                              ma, mb, doneA, doneB);
        }
    }

  private:
    enum : std::uint32_t { kTransferEnd = 1U << 30, kReductionEnd = 2U << 30 };
    static constexpr std::uint32_t kTypeMask = 3U << 30;
    struct FastProc {
        int lo;
        int hi;
        int source; // sender of the transfer under way into this processor
        bool idle;
    };

    template <class Queue, class Costs> double fastRun(Queue& queue, int n, Costs& costs) {
        FastProc* const proc = m_proc.data();
        int* const holderLo = m_holderLo.data();
        int* const holderHi = m_holderHi.data();
        auto send = [&](int p, int to) __attribute__((always_inline)) {
            proc[p].idle = false;
            proc[to].idle = false;
            proc[to].source = p;
            queue.push(queue.now() + costs.transfer(p, to),
                       kTransferEnd | static_cast<std::uint32_t>(to));
        };
        auto onIdle = [&](int p) __attribute__((always_inline)) {
            FastProc& pp = proc[p];
            pp.idle = true;
            if (pp.lo > 0) {
                const int left = holderHi[pp.lo - 1];
                if (proc[left].idle) {
                    send(p, left);
                    return;
                }
            }
            if (pp.hi < n - 1) {
                const int right = holderLo[pp.hi + 1];
                if (proc[right].idle) {
                    send(p, right);
                }
            }
        };
        std::uint32_t ev = 0;
        while (queue.pop(ev)) {
            const auto p = static_cast<int>(ev & ~kTypeMask);
            switch (ev & kTypeMask) {
            case kTransferEnd: {
                // The engine's merge, done when the reduction starts.
                FastProc& r = proc[p];
                const FastProc& s = proc[r.source];
                if (s.hi + 1 == r.lo) {
                    r.lo = s.lo;
                } else if (r.hi + 1 == s.lo) {
                    r.hi = s.hi;
                } else { // unreachable: transfers go to a neighbour
                    r.lo = std::min(r.lo, s.lo);
                    r.hi = std::max(r.hi, s.hi);
                }
                holderLo[r.lo] = p;
                holderHi[r.hi] = p;
                const double c = costs.reduction(p);
                if (c != 0.0 || !queue.nothingDueNow()) {
                    queue.push(queue.now() + c, kReductionEnd | static_cast<std::uint32_t>(p));
                    break;
                }
                // Zero cost and nothing else due now: its end is the next event. Handle it.
                onIdle(p);
                break;
            }
            default: // available, or reduction end: either way the processor becomes idle
                onIdle(p);
                break;
            }
        }
        return queue.now();
    }

    // Beyond 64 processors, on trees of words (wordRun below for smaller platforms).
    template <bool kReductions, class Queue>
    static bool treeRun(Queue queue, BitTree& starts, BitTree& idle, int n, const double* transfer,
                        const double* reduction, double& makespan) {
        std::size_t next = 0; // transfers started
        // The interval starting at a is idle: it sends to the left neighbour if idle, else to
        // the right one if idle, else waits (docs/model.md §4.2).
        auto onIdle = [&](std::uint32_t a, double now) __attribute__((always_inline)) {
            const int left = starts.previous(static_cast<int>(a));
            const int right = starts.next(static_cast<int>(a));
            const bool toLeft = left >= 0 && idle.contains(left);
            const bool toRight = !toLeft && right < n && idle.contains(right);
            if (toLeft) {
                idle.erase(left);
                queue.push(now + transfer[next++], static_cast<std::uint32_t>(left));
            } else if (toRight) {
                idle.erase(right);
                queue.push(now + transfer[next++], a);
            } else {
                idle.insert(static_cast<int>(a));
            }
        };
        auto merge = [&](std::uint32_t a) __attribute__((always_inline)) {
            starts.erase(starts.next(static_cast<int>(a)));
        };
        startPairs(queue, n, transfer, next);
        if (n % 2 == 1) {
            idle.insert(n - 1);
        }
        return eventLoop<kReductions>(queue, n, reduction, onIdle, merge, makespan);
    }

    /// treeRun on up to 64 processors (Fig. 4's sizes), on two words: the live interval
    /// starts and the idle ones. The choice between left, right and waiting is
    /// unpredictable, so it is made with bit operations and no branch; the only
    /// data-dependent branches left are whether a transfer starts and, with reductions,
    /// which kind of event ends. One run is a WordLane; wordRun runs one, wordRunPair two
    /// side by side.
    template <bool kReductions> struct WordLane {
        PackedEvents queue;
        int n;
        const double* transfer;
        const double* reduction;
        std::uint64_t starts = 0;
        std::uint64_t idle = 0;
        std::size_t next = 0; // transfers started
        std::size_t nextReduction = 0;
        std::uint64_t lastKey = ~std::uint64_t{0};
        double now = 0.0;
        bool tied = false;

        WordLane(PackedEvents q, int size, const double* t, const double* r)
            : queue(q), n(size), transfer(t), reduction(r) {
            starts = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
            startPairs(queue, n, transfer, next);
            if (n % 2 == 1) {
                idle = std::uint64_t{1} << (n - 1);
            }
        }
        /// Whether events are left to handle (false once done or tied).
        bool running() const { return !tied && !queue.empty(); }

        [[gnu::always_inline]] void onIdle(std::uint32_t a) {
            const std::uint64_t self = std::uint64_t{1} << a;
            // The left neighbour's start is the highest member below a, the right one's the
            // lowest above. With a sentinel bit (0 below, 63 above) the scans never see an
            // empty word, and a missing neighbour lands on a bit that is not idle: with no
            // member below a, bit 0 is a itself (busy) or not live; with none above, bit 63
            // is not live; and idle intervals are live.
            const std::uint64_t below = starts & (self - 1);
            const std::uint64_t above = starts & ~(self | (self - 1));
            const auto left = static_cast<std::uint32_t>(63 - std::countl_zero(below | 1U));
            const auto right =
                static_cast<std::uint32_t>(std::countr_zero(above | (std::uint64_t{1} << 63)));
            const std::uint64_t toLeft = (idle >> left) & 1U;
            const std::uint64_t sends = toLeft | ((idle >> right) & 1U);
            const std::uint32_t leftMask = 0U - static_cast<std::uint32_t>(toLeft);
            const std::uint32_t partner = right ^ ((left ^ right) & leftMask);
            const std::uint32_t transferKey = a ^ ((left ^ a) & leftMask); // the left start
            idle = (idle & ~((std::uint64_t{1} << partner) & (0 - sends))) | (self & (sends - 1));
            if (sends != 0) {
                queue.push(now + transfer[next++], transferKey);
            }
        }

        /// Handles the next event (running()): a transfer end (id: its left interval's start)
        /// merges the right interval into the left one, which reduces and becomes idle; a
        /// reduction end makes its interval idle. Stops (tied) at a tie it cannot order.
        [[gnu::always_inline]] void step() {
            std::uint32_t id = 0;
            const std::uint64_t key = queue.pop(now, id);
            // Without reductions a pop pushes at most one event, so an event of this time
            // that is not pending now can only come from a chain of zero-cost transfers
            // started here, which the engine handles after this one too: only an event
            // pending beside it with the same key makes the order unknown. With reductions
            // a pop may lead to events of both kinds: two in a row with one key stop it.
            if (kReductions ? key == lastKey : queue.nextHasKey(key)) {
                tied = true;
                return;
            }
            lastKey = key;
            const auto nn = static_cast<std::uint32_t>(n);
            if (kReductions && id >= nn) { // a reduction end
                onIdle(id - nn);
                return;
            }
            // The lowest start above id: the right interval, merged into the left one.
            const std::uint64_t above = starts & (~std::uint64_t{1} << id);
            starts ^= above & (0 - above);
            if (kReductions) {
                queue.push(now + reduction[nextReduction++], id + nn);
            } else {
                onIdle(id);
            }
        }
    };

    template <bool kReductions>
    static bool wordRun(PackedEvents queue, int n, const double* transfer, const double* reduction,
                        double& makespan) {
        WordLane<kReductions> lane(queue, n, transfer, reduction);
        while (lane.running()) {
            lane.step();
        }
        makespan = lane.now;
        return !lane.tied;
    }

    /// Two runs at once, their events interleaved: each run's events form one chain of
    /// dependent steps (pop, decide, push), so a lone run leaves the processor waiting on it;
    /// two independent chains side by side fill those waits. Each run's result is what
    /// wordRun gives it alone.
    template <bool kReductions>
    static void wordRunPair(PackedEvents qa, PackedEvents qb, int n, const double* ta,
                            const double* ra, const double* tb, const double* rb, double& ma,
                            double& mb, bool& doneA, bool& doneB) {
        WordLane<kReductions> a(qa, n, ta, ra);
        WordLane<kReductions> b(qb, n, tb, rb);
        interleave(a, b);
        ma = a.now;
        mb = b.now;
        doneA = !a.tied;
        doneB = !b.tied;
    }

    // Time 0: the available events in index order pair P1 -> P0, P3 -> P2, ... (each odd
    // processor finds its left neighbour idle), and P(n-1) waits when n is odd.
    template <class Queue>
    static void startPairs(Queue& queue, int n, const double* transfer, std::size_t& next) {
        const auto pairs = static_cast<std::size_t>(n / 2);
        queue.pushAll(pairs, [&](std::size_t i, double& time, std::uint32_t& payload) {
            time = 0.0 + transfer[i];
            payload = static_cast<std::uint32_t>(2 * i);
        });
        next = pairs;
    }

    // The events of treeRun and wordRun: a transfer end (id: its left interval's start)
    // merges the right interval into the left one (`merge`), which reduces and becomes
    // idle; `onIdle` starts its next transfer, if any.
    template <bool kReductions, class Queue, class OnIdle, class Merge>
    [[gnu::always_inline]] static bool eventLoop(Queue& queue, int n, const double* reduction,
                                                 OnIdle& onIdle, Merge& merge, double& makespan) {
        const auto nn = static_cast<std::uint32_t>(n);
        std::size_t nextReduction = 0;
        std::uint64_t lastKey = ~std::uint64_t{0};
        double now = 0.0;
        while (!queue.empty()) {
            std::uint32_t id = 0;
            const std::uint64_t key = queue.pop(now, id);
            // Without reductions a pop pushes at most one event, so an event of this time
            // that is not pending now can only come from a chain of zero-cost transfers
            // started here, which the engine handles after this one too: only an event
            // pending beside it with the same key makes the order unknown. With reductions
            // a pop may lead to events of both kinds: two in a row with one key stop it.
            if (kReductions ? key == lastKey : queue.nextHasKey(key)) {
                return false;
            }
            lastKey = key;
            if (kReductions && id >= nn) { // a reduction end
                onIdle(id - nn, now);
                continue;
            }
            merge(id);
            if (kReductions) {
                queue.push(now + reduction[nextReduction++], id + nn);
            } else {
                onIdle(id, now);
            }
        }
        makespan = now;
        return true;
    }

    BitTree m_starts; // large platforms' live and idle interval starts
    BitTree m_idle;
    PackedEvents::Storage m_packed;
    PackedEvents::Storage m_packed2; // the second run of untilTiePair
    RadixEvents::Storage m_heap;
    std::vector<FastProc> m_proc;
    std::vector<int> m_holderLo;
    std::vector<int> m_holderHi;
};

} // namespace rl
