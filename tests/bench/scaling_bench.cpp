// What a point job costs where, and the scaling model of docs/cluster.md built on it.
//
// 1. The job itself on this process's threads (runPointJob, as `reducelab-cli`): the CPU time of
//    the collecting thread (the calling thread: it only hands out points, writes the checkpoint
//    and the output) against the process's, both measured per thread, not as a speed-up.
// 2. Per-unit costs on one thread: simulating a block (its makespans sorted, as a unit does), a
//    block received by a point's owner (decoded, copied, sorted), assembling a point (its last
//    block); the bytes of a block message and of a point's result (what rank 0 receives).
// 3. With --model US (rank 0's CPU per message, in microseconds; REDUCELAB_MPI_STATS gives an
//    upper bound): the modelled time and efficiency on 16, 64, 1,024 and 16,384 ranks of one
//    thread each, and on 64 and 1,024 ranks of 16 threads.
//
// Usage: scaling_bench fig4|fig5|fig6|mc [REPLICATES] [--threads T] [--model US] [--no-run]
//   fig4|fig5|fig6: `sweep figN --replicates R` (defaults: the paper's); mc: `mc --algo all
//   --n 64 --replicates R` (default 2,000,000). --no-run skips part 1.
#include "cpu_time.h"
#include "experiment/mc_wire.h"
#include "experiment/point_job.h"
#include "studies/sweep_study.h"

#include "base/byte_codec.h"
#include "base/sorted_runs.h"

#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <utility>
#include <vector>

using namespace rl;
using rl::bench::cpuSeconds;

namespace {

double threadCpu() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

double rusageCpu() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    const auto seconds = [](const timeval& t) {
        return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
    };
    return seconds(u.ru_utime) + seconds(u.ru_stime);
}

struct Costs {
    double unitMean = 0.0;    // CPU s per unit (a block simulated and sorted)
    double unitMax = 0.0;     // the dearest point's unit
    double work = 0.0;        // sum over every unit: the job's simulation on one core
    std::uint64_t units = 0;  // blocks in all
    double deposit = 0.0;     // CPU s per block received by an owner
    double assemble = 0.0;    // CPU s of a point's assembly (its last block excluded)
    double assembleMax = 0.0; // the dearest of those measured
    double blockBytes = 0.0;  // a block message
    double pointBytes = 0.0;  // a point's result message
    std::uint64_t jobBytes = 0;
};

// One block of each point (on one thread): the unit costs across the grid.
void measureUnits(const std::vector<McConfig>& points, Costs& c) {
    double sum = 0.0;
    for (const McConfig& p : points) {
        McBlockRunner runner(p);
        const double t0 = cpuSeconds();
        McBlockResult b = runMonteCarloBlock(runner, p, 0);
        if (sortsBlocks(p)) {
            for (auto& v : b.samples) {
                sortValues(v);
            }
        }
        const double unit = cpuSeconds() - t0;
        sum += unit;
        c.unitMax = std::max(c.unitMax, unit);
        c.work += unit * static_cast<double>(blockCount(p));
        c.units += blockCount(p);
    }
    c.unitMean = sum / static_cast<double>(points.size());
}

