#pragma once

#include <ctime>

namespace rl::bench {

/// The process's CPU time in seconds, every thread included: the benchmarks compare CPU time
/// because this project's machines are shared (wall time measures the neighbours too).
inline double cpuSeconds() {
    timespec t{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

} // namespace rl::bench
