#pragma once

#include <cstdint>
#include <functional>
#include <optional>

namespace rl {

struct CostModel;

/// Mean and variance of a makespan.
struct MeanVariance {
    double mean = 0.0;
    double variance = 0.0;
};

/// Largest n treeDynMarkov() accepts with reductions (its chain has about n^2/4 states).
constexpr int kMaxMarkovProcessors = 4096;

/// Throws the InputError treeDynMarkov() gives for means it does not take: a transfer mean
/// that is not finite and > 0, a reduction mean that is not finite and >= 0 (0: none), or
/// magnitudes outside base/limits.h.
void checkMarkovMeans(double transferMean, double reductionMean);

/// RR §5 closed form for Tree-dyn with exponential transfers of mean `transferMean` and no
/// reduction cost, for every n >= 1 (docs/model.md §6). State s(i, j): i transfers running, j = 1
/// when a processor waits in the slot; each state lasts Exp(i / mu).
///  - n even: the chain starts in s(n/2, 0) and visits s(i, 0) for i = n/2 .. 1 and s(i, 1)
///    for i = n/2 - 1 .. 1: E = (2 H(n/2 - 1) + 2/n) mu, Var = (2 sum 1/i^2 + 4/n^2) mu^2.
///  - n odd, m = (n - 1)/2: under docs/model.md §3 the processors become available in index order
///  at
///    time 0, so P0 enters the slot, P1 sends to it, ..., and P(n-1) is left in the slot: the
///    chain starts in s(m, 1). From s(i, 1) the first transfer to end makes its receiver idle,
///    it finds the slot full and sends: s(i, 0); from s(i, 0) the next receiver enters the
///    slot: s(i - 1, 1). The path s(m,1), s(m,0), ..., s(1,1), s(1,0), s(0,1) visits each
///    s(i, j), i = 1..m, once: E = 2 H(m) mu and Var = 2 sum_{i=1}^{m} 1/i^2 mu^2.
/// Throws InputError for n < 1 or a mean that is not finite and > 0.
MeanVariance treeDynMarkovClosedForm(int n, double transferMean);

/// First-step analysis with exponential transfers (mean `transferMean`) AND exponential
/// reductions (mean `reductionMean`; 0 gives the closed form above). States (a, b, s): a
/// transfers running, b reductions running, s = 1 when a processor waits in the slot. The end
/// of a transfer moves it to the reductions (a-1, b+1, s) at rate a/mu_d; the end of a
/// reduction makes its processor idle: it enters the empty slot (a, b-1, 1) or sends to the
/// waiting one (a+1, b-1, 0), at rate b/mu_c. Every transition ends one operation, so the
/// chain is acyclic and solved exactly by recursion from the absorbing state (0, 0, 1):
/// E[T] = 1/r + sum p E[T'], E[T^2] = 2/r^2 + (2/r) sum p E[T'] + sum p E[T'^2].
/// Initial state: (n/2, 0, 0) for n even, ((n-1)/2, 0, 1) for n odd (see above).
/// Throws InputError for n outside [1, kMaxMarkovProcessors] or bad means.
MeanVariance treeDynMarkov(int n, double transferMean, double reductionMean);

/// The chain for Tree-dyn on `n` processors under `costs` when it applies: per-operation costs,
/// exponential transfers (exp, or gamma of CV 1), no reduction cost or exponential reductions
/// (then n <= kMaxMarkovProcessors); nullopt otherwise. For the explorer's statistics.
std::optional<MeanVariance> treeDynMarkovFor(const CostModel& costs, int n);

/// The chain against a Monte Carlo run of the simulator (Tree-dyn, same laws).
struct MarkovCheck {
    int n = 0;
    MeanVariance chain;
    double simMean = 0.0;
    double simStdError = 0.0;
    double simVariance = 0.0;
    std::uint64_t replicates = 0; ///< done (fewer when cancelled)
    /// (simMean - chain.mean) / simStdError: |z| < 4 is agreement within 4 standard errors.
    double z() const { return simStdError > 0 ? (simMean - chain.mean) / simStdError : 0.0; }
};

/// treeDynMarkov() beside `replicates` simulated runs (per-operation exponential costs, seed
/// `seed`, on `threads` threads; 0 replicates: the chain only). `progress(done, total)` as for
/// runMonteCarlo; false cancels.
MarkovCheck checkMarkov(int n, double transferMean, double reductionMean, std::uint64_t replicates,
                        std::uint64_t seed, int threads = 0,
                        const std::function<bool(std::uint64_t, std::uint64_t)>& progress = {});

} // namespace rl
