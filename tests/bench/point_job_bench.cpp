// What a point job costs where, for the README's MPI scaling model: per grid point of the
// default Fig. 5 (n = 64, Fibonacci-stat and Tree-dyn, paired analysis), the CPU time of
// simulating its blocks (spread over the ranks), the bytes of its block results (sent to
// rank 0) and the CPU time rank 0 spends merging them and analysing the point (serial).
// Usage: point_job_bench [REPLICATES=100000] [POINTS=3]
#include "cpu_time.h"
#include "experiment/mc_wire.h"
#include "experiment/point_job.h"

#include "base/byte_codec.h"

#include <cstdio>
#include <cstdlib>
#include <string>

using namespace rl;
using rl::bench::cpuSeconds;

int main(int argc, char** argv) {
    const std::uint64_t replicates = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 100000;
    const int pointsToTime = argc > 2 ? std::atoi(argv[2]) : 3;
    SweepSpec spec = SweepSpec::figure(Figure::Fig5);
    spec.replicates = replicates;
    spec.threads = 1;
    const std::vector<McConfig> all = spec.pointConfigs();
    double simulate = 0.0;
    double merge = 0.0;
    std::uint64_t bytes = 0;
    std::uint64_t blocks = 0;
    for (int k = 0; k < pointsToTime; ++k) {
        // Points spread over the grid: the cost per replicate grows with the CV.
        const McConfig& c = all[(all.size() - 1) * static_cast<std::size_t>(k) /
                                static_cast<std::size_t>(std::max(pointsToTime - 1, 1))];
        std::vector<std::string> wire;
        const double t0 = cpuSeconds();
        McBlockRunner runner(c);
        for (std::uint64_t b = 0; b < blockCount(c); ++b) {
            ByteWriter w;
            writeBlockResult(w, runMonteCarloBlock(runner, c, b));
            wire.push_back(w.take());
        }
        const double t1 = cpuSeconds();
        McAssembler assembler(c);
        for (const std::string& m : wire) {
            ByteReader r(m, "block");
            assembler.add(readBlockResult(r, c));
            bytes += m.size();
        }
        const McResult result = assembler.finish();
        const double t2 = cpuSeconds();
        if (!result.analysis) {
            std::fprintf(stderr, "no analysis\n");
            return 1;
        }
        simulate += t1 - t0;
        merge += t2 - t1;
        blocks += blockCount(c);
    }
    const double p = pointsToTime;
    std::printf("replicates %llu, %d points of %zu: per point %.3f CPU s simulating (%llu blocks), "
                "%.0f bytes of block results, %.4f CPU s merging and analysing at rank 0\n",
                static_cast<unsigned long long>(replicates), pointsToTime, all.size(), simulate / p,
                static_cast<unsigned long long>(blocks / static_cast<std::uint64_t>(p)),
                static_cast<double>(bytes) / p, merge / p);
    return 0;
}
