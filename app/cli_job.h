#pragma once

#include "cli_args.h"

#include "experiment/point_job.h"

#include <string>
#include <vector>

namespace rl::cli {

/// The options of every verb that runs Monte Carlo points (mc, sweep): --checkpoint.
std::vector<OptionSpec> jobOptions();

/// Runs the points of a verb's job with the environment's executor (this process, or MPI
/// ranks), reporting on `line`; with --checkpoint, resumes and records (experiment/point_job.h).
std::vector<McResult> runJob(const Args& a, const std::string& verb,
                             const std::vector<McConfig>& points, PointExecutor* executor,
                             ProgressLine& line);

/// Removes the job's checkpoint, once its outputs are written.
void finishJob(const Args& a);

} // namespace rl::cli
