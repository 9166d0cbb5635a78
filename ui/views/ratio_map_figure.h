#pragma once

#include "views/map_figure.h"

#include <vector>

class QCPColorScale;

namespace rl {

/// Fig. 5: on the log CV x log mu_c/mu_d grid, the colour of a cell is mean(A) / mean(B)
/// (spec.algorithms[0] over [1]) on a diverging scale centred on 1 (log scale, symmetric), with
/// the contour at 1 computed by marching squares (core/contour) on top, optional further
/// levels dashed, and hatching on cells whose 95% paired confidence interval contains 1.
class RatioMapFigure : public MapFigure {
    Q_OBJECT
  public:
    explicit RatioMapFigure(QWidget* parent = nullptr);
    void setHatchUncertain(bool on);
    bool hatchUncertain() const { return m_hatch; }
    /// Extra contour levels (ratios, e.g. {0.9, 1.1}) drawn dashed besides the line at 1.
    void setExtraLevels(std::vector<double> levels);
    /// The contour lines at ratio 1 of the last build, in (log10 CV, log10 ratio) (tests).
    std::size_t contourLineCount() const { return m_contourLines; }
    std::size_t hatchedCells() const { return m_hatched; }

  protected:
    void build(const GridSnapshot& s) override;
    QString describe(const GridSnapshot& s, const FigureHit& hit) const override;

  private:
    void rebuildKeepingSnapshot();

    QCPColorScale* m_scale = nullptr;
    bool m_hatch = true;
    std::vector<double> m_extraLevels;
    std::size_t m_contourLines = 0;
    std::size_t m_hatched = 0;
};

} // namespace rl
