#pragma once
// Shared by the Gantt view's files (gantt_view.cpp: the widget, its chart and interaction;
// gantt_view_figure.cpp: row labels, printed figures and the colours a Paje trace shares).
// Private to ui/views.

#include <qcustomplot.h>

#include <QStringList>

#include <cmath>

namespace rl::gantt_detail {

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
