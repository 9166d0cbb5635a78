#pragma once

#include "engine/bit_set.h"
#include "engine/event_queue.h"
#include "engine/pending_events.h"
#include "engine/simulation_paths.h"

#include <algorithm>
#include <cstdint>
#include <functional>
#include <vector>

namespace rl {

/// Non-Commut-Tree-dyn (RR §3.2): an idle processor sends its value to an idle processor holding
/// an adjacent interval, the left one when both are idle; otherwise it waits among the idle.
/// The set of waiting processors is exactly the idle ones, so it needs no storage of its own:
/// the engine's interval holders find the neighbours in O(1).
class NonCommutTreeDynPolicy {
  public:
    static constexpr bool kUsesIntervals = true;
    static constexpr SimulationPaths kPaths{.fastMakespan = true, .untilTie = true};

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
        if (n <= WordSet::kCapacity) {
            return leanRun(m_packed.view(payloads), WordSet(n, true), WordSet(n, false), n,
                           transfer, reduction, makespan);
        }
        m_starts.reset(n, true);
        m_idle.reset(n, false);
        if (usesSortedKeys(static_cast<std::size_t>(n) / 2)) {
            return leanRun(m_packed.view(payloads), std::ref(m_starts), std::ref(m_idle), n,
                           transfer, reduction, makespan);
        }
        return leanRun(m_heap.view(payloads), std::ref(m_starts), std::ref(m_idle), n, transfer,
                       reduction, makespan);
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

    template <class Queue, class Set>
    static bool leanRun(Queue queue, Set startsArg, Set idleArg, int n, const double* transfer,
                        const double* reduction, double& makespan) {
        // Sets by value (one word, in a register) or by reference (a BitTree).
        auto& starts = unwrap(startsArg);
        auto& idle = unwrap(idleArg);
        std::size_t next = 0; // transfers started
        // The interval starting at a is idle: it sends to the left neighbour if idle, else to
        // the right one if idle, else waits (docs/model.md §4.2).
        auto onIdle = [&](int a, double now) __attribute__((always_inline)) {
            const int left = starts.previous(a);
            const int right = starts.next(a);
            const bool toLeft = left >= 0 && idle.contains(left);
            const bool toRight = !toLeft && right < n && idle.contains(right);
            if (toLeft) {
                idle.erase(left);
                queue.push(now + transfer[next++], static_cast<std::uint32_t>(left));
            } else if (toRight) {
                idle.erase(right);
                queue.push(now + transfer[next++], static_cast<std::uint32_t>(a));
            } else {
                idle.insert(a);
            }
        };
        // Time 0: the available events in index order pair P1 -> P0, P3 -> P2, ... (each odd
        // processor finds its left neighbour idle), and P(n-1) waits when n is odd.
        for (int a = 0; a + 1 < n; a += 2) {
            queue.push(0.0 + transfer[next++], static_cast<std::uint32_t>(a));
        }
        if (n % 2 == 1) {
            idle.insert(n - 1);
        }
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
            if (reduction == nullptr ? !queue.empty() && queue.minKey() == key : key == lastKey) {
                return false;
            }
            lastKey = key;
            if (id >= nn) { // a reduction end
                onIdle(static_cast<int>(id - nn), now);
                continue;
            }
            // A transfer end: the right interval merges into the left one (id).
            starts.erase(starts.next(static_cast<int>(id)));
            if (reduction == nullptr) {
                onIdle(static_cast<int>(id), now);
            } else {
                queue.push(now + reduction[nextReduction++], id + nn);
            }
        }
        makespan = now;
        return true;
    }
    static WordSet& unwrap(WordSet& s) { return s; }
    static BitTree& unwrap(std::reference_wrapper<BitTree> s) { return s.get(); }

    BitTree m_starts; // large platforms' live and idle interval starts
    BitTree m_idle;
    PackedEvents::Storage m_packed;
    EventHeap::Storage m_heap;
    std::vector<FastProc> m_proc;
    std::vector<int> m_holderLo;
    std::vector<int> m_holderHi;
};

} // namespace rl
