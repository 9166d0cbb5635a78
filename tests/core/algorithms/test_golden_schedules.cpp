// Golden schedules: the n = 8 schedules of the four algorithms with constant costs, operation by
// operation, against files under tests/data/golden/. Any change of a time, an endpoint, an order
// or a carried value fails the test.
//
// Format: "kind,processor,peer,start,end,value", transfers in start order (processor = sender,
// peer = receiver), then reductions in start order (processor = the reducing processor, peer =
// the sender of the value it merges); value is formatRuns() of the carried value / the value
// after the reduction, quoted because it contains commas; times are shortest round-trip decimals.
//
// The files were generated once by the simulator, then checked by hand against docs/model.md §3-§4:
// - binomial, tree-dyn, nctd (d = c = 1): the same tree. Round 1: 1->0, 3->2, 5->4, 7->6 over
//   [0,1), reductions [1,2); round 2: 2->0 carrying [2,3] and 6->4 carrying [6,7] over [2,3),
//   reductions [3,4); round 3: 4->0 carrying [4,7] over [4,5), reduction [5,6) leaving [0,7].
//   Makespan 6 = 3 (c + d). For Tree-dyn this is the slot rule with the events handled in index
//   order (P0 takes the slot, P1 sends to it, P2 takes it, ...); for Non-Commut-Tree-dyn the same
//   order with the left-neighbour rule (at time 2, P0 finds [2,3] not yet idle and waits, P2
//   sends to its idle left neighbour P0).
// - fibonacci (d = c = 1): P0 receives from 1, 2, 3, 5 in that order over [0,1), [1,2), [2,3),
//   [3,4); P3 receives from 4; P5 from 6 then 7. Reception j overlaps the reduction of j-1 (2->0
//   starts at 1 while [0,1] is being reduced). 3 sends [3,4], 5 sends [5,7]; P0 reduces over
//   [1,2) [2,3) [3,4) [4,5): makespan 5 = d + (k-1) max(d,c) + c with k = 4.
// - fibonacci (d = 1, c = 0.5): the same transfers at the same times (max(d, c) = d), reductions
//   of 0.5; 3->0 starts at 2 when P0's previous reception ends, 5->0 at 3; the last reduction is
//   [4, 4.5): makespan 4.5 = 1 + 3 x 1 + 0.5.
// The structural checks below re-derive these makespans and P0's reception order from the files
// themselves, so a golden file regenerated from a broken simulator cannot pass unnoticed.
#include "algorithms/simulator.h"
#include "base/text_util.h"

#include "../../test_support.h"

#include <algorithm>
#include <map>
#include <vector>

using namespace rl;

namespace {

std::string goldenCsv(const Schedule& s) {
    const Schedule::Values v = s.allValues();
    std::string out = "kind,processor,peer,start,end,value\n";
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        out += "transfer," + std::to_string(t.from) + "," + std::to_string(t.to) + "," +
               formatNumber(t.start) + "," + formatNumber(t.end) + ",\"" +
               formatRuns(v.transfers[k]) + "\"\n";
    }
    for (std::size_t k = 0; k < s.reductions.size(); ++k) {
        const ReductionOp& r = s.reductions[k];
        const int from = s.transfers[static_cast<std::size_t>(r.transfer)].from;
        out += "reduction," + std::to_string(r.proc) + "," + std::to_string(from) + "," +
               formatNumber(r.start) + "," + formatNumber(r.end) + ",\"" +
               formatRuns(v.reductions[k]) + "\"\n";
    }
    return out;
}

std::vector<std::string> readGolden(const std::string& name) {
    const auto text = rl::test::readFile(std::string(REDUCELAB_TEST_DATA "/golden/") + name);
    return text ? rl::test::lines(*text) : std::vector<std::string>{};
}

Schedule constantRun(const Algorithm& a, double d, double c, bool nc) {
    Simulator sim(a, 8, nc, CostModel::perOperation(Law::constant(d), Law::constant(c)));
    return sim.schedule(1, 0);
}

// Compares line by line, so that a failure names the first operation that changed.
void compareWithGolden(const Schedule& s, const std::string& file) {
    const std::vector<std::string> golden = readGolden(file);
    ASSERT_TRUE(!golden.empty()) << "missing golden file " + file;
    const std::vector<std::string> actual = rl::test::lines(goldenCsv(s));
    for (std::size_t i = 0; i < std::min(golden.size(), actual.size()); ++i) {
        ASSERT_TRUE(actual[i] == golden[i]) << file << " line " << i + 1 << ": got '" << actual[i]
                                            << "', golden '" << golden[i] << "'";
    }
    ASSERT_EQ(actual.size(), golden.size());
}

struct Op {
    std::string kind;
    int proc = 0;
    int peer = 0;
    double start = 0.0;
    double end = 0.0;
    std::string value;
};

std::vector<Op> parseGolden(const std::string& file) {
    std::vector<Op> ops;
    const std::vector<std::string> lines = readGolden(file);
    for (std::size_t i = 1; i < lines.size(); ++i) {
        const std::string& line = lines[i];
        const std::size_t quote = line.find('"');
        const std::vector<std::string> f = rl::test::split(line.substr(0, quote), ',');
        ops.push_back({f[0], std::stoi(f[1]), std::stoi(f[2]), rl::test::toDouble(f[3]),
                       rl::test::toDouble(f[4]), line.substr(quote + 1, line.size() - quote - 2)});
    }
    return ops;
}

} // namespace

struct SchedulesMatchGoldenRow {
    std::string name;
    AlgorithmId algorithm;
    double c;
    bool nonCommutative;
    std::string file;
};

