#pragma once

#include <cstdint>
#include <string>

namespace rl {

/// The bounds every input is held to, in one place (docs/reliability.md).
///
/// Magnitudes: a cost, mean, size or rate is 0 or lies in [kMinMagnitude, kMaxMagnitude]. A run
/// adds at most 2^25 operation costs and a Monte Carlo run averages at most 2^40 makespans, so
/// with costs below 1e100 every sum, mean and variance stays far from overflow (1e308), and a
/// positive cost above 1e-100 keeps ratios and LP coefficients far from underflow; nothing the
/// model studies needs values outside that range (they are in arbitrary units).
inline constexpr double kMinMagnitude = 1e-100;
inline constexpr double kMaxMagnitude = 1e100;

/// Memory: a request whose estimated allocation exceeds this is refused before allocating
/// (kept makespans, cost matrices, schedules, histograms). 4 GiB fits the project's 24 GiB
/// machines with room for the rest, and covers every figure of the papers.
inline constexpr std::uint64_t kMemoryCapBytes = std::uint64_t{4} << 30;

/// Throws InputError("<what> = <value>: ...") unless `value` is finite and 0 or within
/// [kMinMagnitude, kMaxMagnitude] (negative values are refused too: costs and sizes are >= 0).
void checkMagnitude(double value, const std::string& what);

/// Throws InputError naming `what`, the estimate and the cap when `bytes` > kMemoryCapBytes.
/// `bytes` is an estimate computed without overflow by the caller (use memoryProduct).
void checkMemory(std::uint64_t bytes, const std::string& what);

/// a * b, saturated at UINT64_MAX (for memory estimates of huge requests).
std::uint64_t memoryProduct(std::uint64_t a, std::uint64_t b);

} // namespace rl
