#pragma once

#include "engine/static_plan.h"
#include "platform/cost_model.h"

#include <memory>

namespace rl {

/// Binomial-stat (RR §3.2): in round k = 1..ceil(log2 n), processor i*2^k + 2^(k-1) sends to
/// i*2^k; receptions in round order; reception j waits for reception j-1 and its reduction.
StaticPlan binomialStatPlan(int n);

class KernelBase;
class FastPath;

/// The generic engine's kernel of this algorithm, and its fast path (its registry row's
/// factories).
std::unique_ptr<KernelBase> makeBinomialStatKernel(int n, bool nonCommutative,
                                                   const CostModel& costs);
std::unique_ptr<FastPath> makeBinomialStatFastPath(int n, bool nonCommutative,
                                                   const CostModel& costs);

} // namespace rl
