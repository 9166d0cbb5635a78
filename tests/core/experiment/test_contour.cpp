// Marching squares on analytic fields: a plane (linear interpolation is exact, so every point
// lies on the line), a circle (points within the interpolation error, one closed line), saddle
// cells (resolved by the centre value), missing samples and bad input.
#include "base/input_error.h"
#include "experiment/contour.h"

#include "../../test_support.h"

#include <iomanip>

#include <cmath>
#include <functional>

using namespace rl;

namespace {

ContourGrid sample(const std::vector<double>& xs, const std::vector<double>& ys,
                   const std::function<double(double, double)>& f) {
    ContourGrid g{xs, ys, {}};
    for (double y : ys) {
        for (double x : xs) {
            g.values.push_back(f(x, y));
        }
    }
    return g;
}

std::vector<double> linspace(double a, double b, int k) {
    std::vector<double> v;
    for (int i = 0; i < k; ++i) {
        v.push_back(a + (b - a) * i / (k - 1));
    }
    return v;
}

} // namespace

TEST(Contour, Plane) {
    // Uneven spacing on purpose: the interpolation must use the real coordinates.
    const std::vector<double> xs{0.0, 0.3, 1.0, 1.5, 3.0};
    const std::vector<double> ys{-1.0, 0.0, 0.25, 2.0};
    const auto g = sample(xs, ys, [](double x, double y) { return 2.0 * x + y; });
    const auto lines = contourLines(g, 2.5);
    ASSERT_EQ(lines.size(), std::size_t(1)); // one open line across the domain
    const ContourLine& l = lines.front();
    ASSERT_TRUE(l.size() >= 3);
    for (const ContourPoint& p : l) {
        ASSERT_TRUE(std::abs(2.0 * p.x + p.y - 2.5) < 1e-12);
    }
    // Its ends lie on the boundary (y = -1 at x = 1.75 and y = 2 at x = 0.25).
    const ContourPoint a = l.front().y < l.back().y ? l.front() : l.back();
    const ContourPoint b = l.front().y < l.back().y ? l.back() : l.front();
    ASSERT_TRUE(std::abs(a.y + 1.0) < 1e-12 && std::abs(a.x - 1.75) < 1e-12);
    ASSERT_TRUE(std::abs(b.y - 2.0) < 1e-12 && std::abs(b.x - 0.25) < 1e-12);
    // A level outside the range gives nothing.
    ASSERT_TRUE(contourLines(g, 100.0).empty());
}

TEST(Contour, Circle) {
    const auto axis = linspace(-2.0, 2.0, 41); // h = 0.1
    const auto g = sample(axis, axis, [](double x, double y) { return x * x + y * y; });
    const auto lines = contourLines(g, 1.0);
    ASSERT_EQ(lines.size(), std::size_t(1));
    const ContourLine& l = lines.front();
    ASSERT_EQ(l.front(), l.back()); // closed
    // Linear interpolation of r^2 along an edge of length h puts the crossing within h^2/4
    // of the circle in r^2, hence within about h^2/8 = 0.00125 in r.
    double area = 0.0;
    for (std::size_t k = 0; k < l.size(); ++k) {
        const double r = std::hypot(l[k].x, l[k].y);
        ASSERT_TRUE(std::abs(r - 1.0) < 0.0013) << std::setprecision(10) << r;
        if (k + 1 < l.size()) {
            area += l[k].x * l[k + 1].y - l[k + 1].x * l[k].y;
        }
    }
    // The polygon is a circle: its area is pi within the chord error (~0.2% at this step).
    ASSERT_TRUE(std::abs(std::abs(area) / 2.0 - M_PI) < 0.01);
    ASSERT_TRUE(l.size() > 60);
}

