#pragma once

#include "analysis/sweep_panel.h"

namespace rl {

class BestMethodFigure;

/// Fig. 6 live: the algorithm of best mean makespan among a chosen subset (default the three
/// valid for a non-commutative operation) on the CV x mu_c/mu_d grid, shaded by the margin to
/// the runner-up, ties marked.
class BestMethodPanel : public SweepPanel {
    Q_OBJECT
  public:
    Figure figureKind() const override { return Figure::Fig6; }
    explicit BestMethodPanel(DrillDown drill = {}, QWidget* parent = nullptr);
    static SweepSpec defaults();
    BestMethodFigure* bestFigure() const;

  protected:
    std::uint64_t replicateFor(const GridCell& cell, const FigureHit& hit) const override;
};

} // namespace rl
