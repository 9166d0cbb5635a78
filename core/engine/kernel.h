#pragma once

#include "base/rng.h"
#include "engine/engine.h"
#include "engine/narration.h"
#include "platform/cost_model.h"
#include "platform/fixed_costs.h"
#include "platform/law.h"
#include "schedule/schedule.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace rl {

/// Fills `out` (one time per processor) with replicate (seed, replicate)'s draws of `law`
/// on the arrival stream: processor p arrives at out[p] (docs/model.md §1).
inline void drawArrivals(std::vector<double>& out, const LawSampler& law, Rng& rng,
                         std::uint64_t seed, std::uint64_t replicate) {
    rng.reseed(seed, replicate, Stream::Arrival);
    law.fill(rng, out.data(), out.size());
}

/// Per-operation costs: the k-th started transfer (reduction) takes the k-th draw of the
/// transfer (reduction) stream of this replicate. A run on n processors makes exactly n - 1
/// transfers and n - 1 reductions (docs/model.md §1), so the draws are made up front, in one batch
/// per stream (LawSampler::fill, the same values in the same order), and the run reads them.
struct StreamCosts {
    const double* transferDraws = nullptr;
    const double* reductionDraws = nullptr;
    std::size_t nextTransfer = 0;
    std::size_t nextReduction = 0;
    double transfer(int /*from*/, int /*to*/) { return transferDraws[nextTransfer++]; }
    double reduction(int /*proc*/) { return reductionDraws[nextReduction++]; }
};

/// A batch of draws that stands in for LawSampler::fill: the same values in the same order,
/// made faster (fastpath/fast_draws.h). Null: LawSampler::fill.
using DrawFill = void (*)(const LawSampler& law, Rng& rng, double* out, std::size_t count);
/// Chooses the fill of a law's batches, or none (fastpath's fastDrawFill).
using DrawFillChoice = DrawFill (*)(const LawSampler& law);

/// One replicate's per-operation draws (n of each stream: the n - 1 a run uses and a spare, so
/// that n = 1 has a buffer and Non-Commut-Tree-dyn's branch-free lanes may read one past their
/// last draw). Monte Carlo draws them once per replicate and hands them to every
/// algorithm (common random numbers, docs/model.md §2): the draws do not depend on the algorithm.
class StreamDraws {
  public:
    StreamDraws() = default;
    /// `choose`: the fill of each stream's batches (none: LawSampler::fill); the values are the
    /// same either way.
    StreamDraws(const Law& transfer, const Law& reduction, int n, DrawFillChoice choose = nullptr)
        : m_transferLaw(transfer), m_reductionLaw(reduction),
          m_transferFill(choose != nullptr ? choose(m_transferLaw) : nullptr),
          m_reductionFill(choose != nullptr ? choose(m_reductionLaw) : nullptr),
          m_transfer(static_cast<std::size_t>(n), 0.0),
          m_reduction(static_cast<std::size_t>(n), 0.0) {
        // A constant reduction law (the paper's zero cost) draws nothing: fill it once.
        m_reductionLaw.fill(m_rng, m_reduction.data(), m_reduction.size());
    }

    /// Also draws each replicate's arrival times from `law` (n of them, the arrival stream).
    void setArrival(const Law& law) {
        m_arrivalLaw = LawSampler(law);
        m_arrival.assign(m_transfer.size(), 0.0);
        m_hasArrival = true;
    }

    void draw(std::uint64_t seed, std::uint64_t replicate) {
        m_seed = seed;
        m_replicate = replicate;
        m_rng.reseed(seed, replicate, Stream::Transfer);
        fill(m_transferLaw, m_transferFill, m_transfer);
        if (!m_reductionLaw.isConstant()) {
            m_rng.reseed(seed, replicate, Stream::Reduction);
            fill(m_reductionLaw, m_reductionFill, m_reduction);
        }
        if (m_hasArrival) {
            drawArrivals(m_arrival, m_arrivalLaw, m_rng, seed, replicate);
        }
    }
    /// The replicate of the last draw().
    std::uint64_t seed() const { return m_seed; }
    std::uint64_t replicate() const { return m_replicate; }
    const double* transfer() const { return m_transfer.data(); }
    const double* reduction() const { return m_reduction.data(); }
    /// This replicate's arrival times, processor by processor; null without an arrival law.
    const double* arrival() const { return m_hasArrival ? m_arrival.data() : nullptr; }
    /// Every reduction costs 0 (constant law of value 0).
    bool noReductionCost() const {
        return m_reductionLaw.isConstant() && m_reductionLaw.constantValue() == 0.0;
    }

