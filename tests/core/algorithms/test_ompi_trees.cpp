// Open MPI 4.1.4's reduce trees and fixed decision (algorithms/ompi_trees.h) against the table
// that scripts/ompi_tree_table.py, a second implementation written rank by rank from Open
// MPI's sources, wrote into tests/data/ompi/; then the ompi-* rows run through the simulator.
#include "algorithms/algorithm_registry.h"
#include "algorithms/ompi_trees.h"
#include "algorithms/simulator.h"
#include "schedule/schedule_validator.h"

#include "../../test_support.h"
#include "reception_order.h"

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>

using namespace rl;
using rl::test::receptionOrder;

namespace {

std::vector<std::string> dataLines(const std::string& name) {
    std::ifstream in(std::string(REDUCELAB_TEST_DATA) + "/ompi/" + name);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) {
        lines.push_back(line);
    }
    return lines;
}

std::vector<int> ints(const std::string& text, char sep) {
    std::vector<int> out;
    if (text == "-") {
        return out;
    }
    std::stringstream ss(text);
    for (std::string item; std::getline(ss, item, sep);) {
        if (!item.empty()) {
            out.push_back(std::stoi(item));
        }
    }
    return out;
}

struct Kind {
    OmpiTree tree;
    int fanout;
};

Kind kindOf(const std::string& word) {
    static const std::map<std::string, OmpiTree> kTrees{
        {"linear", OmpiTree::Linear},
        {"pipeline", OmpiTree::Pipeline},
        {"binary", OmpiTree::Binary},
        {"binomial", OmpiTree::Binomial},
        {"in-order-binary", OmpiTree::InOrderBinary}};
    if (word.rfind("chain:", 0) == 0) {
        return {OmpiTree::Chain, std::stoi(word.substr(6))};
    }
    return {kTrees.at(word), kOmpiChainFanout};
}

} // namespace

TEST(OmpiTrees, EqualOpenMpisForEveryRankNAndRoot) {
    const std::vector<std::string> lines = dataLines("trees.txt");
    ASSERT_GT(lines.size(), 800u);
    for (const std::string& line : lines) {
        SCOPED_TRACE(line);
        std::stringstream ss(line);
        std::string kind;
        std::string bar;
        int n = 0;
        int root = 0;
        int holder = 0;
        ss >> kind >> n >> root >> holder >> bar;
        std::vector<int> parents(static_cast<std::size_t>(n));
        for (int& p : parents) {
            ss >> p;
        }
        ss >> bar;
        std::vector<std::vector<int>> children(static_cast<std::size_t>(n));
        for (auto& c : children) {
            std::string word;
            ss >> word;
            c = ints(word, ',');
        }
        ASSERT_TRUE(ss) << "malformed line";
        const Kind k = kindOf(kind);
        const OmpiTreeShape t = ompiReduceTree(k.tree, n, root, k.fanout);
        EXPECT_EQ(t.holder, holder);
        EXPECT_EQ(t.parent, parents);
        EXPECT_EQ(t.children, children);
    }
}

TEST(OmpiTrees, DefaultDecisionEqualsOpenMpisTable) {
    const std::vector<std::string> lines = dataLines("decision.txt");
    ASSERT_GT(lines.size(), 3000u);
    for (const std::string& line : lines) {
        std::stringstream ss(line);
        int n = 0;
        long long bytes = 0;
        int commutative = 0;
        int algorithm = 0;
        ss >> n >> bytes >> commutative >> algorithm;
        const OmpiDecision d = ompiDefaultDecision(n, bytes, commutative != 0);
        EXPECT_EQ(d.algorithm, algorithm) << line;
    }
}

TEST(OmpiTrees, DefaultRunsTheTreeOfItsPick) {
    // Rabenseifner runs linear; the chain the decision names has fan-out 1 (it passes 0).
    EXPECT_EQ(ompiDefaultDecision(3, 4, true).algorithm, 7);
    EXPECT_EQ(ompiDefaultDecision(3, 4, true).tree, OmpiTree::Linear);
    EXPECT_EQ(ompiAlgorithmName(ompiDefaultDecision(3, 4, true).algorithm), "rabenseifner");
    const OmpiDecision chain = ompiDefaultDecision(5, 8192, true);
    EXPECT_EQ(chain.algorithm, 2);
    EXPECT_EQ(chain.tree, OmpiTree::Chain);
    EXPECT_EQ(chain.fanout, 1);
    EXPECT_EQ(ompiDefaultDecision(40, 8, true).tree, OmpiTree::Binomial);
    EXPECT_EQ(ompiDefaultDecision(40, 8, false).tree, OmpiTree::InOrderBinary);
    EXPECT_EQ(ompiDefaultDecision(5, 8, false).tree, OmpiTree::Linear);
}

