#pragma once

#include "experiment/point_job.h"
#include "studies/platform_spec.h"
#include "studies/study.h"

#include <vector>

namespace rl {

/// The request of a Monte Carlo summary (`reducelab-cli mc`, `reducelab-mpi mc`): replicates of
/// several algorithms on one platform, on common random numbers. Its defaults are the
/// platform's (PlatformSpec::cliDefault) and the experiment's (McOptions): none of its own.
struct McStudy {
    PlatformSpec platform = PlatformSpec::cliDefault();
    McOptions options; ///< threads 0: every core; results do not depend on it

    /// The Monte Carlo configuration of the request, validated (InputError naming the first
    /// invalid field, including the memory estimate).
    McConfig config() const;
};

/// Runs the study's point with `executor` (this process's threads, or MPI ranks), with the
/// job's checkpoint options; empty summaries when cancelled.
McResult runMcStudy(const McConfig& config, PointExecutor& executor, const PointJobOptions& options,
                    const StudyProgress& progress = {});

} // namespace rl
