// criticalPath(): the closed cases of docs/model.md §6 with constant costs, and on random runs of
// every algorithm the properties that make it a critical path: it ends at the makespan, starts at
// 0, has no gap, each step is constrained by the one before it, and its durations add up to the
// makespan.
#include "algorithms/simulator.h"
#include "schedule/critical_path.h"

#include "../../test_support.h"

#include <cmath>

using namespace rl;
using rl::test::formatted;

namespace {

Schedule run(const Algorithm& a, int n, const CostModel& costs, std::uint64_t rep = 0) {
    Simulator sim(a, n, a == AlgorithmId::NonCommutTreeDyn, costs);
    return sim.schedule(1, rep);
}

CostModel constantCosts(double d, double c) {
    return CostModel::perOperation(Law::constant(d), Law::constant(c));
}

double startOf(const Schedule& s, const CriticalStep& step) {
    return step.isTransfer ? s.transfers[static_cast<std::size_t>(step.op)].start
                           : s.reductions[static_cast<std::size_t>(step.op)].start;
}

double endOf(const Schedule& s, const CriticalStep& step) {
    return step.isTransfer ? s.transfers[static_cast<std::size_t>(step.op)].end
                           : s.reductions[static_cast<std::size_t>(step.op)].end;
}

bool near(double a, double b, double rel = 1e-12) {
    return std::abs(a - b) <= rel * std::max({1.0, std::abs(a), std::abs(b)});
}

// Whether `prev` is one of the operations criticalPath() may take as the constraint of `next`.
bool constrains(const Schedule& s, const CriticalStep& prev, const CriticalStep& next) {
    if (!next.isTransfer) {
        const ReductionOp& r = s.reductions[static_cast<std::size_t>(next.op)];
        return prev.isTransfer ? prev.op == r.transfer
                               : s.reductions[static_cast<std::size_t>(prev.op)].proc == r.proc;
    }
    const TransferOp& t = s.transfers[static_cast<std::size_t>(next.op)];
    if (prev.isTransfer) {
        return s.transfers[static_cast<std::size_t>(prev.op)].to == t.to;
    }
    const int p = s.reductions[static_cast<std::size_t>(prev.op)].proc;
    return p == t.from || p == t.to;
}

std::string describe(const Schedule& s, const std::vector<CriticalStep>& path) {
    std::vector<std::string> l;
    for (const CriticalStep& step : path) {
        l.push_back(formatted("%1%2 [%3, %4]", step.isTransfer ? "T" : "R", step.op,
                              startOf(s, step), endOf(s, step)));
    }
    return s.algorithm + ": " + rl::test::join(l, ", ");
}

} // namespace

// c = d = 1, n = 8: Binomial-stat's last reduction waits for P4's value, which waited for
// P6's, which waited for P7's: 3 transfers and 3 reductions alternating, 0 to 6.
TEST(CriticalPath, BinomialEightAlternatesTransfersAndReductions) {
    const Schedule s = run(AlgorithmId::BinomialStat, 8, constantCosts(1, 1));
    const auto path = criticalPath(s);
    ASSERT_EQ(path.size(), std::size_t{6});
    for (std::size_t i = 0; i < path.size(); ++i) {
        ASSERT_EQ(path[i].isTransfer, i % 2 == 0);
        ASSERT_FUZZY_EQ(startOf(s, path[i]), static_cast<double>(i));
    }
    ASSERT_FUZZY_EQ(endOf(s, path.back()), 6.0);
    const TransferOp& first = s.transfers[static_cast<std::size_t>(path.front().op)];
    ASSERT_EQ(first.from, 7);
    ASSERT_EQ(first.to, 6);
    ASSERT_EQ(s.reductions[static_cast<std::size_t>(path.back().op)].proc, 0);
}

// docs/model.md §6: the same schedule for Tree-dyn and Non-Commut-Tree-dyn at n = 8.
TEST(CriticalPath, DynamicEightMatchesBinomial) {
    for (AlgorithmId a : {AlgorithmId::TreeDyn, AlgorithmId::NonCommutTreeDyn}) {
        const Schedule s = run(a, 8, constantCosts(1, 1));
        const auto path = criticalPath(s);
        ASSERT_EQ(path.size(), std::size_t{6});
        ASSERT_FUZZY_EQ(endOf(s, path.back()), 6.0);
    }
}