// Whole points at the owner's end, for `samples` points spread over the grid: blocks simulated
// elsewhere, sent, deposited in order; the last deposit assembles the point.
void measureOwner(const std::vector<McConfig>& points, std::size_t samples, Costs& c) {
    double deposits = 0.0;
    std::uint64_t depositCount = 0;
    double assembles = 0.0;
    double bytes = 0.0;
    std::uint64_t blocks = 0;
    samples = std::min(samples, points.size());
    for (std::size_t k = 0; k < samples; ++k) {
        const std::size_t at = (points.size() - 1) * k / std::max<std::size_t>(samples - 1, 1);
        const std::vector<McConfig> one{points[at]};
        const McConfig& p = one.front();
        McBlockRunner runner(p);
        std::vector<std::string> wire;
        for (std::uint64_t b = 0; b < blockCount(p); ++b) {
            ByteWriter w;
            writeBlockResult(w, runMonteCarloBlock(runner, p, b));
            wire.push_back(w.take());
            bytes += static_cast<double>(wire.back().size());
        }
        blocks += wire.size();
        PointAssembly assembly(one);
        assembly.beginPass({0});
        double last = 0.0;
        for (const std::string& m : wire) {
            const double t0 = cpuSeconds();
            ByteReader r(m, "block");
            const auto result = assembly.deposit(0, readBlockResult(r, p));
            last = cpuSeconds() - t0;
            deposits += last;
            ++depositCount;
            if (result) {
                ByteWriter w;
                writePointResult(w, *result);
                c.pointBytes += static_cast<double>(w.data().size());
            }
        }
        // The last deposit assembled the point: its cost beyond an ordinary deposit.
        const double mean = deposits / static_cast<double>(depositCount);
        assembles += std::max(0.0, last - mean);
        c.assembleMax = std::max(c.assembleMax, std::max(0.0, last - mean));
    }
    c.deposit = deposits / static_cast<double>(std::max<std::uint64_t>(depositCount, 1));
    c.assemble = assembles / static_cast<double>(samples);
    c.blockBytes = bytes / static_cast<double>(std::max<std::uint64_t>(blocks, 1));
    c.pointBytes /= static_cast<double>(samples);
}

