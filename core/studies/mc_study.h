#pragma once

#include "experiment/point_job.h"
#include "studies/platform_spec.h"
#include "studies/study.h"

#include <vector>

namespace rl {

/// The request of a Monte Carlo summary (`reducelab-cli mc`, `reducelab-mpi mc`): replicates of
/// several algorithms on one platform, on common random numbers.
struct McStudy {
    PlatformSpec platform;
    std::vector<Algorithm> algorithms;
    std::uint64_t replicates = 0;
    int threads = 0; ///< 0: every core; results do not depend on it
    std::vector<double> quantiles = McConfig{}.quantiles;
    int histogramBins = McConfig{}.histogramBins;
    std::uint64_t exactQuantileLimit = McConfig{}.exactQuantileLimit;

    /// The Monte Carlo configuration of the request, validated (InputError naming the first
    /// invalid field, including the memory estimate).
    McConfig config() const;
};

/// Runs the study's point with `executor` (this process's threads, or MPI ranks), with the
/// job's checkpoint options; empty summaries when cancelled.
McResult runMcStudy(const McConfig& config, PointExecutor& executor, const PointJobOptions& options,
                    const StudyProgress& progress = {});

} // namespace rl
