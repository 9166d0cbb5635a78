#pragma once
// Shared by the Gantt view's files (gantt_view.cpp: the widget, its chart and interaction;
// gantt_view_figure.cpp: row labels, printed figures and the colours a Paje trace shares).
// Private to ui/views.

#include <qcustomplot.h>

#include <QStringList>

#include <cmath>

namespace rl::gantt_detail {

/// Row labels on both sides (even rows left, odd right) keep at least this share of the
/// chart's font: below it, the chart labels every 2, 5, 10... rows instead.
constexpr double kMinRowLabelScale = 0.7;

/// The smallest row height (pixels) at which every row is labelled, for a font of `em` pixels:
/// each side's labels have two rows' height.
inline double minRowPitch(double em) {
    return kMinRowLabelScale * em / 2;
}

/// Row labels "P0", "P1"... every `step` rows (GanttView::updateRowLabels() chooses it).
class ProcessorTicker : public QCPAxisTicker {
  public:
    int step = 1;
    QStringList labels; ///< optional row names (GanttView::setRowLabels)

  protected:
    double getTickStep(const QCPRange&) override { return step; }
    QString getTickLabel(double tick, const QLocale&, QChar, int) override {
        const long long row = std::llround(tick);
        if (row >= 0 && row < labels.size()) {
            return labels[static_cast<qsizetype>(row)];
        }
        return QStringLiteral("P%1").arg(row);
    }
};

} // namespace rl::gantt_detail
