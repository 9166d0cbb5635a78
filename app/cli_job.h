#pragma once

#include "cli_args.h"

#include "experiment/point_job.h"

#include <string>
#include <vector>

namespace rl::cli {

/// The options of every verb that runs Monte Carlo points (mc, sweep): --checkpoint.
std::vector<OptionSpec> jobOptions();

/// Where and how a verb's Monte Carlo points run: the environment's executor (reducelab-mpi's
/// ranks) or this process's threads, with the command line's checkpoint (--checkpoint, and the
/// resume message unless --quiet). The studies run the job (studies/mc_study.h,
/// studies/sweep_study.h).
class CliJob {
  public:
    CliJob(const Args& a, const std::string& verb, PointExecutor* executor);
    PointExecutor& executor() { return m_executor ? *m_executor : m_local; }
    const PointJobOptions& options() const { return m_options; }
    /// Removes the job's checkpoint, once its outputs are written.
    void finish();

  private:
    LocalExecutor m_local;
    PointExecutor* m_executor;
    PointJobOptions m_options;
};

} // namespace rl::cli
