// The findings of the paper's Fig. 5 and Fig. 6 (docs/model.md §7), reproduced at reduced replicate
// counts on a coarser grid (the CLI and the panels run the full one). Every comparison is made
// against the Monte Carlo error of the cells involved (paired standard errors), never against
// hard-coded values.
#include "experiment/progressive_sweep.h"

#include "../../test_support.h"

#include <cmath>
#include <stdexcept>

using namespace rl;

namespace {

// The grid: CVs 0.01 ... 10 and ratios mu_c/mu_d in exact reciprocal pairs around 1.
const std::vector<double> kCvs{0.01, 0.03, 0.1, 0.2, 0.5, 1.0, 3.0, 10.0};
const std::vector<double> kRatios{0.1, 0.3, 0.5, 1.0, 2.0, 1.0 / 0.3, 10.0};

GridSnapshot run(Figure fig, std::uint64_t replicates) {
    SweepSpec s = SweepSpec::figure(fig);
    s.cvs = kCvs;
    s.ratios = kRatios;
    s.replicates = replicates;
    s.seed = 2013;
    ProgressiveSweep p(s);
    if (!p.runPass(replicates)) {
        throw std::runtime_error("the sweep was cancelled");
    }
    return p.snapshot();
}

std::size_t cvIndex(double cv) {
    return static_cast<std::size_t>(std::find(kCvs.begin(), kCvs.end(), cv) - kCvs.begin());
}
std::size_t ratioIndex(double r) {
    return static_cast<std::size_t>(std::find(kRatios.begin(), kRatios.end(), r) - kRatios.begin());
}

// The two sweeps, run once for every test that reads them.
const GridSnapshot& fig5() {
    static const GridSnapshot grid = run(Figure::Fig5, 400);
    return grid;
}
const GridSnapshot& fig6() {
    static const GridSnapshot grid = run(Figure::Fig6, 400);
    return grid;
}

} // namespace

TEST(PaperFigures, Fig5BandAroundOneAtSmallCv) {
    // Fibonacci-stat beats Tree-dyn (ratio < 1, interval below 1) at mu_c/mu_d = 1 and
    // small CV, but not at 0.1 or 10 (constant-cost crossovers 0.6 and 5/3).
    for (double cv : {0.01, 0.03, 0.1}) {
        const auto& mid = *fig5().cell(cvIndex(cv), ratioIndex(1.0)).ratio01;
        ASSERT_TRUE(mid.high < 1.0) << "cv " << cv << ": " << mid.ratio;
        for (double r : {0.1, 10.0}) {
            const auto& side = *fig5().cell(cvIndex(cv), ratioIndex(r)).ratio01;
            ASSERT_TRUE(side.low > 1.0) << "cv " << cv << " r " << r << ": " << side.ratio;
        }
    }
    // At large CV Tree-dyn wins everywhere: no band left.
    for (double r : kRatios) {
        ASSERT_TRUE(fig5().cell(cvIndex(10.0), ratioIndex(r)).ratio01->low > 1.0);
    }
}

TEST(PaperFigures, Fig5SymmetricInTheRatio) {
    // ratio(r) and ratio(1/r) agree within Monte Carlo error. Both cells use the same seed
    // (common random numbers), which correlates them positively, so sqrt(se1^2 + se2^2)
    // bounds the standard error of the difference from above; 4 of them leave less than
    // a 6e-5 chance per pair of a false alarm.
    int compared = 0;
    for (double cv : kCvs) {
        for (auto [lo, hi] : {std::pair{0.1, 10.0}, {0.3, 1.0 / 0.3}, {0.5, 2.0}}) {
            const auto& a = *fig5().cell(cvIndex(cv), ratioIndex(lo)).ratio01;
            const auto& b = *fig5().cell(cvIndex(cv), ratioIndex(hi)).ratio01;
            const double se = std::hypot(a.stdError, b.stdError);
            ASSERT_TRUE(std::abs(a.ratio - b.ratio) <= 4.0 * se + 1e-9)
                << "cv " << cv << ", r " << lo << ": " << a.ratio << " vs " << b.ratio << " (se "
                << se << ")";
            ++compared;
        }
    }
    ASSERT_EQ(compared, 24);
}

TEST(PaperFigures, Fig5ShapeAtRatioOneTenth) {
    // At mu_c/mu_d = 0.1 the ratio falls until CV ~ 0.2, rises until CV ~ 1, then falls.
    const std::size_t r = ratioIndex(0.1);
    auto at = [&](double cv) { return *fig5().cell(cvIndex(cv), r).ratio01; };
    auto below = [](const RatioEstimate& a, const RatioEstimate& b) {
        return a.ratio + 3.0 * std::hypot(a.stdError, b.stdError) < b.ratio;
    };
    ASSERT_TRUE(below(at(0.2), at(0.01)));
    ASSERT_TRUE(below(at(0.2), at(1.0)));
    ASSERT_TRUE(below(at(10.0), at(1.0)));
}

TEST(PaperFigures, Fig6NonCommutTreeDynBestAtLargeCv) {
    // Algorithms of Fig. 6: 0 Binomial-stat, 1 Fibonacci-stat, 2 Non-Commut-Tree-dyn.
    for (double r : kRatios) {
        for (double cv : {3.0, 10.0}) {
            const BestMethod& b = *fig6().cell(cvIndex(cv), ratioIndex(r)).best;
            ASSERT_TRUE(b.best == 2 && !b.tie) << "cv " << cv << " r " << r;
        }
    }
}

TEST(PaperFigures, Fig6BinomialGivesWayToFibonacciNearOneHalf) {
    // At small CV, Binomial-stat is best below mu_c/mu_d ~ 0.5 and Fibonacci-stat above it
    // (up to ~ 5/3, where Binomial-stat takes over again), each clearly separated.
    for (double cv : {0.01, 0.03, 0.1}) {
        const std::size_t c = cvIndex(cv);
        for (double r : {0.1, 0.3}) {
            const BestMethod& b = *fig6().cell(c, ratioIndex(r)).best;
            ASSERT_TRUE(b.best == 0 && !b.tie) << "cv " << cv << " r " << r;
        }
        for (double r : {1.0}) {
            const BestMethod& b = *fig6().cell(c, ratioIndex(r)).best;
            ASSERT_TRUE(b.best == 1 && !b.tie) << "cv " << cv << " r " << r;
        }
        for (double r : {10.0}) {
            ASSERT_EQ(fig6().cell(c, ratioIndex(r)).best->best, 0);
        }
    }
}
