// The four algorithms against docs/model.md §4-§6: closed forms with constant costs, the invariants
// of docs/model.md §5 on many random runs, and the plans of the two static algorithms.
#include "algorithms/binomial_stat.h"
#include "algorithms/fibonacci_stat.h"
#include "algorithms/non_commut_tree_dyn.h"
#include "algorithms/simulator.h"
#include "algorithms/static_policy.h"
#include "base/input_error.h"
#include "engine/kernel.h"
#include "fastpath/non_commut_tree_dyn_lanes.h"
#include "fastpath/static_plan_lanes.h"
#include "fastpath/wide_runs.h"
#include "schedule/schedule_validator.h"

#include "../../test_support.h"

#include <cmath>
#include <random>

using namespace rl;
using rl::test::contains;
using rl::test::formatted;

namespace {

int ceilLog2(int n) {
    int k = 0;
    while ((1LL << k) < n) {
        ++k;
    }
    return k;
}

std::string joined(const std::vector<std::string>& errors) {
    return rl::test::join(errors, "; ");
}

Schedule constantRun(const Algorithm& a, int n, double d, double c, bool nc = false) {
    Simulator sim(a, n, nc, CostModel::perOperation(Law::constant(d), Law::constant(c)));
    return sim.schedule(1, 0);
}

} // namespace

struct ClosedFormsWithConstantCostsRow {
    std::string name;
    double d;
    double c;
};

std::vector<ClosedFormsWithConstantCostsRow> closedFormsWithConstantCostsRows() {
    return {
        {"c=d=1", 1.0, 1.0},     {"d=1,c=0", 1.0, 0.0},   {"d=0,c=1", 0.0, 1.0},
        {"d=1,c=0.3", 1.0, 0.3}, {"d=0.5,c=2", 0.5, 2.0}, {"d=0,c=0", 0.0, 0.0},
    };
}

class ClosedFormsWithConstantCosts
    : public ::testing::TestWithParam<ClosedFormsWithConstantCostsRow> {};

// docs/model.md §6: Binomial-stat, Tree-dyn and Non-Commut-Tree-dyn take ceil(log2 n)(c + d);
// Fibonacci-stat of order k takes d + (k-1) max(d, c) + c (n >= 2), for n = 1..300.
TEST_P(ClosedFormsWithConstantCosts, Row) {
    auto d = GetParam().d;
    auto c = GetParam().c;
    for (int n = 1; n <= 300; ++n) {
        const double log2Rounds = ceilLog2(n) * (c + d);
        for (AlgorithmId a :
             {AlgorithmId::BinomialStat, AlgorithmId::TreeDyn, AlgorithmId::NonCommutTreeDyn}) {
            const Schedule s = constantRun(a, n, d, c);
            ASSERT_TRUE(std::abs(s.makespan - log2Rounds) < 1e-9)
                << s.algorithm << " n=" << n << ": " << s.makespan << " instead of " << log2Rounds;
        }
        const int k = fibonacciOrder(n);
        const double fib = n == 1 ? 0.0 : d + (k - 1) * std::max(d, c) + c;
        const Schedule f = constantRun(AlgorithmId::FibonacciStat, n, d, c);
        ASSERT_TRUE(std::abs(f.makespan - fib) < 1e-9)
            << "Fibonacci-stat n=" << n << " k=" << k << ": " << f.makespan << " instead of "
            << fib;
    }
}
INSTANTIATE_TEST_SUITE_P(Algorithms, ClosedFormsWithConstantCosts,
                         ::testing::ValuesIn(closedFormsWithConstantCostsRows()),
                         rl::test::RowName());

TEST(Algorithms, FibonacciEightProcessorsTakesFive) {
    ASSERT_EQ(fibonacciOrder(8), 4);
    ASSERT_FUZZY_EQ(constantRun(AlgorithmId::FibonacciStat, 8, 1, 1).makespan, 5.0);
}

