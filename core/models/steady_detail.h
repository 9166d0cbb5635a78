#pragma once

// What the steady-state solvers share (steady_state.cpp, steady_reduce.cpp,
// steady_scatter.cpp, steady_flow_lp.cpp); not a public API.

#include "models/platform_graph.h"
#include "models/steady_state.h"

#include <vector>

namespace rl::steady_detail {

struct Edge {
    int from;
    int to;
};

/// The links of the graph, row by row.
std::vector<Edge> edgesOf(const PlatformGraph& g);
/// Throws InputError unless `target` is a processor of g or -1 (any).
void checkReduceTarget(const PlatformGraph& g, int target);
/// Fills r.linkOccupation and r.computeOccupation from r.transfers and r.tasks.
void fillOccupation(const PlatformGraph& g, SteadyStateResult& r);

} // namespace rl::steady_detail