// Fibonacci-stat, n = 8, c = d = 1 ends at 5 (docs/model.md §4): P6 -> P5, P7 -> P5 (one-port:
// it waits for the first reception), P5 reduces, P5 -> P0, P0 reduces.
TEST(CriticalPath, FibonacciEightEndsAtFive) {
    const Schedule s = run(AlgorithmId::FibonacciStat, 8, constantCosts(1, 1));
    const auto path = criticalPath(s);
    ASSERT_FUZZY_EQ(endOf(s, path.back()), 5.0);
    ASSERT_FUZZY_EQ(startOf(s, path.front()), 0.0);
    ASSERT_EQ(path.size(), std::size_t{5});
    ASSERT_TRUE(path[0].isTransfer && path[1].isTransfer);
    ASSERT_EQ(s.transfers[static_cast<std::size_t>(path[1].op)].from, 7);
    ASSERT_EQ(s.transfers[static_cast<std::size_t>(path[3].op)].from, 5);
}

TEST(CriticalPath, SingleProcessorHasEmptyPath) {
    for (const Algorithm& info : algorithms()) {
        ASSERT_TRUE(criticalPath(run(info, 1, constantCosts(1, 1))).empty());
    }
}

struct RandomRunsGiveContiguousPathsFromZeroRow {
    std::string name;
    std::string comm;
    std::string comp;
};

std::vector<RandomRunsGiveContiguousPathsFromZeroRow> randomRunsGiveContiguousPathsFromZeroRows() {
    return {
        {"gamma cv 0.5", "gamma:1:0.5", "gamma:0.7:0.5"},
        {"gamma cv 2", "gamma:1:2", "gamma:1:2"},
        {"exp, no comp", "exp:1", "const:0"},
        {"slow comp", "gamma:1:1", "gamma:5:1"},
    };
}

class RandomRunsGiveContiguousPathsFromZero
    : public ::testing::TestWithParam<RandomRunsGiveContiguousPathsFromZeroRow> {};

// With positive costs every operation starts because another one ended (or at 0), so the
// walk reaches time 0 with no gap and the path's durations sum to the makespan.
TEST_P(RandomRunsGiveContiguousPathsFromZero, Row) {
    auto comm = GetParam().comm;
    auto comp = GetParam().comp;
    const CostModel costs = CostModel::perOperation(parseLaw(comm), parseLaw(comp));
    int checked = 0;
    for (int n : {2, 3, 5, 8, 13, 16, 33, 64, 100}) {
        for (const Algorithm& info : algorithms()) {
            for (std::uint64_t rep = 0; rep < 10; ++rep) {
                const Schedule s = run(info, n, costs, rep);
                const auto path = criticalPath(s);
                const std::string what = describe(s, path);
                ASSERT_TRUE(!path.empty()) << what;
                ASSERT_TRUE(startOf(s, path.front()) == 0.0) << what;
                ASSERT_TRUE(near(endOf(s, path.back()), s.makespan)) << what;
                double sum = 0.0;
                for (std::size_t i = 0; i < path.size(); ++i) {
                    sum += endOf(s, path[i]) - startOf(s, path[i]);
                    if (i > 0) {
                        ASSERT_TRUE(near(startOf(s, path[i]), endOf(s, path[i - 1]))) << what;
                        ASSERT_TRUE(constrains(s, path[i - 1], path[i])) << what;
                    }
                }
                ASSERT_TRUE(near(sum, s.makespan, 1e-9)) << what;
                ++checked;
            }
        }
    }
    ASSERT_EQ(checked, 9 * 4 * 10);
}
INSTANTIATE_TEST_SUITE_P(CriticalPath, RandomRunsGiveContiguousPathsFromZero,
                         ::testing::ValuesIn(randomRunsGiveContiguousPathsFromZeroRows()),
                         rl::test::RowName());

// Zero-cost operations (Bernoulli) tie everywhere: the walk must still end at the
// makespan, stay contiguous, and never revisit an operation.
TEST(CriticalPath, ZeroCostTiesTerminate) {
    const CostModel costs = CostModel::perOperation(Law::bernoulli(1, 2), Law::bernoulli(1, 2));
    for (const Algorithm& info : algorithms()) {
        for (std::uint64_t rep = 0; rep < 20; ++rep) {
            const Schedule s = run(info, 24, costs, rep);
            const auto path = criticalPath(s);
            const std::string what = describe(s, path);
            ASSERT_TRUE(!path.empty()) << what;
            ASSERT_TRUE(near(endOf(s, path.back()), s.makespan)) << what;
            for (std::size_t i = 1; i < path.size(); ++i) {
                ASSERT_TRUE(near(startOf(s, path[i]), endOf(s, path[i - 1]))) << what;
                for (std::size_t j = 0; j < i; ++j) {
                    ASSERT_TRUE(path[j].isTransfer != path[i].isTransfer ||
                                path[j].op != path[i].op)
                        << what;
                }
            }
        }
    }
}
