#pragma once

#include "engine/event_queue.h"
#include "fastpath/calendar_queue.h"
#include "fastpath/fast_path.h"
#include "fastpath/interleave.h"
#include "fastpath/pending_events.h"
#include "fastpath/simulation_paths.h"
#include "fastpath/wide_runs.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <memory>
#include <vector>

namespace rl {

/// Non-Commut-Tree-dyn's makespan-only lanes (LaneFastPath). The rule is
/// algorithms/non_commut_tree_dyn.h's (NonCommutTreeDynPolicy: an idle processor sends to its
/// left neighbour if idle, else to its right one if idle, else waits); the lanes below encode
/// it three ways for speed (fastRun's onIdle on the engine's intervals, ArrayLane::onIdle on
/// arrays of interval ends and starts, WordLane::choose on two words). Each mirrors that rule
/// and is held to it by the equality tests (test_algorithms: fastPathsEqualEngine,
/// leanPathsRunAndAgree, widePairsEqualNarrowPairs; test_random_scenarios).
class NonCommutTreeDynLanes {
  public:
    static constexpr SimulationPaths kPaths{
        .fastMakespan = true, .untilTie = true, .untilTiePair = true};

    /// Makespan without the generic engine, for Monte Carlo. It mirrors
    /// Engine<NonCommutTreeDynPolicy> (algorithms/non_commut_tree_dyn.h) step by step (same
    /// events, same order, same draws), so the result is bit-identical; test_algorithms checks
    /// it. This policy only ever sends to an idle processor, so a transfer always ends on a
    /// receiver with no reduction running or pending, and a reduction end always leaves its
    /// processor idle: the state of a processor is its interval and one "idle" flag. A
    /// zero-cost reduction whose end would be the next event anyway is handled at once instead
    /// of going through the queue.
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
    /// of them are idle: a value is named by its interval's start, and a transfer by the start
    /// of its left interval (up to 64 processors the live starts and the idle ones are two
    /// words, a neighbour a bit scan away; beyond, arrays of interval ends and starts, a
    /// neighbour two loads away). Its end merges the right interval into the left one, which
    /// reduces and then looks for a partner.
    bool untilTieMakespan(int n, const double* transfer, const double* reduction,
                          double& makespan) {
        return reduction == nullptr ? single<false>(n, transfer, nullptr, makespan)
                                    : single<true>(n, transfer, reduction, makespan);
    }

    /// Whether untilTiePair may take the AVX-512 path (WideEvents) where the processor has
    /// it, as by default; the tests turn it off to compare the two paths.
    void useWideEvents(bool on) { m_wide = on && wideEventsAvailable(); }

    /// untilTieMakespan for two replicates at once, their events interleaved up to 257
    /// processors (each run's events form one chain of dependent steps, pop, decide, push, so
    /// a lone run leaves the processor waiting on it; two independent chains side by side fill
    /// those waits): the same results.
    void untilTiePair(int n, const double* ta, const double* ra, const double* tb, const double* rb,
                      double& ma, double& mb, bool& doneA, bool& doneB) {
        if (n > 64) {
            // Beyond 64 processors on the sorted array (n <= 257) the two runs are interleaved
            // as below; on calendar queues they run one after the other, as two interleaved
            // measured slower there (n = 1,024 to 65,536: 5 to 15 % more CPU, two calendars
            // for the same cache).
            if (!usesSortedKeys(static_cast<std::size_t>(n) / 2)) {
                doneA = untilTieMakespan(n, ta, ra, ma);
                doneB = untilTieMakespan(n, tb, rb, mb);
            } else if (ra == nullptr) {
                pairArrays<false>(n, ta, nullptr, tb, nullptr, ma, mb, doneA, doneB);
            } else {
                pairArrays<true>(n, ta, ra, tb, rb, ma, mb, doneA, doneB);
            }
            return;
        }
        if (ra == nullptr) {
            pair<false>(n, ta, nullptr, tb, nullptr, ma, mb, doneA, doneB);
        } else if (m_wide && n >= 2) {
            pairWide(n, ta, ra, tb, rb, ma, mb, doneA, doneB);
        } else {
            pair<true>(n, ta, ra, tb, rb, ma, mb, doneA, doneB);
        }
    }

  private:
    // pair<true> (with reductions) on WideEvents, compiled for AVX-512 (m_wide): the same
    // two results.
    void pairWide(int n, const double* ta, const double* ra, const double* tb, const double* rb,
                  double& ma, double& mb, bool& doneA, bool& doneB);

    enum : std::uint32_t { kTransferEnd = 1U << 30, kReductionEnd = 2U << 30 };
    static constexpr std::uint32_t kTypeMask = 3U << 30;
    struct FastProc {
        int lo;
        int hi;
        int source; // sender of the transfer under way into this processor
        bool idle;
    };

