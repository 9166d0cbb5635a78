#pragma once

#include "algorithms/ep_optimum.h"
#include "platform/cost_model.h"
#include "platform/fixed_costs.h"

#include <optional>
#include <string>

namespace rl {

/// ceil(log2 n) for n >= 1 (0 for n = 1): the number of halvings a reduction needs.
int ceilLog2(int n);

/// docs/model.md §5, invariant 6 (RR §4): every schedule on fixed costs takes at least ceil(log2 n)
/// * min d[i][j].
double spec56Bound(const FixedCosts& f);

/// The optimal makespan of n processors when every transfer costs d and every reduction c,
/// or a lower bound when the exact search is too large (see HomogeneousOptimum::exact).
///
/// N(E, R), the largest value a processor can hold once its last reception ended by E and
/// its last reduction by R, obeys N(E, R) = N(x - d - c, x - d) + N(x - d, R - c) with
/// x = min(E, R - c) (1 when x < d): the last merged value was sent by a processor ready at
/// x - d, and the receiver's previous value had its last reception end before that transfer
/// started (one-port) and its last reduction end before this one started. Every step is also
/// a way to build a schedule, so min{T : N(T, T) >= n} is the optimum; with costs >= (d, c)
/// every inequality still holds, so it bounds heterogeneous platforms too. For c = d it gives
/// Fibonacci-stat's (k + 1) d, for c = 0 or d = 0 Binomial-stat's ceil(log2 n)(c + d).
struct HomogeneousOptimum {
    double value = 0.0;
    /// false when the candidate times exceeded the search budget (very unequal c and d): then
    /// `value` is the weaker bound ceil(log2 n) * max(c, d).
    bool exact = true;
};
HomogeneousOptimum homogeneousOptimum(int n, double d, double c);

/// What the Gantt chart marks: the best lower bound known for a run, and whether it is the
/// optimum itself.
struct MakespanBound {
    double value = 0.0;
    bool optimal = false; ///< constant costs: the optimal homogeneous makespan
    std::string label;    ///< "optimum 5", "lower bound 3.2"
};

/// Fixed costs: max(docs/model.md §5, invariant 6, homogeneousOptimum(min d, min c)), optimal when
/// every d and every c are equal. Per-operation costs with constant laws: the homogeneous optimum.
/// None for random costs (the bound of a random run would be random too).
std::optional<MakespanBound> makespanBound(const CostModel& costs, int n);

/// What the explorer draws: makespanBound(), except on a Liu-Wang cluster (sender-only fixed
/// costs, no reduction cost) small enough for the exhaustive search, where the best EP
/// schedule is the exact optimum (a lower bound only in non-commutative mode, whose schedules
/// are a subset). Cancelling the search (progress returns false) falls back to makespanBound().
std::optional<MakespanBound> referenceBound(const CostModel& costs, int n, bool nonCommutative,
                                            const SearchProgress& progress = {});

} // namespace rl
