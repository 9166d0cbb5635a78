// Fixed platform costs (docs/model.md §2): the matrix file format and its error messages, the
// presets of the papers, simulations on fixed matrices (every operation lasts its fixed cost; RR
// Th. 1's worst case), and matrices drawn once per replicate on common random numbers.
#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "engine/kernel.h"
#include "platform/fixed_costs.h"
#include "platform/matrix_presets.h"
#include "schedule/schedule_validator.h"

#include "../../test_support.h"

#include <cmath>
#include <limits>

using namespace rl;
using rl::test::contains;

namespace {

std::string parseError(const char* text) {
    try {
        FixedCosts::parseCsv(text, "costs.csv");
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

std::string presetError(const char* text, int n) {
    try {
        parsePreset(text, n);
    } catch (const InputError& e) {
        return e.what();
    }
    return {};
}

std::string joined(const std::vector<std::string>& errors) {
    return rl::test::join(errors, "; ");
}

// d[i][j] for i != j and c[j] of a matrix, compared entry by entry.
void compareCosts(const FixedCosts& a, const FixedCosts& b) {
    ASSERT_EQ(a.n, b.n);
    for (int i = 0; i < a.n; ++i) {
        for (int j = 0; j < a.n; ++j) {
            if (i != j) {
                ASSERT_FUZZY_EQ(a.transfer(i, j), b.transfer(i, j));
            }
        }
        ASSERT_FUZZY_EQ(a.reduction(i), b.reduction(i));
    }
}

// Simulates every algorithm valid in the mode on `costs` and checks docs/model.md §5 with the
// matrix.
void checkAllAlgorithms(const FixedCosts& costs, const char* what) {
    for (const Algorithm& info : algorithms()) {
        for (bool nc : {false, true}) {
            if (nc && !info.validNonCommutative()) {
                continue;
            }
            Simulator sim(info, costs.n, nc, CostModel::fixedMatrix(costs));
            const Schedule s = sim.schedule(1, 0);
            const auto errors = validateSchedule(s, &costs);
            ASSERT_TRUE(errors.empty())
                << what << " " << s.algorithm << " nc=" << nc << ": " << joined(errors);
            ASSERT_FUZZY_EQ(sim.makespan(1, 0), s.makespan);
        }
    }
}

} // namespace

TEST(FixedCosts, ParseValidMatrix) {
    const FixedCosts f = FixedCosts::parseCsv("0,1,2\n3,0,4\n5,6,0\n", "costs.csv");
    ASSERT_EQ(f.n, 3);
    ASSERT_FUZZY_EQ(f.transfer(0, 1), 1.0);
    ASSERT_FUZZY_EQ(f.transfer(0, 2), 2.0);
    ASSERT_FUZZY_EQ(f.transfer(1, 0), 3.0);
    ASSERT_FUZZY_EQ(f.transfer(2, 1), 6.0);
    // No reduction row: c = 0.
    ASSERT_EQ(f.c, (std::vector<double>{0, 0, 0}));
}

TEST(FixedCosts, ParseWithReductionRowCommentsAndBlanks) {
    const char* text = "# a comment line\n"
                       "\n"
                       "  7 , 1.5, 2e-1\r\n" // blanks and CRLF around fields are accepted
                       "3,-9,4\n"            // the diagonal is unused: any value, stored as 0
                       "   # indented comment\n"
                       "5,6,0\n"
                       "\n"
                       "0.5,0.25,0\n";
    const FixedCosts f = FixedCosts::parseCsv(text, "costs.csv");
    ASSERT_EQ(f.n, 3);
    ASSERT_FUZZY_EQ(f.transfer(0, 1), 1.5);
    ASSERT_FUZZY_EQ(f.transfer(0, 2), 0.2);
    ASSERT_FUZZY_EQ(f.d[0], 0.0);
    ASSERT_FUZZY_EQ(f.d[4], 0.0);
    ASSERT_EQ(f.c, (std::vector<double>{0.5, 0.25, 0.0}));
    ASSERT_FUZZY_EQ(f.minTransfer(), 0.2);
}

struct ParseErrorsRow {
    std::string name;
    std::string text;
    std::vector<std::string> expected;
};

std::vector<ParseErrorsRow> parseErrorsRows() {
    return {
        {"ragged row", "0,1,2\n3,0\n5,6,0\n", {"costs.csv:2:", "expected 3 values, found 2"}},
        // The line number counts comments and blank lines: it is the line in the file.
        {"ragged row after comments",
         "# header\n\n0,1\n1,0,3\n",
         {"costs.csv:4:", "expected 2 values, found 3"}},
        {"short reduction row", "0,1\n1,0\n4\n", {"costs.csv:3:", "found 1"}},
        {"3 rows of 4",
         "0,1,1,1\n1,0,1,1\n1,1,0,1\n",
         {"costs.csv:", "expected 4 rows", "found 3 rows"}},
        {"too many rows", "0,1\n1,0\n1,1\n1,1\n", {"costs.csv:", "found 4 rows"}},
        {"not a number",
         "0,1,2\n3,x,4\n5,6,0\n",
         {"costs.csv:2:", "column 2", "'x' is not a number"}},
        {"empty field", "0,1\n1,\n", {"costs.csv:2:", "column 2", "is not a number"}},
        {"nan", "0,1\nnan,0\n", {"costs.csv:2:", "column 1", "NaN"}},
        // A negative or infinite cost is named by its matrix entry (the check runs after parsing).
        {"negative transfer cost", "0,1\n-1,0\n", {"costs.csv:", "d[1][0]", ">= 0"}},
        {"infinite transfer cost", "0,inf\n1,0\n", {"costs.csv:", "d[0][1]", "finite"}},
        {"negative reduction cost", "0,1\n1,0\n0,-2\n", {"costs.csv:", "c[1]", ">= 0"}},
        {"empty file", "", {"costs.csv:", "no cost rows"}},
        {"only comments", "# nothing\n\n", {"costs.csv:", "no cost rows"}},
    };
}

class ParseErrors : public ::testing::TestWithParam<ParseErrorsRow> {};

TEST_P(ParseErrors, Row) {
    auto text = GetParam().text;
    auto expected = GetParam().expected;
    const std::string message = parseError(text.c_str());
    ASSERT_TRUE(!message.empty()) << "accepted: " + text;
    for (const std::string& e : expected) {
        ASSERT_TRUE(contains(message, e)) << "'" << message << "' lacks '" << e << "'";
    }
    ASSERT_TRUE(!contains(message, '\n')) << message;
}
INSTANTIATE_TEST_SUITE_P(FixedCosts, ParseErrors, ::testing::ValuesIn(parseErrorsRows()),
                         rl::test::RowName());

// toCsv() writes the shortest text that reads back to the same double: exact round trip.
TEST(FixedCosts, ToCsvRoundTrips) {
    FixedCosts f = FixedCosts::worstCase(4, 0.1, 1.0 / 3.0, 0.0);
    f.d[1 * 4 + 2] = 1.2345678901234567e-99;
    f.d[3 * 4 + 0] = 12345.678901234567;
    f.c = {0.0, 2.0 / 3.0, 3.3333333333333333e-100, 7.0};
    const FixedCosts g = FixedCosts::parseCsv(f.toCsv(), "roundtrip");
    compareCosts(g, f);
    ASSERT_EQ(g.toCsv(), f.toCsv());
    // n = 1: a lone diagonal and a reduction row.
    const FixedCosts one = FixedCosts::homogeneous(1, 1.0, 0.5);
    compareCosts(FixedCosts::parseCsv(one.toCsv(), "one"), one);
}

TEST(FixedCosts, HomogeneousPreset) {
    const FixedCosts f = FixedCosts::homogeneous(4, 2.0, 0.5);
    ASSERT_EQ(f.n, 4);
    for (int i = 0; i < 4; ++i) {
        for (int j = 0; j < 4; ++j) {
            if (i != j) {
                ASSERT_FUZZY_EQ(f.transfer(i, j), 2.0);
            }
        }
        ASSERT_FUZZY_EQ(f.reduction(i), 0.5);
    }
    compareCosts(parsePreset("homogeneous:2:0.5", 4), f);
}

// RR Th. 1 / Th. 4: d towards higher indices, D towards lower ones.
TEST(FixedCosts, WorstCasePreset) {
    const FixedCosts f = FixedCosts::worstCase(5, 1.0, 4.0, 0.25);
    for (int i = 0; i < 5; ++i) {
        for (int j = 0; j < 5; ++j) {
            if (i != j) {
                ASSERT_FUZZY_EQ(f.transfer(i, j), i < j ? 1.0 : 4.0);
            }
        }
        ASSERT_FUZZY_EQ(f.reduction(i), 0.25);
    }
    compareCosts(parsePreset("worstcase:1:4:0.25", 5), f);
    compareCosts(parsePreset("worstcase:1:4", 5), FixedCosts::worstCase(5, 1.0, 4.0, 0.0));
}

// Liu-Wang: sender-only costs d[i][j] = t(Pi), no reduction cost.
TEST(FixedCosts, LiuWangPresets) {
    const std::vector<double> t1{10, 5, 5, 5, 4, 2, 2};
    const FixedCosts f1 = FixedCosts::liuWangFig1();
    ASSERT_EQ(f1.n, 7);
    for (int i = 0; i < 7; ++i) {
        for (int j = 0; j < 7; ++j) {
            if (i != j) {
                ASSERT_FUZZY_EQ(f1.transfer(i, j), t1[static_cast<std::size_t>(i)]);
            }
        }
        ASSERT_FUZZY_EQ(f1.reduction(i), 0.0);
    }
    compareCosts(parsePreset("liuwang-fig1", 0), f1);

    const FixedCosts f8 = FixedCosts::liuWangFig8(1.5);
    ASSERT_EQ(f8.n, 12);
    for (int i = 0; i < 12; ++i) {
        ASSERT_FUZZY_EQ(f8.transfer(i, i == 0 ? 1 : 0), i < 4 ? 1.5 : 1.0);
        ASSERT_FUZZY_EQ(f8.reduction(i), 0.0);
    }
    compareCosts(parsePreset("liuwang-fig8:1.5", 0), f8);
    compareCosts(parsePreset("senderonly:3,1,2", 0), FixedCosts::senderOnly({3, 1, 2}));
}

struct PresetErrorsRow {
    std::string name;
    std::string text;
    int n;
    std::string expected;
};

std::vector<PresetErrorsRow> presetErrorsRows() {
    return {
        {"unknown", "ring:1", 4, "expected homogeneous:D:C"},
        {"empty", "", 4, "expected homogeneous:D:C"},
        {"homogeneous missing c", "homogeneous:2", 4, "expected homogeneous:D:C"},
        {"fig1 with a parameter", "liuwang-fig1:3", 4, "expected homogeneous:D:C"},
        {"fig8 without x", "liuwang-fig8", 4, "expected homogeneous:D:C"},
        {"not a number", "worstcase:1:x", 4, "'x' is not a number"},
        {"negative cost", "homogeneous:-1:0", 4, ">= 0"},
        {"nan", "liuwang-fig8:nan", 4, "NaN"},
        {"n = 0", "homogeneous:1:1", 0, "needs the number of processors"},
        {"empty sender list", "senderonly:", 0, "is not a number"},
    };
}

class PresetErrors : public ::testing::TestWithParam<PresetErrorsRow> {};

TEST_P(PresetErrors, Row) {
    auto text = GetParam().text;
    auto n = GetParam().n;
    auto expected = GetParam().expected;
    const std::string message = presetError(text.c_str(), n);
    ASSERT_TRUE(!message.empty()) << "accepted: " + text;
    ASSERT_TRUE(contains(message, expected)) << message;
}
INSTANTIATE_TEST_SUITE_P(FixedCosts, PresetErrors, ::testing::ValuesIn(presetErrorsRows()),
                         rl::test::RowName());

// validateSchedule(s, &fixed) also checks that every operation lasts its fixed cost and the
// ceil(log2 n) min d lower bound: it must hold for every algorithm on every preset.
TEST(FixedCosts, SimulationsHonourFixedCosts) {
    checkAllAlgorithms(FixedCosts::homogeneous(13, 1.0, 0.7), "homogeneous n=13");
    checkAllAlgorithms(FixedCosts::worstCase(16, 1.0, 4.0, 0.5), "worst case n=16");
    checkAllAlgorithms(FixedCosts::worstCase(11, 2.0, 0.5, 0.0), "reversed worst case n=11");
    checkAllAlgorithms(FixedCosts::liuWangFig1(), "Liu-Wang Fig. 1");
    checkAllAlgorithms(FixedCosts::liuWangFig8(1.5), "Liu-Wang Fig. 8");
    // An irregular matrix: every entry different, so a wrong (i, j) lookup shows.
    FixedCosts f = FixedCosts::homogeneous(9, 1.0, 0.0);
    for (int i = 0; i < 9; ++i) {
        for (int j = 0; j < 9; ++j) {
            f.d[static_cast<std::size_t>(i * 9 + j)] = i == j ? 0.0 : 1.0 + 0.1 * i + 0.01 * j;
        }
        f.c[static_cast<std::size_t>(i)] = 0.05 * i;
    }
    checkAllAlgorithms(f, "irregular n=9");
}

// RR Th. 1: on the worst-case instance (d = 1 towards higher indices, D = 4 towards lower
// ones, c = 0) with n a power of two, Binomial-stat and Tree-dyn only ever send from a
// higher to a lower index, so every one of the log2 n rounds costs D.
TEST(FixedCosts, WorstCaseInstanceCostsDLog2n) {
    const double d = 1.0;
    const double bigD = 4.0;
    for (int log2n : {3, 4, 5}) {
        const int n = 1 << log2n;
        const FixedCosts f = FixedCosts::worstCase(n, d, bigD, 0.0);
        for (AlgorithmId a : {AlgorithmId::BinomialStat, AlgorithmId::TreeDyn}) {
            const Schedule s = Simulator(a, n, false, CostModel::fixedMatrix(f)).schedule(1, 0);
            ASSERT_TRUE(s.makespan == bigD * log2n) << s.algorithm << " n=" << n << ": "
                                                    << s.makespan << " instead of " << bigD * log2n;
            for (const TransferOp& t : s.transfers) {
                ASSERT_TRUE(t.from > t.to);
            }
            ASSERT_TRUE(validateSchedule(s, &f).empty());
        }
    }
}

// DrawnMatrix: d from the transfer stream, then c from the reduction stream, once per
// replicate; every algorithm of a replicate sees the same matrix (common random numbers).
TEST(FixedCosts, DrawnMatrixIsCommonToAlgorithms) {
    const int n = 12;
    const std::uint64_t seed = 77;
    const Law comm = Law::gamma(1.0, 0.5);
    const Law comp = Law::gamma(0.5, 0.5);
    const CostModel model = CostModel::drawnMatrix(comm, comp);
    FixedCosts drawn[2];
    for (std::uint64_t rep = 0; rep < 2; ++rep) {
        drawMatrix(drawn[rep], n, LawSampler(comm), LawSampler(comp), seed, rep);
        ASSERT_TRUE(drawn[rep].minTransfer() > 0.0);
    }
    // Replicates draw different matrices, in every entry.
    for (std::size_t k = 0; k < drawn[0].d.size(); ++k) {
        if (k % (n + 1) != 0) {
            ASSERT_TRUE(drawn[0].d[k] != drawn[1].d[k]);
        }
    }
    ASSERT_TRUE(drawn[0].c != drawn[1].c);

    for (const Algorithm& info : algorithms()) {
        Simulator sim(info, n, false, model);
        for (std::uint64_t rep = 0; rep < 2; ++rep) {
            const FixedCosts& f = drawn[rep];
            const Schedule s = sim.schedule(seed, rep);
            // Every operation lasts exactly the drawn entry (the engine computes end as
            // start + cost, so the sum is bit-exact).
            for (const TransferOp& t : s.transfers) {
                ASSERT_FUZZY_EQ(t.end, t.start + f.transfer(t.from, t.to));
            }
            for (const ReductionOp& r : s.reductions) {
                ASSERT_FUZZY_EQ(r.end, r.start + f.reduction(r.proc));
            }
            ASSERT_TRUE(validateSchedule(s, &f).empty());
            ASSERT_FUZZY_EQ(sim.makespan(seed, rep), s.makespan);
            // ...and not the other replicate's matrix.
            const FixedCosts& other = drawn[1 - rep];
            ASSERT_TRUE(!validateSchedule(s, &other).empty());
        }
    }
}

TEST(FixedCosts, DrawnMatrixOrder) {
    // Row-major, skipping the diagonal: the k-th draw of the transfer stream is the k-th
    // off-diagonal entry; c takes the reduction stream from its start.
    const int n = 4;
    const LawSampler comm(Law::exponential(1.0));
    const LawSampler comp(Law::uniform(1.0, 0.5));
    FixedCosts f;
    drawMatrix(f, n, comm, comp, 5, 3);
    Rng t(5, 3, Stream::Transfer);
    Rng r(5, 3, Stream::Reduction);
    for (int i = 0; i < n; ++i) {
        for (int j = 0; j < n; ++j) {
            if (i != j) {
                ASSERT_FUZZY_EQ(f.transfer(i, j), comm(t));
            }
        }
    }
    for (int j = 0; j < n; ++j) {
        ASSERT_FUZZY_EQ(f.reduction(j), comp(r));
    }
}

// A matrix for another n is refused with both sizes in the message.
TEST(FixedCosts, MatrixSizeMustMatchRun) {
    const CostModel model = CostModel::fixedMatrix(FixedCosts::homogeneous(4, 1.0, 0.0));
    model.validate(4);
    try {
        model.validate(5);
        FAIL() << "a 4x4 matrix was accepted for n = 5";
    } catch (const InputError& e) {
        const std::string m = e.what();
        ASSERT_TRUE(contains(m, "n = 4") && contains(m, "n = 5")) << m;
    }
    ASSERT_THROW(Simulator(AlgorithmId::TreeDyn, 5, false, model), InputError);
    ASSERT_THROW(Simulator(AlgorithmId::FibonacciStat, 3, false, model), InputError);
}

// A hand-built matrix that breaks its own invariants is refused before any run.
TEST(FixedCosts, InvalidMatrixRefused) {
    FixedCosts f = FixedCosts::homogeneous(3, 1.0, 0.0);
    f.d[1] = -1.0;
    ASSERT_THROW(CostModel::fixedMatrix(f).validate(3), InputError);
    f = FixedCosts::homogeneous(3, 1.0, 0.0);
    f.c.pop_back();
    ASSERT_THROW(CostModel::fixedMatrix(f).validate(3), InputError);
    f = FixedCosts::homogeneous(3, 1.0, 0.0);
    f.c[2] = std::numeric_limits<double>::quiet_NaN();
    ASSERT_THROW(Simulator(AlgorithmId::BinomialStat, 3, false, CostModel::fixedMatrix(f)),
                 InputError);
}