TEST(Algorithms, FibonacciPlanMatchesSpecExample) {
    const StaticPlan p = fibonacciStatPlan(8);
    auto receptions = [&](int r) {
        std::vector<int> v;
        for (int j = 0; j < p.receptionCount(r); ++j) {
            v.push_back(p.source(r, j));
        }
        return v;
    };
    ASSERT_EQ(receptions(0), (std::vector<int>{1, 2, 3, 5}));
    ASSERT_EQ(receptions(3), (std::vector<int>{4}));
    ASSERT_EQ(receptions(5), (std::vector<int>{6, 7}));
    ASSERT_EQ(p.lag, 1);
}

TEST(Algorithms, BinomialPlanRounds) {
    const StaticPlan p = binomialStatPlan(8);
    ASSERT_EQ(p.receptionCount(0), 3);
    ASSERT_EQ(p.source(0, 0), 1);
    ASSERT_EQ(p.source(0, 1), 2);
    ASSERT_EQ(p.source(0, 2), 4);
    ASSERT_EQ(p.source(4, 0), 5);
    ASSERT_EQ(p.source(4, 1), 6);
    ASSERT_EQ(p.parent[7], 6);
    ASSERT_EQ(p.lag, 0);
    // n = 6: senders >= n are skipped (4 receives 5 only).
    const StaticPlan q = binomialStatPlan(6);
    ASSERT_EQ(q.receptionCount(4), 1);
    ASSERT_EQ(q.receptionCount(0), 3);
}

// docs/model.md §6: for n = 8 with constant costs Binomial-stat, Tree-dyn and
// Non-Commut-Tree-dyn build the same schedule.
TEST(Algorithms, EightProcessorsSameSchedule) {
    const Schedule b = constantRun(AlgorithmId::BinomialStat, 8, 1, 1);
    for (AlgorithmId a : {AlgorithmId::TreeDyn, AlgorithmId::NonCommutTreeDyn}) {
        const Schedule s = constantRun(a, 8, 1, 1);
        ASSERT_EQ(s.transfers.size(), b.transfers.size());
        for (std::size_t k = 0; k < s.transfers.size(); ++k) {
            ASSERT_EQ(s.transfers[k].from, b.transfers[k].from);
            ASSERT_EQ(s.transfers[k].to, b.transfers[k].to);
            ASSERT_FUZZY_EQ(s.transfers[k].start, b.transfers[k].start);
            ASSERT_FUZZY_EQ(s.transfers[k].end, b.transfers[k].end);
        }
        ASSERT_EQ(s.parent, b.parent);
        ASSERT_FUZZY_EQ(s.makespan, b.makespan);
    }
}

struct InvariantsOnRandomRunsRow {
    std::string name;
    std::string comm;
    std::string comp;
};

std::vector<InvariantsOnRandomRunsRow> invariantsOnRandomRunsRows() {
    return {
        {"gamma cv 0.5, comp gamma", "gamma:1:0.5", "gamma:0.7:0.5"},
        {"exp, no comp", "exp:1", "const:0"},
        {"gamma cv 3", "gamma:1:3", "gamma:1:3"},
        {"bernoulli (many zero costs)", "bernoulli:1:2", "bernoulli:1:1"},
        {"uniform", "uniform:1:0.5", "uniform:2:0.2"},
        {"constant", "const:1", "const:1"},
    };
}

class InvariantsOnRandomRuns : public ::testing::TestWithParam<InvariantsOnRandomRunsRow> {};

// docs/model.md §5: every algorithm x {commutative, non-commutative} x seeds x n = 1..300.
TEST_P(InvariantsOnRandomRuns, Row) {
    auto comm = GetParam().comm;
    auto comp = GetParam().comp;
    const CostModel costs = CostModel::perOperation(parseLaw(comm), parseLaw(comp));
    int checked = 0;
    for (int n = 1; n <= 300; n += (n < 40 ? 1 : 13)) {
        for (const Algorithm& info : algorithms()) {
            for (bool nc : {false, true}) {
                if (nc && !info.validNonCommutative()) {
                    continue;
                }
                Simulator sim(info, n, nc, costs);
                for (std::uint64_t rep = 0; rep < 3; ++rep) {
                    const Schedule s = sim.schedule(42, rep);
                    const auto errors = validateSchedule(s);
                    ASSERT_TRUE(errors.empty()) << s.algorithm << " n=" << n << " nc=" << nc
                                                << " rep=" << rep << ": " << joined(errors);
                    // The makespan-only path runs the same engine: identical result.
                    ASSERT_FUZZY_EQ(sim.makespan(42, rep), s.makespan);
                    ++checked;
                }
            }
        }
    }
    ASSERT_TRUE(checked > 1000);
}
INSTANTIATE_TEST_SUITE_P(Algorithms, InvariantsOnRandomRuns,
                         ::testing::ValuesIn(invariantsOnRandomRunsRows()), rl::test::RowName());

