#pragma once

#include "experiment/point_job.h"

#include <cstdint>

namespace rl::mpi {

/// Rank 0's executor: hands (point, block) units to every rank, rank 0's own threads included,
/// as they ask for work, so that ranks stay busy when units cost 100x more at one point than
/// at another; results come back as block results (experiment/mc_wire.h) and are merged in
/// block order (McAssembler), so the output is the same to the bit for any number of ranks
/// and threads. MPI calls are made from the calling thread only (MPI_THREAD_FUNNELED).
class MpiExecutor final : public PointExecutor {
  public:
    explicit MpiExecutor(int ranks) : m_ranks(ranks) {}
    void run(const std::vector<McConfig>& points, const std::vector<std::size_t>& pending,
             const OnPoint& onPoint, const SweepProgress& progress) override;
    /// Ends the other ranks' worker loops (once, before MPI_Finalize).
    void stopWorkers();

    /// Bytes rank 0 received and sent, over every job (the communication volume).
    std::uint64_t bytesReceived() const { return m_received; }
    std::uint64_t bytesSent() const { return m_sent; }

  private:
    int m_ranks;
    std::uint64_t m_received = 0;
    std::uint64_t m_sent = 0;
};

/// The loop of ranks other than 0: runs the units rank 0 hands out until it says stop, their
/// algorithms resolved in `catalog` (rank 0's). Returns the process exit code.
int workerLoop(int rank, const AlgorithmCatalog& catalog);

} // namespace rl::mpi
