#pragma once

#include <cstdint>

/// The attribute of the functions compiled for AVX-512 (with gnu::flatten, so that what they
/// call is compiled so inside them, and nothing shared is emitted with its instructions).
#if defined(__x86_64__)
#define RL_WIDE_TARGET gnu::target("avx512f"),
#else
#define RL_WIDE_TARGET
#endif

namespace rl {

struct StaticJoins;

/// Whether this processor runs the kernels' AVX-512 paths (fastpath/wide_events.h): 512-bit
/// vectors, enabled by the operating system.
bool wideEventsAvailable();

/// The most events a wide run holds pending (WideEvents' capacity): a run whose joins may
/// need more is not given to runStaticJoinsPairWide (and one that overflows gives up).
inline constexpr int kWideEventsCapacity = 40;

/// runStaticJoinsPair on WideEvents, compiled for AVX-512 (wideEventsAvailable() must be
/// true): the same two results, for the static plans with reductions up to 64 processors.
/// `exactA` and `exactB` hold joins.need.size() times each.
void runStaticJoinsPairWide(const StaticJoins& joins, double* exactA, double* exactB,
                            const double* ta, const double* ra, const double* tb, const double* rb,
                            int* remainingA, double* startA, int* remainingB, double* startB,
                            double& ma, double& mb, bool& doneA, bool& doneB);

} // namespace rl