// The validator is not vacuous: corrupt valid schedules and watch it object.
TEST(Algorithms, ValidatorCatchesViolations) {
    Simulator sim(AlgorithmId::NonCommutTreeDyn, 16, true,
                  CostModel::perOperation(Law::gamma(1, 0.5), Law::gamma(1, 0.5)));
    const Schedule good = sim.schedule(7, 0);
    ASSERT_TRUE(validateSchedule(good).empty());

    Schedule s = good;
    s.transfers.pop_back();
    ASSERT_TRUE(!validateSchedule(s).empty());

    s = good; // a sender that sends before its reception ends
    for (TransferOp& t : s.transfers) {
        if (t.to != s.root) {
            for (TransferOp& u : s.transfers) {
                if (u.from == t.to) {
                    u.start = t.end - 1e-3;
                }
            }
            break;
        }
    }
    ASSERT_TRUE(!validateSchedule(s).empty());

    s = good; // a reduction before its transfer ends
    s.reductions[0].start =
        s.transfers[static_cast<std::size_t>(s.reductions[0].transfer)].end - 0.5;
    ASSERT_TRUE(!validateSchedule(s).empty());

    s = good; // a wrong makespan
    s.makespan += 1.0;
    ASSERT_TRUE(!validateSchedule(s).empty());

    // Tree-dyn pairs arbitrary processors: read as non-commutative it must fail for some seed.
    Simulator td(AlgorithmId::TreeDyn, 16, false,
                 CostModel::perOperation(Law::gamma(1, 1), Law::constant(0)));
    bool caught = false;
    for (std::uint64_t rep = 0; rep < 20 && !caught; ++rep) {
        Schedule t = td.schedule(3, rep);
        t.nonCommutative = true;
        caught = !validateSchedule(t).empty();
    }
    ASSERT_TRUE(caught);
}

TEST(Algorithms, TreeDynRefusedInNonCommutativeMode) {
    const CostModel costs = CostModel::perOperation(Law::constant(1), Law::constant(1));
    try {
        Simulator sim(AlgorithmId::TreeDyn, 8, true, costs);
        FAIL() << "Tree-dyn accepted a non-commutative operation";
    } catch (const InputError& e) {
        ASSERT_TRUE(contains(std::string(e.what()), "commutative"));
    }
}

TEST(Algorithms, InvalidProcessorCountsAreRefused) {
    const CostModel costs = CostModel::perOperation(Law::constant(1), Law::constant(1));
    ASSERT_THROW(Simulator(AlgorithmId::BinomialStat, 0, false, costs), InputError);
    ASSERT_THROW(Simulator(AlgorithmId::BinomialStat, -3, false, costs), InputError);
}

TEST(Algorithms, SingleProcessorHasMakespanZero) {
    for (const Algorithm& info : algorithms()) {
        const Schedule s = constantRun(info, 1, 1, 1);
        ASSERT_FUZZY_EQ(s.makespan, 0.0);
        ASSERT_EQ(s.root, 0);
        ASSERT_TRUE(s.transfers.empty());
    }
}

// Common random numbers: with n = 2 every algorithm does one transfer and one reduction,
// which take the first draw of each stream, so all makespans agree.
TEST(Algorithms, CommonRandomNumbersAcrossAlgorithms) {
    const CostModel costs = CostModel::perOperation(Law::gamma(1, 0.8), Law::gamma(0.5, 0.8));
    for (std::uint64_t rep = 0; rep < 50; ++rep) {
        const double ref = Simulator(AlgorithmId::BinomialStat, 2, false, costs).makespan(9, rep);
        ASSERT_TRUE(ref > 0.0);
        for (const Algorithm& info : algorithms()) {
            ASSERT_FUZZY_EQ(Simulator(info, 2, false, costs).makespan(9, rep), ref);
        }
    }
}

