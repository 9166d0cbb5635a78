#include "base/statistics.h"

#include "base/input_error.h"

#include <algorithm>
#include <cmath>
#include <cstring>

namespace rl {

void Moments::add(double x) {
    if (count == 0) {
        min = max = x;
    } else {
        min = std::min(min, x);
        max = std::max(max, x);
    }
    ++count;
    const double delta = x - mean;
    mean += delta / static_cast<double>(count);
    m2 += delta * (x - mean);
}

void Moments::merge(const Moments& o) {
    if (o.count == 0) {
        return;
    }
    if (count == 0) {
        *this = o;
        return;
    }
    const double na = static_cast<double>(count);
    const double nb = static_cast<double>(o.count);
    const double n = na + nb;
    const double delta = o.mean - mean;
    mean += delta * nb / n;
    m2 += o.m2 + delta * delta * na * nb / n;
    count += o.count;
    min = std::min(min, o.min);
    max = std::max(max, o.max);
}

double Moments::standardError() const {
    return count > 0 ? std::sqrt(variance() / static_cast<double>(count)) : 0.0;
}

std::vector<double> quantilesType7(std::vector<double>& values, const std::vector<double>& probs) {
    std::vector<double> out;
    if (values.empty()) {
        out.assign(probs.size(), 0.0);
        return out;
    }
    const std::size_t n = values.size();
    auto begin = values.begin();
    std::size_t done = 0; // values[0..done) hold the `done` smallest, in no particular order
    for (double p : probs) {
        const auto lo = static_cast<std::size_t>(type7Rank(n, p));
        std::nth_element(begin + static_cast<std::ptrdiff_t>(std::min(done, lo)),
                         begin + static_cast<std::ptrdiff_t>(lo), values.end());
        const double xlo = values[lo];
        double xhi = xlo;
        if (lo + 1 < n) {
            xhi = *std::min_element(begin + static_cast<std::ptrdiff_t>(lo + 1), values.end());
        }
        out.push_back(type7Value(n, p, xlo, xhi));
        done = lo;
    }
    return out;
}

std::uint64_t type7Rank(std::uint64_t n, double p) {
    return static_cast<std::uint64_t>(std::floor(static_cast<double>(n - 1) * p));
}

double type7Value(std::uint64_t n, double p, double xlo, double xhi) {
    const double h = static_cast<double>(n - 1) * p;
    return xlo + (h - std::floor(h)) * (xhi - xlo);
}

std::size_t histogramBin(double x, double lo, double width, std::size_t bins) {
    if (!(width > 0.0)) {
        return 0;
    }
    return static_cast<std::size_t>(
        std::clamp((x - lo) / width, 0.0, static_cast<double>(bins - 1)));
}

std::vector<std::uint64_t> histogram(std::span<const double> values, double lo, double hi,
                                     int bins) {
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(std::max(bins, 1)), 0);
    const double width = (hi - lo) / static_cast<double>(counts.size());
    for (double x : values) {
        ++counts[histogramBin(x, lo, width, counts.size())];
    }
    return counts;
}

LogHistogram::LogHistogram() = default;

std::size_t LogHistogram::bucketOf(double x) const {
    if (!(x >= 0x1p-64)) {
        return 0;
    }
    if (x >= 0x1p64) {
        return kBuckets + 1;
    }
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    const int exp = static_cast<int>((bits >> 52) & 0x7ff) - 1023;
    const auto sub = static_cast<std::size_t>((bits >> (52 - kSubBits)) & ((1U << kSubBits) - 1));
    return 1 + (static_cast<std::size_t>(exp - kMinExp) << kSubBits) + sub;
}

double LogHistogram::bucketMiddle(std::size_t bucket, double max) const {
    if (bucket == 0) {
        return 0.0;
    }
    if (bucket == kBuckets + 1) {
        return max;
    }
    const std::size_t b = bucket - 1;
    const int exp = static_cast<int>(b >> kSubBits) + kMinExp;
    const double sub = static_cast<double>(b & ((1U << kSubBits) - 1));
    return std::ldexp(1.0 + (sub + 0.5) / (1 << kSubBits), exp);
}

