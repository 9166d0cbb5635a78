#pragma once

#include <ctime>

namespace rl {

/// CPU time of the whole process (all threads), in seconds, for measurements: on a shared
/// machine wall time depends on the neighbours, CPU time much less.
inline double processCpuSeconds() {
    return static_cast<double>(std::clock()) / static_cast<double>(CLOCKS_PER_SEC);
}

} // namespace rl