// Every makespan-only fast path must agree with the generic engine to the bit, including
// when many operations cost 0 and events tie (constant, Bernoulli, gamma CV 10) and on
// both sides of every size switch.
struct FastPathsEqualEngineRow {
    std::string name;
    std::string comm;
    std::string comp;
};

std::vector<FastPathsEqualEngineRow> fastPathsEqualEngineRows() {
    return {
        {"exp, no comp", "exp:1", "const:0"},
        {"gamma cv 0.1", "gamma:1:0.1", "const:0"},
        {"gamma cv 3", "gamma:1:3", "const:0"},
        {"gamma both", "gamma:1:2", "gamma:0.5:2"},
        {"slow reductions", "gamma:1:0.5", "gamma:3:0.5"},
        {"bernoulli ties", "bernoulli:1:2", "bernoulli:1:1"},
        {"bernoulli, no comp", "bernoulli:1:3", "const:0"},
        // Gamma CV 10 (shape 0.01): most transfers cost (or underflow to) 0, so many times tie.
        {"gamma cv 10, no comp", "gamma:1:10", "const:0"},
        {"gamma cv 10 both", "gamma:1:10", "gamma:1:10"},
        {"constant ties, no comp", "const:1", "const:0"},
        {"bernoulli comp only", "const:1", "bernoulli:1:2"},
        {"constant", "const:1", "const:0.5"},
        {"constant ties", "const:1", "const:1"},
        {"zero transfers", "const:0", "gamma:1:1"},
        {"all zero", "const:0", "const:0"},
    };
}

class FastPathsEqualEngine : public ::testing::TestWithParam<FastPathsEqualEngineRow> {};

// Every algorithm's Monte Carlo fast path (fastpath/fast_path.h, through
// Simulator::makespan) against the generic engine, in both modes, with the sorted-array
// queue (n <= 512) and the heap (n > 512); and the paths that run two replicates at once
// (Simulator::makespansFromDraws, what Monte Carlo calls), each of the two against the
// engine. The contract of the fast paths: the engine's makespan to the bit, or decline.
TEST_P(FastPathsEqualEngine, Row) {
    auto comm = GetParam().comm;
    auto comp = GetParam().comp;
    const CostModel costs = CostModel::perOperation(parseLaw(comm), parseLaw(comp));
    // Every registered algorithm that runs on per-operation costs (the clairvoyant
    // baselines need sender-only fixed costs and have no fast path): a new algorithm is
    // checked here without touching this test.
    for (const Algorithm& info : allAlgorithms()) {
        if (info.clairvoyant()) {
            continue;
        }
        const Algorithm a = info;
        for (bool nc : {false, true}) {
            if (nc && !info.validNonCommutative()) {
                continue;
            }
            // Both sides of every size switch: 64/65, Non-Commut-Tree-dyn's one-word
            // interval sets, then its arrays of interval ends and starts; 257/258, the
            // lean kernels' sorted keys (n/2 <= 128) then their calendar queues; 512/513,
            // the event queue's sorted array, then its heap; 4096/4097, where
            // Non-Commut-Tree-dyn's word trees ended (kept: large platforms' edges).
            for (int n : {1, 2, 3, 7, 63, 64, 65, 256, 257, 258, 512, 513, 2000, 4096, 4097}) {
                Simulator sim(a, n, nc, costs);
                const int reps = n > 4000 ? 2 : (n > 500 ? 6 : 200);
                StreamDraws first(costs.transfer, costs.reduction, n);
                StreamDraws second(costs.transfer, costs.reduction, n);
                double pair[2] = {0.0, 0.0};
                for (int rep = 0; rep < reps; ++rep) {
                    const auto r = static_cast<std::uint64_t>(rep);
                    const double engine = sim.engineMakespan(11, r);
                    if (rep % 2 == 0) {
                        first.draw(11, r);
                        second.draw(11, r + 1);
                        sim.makespansFromDraws(first, second, pair[0], pair[1]);
                    }
                    auto why = [&](const char* path, double value) {
                        std::ostringstream os;
                        os << std::setprecision(17) << info.key() << " n=" << n << " nc=" << nc
                           << " rep=" << rep << " (" << path << "): " << value << " vs engine "
                           << engine;
                        return os.str();
                    };
                    // ==, not ASSERT_FUZZY_EQ: the same to the bit.
                    const double fast = sim.makespan(11, r);
                    ASSERT_TRUE(fast == engine) << why("alone", fast);
                    ASSERT_TRUE(pair[rep % 2] == engine) << why("pair", pair[rep % 2]);
                }
            }
        }
    }
}
INSTANTIATE_TEST_SUITE_P(Algorithms, FastPathsEqualEngine,
                         ::testing::ValuesIn(fastPathsEqualEngineRows()), rl::test::RowName());

