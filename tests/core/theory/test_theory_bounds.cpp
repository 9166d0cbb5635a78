// The analytic side (issue 5): Tree-dyn's Markov chain (RR §5; odd n and exponential
// reductions beyond the report) against >= 10^6-replicate simulations, the optimal homogeneous
// makespan and the lower bounds of docs/model.md §5, invariant 6, and RR §4 Table 1's worst-case
// instances.
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "experiment/monte_carlo.h"
#include "theory/lower_bound.h"
#include "theory/tree_dyn_markov.h"
#include "theory/worst_case_ratios.h"

#include "../../test_support.h"

#include <cmath>
#include <random>

using namespace rl;

namespace {

// Mean and variance of Tree-dyn over `replicates` (fixed seed) with the standard errors of
// both: SE(mean) = s / sqrt(R); SE(s^2) from the sample's 4th central moment,
// Var(s^2) ~ (m4 - s^4 (R-3)/(R-1)) / R.
struct Sampled {
    double mean, seMean, variance, seVariance;
};

Sampled simulate(int n, const Law& transfer, const Law& reduction, std::uint64_t replicates) {
    McConfig c;
    c.algorithms = {AlgorithmId::TreeDyn};
    c.n = n;
    c.costs = CostModel::perOperation(transfer, reduction);
    c.replicates = replicates;
    c.seed = 424242;
    c.keepSamples = true;
    const McSummary s = runMonteCarlo(c).summaries.front();
    double m4 = 0.0;
    for (double x : *s.samples) {
        const double d = x - s.mean;
        m4 += d * d * d * d;
    }
    const double r = static_cast<double>(s.count);
    m4 /= r;
    return {s.mean, s.stdError, s.variance,
            std::sqrt((m4 - s.variance * s.variance * (r - 3) / (r - 1)) / r)};
}

} // namespace

TEST(TheoryBounds, ClosedForm) {
    // RR's numbers for n = 64, mu = 1 (docs/model.md §6).
    const MeanVariance m = treeDynMarkovClosedForm(64, 1.0);
    ASSERT_TRUE(std::abs(m.mean - 8.0857) < 5e-5);
    ASSERT_TRUE(std::abs(m.variance - 3.2274) < 5e-5);
    // Small cases by hand: n = 1 takes 0; n = 2 one Exp(mu); n = 3 two in a row (P2 waits
    // in the slot, P0 sends to it after receiving P1).
    ASSERT_FUZZY_EQ(treeDynMarkovClosedForm(1, 2.0).mean, 0.0);
    ASSERT_FUZZY_EQ(treeDynMarkovClosedForm(2, 2.0).mean, 2.0);
    ASSERT_FUZZY_EQ(treeDynMarkovClosedForm(2, 2.0).variance, 4.0);
    ASSERT_FUZZY_EQ(treeDynMarkovClosedForm(3, 1.0).mean, 2.0);
    ASSERT_FUZZY_EQ(treeDynMarkovClosedForm(3, 1.0).variance, 2.0);
    // The first-step analysis with reductions reduces to it as mu_c -> 0.
    for (int n : {2, 7, 8, 33}) {
        const MeanVariance a = treeDynMarkovClosedForm(n, 1.5);
        const MeanVariance b = treeDynMarkov(n, 1.5, 1e-9);
        ASSERT_TRUE(std::abs(a.mean - b.mean) < 1e-6 && std::abs(a.variance - b.variance) < 1e-6)
            << "n " << n << ": " << a.mean << " vs " << b.mean;
    }
    // n = 2 with reductions: one transfer then one reduction, E = mu_d + mu_c.
    ASSERT_TRUE(std::abs(treeDynMarkov(2, 1.0, 0.5).mean - 1.5) < 1e-12);
    ASSERT_TRUE(std::abs(treeDynMarkov(2, 1.0, 0.5).variance - 1.25) < 1e-12);
    ASSERT_THROW(treeDynMarkov(0, 1.0, 0.0), InputError);
    ASSERT_THROW(treeDynMarkov(8, -1.0, 0.0), InputError);
    ASSERT_THROW(treeDynMarkov(kMaxMarkovProcessors + 1, 1.0, 1.0), InputError);
}

// 10^6 replicates each (fixed seed): a 4-standard-error band is 0.4% of the mean here and
// a false alarm has probability 6e-5 per check. Small n keeps it about 0.3 s per row in
// Release, a few seconds under ASan.
struct ChainMatchesSimulationRow {
    std::string name;
    int n;
    double muD;
    double muC;
};

