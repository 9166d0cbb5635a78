#include "analysis/cv_sweep_panel.h"

#include "views/cv_sweep_figure.h"

namespace rl {

SweepSpec CvSweepPanel::defaults() {
    return SweepStudy::panel(Figure::Fig4).spec;
}

CvSweepPanel::CvSweepPanel(DrillDown drill, QWidget* parent)
    : SweepPanel(new CvSweepFigure,
                 new SweepParamsWidget(SweepParamsWidget::AlgorithmMode::Subset, defaults()),
                 std::move(drill), parent) {}

CvSweepFigure* CvSweepPanel::cvFigure() const {
    return static_cast<CvSweepFigure*>(figure());
}

std::uint64_t CvSweepPanel::replicateFor(const GridCell& cell, const FigureHit& hit) const {
    // The replicate nearest the clicked algorithm's median makespan.
    const auto a = static_cast<std::size_t>(std::max(hit.algorithm, 0));
    return cell.medianReplicate.at(std::min(a, cell.medianReplicate.size() - 1));
}

} // namespace rl
