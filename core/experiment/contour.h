#pragma once

#include <vector>

namespace rl {

/// A point of a contour line, in the coordinates of the grid's axes.
struct ContourPoint {
    double x = 0.0;
    double y = 0.0;
    friend bool operator==(const ContourPoint&, const ContourPoint&) = default;
};

/// One connected piece of a level set: a polyline (closed when front() == back()).
using ContourLine = std::vector<ContourPoint>;

/// A scalar field sampled on a rectilinear grid: value(i, j) at (xs[i], ys[j]), stored row by
/// row (j outer), i.e. values[j * xs.size() + i]. NaN values mark missing samples: cells that
/// touch one are skipped.
struct ContourGrid {
    std::vector<double> xs;
    std::vector<double> ys;
    std::vector<double> values;

    double value(std::size_t i, std::size_t j) const { return values[j * xs.size() + i]; }
};

/// The level set {f = level} of the bilinear-ish interpolation of `grid`, by marching squares:
/// on every cell edge whose end values straddle the level, the crossing is placed by linear
/// interpolation; the segments of all cells are then chained into polylines. Ambiguous (saddle)
/// cells are resolved by the mean of the four corners, as the centre value of the bilinear
/// interpolant: the corners on the centre's side are joined. A corner exactly at the level
/// counts as above it, so a level never produces degenerate double crossings.
/// Throws InputError if the sizes disagree or an axis is not strictly increasing.
std::vector<ContourLine> contourLines(const ContourGrid& grid, double level);

} // namespace rl