// The lean paths that stop at the first tie (the static plans' joins, Non-Commut-Tree-dyn's
// interval sets) must actually run, not always hand over to the exact path: with
// continuous costs a tie is rare, so nearly every run must finish there, and equal the
// engine to the bit; with constant costs they must give up (from n = 63 on, operations
// of one stream start together). On both sides
// of every size switch, with and without reductions.
struct LeanPathsRunAndAgreeRow {
    std::string name;
    std::string comm;
    std::string comp;
    std::string ties;
};

std::vector<LeanPathsRunAndAgreeRow> leanPathsRunAndAgreeRows() {
    return {
        // Which of Binomial-stat, Fibonacci-stat, Non-Commut-Tree-dyn must meet ties (y) or must
        // not (n).
        {"exp, no comp", "exp:1", "const:0", "nnn"},
        {"gamma cv 0.1, no comp", "gamma:1:0.1", "const:0", "nnn"},
        // Many transfers so short that now + d == now: chains of zero-length transfers,
        // whose order the no-reduction paths know.
        {"gamma cv 3, no comp", "gamma:1:3", "const:0", "nnn"},
        {"gamma both", "gamma:1:1", "gamma:1:1", "nnn"},
        {"slow reductions", "gamma:1:0.5", "gamma:3:0.5", "nnn"},
        // Half the reductions cost 0: a transfer then starts at the very time a reduction
        // ends (Binomial-stat's joins leave out inputs that can never be the last to end).
        {"zero-cost reductions", "gamma:1:1", "bernoulli:1:1", "nny"},
        {"constant, no comp", "const:1", "const:0", "yyy"},
        {"constant", "const:1", "const:1", "yyy"},
    };
}

class LeanPathsRunAndAgree : public ::testing::TestWithParam<LeanPathsRunAndAgreeRow> {};

