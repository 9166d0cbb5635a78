#pragma once

#include "base/rng.h"
#include "engine/engine.h"
#include "engine/simulation_paths.h"
#include "platform/cost_model.h"
#include "platform/fixed_costs.h"
#include "platform/law.h"
#include "schedule/schedule.h"

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace rl {

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

/// One replicate's per-operation draws (n of each stream: the n - 1 a run uses and a spare, so
/// that n = 1 has a buffer and Non-Commut-Tree-dyn's branch-free lanes may read one past their
/// last draw). Monte Carlo draws them once per replicate and hands them to every
/// algorithm (common random numbers, docs/model.md §2): the draws do not depend on the algorithm.
class StreamDraws {
  public:
    StreamDraws() = default;
    StreamDraws(const Law& transfer, const Law& reduction, int n)
        : m_transferLaw(transfer), m_reductionLaw(reduction),
          m_transfer(static_cast<std::size_t>(n), 0.0),
          m_reduction(static_cast<std::size_t>(n), 0.0) {
        // A constant reduction law (the paper's zero cost) draws nothing: fill it once.
        m_reductionLaw.fill(m_rng, m_reduction.data(), m_reduction.size());
    }

    void draw(std::uint64_t seed, std::uint64_t replicate) {
        m_rng.reseed(seed, replicate, Stream::Transfer);
        m_transferLaw.fill(m_rng, m_transfer.data(), m_transfer.size());
        if (!m_reductionLaw.isConstant()) {
            m_rng.reseed(seed, replicate, Stream::Reduction);
            m_reductionLaw.fill(m_rng, m_reduction.data(), m_reduction.size());
        }
    }
    const double* transfer() const { return m_transfer.data(); }
    const double* reduction() const { return m_reduction.data(); }
    /// Every reduction costs 0 (constant law of value 0).
    bool noReductionCost() const {
        return m_reductionLaw.isConstant() && m_reductionLaw.constantValue() == 0.0;
    }

  private:
    LawSampler m_transferLaw;
    LawSampler m_reductionLaw;
    Rng m_rng;
    std::vector<double> m_transfer; // this replicate's transfer costs, in start order
    std::vector<double> m_reduction;
};

/// Fixed platform costs d[i][j] and c[j].
struct MatrixCosts {
    const FixedCosts* costs = nullptr;
    double transfer(int from, int to) const { return costs->transfer(from, to); }
    double reduction(int proc) const { return costs->reduction(proc); }
};

/// One algorithm bound to a platform size, a mode and a cost model, behind one virtual call
/// per run. Holds reusable buffers: one per thread.
class KernelBase {
  public:
    virtual ~KernelBase() = default;
    virtual double makespan(std::uint64_t seed, std::uint64_t replicate) = 0;
    virtual Schedule schedule(std::uint64_t seed, std::uint64_t replicate) = 0;
    virtual double engineMakespan(std::uint64_t seed, std::uint64_t replicate) = 0;
    /// makespan() from the replicate's per-operation draws, drawn by the caller (PerOperation
    /// cost mode only): the same result as makespan(seed, replicate) after draws.draw(seed,
    /// replicate) with the same laws and n.
    virtual double makespanFromDraws(const StreamDraws& draws) = 0;
    /// makespanFromDraws() of two replicates, in `a` and `b`'s order: the same two results,
    /// faster where the kernel interleaves two runs (SimulationPaths::untilTiePair).
    virtual void makespansFromDraws(const StreamDraws& a, const StreamDraws& b, double& ma,
                                    double& mb) {
        ma = makespanFromDraws(a);
        mb = makespanFromDraws(b);
    }
};

/// Draws the fixed costs of one replicate (DrawnMatrix mode, docs/model.md §2): d from the transfer
/// stream in row-major order skipping the diagonal, then c from the reduction stream.
void drawMatrix(FixedCosts& out, int n, const LawSampler& transfer, const LawSampler& reduction,
                std::uint64_t seed, std::uint64_t replicate);

template <class P>
concept OffersFastMakespan = requires(P& p, EventQueue& q, int n, StreamCosts& c) {
    { p.fastMakespan(q, n, c) } -> std::same_as<double>;
};
template <class P>
concept OffersNoReductionMakespan = requires(P& p, int n, const double* d) {
    { p.noReductionMakespan(n, d) } -> std::same_as<double>;
};
template <class P>
concept OffersUntilTie = requires(P& p, int n, const double* d, double& m) {
    { p.untilTieMakespan(n, d, d, m) } -> std::same_as<bool>;
};
template <class P>
concept OffersNoReductionPair = requires(P& p, int n, const double* d, double& m) {
    { p.noReductionPair(n, d, d, m, m) } -> std::same_as<void>;
};
template <class P>
concept OffersFastPair = requires(P& p, int n, const double* d, double& m) {
    { p.fastPair(n, d, d, d, d, m, m) } -> std::same_as<void>;
};
template <class P>
concept OffersUntilTiePair = requires(P& p, int n, const double* d, double& m, bool& b) {
    { p.untilTiePair(n, d, d, d, d, m, m, b, b) } -> std::same_as<void>;
};

/// Whether an untilTie path is worth trying. Some laws make ties common (constant and
/// Bernoulli costs; with reductions, also gamma of CV >= 2 or so, where now + d == now), and a
/// run that ties is done twice (up to the tie, then by the exact path); so after a window of
/// attempts where more than kMaxTies tied, the next ones go straight to the exact path for a
/// while. Speed only: both paths give the same result.
class TieGuard {
  public:
    bool shouldTry() {
        if (m_skip > 0) {
            --m_skip;
            return false;
        }
        return true;
    }
    void record(bool tied) {
        m_ties += tied ? 1 : 0;
        if (++m_runs == kWindow) {
            m_skip = m_ties > kMaxTies ? 16 * kWindow : 0;
            m_runs = 0;
            m_ties = 0;
        }
    }

  private:
    static constexpr int kWindow = 256;
    static constexpr int kMaxTies = kWindow / 2;
    int m_runs = 0; // attempts in this window
    int m_ties = 0; // and how many of them tied
    int m_skip = 0; // attempts left to skip
};

template <class Policy> class Kernel final : public KernelBase {
    static constexpr SimulationPaths kPaths = Policy::kPaths;
    static_assert(kPaths.fastMakespan == OffersFastMakespan<Policy>,
                  "kPaths.fastMakespan must say whether the policy has "
                  "double fastMakespan(EventQueue&, int, StreamCosts&)");
    static_assert(kPaths.noReductionMakespan == OffersNoReductionMakespan<Policy>,
                  "kPaths.noReductionMakespan must say whether the policy has "
                  "double noReductionMakespan(int, const double*)");
    static_assert(kPaths.untilTie == OffersUntilTie<Policy>,
                  "kPaths.untilTie must say whether the policy has "
                  "bool untilTieMakespan(int, const double*, const double*, double&)");
    static_assert(kPaths.untilTiePair == OffersUntilTiePair<Policy>,
                  "kPaths.untilTiePair must say whether the policy has void untilTiePair(int, "
                  "4 x const double*, double&, double&, bool&, bool&)");
    static_assert(kPaths.noReductionPair == OffersNoReductionPair<Policy>,
                  "kPaths.noReductionPair must say whether the policy has void "
                  "noReductionPair(int, const double*, const double*, double&, double&)");
    static_assert(kPaths.fastPair == OffersFastPair<Policy>,
                  "kPaths.fastPair must say whether the policy has void fastPair(int, "
                  "4 x const double*, double&, double&)");
    static_assert((!kPaths.untilTiePair || kPaths.untilTie) &&
                      (!kPaths.noReductionPair || kPaths.noReductionMakespan) &&
                      (!kPaths.fastPair || kPaths.fastMakespan),
                  "a pair path needs the single one");

  public:
    Kernel(Policy policy, int n, bool nonCommutative, const CostModel& costs)
        : m_policy(std::move(policy)), m_n(n), m_nonCommutative(nonCommutative), m_costs(costs) {
        if (costs.mode != CostMode::FixedMatrix) {
            m_transferLaw = LawSampler(costs.transfer);
            m_reductionLaw = LawSampler(costs.reduction);
        }
        if (costs.mode == CostMode::PerOperation) {
            m_draws = StreamDraws(costs.transfer, costs.reduction, n);
        }
    }

    double makespan(std::uint64_t seed, std::uint64_t replicate) override {
        if (m_costs.mode == CostMode::PerOperation) {
            m_draws.draw(seed, replicate);
            return makespanFromDraws(m_draws);
        }
        NullRecorder rec;
        return run(seed, replicate, rec);
    }

    double makespanFromDraws(const StreamDraws& draws) override {
        if constexpr (kPaths.noReductionMakespan) {
            if (draws.noReductionCost()) {
                return m_policy.noReductionMakespan(m_n, draws.transfer());
            }
        }
        if constexpr (kPaths.untilTie) {
            if (m_tieGuard.shouldTry()) {
                double makespan = 0.0;
                const bool done = m_policy.untilTieMakespan(
                    m_n, draws.transfer(), draws.noReductionCost() ? nullptr : draws.reduction(),
                    makespan);
                m_tieGuard.record(!done);
                if (done) {
                    return makespan;
                }
            }
        }
        return exactMakespan(draws);
    }

    void makespansFromDraws(const StreamDraws& a, const StreamDraws& b, double& ma,
                            double& mb) override {
        // Both replicates have the same laws: the same path applies to both, as in
        // makespanFromDraws.
        if constexpr (kPaths.noReductionPair) {
            if (a.noReductionCost()) {
                m_policy.noReductionPair(m_n, a.transfer(), b.transfer(), ma, mb);
                return;
            }
        }
        if constexpr (kPaths.fastPair && !kPaths.untilTie) {
            m_policy.fastPair(m_n, a.transfer(), a.reduction(), b.transfer(), b.reduction(), ma,
                              mb);
            return;
        }
        if constexpr (kPaths.untilTiePair) {
            const bool noReduction = a.noReductionCost();
            if (!(kPaths.noReductionMakespan && noReduction) && m_tieGuard.shouldTry()) {
                bool doneA = false;
                bool doneB = false;
                m_policy.untilTiePair(m_n, a.transfer(), noReduction ? nullptr : a.reduction(),
                                      b.transfer(), noReduction ? nullptr : b.reduction(), ma, mb,
                                      doneA, doneB);
                m_tieGuard.record(!doneA);
                m_tieGuard.record(!doneB);
                if (!doneA) {
                    ma = exactMakespan(a);
                }
                if (!doneB) {
                    mb = exactMakespan(b);
                }
                return;
            }
        }
        ma = makespanFromDraws(a);
        mb = makespanFromDraws(b);
    }

    /// The generic engine's makespan, even where a fast path exists (to test their agreement).
    double engineMakespan(std::uint64_t seed, std::uint64_t replicate) override {
        NullRecorder rec;
        return run(seed, replicate, rec);
    }

    Schedule schedule(std::uint64_t seed, std::uint64_t replicate) override {
        Schedule s;
        s.n = m_n;
        s.nonCommutative = m_nonCommutative;
        s.parent.assign(static_cast<std::size_t>(m_n), -1);
        s.transfers.reserve(static_cast<std::size_t>(m_n));
        s.reductions.reserve(static_cast<std::size_t>(m_n));
        ScheduleRecorder rec{&s};
        s.makespan = run(seed, replicate, rec);
        for (int p = 0; p < m_n; ++p) {
            if (s.parent[static_cast<std::size_t>(p)] < 0) {
                s.root = p;
            }
        }
        return s;
    }

  private:
    /// The exact path from draws (fastMakespan, else the engine): where untilTie gave up.
    double exactMakespan(const StreamDraws& draws) {
        StreamCosts costs{draws.transfer(), draws.reduction(), 0, 0};
        if constexpr (kPaths.fastMakespan) {
            return m_policy.fastMakespan(m_ws.queue, m_n, costs);
        } else {
            NullRecorder rec;
            return runWith(costs, rec);
        }
    }

    template <class Recorder>
    double run(std::uint64_t seed, std::uint64_t replicate, Recorder& rec) {
        switch (m_costs.mode) {
        case CostMode::PerOperation: {
            m_draws.draw(seed, replicate);
            StreamCosts costs{m_draws.transfer(), m_draws.reduction(), 0, 0};
            return runWith(costs, rec);
        }
        case CostMode::FixedMatrix: {
            MatrixCosts costs{m_costs.fixed.get()};
            return runWith(costs, rec);
        }
        case CostMode::DrawnMatrix: {
            drawMatrix(m_drawn, m_n, m_transferLaw, m_reductionLaw, seed, replicate);
            MatrixCosts costs{&m_drawn};
            return runWith(costs, rec);
        }
        }
        return 0.0;
    }

    template <class Costs, class Recorder> double runWith(Costs& costs, Recorder& rec) {
        Engine<Policy, Costs, Recorder> engine(m_ws, m_n, m_nonCommutative, m_policy, costs, rec);
        return engine.run();
    }

    Policy m_policy;
    int m_n;
    bool m_nonCommutative;
    CostModel m_costs;
    LawSampler m_transferLaw;
    LawSampler m_reductionLaw;
    StreamDraws m_draws; // PerOperation mode
    TieGuard m_tieGuard;
    EngineWorkspace m_ws;
    FixedCosts m_drawn;
};

} // namespace rl
