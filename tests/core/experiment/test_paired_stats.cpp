// Paired statistics behind the ratio and best-method maps: the delta-method ratio interval
// (value on known data, coverage by simulation), the best method with margin and ties, and the
// replicate nearest the median used for drill-down.
#include "base/input_error.h"
#include "experiment/paired_stats.h"

#include <boost/random/gamma_distribution.hpp>
#include <boost/random/mersenne_twister.hpp>
#include <boost/random/normal_distribution.hpp>

#include "../../test_support.h"

#include <cmath>

using namespace rl;

TEST(PairedStats, RatioOnKnownData) {
    const std::vector<double> a{2.0, 4.0, 6.0};
    const std::vector<double> b{1.0, 2.0, 3.0};
    const RatioEstimate e = pairedRatio(a, b);
    ASSERT_FUZZY_EQ(e.ratio, 2.0);
    // a = 2 b exactly: Var a - 2R Cov + R^2 Var b = 4 - 8 + 4 (times Var b) = 0.
    ASSERT_TRUE(e.stdError < 1e-12);
    ASSERT_TRUE(e.contains(2.0));
    ASSERT_TRUE(!e.contains(1.0));
    // Hand-computed case: a = {1, 3}, b = {2, 2}: R = 1, Var a = 2, Var b = 0, Cov = 0;
    // Var R = 2 / (2 * 4) = 0.25.
    const RatioEstimate f = pairedRatio(std::vector<double>{1.0, 3.0}, {2.0, 2.0});
    ASSERT_FUZZY_EQ(f.ratio, 1.0);
    ASSERT_TRUE(std::abs(f.stdError - 0.5) < 1e-15);
    ASSERT_TRUE(std::abs(f.high - (1.0 + 1.959963984540054 * 0.5)) < 1e-12);
}

TEST(PairedStats, RatioCoverageBySimulation) {
    // Correlated positive pairs, as with common random numbers: b ~ gamma(shape 4, scale
    // 0.5) (mean 2), a = 0.8 b + 0.3 e with e ~ gamma(shape 2, scale 0.5) (mean 1), so
    // the true ratio of means is (1.6 + 0.3) / 2 = 0.95. With 2000 experiments the
    // empirical coverage of a 95% interval has a standard deviation of
    // sqrt(0.95 * 0.05 / 2000) = 0.0049; we accept 0.95 +- 0.02 (4 sd, plus the small
    // O(1/n) bias of the delta method at n = 200).
    boost::random::mt19937_64 rng(20260423);
    boost::random::gamma_distribution<double> gb(4.0, 0.5);
    boost::random::gamma_distribution<double> ge(2.0, 0.5);
    const double truth = 0.95;
    const int experiments = 2000;
    const std::size_t n = 200;
    int covered = 0;
    double meanWidth = 0.0;
    std::vector<double> a(n);
    std::vector<double> b(n);
    for (int k = 0; k < experiments; ++k) {
        for (std::size_t r = 0; r < n; ++r) {
            b[r] = gb(rng);
            a[r] = 0.8 * b[r] + 0.3 * ge(rng);
        }
        const RatioEstimate e = pairedRatio(a, b);
        covered += e.contains(truth) ? 1 : 0;
        meanWidth += (e.high - e.low) / experiments;
    }
    const double coverage = static_cast<double>(covered) / experiments;
    ASSERT_TRUE(std::abs(coverage - 0.95) < 0.02) << coverage;
    // The pairing pays: Var a = 0.685, Var b = 1, Cov = 0.8, so the width is about
    // 2 * 1.96 * sqrt((0.685 - 2 * 0.95 * 0.8 + 0.9025) / (200 * 4)) = 0.036, while an
    // interval that ignored the covariance would be 0.175 wide.
    ASSERT_TRUE(meanWidth < 0.045 && meanWidth > 0.03) << meanWidth;
}

TEST(PairedStats, RatioBadInput) {
    ASSERT_THROW(pairedRatio(std::vector<double>{1.0}, {1.0}), InputError);
    ASSERT_THROW(pairedRatio(std::vector<double>{1.0, 2.0}, {1.0}), InputError);
    ASSERT_THROW(pairedRatio(std::vector<double>{1.0, 2.0}, {0.0, 0.0}), InputError);
    ASSERT_THROW(normalQuantileTwoSided(1.0), InputError);
}

TEST(PairedStats, BestMethodMarginAndTies) {
    const std::vector<double> slow{5.0, 6.0, 7.0, 8.0};
    const std::vector<double> fast{1.0, 2.0, 3.0, 4.0};
    const std::vector<double> almost{1.1, 1.9, 3.1, 4.0};
    BestMethod m = bestMethod({slow.data(), fast.data()}, 4);
    ASSERT_EQ(m.best, 1);
    ASSERT_EQ(m.runnerUp, 0);
    ASSERT_FUZZY_EQ(m.margin, 4.0);
    ASSERT_FUZZY_EQ(m.relativeMargin, 4.0 / 2.5);
    ASSERT_FUZZY_EQ(m.diffStdError, 0.0); // a constant difference
    ASSERT_TRUE(!m.tie);
    // fast vs almost: means 2.5 and 2.525, differences {.1, -.1, .1, 0}: sd 0.0957, se
    // 0.0479 > margin 0.025: a tie.
    m = bestMethod({slow.data(), almost.data(), fast.data()}, 4);
    ASSERT_EQ(m.best, 2);
    ASSERT_EQ(m.runnerUp, 1);
    ASSERT_TRUE(std::abs(m.margin - 0.025) < 1e-12);
    ASSERT_TRUE(m.tie);
    // Identical samples: a tie, the lower index wins.
    m = bestMethod({fast.data(), fast.data()}, 4);
    ASSERT_EQ(m.best, 0);
    ASSERT_TRUE(m.tie);
    // One candidate: no runner-up.
    m = bestMethod({fast.data()}, 4);
    ASSERT_EQ(m.best, 0);
    ASSERT_EQ(m.runnerUp, -1);
    ASSERT_THROW(bestMethod({}, 4), InputError);
    ASSERT_THROW(bestMethod({fast.data()}, 1), InputError);
}

TEST(PairedStats, NearestToTheMedian) {
    const std::vector<double> v{9.0, 1.0, 4.2, 3.0, 100.0};
    ASSERT_EQ(nearestToMedian(v.data(), v.size()), std::size_t(2)); // median 4.2
    const std::vector<double> even{1.0, 2.0, 4.0, 10.0};            // median 3: 2 and 4 tie
    ASSERT_EQ(nearestToMedian(even.data(), even.size()), std::size_t(1));
    ASSERT_THROW(nearestToMedian(v.data(), 0), InputError);
}