TEST_P(LeanPathsRunAndAgree, Row) {
    auto comm = GetParam().comm;
    auto comp = GetParam().comp;
    auto ties = GetParam().ties;
    const Law d = parseLaw(comm);
    const Law c = parseLaw(comp);
    const CostModel costs = CostModel::perOperation(d, c);
    // Non-Commut-Tree-dyn: one word up to 64 (wordRun), trees of words beyond.
    for (int n : {2, 3, 4, 7, 33, 63, 64, 65, 257, 258, 4097}) {
        StaticPlanLanes binomial(std::make_shared<const StaticPlan>(binomialStatPlan(n)));
        StaticPlanLanes fibonacci(std::make_shared<const StaticPlan>(fibonacciStatPlan(n)));
        NonCommutTreeDynLanes nctd;
        Simulator engines[] = {Simulator(AlgorithmId::BinomialStat, n, false, costs),
                               Simulator(AlgorithmId::FibonacciStat, n, false, costs),
                               Simulator(AlgorithmId::NonCommutTreeDyn, n, false, costs)};
        StreamDraws draws(d, c, n);
        const int reps = n > 4000 ? 3 : 100;
        int finished[3] = {0, 0, 0};
        for (int rep = 0; rep < reps; ++rep) {
            const auto r = static_cast<std::uint64_t>(rep);
            draws.draw(5, r);
            const double* red = draws.noReductionCost() ? nullptr : draws.reduction();
            for (int k = 0; k < 3; ++k) {
                double m = -1.0;
                const bool done = k == 0   ? binomial.untilTieMakespan(n, draws.transfer(), red, m)
                                  : k == 1 ? fibonacci.untilTieMakespan(n, draws.transfer(), red, m)
                                           : nctd.untilTieMakespan(n, draws.transfer(), red, m);
                if (done) {
                    ++finished[k];
                    ASSERT_TRUE(m == engines[k].engineMakespan(5, r))
                        << "algorithm " << k << " n=" << n << " rep=" << rep;
                }
            }
        }
        // The same through the pairs Monte Carlo runs (untilTiePair; on AVX-512
        // processors, with reductions up to 64 processors, on WideEvents, which also gives
        // up if its vectors overflow): each run of a pair against the engine.
        StreamDraws second(d, c, n);
        const int pairs = reps / 2;
        int pairFinished[3] = {0, 0, 0};
        for (int k = 0; k < 3; ++k) {
            for (int i = 0; i < pairs; ++i) {
                const auto r = static_cast<std::uint64_t>(2 * i);
                draws.draw(5, r);
                second.draw(5, r + 1);
                const bool none = draws.noReductionCost();
                const double* ra = none ? nullptr : draws.reduction();
                const double* rb = none ? nullptr : second.reduction();
                double m[2] = {-1.0, -1.0};
                bool done[2] = {false, false};
                const double* ta = draws.transfer();
                const double* tb = second.transfer();
                if (k == 0) {
                    binomial.untilTiePair(n, ta, ra, tb, rb, m[0], m[1], done[0], done[1]);
                } else if (k == 1) {
                    fibonacci.untilTiePair(n, ta, ra, tb, rb, m[0], m[1], done[0], done[1]);
                } else {
                    nctd.untilTiePair(n, ta, ra, tb, rb, m[0], m[1], done[0], done[1]);
                }
                for (int j = 0; j < 2; ++j) {
                    if (done[j]) {
                        ++pairFinished[k];
                        ASSERT_TRUE(m[j] == engines[k].engineMakespan(5, r + j))
                            << "pair: algorithm " << k << " n=" << n << " rep=" << r + j;
                    }
                }
            }
        }
        for (int k = 0; k < 3; ++k) {
            for (const auto& [count, runs] :
                 {std::pair{finished[k], reps}, std::pair{pairFinished[k], 2 * pairs}}) {
                if (ties[k] == 'y') {
                    // Small plans may start one operation at a time (n = 4: 1 -> 0 and
                    // 3 -> 2, then 2 -> 0), large ones cannot.
                    if (n >= 63) {
                        ASSERT_TRUE(count == 0) << "algorithm " << k << " n=" << n;
                    }
                } else {
                    ASSERT_TRUE(count >= runs * 95 / 100) << "algorithm " << k << " n=" << n << ": "
                                                          << count << " of " << runs << " runs";
                }
            }
        }
    }
}
INSTANTIATE_TEST_SUITE_P(Algorithms, LeanPathsRunAndAgree,
                         ::testing::ValuesIn(leanPathsRunAndAgreeRows()), rl::test::RowName());

