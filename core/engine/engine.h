#pragma once

#include "base/job_scope.h"
#include "engine/event_queue.h"
#include "schedule/schedule.h"

#include <algorithm>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace rl {

/// Observer of a run (SimGrid-style: the kernel emits, it never formats or stores). The
/// default implementation ignores everything, and costs nothing once inlined. An observer of
/// the decisions too (engine/narration.h's NarrationRecorder) also has, called with the
/// engine: idleStarts(e, p) and idleEnds(e, p) around the policy's onIdle, transferStarts(e,
/// from, to) as a transfer starts (before transfer()), transferEnds(e, k, waits) and
/// reductionEnds(e, p) as the engine takes those events, and arrives(e, p) as a late
/// processor becomes available, before its first onIdle (docs/engine.md, "Event order").
struct NullRecorder {
    void transfer(int /*from*/, int /*to*/, double /*start*/, double /*end*/) {}
    void reduction(int /*proc*/, int /*transfer*/, double /*start*/, double /*end*/) {}
};

/// Stores every operation into a Schedule.
struct ScheduleRecorder {
    Schedule* schedule = nullptr;
    void transfer(int from, int to, double start, double end) {
        schedule->transfers.push_back({from, to, start, end});
        schedule->parent[static_cast<std::size_t>(from)] = to;
    }
    void reduction(int proc, int transfer, double start, double end) {
        schedule->reductions.push_back({proc, transfer, start, end});
    }
};

/// Out of line, so that the hot merge path stays small enough to inline.
[[noreturn]] void throwNonAdjacentMerge(int proc, int sender);
[[noreturn]] void throwIncompleteRun(int transfers, int n);

/// Reusable buffers of the engine: one per thread, so a Monte Carlo replicate allocates nothing.
struct EngineWorkspace {
    struct Proc {
        bool started = false;
        bool sent = false;
        bool receiving = false;
        bool reducing = false;
        int receptionsEnded = 0;
        int reductionsEnded = 0;
        int pendingHead = -1; // transfers ended, reduction not started (FIFO via nextPending)
        int pendingTail = -1;
        int lo = 0;
        int hi = 0;
    };
    EventQueue queue;
    std::vector<Proc> proc;
    std::vector<int> holderLo;
    std::vector<int> holderHi;
    std::vector<int> from; // per transfer, in start order
    std::vector<int> to;
    std::vector<int> nextPending;

    void resize(int n) {
        const auto nn = static_cast<std::size_t>(n);
        proc.resize(nn);
        holderLo.resize(nn);
        holderHi.resize(nn);
        from.resize(nn);
        to.resize(nn);
        nextPending.resize(nn);
    }
};

