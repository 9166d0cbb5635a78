// Liu-Wang's clairvoyant baselines (seed 003, docs/model.md §4): EP start times, SNF, the
// exhaustive optimum over EP sender sequences, and the EP/SNF/Optimum algorithms of the registry.
// Every schedule goes through the docs/model.md §5 validator with the fixed costs.
#include "algorithms/ep_optimum.h"
#include "algorithms/ep_schedule.h"
#include "algorithms/simulator.h"
#include "algorithms/snf.h"
#include "base/input_error.h"
#include "platform/fixed_costs.h"
#include "schedule/schedule_validator.h"
#include "theory/lower_bound.h"

#include "../../test_support.h"

#include <algorithm>
#include <cmath>
#include <random>

using namespace rl;
using rl::test::contains;
using rl::test::formatted;

namespace {

std::string joined(const std::vector<std::string>& errors) {
    return rl::test::join(errors, "; ");
}

void checkValid(const std::vector<double>& t, const Schedule& s) {
    const FixedCosts f = FixedCosts::senderOnly(t);
    const auto errors = validateSchedule(s, &f);
    ASSERT_TRUE(errors.empty()) << joined(errors);
}

std::vector<double> fig8(double x) {
    std::vector<double> t(4, x);
    t.insert(t.end(), 8, 1.0);
    return t;
}

// Brute force: the best EP makespan over every sequence of n - 1 senders, any root.
double bruteForceOptimum(const std::vector<double>& t) {
    std::vector<int> all(t.size());
    for (std::size_t i = 0; i < all.size(); ++i) {
        all[i] = static_cast<int>(i);
    }
    double best = 1e300;
    do {
        const std::vector<int> senders(all.begin(), all.end() - 1);
        best = std::min(best, epMakespan(t, senders));
    } while (std::next_permutation(all.begin(), all.end()));
    return best;
}

std::vector<double> randomCluster(std::mt19937& rng, int n, bool ties) {
    std::uniform_real_distribution<double> u(0.5, 4.0);
    std::uniform_int_distribution<int> small(1, 3);
    std::vector<double> t(static_cast<std::size_t>(n));
    for (double& v : t) {
        v = ties ? small(rng) : u(rng);
    }
    return t;
}

} // namespace

// Liu-Wang Fig. 1 / 3 / 5: the cluster 10, 5, 5, 5, 4, 2, 2; SNF takes 11 (docs/model.md §4).
TEST(LiuWang, SnfOnFig1Takes11) {
    const std::vector<double> t{10, 5, 5, 5, 4, 2, 2};
    ASSERT_EQ(snfSenders(t), (std::vector<int>{1, 2, 3, 4, 5, 6}));
    const Schedule s = epSchedule(t, snfSenders(t));
    ASSERT_FUZZY_EQ(s.makespan, 11.0);
    ASSERT_EQ(s.root, 0);
    checkValid(t, s);
    // EP start times: three 5s at 0, then 4 and 2 at 5, the last 2 when the 4 ends at 9.
    std::vector<double> start;
    epMakespan(t, snfSenders(t), &start);
    ASSERT_EQ(start, (std::vector<double>{0, 0, 0, 0, 5, 5, 9}));
}

// Fig. 8: 4 processors of time x, 8 of time 1; SNF takes x + 3 for 1 < x < 2.
struct SnfOnFig8TakesXPlus3Row {
    std::string name;
    double x;
};

std::vector<SnfOnFig8TakesXPlus3Row> snfOnFig8TakesXPlus3Rows() {
    std::vector<SnfOnFig8TakesXPlus3Row> rows;
    for (double x : {1.1, 1.25, 1.5, 1.75, 1.9}) {
        rows.push_back({formatted("x=%1", x), x});
    }
    return rows;
}

class SnfOnFig8TakesXPlus3 : public ::testing::TestWithParam<SnfOnFig8TakesXPlus3Row> {};

TEST_P(SnfOnFig8TakesXPlus3, Row) {
    auto x = GetParam().x;
    const std::vector<double> t = fig8(x);
    const Schedule s = epSchedule(t, snfSenders(t));
    ASSERT_TRUE(std::abs(s.makespan - (x + 3)) < 1e-12) << s.makespan;
    checkValid(t, s);
    // The preset builds the same cluster.
    ASSERT_EQ(senderTimes(FixedCosts::liuWangFig8(x)), t);
}
INSTANTIATE_TEST_SUITE_P(LiuWang, SnfOnFig8TakesXPlus3,
                         ::testing::ValuesIn(snfOnFig8TakesXPlus3Rows()), rl::test::RowName());