// Where the processor has AVX-512, the pairs with reductions up to 64 processors run on
// WideEvents (fastpath/wide_events.h); the same pairs without it (useWideEvents(false))
// must give the same results and give up on the same runs (ties; a wide run that
// overflowed its vectors would give up alone, which these sizes must not do), on laws
// with and without ties. Elsewhere the wide paths are never taken, and this test is
// skipped.
TEST(Algorithms, WidePairsEqualNarrowPairs) {
    if (!wideEventsAvailable()) {
        GTEST_SKIP() << "this processor has no AVX-512: Monte Carlo never takes the wide paths";
    }
    const std::pair<const char*, const char*> laws[] = {
        {"gamma:1:1", "gamma:1:1"},     {"gamma:1:0.1", "gamma:1:3"},
        {"gamma:1:10", "gamma:1:10"},   {"gamma:1:1", "bernoulli:1:1"},
        {"bernoulli:1:2", "gamma:1:1"}, {"const:1", "const:1"},
        {"const:1", "gamma:1:1"}};
    for (const auto& [comm, comp] : laws) {
        const Law d = parseLaw(comm);
        const Law c = parseLaw(comp);
        for (int n : {2, 3, 4, 7, 17, 33, 40, 63, 64}) {
            StaticPlanLanes statics[2][2] = {
                {StaticPlanLanes(std::make_shared<const StaticPlan>(binomialStatPlan(n))),
                 StaticPlanLanes(std::make_shared<const StaticPlan>(fibonacciStatPlan(n)))},
                {StaticPlanLanes(std::make_shared<const StaticPlan>(binomialStatPlan(n))),
                 StaticPlanLanes(std::make_shared<const StaticPlan>(fibonacciStatPlan(n)))}};
            NonCommutTreeDynLanes nctd[2];
            for (int k = 0; k < 2; ++k) {
                statics[1][k].useWideEvents(false);
            }
            nctd[1].useWideEvents(false);
            StreamDraws a(d, c, n);
            StreamDraws b(d, c, n);
            for (std::uint64_t r = 0; r < 60; r += 2) {
                a.draw(9, r);
                b.draw(9, r + 1);
                const bool none = a.noReductionCost();
                const double* ra = none ? nullptr : a.reduction();
                const double* rb = none ? nullptr : b.reduction();
                for (int k = 0; k < 3; ++k) {
                    double m[2][2] = {{-1.0, -1.0}, {-1.0, -1.0}};
                    bool done[2][2] = {{false, false}, {false, false}};
                    for (int path = 0; path < 2; ++path) {
                        auto& pm = m[path];
                        auto& pd = done[path];
                        if (k < 2) {
                            statics[path][k].untilTiePair(n, a.transfer(), ra, b.transfer(), rb,
                                                          pm[0], pm[1], pd[0], pd[1]);
                        } else {
                            nctd[path].untilTiePair(n, a.transfer(), ra, b.transfer(), rb, pm[0],
                                                    pm[1], pd[0], pd[1]);
                        }
                    }
                    const std::string where = formatted("%1 / %2, algorithm %3, n=%4, reps %5-%6",
                                                        comm, comp, k, n, r, r + 1);
                    for (int j = 0; j < 2; ++j) {
                        ASSERT_TRUE(done[0][j] == done[1][j]) << where;
                        ASSERT_TRUE(!done[0][j] || m[0][j] == m[1][j]) << where;
                    }
                }
            }
        }
    }
}

// Binomial-stat's reduction j waits for transfer j, which waited for reduction j-1: the
// joins leave out reduction j-1 -> reduction j (never the last input), so each operation
// feeds one join. Fibonacci-stat's reception j waits for reception j-1 and the reduction
// of j-2, exactly the inputs of the reduction of j-1: it is fed by that reduction's start
// instead, and each operation also feeds one join at its end. leanPathsRunAndAgree checks
// the results equal the engine's.
TEST(Algorithms, StaticJoinsKeepOnlyInputsThatCanBeLast) {
    for (int n : {2, 7, 64, 65, 258}) {
        const StaticJoins b = StaticJoins::build(binomialStatPlan(n), true);
        ASSERT_TRUE(b.oneConsumer);
        ASSERT_TRUE(b.startConsumers.empty());
        ASSERT_EQ(b.consumers.size(), b.need.size());
        // A reduction needs its transfer only.
        for (int s = 0; s < n; ++s) {
            const auto r = static_cast<std::size_t>(n + s);
            ASSERT_TRUE(b.need[r] == 1 || b.need[r] == StaticJoins::kNeverFires);
        }
        const StaticJoins f = StaticJoins::build(fibonacciStatPlan(n), true);
        ASSERT_TRUE(f.oneConsumer);
        ASSERT_EQ(f.consumers.size(), f.need.size());
        // Every reception after a processor's first is fed by a reduction's start (2
        // processors: one reception).
        int fed = 0;
        for (const int c : f.startConsumers) {
            fed += c != f.dummy ? 1 : 0;
        }
        const StaticPlan plan = fibonacciStatPlan(n);
        int later = 0;
        for (int p = 0; p < n; ++p) {
            later += std::max(plan.receptionCount(p) - 1, 0);
        }
        ASSERT_EQ(fed, later);
        ASSERT_EQ(StaticJoins::build(binomialStatPlan(n), false).oneConsumer, false);
    }
}

