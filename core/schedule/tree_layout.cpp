#include "schedule/tree_layout.h"

#include <algorithm>
#include <deque>
#include <limits>

namespace rl {

namespace {

// Minimal horizontal distance between a node and the nearest node of a neighbouring subtree one
// level above or below it. Without it a deep subtree could slide under a leaf sibling and the
// edge into its parent would brush past that leaf.
constexpr double kDiagonalGap = 0.5;

/// The outline of a laid-out subtree: for each depth below its root (index 0 = the root), the
/// x of its leftmost and rightmost node. Stored values are relative to `offset`, so moving a
/// whole subtree costs O(1) instead of a pass over its outline.
struct Contour {
    std::deque<double> left;
    std::deque<double> right;
    double offset = 0.0;

    std::size_t size() const { return left.size(); }
    double l(std::size_t d) const { return left[d] + offset; }
    double r(std::size_t d) const { return right[d] + offset; }
};

// How far right `next` must move (from the first child's position) to clear `acc`.
double requiredShift(const Contour& acc, const Contour& next) {
    double shift = -std::numeric_limits<double>::infinity();
    const std::size_t common = std::min(acc.size(), next.size());
    for (std::size_t d = 0; d < common; ++d) {
        shift = std::max(shift, acc.r(d) + 1.0 - next.l(d));
    }
    for (std::size_t d = 0; d + 1 < next.size() && d < acc.size(); ++d) {
        shift = std::max(shift, acc.r(d) + kDiagonalGap - next.l(d + 1));
    }
    for (std::size_t d = 0; d + 1 < acc.size() && d < next.size(); ++d) {
        shift = std::max(shift, acc.r(d + 1) + kDiagonalGap - next.l(d));
    }
    return shift;
}

// Merges `next`, moved by `shift`, into `acc`, which lies to its left at every common depth.
void mergeRight(Contour& acc, const Contour& next, double shift) {
    const std::size_t common = std::min(acc.size(), next.size());
    for (std::size_t d = 0; d < common; ++d) {
        acc.right[d] = next.r(d) + shift - acc.offset;
    }
    for (std::size_t d = common; d < next.size(); ++d) {
        acc.left.push_back(next.l(d) + shift - acc.offset);
        acc.right.push_back(next.r(d) + shift - acc.offset);
    }
}

// Lays out the tree under `root`; fills rel[] (x of each node relative to its parent) and
// returns the tree's contour, relative to the root.
Contour layoutSubtree(int root, const std::vector<std::vector<int>>& kids,
                      std::vector<double>& rel) {
    std::vector<Contour> contours(kids.size());
    // Iterative post-order: a degenerate chain of thousands of processors must not overflow the
    // stack.
    std::vector<std::pair<int, std::size_t>> stack{{root, 0}};
    while (!stack.empty()) {
        auto& [v, next] = stack.back();
        const auto& children = kids[static_cast<std::size_t>(v)];
        if (next < children.size()) {
            const int c = children[next++];
            stack.emplace_back(c, 0);
            continue;
        }
        Contour acc;
        if (!children.empty()) {
            acc = std::move(contours[static_cast<std::size_t>(children.front())]);
            std::vector<double> shifts{0.0};
            for (std::size_t i = 1; i < children.size(); ++i) {
                Contour& c = contours[static_cast<std::size_t>(children[i])];
                const double shift = requiredShift(acc, c);
                mergeRight(acc, c, shift);
                shifts.push_back(shift);
                c = Contour{};
            }
            const double mid = (shifts.front() + shifts.back()) / 2.0;
            for (std::size_t i = 0; i < children.size(); ++i) {
                rel[static_cast<std::size_t>(children[i])] = shifts[i] - mid;
            }
            acc.offset -= mid;
        }
        acc.left.push_front(-acc.offset);
        acc.right.push_front(-acc.offset);
        contours[static_cast<std::size_t>(v)] = std::move(acc);
        stack.pop_back();
    }
    return std::move(contours[static_cast<std::size_t>(root)]);
}

} // namespace

TreeLayout layoutTree(const Schedule& s) {
    const int n = std::max(0, s.n);
    const auto un = static_cast<std::size_t>(n);
    TreeLayout out;
    out.x.assign(un, 0.0);
    out.y.assign(un, 0.0);
    if (n == 0) {
        return out;
    }
    // Children in reception order: transfers are listed in start order, and one-port receive
    // makes that the order in which a processor receives.
    std::vector<std::vector<int>> kids(un);
    std::vector<bool> sends(un, false);
    for (const TransferOp& t : s.transfers) {
        if (t.from >= 0 && t.from < n && t.to >= 0 && t.to < n &&
            !sends[static_cast<std::size_t>(t.from)]) {
            kids[static_cast<std::size_t>(t.to)].push_back(t.from);
            sends[static_cast<std::size_t>(t.from)] = true;
        }
    }
    // Processors that never send root their own tree: the schedule's root first. A valid
    // schedule has exactly one; a partial one is still drawn, its trees side by side.
    std::vector<int> roots;
    if (s.root >= 0 && s.root < n && !sends[static_cast<std::size_t>(s.root)]) {
        roots.push_back(s.root);
    }
    for (int p = 0; p < n; ++p) {
        if (!sends[static_cast<std::size_t>(p)] && p != s.root) {
            roots.push_back(p);
        }
    }

    std::vector<double> rel(un, 0.0);
    std::vector<bool> placed(un, false);
    double nextLeft = 0.0;
    for (int r : roots) {
        const Contour c = layoutSubtree(r, kids, rel);
        double minX = 0.0;
        double maxX = 0.0;
        for (std::size_t d = 0; d < c.size(); ++d) {
            minX = std::min(minX, c.l(d));
            maxX = std::max(maxX, c.r(d));
        }
        // Top-down: absolute x from the parent's, depth one more than the parent's.
        const double rootX = nextLeft - minX;
        out.x[static_cast<std::size_t>(r)] = rootX;
        placed[static_cast<std::size_t>(r)] = true;
        std::vector<int> queue{r};
        for (std::size_t i = 0; i < queue.size(); ++i) {
            const auto v = static_cast<std::size_t>(queue[i]);
            for (int c : kids[v]) {
                const auto uc = static_cast<std::size_t>(c);
                out.x[uc] = out.x[v] + rel[uc];
                out.y[uc] = out.y[v] + 1.0;
                placed[uc] = true;
                queue.push_back(c);
            }
        }
        nextLeft = rootX + maxX + 2.0;
    }
    // A cycle (only in a corrupt schedule) leaves processors unreached: park them in a row.
    for (std::size_t p = 0; p < un; ++p) {
        if (!placed[p]) {
            out.x[p] = nextLeft;
            nextLeft += 1.0;
        }
    }
    out.width = *std::max_element(out.x.begin(), out.x.end());
    out.height = *std::max_element(out.y.begin(), out.y.end());
    return out;
}

} // namespace rl
