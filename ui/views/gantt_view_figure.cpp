// The Gantt view's row labels, its printed figures and the colours a Paje trace shares with
// it. The widget, its chart and its interaction are in gantt_view.cpp.
#include "views/gantt_view.h"

#include "views/gantt_view_detail.h"

#include <qcustomplot.h>

#include <QFontInfo>

#include <algorithm>
#include <cmath>

namespace rl {

namespace {

// Labels shrink a little to stay on one side; on both sides, down to 70 % of their font, to
// label every row.
constexpr double kSlightlySmaller = 0.9;
using gantt_detail::kMinRowLabelScale;
using gantt_detail::minRowPitch;

} // namespace

void GanttView::setUpRowAxes() {
    for (QCPAxis* axis : {m_plot->yAxis, m_plot->yAxis2}) {
        axis->setRangeReversed(true);
        axis->setTicker(QSharedPointer<QCPAxisTicker>(new gantt_detail::ProcessorTicker));
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
    }
    m_plot->yAxis2->setVisible(false);
    connect(m_plot->yAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), m_plot->yAxis2,
            qOverload<const QCPRange&>(&QCPAxis::setRange));
}

void GanttView::updateRowLabels() {
    auto ticker = [](QCPAxis* axis) {
        return static_cast<gantt_detail::ProcessorTicker*>(axis->ticker().data());
    };
    const QFont base = m_figureFont ? *m_figureFont : m_theme.font();
    const double em = QFontInfo(base).pixelSize();
    const double rows = m_plot->yAxis->range().size();
    const double pitch = rows > 0 ? m_plot->axisRect()->height() / rows : 0.0;
    QFont font = base;
    int step = 1;
    bool bothSides = false;
    if (!(pitch > 0.0) || pitch >= em) {
        // Every row, at the font's size.
    } else if (pitch >= kSlightlySmaller * em) {
        font.setPixelSize(std::max(1, static_cast<int>(std::floor(pitch))));
    } else if (pitch >= minRowPitch(em)) {
        // Even rows on the left, odd rows on the right: each side has twice the room.
        bothSides = true;
        step = 2;
        // Never below the 70 % it was chosen for (whole pixels: flooring 2 x pitch could fall
        // under it by less than a pixel, which the labels' blank space above and below absorbs).
        const double least = std::ceil(kMinRowLabelScale * em);
        font.setPixelSize(
            std::max(1, static_cast<int>(std::clamp(std::floor(2 * pitch), least, em))));
    } else {
        // Every 2, 5, 10, 20... rows, so that labels stay at least a font size apart.
        const double needed = em / pitch;
        for (double decade = 1.0; step == 1; decade *= 10.0) {
            for (double m : {1.0, 2.0, 5.0}) {
                if (m * decade >= needed) {
                    step = static_cast<int>(m * decade);
                    break;
                }
            }
        }
    }
    ticker(m_plot->yAxis)->step = step;
    ticker(m_plot->yAxis2)->step = step;
    ticker(m_plot->yAxis2)->setTickOrigin(1.0);
    m_plot->yAxis->setTickLabelFont(font);
    m_plot->yAxis2->setTickLabelFont(font);
    m_plot->yAxis2->setVisible(bothSides);
    m_plot->yAxis2->setTickLabels(bothSides);
}

void GanttView::setFigureFont(const QFont& font) {
    m_figureFont = font;
    applyTheme();
}

void GanttView::layOutAt(QSize size) {
    m_plot->setViewport(QRect(QPoint(0, 0), size));
    for (auto phase : {QCPLayoutElement::upPreparation, QCPLayoutElement::upMargins,
                       QCPLayoutElement::upLayout}) {
        m_plot->plotLayout()->update(phase);
    }
}

int GanttView::figureChromeHeight(int width) {
    // Measured at an arbitrary height: the rows take what the legend and the axis leave.
    const int probe = 4 * width + 1000;
    layoutHeader(width, true); // a figure always has its legend, fitted to its width
    updateRowLabels();
    layOutAt(QSize(width, probe));
    return probe - m_plot->axisRect()->height();
}

void GanttView::paintFigure(QCPPainter& painter, QSize size) {
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNoCaching);
    // Row labels depend on the rows' height, which depends on the layout: lay out, choose the
    // labels, lay out again with their width, draw.
    layoutHeader(size.width(), true);
    layOutAt(size);
    updateRowLabels();
    m_plot->toPainter(&painter, size.width(), size.height());
}

} // namespace rl
