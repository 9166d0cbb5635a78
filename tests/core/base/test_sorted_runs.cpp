// Sorted runs give exactly what the serial statistics give on the concatenated values: the
// radix sort sorts like std::sort; type-7 quantiles are the same to the bit (the same order
// statistics, through the sampled brackets and their widening); the histogram counts equal the
// bin formula's, edges and ties included; the nearest value to a median is found in the first
// run that holds one.
#include "base/rng.h"
#include "base/sorted_runs.h"
#include "base/statistics.h"
#include "platform/law.h"

#include "../../test_support.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <span>
#include <vector>

using namespace rl;

namespace {

// Values cut into runs of the given lengths, each sorted; `all` keeps them in their order.
struct Runs {
    std::vector<double> all;
    std::vector<double> sorted; // run by run
    std::vector<std::span<const double>> spans;
};

Runs makeRuns(const std::vector<double>& values, const std::vector<std::size_t>& lengths) {
    Runs r;
    r.all = values;
    r.sorted = values;
    std::size_t at = 0;
    for (std::size_t len : lengths) {
        sortValues(std::span<double>(r.sorted.data() + at, len));
        at += len;
    }
    at = 0;
    for (std::size_t len : lengths) {
        r.spans.emplace_back(r.sorted.data() + at, len);
        at += len;
    }
    return r;
}

std::vector<std::size_t> blocks(std::size_t total, std::size_t size) {
    std::vector<std::size_t> out;
    for (std::size_t at = 0; at < total; at += size) {
        out.push_back(std::min(size, total - at));
    }
    return out;
}

std::vector<double> sample(const Law& law, std::size_t count, std::uint64_t seed) {
    const LawSampler sampler(law);
    Rng rng(seed, 0, Stream::Transfer);
    std::vector<double> x(count);
    for (double& v : x) {
        v = sampler(rng);
    }
    return x;
}

// Bit equality, NaN excluded (there is none).
bool same(const std::vector<double>& a, const std::vector<double>& b) {
    return a.size() == b.size() &&
           std::equal(a.begin(), a.end(), b.begin(),
                      [](double x, double y) { return std::memcmp(&x, &y, sizeof x) == 0; });
}

const std::vector<double> kProbs{0.0, 1e-6, 0.1, 0.25, 0.5, 0.5000001, 0.9, 0.999, 1.0};

} // namespace

TEST(SortedRuns, SortsLikeStdSort) {
    std::mt19937_64 g(4);
    std::uniform_real_distribution<double> u(-1e3, 1e3);
    for (std::size_t n : {0U, 1U, 63U, 64U, 1000U, 1024U, 5000U}) {
        std::vector<double> v(n);
        for (double& x : v) {
            x = u(g);
        }
        // Ties, zeros, tiny and huge magnitudes, infinities.
        for (std::size_t i = 0; i + 7 < n; i += 7) {
            v[i] = v[i + 1];
            v[i + 3] = 0.0;
            v[i + 5] = (i % 2 != 0U) ? 1e-300 : -1e300;
        }
        if (n > 10) {
            v[2] = std::numeric_limits<double>::infinity();
            v[9] = -std::numeric_limits<double>::infinity();
        }
        std::vector<double> expected = v;
        std::sort(expected.begin(), expected.end());
        sortValues(v);
        ASSERT_TRUE(same(v, expected));
    }
}

struct QuantilesEqualTheSerialOnesRow {
    std::string name;
    int count;
    int runSize;
    double cv;
};

std::vector<QuantilesEqualTheSerialOnesRow> quantilesEqualTheSerialOnesRows() {
    return {
        {"one run", 1000, 1024, 0.5},
        {"two runs, partial last", 1500, 1024, 1.0},
        {"small runs (no sample)", 3000, 30, 1.0},
        {"many blocks (sampled brackets)", 200000, 1024, 0.3},
        {"many blocks, heavy tail", 150000, 1024, 5.0},
        {"one value", 1, 1024, 1.0},
    };
}

class QuantilesEqualTheSerialOnes
    : public ::testing::TestWithParam<QuantilesEqualTheSerialOnesRow> {};

TEST_P(QuantilesEqualTheSerialOnes, Row) {
    auto count = GetParam().count;
    auto runSize = GetParam().runSize;
    auto cv = GetParam().cv;
    const auto n = static_cast<std::size_t>(count);
    Runs r =
        makeRuns(sample(Law::gamma(3.0, cv), n, 11), blocks(n, static_cast<std::size_t>(runSize)));
    SortedRuns runs(r.spans);
    ASSERT_EQ(runs.size(), std::uint64_t(n));
    std::vector<double> copy = r.all;
    ASSERT_TRUE(same(runs.quantilesType7(kProbs), quantilesType7(copy, kProbs)));
    // Every rank of a small one, and its neighbour.
    if (n <= 3000) {
        std::vector<double> s = r.all;
        std::sort(s.begin(), s.end());
        for (std::size_t k = 0; k < n; ++k) {
            const auto [lo, hi] = runs.orderStatistics(k);
            ASSERT_FUZZY_EQ(lo, s[k]);
            ASSERT_FUZZY_EQ(hi, s[std::min(k + 1, n - 1)]);
        }
    }
}
INSTANTIATE_TEST_SUITE_P(SortedRuns, QuantilesEqualTheSerialOnes,
                         ::testing::ValuesIn(quantilesEqualTheSerialOnesRows()),
                         rl::test::RowName());

