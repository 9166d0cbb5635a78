#pragma once

#include "analysis/sweep_panel.h"

class QCheckBox;
class QLineEdit;

namespace rl {

class RatioMapFigure;

/// Fig. 5 live: mean makespan of A over B on the CV x mu_c/mu_d grid (defaults: the paper's
/// Fibonacci-stat over Tree-dyn, n = 64, 31 x 21 cells, 1,000 replicates), the contour at 1,
/// optional further levels, and hatching where the paired 95% interval contains 1.
class RatioMapPanel : public SweepPanel {
    Q_OBJECT
  public:
    Figure figureKind() const override { return Figure::Fig5; }
    explicit RatioMapPanel(DrillDown drill = {}, QWidget* parent = nullptr);
    static SweepSpec defaults();
    RatioMapFigure* ratioFigure() const;
    QCheckBox* hatchCheck() const { return m_hatch; }
    QLineEdit* levelsEdit() const { return m_levels; }

  protected:
    std::uint64_t replicateFor(const GridCell& cell, const FigureHit& hit) const override;

  private:
    QCheckBox* m_hatch;
    QLineEdit* m_levels;
};

} // namespace rl
