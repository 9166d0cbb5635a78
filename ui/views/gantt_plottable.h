#pragma once
// The Gantt chart's drawing of a schedule, private to ui/views (gantt_view.cpp places it in
// its plot; gantt_plottable.cpp draws it, and the marks of the legends).

#include "common/theme.h"
#include "schedule/gantt_bars.h"
#include "views/gantt_view.h"

#include <qcustomplot.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <vector>

namespace rl {

/// Half the height of a reception bar, in rows (draw() and hit() share it).
inline constexpr double kReceptionHalfHeight = 0.12;

/// Draws every bar of a chart itself: one plottable instead of thousands of items,
/// with culling and a coarser drawing when rows get thin, so n = 4096 stays fluid.
class GanttPlottable : public QCPAbstractPlottable {
  public:
    GanttPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
        : QCPAbstractPlottable(keyAxis, valueAxis) {}

    std::shared_ptr<const GanttBars> bars;
    double cursor = std::numeric_limits<double>::infinity();
    Theme theme;
    std::vector<OpRef> critical;
    std::optional<OpRef> selected;
    /// The processor followed across the charts (a band on its row; the operations of other
    /// rows faded), or none.
    std::optional<int> focus;
    int lastDrawn = 0;

    double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }
    QCPRange getKeyRange(bool& found, QCP::SignDomain) const override {
        found = bars != nullptr;
        return QCPRange(0.0, bars ? std::max(bars->end, 1e-9) : 1.0);
    }
    QCPRange getValueRange(bool& found, QCP::SignDomain, const QCPRange&) const override {
        found = bars != nullptr;
        return QCPRange(-0.5, bars ? bars->rows - 0.5 : 0.5);
    }

    QPointF px(double t, double row) const { return coordsToPixels(t, row); }

    /// The operation drawn under a pixel, if any.
    std::optional<OpRef> hit(QPointF pos) const;

  protected:
    double rowPixels() const { return std::abs(px(0, 1).y() - px(0, 0).y()); }

    void draw(QCPPainter* painter) override;
    void drawLegendIcon(QCPPainter*, const QRectF&) const override {}
};

} // namespace rl