    // The queue of a large platform's run: n - 1 transfers and as many reductions pushed, and
    // no pending end later than the time just popped plus the run's largest cost.
    static CalendarEvents calendar(CalendarEvents::Storage& storage, int n, const double* transfer,
                                   const double* reduction) {
        return storage.view(static_cast<std::size_t>(n / 2), 2 * static_cast<std::size_t>(n),
                            runHorizon(n, transfer, reduction));
    }

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
        // NonCommutTreeDynPolicy::onIdle on the fast records.
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

    // A run's events, for both representations of its intervals (Shape: ArrayLane, WordLane,
    // which give onIdle() and merge()). A transfer end (id: its left interval's start) merges
    // the right interval into the left one, which reduces and becomes idle; a reduction end
    // makes its interval idle; an idle interval starts its next transfer, if any.
    template <class Shape, bool kReductions, class Queue> struct Lane {
        Queue queue;
        int n;
        const double* transfer;  // the next transfer's draw
        const double* reduction; // the next reduction's draw
        std::uint64_t lastKey = ~std::uint64_t{0};
        double now = 0.0;
        bool tied = false;

        /// On WideEvents (pushIf): no branch on whether an event is pushed, and a queue that
        /// may overflow.
        static constexpr bool kWide = requires(Queue & q) { q.pushIf(true, 0.0, 0U); };

        /// Whether events are left to handle (false once done or given up).
        bool running() const { return !gaveUp() && !queue.empty(); }
        /// Whether the run stopped at a tie or on a queue that overflowed (WideEvents), where
        /// the caller must use the exact path.
        bool gaveUp() const {
            if constexpr (kWide) {
                return tied || queue.overflowed();
            }
            return tied;
        }

        /// Handles the next event (running()); stops (tied) at a tie it cannot order.
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
            Shape& shape = static_cast<Shape&>(*this);
            if constexpr (kReductions && kWide) {
                shape.endWithoutBranch(id);
                return;
            }
            const auto nn = static_cast<std::uint32_t>(n);
            if (kReductions && id >= nn) { // a reduction end
                shape.onIdle(id - nn);
                return;
            }
            shape.merge(id);
            if (kReductions) {
                queue.push(now + *reduction++, id + nn);
            } else {
                shape.onIdle(id);
            }
        }
        /// A transfer named by its left interval's start begins now.
        [[gnu::always_inline]] void startTransfer(std::uint32_t left) {
            queue.push(now + *transfer++, left);
        }

      private:
        // Only as the base of its Shape.
        Lane(Queue q, int size, const double* t, const double* r)
            : queue(q), n(size), transfer(t), reduction(r) {
            transfer += startPairs(queue, n, transfer);
        }
        friend Shape;
    };

    // Beyond 64 processors (WordLane below for smaller platforms), on arrays: end[a] is the
    // last index of the interval starting at a, start[e + 1] the first index of the one
    // ending at e, idle[a] whether the interval starting at a is idle. A neighbour is two
    // loads away, with no bit scan and no branch on where it lies (the two-level trees of
    // words these replace took 16 to 21 % more CPU from n = 256 to 16,384). Sentinels keep
    // the edges branch-free: start[0] = n + 1 and idle[n] = idle[n + 1] = 0.
    struct IntervalArrays {
        std::vector<int> end;
        std::vector<int> start;
        std::vector<std::uint8_t> idle;
    };
    template <bool kReductions, class Queue>
    struct ArrayLane : Lane<ArrayLane<kReductions, Queue>, kReductions, Queue> {
        int* end;
        int* start;
        std::uint8_t* idle;

        ArrayLane(Queue q, IntervalArrays& arrays, int size, const double* t, const double* r)
            : Lane<ArrayLane, kReductions, Queue>(q, size, t, r) {
            const auto nn = static_cast<std::size_t>(size);
            arrays.end.resize(nn + 1);
            arrays.start.resize(nn + 1);
            arrays.idle.assign(nn + 2, 0);
            end = arrays.end.data();
            start = arrays.start.data();
            idle = arrays.idle.data();
            for (int p = 0; p < size; ++p) {
                end[p] = p;
                start[p + 1] = p;
            }
            start[0] = size + 1;
            if (size % 2 == 1) {
                idle[size - 1] = 1;
            }
        }

