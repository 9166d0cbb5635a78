#pragma once

#include "engine/event_queue.h"
#include "fastpath/calendar_queue.h"
#include "fastpath/fast_path.h"
#include "fastpath/interleave.h"
#include "fastpath/pending_events.h"
#include "fastpath/simulation_paths.h"

#include <cstddef>
#include <memory>

namespace rl {

/// Tree-dyn's makespan-only lanes (LaneFastPath): the rule of algorithms/tree_dyn.h
/// (TreeDynPolicy: an idle processor enters the empty slot, or else sends to the one there)
/// reduced to what decides a makespan. They mirror that rule in their own encoding and are
/// held to it by the equality tests (test_algorithms, fastPathsEqualEngine).
class TreeDynLanes {
  public:
    static constexpr SimulationPaths kPaths{.fastMakespan = true,
                                            .noReductionMakespan = true,
                                            .noReductionPair = true,
                                            .fastPair = true};

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
        // StreamCosts: the draws of each stream in start order, read from where it stands.
        const double* transfer = costs.transferDraws + costs.nextTransfer;
        const double* reduction = costs.reductionDraws + costs.nextReduction;
        const auto pairs = static_cast<std::size_t>(n / 2);
        const auto n1 = static_cast<std::size_t>(n);
        if (usesSortedKeys(pairs)) {
            return twoSetRun(m_transferEnds.view(pairs), m_reductionEnds.view(n1), n, transfer,
                             reduction);
        }
        // Not a calendar queue: a set's times may run ahead of its last one popped by more
        // than a cost (the other set's events move time on).
        return twoSetRun(m_transferHeap.view(pairs), m_reductionHeap.view(n1), n, transfer,
                         reduction);
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
        // Beyond the sorted array, a calendar queue: every key pushed is the time just popped
        // plus a cost, never below it nor beyond it by more than the largest cost.
        return usesSortedKeys(pairs)
                   ? noReductionRun(m_transferEnds.view(pairs), n, transferDraws)
                   : noReductionRun(calendar(m_transferCalendar, n, transferDraws), n,
                                    transferDraws);
    }

    /// noReductionMakespan of two replicates, their events interleaved (a lone run's steps
    /// wait on each other; two independent runs fill each other's waits): the same results.
    void noReductionPair(int n, const double* ta, const double* tb, double& ma, double& mb) {
        const auto pairs = static_cast<std::size_t>(n / 2);
        auto run = [&](auto a, auto b) __attribute__((always_inline)) {
            interleave(a, b);
            ma = a.now;
            mb = b.now;
        };
        if (usesSortedKeys(pairs)) {
            run(NoReductionLane<SortedKeys>(m_transferEnds.view(pairs), n, ta),
                NoReductionLane<SortedKeys>(m_transferEnds2.view(pairs), n, tb));
        } else {
            run(NoReductionLane<CalendarKeys>(calendar(m_transferCalendar, n, ta), n, ta),
                NoReductionLane<CalendarKeys>(calendar(m_transferCalendar2, n, tb), n, tb));
        }
    }

    /// fastMakespan on two replicates' draws, interleaved: the same results.
    void fastPair(int n, const double* ta, const double* ra, const double* tb, const double* rb,
                  double& ma, double& mb) {
        const auto pairs = static_cast<std::size_t>(n / 2);
        const auto n1 = static_cast<std::size_t>(n);
        auto run = [&](auto a, auto b) __attribute__((always_inline)) {
            interleave(a, b);
            ma = a.now;
            mb = b.now;
        };
        if (usesSortedKeys(pairs)) {
            run(TwoSetLane<SortedKeys>(m_transferEnds.view(pairs), m_reductionEnds.view(n1), n, ta,
                                       ra),
                TwoSetLane<SortedKeys>(m_transferEnds2.view(pairs), m_reductionEnds2.view(n1), n,
                                       tb, rb));
            return;
        }
        run(TwoSetLane<KeyHeap>(m_transferHeap.view(pairs), m_reductionHeap.view(n1), n, ta, ra),
            TwoSetLane<KeyHeap>(m_transferHeap2.view(pairs), m_reductionHeap2.view(n1), n, tb, rb));
    }

  private:
    // Without reductions: at most n/2 transfer ends pending, n - 1 pushed.
    static CalendarKeys calendar(CalendarKeys::Storage& storage, int n, const double* transfer) {
        return storage.view(static_cast<std::size_t>(n / 2), static_cast<std::size_t>(n),
                            runHorizon(n, transfer, nullptr));
    }

