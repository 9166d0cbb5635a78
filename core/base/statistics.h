#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace rl {

/// Running count, mean, sum of squared deviations, min and max (Welford); merge() is Chan et
/// al.'s pairwise update, so blocks merged in a fixed order give bit-identical results.
struct Moments {
    std::uint64_t count = 0;
    double mean = 0.0;
    double m2 = 0.0;
    double min = 0.0;
    double max = 0.0;

    void add(double x);
    void merge(const Moments& other);
    /// Unbiased variance (0 for fewer than two values).
    double variance() const { return count > 1 ? m2 / static_cast<double>(count - 1) : 0.0; }
    double standardError() const;
};

/// Quantile of probability p by linear interpolation between order statistics (type 7 of R and
/// numpy). Reorders `values`. `probs` must be sorted ascending; returns one value per prob.
std::vector<double> quantilesType7(std::vector<double>& values, const std::vector<double>& probs);

/// Type 7's lower rank for p among n values: floor(h) with h = (n - 1) p.
std::uint64_t type7Rank(std::uint64_t n, double p);
/// Type 7's quantile from the order statistics of ranks type7Rank(n, p) and the next (the
/// same value twice at the last rank): the one formula every quantile of the project uses.
double type7Value(std::uint64_t n, double p, double xlo, double xhi);

/// Streaming quantile estimator for runs too large to keep (memory stays bounded).
///
/// A log-linear histogram (as HdrHistogram): each binade [2^e, 2^(e+1)) for e in [-64, 64) is
/// cut into 1024 equal buckets, so a bucket spans a relative width of at most 2^-10; values
/// below 2^-64 (and 0) share a "zero" bucket, values from 2^64 an overflow bucket. A quantile is
/// computed as type 7 from the two order statistics it needs, each estimated by the middle of
/// the bucket holding it (clamped to the exact min and max). Error bound: each estimated order
/// statistic, hence the interpolated quantile, is within a relative kRelativeError = 2^-11
/// (0.049%) of the exact one (absolute 2^-64 in the zero bucket). Memory: up to kSparseLimit
/// values it keeps each value's bucket (16 KiB at most), then 1 MiB of counts: a Monte Carlo
/// block of 1,024 replicates has its own histogram, and zeroing and merging 1 MiB per block
/// cost more than its simulations at n = 64 (the result is the same either way).
class LogHistogram {
  public:
    static constexpr double kRelativeError = 1.0 / 2048.0;

    LogHistogram();
    void add(double x);
    void merge(const LogHistogram& other);
    std::uint64_t count() const { return m_count; }
    /// Type-7 quantile estimates for sorted probabilities, clamped to [min, max].
    std::vector<double> quantiles(const std::vector<double>& probs, double min, double max) const;
    /// Counts re-binned on `bins` equal-width bins over [lo, hi] (bucket middles).
    std::vector<std::uint64_t> rebin(double lo, double hi, int bins) const;

    using Buckets = std::vector<std::pair<std::uint32_t, std::uint64_t>>;
    /// The non-empty buckets as (bucket, count) pairs in increasing order, for sending a
    /// histogram to another process: a block of 1,024 replicates fills at most 1,024 of the
    /// 131,074 buckets.
    Buckets nonEmptyBuckets() const;
    /// Adds `count` values to bucket `bucket` (the inverse of nonEmptyBuckets); throws
    /// InputError when the bucket does not exist.
    void addToBucket(std::uint32_t bucket, std::uint64_t count);

    /// Values kept as bucket numbers before the histogram switches to counts.
    static constexpr std::size_t kSparseLimit = 4096;

  private:
    static constexpr int kSubBits = 10;
    static constexpr int kMinExp = -64;
    static constexpr int kMaxExp = 64;
    static constexpr std::size_t kBuckets = static_cast<std::size_t>(kMaxExp - kMinExp)
                                            << kSubBits; // plus zero and overflow
    std::size_t bucketOf(double x) const;
    double bucketMiddle(std::size_t bucket, double max) const;
    double orderStatistic(const Buckets& buckets, std::uint64_t rank, double min, double max) const;
    void addBucket(std::uint32_t bucket);
    void makeDense();

    // Counts: [0] zero, [1..kBuckets] regular, [kBuckets+1] overflow; empty while the values'
    // buckets fit in m_sparse (one entry per value, unsorted).
    std::vector<std::uint64_t> m_counts;
    std::vector<std::uint32_t> m_sparse;
    std::uint64_t m_count = 0;
};

/// Equal-width histogram of `values` on [lo, hi] (a single bin when lo == hi).
std::vector<std::uint64_t> histogram(std::span<const double> values, double lo, double hi,
                                     int bins);
inline std::vector<std::uint64_t> histogram(const std::vector<double>& values, double lo, double hi,
                                            int bins) {
    return histogram(std::span<const double>(values), lo, hi, bins);
}
/// The bin of x in histogram(): (x - lo) / width truncated into [0, bins - 1], 0 when width is
/// not positive. Monotone in x (every step rounds monotonically).
std::size_t histogramBin(double x, double lo, double width, std::size_t bins);

} // namespace rl