TEST(Contour, Saddle) {
    // One cell, corners counter-clockwise from (0,0): 1, -1, 1, -1 (f ~ (x - 1/2)(y - 1/2)
    // sign pattern). The mean of the corners (the centre) is 0.
    ContourGrid g{{0.0, 1.0}, {0.0, 1.0}, {1.0, -1.0, -1.0, 1.0}};
    // values[j * 2 + i]: (0,0) = 1, (1,0) = -1, (0,1) = -1, (1,1) = 1.
    // Level 0.5: the centre (0) is below, so the low corners (1,0) and (0,1) are joined and
    // the lines cut off the high corners (0,0) and (1,1).
    auto lines = contourLines(g, 0.5);
    ASSERT_EQ(lines.size(), std::size_t(2));
    for (const ContourLine& l : lines) {
        ASSERT_EQ(l.size(), std::size_t(2));
        const double mx = (l[0].x + l[1].x) / 2.0;
        const double my = (l[0].y + l[1].y) / 2.0;
        const bool nearOrigin = mx < 0.5 && my < 0.5;
        const bool nearFar = mx > 0.5 && my > 0.5;
        ASSERT_TRUE(nearOrigin || nearFar);
        for (const ContourPoint& p : l) { // crossings at t = 0.25 from the high corner
            const bool onEdge = std::abs(p.x - 0.25) < 1e-12 || std::abs(p.y - 0.25) < 1e-12 ||
                                std::abs(p.x - 0.75) < 1e-12 || std::abs(p.y - 0.75) < 1e-12;
            ASSERT_TRUE(onEdge);
        }
    }
    // Level -0.5: the centre is above, the high corners are joined, the low ones cut off.
    lines = contourLines(g, -0.5);
    ASSERT_EQ(lines.size(), std::size_t(2));
    for (const ContourLine& l : lines) {
        const double mx = (l[0].x + l[1].x) / 2.0;
        const double my = (l[0].y + l[1].y) / 2.0;
        ASSERT_TRUE((mx > 0.5 && my < 0.5) || (mx < 0.5 && my > 0.5));
    }
    // The other diagonal pattern, centre above: cuts off the low corners (0,0) and (1,1).
    ContourGrid h{{0.0, 1.0}, {0.0, 1.0}, {-1.0, 1.0, 1.0, -1.0}};
    lines = contourLines(h, -0.5);
    ASSERT_EQ(lines.size(), std::size_t(2));
    for (const ContourLine& l : lines) {
        const double mx = (l[0].x + l[1].x) / 2.0;
        const double my = (l[0].y + l[1].y) / 2.0;
        ASSERT_TRUE((mx < 0.5 && my < 0.5) || (mx > 0.5 && my > 0.5));
    }
}

TEST(Contour, SharedEdgesChainAcrossCells) {
    // x*y on a 5x5 grid around the origin: the level 0.3 set is two hyperbola branches,
    // each chained across several cells into one polyline.
    const auto axis = linspace(-2.0, 2.0, 5);
    const auto g = sample(axis, axis, [](double x, double y) { return x * y; });
    const auto lines = contourLines(g, 0.3);
    ASSERT_EQ(lines.size(), std::size_t(2));
    for (const ContourLine& l : lines) {
        ASSERT_TRUE(l.size() >= 4);
        ASSERT_TRUE(!(l.front() == l.back()));
    }
}

TEST(Contour, MissingSamplesAreSkipped) {
    const auto axis = linspace(0.0, 4.0, 5);
    auto g = sample(axis, axis, [](double x, double) { return x; });
    g.values[2 * 5 + 2] = std::nan(""); // (2, 2): the four cells around it are skipped
    const auto lines = contourLines(g, 1.5);
    ASSERT_EQ(lines.size(), std::size_t(2)); // x = 1.5 cut in two by the hole
    for (const ContourLine& l : lines) {
        for (const ContourPoint& p : l) {
            ASSERT_TRUE(std::abs(p.x - 1.5) < 1e-12);
            ASSERT_TRUE(p.y <= 1.0 || p.y >= 3.0);
        }
    }
}

TEST(Contour, BadInput) {
    ASSERT_THROW(contourLines({{0, 1}, {0, 1}, {1, 2, 3}}, 1.0), InputError);
    ASSERT_THROW(contourLines({{1, 0}, {0, 1}, {1, 2, 3, 4}}, 1.0), InputError);
    ASSERT_THROW(contourLines({{0, 1}, {0, 1}, {1, 2, 3, 4}}, std::nan("")), InputError);
    ASSERT_TRUE(contourLines({{0.0}, {0.0}, {1.0}}, 1.0).empty());
}
