#pragma once

#include "experiment/contour.h"
#include "experiment/progressive_sweep.h"

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace rl {

/// What the three analysis figures draw of a sweep (the CV sweep, the ratio map and the
/// best-method map), derived once for the application's figures (ui/views) and their web pages
/// (core/web), so that both show the same numbers; figure_text.h holds their words. Plain
/// values in the snapshot's cell order (GridSnapshot::cells: the ratio outer, the CV inner).
namespace figure_data {

/// A grid value's place on the maps' log axes: log10, with 0 kept finite.
double logCoordinate(double value);

/// Whether the CV sweep draws a ribbon: between the lowest and the highest of at least two
/// requested quantiles.
bool drawsRibbon(const SweepSpec& spec);

/// A point of an algorithm's curve in the CV sweep.
struct CvSweepPoint {
    std::size_t point = 0; ///< index into GridSnapshot::cells
    double cv = 0.0;
    double mean = 0.0;
    bool hasBand = false; ///< the ribbon is drawn and the point has its quantiles
    double low = std::numeric_limits<double>::quiet_NaN();  ///< lowest requested quantile
    double high = std::numeric_limits<double>::quiet_NaN(); ///< highest requested quantile
};

/// The curve of one algorithm: the cells of the grid's first ratio that have its summary and
/// a CV above 0 (a log axis has no place for 0), in CV order.
struct CvSweepSeries {
    std::size_t algorithm = 0; ///< index into spec.algorithms
    std::vector<CvSweepPoint> points;
};

/// One curve per algorithm, in spec.algorithms' order.
std::vector<CvSweepSeries> cvSweepSeries(const GridSnapshot& s);

/// A label of the ratio map's colour scale, at log10 of its ratio.
struct RatioMapTick {
    double at = 0.0;
    std::string label; ///< the ratio, 3 significant digits
};

/// The ratio map: log10(mean A / mean B) per cell on a colour scale centred on 1, the cells
/// whose 95% interval contains 1 (hatched) and the level lines.
struct RatioMap {
    /// x: logCoordinate of the CVs, y: of the ratios; values: log10 of each cell's ratio, NaN
    /// where it has none (yet).
    ContourGrid field;
    /// Per cell: its 95% paired interval contains 1 (not told apart).
    std::vector<bool> uncertain;
    /// The colour scale spans [-extent, extent]: the largest |log10 ratio|, at least
    /// log10(1.05) so that a flat map is not all saturated.
    double extent = 0.0;
    /// The colour scale's labels within the extent, with fewer near 1 as the extent grows.
    std::vector<RatioMapTick> ticks;

    /// The lines where the ratio equals `ratio` (1: the contour), in the field's coordinates;
    /// none on a grid of one row or one column.
    std::vector<ContourLine> levelLines(double ratio) const;
};

RatioMap ratioMap(const GridSnapshot& s);

/// A cell of the best-method map.
struct BestMethodCell {
    int best = -1;       ///< index into spec.algorithms; -1: not computed yet
    double weight = 0.0; ///< how strongly the best's colour shows (ColourRules::bestMethodWeight)
    bool tie = false;    ///< the best two within one standard error of their paired difference
};

/// The best-method map's cells.
std::vector<BestMethodCell> bestMethodCells(const GridSnapshot& s);

} // namespace figure_data

} // namespace rl
