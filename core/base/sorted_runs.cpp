#include "base/sorted_runs.h"

#include "base/statistics.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <utility>

namespace rl {

namespace {

// Doubles as unsigned integers in the same order (NaN excepted): negatives reversed below the
// positives.
std::uint64_t orderKey(double x) {
    std::uint64_t bits = 0;
    std::memcpy(&bits, &x, sizeof bits);
    return (bits >> 63) != 0 ? ~bits : bits | (std::uint64_t{1} << 63);
}

double fromOrderKey(std::uint64_t key) {
    const std::uint64_t bits = (key >> 63) != 0 ? key & ~(std::uint64_t{1} << 63) : ~key;
    double x = 0.0;
    std::memcpy(&x, &bits, sizeof x);
    return x;
}

// Every kStride-th value of each run goes into the sample that brackets an order statistic.
constexpr std::size_t kStride = 32;

} // namespace

void sortValues(std::span<double> values) {
    const std::size_t n = values.size();
    if (n < 64 || n > std::numeric_limits<std::uint32_t>::max()) {
        std::sort(values.begin(), values.end());
        return;
    }
    thread_local std::vector<std::uint64_t> buffer;
    buffer.resize(2 * n);
    std::uint64_t* from = buffer.data();
    std::uint64_t* to = from + n;
    std::array<std::array<std::uint32_t, 256>, 8> counts{};
    for (std::size_t i = 0; i < n; ++i) {
        const std::uint64_t key = orderKey(values[i]);
        from[i] = key;
        for (std::size_t d = 0; d < 8; ++d) {
            ++counts[d][(key >> (8 * d)) & 255];
        }
    }
    for (std::size_t d = 0; d < 8; ++d) {
        const unsigned shift = 8 * static_cast<unsigned>(d);
        if (counts[d][(from[0] >> shift) & 255] == n) {
            continue; // every key has this digit: the pass would change nothing
        }
        std::array<std::uint32_t, 256> offset{};
        std::uint32_t sum = 0;
        for (std::size_t b = 0; b < 256; ++b) {
            offset[b] = sum;
            sum += counts[d][b];
        }
        for (std::size_t i = 0; i < n; ++i) {
            to[offset[(from[i] >> shift) & 255]++] = from[i];
        }
        std::swap(from, to);
    }
    for (std::size_t i = 0; i < n; ++i) {
        values[i] = fromOrderKey(from[i]);
    }
}

SortedRuns::SortedRuns(std::vector<std::span<const double>> runs) : m_runs(std::move(runs)) {
    for (const auto& r : m_runs) {
        m_total += r.size();
    }
}

void SortedRuns::buildSample() {
    m_sampled = true;
    for (const auto& r : m_runs) {
        for (std::size_t i = kStride - 1; i < r.size(); i += kStride) {
            m_sample.push_back(r[i]);
        }
    }
    sortValues(m_sample);
}

std::pair<double, double> SortedRuns::orderStatistics(std::uint64_t k) {
    const std::uint64_t n = m_total;
    if (m_runs.size() == 1) {
        const auto& r = m_runs.front();
        return {r[k], k + 1 < n ? r[k + 1] : r[k]};
    }
    const std::uint64_t need = std::min(k + 2, n); // values <= the bracket's top
    const double inf = std::numeric_limits<double>::infinity();
    double a = -inf;
    double b = inf;
    const auto m = static_cast<double>(m_runs.size());
    if (n > 4 * kStride * m_runs.size()) {
        if (!m_sampled) {
            buildSample();
        }
        // Sample value j has about (j + 1) * kStride values at or below it, plus about half a
        // stride per run: those after each run's last sampled value below it.
        const double centre =
            (static_cast<double>(k) + 1.0 - m * (kStride - 1) / 2.0) / kStride - 1.0;
        double spread = 2.0 + 2.0 * std::ceil(std::sqrt(m));
        const auto sampleSize = static_cast<double>(m_sample.size());
        std::vector<std::size_t> below(m_runs.size());
        for (;;) {
            const double lo = std::floor(centre - spread);
            const double hi = std::ceil(centre + spread);
            // A bracket beyond either end of the sample holds nothing: the test below widens it.
            a = lo < 0.0 ? -inf : lo >= sampleSize ? inf : m_sample[static_cast<std::size_t>(lo)];
            b = hi < 0.0 ? -inf : hi >= sampleSize ? inf : m_sample[static_cast<std::size_t>(hi)];
            std::uint64_t countBelow = 0;
            std::uint64_t countUpTo = 0;
            for (const auto& r : m_runs) {
                countBelow +=
                    static_cast<std::uint64_t>(std::lower_bound(r.begin(), r.end(), a) - r.begin());
                countUpTo +=
                    static_cast<std::uint64_t>(std::upper_bound(r.begin(), r.end(), b) - r.begin());
            }
            if (countBelow <= k && countUpTo >= need) {
                break; // ranks k and k + 1 lie in [a, b]
            }
            spread *= 4.0; // an unlucky sample: a wider bracket (at worst, every value)
        }
    }
    // The values in [a, b], and how many lie below a.
    m_window.clear();
    std::uint64_t base = 0;
    for (const auto& r : m_runs) {
        const auto first = std::lower_bound(r.begin(), r.end(), a);
        const auto last = std::upper_bound(first, r.end(), b);
        base += static_cast<std::uint64_t>(first - r.begin());
        m_window.insert(m_window.end(), first, last);
    }
    const auto at = static_cast<std::ptrdiff_t>(k - base);
    std::nth_element(m_window.begin(), m_window.begin() + at, m_window.end());
    const double xlo = m_window[static_cast<std::size_t>(at)];
    if (k + 1 >= n) {
        return {xlo, xlo};
    }
    return {xlo, *std::min_element(m_window.begin() + at + 1, m_window.end())};
}

std::vector<double> SortedRuns::quantilesType7(const std::vector<double>& probs) {
    std::vector<double> out;
    if (m_total == 0) {
        out.assign(probs.size(), 0.0);
        return out;
    }
    for (double p : probs) {
        const auto [xlo, xhi] = orderStatistics(type7Rank(m_total, p));
        out.push_back(type7Value(m_total, p, xlo, xhi));
    }
    return out;
}

std::vector<std::uint64_t> SortedRuns::histogram(double lo, double hi, int bins) const {
    std::vector<std::uint64_t> counts(static_cast<std::size_t>(std::max(bins, 1)), 0);
    const std::size_t nBins = counts.size();
    const double width = (hi - lo) / static_cast<double>(nBins);
    if (!(width > 0.0) || nBins == 1) {
        counts[0] = m_total;
        return counts;
    }
    // edge[j]: the smallest double whose bin is j or more (histogramBin is monotone), found by
    // bisection over the doubles in order; +infinity is in the last bin, so each exists.
    std::vector<double> edge(nBins);
    for (std::size_t j = 1; j < nBins; ++j) {
        std::uint64_t first = orderKey(-std::numeric_limits<double>::infinity());
        std::uint64_t last = orderKey(std::numeric_limits<double>::infinity());
        while (first < last) {
            const std::uint64_t mid = first + (last - first) / 2;
            if (histogramBin(fromOrderKey(mid), lo, width, nBins) >= j) {
                last = mid;
            } else {
                first = mid + 1;
            }
        }
        edge[j] = fromOrderKey(first);
    }
    // below[j]: the values under edge[j], counted run by run while each run is in the cache.
    std::vector<std::uint64_t> below(nBins + 1, 0);
    below[nBins] = m_total;
    for (const auto& r : m_runs) {
        auto from = r.begin();
        for (std::size_t j = 1; j < nBins; ++j) {
            from = std::lower_bound(from, r.end(), edge[j]);
            below[j] += static_cast<std::uint64_t>(from - r.begin());
        }
    }
    for (std::size_t j = 0; j < nBins; ++j) {
        counts[j] = below[j + 1] - below[j];
    }
    return counts;
}

std::pair<double, std::size_t> SortedRuns::nearestRun(double v) const {
    // On each side of v the distance is monotone in the value: each run's nearest values are
    // its neighbours of v.
    double best = std::numeric_limits<double>::infinity();
    std::size_t bestRun = 0;
    for (std::size_t i = 0; i < m_runs.size(); ++i) {
        const auto& r = m_runs[i];
        const auto at = std::lower_bound(r.begin(), r.end(), v);
        double d = std::numeric_limits<double>::infinity();
        if (at != r.end()) {
            d = std::abs(*at - v);
        }
        if (at != r.begin()) {
            d = std::min(d, std::abs(*(at - 1) - v));
        }
        if (d < best) {
            best = d;
            bestRun = i;
        }
    }
    return {best, bestRun};
}

} // namespace rl