// Heavy ties (constant costs give identical makespans) and values that the sample cannot
// bracket at first: the widening still ends with the exact statistic.
TEST(SortedRuns, TiesAndSkewedRuns) {
    std::vector<double> v(100000, 7.0);
    for (std::size_t i = 0; i < v.size(); i += 97) {
        v[i] = 3.0 + static_cast<double>(i % 5);
    }
    // One run holds all the small values: the other runs' samples say nothing of them.
    for (std::size_t i = 0; i < 1024; ++i) {
        v[i] = 1e-3 * static_cast<double>(i);
    }
    Runs r = makeRuns(v, blocks(v.size(), 1024));
    SortedRuns runs(r.spans);
    std::vector<double> copy = v;
    ASSERT_TRUE(same(runs.quantilesType7(kProbs), quantilesType7(copy, kProbs)));
    for (double p : {0.001, 0.005, 0.0102, 0.0103, 0.011}) {
        std::vector<double> c = v;
        ASSERT_TRUE(same(runs.quantilesType7({p}), quantilesType7(c, {p})));
    }
}

struct HistogramCountsEqualTheBinFormulaRow {
    std::string name;
    int bins;
    double cv;
};

std::vector<HistogramCountsEqualTheBinFormulaRow> histogramCountsEqualTheBinFormulaRows() {
    return {
        {"40 bins", 40, 1.0},
        {"one bin", 1, 1.0},
        {"more bins than values per run", 5000, 0.2},
        {"small spread", 37, 1e-9},
    };
}

class HistogramCountsEqualTheBinFormula
    : public ::testing::TestWithParam<HistogramCountsEqualTheBinFormulaRow> {};

TEST_P(HistogramCountsEqualTheBinFormula, Row) {
    auto bins = GetParam().bins;
    auto cv = GetParam().cv;
    Runs r = makeRuns(sample(Law::gamma(2.0, cv), 30000, 3), blocks(30000, 1024));
    const auto [lo, hi] = std::minmax_element(r.all.begin(), r.all.end());
    SortedRuns runs(r.spans);
    ASSERT_EQ(runs.histogram(*lo, *hi, bins), histogram(r.all, *lo, *hi, bins));
    // Values exactly on the edges: lo + k * width.
    std::vector<double> edges;
    for (int k = 0; k <= 50; ++k) {
        edges.push_back(1.0 + 0.1 * k);
        edges.push_back(1.0 + 0.1 * k);
    }
    Runs e = makeRuns(edges, blocks(edges.size(), 7));
    ASSERT_EQ(SortedRuns(e.spans).histogram(1.0, 6.0, 50), histogram(edges, 1.0, 6.0, 50));
    // A single value: one bin holds everything.
    const std::vector<double> flat(10, 4.0);
    Runs f = makeRuns(flat, {4, 6});
    ASSERT_EQ(SortedRuns(f.spans).histogram(4.0, 4.0, 3), histogram(flat, 4.0, 4.0, 3));
}
INSTANTIATE_TEST_SUITE_P(SortedRuns, HistogramCountsEqualTheBinFormula,
                         ::testing::ValuesIn(histogramCountsEqualTheBinFormulaRows()),
                         rl::test::RowName());

TEST(SortedRuns, NearestRunIsTheFirstAtTheSmallestDistance) {
    std::vector<double> v = sample(Law::gamma(1.0, 1.0), 5000, 8);
    for (std::size_t i = 0; i < v.size(); i += 13) {
        v[i] = std::round(v[i] * 4.0) / 4.0; // ties at equal distances on both sides
    }
    const std::vector<std::size_t> lengths = blocks(v.size(), 1024);
    Runs r = makeRuns(v, lengths);
    SortedRuns runs(r.spans);
    for (double target : {0.0, 0.25, 0.5, 0.6931, 1.0, 1.125, 7.0, 1e9}) {
        double best = std::numeric_limits<double>::infinity();
        std::size_t first = 0;
        for (std::size_t i = 0; i < v.size(); ++i) {
            if (std::abs(v[i] - target) < best) {
                best = std::abs(v[i] - target);
                first = i;
            }
        }
        const auto [distance, run] = runs.nearestRun(target);
        ASSERT_FUZZY_EQ(distance, best);
        ASSERT_EQ(run, first / 1024); // the block of the lowest index at that distance
    }
}
