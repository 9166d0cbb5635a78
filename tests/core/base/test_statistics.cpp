// The summaries of docs/model.md §6: type-7 quantiles against values computed by hand (and R),
// Welford moments merged in blocks against a direct two-pass computation, the streaming
// LogHistogram against its documented error bound, and the equal-width histograms.
#include "base/rng.h"
#include "base/statistics.h"
#include "platform/law.h"

#include "../../test_support.h"

#include <iomanip>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <vector>

using namespace rl;
using rl::test::formatted;

namespace {

bool close(double a, double b, double rel) {
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

std::vector<double> type7(std::vector<double> values, const std::vector<double>& probs) {
    return quantilesType7(values, probs);
}

// The textbook definition: sort, h = (n-1) p, interpolate between x[floor h] and x[floor h + 1].
double naiveType7(std::vector<double> sorted, double p) {
    std::sort(sorted.begin(), sorted.end());
    const double h = static_cast<double>(sorted.size() - 1) * p;
    const auto lo = static_cast<std::size_t>(std::floor(h));
    const double hi = lo + 1 < sorted.size() ? sorted[lo + 1] : sorted[lo];
    return sorted[lo] + (h - static_cast<double>(lo)) * (hi - sorted[lo]);
}

std::vector<double> gammaSample(double mean, double cv, int count, std::uint64_t seed) {
    const LawSampler law(Law::gamma(mean, cv));
    Rng rng(seed, 0, Stream::Transfer);
    std::vector<double> x(static_cast<std::size_t>(count));
    for (double& v : x) {
        v = law(rng);
    }
    return x;
}

Moments addAll(const std::vector<double>& x, std::size_t from, std::size_t to) {
    Moments m;
    for (std::size_t i = from; i < to; ++i) {
        m.add(x[i]);
    }
    return m;
}

std::uint64_t total(const std::vector<std::uint64_t>& counts) {
    return std::accumulate(counts.begin(), counts.end(), std::uint64_t{0});
}

} // namespace

struct QuantilesByHandRow {
    std::string name;
    std::vector<double> values;
    std::vector<double> probs;
    std::vector<double> expected;
};

std::vector<QuantilesByHandRow> quantilesByHandRows() {
    return {
        // R: quantile(c(1,2,3,4), c(.1,.5,.9)) = 1.3 2.5 3.7 (h = 3p).
        {"1..4", std::vector<double>{1, 2, 3, 4}, std::vector<double>{0.1, 0.5, 0.9},
         std::vector<double>{1.3, 2.5, 3.7}},
        // The same values shuffled: the function sorts what it needs itself.
        {"1..4 shuffled", std::vector<double>{4, 1, 3, 2}, std::vector<double>{0.1, 0.5, 0.9},
         std::vector<double>{1.3, 2.5, 3.7}},
        {"single element", std::vector<double>{5}, std::vector<double>{0, 0.1, 0.5, 1},
         std::vector<double>{5, 5, 5, 5}},
        // p = 0 and p = 1 are the min and the max.
        {"ends", std::vector<double>{3, -1, 7, 2, 9.5}, std::vector<double>{0, 1},
         std::vector<double>{-1, 9.5}},
        // R: quantile(c(1,1,2,2,2,5), c(.25,.5,.9)) = 1.25 2 3.5 (h = 5p).
        {"duplicates", std::vector<double>{2, 1, 5, 2, 1, 2}, std::vector<double>{0.25, 0.5, 0.9},
         std::vector<double>{1.25, 2, 3.5}},
        // Two values: a straight line between them.
        {"two values", std::vector<double>{10, 20}, std::vector<double>{0.25, 0.75},
         std::vector<double>{12.5, 17.5}},
        // R: quantile(c(0,10,20,30,40,50,60,70,80,90,100), .33) = 33 (h = 3.3).
        {"0..100 step 10", std::vector<double>{100, 90, 80, 70, 60, 50, 40, 30, 20, 10, 0},
         std::vector<double>{0.33}, std::vector<double>{33}},
        {"all equal", std::vector<double>{4, 4, 4}, std::vector<double>{0, 0.3, 1},
         std::vector<double>{4, 4, 4}},
    };
}

class QuantilesByHand : public ::testing::TestWithParam<QuantilesByHandRow> {};

TEST_P(QuantilesByHand, Row) {
    auto values = GetParam().values;
    auto probs = GetParam().probs;
    auto expected = GetParam().expected;
    const std::vector<double> q = type7(values, probs);
    ASSERT_EQ(q.size(), expected.size());
    for (std::size_t i = 0; i < q.size(); ++i) {
        ASSERT_TRUE(std::abs(q[i] - expected[i]) <= 1e-12 * std::max(1.0, std::abs(expected[i])))
            << "p=" << probs[i] << ": " << q[i] << " instead of " << expected[i];
    }
}
INSTANTIATE_TEST_SUITE_P(Statistics, QuantilesByHand, ::testing::ValuesIn(quantilesByHandRows()),
                         rl::test::RowName());

// The implementation reuses partial sorts from one probability to the next; against a full
// sort on data with many ties and 101 probabilities it must agree exactly.
TEST(Statistics, QuantilesMatchFullSort) {
    Rng rng(11, 0, Stream::Transfer);
    std::vector<double> x(1001);
    for (double& v : x) {
        v = std::floor(rng.uniform01() * 200.0) / 4.0; // many duplicates
    }
    std::vector<double> probs;
    for (int i = 0; i <= 100; ++i) {
        probs.push_back(i / 100.0);
    }
    const std::vector<double> q = type7(x, probs);
    for (std::size_t i = 0; i < probs.size(); ++i) {
        ASSERT_FUZZY_EQ(q[i], naiveType7(x, probs[i]));
    }
}

// Welford add + Chan merge over blocks equals the two-pass mean and unbiased variance,
// however the data are cut, as long as blocks are merged left to right.
TEST(Statistics, MomentsMergeEqualsTwoPass) {
    const std::vector<double> x = gammaSample(5.0, 0.7, 100000, 3);
    long double sum = 0.0L;
    for (double v : x) {
        sum += v;
    }
    const long double mean = sum / static_cast<long double>(x.size());
    long double ss = 0.0L;
    for (double v : x) {
        ss += (v - mean) * (v - mean);
    }
    const double refMean = static_cast<double>(mean);
    const double refVar = static_cast<double>(ss / static_cast<long double>(x.size() - 1));
    const double refMin = *std::min_element(x.begin(), x.end());
    const double refMax = *std::max_element(x.begin(), x.end());

    Rng cut(4, 0, Stream::Reduction);
    for (std::size_t block : {std::size_t{0}, std::size_t{1}, std::size_t{7}, std::size_t{4096},
                              std::size_t{50000}, x.size()}) {
        Moments m;
        std::size_t at = 0;
        while (at < x.size()) {
            // block 0: random block sizes 0..999 (empty blocks included)
            const std::size_t len =
                block == 0 ? static_cast<std::size_t>(cut.uniform01() * 1000.0) : block;
            const std::size_t end = std::min(x.size(), at + len);
            m.merge(addAll(x, at, end));
            at = end;
        }
        const std::string what = formatted("blocks of %1", block);
        ASSERT_EQ(m.count, static_cast<std::uint64_t>(x.size()));
        ASSERT_TRUE(close(m.mean, refMean, 1e-12)) << what;
        ASSERT_TRUE(close(m.variance(), refVar, 1e-12)) << what;
        ASSERT_FUZZY_EQ(m.min, refMin);
        ASSERT_FUZZY_EQ(m.max, refMax);
        ASSERT_TRUE(
            close(m.standardError(), std::sqrt(refVar / static_cast<double>(x.size())), 1e-12));
    }
}

TEST(Statistics, MomentsEdgeCases) {
    Moments empty;
    ASSERT_FUZZY_EQ(empty.variance(), 0.0);
    ASSERT_FUZZY_EQ(empty.standardError(), 0.0);
    Moments one;
    one.add(-2.5);
    ASSERT_FUZZY_EQ(one.variance(), 0.0);
    ASSERT_FUZZY_EQ(one.min, -2.5);
    ASSERT_FUZZY_EQ(one.max, -2.5);
    // Merging with an empty side changes nothing, in either direction.
    Moments a = one;
    a.merge(empty);
    ASSERT_EQ(a.count, std::uint64_t{1});
    ASSERT_FUZZY_EQ(a.mean, -2.5);
    Moments b;
    b.merge(one);
    ASSERT_EQ(b.count, std::uint64_t{1});
    ASSERT_FUZZY_EQ(b.min, -2.5);
    // {1, 2, 3, 4}: mean 2.5, unbiased variance 5/3.
    Moments m;
    for (double v : {1.0, 2.0, 3.0, 4.0}) {
        m.add(v);
    }
    ASSERT_FUZZY_EQ(m.mean, 2.5);
    ASSERT_TRUE(close(m.variance(), 5.0 / 3.0, 1e-15));
}

// Every quantile estimated by the log histogram is within kRelativeError of the exact
// type-7 quantile of the same sample (statistics.h).
struct LogHistogramQuantilesWithinBoundRow {
    std::string name;
    double cv;
};

std::vector<LogHistogramQuantilesWithinBoundRow> logHistogramQuantilesWithinBoundRows() {
    return {
        {"cv 0.1", 0.1},
        {"cv 1", 1.0},
        {"cv 3 (values spanning many binades)", 3.0},
    };
}

class LogHistogramQuantilesWithinBound
    : public ::testing::TestWithParam<LogHistogramQuantilesWithinBoundRow> {};

TEST_P(LogHistogramQuantilesWithinBound, Row) {
    auto cv = GetParam().cv;
    std::vector<double> x = gammaSample(1.0, cv, 1000000, 5);
    LogHistogram h;
    for (double v : x) {
        h.add(v);
    }
    ASSERT_EQ(h.count(), static_cast<std::uint64_t>(x.size()));
    const double lo = *std::min_element(x.begin(), x.end());
    const double hi = *std::max_element(x.begin(), x.end());
    const std::vector<double> probs{0.01, 0.1, 0.5, 0.9, 0.99};
    const std::vector<double> estimate = h.quantiles(probs, lo, hi);
    const std::vector<double> exact = quantilesType7(x, probs);
    for (std::size_t i = 0; i < probs.size(); ++i) {
        const double rel = std::abs(estimate[i] - exact[i]) / exact[i];
        ASSERT_TRUE(rel <= LogHistogram::kRelativeError)
            << "p=" << probs[i] << ": " << std::setprecision(17) << estimate[i] << " vs exact "
            << exact[i] << " (relative error " << rel << ")";
    }
    // p = 0 and p = 1 are bucket middles too, clamped into [min, max]: within the bound of
    // the exact ends, never outside them.
    const std::vector<double> ends = h.quantiles({0.0, 1.0}, lo, hi);
    ASSERT_TRUE(ends[0] >= lo && ends[0] <= lo * (1.0 + LogHistogram::kRelativeError));
    ASSERT_TRUE(ends[1] <= hi && ends[1] >= hi * (1.0 - LogHistogram::kRelativeError));
}
INSTANTIATE_TEST_SUITE_P(Statistics, LogHistogramQuantilesWithinBound,
                         ::testing::ValuesIn(logHistogramQuantilesWithinBoundRows()),
                         rl::test::RowName());

// Merging two halves gives the same histogram as adding everything to one.
TEST(Statistics, LogHistogramMerge) {
    const std::vector<double> x = gammaSample(2.0, 0.8, 20000, 6);
    LogHistogram all;
    LogHistogram left;
    LogHistogram right;
    for (std::size_t i = 0; i < x.size(); ++i) {
        all.add(x[i]);
        (i % 3 == 0 ? left : right).add(x[i]);
    }
    left.merge(right);
    ASSERT_EQ(left.count(), all.count());
    const double lo = *std::min_element(x.begin(), x.end());
    const double hi = *std::max_element(x.begin(), x.end());
    const std::vector<double> probs{0.05, 0.25, 0.5, 0.75, 0.95};
    ASSERT_EQ(left.quantiles(probs, lo, hi), all.quantiles(probs, lo, hi));
    ASSERT_EQ(left.rebin(lo, hi, 17), all.rebin(lo, hi, 17));
}

// A histogram keeps its first kSparseLimit values as bucket numbers, then counts: every
// way of filling and merging, on both sides of the switch, describes the same histogram.
struct LogHistogramSparseAndDenseAgreeRow {
    std::string name;
    int values;
};

std::vector<LogHistogramSparseAndDenseAgreeRow> logHistogramSparseAndDenseAgreeRows() {
    return {
        {"one block (sparse)", 1024},
        {"just below the switch", static_cast<int>(LogHistogram::kSparseLimit) - 1},
        {"at the switch", static_cast<int>(LogHistogram::kSparseLimit)},
        {"many blocks (dense)", 20000},
    };
}

class LogHistogramSparseAndDenseAgree
    : public ::testing::TestWithParam<LogHistogramSparseAndDenseAgreeRow> {};

TEST_P(LogHistogramSparseAndDenseAgree, Row) {
    auto values = GetParam().values;
    const std::vector<double> x = gammaSample(1.0, 3.0, static_cast<std::size_t>(values), 9);
    LogHistogram all;
    for (double v : x) {
        all.add(v);
    }
    // Blocks of 1,000 merged one by one (sparse into sparse, then into dense), a dense
    // histogram merged into a sparse one, and the wire form (nonEmptyBuckets/addToBucket).
    LogHistogram blocks;
    for (std::size_t first = 0; first < x.size(); first += 1000) {
        LogHistogram block;
        for (std::size_t i = first; i < std::min(x.size(), first + 1000); ++i) {
            block.add(x[i]);
        }
        blocks.merge(block);
    }
    LogHistogram small;
    small.add(x[0]);
    LogHistogram rest;
    for (std::size_t i = 1; i < x.size(); ++i) {
        rest.add(x[i]);
    }
    small.merge(rest);
    LogHistogram wire;
    for (const auto& [bucket, count] : all.nonEmptyBuckets()) {
        wire.addToBucket(bucket, count);
    }
    const double lo = *std::min_element(x.begin(), x.end());
    const double hi = *std::max_element(x.begin(), x.end());
    const std::vector<double> probs{0.0, 0.01, 0.5, 0.9, 0.999, 1.0};
    std::uint64_t counted = 0;
    for (const auto& [bucket, count] : all.nonEmptyBuckets()) {
        counted += count;
    }
    ASSERT_EQ(counted, static_cast<std::uint64_t>(values));
    for (const LogHistogram* h : {&blocks, &small, &wire}) {
        ASSERT_EQ(h->count(), all.count());
        ASSERT_EQ(h->nonEmptyBuckets(), all.nonEmptyBuckets());
        ASSERT_EQ(h->quantiles(probs, lo, hi), all.quantiles(probs, lo, hi));
        ASSERT_EQ(h->rebin(lo, hi, 23), all.rebin(lo, hi, 23));
    }
    // In increasing bucket order, each bucket once.
    const LogHistogram::Buckets b = blocks.nonEmptyBuckets();
    for (std::size_t i = 1; i < b.size(); ++i) {
        ASSERT_TRUE(b[i - 1].first < b[i].first);
    }
}
INSTANTIATE_TEST_SUITE_P(Statistics, LogHistogramSparseAndDenseAgree,
                         ::testing::ValuesIn(logHistogramSparseAndDenseAgreeRows()),
                         rl::test::RowName());

// Zero (and anything below 2^-64) shares the zero bucket, estimated as 0 exactly.
TEST(Statistics, LogHistogramZeroBucket) {
    LogHistogram h;
    for (int i = 0; i < 100; ++i) {
        h.add(0.0);
    }
    h.add(1e-30); // below 2^-64 ~ 5.4e-20
    for (int i = 0; i < 99; ++i) {
        h.add(1.0);
    }
    // 200 values, h = 199 p: ranks 0..100 are in the zero bucket, 101..199 are 1.
    const std::vector<double> q = h.quantiles({0.0, 0.25, 0.5, 100.25 / 199.0, 1.0}, 0.0, 1.0);
    ASSERT_FUZZY_EQ(q[0], 0.0);
    ASSERT_FUZZY_EQ(q[1], 0.0);
    ASSERT_FUZZY_EQ(q[2], 0.0);  // h = 99.5: ranks 99 and 100
    ASSERT_FUZZY_EQ(q[3], 0.25); // h = 100.25: a quarter of the way from rank 100 (0) to 101 (1)
    ASSERT_FUZZY_EQ(q[4], 1.0);
    // Re-binned, the zero bucket lands in the first bin.
    const std::vector<std::uint64_t> bins = h.rebin(0.0, 1.0, 4);
    ASSERT_EQ(bins, (std::vector<std::uint64_t>{101, 0, 0, 99}));
}

struct LogHistogramRebinSumsToCountRow {
    std::string name;
    double lo;
    double hi;
    int bins;
};

std::vector<LogHistogramRebinSumsToCountRow> logHistogramRebinSumsToCountRows() {
    return {
        {"full range", 0.0, 40.0, 40},
        {"narrow range (values clamped)", 0.5, 1.5, 10},
        {"one bin", 0.0, 40.0, 1},
        {"lo == hi", 1.0, 1.0, 5},
    };
}

class LogHistogramRebinSumsToCount
    : public ::testing::TestWithParam<LogHistogramRebinSumsToCountRow> {};

TEST_P(LogHistogramRebinSumsToCount, Row) {
    auto lo = GetParam().lo;
    auto hi = GetParam().hi;
    auto bins = GetParam().bins;
    const std::vector<double> x = gammaSample(1.0, 1.0, 100000, 8);
    LogHistogram h;
    for (double v : x) {
        h.add(v);
    }
    h.add(0.0);
    const std::vector<std::uint64_t> counts = h.rebin(lo, hi, bins);
    ASSERT_EQ(counts.size(), static_cast<std::size_t>(bins));
    ASSERT_EQ(total(counts), h.count());
}
INSTANTIATE_TEST_SUITE_P(Statistics, LogHistogramRebinSumsToCount,
                         ::testing::ValuesIn(logHistogramRebinSumsToCountRows()),
                         rl::test::RowName());

TEST(Statistics, HistogramByHand) {
    // width 0.5: 0 -> bin 0, 0.5 -> 1, 1 -> 2, 1.25 -> 2, 1.5 -> 3, and the max 2 -> the last.
    const std::vector<double> x{0.0, 0.5, 1.0, 1.25, 1.5, 2.0};
    ASSERT_EQ(histogram(x, 0.0, 2.0, 4), (std::vector<std::uint64_t>{1, 1, 2, 2}));
    // lo == hi: everything in the first bin.
    ASSERT_EQ(histogram({3.0, 3.0}, 3.0, 3.0, 3), (std::vector<std::uint64_t>{2, 0, 0}));
}

// Over [min, max] of the data, counts sum to the size, and min and max land in the first
// and last bin (not past the end because of the closed upper edge).
TEST(Statistics, HistogramPutsMinFirstAndMaxLast) {
    const std::vector<double> x = gammaSample(1.0, 0.5, 10000, 9);
    const double lo = *std::min_element(x.begin(), x.end());
    const double hi = *std::max_element(x.begin(), x.end());
    for (int bins : {1, 2, 7, 40, 1000}) {
        const std::vector<std::uint64_t> counts = histogram(x, lo, hi, bins);
        ASSERT_EQ(counts.size(), static_cast<std::size_t>(bins));
        ASSERT_EQ(total(counts), static_cast<std::uint64_t>(x.size()));
        ASSERT_EQ(histogram({lo}, lo, hi, bins).front(), std::uint64_t{1});
        ASSERT_EQ(histogram({hi}, lo, hi, bins).back(), std::uint64_t{1});
    }
}
