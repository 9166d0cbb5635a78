#include "mpi_executor.h"

#include "experiment/mc_block.h"
#include "experiment/mc_wire.h"

#include "base/parallel_for.h"
#include "base/text_util.h"

#include <mpi.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

namespace rl::mpi {

namespace {

// Message tags. Every message is a byte string (base/byte_codec.h).
enum Tag : int {
    kJob = 1,     // 0 -> worker: the configurations of a job's points
    kRequest = 2, // worker -> 0: how many units it can take now
    kUnits = 3,   // 0 -> worker: (point, block) units; none means the job is over for it
    kResults = 4, // worker -> 0: (point, block result) pairs
    kStop = 5,    // 0 -> worker: leave the loop
    kFailed = 6,  // worker -> 0: what went wrong
};

void send(const std::string& bytes, int to, int tag) {
    MPI_Send(bytes.data(), static_cast<int>(bytes.size()), MPI_BYTE, to, tag, MPI_COMM_WORLD);
}

// Receives the message `status` announced (MPI_Probe / MPI_Iprobe).
std::string receive(const MPI_Status& status) {
    int size = 0;
    MPI_Get_count(&status, MPI_BYTE, &size);
    std::string bytes(static_cast<std::size_t>(size), '\0');
    MPI_Recv(bytes.data(), size, MPI_BYTE, status.MPI_SOURCE, status.MPI_TAG, MPI_COMM_WORLD,
             MPI_STATUS_IGNORE);
    return bytes;
}

// A test hook: the rank named by REDUCELAB_MPI_FAIL_RANK fails at its first unit, so that the
// test suite can check how a failing rank ends the job.
bool failureInjected(int rank) {
    const char* v = std::getenv("REDUCELAB_MPI_FAIL_RANK");
    return v != nullptr && std::string_view(v) == std::to_string(rank);
}

McBlockResult runUnit(const std::vector<McConfig>& points, const BlockUnit& u, int rank) {
    if (failureInjected(rank)) {
        throw std::runtime_error("failure injected for testing (REDUCELAB_MPI_FAIL_RANK)");
    }
    return runBlockUnit(points, u);
}

std::string encodeJob(const std::vector<McConfig>& points) {
    ByteWriter w;
    w.u64(points.size());
    for (const McConfig& c : points) {
        writeMcConfig(w, c);
    }
    return w.take();
}

std::vector<McConfig> decodeJob(const std::string& bytes, const AlgorithmCatalog& catalog) {
    ByteReader r(bytes, "job message");
    std::vector<McConfig> points(r.count(1));
    for (McConfig& c : points) {
        c = readMcConfig(r, catalog);
    }
    return points;
}

} // namespace

void MpiExecutor::run(const std::vector<McConfig>& points, const std::vector<std::size_t>& pending,
                      const OnPoint& onPoint, const SweepProgress& progress) {
    const std::string job = encodeJob(points);
    for (int r = 1; r < m_ranks; ++r) {
        send(job, r, kJob);
        m_sent += job.size();
    }
    std::uint64_t total = 0;
    const std::vector<BlockUnit> units = blockUnits(points, pending, &total);
    std::atomic<std::size_t> next{0};
    std::atomic<bool> cancelled{false};
    // Rank 0's own threads take units from the same counter as the other ranks.
    BlockWorkers local(units, next, jobThreads(points, units.size()),
                       [&](const BlockUnit& u) { return runUnit(points, u, 0); });
    PointAssembly assembly(points, onPoint);
    int workersBusy = m_ranks - 1;
    std::string failure;
    auto lastReport = std::chrono::steady_clock::now();
    while ((assembly.pointsDone() < pending.size() && !cancelled) || workersBusy > 0) {
        bool idle = true;
        int flag = 0;
        MPI_Status status;
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &status);
        if (flag) {
            idle = false;
            const std::string bytes = receive(status);
            m_received += bytes.size();
            ByteReader r(bytes, "a message of rank " + std::to_string(status.MPI_SOURCE));
            if (status.MPI_TAG == kRequest) {
                const std::uint64_t capacity = r.u64();
                ByteWriter w;
                std::vector<BlockUnit> given;
                while (given.size() < capacity && !cancelled) {
                    const std::size_t i = next++;
                    if (i >= units.size()) {
                        break;
                    }
                    given.push_back(units[i]);
                }
                w.u64(given.size());
                for (const BlockUnit& u : given) {
                    w.u64(u.point);
                    w.u64(u.block);
                }
                send(w.data(), status.MPI_SOURCE, kUnits);
                m_sent += w.data().size();
                if (given.empty()) {
                    --workersBusy; // it waits for the next job now
                }
            } else if (status.MPI_TAG == kResults) {
                const std::uint64_t count = r.count(16);
                for (std::uint64_t k = 0; k < count; ++k) {
                    const std::uint64_t point = r.u64();
                    if (point >= points.size()) {
                        r.fail("no such point");
                    }
                    assembly.add(point, readBlockResult(r, points[point]));
                }
            } else if (status.MPI_TAG == kFailed) {
                failure = "rank " + std::to_string(status.MPI_SOURCE) +
                          " failed: " + std::string(r.bytes());
                cancelled = true;
                break;
            }
        }
        const auto mine = local.collect(std::chrono::milliseconds(0));
        if (const std::string e = local.error(); !e.empty() && failure.empty()) {
            failure = "rank 0 failed: " + e;
        }
        if (!failure.empty()) {
            break;
        }
        for (const auto& [unit, block] : mine) {
            idle = false;
            assembly.add(unit.point, block);
        }
        const auto now = std::chrono::steady_clock::now();
        if (progress && now - lastReport > std::chrono::milliseconds(50)) {
            lastReport = now;
            if (!progress(assembly.replicatesDone(), total)) {
                cancelled = true;
            }
        }
        if (idle) {
            std::this_thread::sleep_for(std::chrono::microseconds(200));
        }
    }
    cancelled = true;
    local.stop();
    if (!failure.empty()) {
        // The other ranks may be in the middle of units: only an abort ends them. Nothing was
        // committed, so no output is left (a checkpoint keeps the points finished so far).
        std::cerr << "reducelab-mpi: error: " << printable(failure)
                  << " (the job is ended; no output was written)\n";
        std::cerr.flush();
        MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (progress) {
        progress(assembly.replicatesDone(), total);
    }
}

void MpiExecutor::stopWorkers() {
    for (int r = 1; r < m_ranks; ++r) {
        send(std::string(), r, kStop);
    }
}

int workerLoop(int rank, const AlgorithmCatalog& catalog) {
    while (true) {
        MPI_Status status;
        MPI_Probe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &status);
        const std::string message = receive(status);
        if (status.MPI_TAG == kStop) {
            return 0;
        }
        if (status.MPI_TAG != kJob) {
            continue;
        }
        try {
            const std::vector<McConfig> points = decodeJob(message, catalog);
            const unsigned nThreads = jobThreads(points, 1 << 20);
            while (true) {
                ByteWriter request;
                request.u64(nThreads);
                send(request.data(), 0, kRequest);
                MPI_Probe(0, kUnits, MPI_COMM_WORLD, &status);
                const std::string reply = receive(status);
                ByteReader r(reply, "a units message");
                std::vector<BlockUnit> units(r.count(16));
                for (BlockUnit& u : units) {
                    u.point = r.u64();
                    u.block = r.u64();
                    if (u.point >= points.size()) {
                        r.fail("no such point");
                    }
                }
                if (units.empty()) {
                    break;
                }
                std::vector<McBlockResult> results(units.size());
                parallelFor(
                    units.size(), workerCount(static_cast<int>(nThreads), units.size()),
                    [&](std::size_t i, unsigned) { results[i] = runUnit(points, units[i], rank); });
                ByteWriter w;
                w.u64(units.size());
                for (std::size_t i = 0; i < units.size(); ++i) {
                    w.u64(units[i].point);
                    writeBlockResult(w, results[i]);
                }
                send(w.data(), 0, kResults);
            }
        } catch (const std::exception& e) {
            ByteWriter w;
            w.bytes(e.what());
            send(w.data(), 0, kFailed);
            // Rank 0 aborts the job; wait for it.
            MPI_Probe(0, kStop, MPI_COMM_WORLD, &status);
            return 1;
        }
    }
}

} // namespace rl::mpi
