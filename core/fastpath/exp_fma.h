#pragma once

#include "fastpath/exp_fma_table.h"
#include "fastpath/fma_target.h"

#include <bit>
#include <cmath>
#include <cstdint>

namespace rl {

/// std::exp as glibc (2.28 and later) computes it on processors with AVX2 and FMA, where it
/// picks its FMA variant: the same table (exp_fma_table.h, computed exactly by
/// scripts/exp_table.py), constants and fused operations in the same order, so the same bits,
/// but inline: no call, and no wrapper. Gamma draws of shape below 1 make one exp per draw
/// (LawSampler), which this takes out of the call that cost a fifth of a replicate at CV 3.
/// Arguments outside [2^-54, 512) in magnitude (and infinities, NaN) go to std::exp.
/// Only for functions compiled for FMA (RL_FMA_TARGET), and only where expFmaMatchesStd().
[[RL_FMA_TARGET gnu::always_inline]] inline double expFma(double x) {
    // glibc's exp_data: N / ln 2, -ln 2 / N in two parts, the polynomial, the rounding shift.
    constexpr double kInvLn2N = 0x1.71547652b82fep7;
    constexpr double kNegLn2HiN = -0x1.62e42fefa0000p-8;
    constexpr double kNegLn2LoN = -0x1.cf79abc9e3b3ap-47;
    constexpr double kC2 = 0x1.ffffffffffdbdp-2;
    constexpr double kC3 = 0x1.555555555543cp-3;
    constexpr double kC4 = 0x1.55555cf172b91p-5;
    constexpr double kC5 = 0x1.1111167a4d017p-7;
    constexpr double kShift = 0x1.8p52;
    const auto abstop = static_cast<std::uint32_t>(std::bit_cast<std::uint64_t>(x) >> 52) & 0x7ffU;
    if (abstop - 0x3c9U >= 0x3fU) [[unlikely]] {
        return std::exp(x);
    }
    // x = k ln 2 / N + r; exp(x) = 2^(k/N) exp(r) = H (1 + T) exp(r).
    double kd = __builtin_fma(x, kInvLn2N, kShift);
    const auto ki = std::bit_cast<std::uint64_t>(kd);
    kd -= kShift;
    double r = __builtin_fma(kd, kNegLn2HiN, x);
    r = __builtin_fma(kd, kNegLn2LoN, r);
    const std::uint64_t idx = 2 * (ki & 127U);
    const double tail = std::bit_cast<double>(exp_fma_detail::kTable[idx]);
    const std::uint64_t sbits = exp_fma_detail::kTable[idx + 1] + (ki << 45);
    // tail + r + r^2 (C2 + r C3) + r^4 (C4 + r C5), fused as glibc's build fuses it.
    const double r2 = r * r;
    const double low = __builtin_fma(r, kC3, kC2);
    const double high = __builtin_fma(r, kC5, kC4);
    const double sum = __builtin_fma(low, r2, r + tail);
    const double tmp = __builtin_fma(r2 * r2, high, sum);
    const double scale = std::bit_cast<double>(sbits);
    return __builtin_fma(scale, tmp, scale);
}

/// Whether expFma() may stand for std::exp here: the processor has AVX2 and FMA (where glibc
/// takes its FMA variant) and the two agree on a sample that reaches every table entry (a
/// different C library, or a glibc that changed its exp, shows there). Checked once.
bool expFmaMatchesStd();

} // namespace rl
