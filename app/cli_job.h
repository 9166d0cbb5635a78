#pragma once

#include "cli_args.h"

#include "experiment/point_job.h"

#include <cstddef>
#include <string>
#include <vector>

namespace rl::cli {

/// The options of every verb that runs Monte Carlo points (mc, sweep): --checkpoint.
std::vector<OptionSpec> jobOptions();

/// Where and how a verb's Monte Carlo points run: the environment's executor (reducelab-mpi's
/// ranks) or this process's threads, with the command line's checkpoint (--checkpoint). Its
/// notices (the checkpoint resumed; kept when the command fails) go through the verb's
/// progress line. The studies run the job (studies/mc_study.h, studies/sweep_study.h).
class CliJob {
  public:
    CliJob(const Args& a, ProgressLine& line, PointExecutor* executor);
    /// A command that did not finish() keeps the checkpoint it wrote (with every point it
    /// finished: the same command resumes from it) and says so.
    ~CliJob();
    CliJob(const CliJob&) = delete;
    CliJob& operator=(const CliJob&) = delete;

    PointExecutor& executor() { return m_executor ? *m_executor : m_local; }
    const PointJobOptions& options() const { return m_options; }
    /// Removes the job's checkpoint, once its outputs are written.
    void finish();

  private:
    LocalExecutor m_local;
    PointExecutor* m_executor;
    ProgressLine& m_line;
    PointJobOptions m_options;
    bool m_finished = false;
    bool m_written = false; // the checkpoint was written by this command
    std::size_t m_recorded = 0;
    std::size_t m_total = 0;
};

} // namespace rl::cli
