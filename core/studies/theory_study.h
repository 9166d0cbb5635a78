#pragma once

#include "schedule/schedule.h"
#include "studies/scenario.h"
#include "studies/study.h"
#include "theory/optimum_gap.h"
#include "theory/tree_dyn_markov.h"
#include "theory/worst_case_ratios.h"

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// Tree-dyn's Markov chain (RR §5), optionally beside a simulation: `theory markov` and the
/// Theory tab.
struct MarkovStudy {
    /// Most replicates simulated per n.
    static constexpr std::uint64_t kMaxReplicates = 1000000000;

    std::vector<int> sizes; ///< the n to solve, each in [1, kMaxMarkovProcessors]
    double transferMean = 1.0;
    double reductionMean = 0.0;   ///< 0: no reduction cost (the closed form)
    std::uint64_t replicates = 0; ///< per n; 0: the chain only
    std::uint64_t seed = 1;
    int threads = 0;

    /// What the Theory tab computes first: odd and even n, each beside 10^5 simulations.
    static MarkovStudy panel();
    /// Throws InputError naming the first invalid field (sizes, means, replicates).
    void validate() const;
};

/// One row per n, in the request's order; null when cancelled. `progress` counts replicates
/// over every n.
std::shared_ptr<const std::vector<MarkovCheck>> runMarkovStudy(const MarkovStudy& study,
                                                               const StudyProgress& progress = {});

/// RR §4 Table 1 measured on its worst-case instances: `theory ratios` and the Theory tab.
struct RatiosStudy {
    static constexpr int kMinN = 2;
    static constexpr int kMaxN = 1 << 20;

    int n = 16;
    double d = 1.0;    ///< transfer cost for i < j
    double bigD = 3.0; ///< transfer cost for i > j
    double c = 0.5;    ///< reduction cost of the table's middle column

    /// Throws InputError naming the first invalid field.
    void validate() const;
};

std::shared_ptr<const std::vector<RatioRow>> runRatiosStudy(const RatiosStudy& study);

/// A Liu-Wang cluster's transmission times t(Pi) from "t0,t1,...": numbers, each finite and
/// >= 0, at least one; InputError naming `role` otherwise. The messages of these checks start
/// with `who` ("theory snf: "; may be empty).
std::vector<double> parseClusterTimes(std::string_view text, const std::string& role,
                                      const std::string& who = {});
/// The transmission times of a fixed-cost preset that is a Liu-Wang cluster (sender-only,
/// no reduction cost); InputError naming the preset otherwise (after `who`).
std::vector<double> clusterPresetTimes(std::string_view preset, const std::string& who = {});

/// A clairvoyant schedule of a Liu-Wang cluster: `theory snf` and `theory optimum`.
struct ClusterSchedule {
    Schedule schedule;        ///< algorithm "SNF" or "Optimum"
    std::vector<int> senders; ///< the EP sender order
};
/// Slowest-node-first (`optimum` false) or the exact optimum (the best EP schedule, within
/// kMaxOptimumSequences: InputError beyond).
ClusterSchedule clusterSchedule(const std::vector<double>& times, bool optimum);

/// Every algorithm against the exact optimum of a Liu-Wang cluster: the Theory tab.
struct GapStudy {
    std::vector<double> times;

    /// What the Theory tab shows first: Liu-Wang's Fig. 8 cluster with x = 1.25 (the optimum
    /// beats SNF).
    static GapStudy panel();
    /// Throws InputError: fewer than two processors, or a search beyond its limit.
    void validate() const;
};

/// The cluster as an explorer run: `algorithm` beside the exact optimum (the Theory tab's
/// drill-down from the gap table).
Scenario gapScenario(const std::vector<double>& times, const Algorithm& algorithm);

/// Null when cancelled; `progress` drives the exhaustive search.
std::shared_ptr<const OptimumGaps> runGapStudy(const GapStudy& study,
                                               const StudyProgress& progress = {});

} // namespace rl
