#pragma once

#include "engine/static_plan.h"
#include "platform/cost_model.h"

#include <memory>

namespace rl {

/// F(1) = F(2) = 1, F(k) = F(k-1) + F(k-2).
long long fibonacci(int k);
/// The order k of Fibonacci-stat for n processors: the smallest k >= 0 with F(k+2) >= n.
int fibonacciOrder(int n);

/// Fibonacci-stat (RR §3.2, docs/model.md §4): FS(k) = FS(k-1) on the first F(k+1) processors
/// beside FS(k-2) on the next F(k), whose root then sends to the root of FS(k-1) as its last
/// reception; senders >= n are dropped. Reception j may overlap the reduction of reception j-1.
StaticPlan fibonacciStatPlan(int n);

class KernelBase;
class FastPath;

/// The generic engine's kernel of this algorithm, and its fast path (its registry row's
/// factories).
std::unique_ptr<KernelBase> makeFibonacciStatKernel(int n, bool nonCommutative,
                                                    const CostModel& costs);
std::unique_ptr<FastPath> makeFibonacciStatFastPath(int n, bool nonCommutative,
                                                    const CostModel& costs);

} // namespace rl
