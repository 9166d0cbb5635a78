// The reduction tree's layout (schedule/tree_layout.h): tidy, without overlaps or crossing
// edges, for every algorithm and size, children in reception order.
#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "schedule/tree_layout.h"

#include "../../test_support.h"

#include <algorithm>
#include <cmath>
#include <map>

using namespace rl;
using rl::test::formatted;

namespace {

std::shared_ptr<const Schedule> makeSchedule(const Algorithm& algorithm, int n,
                                             std::uint64_t seed = 1) {
    // Tree-dyn pairs any two processors: it only exists in commutative mode.
    const bool nonCommutative = algorithm == AlgorithmId::NonCommutTreeDyn;
    Simulator sim(algorithm, n, nonCommutative,
                  CostModel::perOperation(Law::gamma(1, 0.5), Law::gamma(0.5, 0.5)));
    return std::make_shared<const Schedule>(sim.schedule(seed, 0));
}

// Checks the layout invariants; returns an empty string or what is wrong.
std::string checkLayout(const Schedule& s, const TreeLayout& l) {
    const auto n = static_cast<std::size_t>(s.n);
    if (l.x.size() != n || l.y.size() != n) {
        return std::string("wrong size");
    }
    const auto root = static_cast<std::size_t>(s.root);
    if (l.y[root] != 0.0) {
        return std::string("root not at y = 0");
    }
    const double minX = *std::min_element(l.x.begin(), l.x.end());
    if (std::abs(minX) > 1e-9) {
        return formatted("leftmost node at x = %1", minX);
    }
    for (std::size_t p = 0; p < n; ++p) {
        if (!std::isfinite(l.x[p]) || (p != root && l.y[p] <= l.y[root])) {
            return formatted("P%1 not below the root", p);
        }
    }
    for (const TransferOp& t : s.transfers) {
        const auto c = static_cast<std::size_t>(t.from);
        const auto q = static_cast<std::size_t>(t.to);
        if (l.y[c] != l.y[q] + 1.0) {
            return formatted("P%1 is not one level below its parent P%2", c, q);
        }
    }
    // Within one depth: distinct nodes at least a unit apart.
    std::map<double, std::vector<double>> rows;
    for (std::size_t p = 0; p < n; ++p) {
        rows[l.y[p]].push_back(l.x[p]);
    }
    for (auto& [depth, xs] : rows) {
        std::sort(xs.begin(), xs.end());
        for (std::size_t i = 1; i < xs.size(); ++i) {
            if (xs[i] - xs[i - 1] < 1.0 - 1e-9) {
                return formatted("nodes at depth %1 only %2 apart", depth, xs[i] - xs[i - 1]);
            }
        }
    }
    // Children left to right in reception order (transfers are in start order).
    for (std::size_t p = 0; p < n; ++p) {
        const std::vector<int> kids = s.children(static_cast<int>(p));
        for (std::size_t i = 1; i < kids.size(); ++i) {
            if (l.x[static_cast<std::size_t>(kids[i])] <=
                l.x[static_cast<std::size_t>(kids[i - 1])]) {
                return formatted("children of P%1 out of reception order", p);
            }
        }
    }
    // No two edges between the same two levels cross: ordered by child, ordered by parent.
    std::map<double, std::vector<std::pair<double, double>>> bands;
    for (const TransferOp& t : s.transfers) {
        bands[l.y[static_cast<std::size_t>(t.from)]].emplace_back(
            l.x[static_cast<std::size_t>(t.from)], l.x[static_cast<std::size_t>(t.to)]);
    }
    for (auto& [depth, edges] : bands) {
        std::sort(edges.begin(), edges.end());
        for (std::size_t i = 1; i < edges.size(); ++i) {
            if (edges[i].second < edges[i - 1].second) {
                return formatted("edges cross above depth %1", depth);
            }
        }
    }
    return {};
}

} // namespace

struct LayoutHasNoOverlapsRow {
    std::string name;
    Algorithm algorithm;
    int n;
};

std::vector<LayoutHasNoOverlapsRow> layoutHasNoOverlapsRows() {
    std::vector<LayoutHasNoOverlapsRow> rows;
    for (const Algorithm& a : algorithms()) {
        for (int n : {1, 2, 7, 64, 256}) {
            rows.push_back({formatted("%1 n=%2", a.key(), n), a, n});
        }
    }
    return rows;
}

class LayoutHasNoOverlaps : public ::testing::TestWithParam<LayoutHasNoOverlapsRow> {};

TEST_P(LayoutHasNoOverlaps, Row) {
    auto algorithm = GetParam().algorithm;
    auto n = GetParam().n;
    for (std::uint64_t seed : {1u, 2u, 3u}) {
        const auto s = makeSchedule(algorithm, n, seed);
        const TreeLayout l = layoutTree(*s);
        const std::string problem = checkLayout(*s, l);
        ASSERT_TRUE(problem.empty()) << problem;
        ASSERT_FUZZY_EQ(l.height, *std::max_element(l.y.begin(), l.y.end()));
        ASSERT_FUZZY_EQ(l.width, *std::max_element(l.x.begin(), l.x.end()));
    }
}
INSTANTIATE_TEST_SUITE_P(TreeLayout, LayoutHasNoOverlaps,
                         ::testing::ValuesIn(layoutHasNoOverlapsRows()), rl::test::RowName());

// Timing lives in tests/bench/gui_bench (benchmarks are never timed tests).
TEST(TreeLayout, LayoutOfLargeTreesIsTidy) {
    for (const Algorithm& a : algorithms()) {
        const auto s = makeSchedule(a, 4096);
        const TreeLayout l = layoutTree(*s);
        const std::string problem = checkLayout(*s, l);
        ASSERT_TRUE(problem.empty()) << problem;
    }
}

TEST(TreeLayout, SingleProcessor) {
    const auto s = makeSchedule(AlgorithmId::BinomialStat, 1);
    const TreeLayout l = layoutTree(*s);
    ASSERT_EQ(l.x, std::vector<double>{0.0});
    ASSERT_EQ(l.y, std::vector<double>{0.0});
}
