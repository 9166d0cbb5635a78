#pragma once

#include "experiment/point_job.h"

#include <cstdint>

namespace rl::mpi {

/// Rank 0's executor. Every rank runs (point, block) units on its threads, taking them from
/// its dispenser as it needs them (rank 0, or with many ranks a group leader that takes ranges
/// of units from rank 0), so that ranks stay busy when units cost 100x more at one point than
/// at another. A point is assembled by its owner (a fixed rank other than 0): the ranks send it
/// their blocks of that point, and the thread that deposits its last block assembles it
/// (experiment/point_assembly.h); rank 0 receives only each point's result, a few kB. The
/// output is the same to the bit for any number of ranks and threads. MPI calls are made from
/// each rank's main thread only (MPI_THREAD_FUNNELED).
class MpiExecutor final : public PointExecutor {
  public:
    explicit MpiExecutor(int ranks) : m_ranks(ranks) {}
    void run(const std::vector<McConfig>& points, const std::vector<std::size_t>& pending,
             const OnPoint& onPoint, const SweepProgress& progress) override;
    /// Ends the other ranks' worker loops (once, before MPI_Finalize); returns the CPU seconds
    /// of every rank's process, summed.
    double stopWorkers();

    /// Bytes rank 0 received and sent, over every job (the communication volume), and the
    /// points whose results it received.
    std::uint64_t bytesReceived() const { return m_received; }
    std::uint64_t bytesSent() const { return m_sent; }
    std::uint64_t pointsReceived() const { return m_points; }
    /// Messages rank 0 received during the jobs (requests, point results).
    std::uint64_t messagesReceived() const { return m_messages; }
    /// CPU seconds of rank 0's main thread inside run(): the work that stays serial.
    double serialCpuSeconds() const { return m_serialCpu; }

  private:
    int m_ranks;
    std::uint64_t m_jobs = 0;
    std::uint64_t m_received = 0;
    std::uint64_t m_sent = 0;
    std::uint64_t m_points = 0;
    std::uint64_t m_messages = 0;
    double m_serialCpu = 0.0;
};

/// The loop of ranks other than 0: runs the jobs rank 0 broadcasts until it says stop, their
/// algorithms resolved in `catalog` (rank 0's). Returns the process exit code.
int workerLoop(int rank, const AlgorithmCatalog& catalog);

} // namespace rl::mpi
