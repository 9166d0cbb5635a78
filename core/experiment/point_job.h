#pragma once

#include "experiment/monte_carlo.h"
#include "experiment/sweep.h"

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace rl {

/// Runs the Monte Carlo points of a job (one point for `mc`, a grid for `sweep`): here, one
/// point after another, or spread over processes (reducelab-mpi's executor). Every executor
/// gives the same results to the bit (blocks merged in block order, mc_block.h).
class PointExecutor {
  public:
    virtual ~PointExecutor() = default;
    using OnPoint = std::function<void(std::size_t point, McResult&& result)>;

    /// Runs points[i] for every i in `pending` (validated configurations) and calls `onPoint`
    /// on the calling thread as each finishes, in any order. `progress(done, total)` counts the
    /// replicates of the pending points; returning false cancels (unfinished points are then
    /// not reported).
    virtual void run(const std::vector<McConfig>& points, const std::vector<std::size_t>& pending,
                     const OnPoint& onPoint, const SweepProgress& progress) = 0;
};

/// The points one after another in this process (runMonteCarlo on the configured threads).
class LocalExecutor final : public PointExecutor {
  public:
    void run(const std::vector<McConfig>& points, const std::vector<std::size_t>& pending,
             const OnPoint& onPoint, const SweepProgress& progress) override;
};

struct PointJobOptions {
    /// Record finished points in this file and skip the points it already records.
    std::optional<std::string> checkpoint;
    /// Called once before any computation when a checkpoint was resumed: (points it held,
    /// points in all).
    std::function<void(std::size_t, std::size_t)> onResume;
    /// Least time between two writes of the checkpoint (a killed job loses at most this much).
    double checkpointSeconds = 0.5;
};

/// Runs every point of a job with `executor` and returns the results by point (empty when
/// cancelled). With a checkpoint file: a file that exists must record this very job (same
/// points, laws, seeds, replicates: InputError otherwise) and its points are not run again;
/// finished points are recorded as they come (atomically, base/file_io.h), so a job killed at
/// any moment resumes where it stopped with the same results to the bit. The file is written
/// once before any computation (an unwritable path fails at once); the caller removes it
/// (removeCheckpoint) once the job's outputs are written.
std::vector<McResult> runPointJob(const std::vector<McConfig>& points, PointExecutor& executor,
                                  const PointJobOptions& options,
                                  const SweepProgress& progress = {});

/// Removes a checkpoint file (a regular file only; nothing else is touched).
void removeCheckpoint(const std::string& path);

/// The points a job's checkpoint records (content of the file), checked against the job;
/// throws InputError naming `path` when it is malformed or belongs to another job.
std::vector<std::pair<std::size_t, McResult>> readCheckpoint(const std::vector<McConfig>& points,
                                                             std::string_view content,
                                                             const std::string& path);

} // namespace rl