        // The interval starting at a is idle: NonCommutTreeDynPolicy::onIdle on these arrays
        // (left neighbour if idle, else right one if idle, else wait). The choice by selects,
        // the idle flags by one store; only whether a transfer starts branches.
        [[gnu::always_inline]] void onIdle(std::uint32_t a) {
            const int left = start[a];
            const int right = end[a] + 1;
            const bool toLeft = idle[left] != 0;
            const bool sends = toLeft | (idle[right] != 0);
            const int partner = toLeft ? left : right;
            idle[sends ? partner : static_cast<int>(a)] = sends ? 0 : 1;
            if (sends) {
                this->startTransfer(toLeft ? static_cast<std::uint32_t>(left) : a);
            }
        }
        // The right interval of the transfer `id`, merged into the left one.
        [[gnu::always_inline]] void merge(std::uint32_t id) {
            const int last = end[end[id] + 1];
            end[id] = last;
            start[last + 1] = static_cast<int>(id);
        }
    };

    /// ArrayLane on up to 64 processors (Fig. 4's sizes), on two words: the live interval
    /// starts and the idle ones. The choice between left, right and waiting is
    /// unpredictable, so it is made with bit operations and no branch; the only
    /// data-dependent branches left are whether a transfer starts and, with reductions,
    /// which kind of event ends.
    template <bool kReductions, class Queue = PackedEvents>
    struct WordLane : Lane<WordLane<kReductions, Queue>, kReductions, Queue> {
        std::uint64_t starts = 0;
        std::uint64_t idle = 0;

        WordLane(const Queue& q, int size, const double* t, const double* r)
            : Lane<WordLane, kReductions, Queue>(q, size, t, r) {
            starts = size == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << size) - 1;
            if (size % 2 == 1) {
                idle = std::uint64_t{1} << (size - 1);
            }
        }

        // What the idle interval starting at a does, NonCommutTreeDynPolicy::onIdle on two
        // words (left neighbour if idle, else right one if idle, else wait); the transfer's key
        // (its left start) and the idle set after the choice. `may` (1 or 0): 0 forbids
        // sending (endWithoutBranch on a transfer's end, whose choice is then dropped).
        struct Choice {
            std::uint64_t sends; // 1 or 0
            std::uint32_t transferKey;
            std::uint64_t idle;
        };
        [[gnu::always_inline]] Choice choose(std::uint32_t a, std::uint64_t may) const {
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
            const std::uint64_t sends = (toLeft | ((idle >> right) & 1U)) & may;
            const std::uint32_t leftMask = 0U - static_cast<std::uint32_t>(toLeft);
            const std::uint32_t partner = right ^ ((left ^ right) & leftMask);
            return {sends, a ^ ((left ^ a) & leftMask),
                    (idle & ~((std::uint64_t{1} << partner) & (0 - sends))) | (self & (sends - 1))};
        }
        [[gnu::always_inline]] void onIdle(std::uint32_t a) {
            const Choice choice = choose(a, 1);
            idle = choice.idle;
            if (choice.sends != 0) {
                this->startTransfer(choice.transferKey);
            }
        }
        // The lowest start above id: the right interval, merged into the left one.
        [[gnu::always_inline]] void merge(std::uint32_t id) {
            const std::uint64_t above = starts & (~std::uint64_t{1} << id);
            starts ^= above & (0 - above);
        }

