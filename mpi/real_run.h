#pragma once

#include "mpi/real_reduction.h"

#include "platform/cost_model.h"
#include "schedule/schedule.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rl::mpi {

/// The real operations of `reducelab-mpi run --op`: exact on 64-bit unsigned integers (modulo
/// 2^64), so that a real reduction equals the serial one to the bit. Sum and max are
/// commutative; matmul2, the product of 2×2 matrices, is not (its result shows the order of
/// the merges).
enum class RealOp { Sum, Max, MatMul2 };

/// "sum", "max" or "matmul2"; throws InputError otherwise.
RealOp parseRealOp(std::string_view text);
/// The bytes of one element: 8 (sum, max) or 32 (a 2×2 matrix).
std::size_t realOpElementBytes(RealOp op);
bool realOpCommutative(RealOp op);

/// The value of rank `index` (bytes / element bytes elements), drawn from (seed, index).
std::vector<std::uint64_t> realOpInput(RealOp op, std::size_t bytes, std::uint64_t seed, int index);
/// right = left ∘ right over `bytes` bytes (ReductionData::combine).
void realOpCombine(RealOp op, std::size_t bytes, const void* left, void* right);
/// a0 ∘ a1 ∘ … ∘ a(n-1) of realOpInput's values, serially.
std::vector<std::uint64_t> realOpSerial(RealOp op, std::size_t bytes, std::uint64_t seed, int n);

/// The injected costs of a simulated run: with fixed costs the matrix itself; otherwise each
/// transfer costs what the simulation's send of its sender cost and each reduction what the
/// simulation's reduction of that sender's value cost (the same draws when the real tree is the
/// simulated one; a sender the simulation did not have, its root, costs the simulated mean);
/// with an arrival law, the simulation's arrival times.
InjectedCosts injectedCosts(const Schedule& simulated, const CostModel& costs, double unitSeconds);

/// Whether two schedules over the same indices have the same tree (every processor sends to
/// the same one).
bool sameTree(const Schedule& a, const Schedule& b);

} // namespace rl::mpi