  private:
    void fill(const LawSampler& law, DrawFill with, std::vector<double>& out) {
        if (with != nullptr) {
            with(law, m_rng, out.data(), out.size());
        } else {
            law.fill(m_rng, out.data(), out.size());
        }
    }

    LawSampler m_transferLaw;
    LawSampler m_reductionLaw;
    DrawFill m_transferFill = nullptr;
    DrawFill m_reductionFill = nullptr;
    LawSampler m_arrivalLaw;
    bool m_hasArrival = false;
    Rng m_rng;
    std::uint64_t m_seed = 0;
    std::uint64_t m_replicate = 0;
    std::vector<double> m_transfer; // this replicate's transfer costs, in start order
    std::vector<double> m_reduction;
    std::vector<double> m_arrival; // processor p's arrival time, with an arrival law
};

/// Fixed platform costs d[i][j] and c[j].
struct MatrixCosts {
    const FixedCosts* costs = nullptr;
    double transfer(int from, int to) const { return costs->transfer(from, to); }
    double reduction(int proc) const { return costs->reduction(proc); }
};

/// One algorithm bound to a platform size, a mode and a cost model, behind one virtual call
/// per run: the generic engine (Kernel below) or a kernel of its own (a clairvoyant
/// algorithm's precomputed schedule). Holds reusable buffers: one per thread.
class KernelBase {
  public:
    virtual ~KernelBase() = default;
    /// The makespan of replicate (seed, replicate).
    virtual double makespan(std::uint64_t seed, std::uint64_t replicate) = 0;
    virtual Schedule schedule(std::uint64_t seed, std::uint64_t replicate) = 0;
    /// schedule(), and its story in `narration` (engine/narration.h), from the same run.
    virtual Schedule narratedSchedule(std::uint64_t seed, std::uint64_t replicate,
                                      Narration& narration) = 0;
    /// makespan() from the replicate's per-operation draws, drawn by the caller (PerOperation
    /// cost mode only): the same result as makespan(seed, replicate) after draws.draw(seed,
    /// replicate) with the same laws and n.
    virtual double makespanFromDraws(const StreamDraws& draws) = 0;
};

/// Draws the fixed costs of one replicate (DrawnMatrix mode, docs/model.md §2): d from the transfer
/// stream in row-major order skipping the diagonal, then c from the reduction stream.
void drawMatrix(FixedCosts& out, int n, const LawSampler& transfer, const LawSampler& reduction,
                std::uint64_t seed, std::uint64_t replicate);

