#pragma once

#include "schedule/schedule.h"

#include <vector>

namespace rl {

/// Where each processor of a reduction tree is drawn, in abstract units: x counts columns (two
/// nodes at one depth are at least 1 apart), y is the depth, the number of edges up to the root.
/// The root is at y = 0, every child one unit below its parent, children left to right in
/// reception order, the leftmost node at x = 0.
struct TreeLayout {
    std::vector<double> x; ///< per processor
    std::vector<double> y; ///< per processor: its depth
    double width = 0.0;    ///< largest x
    double height = 0.0;   ///< largest y (deepest level)
};

/// A tidy layout (Reingold-Tilford style contour packing): each subtree keeps its own shape,
/// siblings are pushed together as far as their contours allow, and a parent is centred over
/// its first and last child. Besides the unit gap between nodes of one depth, a node is kept
/// half a unit clear of the diagonal under a neighbouring subtree, so no edge passes through a
/// node and no two edges cross. Runs in O(n * height), without recursion.
TreeLayout layoutTree(const Schedule& s);

} // namespace rl
