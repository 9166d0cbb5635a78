#pragma once

#include "experiment/mc_block.h"
#include "experiment/monte_carlo.h"
#include "experiment/point_assembly.h"
#include "experiment/sweep.h"

#include <atomic>
#include <cstddef>
#include <exception>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

namespace rl {

/// Runs the Monte Carlo points of a job (one point for `mc`, a grid for `sweep`): in this
/// process (LocalExecutor) or spread over processes (reducelab-mpi's executor). Every executor
/// gives the same results to the bit (experiment/point_assembly.h).
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

/// Threads of this process for a job: the points' `threads` (0: every core), at most `units`.
unsigned jobThreads(const std::vector<McConfig>& points, std::size_t units);

/// A thread's Monte Carlo runner, made again only when the thread moves to another point (a
/// runner holds one simulator per algorithm).
class RunnerCache {
  public:
    McBlockRunner& runner(const std::vector<McConfig>& points, std::size_t point);

  private:
    std::unique_ptr<McBlockRunner> m_runner;
    std::size_t m_point = 0;
};

/// Threads that run `body(index, stop)` until it returns; `stop` becomes true when stop() is
/// called or a body throws (the first exception is kept for failure(), and `onFailure` is
/// called from the failing thread, to wake whoever waits on the workers).
class WorkerThreads {
  public:
    using Body = std::function<void(unsigned index, const std::atomic<bool>& stop)>;
    WorkerThreads(unsigned count, Body body, std::function<void()> onFailure = {});
    ~WorkerThreads();
    WorkerThreads(const WorkerThreads&) = delete;
    WorkerThreads& operator=(const WorkerThreads&) = delete;

    /// Asks every body to stop and returns once every thread has ended.
    void stop();
    /// The exception that stopped a body (null while none failed), to be rethrown as it was: a
    /// refused input stays a refusal (exit 2), not an internal error.
    std::exception_ptr failure() const;

  private:
    Body m_body;
    std::function<void()> m_onFailure;
    std::atomic<bool> m_stop{false};
    mutable std::mutex m_mutex;
    std::exception_ptr m_failure;
    std::vector<std::thread> m_threads;
};

/// The one Monte Carlo loop of the project: `units` (of `assembly`'s current pass, over
/// `points`) on `threads` threads of this process, each taking the next unit and simulating it
/// in place; the thread that finishes a point's last unit assembles it, and the calling thread
/// only hands each assembled point to `onPoint` and reports `progress(replicates simulated,
/// replicates of the units)` about every 50 ms. `progress` returning false cancels: no unit
/// starts any more, the running ones finish, the points they completed are still handed over,
/// and the call returns false. A worker's exception is rethrown as it was.
bool runUnits(PointAssembly& assembly, const UnitList& units, const std::vector<McConfig>& points,
              unsigned threads, const PointExecutor::OnPoint& onPoint,
              const SweepProgress& progress);

/// The points in this process: their (point, block) units on the configured threads, so a
/// grid of small points keeps every core busy too.
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
    /// Called after each write of the checkpoint: (points it records, points in all).
    std::function<void(std::size_t, std::size_t)> onCheckpoint;
    /// Least time between two writes of the checkpoint (a killed job loses at most this much).
    double checkpointSeconds = 0.5;
};

/// Runs every point of a job with `executor` and returns the results by point (empty when
/// cancelled). With a checkpoint file: a file that exists must record this very job (same
/// points, laws, seeds, replicates: InputError otherwise, as for a damaged file or one of
/// another format) and its points are not run again; finished points are recorded as they
/// come (atomically, base/file_io.h, at most every `checkpointSeconds`), so a job killed at any
/// moment resumes where it stopped with the same results to the bit. The file is written once
/// before any computation (an unwritable path fails at once) and once more when the job ends,
/// so that it records every finished point. If the executor fails, the checkpoint is kept with
/// every point finished, except one this call created that records no point, which is removed.
/// The caller removes it (removeCheckpoint) once the job's outputs are written, and keeps it
/// when writing them fails. docs/reliability.md states the whole lifecycle.
std::vector<McResult> runPointJob(const std::vector<McConfig>& points, PointExecutor& executor,
                                  const PointJobOptions& options,
                                  const SweepProgress& progress = {});

/// Removes a checkpoint file (a regular file only; nothing else is touched).
void removeCheckpoint(const std::string& path);

/// The content of a checkpoint of `points` that records the finished points `done`.
std::string encodeCheckpoint(const std::vector<McConfig>& points,
                             const std::map<std::size_t, McResult>& done);

/// The points a job's checkpoint records (content of the file), checked against the job;
/// throws InputError naming `path` and the reason when it is of another format, damaged
/// (checksum, structure, values out of range or inconsistent) or belongs to another job.
/// Format 2: the line "reducelab checkpoint 2", the records (mc_wire.h's little-endian
/// fields: the job's fingerprint, its number of points, then each finished point), and the
/// 64-bit FNV-1a of every byte before it.
std::vector<std::pair<std::size_t, McResult>> readCheckpoint(const std::vector<McConfig>& points,
                                                             std::string_view content,
                                                             const std::string& path);

} // namespace rl