/// The event-driven platform of docs/model.md §1 and §3, generic in the algorithm (Policy), the
/// cost source (Costs) and the observer (Recorder), all bound at compile time so that the Monte
/// Carlo loop runs the very code that builds displayed schedules, with no virtual call per event.
///
/// Policy declares `static constexpr bool kUsesIntervals` (whether it reads lo/hi/holders); it is
/// told when a run starts (reset, optional), when a processor becomes idle (onIdle), when a
/// transfer into it ended (onTransferEnd, optional) and when one of its reductions ended and it
/// is not idle (onReductionEnd, optional), and when no event is left (onRunEnd, optional, before
/// the engine checks that the run made n - 1 transfers); it acts through startTransfer()
/// (docs/engine.md, "The policy interface"). A hook the policy does not have costs nothing. Costs
/// provides transfer(from, to) and reduction(proc), drawn at the moment the operation starts (so
/// the k-th started operation gets the k-th draw). An Engine is a short-lived view over a
/// workspace, made for one run.
template <class Policy, class Costs, class Recorder> class Engine {
  public:
    Engine(EngineWorkspace& ws, int n, bool nonCommutative, Policy& policy, Costs& costs,
           Recorder& rec)
        : m_ws(ws), m_n(n), m_nonCommutative(nonCommutative), m_policy(policy), m_costs(costs),
          m_rec(rec) {
        ws.resize(n);
        m_proc = ws.proc.data();
        m_holderLo = ws.holderLo.data();
        m_holderHi = ws.holderHi.data();
        m_from = ws.from.data();
        m_to = ws.to.data();
        m_nextPending = ws.nextPending.data();
    }

    int n() const { return m_n; }
    bool nonCommutative() const { return m_nonCommutative; }
    double now() const { return m_ws.queue.now(); }

    bool started(int p) const { return st(p).started; }
    bool sent(int p) const { return st(p).sent; }
    bool receiving(int p) const { return st(p).receiving; }
    /// A reduction runs on p now.
    bool reducing(int p) const { return st(p).reducing; }
    int receptionsEnded(int p) const { return st(p).receptionsEnded; }
    int reductionsEnded(int p) const { return st(p).reductionsEnded; }
    /// Started, not sent, not receiving, no reduction running or pending (docs/model.md §4).
    bool isIdle(int p) const {
        const Proc& s = st(p);
        return s.started && !s.sent && !s.receiving && !s.reducing && s.pendingHead < 0;
    }
    /// Smallest and largest initial index held by p (its interval in non-commutative mode).
    int lo(int p) const { return st(p).lo; }
    int hi(int p) const { return st(p).hi; }
    /// The processor whose current value starts (ends) at index i, or that last did so.
    int holderStartingAt(int i) const { return m_holderLo[i]; }
    int holderEndingAt(int i) const { return m_holderHi[i]; }
    /// The cost source (a policy that knows fixed costs in advance reads MatrixCosts there).
    const Costs& costs() const { return m_costs; }

    /// Starts transfer from -> to now. The policy guarantees both may take part.
    void startTransfer(int from, int to) {
        Proc& s = st(from);
        Proc& r = st(to);
        s.sent = true;
        r.receiving = true;
        const int k = m_transfers++;
        m_from[static_cast<std::size_t>(k)] = from;
        m_to[static_cast<std::size_t>(k)] = to;
        const double start = now();
        const double end = start + m_costs.transfer(from, to);
        m_ws.queue.push(end, kTransferEnd | static_cast<std::uint32_t>(k));
        if constexpr (kObserved) {
            m_rec.transferStarts(*this, from, to);
        }
        m_rec.transfer(from, to, start, end);
    }

    /// Late arrivals (docs/model.md §1): processor p becomes available at arrivals[p] instead of
    /// t = 0 (equal times in index order, as at t = 0). Null, the default: all at t = 0. The
    /// array must outlive run().
    void setArrivals(const double* arrivals) { m_arrival = arrivals; }

    /// Runs one reduction to the end and returns the makespan.
    double run();

  private:
    using Proc = EngineWorkspace::Proc;
    /// Whether the recorder observes decisions and events (narration), not only operations.
    static constexpr bool kObserved = requires(Recorder & r, const Engine& e) {
        r.idleStarts(e, 0);
    };

    /// p is idle: the policy decides (onIdle), watched by the recorder.
    void idle(int p) {
        if constexpr (kObserved) {
            m_rec.idleStarts(*this, p);
        }
        m_policy.onIdle(*this, p);
        if constexpr (kObserved) {
            m_rec.idleEnds(*this, p);
        }
    }
    enum : std::uint32_t { kAvailable = 0, kTransferEnd = 1U << 30, kReductionEnd = 2U << 30 };
    static constexpr std::uint32_t kTypeMask = 3U << 30;

    const Proc& st(int p) const { return m_proc[p]; }
    Proc& st(int p) { return m_proc[p]; }
    /// Starts the reduction of transfer k on p (k is no longer pending).
    void startReduction(int p, int k);
    void merge(int p, int sender);

    EngineWorkspace& m_ws;
    int m_n;
    bool m_nonCommutative;
    Policy& m_policy;
    Costs& m_costs;
    Recorder& m_rec;
    int m_transfers = 0;
    const double* m_arrival = nullptr;
    // Raw views of the workspace (cached: through the reference, every access would reload
    // the vector's data pointer).
    Proc* m_proc = nullptr;
    int* m_holderLo = nullptr;
    int* m_holderHi = nullptr;
    int* m_from = nullptr;
    int* m_to = nullptr;
    int* m_nextPending = nullptr;
};

template <class Policy, class Costs, class Recorder>
void Engine<Policy, Costs, Recorder>::merge(int p, int sender) {
    Proc& r = st(p);
    const Proc& s = st(sender);
    if (s.hi + 1 == r.lo) {
        r.lo = s.lo;
    } else if (r.hi + 1 == s.lo) {
        r.hi = s.hi;
    } else if (m_nonCommutative) {
        throwNonAdjacentMerge(p, sender);
    } else {
        r.lo = std::min(r.lo, s.lo);
        r.hi = std::max(r.hi, s.hi);
    }
    m_holderLo[static_cast<std::size_t>(r.lo)] = p;
    m_holderHi[static_cast<std::size_t>(r.hi)] = p;
}

