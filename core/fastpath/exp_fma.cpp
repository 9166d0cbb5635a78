#include "fastpath/exp_fma.h"

#include <bit>
#include <cstdint>
#include <initializer_list>

namespace rl {

namespace {

[[RL_FMA_TARGET gnu::noinline]] bool sampleAgrees() {
    // Every table entry with r at both ends and in the middle, over the main path's range and
    // its edges, and a pseudo-random spread of the arguments gamma draws take (x <= 0).
    constexpr double kStep = 0x1.62e42fefa39efp-8; // ln 2 / 128
    for (int k = -127; k <= 127; ++k) {
        for (double f : {-0.49, -0.25, 0.0, 0.3, 0.49}) {
            for (double offset : {0.0, -3.0 * 128 * kStep, -500.0, 7.0}) {
                const double x = (k + f) * kStep + offset;
                if (std::bit_cast<std::uint64_t>(expFma(x)) !=
                    std::bit_cast<std::uint64_t>(std::exp(x))) {
                    return false;
                }
            }
        }
    }
    std::uint64_t state = 0x9e3779b97f4a7c15ULL;
    for (int i = 0; i < 20000; ++i) {
        state = state * 6364136223846793005ULL + 1442695040888963407ULL;
        const double u = static_cast<double>(state >> 11) * 0x1p-53;
        const double x = i % 2 == 0 ? -700.0 * u : -8.0 * u;
        if (std::bit_cast<std::uint64_t>(expFma(x)) != std::bit_cast<std::uint64_t>(std::exp(x))) {
            return false;
        }
    }
    return true;
}

} // namespace

bool expFmaMatchesStd() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    static const bool matches =
        __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && sampleAgrees();
    return matches;
#else
    return false;
#endif
}

} // namespace rl
