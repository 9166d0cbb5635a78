#include "fastpath/wide_runs.h"

#include "fastpath/static_joins.h"
#include "fastpath/wide_events.h"

namespace rl {

bool wideEventsAvailable() {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    // libgcc's and compiler-rt's check include the operating system's support (XCR0).
    return __builtin_cpu_supports("avx512f") != 0;
#else
    return false;
#endif
}

// Compiled for AVX-512 with everything it calls inlined (flatten): the generic vectors of
// WideEvents then become 512-bit registers, and no function shared with the rest of the
// program is emitted from here with AVX-512 instructions.
[[RL_WIDE_TARGET gnu::flatten]] void
runStaticJoinsPairWide(const StaticJoins& joins, double* exactA, double* exactB, const double* ta,
                       const double* ra, const double* tb, const double* rb, int* remainingA,
                       double* startA, int* remainingB, double* startB, double& ma, double& mb,
                       bool& doneA, bool& doneB) {
    using Queue = WideEvents<kWideEventsCapacity / 8>;
    const auto payloads = static_cast<std::uint32_t>(joins.need.size());
    runStaticJoinsPair(joins, Queue(exactA, payloads), Queue(exactB, payloads), ta, ra, tb, rb,
                       remainingA, startA, remainingB, startB, ma, mb, doneA, doneB);
}

} // namespace rl