template <class Policy, class Costs, class Recorder>
void Engine<Policy, Costs, Recorder>::startReduction(int p, int k) {
    Proc& s = st(p);
    // Intervals are only needed by policies that look at them, and to check merges in
    // non-commutative mode; Tree-dyn's commutative Monte Carlo skips them.
    if (Policy::kUsesIntervals || m_nonCommutative) {
        merge(p, m_from[static_cast<std::size_t>(k)]);
    }
    s.reducing = true;
    const double start = now();
    const double end = start + m_costs.reduction(p);
    m_ws.queue.push(end, kReductionEnd | static_cast<std::uint32_t>(p));
    m_rec.reduction(p, k, start, end);
}

template <class Policy, class Costs, class Recorder> double Engine<Policy, Costs, Recorder>::run() {
    EventQueue& queue = m_ws.queue;
    static_assert(kAvailable == 0, "available events are queued as payloads 0..n-1");
    if (m_arrival == nullptr) {
        queue.clear(m_n);
    } else {
        queue.clearForArrivals(m_n);
        for (int p = 0; p < m_n; ++p) {
            queue.push(m_arrival[p], static_cast<std::uint32_t>(p));
        }
    }
    m_transfers = 0;
    for (int p = 0; p < m_n; ++p) {
        m_proc[static_cast<std::size_t>(p)] = Proc{false, false, false, false, 0, 0, -1, -1, p, p};
        m_holderLo[static_cast<std::size_t>(p)] = p;
        m_holderHi[static_cast<std::size_t>(p)] = p;
    }
    if constexpr (requires { m_policy.reset(m_n); }) {
        m_policy.reset(m_n);
    }
    std::uint32_t ev = 0;
    CancelPoll cancel; // one run at n = 2^24 takes seconds: a cancel must not wait for its end
    while (queue.pop(ev)) {
        cancel.add(1);
        const std::uint32_t id = ev & ~kTypeMask;
        switch (ev & kTypeMask) {
        case kAvailable: {
            const int p = static_cast<int>(id);
            st(p).started = true;
            if constexpr (kObserved) {
                if (m_arrival != nullptr) {
                    m_rec.arrives(*this, p);
                }
            }
            idle(p);
            break;
        }
        case kTransferEnd: {
            const int r = m_to[id];
            Proc& s = st(r);
            if constexpr (kObserved) {
                m_rec.transferEnds(*this, static_cast<int>(id), s.reducing);
            }
            s.receiving = false;
            ++s.receptionsEnded;
            if (!s.reducing) { // nothing pending either: reduce at once
                startReduction(r, static_cast<int>(id));
            } else {
                m_nextPending[id] = -1;
                if (s.pendingTail < 0) {
                    s.pendingHead = static_cast<int>(id);
                } else {
                    m_nextPending[static_cast<std::size_t>(s.pendingTail)] = static_cast<int>(id);
                }
                s.pendingTail = static_cast<int>(id);
            }
            if constexpr (requires { m_policy.onTransferEnd(*this, r); }) {
                m_policy.onTransferEnd(*this, r);
            }
            break;
        }
        default: {
            const int p = static_cast<int>(id);
            Proc& s = st(p);
            if constexpr (kObserved) {
                m_rec.reductionEnds(*this, p);
            }
            s.reducing = false;
            ++s.reductionsEnded;
            if (s.pendingHead >= 0) {
                const int k = s.pendingHead;
                s.pendingHead = m_nextPending[static_cast<std::size_t>(k)];
                if (s.pendingHead < 0) {
                    s.pendingTail = -1;
                }
                startReduction(p, k);
            }
            if (isIdle(p)) {
                idle(p);
            } else if constexpr (requires { m_policy.onReductionEnd(*this, p); }) {
                m_policy.onReductionEnd(*this, p);
            }
            break;
        }
        }
    }
    if constexpr (requires { m_policy.onRunEnd(*this); }) {
        m_policy.onRunEnd(*this);
    }
    if (m_transfers != m_n - 1) {
        throwIncompleteRun(m_transfers, m_n);
    }
    return queue.now();
}

} // namespace rl