        // Lane::step's handling of an end of either kind, with reductions, on a queue that
        // pushes without a branch (WideEvents): both kinds computed, the one that happened
        // kept by masks, and the one event it pushes (a transfer end: its reduction; a
        // reduction end: a transfer if its interval finds a partner) pushed or not by
        // pushIf. The kind of end was a coin toss for the branch predictor.
        [[gnu::always_inline]] void endWithoutBranch(std::uint32_t id) {
            const auto nn = static_cast<std::uint32_t>(this->n);
            const std::uint32_t reduction = id >= nn ? 1U : 0U;
            const std::uint64_t reductionMask = 0 - std::uint64_t{reduction};
            const std::uint32_t a = id - (nn & (0U - reduction)); // the interval's start
            // A transfer end: merge(a).
            const std::uint64_t above = starts & (~std::uint64_t{1} << a);
            starts ^= above & (0 - above) & ~reductionMask;
            // A reduction end: onIdle(a), its choice kept only for one.
            const Choice choice = choose(a, reduction);
            const std::uint64_t sends = choice.sends;
            idle ^= (choice.idle ^ idle) & reductionMask;
            // The one push, its draw and payload selected by masks (the compiler made
            // conditional operators a branch: the kind of end again). Not pushing, the payload
            // is a's transfer key: no transfer of the idle interval a is pending
            // (WideEvents::pushIf). Both streams' next draws are read, one of them for
            // nothing: after the last transfer or reduction started, the n-th value of its
            // array (StreamDraws holds n per stream, see pairWide).
            const auto transferDraw = std::bit_cast<std::uint64_t>(*this->transfer);
            const auto reductionDraw = std::bit_cast<std::uint64_t>(*this->reduction);
            const double draw = std::bit_cast<double>(
                reductionDraw ^ ((reductionDraw ^ transferDraw) & reductionMask));
            const std::uint32_t payload = (id + nn) ^ (((id + nn) ^ choice.transferKey) &
                                                       static_cast<std::uint32_t>(reductionMask));
            this->queue.pushIf(((1 - reduction) | sends) != 0, this->now + draw, payload);
            this->transfer += sends;
            this->reduction += 1 - reduction;
        }
    };

    // One run on the lanes of its size: words up to 64 processors, else arrays on the sorted
    // array of events or, beyond it, a calendar queue.
    template <bool kReductions>
    bool single(int n, const double* transfer, const double* reduction, double& makespan) {
        auto run = [&](auto lane) __attribute__((always_inline)) {
            while (lane.running()) {
                lane.step();
            }
            makespan = lane.now;
            return !lane.tied;
        };
        const auto payloads = static_cast<std::uint32_t>(2 * n + 1);
        if (n <= 64) {
            return run(WordLane<kReductions>(m_packed.view(payloads), n, transfer, reduction));
        }
        if (usesSortedKeys(static_cast<std::size_t>(n) / 2)) { // n <= 257
            return run(ArrayLane<kReductions, PackedEvents>(m_packed.view(payloads), m_arrays, n,
                                                            transfer, reduction));
        }
        return run(ArrayLane<kReductions, CalendarEvents>(
            calendar(m_calendar, n, transfer, reduction), m_arrays, n, transfer, reduction));
    }

    // Two runs of 65 to 257 processors (on the sorted array) at once, interleaved.
    template <bool kReductions>
    void pairArrays(int n, const double* ta, const double* ra, const double* tb, const double* rb,
                    double& ma, double& mb, bool& doneA, bool& doneB) {
        const auto payloads = static_cast<std::uint32_t>(2 * n + 1);
        runPair(
            ArrayLane<kReductions, PackedEvents>(m_packed.view(payloads), m_arrays, n, ta, ra),
            ArrayLane<kReductions, PackedEvents>(m_packed2.view(payloads), m_arrays2, n, tb, rb),
            ma, mb, doneA, doneB);
    }

    // Two lanes interleaved to their ends: each one's makespan, and whether it finished
    // (false: it stopped at a tie or overflowed, and the caller takes the exact path).
    template <class LaneA, class LaneB>
    [[gnu::always_inline]] static void runPair(LaneA a, LaneB b, double& ma, double& mb,
                                               bool& doneA, bool& doneB) {
        interleave(a, b);
        ma = a.now;
        mb = b.now;
        doneA = !a.gaveUp();
        doneB = !b.gaveUp();
    }

    // Two runs of up to 64 processors at once, interleaved: each result is what single()
    // gives it alone.
    template <bool kReductions>
    void pair(int n, const double* ta, const double* ra, const double* tb, const double* rb,
              double& ma, double& mb, bool& doneA, bool& doneB) {
        const auto payloads = static_cast<std::uint32_t>(2 * n + 1);
        runPair(WordLane<kReductions>(m_packed.view(payloads), n, ta, ra),
                WordLane<kReductions>(m_packed2.view(payloads), n, tb, rb), ma, mb, doneA, doneB);
    }

    // Time 0: the available events in index order pair P1 -> P0, P3 -> P2, ... (each odd
    // processor finds its left neighbour idle), and P(n-1) waits when n is odd.
    // Returns the number of transfers started.
    template <class Queue>
    static std::size_t startPairs(Queue& queue, int n, const double* transfer) {
        const auto pairs = static_cast<std::size_t>(n / 2);
        pushStart(queue, pairs, [&](std::size_t i, double& time, std::uint32_t& payload) {
            time = 0.0 + transfer[i];
            payload = static_cast<std::uint32_t>(2 * i);
        });
        return pairs;
    }

    IntervalArrays m_arrays;  // ArrayLane's, reused from run to run
    IntervalArrays m_arrays2; // the second run of untilTiePair
    PackedEvents::Storage m_packed;
    PackedEvents::Storage m_packed2; // the second run of untilTiePair
    std::vector<double> m_exact;     // the exact times of pairWide's two queues
    bool m_wide = wideEventsAvailable();
    CalendarEvents::Storage m_calendar;
    std::vector<FastProc> m_proc;
    std::vector<int> m_holderLo;
    std::vector<int> m_holderHi;
};

/// Non-Commut-Tree-dyn's fast path (its registry row's factory).
std::unique_ptr<FastPath> makeNonCommutTreeDynFastPath(int n, bool nonCommutative,
                                                       const CostModel& costs);

} // namespace rl
