#pragma once

#include "views/sweep_figure.h"

#include <set>
#include <string>
#include <vector>

class QCPGraph;

namespace rl {

/// Fig. 4: the mean makespan of each algorithm against CV (log axis) with a ribbon between the
/// lowest and highest requested quantiles, for the first ratio of the grid. The snapshot's
/// reference point (Tree-dyn's Markov chain at CV 1, GridSnapshot::reference) is drawn as a
/// star with its value. Clicking a legend entry hides or shows that algorithm; hovering shows
/// mean +- standard error and the quantiles.
class CvSweepFigure : public SweepFigure {
    Q_OBJECT
  public:
    explicit CvSweepFigure(QWidget* parent = nullptr);
    /// Whether algorithm `index` (into spec.algorithms) is shown.
    bool isAlgorithmShown(int index) const;
    void setAlgorithmShown(int index, bool shown);
    /// The reference value drawn, if any (tests).
    std::optional<double> referenceValue() const { return m_reference; }

  protected:
    void build(const GridSnapshot& s) override;
    std::optional<FigureHit> hitTest(const GridSnapshot& s, QPointF pixel) const override;
    QString describe(const GridSnapshot& s, const FigureHit& hit) const override;

  private:
    std::set<std::string> m_hidden;               // kept across rebuilds and runs, by key
    std::vector<Algorithm> m_ids;                 // the algorithms of the figure shown, by index
    std::vector<std::vector<QCPGraph*>> m_graphs; // per algorithm: mean, low, high
    std::optional<double> m_reference;
};

} // namespace rl
