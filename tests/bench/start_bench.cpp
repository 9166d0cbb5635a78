// What a lean kernel's start costs: the transfers of time 0 (half the platform) put into the
// sorted array, by SortedKeys::build (four keys per pass, a cost in the square of the count)
// and by buildBySortingNetwork (Tree-dyn and Non-Commut-Tree-dyn: a bitonic network for 25 to
// 32 keys, blocks of 32 merged up to 128). CPU nanoseconds per build, best of 5 alternated
// rounds, for the README's Performance section. Both must give the same array: checked.
// Usage: start_bench [BUILDS_PER_ROUND=200000]
#include "cpu_time.h"
#include "fastpath/pending_events.h"

#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

using namespace rl;
using rl::bench::cpuSeconds;

namespace {
// Builds `builds` arrays of `count` keys (64 different sets of draws in turn); returns CPU
// nanoseconds per build. The smallest key of each is summed so that no build is optimised away.
template <bool kNetwork>
double timeBuilds(SortedKeys::Storage& storage, const std::vector<double>& draws, std::size_t count,
                  long builds, double& sink) {
    const double t0 = cpuSeconds();
    for (long b = 0; b < builds; ++b) {
        SortedKeys keys = storage.view(128);
        const double* d = draws.data() + static_cast<std::size_t>(b % 64) * count;
        auto key = [&](std::size_t i) { return 0.0 + d[i]; };
        if (kNetwork) {
            keys.buildBySortingNetwork(count, key);
        } else {
            keys.build(count, key);
        }
        sink += keys.min();
    }
    return 1e9 * (cpuSeconds() - t0) / static_cast<double>(builds);
}

bool sameArrays(const std::vector<double>& draws, std::size_t count) {
    SortedKeys::Storage a;
    SortedKeys::Storage b;
    SortedKeys x = a.view(128);
    SortedKeys y = b.view(128);
    x.build(count, [&](std::size_t i) { return draws[i]; });
    y.buildBySortingNetwork(count, [&](std::size_t i) { return draws[i]; });
    while (!x.empty() && !y.empty()) {
        if (x.popMin() != y.popMin()) {
            return false;
        }
    }
    return x.empty() && y.empty();
}
} // namespace

int main(int argc, char** argv) {
    const long builds = argc > 1 ? std::atol(argv[1]) : 200000;
    std::mt19937_64 g(13);
    std::exponential_distribution<double> e(1.0);
    double sink = 0.0;
    std::printf("keys,passes_ns,network_ns,speedup\n");
    for (const std::size_t count : {16U, 24U, 25U, 32U, 33U, 40U, 48U, 49U, 56U, 64U, 96U, 128U}) {
        std::vector<double> draws(64 * count);
        for (double& d : draws) {
            d = e(g);
        }
        if (!sameArrays(draws, count)) {
            std::fprintf(stderr, "%zu keys: the two builds differ\n", count);
            return 1;
        }
        SortedKeys::Storage storage;
        double passes = 1e300;
        double network = 1e300;
        for (int round = 0; round < 5; ++round) {
            passes = std::min(passes, timeBuilds<false>(storage, draws, count, builds, sink));
            network = std::min(network, timeBuilds<true>(storage, draws, count, builds, sink));
        }
        std::printf("%zu,%.1f,%.1f,%.2f\n", count, passes, network, passes / network);
    }
    std::fprintf(stderr, "(checksum %g)\n", sink);
    return 0;
}