// The model (docs/cluster.md): P ranks of T threads. Every unit, block deposit and assembly is
// spread over the threads of the ranks that run units (rank 0 too up to 16 ranks); rank 0
// handles its messages one after another at `message` s each (its children's requests, every
// point's result), as does a group leader for its group; at the end, the last unit (the last
// ones go to idle threads only: at worst the dearest), its block's deposit and the point's
// assembly remain; the job is broadcast first (a tree: log2 P steps).
void model(const std::vector<McConfig>& points, const Costs& c, double message) {
    const double serialOne = c.work + static_cast<double>(points.size()) * c.assemble;
    std::printf("\nmodel: W = %.1f CPU s of simulation in %llu units (%.2f ms each, at most "
                "%.2f), %.3f ms per received block, %.2f ms per assembly; rank 0: %.1f us per "
                "message\n",
                c.work, static_cast<unsigned long long>(c.units), 1e3 * c.unitMean, 1e3 * c.unitMax,
                1e3 * c.deposit, 1e3 * c.assemble, 1e6 * message);
    std::printf("%8s %8s %12s %10s %10s %10s %10s %10s\n", "ranks", "threads", "spread (s)",
                "rank 0 (s)", "leader (s)", "tail (s)", "T (s)", "efficiency");
    const std::vector<std::pair<double, double>> shapes{{16, 1},    {64, 1},  {1024, 1},
                                                        {16384, 1}, {64, 16}, {1024, 16}};
    for (const auto& [ranks, threads] : shapes) {
        const auto units = static_cast<double>(c.units);
        const auto pts = static_cast<double>(points.size());
        const double computing = (ranks <= 16.0 ? ranks : ranks - 1.0) * threads;
        const double spread = (serialOne + units * c.deposit) / computing;
        // Dispensers: rank 0 answers every rank up to 64 others (a request per T units at
        // worst), else sqrt(P) group leaders, each asking for a group's worth of units (2 per
        // thread) while the pool is large, fewer at the end (guided): about units / (2 G T) + 4
        // per leader. A leader answers its group's requests.
        const double others = ranks - 1.0;
        const double group = others <= 64.0 ? 0.0 : std::ceil(std::sqrt(others));
        const double leaders = group > 0.0 ? std::ceil(others / group) : 0.0;
        const double rank0Messages =
            pts + (group > 0.0 ? units / (2.0 * group * threads) + 4.0 * leaders : units / threads);
        const double rank0 = rank0Messages * message;
        const double leader = group > 0.0 ? (units / (leaders * threads) + 4.0) * message : 0.0;
        const double tail = c.unitMax + c.deposit + c.assembleMax;
        const double start = std::log2(ranks) * (5e-6 + static_cast<double>(c.jobBytes) / 5e9);
        const double t = std::max({spread, rank0, leader}) + tail + start;
        std::printf("%8.0f %8.0f %12.4f %10.4f %10.4f %10.4f %10.4f %9.1f%%\n", ranks, threads,
                    spread, rank0, leader, tail, t, 100.0 * serialOne / (ranks * threads * t));
    }
}

} // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: scaling_bench fig4|fig5|fig6|mc [REPLICATES] [--threads T] "
                             "[--model US] [--no-run]\n");
        return 2;
    }
    const std::string job = argv[1];
    std::uint64_t replicates = 0;
    int threads = 0;
    double message = -1.0;
    bool run = true;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--threads" && i + 1 < argc) {
            threads = std::atoi(argv[++i]);
        } else if (a == "--model" && i + 1 < argc) {
            message = std::atof(argv[++i]) * 1e-6;
        } else if (a == "--no-run") {
            run = false;
        } else {
            replicates = std::strtoull(argv[i], nullptr, 10);
        }
    }
    std::vector<McConfig> points;
    if (job == "mc") {
        McConfig c;
        c.algorithms = parseAlgorithmList("all", AlgorithmCatalog());
        c.n = 64;
        c.costs = CostModel::perOperation(Law::gamma(1.0, 1.0), Law::constant(0.0));
        c.replicates = replicates > 0 ? replicates : 2000000;
        points.push_back(c);
    } else {
        SweepStudy study = SweepStudy::paper(parseFigure(job));
        if (replicates > 0) {
            study.spec.replicates = replicates;
        }
        points = study.spec.pointConfigs();
    }
    for (McConfig& c : points) {
        c.threads = threads;
        c.validate();
    }
    std::printf("job: %s, %zu points x %llu replicates x %zu algorithms\n", job.c_str(),
                points.size(), static_cast<unsigned long long>(points.front().replicates),
                points.front().algorithms.size());
    Costs costs;
    {
        ByteWriter w;
        w.u64(points.size());
        for (const McConfig& c : points) {
            writeMcConfig(w, c);
        }
        costs.jobBytes = w.data().size();
    }
    if (run) {
        LocalExecutor local;
        const auto wall0 = std::chrono::steady_clock::now();
        const double process0 = rusageCpu();
        const double thread0 = threadCpu();
        const std::vector<McResult> results = runPointJob(points, local, {});
        const double collecting = threadCpu() - thread0;
        const double process = rusageCpu() - process0;
        const double wall =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - wall0).count();
        std::printf("run on %u threads: %.2f s wall, %.2f CPU s in all; the collecting thread "
                    "%.4f CPU s (%.3f %% of the job's CPU)\n",
                    jobThreads(points, 1U << 20), wall, process, collecting,
                    100.0 * collecting / std::max(process, 1e-9));
        if (results.size() != points.size()) {
            std::fprintf(stderr, "the job did not complete\n");
            return 1;
        }
    }
    measureUnits(points, costs);
    measureOwner(points, 3, costs);
    std::printf("units: %llu blocks, %.3f ms each on average (one block of every point), the "
                "dearest %.3f ms; simulation on one core %.2f CPU s\n",
                static_cast<unsigned long long>(costs.units), 1e3 * costs.unitMean,
                1e3 * costs.unitMax, costs.work);
    std::printf("owner: %.3f ms per block received, %.3f ms to assemble a point (at most "
                "%.3f); messages: %.0f bytes per block, %.0f bytes per point's result (what "
                "rank 0 receives), %llu bytes of job\n",
                1e3 * costs.deposit, 1e3 * costs.assemble, 1e3 * costs.assembleMax,
                costs.blockBytes, costs.pointBytes,
                static_cast<unsigned long long>(costs.jobBytes));
    if (message >= 0.0) {
        model(points, costs, message);
    }
    return 0;
}
