#pragma once

#include "analysis/sweep_panel.h"

namespace rl {

class CvSweepFigure;

/// Fig. 4 live: mean makespan per algorithm against CV with quantile ribbons. Defaults are the
/// paper's (n = 64, gamma transfers of mean 1, no reduction cost, 25 CVs from 0.01 to 10, all
/// four algorithms) except the replicates: 100,000 per point instead of 1,000,000, so the full
/// picture takes about a minute; the paper's count can be set (the run then streams point by
/// point, as it cannot keep every makespan).
class CvSweepPanel : public SweepPanel {
    Q_OBJECT
  public:
    Figure figureKind() const override { return Figure::Fig4; }
    explicit CvSweepPanel(DrillDown drill = {}, QWidget* parent = nullptr);
    static SweepSpec defaults();
    CvSweepFigure* cvFigure() const;

  protected:
    std::uint64_t replicateFor(const GridCell& cell, const FigureHit& hit) const override;
};

} // namespace rl
