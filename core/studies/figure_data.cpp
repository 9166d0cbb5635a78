#include "studies/figure_data.h"

#include "base/text_util.h"
#include "base/theme_colours.h"

#include <algorithm>
#include <cmath>

namespace rl::figure_data {

double logCoordinate(double value) {
    return std::log10(std::max(value, 1e-300));
}

bool drawsRibbon(const SweepSpec& spec) {
    return spec.quantiles.size() >= 2;
}

std::vector<CvSweepSeries> cvSweepSeries(const GridSnapshot& s) {
    const bool ribbon = drawsRibbon(s.spec);
    std::vector<CvSweepSeries> series;
    for (std::size_t a = 0; a < s.spec.algorithms.size(); ++a) {
        CvSweepSeries curve{a, {}};
        for (std::size_t c = 0; c < s.spec.cvs.size(); ++c) {
            const std::size_t point = c; // the first ratio of the grid
            const GridCell& cell = s.cells[point];
            if (cell.summaries.size() <= a || cell.cv <= 0.0) {
                continue; // not computed yet, or CV 0 (no place on a log axis)
            }
            const McSummary& m = cell.summaries[a];
            CvSweepPoint p{point, cell.cv, m.mean};
            if (ribbon && m.quantiles.size() >= 2) {
                p.hasBand = true;
                p.low = m.quantiles.front();
                p.high = m.quantiles.back();
            }
            curve.points.push_back(p);
        }
        series.push_back(std::move(curve));
    }
    return series;
}

std::vector<ContourLine> RatioMap::levelLines(double ratio) const {
    if (field.xs.size() < 2 || field.ys.size() < 2) {
        return {};
    }
    return contourLines(field, std::log10(ratio));
}

RatioMap ratioMap(const GridSnapshot& s) {
    RatioMap map;
    for (double cv : s.spec.cvs) {
        map.field.xs.push_back(logCoordinate(cv));
    }
    for (double r : s.spec.ratios) {
        map.field.ys.push_back(logCoordinate(r));
    }
    map.extent = std::log10(1.05);
    for (const GridCell& cell : s.cells) {
        double v = std::nan("");
        bool uncertain = false;
        if (cell.ratio01 && cell.ratio01->ratio > 0.0) {
            v = std::log10(cell.ratio01->ratio);
            map.extent = std::max(map.extent, std::abs(v));
            uncertain = cell.ratio01->contains(1.0);
        }
        map.field.values.push_back(v);
        map.uncertain.push_back(uncertain);
    }
    const double extent = map.extent;
    for (double r :
         {0.1, 0.2, 0.3, 0.5, 0.67, 0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 2.0, 3.0, 5.0, 10.0}) {
        // 0.9 and 1.1 (then 0.8 and 1.25) only when the scale is narrow enough for them not
        // to crowd 1.
        if (std::abs(std::log10(r)) <= extent && (extent < 0.25 || (r != 0.9 && r != 1.1)) &&
            (extent < 0.5 || (r != 0.8 && r != 1.25))) {
            map.ticks.push_back({std::log10(r), formatSignificant(r, 3)});
        }
    }
    return map;
}

std::vector<BestMethodCell> bestMethodCells(const GridSnapshot& s) {
    std::vector<BestMethodCell> cells;
    cells.reserve(s.cells.size());
    for (const GridCell& cell : s.cells) {
        BestMethodCell c;
        if (cell.best) {
            c.best = cell.best->best;
            c.weight = ColourRules::bestMethodWeight(cell.best->relativeMargin);
            c.tie = cell.best->tie && cell.best->runnerUp >= 0;
        }
        cells.push_back(c);
    }
    return cells;
}

} // namespace rl::figure_data