// The exact optimum beats SNF on Fig. 8 (Liu-Wang's alternative: 4 for x < 1.5, 2x + 1
// for 1.5 <= x < 2) and equals it on Fig. 1.
TEST(LiuWang, OptimumBelowSnfOnFig8) {
    for (double x : {1.2, 1.4, 1.6, 1.8}) {
        const std::vector<double> t = fig8(x);
        const EpOptimum opt = epOptimum(t);
        const double snf = epMakespan(t, snfSenders(t));
        const double alternative = x < 1.5 ? 4.0 : 2 * x + 1;
        ASSERT_TRUE(opt.makespan < snf - 1e-9)
            << "x " << x << ": optimum " << opt.makespan << ", SNF " << snf;
        ASSERT_TRUE(opt.makespan <= alternative + 1e-12);
        ASSERT_EQ(opt.sequences, std::uint64_t(165)); // C(11, 3)
        const Schedule s = epSchedule(t, opt.senders);
        ASSERT_FUZZY_EQ(s.makespan, opt.makespan);
        checkValid(t, s);
    }
}

TEST(LiuWang, OptimumEqualsSnfOnFig1) {
    const std::vector<double> t{10, 5, 5, 5, 4, 2, 2};
    const EpOptimum opt = epOptimum(t);
    ASSERT_FUZZY_EQ(opt.makespan, 11.0);
    ASSERT_FUZZY_EQ(bruteForceOptimum(t), 11.0);
}

// The search (root = slowest, one sequence per distinct time order) finds the same optimum
// as brute force over every sequence and every root; and Liu-Wang's theorems hold: SNF is
// within 2 of the optimum, and optimal on power-of-2 clusters.
TEST(LiuWang, OptimumMatchesBruteForce) {
    std::mt19937 rng(5);
    for (int trial = 0; trial < 60; ++trial) {
        const int n = 2 + trial % 6;
        const bool ties = trial % 2 == 0;
        const std::vector<double> t = randomCluster(rng, n, ties);
        const EpOptimum opt = epOptimum(t);
        ASSERT_FUZZY_EQ(opt.makespan, bruteForceOptimum(t));
        const double snf = epMakespan(t, snfSenders(t));
        ASSERT_TRUE(snf >= opt.makespan);
        ASSERT_TRUE(snf <= 2 * opt.makespan + 1e-12);
        std::vector<double> pow2(t.size());
        for (std::size_t i = 0; i < t.size(); ++i) {
            pow2[i] = std::exp2(std::ceil(std::log2(t[i])));
        }
        ASSERT_FUZZY_EQ(epMakespan(pow2, snfSenders(pow2)), epOptimum(pow2).makespan);
    }
}

// The destination rule of epSchedule keeps every sender free at its EP start: every
// sequence of small clusters (any root, ties and zero times included) gives a valid
// schedule whose makespan and start times are EP's.
TEST(LiuWang, EveryEpScheduleIsValid) {
    std::mt19937 rng(11);
    for (int trial = 0; trial < 12; ++trial) {
        const int n = 2 + trial % 5;
        std::vector<double> t = randomCluster(rng, n, trial % 3 == 0);
        if (trial % 4 == 1) {
            t[0] = 0.0;
        }
        std::vector<int> all(t.size());
        for (std::size_t i = 0; i < all.size(); ++i) {
            all[i] = static_cast<int>(i);
        }
        do {
            const std::vector<int> senders(all.begin(), all.end() - 1);
            std::vector<double> start;
            const double m = epMakespan(t, senders, &start);
            const Schedule s = epSchedule(t, senders);
            ASSERT_FUZZY_EQ(s.makespan, m);
            ASSERT_EQ(s.root, all.back());
            for (const TransferOp& op : s.transfers) {
                ASSERT_FUZZY_EQ(op.start, start[static_cast<std::size_t>(op.from)]);
            }
            checkValid(t, s);
            if (::testing::Test::HasFailure()) {
                return;
            }
        } while (std::next_permutation(all.begin(), all.end()));
    }
}

TEST(LiuWang, TrivialClusters) {
    ASSERT_FUZZY_EQ(epSchedule({3.0}, {}).makespan, 0.0);
    ASSERT_FUZZY_EQ(epOptimum({3.0}).makespan, 0.0);
    const Schedule two = epSchedule({1.0, 2.0}, snfSenders({1.0, 2.0}));
    ASSERT_FUZZY_EQ(two.makespan, 1.0);
    ASSERT_EQ(two.root, 1);
}

