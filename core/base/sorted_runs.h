#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

namespace rl {

/// Sorts `values` ascending (a radix sort on the bits: a block of 1,024 makespans in a third of
/// std::sort's time). The values must not be NaN; -0 sorts before +0.
void sortValues(std::span<double> values);

/// Sorted runs of values (each ascending), seen as one sample: the makespans of a Monte Carlo
/// point sorted block by block where they were simulated. The statistics below give exactly
/// what their namesakes in base/statistics.h give on the concatenated values, at a cost that
/// grows with the number of runs rather than the number of values.
class SortedRuns {
  public:
    explicit SortedRuns(std::vector<std::span<const double>> runs);

    std::uint64_t size() const { return m_total; }
    const std::vector<std::span<const double>>& runs() const { return m_runs; }

    /// The values of ranks k and k + 1 in ascending order (0-based; the second is the first
    /// when k is the last rank). Requires k < size().
    std::pair<double, double> orderStatistics(std::uint64_t k);

    /// quantilesType7() of the values, to the bit (the same order statistics and formula).
    std::vector<double> quantilesType7(const std::vector<double>& probs);

    /// histogram() of the values, count for count: the bin formula is monotone in the value,
    /// so each bin's lower edge is found once and counted in every run by binary search.
    std::vector<std::uint64_t> histogram(double lo, double hi, int bins) const;

    /// The smallest |x - v| (computed as std::abs(x - v)) over the values, and the first run
    /// holding a value at that distance (the index of a replicate nearest a median, lowest
    /// first, is then in that run's block).
    std::pair<double, std::size_t> nearestRun(double v) const;

  private:
    // Every kStride-th value of every run, sorted: brackets an order statistic before the exact
    // count, so that each query costs a few binary searches per run.
    void buildSample();

    std::vector<std::span<const double>> m_runs;
    std::uint64_t m_total = 0;
    std::vector<double> m_sample;
    bool m_sampled = false;
    std::vector<double> m_window; // the values of a bracket, reused between queries
};

} // namespace rl