/// The generic engine (engine/engine.h) running `Policy`, the rule of one algorithm.
template <class Policy> class Kernel final : public KernelBase {
  public:
    Kernel(Policy policy, int n, bool nonCommutative, const CostModel& costs)
        : m_policy(std::move(policy)), m_n(n), m_nonCommutative(nonCommutative), m_costs(costs) {
        if (costs.mode != CostMode::FixedMatrix) {
            m_transferLaw = LawSampler(costs.transfer);
            m_reductionLaw = LawSampler(costs.reduction);
        }
        if (costs.arrival) {
            m_arrivalLaw = LawSampler(*costs.arrival);
            m_arrivals.assign(static_cast<std::size_t>(n), 0.0);
        }
    }

    double makespan(std::uint64_t seed, std::uint64_t replicate) override {
        NullRecorder rec;
        return run(seed, replicate, rec);
    }

    double makespanFromDraws(const StreamDraws& draws) override {
        beginReplicate(draws.seed(), draws.replicate());
        StreamCosts costs{draws.transfer(), draws.reduction(), 0, 0};
        NullRecorder rec;
        return runWith(costs, rec, draws.arrival());
    }

    Schedule schedule(std::uint64_t seed, std::uint64_t replicate) override {
        Schedule s = emptySchedule();
        ScheduleRecorder rec{&s};
        s.makespan = run(seed, replicate, rec);
        setRoot(s);
        keepArrivals(s);
        return s;
    }

    Schedule narratedSchedule(std::uint64_t seed, std::uint64_t replicate,
                              Narration& narration) override {
        Schedule s = emptySchedule();
        NarrationRecorder<Policy> rec(&s, m_policy);
        s.makespan = run(seed, replicate, rec);
        setRoot(s);
        keepArrivals(s);
        narration = rec.finish();
        return s;
    }

  private:
    Schedule emptySchedule() const {
        Schedule s;
        s.n = m_n;
        s.nonCommutative = m_nonCommutative;
        s.parent.assign(static_cast<std::size_t>(m_n), -1);
        s.transfers.reserve(static_cast<std::size_t>(m_n));
        s.reductions.reserve(static_cast<std::size_t>(m_n));
        return s;
    }
    void setRoot(Schedule& s) const {
        for (int p = 0; p < m_n; ++p) {
            if (s.parent[static_cast<std::size_t>(p)] < 0) {
                s.root = p;
            }
        }
    }

    // The arrival times of the last run, in the schedule it recorded.
    void keepArrivals(Schedule& s) const {
        if (m_costs.arrival) {
            s.arrivals = m_arrivals;
        }
    }

    // A policy that draws its own numbers or reads the replicate (RuntimePolicyAdapter) is
    // told which replicate runs; the built-ins are not.
    void beginReplicate(std::uint64_t seed, std::uint64_t replicate) {
        if constexpr (requires { m_policy.beginReplicate(seed, replicate); }) {
            m_policy.beginReplicate(seed, replicate);
        }
    }

    template <class Recorder>
    double run(std::uint64_t seed, std::uint64_t replicate, Recorder& rec) {
        beginReplicate(seed, replicate);
        const double* arrivals = nullptr;
        if (m_costs.arrival) {
            drawArrivals(m_arrivals, m_arrivalLaw, m_arrivalRng, seed, replicate);
            arrivals = m_arrivals.data();
        }
        switch (m_costs.mode) {
        case CostMode::PerOperation: {
            if (!m_draws) { // on first use: Monte Carlo passes its own draws
                m_draws = std::make_unique<StreamDraws>(m_costs.transfer, m_costs.reduction, m_n);
            }
            m_draws->draw(seed, replicate);
            StreamCosts costs{m_draws->transfer(), m_draws->reduction(), 0, 0};
            return runWith(costs, rec, arrivals);
        }
        case CostMode::FixedMatrix: {
            MatrixCosts costs{m_costs.fixed.get()};
            return runWith(costs, rec, arrivals);
        }
        case CostMode::DrawnMatrix: {
            drawMatrix(m_drawn, m_n, m_transferLaw, m_reductionLaw, seed, replicate);
            MatrixCosts costs{&m_drawn};
            return runWith(costs, rec, arrivals);
        }
        }
        return 0.0;
    }

    template <class Costs, class Recorder>
    double runWith(Costs& costs, Recorder& rec, const double* arrivals) {
        Engine<Policy, Costs, Recorder> engine(m_ws, m_n, m_nonCommutative, m_policy, costs, rec);
        engine.setArrivals(arrivals);
        return engine.run();
    }

    Policy m_policy;
    int m_n;
    bool m_nonCommutative;
    CostModel m_costs;
    LawSampler m_transferLaw;
    LawSampler m_reductionLaw;
    std::unique_ptr<StreamDraws> m_draws; // PerOperation mode, made on first use
    LawSampler m_arrivalLaw;              // with an arrival law only
    Rng m_arrivalRng;
    std::vector<double> m_arrivals;
    EngineWorkspace m_ws;
    FixedCosts m_drawn;
};

} // namespace rl