    // With reductions, sets that are sorted arrays take SortedKeys::insertRounded (after
    // prepareRounded; every end pushed is at least the time just popped, as it needs): which
    // set an event comes from is a coin toss the processor mispredicts anyway, and
    // insert()'s loop exit, at a point that moved with every other insertion, added its own
    // mispredictions (n = 64: 10 % less CPU, 13 % more instructions). Without reductions the
    // set keeps insert(), measured no slower there.
    template <class Keys> [[gnu::always_inline]] static void insertEnd(Keys& keys, double end) {
        if constexpr (requires { keys.insertRounded(end); }) {
            keys.insertRounded(end);
        } else {
            keys.insert(end);
        }
    }
    template <class Keys> static void prepareEnds(Keys& keys, std::size_t capacity) {
        if constexpr (requires { keys.prepareRounded(capacity); }) {
            keys.prepareRounded(capacity);
        }
    }

    // The pending transfer ends (SortedKeys or CalendarKeys); a newly idle processor
    // pairs with the one in the slot every other time, and its transfer end then replaces the
    // event just handled.
    template <class Keys> struct NoReductionLane {
        Keys keys;
        const double* draw;
        bool slotTaken;
        double now = 0.0;
        NoReductionLane(Keys k, int n, const double* draws)
            : keys(k), draw(draws), slotTaken(n % 2 == 1) {
            const auto pairs = static_cast<std::size_t>(n / 2);
            buildStart(keys, pairs, [&](std::size_t i) { return 0.0 + draw[i]; });
            draw += pairs;
        }
        bool running() const { return !keys.empty(); }
        [[gnu::always_inline]] void step() {
            if (slotTaken) {
                // Popped first, not read then replaced: the calendar then finds the earliest
                // entry once, in registers, instead of keeping it for the pop in memory.
                now = keys.popMin();
                keys.insert(now + *draw++);
            } else {
                now = keys.popMin();
            }
            slotTaken = !slotTaken;
        }
    };
    template <class Keys> static double noReductionRun(Keys keys, int n, const double* draw) {
        NoReductionLane<Keys> lane(keys, n, draw);
        while (lane.running()) {
            lane.step();
        }
        return lane.now;
    }

    // At most n/2 transfers are under way (each has two processors), and at most n
    // reductions.
    template <class Keys> struct TwoSetLane {
        Keys transferEnds;
        Keys reductionEnds;
        const double* transfer;
        const double* reduction;
        bool slotTaken;
        double now = 0.0;
        TwoSetLane(Keys t, Keys r, int n, const double* transferDraws, const double* reductionDraws)
            : transferEnds(t), reductionEnds(r), transfer(transferDraws), reduction(reductionDraws),
              slotTaken(n % 2 == 1) { // P(n-1) waits in the slot
            // Time 0: P1 -> P0, P3 -> P2, ...
            const auto pairs = static_cast<std::size_t>(n / 2);
            prepareEnds(transferEnds, pairs);
            prepareEnds(reductionEnds, static_cast<std::size_t>(n));
            buildStart(transferEnds, pairs, [&](std::size_t p) { return 0.0 + transfer[p]; });
            transfer += pairs;
        }
        bool running() const { return !transferEnds.empty() || !reductionEnds.empty(); }
        [[gnu::always_inline]] void step() {
            // An empty set's min() is +inf (SortedKeys, KeyHeap), and every end is finite:
            // a transfer end comes first when there is one not later than every reduction end.
            if (transferEnds.min() <= reductionEnds.min()) {
                now = transferEnds.popMin();
                insertEnd(reductionEnds, now + *reduction++);
            } else {
                now = reductionEnds.popMin();
                if (slotTaken) {
                    insertEnd(transferEnds, now + *transfer++);
                }
                slotTaken = !slotTaken;
            }
        }
    };
    template <class Keys>
    static double twoSetRun(Keys transferEnds, Keys reductionEnds, int n, const double* transfer,
                            const double* reduction) {
        TwoSetLane<Keys> lane(transferEnds, reductionEnds, n, transfer, reduction);
        while (lane.running()) {
            lane.step();
        }
        return lane.now;
    }

    // The pending transfer and reduction ends of both paths.
    SortedKeys::Storage m_transferEnds;
    SortedKeys::Storage m_reductionEnds;
    SortedKeys::Storage m_transferEnds2; // the second run of a pair
    SortedKeys::Storage m_reductionEnds2;
    KeyHeap::Storage m_transferHeap;
    KeyHeap::Storage m_reductionHeap;
    KeyHeap::Storage m_transferHeap2; // the second run of a pair
    KeyHeap::Storage m_reductionHeap2;
    CalendarKeys::Storage m_transferCalendar;
    CalendarKeys::Storage m_transferCalendar2;
};

/// Tree-dyn's fast path (its registry row's factory).
std::unique_ptr<FastPath> makeTreeDynFastPath(int n, bool nonCommutative, const CostModel& costs);

} // namespace rl
