#pragma once

#include "views/sweep_figure.h"

namespace rl {

/// The (log10) extent of a CV x mu_c/mu_d grid and the half size of a cell.
struct MapGeometry {
    double x0 = 0.0, x1 = 0.0, y0 = 0.0, y1 = 0.0; ///< centres of the first and last cells
    double hx = 0.5, hy = 0.5;                     ///< half a cell
    static MapGeometry of(const SweepSpec& spec);
};

/// Base of the two maps over the log CV x log mu_c/mu_d grid (Fig. 5 and Fig. 6): axes in
/// log10 coordinates with decade labels, and the cell under a pixel.
class MapFigure : public SweepFigure {
    Q_OBJECT
  public:
    using SweepFigure::SweepFigure;

  protected:
    /// Linear axes over log10 CV and log10 ratio, labelled with the values themselves.
    void setupMapAxes(const MapGeometry& geo);
    std::optional<FigureHit> hitTest(const GridSnapshot& s, QPointF pixel) const final;
    /// "CV = ..., mu_c/mu_d = ..." and each algorithm's mean, for hover texts.
    static QString cellHeader(const GridCell& cell);
};

} // namespace rl