// Each ompi-* row through the simulator: a valid schedule (n-1 transfers, one port, the
// model's invariants) whose tree and reception orders are the plan's.
TEST(OmpiTrees, SimulatedSchedulesAreValidAndFollowThePlan) {
    ASSERT_EQ(mpiLibraryAlgorithms().size(), 7u);
    const CostModel costs = CostModel::perOperation(Law::gamma(1.0, 1.0), Law::gamma(0.5, 1.0));
    for (const Algorithm& a : mpiLibraryAlgorithms()) {
        EXPECT_TRUE(a.mpiLibrary());
        EXPECT_TRUE(a.isStatic());
        for (bool nc : {false, true}) {
            if (nc && !a.validNonCommutative()) {
                continue;
            }
            for (int n = 1; n <= 40; ++n) {
                SCOPED_TRACE(a.key() + " n=" + std::to_string(n) + (nc ? " nc" : ""));
                Simulator sim(a, n, nc, costs);
                const Schedule s = sim.schedule(7, static_cast<std::uint64_t>(n));
                EXPECT_EQ(rl::test::join(validateSchedule(s), "; "), "");
                EXPECT_EQ(s.transfers.size(), static_cast<std::size_t>(n - 1));
                EXPECT_NEAR(sim.makespan(7, static_cast<std::uint64_t>(n)), s.makespan, 1e-9);
                if (a.key() == "ompi-default") {
                    continue;
                }
                const StaticPlan plan = [&] {
                    for (OmpiTree t :
                         {OmpiTree::Linear, OmpiTree::Chain, OmpiTree::Pipeline, OmpiTree::Binary,
                          OmpiTree::Binomial, OmpiTree::InOrderBinary}) {
                        if (ompiKey(t) == a.key()) {
                            return ompiStaticPlan(t, n, nc);
                        }
                    }
                    return StaticPlan{};
                }();
                ASSERT_EQ(plan.n, n);
                const auto order = receptionOrder(s);
                for (int p = 0; p < n; ++p) {
                    const std::vector<int> planned(
                        plan.sources.begin() + plan.offset[static_cast<std::size_t>(p)],
                        plan.sources.begin() + plan.offset[static_cast<std::size_t>(p) + 1]);
                    EXPECT_EQ(order[static_cast<std::size_t>(p)], planned) << "P" << p;
                }
            }
        }
    }
}

// Closed forms with constant costs d (transfer) and c (reduction).
TEST(OmpiTrees, ClosedFormsWithConstantCosts) {
    const double d = 1.0;
    const double c = 0.25;
    const CostModel costs = CostModel::perOperation(Law::constant(d), Law::constant(c));
    const auto makespan = [&](const std::string& key, int n) {
        return Simulator(*AlgorithmCatalog().find(key), n, false, costs).makespan(1, 0);
    };
    for (int n = 1; n <= 40; ++n) {
        SCOPED_TRACE(n);
        // One receiver, or one chain: every transfer and reduction in sequence.
        EXPECT_NEAR(makespan("ompi-linear", n), (n - 1) * (d + c), 1e-9);
        EXPECT_NEAR(makespan("ompi-pipeline", n), (n - 1) * (d + c), 1e-9);
        // The binomial tree of n = 2^k: k rounds of a transfer and a reduction (otherwise the
        // last, smaller subtree is ready early and its reception overlaps the reduction before).
        int rounds = 0;
        while ((1 << rounds) < n) {
            ++rounds;
        }
        if ((1 << rounds) == n) {
            EXPECT_NEAR(makespan("ompi-binomial", n), rounds * (d + c), 1e-9);
        }
        // The chains (d >= c): the longest chain's n' - 1 transfers and reductions, then the
        // root takes the heads back to back, each reduced during the next reception (lag 1).
        if (n > 1) {
            const int chains = std::min(kOmpiChainFanout, n - 1);
            const int longest = (n - 1 + chains - 1) / chains;
            EXPECT_NEAR(makespan("ompi-chain", n), (longest - 1) * (d + c) + chains * d + c, 1e-9);
        }
    }
}
