#pragma once

#include "platform/cost_model.h"

#include <memory>
#include <vector>

namespace rl {

/// Liu-Wang's slowest-node-first sender sequence (docs/model.md §4): every processor but the
/// slowest, sorted by non-increasing transmission time, ties in index order. EP(snfSenders(t)) is
/// SNF.
std::vector<int> snfSenders(const std::vector<double>& t);

class KernelBase;

/// The generic engine's kernel of this algorithm (its registry row's factory).
std::unique_ptr<KernelBase> makeSnfKernel(int n, bool nonCommutative, const CostModel& costs);

} // namespace rl