// The joins' rewriting is not specific to the two plans: on random trees (each
// processor receiving from its children in a random order, both lags), the lean path
// equals the engine to the bit. Unlike the two plans, these have joins fed by a start
// that the transfers of time 0 do not complete (a second sender with receptions of its
// own).
TEST(Algorithms, StaticJoinsOfRandomPlansAgree) {
    const CostModel costs = CostModel::perOperation(Law::gamma(1, 1), Law::gamma(1, 0.5));
    std::mt19937 gen(7);
    int finished = 0;
    int runs = 0;
    for (int trial = 0; trial < 40; ++trial) {
        const int n = 2 + static_cast<int>(gen() % 40);
        std::vector<std::vector<int>> receptions(static_cast<std::size_t>(n));
        for (int i = 1; i < n; ++i) {
            receptions[gen() % static_cast<unsigned>(i)].push_back(i);
        }
        for (auto& r : receptions) {
            std::shuffle(r.begin(), r.end(), gen);
        }
        const int lag = trial % 2;
        const auto plan =
            std::make_shared<const StaticPlan>(StaticPlan::fromLists(receptions, lag));
        StaticPlanLanes lean(plan);
        Kernel<StaticPolicy> engine(StaticPolicy(plan), n, false, costs);
        StreamDraws draws(costs.transfer, costs.reduction, n);
        for (std::uint64_t r = 0; r < 20; ++r) {
            draws.draw(5, r);
            double m = -1.0;
            ++runs;
            if (lean.untilTieMakespan(n, draws.transfer(), draws.reduction(), m)) {
                ++finished;
                ASSERT_TRUE(m == engine.makespan(5, r))
                    << "trial " << trial << " n=" << n << " lag " << lag << " rep " << r;
            }
        }
    }
    ASSERT_TRUE(finished >= runs * 95 / 100);
}

// docs/model.md §3: zero-cost operations still go through the queue in creation order. With
// Bernoulli costs the order is visible; the result must be reproducible run to run.
TEST(Algorithms, ZeroCostEventsAreDeterministic) {
    const CostModel costs = CostModel::perOperation(Law::bernoulli(1, 2), Law::bernoulli(1, 2));
    Simulator a(AlgorithmId::NonCommutTreeDyn, 64, true, costs);
    Simulator b(AlgorithmId::NonCommutTreeDyn, 64, true, costs);
    for (std::uint64_t rep = 0; rep < 100; ++rep) {
        ASSERT_FUZZY_EQ(a.makespan(5, rep), b.makespan(5, rep));
    }
}

// Values: the root ends with everything; transfer values are the sender's subtree.
TEST(Algorithms, ValuesFollowTheTree) {
    const Schedule s = constantRun(AlgorithmId::FibonacciStat, 8, 1, 1, true);
    const Schedule::Values v = s.allValues();
    ASSERT_EQ(formatRuns(v.reductions.back()), std::string("[0,7]"));
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        ASSERT_EQ(formatRuns(v.transfers[k]), formatRuns(s.transferValue(static_cast<int>(k))));
    }
    for (std::size_t k = 0; k < s.reductions.size(); ++k) {
        ASSERT_EQ(formatRuns(v.reductions[k]), formatRuns(s.reductionValue(static_cast<int>(k))));
    }
    // Processor 5 of Fibonacci-stat n=8 sends [5,7] to 0 (docs/model.md §4.1 example).
    bool seen = false;
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        if (s.transfers[k].from == 5) {
            ASSERT_EQ(formatRuns(v.transfers[k]), std::string("[5,7]"));
            seen = true;
        }
    }
    ASSERT_TRUE(seen);
}

TEST(Algorithms, ProcessorTimesAddUp) {
    const Schedule s = constantRun(AlgorithmId::FibonacciStat, 8, 1, 1);
    const auto times = s.processorTimes();
    // P0 receives 4 times and reduces 4 times, overlapping: busy 5 of 5 (makespan 5).
    ASSERT_FUZZY_EQ(times[0].receiving, 4.0);
    ASSERT_FUZZY_EQ(times[0].reducing, 4.0);
    ASSERT_FUZZY_EQ(times[0].busy, 5.0);
    ASSERT_FUZZY_EQ(times[0].idle, 0.0);
    for (const ProcessorTime& t : times) {
        ASSERT_TRUE(t.busy <= s.makespan + 1e-12);
        ASSERT_TRUE(t.idle >= -1e-12);
    }
}
