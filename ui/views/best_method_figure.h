#pragma once

#include "views/map_figure.h"

namespace rl {

/// Fig. 6: on the same grid, the colour of a cell is the algorithm of best mean makespan among
/// spec.algorithms (categorical legend), shaded by its relative margin to the runner-up (pale:
/// under 0.1%, full: 10% or more, log scale between), and a cross marks the cells where the
/// best two are not separated by one standard error of their paired difference (ties).
class BestMethodFigure : public MapFigure {
    Q_OBJECT
  public:
    explicit BestMethodFigure(QWidget* parent = nullptr);
    std::size_t tieCount() const { return m_ties; }
    /// The colour of a cell for a given algorithm and relative margin (tests, legend): the
    /// algorithm's colour, faded towards the background as the margin shrinks.
    static QColor cellColour(const Algorithm& best, double relativeMargin, const Theme& theme = {});

  protected:
    void build(const GridSnapshot& s) override;
    QString describe(const GridSnapshot& s, const FigureHit& hit) const override;

  private:
    std::size_t m_ties = 0;
};

} // namespace rl