std::vector<ChainMatchesSimulationRow> chainMatchesSimulationRows() {
    return {
        {"n=8 even, no reduction", 8, 1.0, 0.0},  {"n=7 odd, no reduction", 7, 1.0, 0.0},
        {"n=13 odd, mu 2", 13, 2.0, 0.0},         {"n=6 even, exp reductions", 6, 1.0, 0.5},
        {"n=9 odd, exp reductions", 9, 1.0, 2.0},
    };
}

class ChainMatchesSimulation : public ::testing::TestWithParam<ChainMatchesSimulationRow> {};

TEST_P(ChainMatchesSimulation, Row) {
    auto n = GetParam().n;
    auto muD = GetParam().muD;
    auto muC = GetParam().muC;
    const MeanVariance chain = treeDynMarkov(n, muD, muC);
    const Sampled s = simulate(n, Law::exponential(muD),
                               muC > 0 ? Law::exponential(muC) : Law::constant(0.0), 1000000);
    ASSERT_TRUE(std::abs(s.mean - chain.mean) < 4 * s.seMean)
        << "mean " << s.mean << " vs " << chain.mean << " (SE " << s.seMean << ")";
    ASSERT_TRUE(std::abs(s.variance - chain.variance) < 4 * s.seVariance)
        << "variance " << s.variance << " vs " << chain.variance << " (SE " << s.seVariance << ")";
}
INSTANTIATE_TEST_SUITE_P(TheoryBounds, ChainMatchesSimulation,
                         ::testing::ValuesIn(chainMatchesSimulationRows()), rl::test::RowName());

// The check has power: the even-n formula applied to odd n (the report's chain started in
// the wrong state) is rejected by many standard errors.
TEST(TheoryBounds, WrongStartIsRejected) {
    const Sampled s = simulate(7, Law::exponential(1.0), Law::constant(0.0), 200000);
    const MeanVariance even6 = treeDynMarkovClosedForm(6, 1.0);
    const MeanVariance even8 = treeDynMarkovClosedForm(8, 1.0);
    ASSERT_TRUE(std::abs(s.mean - even6.mean) > 10 * s.seMean);
    ASSERT_TRUE(std::abs(s.mean - even8.mean) > 10 * s.seMean);
}

TEST(TheoryBounds, HomogeneousOptimumKnownCases) {
    // c = d: Fibonacci-stat is optimal, (k + 1) d (docs/model.md §6: n = 8 takes 5).
    ASSERT_FUZZY_EQ(homogeneousOptimum(8, 1.0, 1.0).value, 5.0);
    ASSERT_FUZZY_EQ(homogeneousOptimum(5, 2.0, 2.0).value, 8.0);
    // F(10) = 55 < 64 <= F(11) = 89: order k = 9, (k + 1) d = 10.
    ASSERT_FUZZY_EQ(homogeneousOptimum(64, 1.0, 1.0).value, 10.0);
    // c = 0 or d = 0: Binomial-stat, ceil(log2 n)(c + d).
    ASSERT_FUZZY_EQ(homogeneousOptimum(64, 1.0, 0.0).value, 6.0);
    ASSERT_FUZZY_EQ(homogeneousOptimum(65, 0.0, 2.0).value, 14.0);
    ASSERT_FUZZY_EQ(homogeneousOptimum(1, 1.0, 1.0).value, 0.0);
    ASSERT_FUZZY_EQ(homogeneousOptimum(2, 1.0, 0.5).value, 1.5);
    // n = 3, d = 1, c = 0.5: P1 then P2 send to P0 back to back, d + d + c.
    ASSERT_FUZZY_EQ(homogeneousOptimum(3, 1.0, 0.5).value, 2.5);
    // Very unequal costs: the search gives up and says so, with a valid weaker bound.
    const HomogeneousOptimum far = homogeneousOptimum(1 << 20, 1.0, 1e-4);
    ASSERT_TRUE(far.value >= 20.0 - 1e-9);
    ASSERT_TRUE(far.value <= 20.0 * (1.0 + 1e-4) + 1e-9);
}

