#pragma once

#include "models/platform_graph.h"

namespace rl {

/// The size of SSRP(G)'s flow linear program as seed 002 writes it: TP, s(Pi -> Pj, v[k,m])
/// for every link and interval, cons(Pi, T(k,l,m)), one delivery per possible target; a row
/// for TP, each one-port and computation capacity and each conservation of v[k,m] on Pi.
struct SteadyLpSize {
    int variables = 0;
    int constraints = 0;
};

/// That size, without building the program (O(n^4) variables); `target` -1 means any.
SteadyLpSize steadyReduceLpSize(const PlatformGraph& g, int target);

/// The optimum of that flow program, solved as such (GLPK on every variable): the reference
/// that solveSteadyReduce's tree column generation is checked and measured against.
struct SteadyFlowLpResult {
    double throughput = 0.0;
    SteadyLpSize size; ///< counted on the program built
};
/// Throws InputError on a bad graph or target, or when the program cannot be solved.
SteadyFlowLpResult solveSteadyReduceFlowLp(const PlatformGraph& g, int target);

} // namespace rl
