#include "analysis/best_method_panel.h"

#include "views/best_method_figure.h"

namespace rl {

SweepSpec BestMethodPanel::defaults() {
    return SweepStudy::panel(Figure::Fig6).spec;
}

BestMethodPanel::BestMethodPanel(DrillDown drill, QWidget* parent)
    : SweepPanel(new BestMethodFigure,
                 new SweepParamsWidget(SweepParamsWidget::AlgorithmMode::Subset, defaults()),
                 std::move(drill), parent) {}

BestMethodFigure* BestMethodPanel::bestFigure() const {
    return static_cast<BestMethodFigure*>(figure());
}

std::uint64_t BestMethodPanel::replicateFor(const GridCell& cell, const FigureHit&) const {
    // The replicate whose paired difference runner-up - best is nearest its median.
    return cell.best ? cell.bestReplicate : cell.medianReplicate.front();
}

} // namespace rl