// The homogeneous optimum is a lower bound for every algorithm, attained by
// Fibonacci-stat at c = d and by Binomial-stat at c = 0; and with fixed heterogeneous
// costs the bound with (min d, min c) holds for every algorithm too.
TEST(TheoryBounds, BoundsHoldForEveryAlgorithm) {
    std::mt19937 rng(3);
    std::uniform_real_distribution<double> u(0.1, 3.0);
    for (int trial = 0; trial < 40; ++trial) {
        const int n = 2 + trial * 3 % 40;
        const double d = u(rng);
        const double c = trial % 5 == 0 ? 0.0 : u(rng);
        const HomogeneousOptimum opt = homogeneousOptimum(n, d, c);
        ASSERT_TRUE(opt.exact);
        for (const Algorithm& a : algorithms()) {
            Simulator sim(a, n, false, CostModel::perOperation(Law::constant(d), Law::constant(c)));
            ASSERT_TRUE(sim.makespan(1, 0) >= opt.value - 1e-9)
                << a.name().data() << " n " << n << " d " << d << " c " << c << ": "
                << sim.makespan(1, 0) << " < " << opt.value;
        }
        FixedCosts f = FixedCosts::homogeneous(n, d, c);
        for (double& v : f.d) {
            v *= 1.0 + u(rng);
        }
        const auto bound = makespanBound(CostModel::fixedMatrix(f), n);
        ASSERT_TRUE(bound && !bound->optimal);
        for (const Algorithm& a : algorithms()) {
            Simulator sim(a, n, false, CostModel::fixedMatrix(f));
            ASSERT_TRUE(sim.makespan(1, 0) >= bound->value - 1e-9);
        }
    }
    Simulator fib(AlgorithmId::FibonacciStat, 8, false,
                  CostModel::perOperation(Law::constant(1.0), Law::constant(1.0)));
    ASSERT_FUZZY_EQ(fib.makespan(1, 0), homogeneousOptimum(8, 1.0, 1.0).value);
    const auto b =
        makespanBound(CostModel::perOperation(Law::gamma(1.0, 0.0), Law::constant(1.0)), 8);
    ASSERT_TRUE(b && b->optimal);
    ASSERT_FUZZY_EQ(b->value, 5.0);
    ASSERT_TRUE(
        !makespanBound(CostModel::perOperation(Law::exponential(1.0), Law::constant(0.0)), 8));
    ASSERT_FUZZY_EQ(spec56Bound(FixedCosts::worstCase(9, 0.5, 3.0, 0.0)), 2.0);
}

// RR Th. 1: on d[i][j] = d (i < j), D (i > j), c = 0, Binomial-stat and Tree-dyn take
// ceil(log2 n) D against an optimum of ceil(log2 n) d: the ratio is exactly D/d for n = 2^k.
TEST(TheoryBounds, Theorem1ReachedForPowersOfTwo) {
    for (int n : {2, 4, 8, 16, 64}) {
        for (double bigD : {1.0, 2.5, 7.0}) {
            const auto rows = worstCaseRatios(n, 1.0, bigD, 0.25);
            int checked = 0;
            for (const RatioRow& r : rows) {
                if (r.theorem == "Th. 1") {
                    ASSERT_TRUE(r.reached)
                        << "n " << n << " D " << bigD << " " << Algorithm(r.algorithm).name().data()
                        << ": ratio " << r.ratio;
                    ASSERT_FUZZY_EQ(r.ratio, bigD);
                    ++checked;
                }
            }
            ASSERT_EQ(checked, 2);
        }
    }
    // Not a power of two: Tree-dyn escapes the bound (docs/model.md §6).
    for (const RatioRow& r : worstCaseRatios(6, 1.0, 3.0, 0.0)) {
        if (r.theorem == "Th. 1" && r.algorithm == AlgorithmId::TreeDyn) {
            ASSERT_TRUE(!r.reached);
            ASSERT_TRUE(r.ratio < 3.0);
        }
    }
}

// The theorems are upper bounds: no measured ratio exceeds its bound.
TEST(TheoryBounds, NoRatioExceedsItsBound) {
    for (int n : {2, 3, 5, 8, 12, 16, 31, 64}) {
        for (double bigD : {1.0, 1.7, 4.0}) {
            for (double c : {0.0, 0.4, 1.0, 3.0}) {
                for (const RatioRow& r : worstCaseRatios(n, 1.0, bigD, c)) {
                    ASSERT_TRUE(r.optimum >= r.lowerBound - 1e-12);
                    if (std::isfinite(r.bound)) {
                        ASSERT_TRUE(r.ratio <= r.bound + 1e-9)
                            << r.theorem.c_str() << " n " << n << " D " << bigD << " c " << r.c
                            << ": " << r.ratio << " > " << r.bound;
                    }
                }
            }
        }
    }
    ASSERT_THROW(worstCaseRatios(1, 1.0, 2.0, 0.0), InputError);
    ASSERT_THROW(worstCaseRatios(8, 2.0, 1.0, 0.0), InputError);
    ASSERT_TRUE(ratiosCsv(worstCaseRatios(4, 1, 2, 0)).starts_with("theorem,case,algorithm"));
}
