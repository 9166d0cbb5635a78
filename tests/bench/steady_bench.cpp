// The steady-state reduce (SSRP) side by side: tree column generation (what `steady` runs)
// and the flow LP of seed 002 solved as such by GLPK, on complete:N (unit costs) and on dense
// random heterogeneous graphs (costs U(0.2, 3), w U(0, 2), seed 5), target P0. Wall and CPU
// seconds per solve, the throughputs (they must agree) and the rounds of pricing.
// Usage: steady_bench [FLOW_LP_MAX_N=16] [N...=8 12 16 20 24]
#include "cpu_time.h"
#include "models/steady_flow_lp.h"
#include "models/steady_state.h"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

using namespace rl;
using rl::bench::cpuSeconds;

namespace {

double wallSeconds() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

PlatformGraph randomDense(int n) {
    std::mt19937_64 gen(5);
    std::uniform_real_distribution<double> link(0.2, 3.0);
    std::uniform_real_distribution<double> work(0.0, 2.0);
    PlatformGraph g;
    g.n = n;
    for (int i = 0; i < n * n; ++i) {
        g.link.push_back(i / n == i % n ? INFINITY : link(gen));
    }
    for (int i = 0; i < n; ++i) {
        g.w.push_back(work(gen));
    }
    return g;
}

template <class F> void timed(const char* what, int n, F&& solve) {
    const double w0 = wallSeconds();
    const double c0 = cpuSeconds();
    const auto [tp, rounds] = solve();
    std::printf("%-22s %3d  %9.3f  %9.3f  %.15g  %d\n", what, n, wallSeconds() - w0,
                cpuSeconds() - c0, tp, rounds);
    std::fflush(stdout);
}

} // namespace

int main(int argc, char** argv) {
    const int flowMax = argc > 1 ? std::atoi(argv[1]) : 16;
    std::vector<int> sizes;
    for (int a = 2; a < argc; ++a) {
        sizes.push_back(std::atoi(argv[a]));
    }
    if (sizes.empty()) {
        sizes = {8, 12, 16, 20, 24};
    }
    std::printf("%-22s %3s  %9s  %9s  %-17s  %s\n", "method", "n", "wall_s", "cpu_s", "throughput",
                "rounds");
    for (const int n : sizes) {
        for (const bool random : {false, true}) {
            const PlatformGraph g =
                random ? randomDense(n) : PlatformGraph::preset("complete:" + std::to_string(n));
            timed(random ? "trees random" : "trees complete", n, [&] {
                const SteadyStateResult r = solveSteadyReduce(g, 0);
                return std::pair{r.throughput, r.pricingRounds};
            });
            if (n <= flowMax) {
                timed(random ? "flow-LP random" : "flow-LP complete", n, [&] {
                    return std::pair{solveSteadyReduceFlowLp(g, 0).throughput, 0};
                });
            }
        }
    }
    return 0;
}
