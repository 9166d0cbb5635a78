#pragma once

#include "experiment/mc_block.h"
#include "experiment/monte_carlo.h"
#include "experiment/sweep.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
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

/// One unit of work of a job: block `block` of point `point` (mc_block.h).
struct BlockUnit {
    std::uint64_t point = 0;
    std::uint64_t block = 0;
};

/// The units of the pending points, point after point (so that few points are open, holding
/// their samples, at a time); `replicates` receives the replicates they hold in all.
std::vector<BlockUnit> blockUnits(const std::vector<McConfig>& points,
                                  const std::vector<std::size_t>& pending,
                                  std::uint64_t* replicates);

/// Threads of this process for a job: the points' `threads` (0: every core), at most `units`.
unsigned jobThreads(const std::vector<McConfig>& points, std::size_t units);

/// Simulates one unit.
McBlockResult runBlockUnit(const std::vector<McConfig>& points, const BlockUnit& unit);

/// Units run on this process's threads. Each thread takes the next index from `next`, which
/// other consumers may share (reducelab-mpi hands the same units to its other ranks), until
/// the units run out or stop(); finished blocks wait for collect().
class BlockWorkers {
  public:
    using RunUnit = std::function<McBlockResult(const BlockUnit&)>;
    BlockWorkers(const std::vector<BlockUnit>& units, std::atomic<std::size_t>& next,
                 unsigned threads, RunUnit run);
    ~BlockWorkers();
    BlockWorkers(const BlockWorkers&) = delete;
    BlockWorkers& operator=(const BlockWorkers&) = delete;

    /// The blocks finished since the last call, waiting up to `wait` while there are none.
    std::vector<std::pair<BlockUnit, McBlockResult>> collect(std::chrono::milliseconds wait);
    /// What made a thread stop (empty while nothing failed); the others stop too.
    std::string error() const;
    /// The exception itself (null while nothing failed), to be rethrown as it was: a refused
    /// input stays a refusal (exit 2), not an internal error.
    std::exception_ptr failure() const;
    /// No unit is started any more; returns once every thread has ended.
    void stop();

  private:
    const std::vector<BlockUnit>& m_units;
    std::atomic<std::size_t>& m_next;
    RunUnit m_run;
    std::atomic<bool> m_stop{false};
    mutable std::mutex m_mutex;
    std::condition_variable m_ready;
    std::vector<std::pair<BlockUnit, McBlockResult>> m_done;
    std::string m_error;
    std::exception_ptr m_failure;
    std::vector<std::thread> m_threads;
};

/// Finished blocks merged into their points in block order (McAssembler); each completed
/// point goes to `onPoint` at once and its samples are freed.
class PointAssembly {
  public:
    PointAssembly(const std::vector<McConfig>& points, PointExecutor::OnPoint onPoint);
    void add(std::uint64_t point, const McBlockResult& block);
    std::size_t pointsDone() const { return m_pointsDone; }
    std::uint64_t replicatesDone() const { return m_replicatesDone; }

  private:
    const std::vector<McConfig>& m_points;
    PointExecutor::OnPoint m_onPoint;
    std::map<std::uint64_t, std::unique_ptr<McAssembler>> m_open;
    std::size_t m_pointsDone = 0;
    std::uint64_t m_replicatesDone = 0;
};

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
