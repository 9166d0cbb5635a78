#pragma once

#include "engine/static_plan.h"

namespace rl {

/// Binomial-stat (RR §3.2): in round k = 1..ceil(log2 n), processor i*2^k + 2^(k-1) sends to
/// i*2^k; receptions in round order; reception j waits for reception j-1 and its reduction.
StaticPlan binomialStatPlan(int n);

} // namespace rl
