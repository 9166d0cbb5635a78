#pragma once

#include "platform/cost_model.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

namespace rl {

class KernelBase; // engine/kernel.h

/// Largest number of distinct sender sequences the exhaustive search visits (10!: eleven
/// processors of distinct times, or more when times repeat, e.g. Liu-Wang's Fig. 8 cluster of
/// twelve needs only C(11, 3) = 165). About a second in Release.
constexpr std::uint64_t kMaxOptimumSequences = 3628800;

/// The exact optimum of a Liu-Wang cluster: the best EP schedule over every sender sequence.
struct EpOptimum {
    std::vector<int> senders; ///< a best sequence (feed it to epSchedule)
    double makespan = 0.0;
    std::uint64_t sequences = 0; ///< distinct sequences evaluated
    bool cancelled = false;      ///< the search stopped early: `makespan` is the best so far
};

/// Number of distinct sender sequences the search would visit for `t` (saturates at
/// UINT64_MAX): sequences are multiset permutations of the times of the n - 1 fastest
/// processors (equal times are interchangeable; the slowest only receives, see
/// slowestProcessor()).
std::uint64_t epOptimumSequenceCount(const std::vector<double>& t);

/// Whether the exhaustive search for `t` stays within kMaxOptimumSequences.
bool optimumSearchFits(const std::vector<double>& t);
/// Throws the InputError of a search beyond kMaxOptimumSequences, naming the count (the one
/// message for the explorer, the Theory tab and the CLI).
void checkOptimumSearch(const std::vector<double>& t);
/// Optimum's cost check (its AlgorithmDescriptor::checkCosts): Liu-Wang's sender-only rule,
/// then the search limit.
void checkOptimumCosts(const CostModel& costs, int n);

/// Called about every 2^14 sequences with (done, total); returning false cancels.
using SearchProgress = std::function<bool(std::uint64_t done, std::uint64_t total)>;

/// Exhaustive search over EP sender sequences (in Liu-Wang's model the best EP schedule is an
/// optimal schedule: any valid schedule can be moved earlier into EP form). Throws InputError
/// when the search would exceed kMaxOptimumSequences, naming the count.
EpOptimum epOptimum(const std::vector<double>& t, const SearchProgress& progress = {});

/// The generic engine's kernel of this algorithm (its registry row's factory).
std::unique_ptr<KernelBase> makeOptimumKernel(int n, bool nonCommutative, const CostModel& costs);

} // namespace rl
