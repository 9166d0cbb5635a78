#include "analysis/ratio_map_panel.h"

#include "base/input_error.h"
#include "base/text_util.h"
#include "views/ratio_map_figure.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QVBoxLayout>

namespace rl {

SweepSpec RatioMapPanel::defaults() {
    return SweepStudy::panel(Figure::Fig5).spec;
}

RatioMapPanel::RatioMapPanel(DrillDown drill, QWidget* parent)
    : SweepPanel(new RatioMapFigure,
                 new SweepParamsWidget(SweepParamsWidget::AlgorithmMode::Pair, defaults()),
                 std::move(drill), parent),
      m_hatch(new QCheckBox(tr("hatch cells whose 95% interval contains 1"))),
      m_levels(new QLineEdit) {
    m_hatch->setChecked(true);
    m_levels->setPlaceholderText(tr("e.g. 0.9,1.1"));
    m_levels->setToolTip(tr("further contour levels (ratios), drawn dashed"));
    auto* form = new QFormLayout;
    form->addRow(m_hatch);
    form->addRow(tr("more levels"), m_levels);
    optionsLayout()->addLayout(form);
    connect(m_hatch, &QCheckBox::toggled, this,
            [this](bool on) { ratioFigure()->setHatchUncertain(on); });
    connect(m_levels, &QLineEdit::editingFinished, this, [this] {
        std::vector<double> levels;
        try {
            for (const std::string& f : splitString(m_levels->text().toStdString(), ',')) {
                if (!trim(f).empty()) {
                    const double v = parseNumber(f, "contour level");
                    if (!(v > 0.0)) {
                        throw InputError("contour level " + formatNumber(v) + " must be > 0");
                    }
                    levels.push_back(v);
                }
            }
        } catch (const InputError& e) {
            statusLabel()->setText(QString::fromUtf8(e.what()));
            return;
        }
        ratioFigure()->setExtraLevels(std::move(levels));
    });
}

RatioMapFigure* RatioMapPanel::ratioFigure() const {
    return static_cast<RatioMapFigure*>(figure());
}

std::uint64_t RatioMapPanel::replicateFor(const GridCell& cell, const FigureHit&) const {
    // The replicate whose paired difference A - B is nearest its median.
    return cell.ratio01 ? cell.ratioReplicate : cell.medianReplicate.front();
}

} // namespace rl