std::vector<SchedulesMatchGoldenRow> schedulesMatchGoldenRows() {
    return {
        {"binomial", AlgorithmId::BinomialStat, 1.0, false, "binomial_n8_c1_d1.csv"},
        {"fibonacci", AlgorithmId::FibonacciStat, 1.0, false, "fibonacci_n8_c1_d1.csv"},
        {"tree-dyn", AlgorithmId::TreeDyn, 1.0, false, "tree-dyn_n8_c1_d1.csv"},
        {"nctd", AlgorithmId::NonCommutTreeDyn, 1.0, false, "nctd_n8_c1_d1.csv"},
        {"fibonacci c=0.5", AlgorithmId::FibonacciStat, 0.5, false, "fibonacci_n8_c0.5_d1.csv"},
        // The algorithms valid for a non-commutative operation build the same schedule in that
        // mode: the mode only adds the adjacency check, it must not change a decision.
        {"binomial non-commutative", AlgorithmId::BinomialStat, 1.0, true, "binomial_n8_c1_d1.csv"},
        {"fibonacci non-commutative", AlgorithmId::FibonacciStat, 1.0, true,
         "fibonacci_n8_c1_d1.csv"},
        {"nctd non-commutative", AlgorithmId::NonCommutTreeDyn, 1.0, true, "nctd_n8_c1_d1.csv"},
        {"fibonacci c=0.5 non-commutative", AlgorithmId::FibonacciStat, 0.5, true,
         "fibonacci_n8_c0.5_d1.csv"},
    };
}

class SchedulesMatchGolden : public ::testing::TestWithParam<SchedulesMatchGoldenRow> {};

TEST_P(SchedulesMatchGolden, Row) {
    auto algorithm = GetParam().algorithm;
    auto c = GetParam().c;
    auto nonCommutative = GetParam().nonCommutative;
    auto file = GetParam().file;
    const Schedule s = constantRun(algorithm, 1.0, c, nonCommutative);
    ASSERT_EQ(s.nonCommutative, nonCommutative);
    compareWithGolden(s, file);
}
INSTANTIATE_TEST_SUITE_P(GoldenSchedules, SchedulesMatchGolden,
                         ::testing::ValuesIn(schedulesMatchGoldenRows()), rl::test::RowName());

// The golden files themselves against docs/model.md: 7 transfers and 7 reductions, the
// closed-form makespan as the last end, and [0,7] as the root's final value.
struct GoldenFilesAgreeWithSpecRow {
    std::string name;
    std::string file;
    double makespan;
};

std::vector<GoldenFilesAgreeWithSpecRow> goldenFilesAgreeWithSpecRows() {
    return {
        {"binomial", "binomial_n8_c1_d1.csv", 6.0},
        {"tree-dyn", "tree-dyn_n8_c1_d1.csv", 6.0},
        {"nctd", "nctd_n8_c1_d1.csv", 6.0},
        {"fibonacci", "fibonacci_n8_c1_d1.csv", 5.0},
        {"fibonacci c=0.5", "fibonacci_n8_c0.5_d1.csv", 4.5},
    };
}

class GoldenFilesAgreeWithSpec : public ::testing::TestWithParam<GoldenFilesAgreeWithSpecRow> {};

TEST_P(GoldenFilesAgreeWithSpec, Row) {
    auto file = GetParam().file;
    auto makespan = GetParam().makespan;
    const std::vector<Op> ops = parseGolden(file);
    ASSERT_EQ(ops.size(), std::size_t{14});
    double last = 0.0;
    for (std::size_t k = 0; k < ops.size(); ++k) {
        ASSERT_EQ(ops[k].kind, std::string(k < 7 ? "transfer" : "reduction"));
        last = std::max(last, ops[k].end);
    }
    ASSERT_FUZZY_EQ(last, makespan);
    ASSERT_EQ(ops.back().proc, 0);
    ASSERT_EQ(ops.back().value, std::string("[0,7]"));
}
INSTANTIATE_TEST_SUITE_P(GoldenSchedules, GoldenFilesAgreeWithSpec,
                         ::testing::ValuesIn(goldenFilesAgreeWithSpecRows()), rl::test::RowName());

// docs/model.md §4's example: with Fibonacci-stat, P0 receives from 1, 2, 3, 5 in that order; 3
// from 4; 5 from 6 then 7.
TEST(GoldenSchedules, GoldenFibonacciReceptionOrder) {
    for (const std::string& file :
         {std::string("fibonacci_n8_c1_d1.csv"), std::string("fibonacci_n8_c0.5_d1.csv")}) {
        std::map<int, std::vector<int>> receptions;
        for (const Op& op : parseGolden(file)) {
            if (op.kind == "transfer") {
                receptions[op.peer].push_back(op.proc);
            }
        }
        ASSERT_EQ(receptions[0], (std::vector<int>{1, 2, 3, 5}));
        ASSERT_EQ(receptions[3], (std::vector<int>{4}));
        ASSERT_EQ(receptions[5], (std::vector<int>{6, 7}));
    }
}

// docs/model.md §6: for n = 8 Binomial-stat, Tree-dyn and Non-Commut-Tree-dyn build the same
// schedule.
TEST(GoldenSchedules, ThreeGoldenTreesAreIdentical) {
    const std::vector<std::string> binomial = readGolden("binomial_n8_c1_d1.csv");
    ASSERT_TRUE(!binomial.empty());
    ASSERT_EQ(readGolden("tree-dyn_n8_c1_d1.csv"), binomial);
    ASSERT_EQ(readGolden("nctd_n8_c1_d1.csv"), binomial);
}