// A clear limit: 12 distinct times need 11! orders; equal times make it small again.
TEST(LiuWang, SearchLimitAndCancel) {
    std::vector<double> t;
    for (int i = 0; i < 12; ++i) {
        t.push_back(1.0 + 0.1 * i);
    }
    ASSERT_EQ(epOptimumSequenceCount(t), std::uint64_t(39916800));
    try {
        epOptimum(t);
        FAIL() << "no limit error";
    } catch (const InputError& e) {
        ASSERT_TRUE(contains(std::string(e.what()), "39916800"));
    }
    t.pop_back();
    ASSERT_EQ(epOptimumSequenceCount(t), std::uint64_t(3628800));
    std::uint64_t calls = 0;
    const EpOptimum partial = epOptimum(t, [&](std::uint64_t done, std::uint64_t total) {
        ++calls;
        return done < total / 10;
    });
    ASSERT_TRUE(partial.cancelled);
    ASSERT_TRUE(partial.sequences < 3628800 / 5);
    ASSERT_TRUE(calls > 0);
    ASSERT_TRUE(std::isfinite(partial.makespan));
}

// The explorer's reference line: the exact optimum on a small Liu-Wang cluster (a lower
// bound only in non-commutative mode); on a homogeneous sender-only platform it agrees with
// the optimal homogeneous makespan.
TEST(LiuWang, ReferenceBound) {
    const CostModel fig8 = CostModel::fixedMatrix(FixedCosts::liuWangFig8(1.25));
    const auto b = rl::referenceBound(fig8, 12, false);
    ASSERT_TRUE(b && b->optimal);
    ASSERT_FUZZY_EQ(b->value, 4.0);
    ASSERT_EQ(b->label, std::string("optimum 4"));
    const auto nc = rl::referenceBound(fig8, 12, true);
    ASSERT_TRUE(nc && !nc->optimal);
    ASSERT_EQ(nc->label, std::string("lower bound 4"));
    for (int n : {2, 5, 8, 13}) {
        const CostModel h = CostModel::fixedMatrix(FixedCosts::homogeneous(n, 1.5, 0.0));
        ASSERT_FUZZY_EQ(rl::referenceBound(h, n, false)->value,
                        homogeneousOptimum(n, 1.5, 0.0).value);
    }
    // Cancelling the search falls back to the homogeneous bound.
    const auto cancelled =
        rl::referenceBound(fig8, 12, false, [](std::uint64_t, std::uint64_t) { return false; });
    ASSERT_TRUE(cancelled && cancelled->value <= 4.0);
}

TEST(LiuWang, RegistryAlgorithms) {
    const CostModel fig1 = CostModel::fixedMatrix(FixedCosts::liuWangFig1());
    Simulator snf(AlgorithmId::Snf, 7, false, fig1);
    ASSERT_FUZZY_EQ(snf.makespan(1, 0), 11.0);
    Simulator opt(AlgorithmId::Optimum, 7, false, fig1);
    ASSERT_FUZZY_EQ(opt.schedule(1, 0).makespan, 11.0);
    ASSERT_EQ(opt.schedule(1, 0).algorithm, std::string("Optimum"));
    Simulator ep(AlgorithmId::Ep, 7, false, fig1);
    const Schedule s = ep.schedule(3, 4);
    checkValid({10, 5, 5, 5, 4, 2, 2}, s);
    ASSERT_FUZZY_EQ(s.makespan, epMakespan({10, 5, 5, 5, 4, 2, 2}, {1, 2, 3, 4, 5, 6}));

    // Not sender-only, random costs, non-commutative: clear input errors.
    ASSERT_THROW(Simulator(AlgorithmId::Snf, 4, false,
                           CostModel::fixedMatrix(FixedCosts::worstCase(4, 1, 2, 0))),
                 InputError);
    ASSERT_THROW(Simulator(AlgorithmId::Ep, 4, false,
                           CostModel::perOperation(Law::exponential(1), Law::constant(0))),
                 InputError);
    ASSERT_THROW(Simulator(AlgorithmId::Snf, 7, true, fig1), InputError);
    FixedCosts withC = FixedCosts::liuWangFig1();
    withC.c[2] = 1.0;
    ASSERT_TRUE(senderOnlyViolation(withC).find("c[2]") != std::string::npos);
    ASSERT_TRUE(senderOnlyViolation(FixedCosts::worstCase(3, 1, 2, 0)).find("d[1]") !=
                std::string::npos);
    ASSERT_TRUE(senderOnlyViolation(FixedCosts::liuWangFig8(1.5)).empty());
    // "all" stays the paper's four.
    ASSERT_EQ(parseAlgorithmList("all", AlgorithmCatalog()).size(), std::size_t(4));
    ASSERT_EQ(parseAlgorithm("snf", AlgorithmCatalog()), AlgorithmId::Snf);
}