void LogHistogram::add(double x) {
    addBucket(static_cast<std::uint32_t>(bucketOf(x)));
    ++m_count;
}

void LogHistogram::addBucket(std::uint32_t bucket) {
    if (m_counts.empty()) {
        m_sparse.push_back(bucket);
        if (m_sparse.size() >= kSparseLimit) {
            makeDense();
        }
    } else {
        ++m_counts[bucket];
    }
}

void LogHistogram::makeDense() {
    if (!m_counts.empty()) {
        return;
    }
    m_counts.assign(kBuckets + 2, 0);
    for (const std::uint32_t b : m_sparse) {
        ++m_counts[b];
    }
    std::vector<std::uint32_t>().swap(m_sparse);
}

void LogHistogram::merge(const LogHistogram& other) {
    if (other.m_counts.empty()) {
        for (const std::uint32_t b : other.m_sparse) {
            addBucket(b);
        }
    } else {
        makeDense();
        for (std::size_t i = 0; i < m_counts.size(); ++i) {
            m_counts[i] += other.m_counts[i];
        }
    }
    m_count += other.m_count;
}

LogHistogram::Buckets LogHistogram::nonEmptyBuckets() const {
    Buckets out;
    if (m_counts.empty()) {
        std::vector<std::uint32_t> sorted = m_sparse;
        std::sort(sorted.begin(), sorted.end());
        for (const std::uint32_t b : sorted) {
            if (out.empty() || out.back().first != b) {
                out.emplace_back(b, 0);
            }
            ++out.back().second;
        }
        return out;
    }
    for (std::size_t b = 0; b < m_counts.size(); ++b) {
        if (m_counts[b] != 0) {
            out.emplace_back(static_cast<std::uint32_t>(b), m_counts[b]);
        }
    }
    return out;
}

void LogHistogram::addToBucket(std::uint32_t bucket, std::uint64_t count) {
    if (bucket >= kBuckets + 2) {
        throw InputError("histogram bucket " + std::to_string(bucket) + " does not exist");
    }
    if (m_counts.empty() && count < kSparseLimit - m_sparse.size()) {
        // A block received from another process stays as small as it was sent.
        m_sparse.insert(m_sparse.end(), count, bucket);
    } else {
        makeDense();
        m_counts[bucket] += count;
    }
    m_count += count;
}

double LogHistogram::orderStatistic(const Buckets& buckets, std::uint64_t rank, double min,
                                    double max) const {
    std::uint64_t seen = 0;
    for (const auto& [b, count] : buckets) {
        seen += count;
        if (seen > rank) {
            return std::clamp(bucketMiddle(b, max), min, max);
        }
    }
    return max;
}

std::vector<double> LogHistogram::quantiles(const std::vector<double>& probs, double min,
                                            double max) const {
    std::vector<double> out;
    const Buckets buckets = m_count > 0 ? nonEmptyBuckets() : Buckets{};
    for (double p : probs) {
        if (m_count == 0) {
            out.push_back(0.0);
            continue;
        }
        const double h = static_cast<double>(m_count - 1) * p;
        const auto lo = static_cast<std::uint64_t>(std::floor(h));
        const double xlo = orderStatistic(buckets, lo, min, max);
        const double xhi = lo + 1 < m_count ? orderStatistic(buckets, lo + 1, min, max) : xlo;
        out.push_back(xlo + (h - static_cast<double>(lo)) * (xhi - xlo));
    }
    return out;
}

std::vector<std::uint64_t> LogHistogram::rebin(double lo, double hi, int bins) const {
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(std::max(bins, 1)), 0);
    const double width = (hi - lo) / static_cast<double>(counts.size());
    for (const auto& [b, count] : nonEmptyBuckets()) {
        const double x = std::clamp(bucketMiddle(b, hi), lo, hi);
        std::size_t i = 0;
        if (width > 0.0) {
            i = static_cast<std::size_t>(
                std::clamp((x - lo) / width, 0.0, static_cast<double>(counts.size() - 1)));
        }
        counts[i] += count;
    }
    return counts;
}

} // namespace rl
