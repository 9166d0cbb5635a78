#include "experiment/time_breakdown.h"

#include "algorithms/simulator.h"
#include "base/cpu_time.h"
#include "base/input_error.h"
#include "engine/kernel.h"
#include "fastpath/fast_draws.h"

#include <algorithm>

namespace rl {

namespace {

// Calls pair(r) for r = 0, 2, 4, ... (two replicates each) until `seconds` of CPU have passed,
// checking the clock every `perCheck` pairs; returns the replicates done and their CPU time.
template <class Pair>
std::uint64_t timed(double seconds, int perCheck, double& elapsed, Pair&& pair) {
    const double start = processCpuSeconds();
    std::uint64_t r = 0;
    do {
        for (int i = 0; i < perCheck; ++i, r += 2) {
            pair(r);
        }
        elapsed = processCpuSeconds() - start;
    } while (elapsed < seconds);
    return r;
}

} // namespace

TimeBreakdown measureTimeBreakdown(const Algorithm& algorithm, int n, const CostModel& costs,
                                   double seconds, std::uint64_t seed) {
    if (costs.mode != CostMode::PerOperation) {
        throw InputError("time breakdown: per-operation costs only");
    }
    Simulator sim(algorithm, n, false, costs);
    StreamDraws a(costs.transfer, costs.reduction, n, &fastDrawFill);
    StreamDraws b(costs.transfer, costs.reduction, n, &fastDrawFill);
    TimeBreakdown out;
    double elapsed = 0.0;
    // 32 pairs between two looks at the clock (std::clock costs a system call), fewer on large
    // platforms, down to one pair from n = 4,096 on (n = 2^24: about a second per pair).
    const int perCheck = std::clamp(131072 / std::max(n, 1), 1, 32);
    // As McBlockRunner::simulate: draw a pair, run it.
    const std::uint64_t total = timed(seconds, perCheck, elapsed, [&](std::uint64_t r) {
        a.draw(seed, r);
        b.draw(seed, r + 1);
        double x = 0.0;
        double y = 0.0;
        sim.makespansFromDraws(a, b, x, y);
        out.makespanSum += x;
        out.makespanSum += y;
    });
    out.replicates = total;
    out.totalNs = elapsed * 1e9 / static_cast<double>(total);
    // The draws alone (draw() fills buffers that the next part reads: it is not dropped).
    const std::uint64_t draws = timed(seconds, perCheck, elapsed, [&](std::uint64_t r) {
        a.draw(seed, r);
        b.draw(seed, r + 1);
    });
    out.drawNs = elapsed * 1e9 / static_cast<double>(draws);
    // The run alone, on replicates 0 and 1 every time.
    a.draw(seed, 0);
    b.draw(seed, 1);
    const std::uint64_t same = timed(seconds, perCheck, elapsed, [&](std::uint64_t) {
        sim.makespansFromDraws(a, b, out.sameDrawsMakespan[0], out.sameDrawsMakespan[1]);
    });
    out.sameDrawsNs = elapsed * 1e9 / static_cast<double>(same);
    return out;
}

} // namespace rl
