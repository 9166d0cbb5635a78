#include "experiment/contour.h"

#include "base/input_error.h"

#include <array>
#include <cmath>
#include <map>
#include <utility>

namespace rl {

namespace {

struct Segment {
    ContourPoint a;
    ContourPoint b;
};

void checkAxis(const std::vector<double>& axis, const char* name) {
    for (std::size_t k = 1; k < axis.size(); ++k) {
        if (!(axis[k] > axis[k - 1])) {
            throw InputError(std::string("contour: the ") + name +
                             " axis must be strictly increasing");
        }
    }
}

// Chains segments sharing an end point into polylines. Crossings are computed once per grid
// edge (see edgePoint), so the two cells beside an edge produce bit-identical points and exact
// comparison is the right test.
std::vector<ContourLine> chain(const std::vector<Segment>& segments) {
    using Key = std::pair<double, double>;
    std::map<Key, std::vector<std::size_t>> at;
    for (std::size_t s = 0; s < segments.size(); ++s) {
        at[{segments[s].a.x, segments[s].a.y}].push_back(s);
        at[{segments[s].b.x, segments[s].b.y}].push_back(s);
    }
    std::vector<bool> used(segments.size(), false);
    auto next = [&](const ContourPoint& p) -> std::ptrdiff_t {
        for (std::size_t s : at[{p.x, p.y}]) {
            if (!used[s]) {
                return static_cast<std::ptrdiff_t>(s);
            }
        }
        return -1;
    };
    auto other = [&](std::size_t s, const ContourPoint& p) {
        return segments[s].a == p ? segments[s].b : segments[s].a;
    };
    std::vector<ContourLine> lines;
    for (std::size_t s = 0; s < segments.size(); ++s) {
        if (used[s]) {
            continue;
        }
        used[s] = true;
        ContourLine forward{segments[s].a, segments[s].b};
        for (std::ptrdiff_t k = next(forward.back()); k >= 0; k = next(forward.back())) {
            used[static_cast<std::size_t>(k)] = true;
            forward.push_back(other(static_cast<std::size_t>(k), forward.back()));
        }
        ContourLine backward;
        ContourPoint head = forward.front();
        for (std::ptrdiff_t k = next(head); k >= 0; k = next(head)) {
            used[static_cast<std::size_t>(k)] = true;
            head = other(static_cast<std::size_t>(k), head);
            backward.push_back(head);
        }
        ContourLine line(backward.rbegin(), backward.rend());
        line.insert(line.end(), forward.begin(), forward.end());
        lines.push_back(std::move(line));
    }
    return lines;
}

} // namespace

std::vector<ContourLine> contourLines(const ContourGrid& grid, double level) {
    const std::size_t nx = grid.xs.size();
    const std::size_t ny = grid.ys.size();
    if (grid.values.size() != nx * ny) {
        throw InputError("contour: " + std::to_string(grid.values.size()) + " values for a " +
                         std::to_string(nx) + " x " + std::to_string(ny) + " grid");
    }
    if (!std::isfinite(level)) {
        throw InputError("contour: the level must be finite");
    }
    checkAxis(grid.xs, "x");
    checkAxis(grid.ys, "y");
    std::vector<Segment> segments;
    if (nx < 2 || ny < 2) {
        return {};
    }
    // The crossing on the edge from node (i, j) to (i + di, j + dj), di + dj = 1: always called
    // with the lower node first, so both cells beside an edge compute the same point.
    auto edgePoint = [&](std::size_t i, std::size_t j, std::size_t di, std::size_t dj) {
        const double fa = grid.value(i, j);
        const double fb = grid.value(i + di, j + dj);
        const double t = (level - fa) / (fb - fa);
        ContourPoint p{grid.xs[i], grid.ys[j]};
        if (di == 1) {
            p.x = grid.xs[i] + t * (grid.xs[i + 1] - grid.xs[i]);
        } else {
            p.y = grid.ys[j] + t * (grid.ys[j + 1] - grid.ys[j]);
        }
        return p;
    };
    for (std::size_t j = 0; j + 1 < ny; ++j) {
        for (std::size_t i = 0; i + 1 < nx; ++i) {
            // Corners counter-clockwise from bottom-left; edges: 0 bottom, 1 right, 2 top, 3 left.
            const std::array<double, 4> v{grid.value(i, j), grid.value(i + 1, j),
                                          grid.value(i + 1, j + 1), grid.value(i, j + 1)};
            bool missing = false;
            int index = 0;
            for (int k = 0; k < 4; ++k) {
                missing = missing || std::isnan(v[static_cast<std::size_t>(k)]);
                index |= (v[static_cast<std::size_t>(k)] >= level ? 1 : 0) << k;
            }
            if (missing || index == 0 || index == 15) {
                continue;
            }
            auto edge = [&](int e) {
                switch (e) {
                case 0:
                    return edgePoint(i, j, 1, 0);
                case 1:
                    return edgePoint(i + 1, j, 0, 1);
                case 2:
                    return edgePoint(i, j + 1, 1, 0);
                default:
                    return edgePoint(i, j, 0, 1);
                }
            };
            auto crosses = [&](int e) {
                const int a = (index >> e) & 1;
                const int b = (index >> ((e + 1) % 4)) & 1;
                return a != b;
            };
            if (index == 5 || index == 10) {
                // Saddle: the centre of the bilinear interpolant is the mean of the corners.
                const bool centreAbove = (v[0] + v[1] + v[2] + v[3]) / 4.0 >= level;
                // Cut off corners 1 and 3 when they are the ones not joined through the centre.
                const bool cutOneThree = (index == 5) == centreAbove;
                if (cutOneThree) {
                    segments.push_back({edge(0), edge(1)});
                    segments.push_back({edge(2), edge(3)});
                } else {
                    segments.push_back({edge(3), edge(0)});
                    segments.push_back({edge(1), edge(2)});
                }
                continue;
            }
            std::array<int, 2> found{};
            int count = 0;
            for (int e = 0; e < 4; ++e) {
                if (crosses(e)) {
                    found[static_cast<std::size_t>(count++)] = e;
                }
            }
            const Segment seg{edge(found[0]), edge(found[1])};
            if (!(seg.a == seg.b)) { // a corner exactly at the level gives a point, not a line
                segments.push_back(seg);
            }
        }
    }
    return chain(segments);
}

} // namespace rl
