#pragma once

#include "engine/event_queue.h"
#include "engine/kernel.h"
#include "fastpath/simulation_paths.h"

#include <concepts>
#include <memory>

namespace rl {

/// A makespan-only kernel beside the generic engine, for Monte Carlo (docs/engine.md, "Fast
/// paths"). The contract of this layer: from one replicate's per-operation draws, a fast path
/// returns the makespan that the generic engine (engine/engine.h) computes for the same
/// algorithm on the same draws, to the bit, ties included; or it declines, and the engine
/// runs. test_algorithms (fastPathsEqualEngine, leanPathsRunAndAgree), test_random_scenarios
/// and test_monte_carlo check it for every algorithm of the registry that has one. Optional:
/// an algorithm without one runs everywhere at the engine's speed. Holds reusable buffers: one
/// per thread (the Simulator that owns it).
class FastPath {
  public:
    virtual ~FastPath() = default;
    /// The makespan of the replicate whose draws are `draws`; false: declined (`makespan` is
    /// then meaningless).
    virtual bool makespan(const StreamDraws& draws, double& makespan) = 0;
    /// makespan() of two replicates, in `a` and `b`'s order (faster where the kernel
    /// interleaves two runs: a lone run's steps wait on each other); `doneA` and `doneB` say
    /// whether each was computed or declined.
    virtual void makespans(const StreamDraws& a, const StreamDraws& b, double& ma, double& mb,
                           bool& doneA, bool& doneB) {
        doneA = makespan(a, ma);
        doneB = makespan(b, mb);
    }
};

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

/// The fast path of an algorithm's lanes: a class that declares the makespan-only paths it
/// offers (`static constexpr SimulationPaths kPaths`, checked against its methods by the build
/// both ways, so that a misspelt path is a compile error, not a silent fallback) and
/// implements them. Tries them in this order: the no-reduction path when every reduction
/// costs 0, the path that stops at the first tie (TieGuard), then the exact one
/// (fastMakespan), else declines.
template <class Lanes> class LaneFastPath final : public FastPath {
    static constexpr SimulationPaths kPaths = Lanes::kPaths;
    static_assert(kPaths.fastMakespan == OffersFastMakespan<Lanes>,
                  "kPaths.fastMakespan must say whether the lanes have "
                  "double fastMakespan(EventQueue&, int, StreamCosts&)");
    static_assert(kPaths.noReductionMakespan == OffersNoReductionMakespan<Lanes>,
                  "kPaths.noReductionMakespan must say whether the lanes have "
                  "double noReductionMakespan(int, const double*)");
    static_assert(kPaths.untilTie == OffersUntilTie<Lanes>,
                  "kPaths.untilTie must say whether the lanes have "
                  "bool untilTieMakespan(int, const double*, const double*, double&)");
    static_assert(kPaths.untilTiePair == OffersUntilTiePair<Lanes>,
                  "kPaths.untilTiePair must say whether the lanes have void untilTiePair(int, "
                  "4 x const double*, double&, double&, bool&, bool&)");
    static_assert(kPaths.noReductionPair == OffersNoReductionPair<Lanes>,
                  "kPaths.noReductionPair must say whether the lanes have void "
                  "noReductionPair(int, const double*, const double*, double&, double&)");
    static_assert(kPaths.fastPair == OffersFastPair<Lanes>,
                  "kPaths.fastPair must say whether the lanes have void fastPair(int, "
                  "4 x const double*, double&, double&)");
    static_assert((!kPaths.untilTiePair || kPaths.untilTie) &&
                      (!kPaths.noReductionPair || kPaths.noReductionMakespan) &&
                      (!kPaths.fastPair || kPaths.fastMakespan),
                  "a pair path needs the single one");

  public:
    LaneFastPath(Lanes lanes, int n) : m_lanes(std::move(lanes)), m_n(n) {}

    bool makespan(const StreamDraws& draws, double& makespan) override {
        if constexpr (kPaths.noReductionMakespan) {
            if (draws.noReductionCost()) {
                makespan = m_lanes.noReductionMakespan(m_n, draws.transfer());
                return true;
            }
        }
        if constexpr (kPaths.untilTie) {
            if (m_tieGuard.shouldTry()) {
                const bool done = m_lanes.untilTieMakespan(
                    m_n, draws.transfer(), draws.noReductionCost() ? nullptr : draws.reduction(),
                    makespan);
                m_tieGuard.record(!done);
                if (done) {
                    return true;
                }
            }
        }
        return exactMakespan(draws, makespan);
    }

    void makespans(const StreamDraws& a, const StreamDraws& b, double& ma, double& mb, bool& doneA,
                   bool& doneB) override {
        // Both replicates have the same laws: the same path applies to both, as in makespan().
        if constexpr (kPaths.noReductionPair) {
            if (a.noReductionCost()) {
                m_lanes.noReductionPair(m_n, a.transfer(), b.transfer(), ma, mb);
                doneA = doneB = true;
                return;
            }
        }
        if constexpr (kPaths.fastPair && !kPaths.untilTie) {
            m_lanes.fastPair(m_n, a.transfer(), a.reduction(), b.transfer(), b.reduction(), ma, mb);
            doneA = doneB = true;
            return;
        }
        if constexpr (kPaths.untilTiePair) {
            const bool noReduction = a.noReductionCost();
            if (!(kPaths.noReductionMakespan && noReduction) && m_tieGuard.shouldTry()) {
                m_lanes.untilTiePair(m_n, a.transfer(), noReduction ? nullptr : a.reduction(),
                                     b.transfer(), noReduction ? nullptr : b.reduction(), ma, mb,
                                     doneA, doneB);
                m_tieGuard.record(!doneA);
                m_tieGuard.record(!doneB);
                if (!doneA) {
                    doneA = exactMakespan(a, ma);
                }
                if (!doneB) {
                    doneB = exactMakespan(b, mb);
                }
                return;
            }
        }
        doneA = makespan(a, ma);
        doneB = makespan(b, mb);
    }

  private:
    /// The exact path from draws (fastMakespan), where untilTie gave up; without one, declines.
    bool exactMakespan(const StreamDraws& draws, double& makespan) {
        if constexpr (kPaths.fastMakespan) {
            StreamCosts costs{draws.transfer(), draws.reduction(), 0, 0};
            makespan = m_lanes.fastMakespan(m_queue, m_n, costs);
            return true;
        } else {
            return false;
        }
    }

    Lanes m_lanes;
    int m_n;
    TieGuard m_tieGuard;
    EventQueue m_queue; // fastMakespan's
};

} // namespace rl
