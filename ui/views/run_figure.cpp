#include "views/run_figure.h"

#include "common/figure_export.h"
#include "views/gantt_view.h"
#include "views/tree_view.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <algorithm>
#include <cmath>

namespace rl {

namespace {

// Rows of a Gantt chart in font sizes: a label fits with a little air.
constexpr double kRowEm = 1.1;
// Bounds of each view's height, as multiples of its width.
constexpr double kMinGanttAspect = 0.3;
constexpr double kMaxGanttAspect = 1.6;
constexpr double kMinTreeAspect = 0.25;
constexpr double kMaxTreeAspect = 0.9;

/// One figure laid out in layout units (half points): the title, then the chart and the tree
/// in their rectangles.
class RunFigure {
  public:
    RunFigure(FigureKind kind, const RunFigureContent& c, const FigureFormat& format)
        : m_kind(kind), m_content(c) {
        m_font.setPixelSize(format.fontUnits());
        m_titleFont = m_font;
        m_titleFont.setBold(true);
        m_title = c.title;
        if (std::isfinite(c.cursor)) {
            // A frame says when it is (the tree's own caption, which would, is left out); no
            // break inside "t = 4.18" when the title wraps.
            m_title += QStringLiteral(" (at\u00a0t\u00a0=\u00a0%1)").arg(c.cursor, 0, 'g', 4);
        }
        if (kind != FigureKind::Tree) {
            m_gantt.setTheme(c.theme);
            m_gantt.setFigureFont(m_font);
            m_gantt.setSchedule(c.schedule);
            m_gantt.setCriticalPath(c.criticalPath);
            m_gantt.setReferenceLine(c.reference, c.referenceLabel);
            m_gantt.setCursorTime(c.cursor);
            if (c.timeRange) {
                m_gantt.setTimeRange(c.timeRange->first, c.timeRange->second);
            }
        }
        if (kind != FigureKind::Gantt) {
            m_tree.setTheme(c.theme);
            m_tree.setFigureFont(m_font);
            m_tree.setCaptionVisible(false);
            m_tree.setSchedule(c.schedule);
            m_tree.setCriticalPath(c.criticalPath);
            m_tree.setCursorTime(c.cursor);
        }
        layOut(format);
    }

    QSize sizePt() const { return m_sizePt; }

    void paint(QPaintDevice& device, QSize units) {
        QCPPainter painter(&device);
        painter.setRenderHint(QPainter::Antialiasing);
        painter.setRenderHint(QPainter::TextAntialiasing);
        painter.fillRect(QRect(QPoint(0, 0), units), m_content.theme.background());
        painter.setFont(m_titleFont);
        painter.setPen(m_content.theme.foreground());
        painter.drawText(m_titleRect, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, m_title);
        if (m_kind != FigureKind::Tree) {
            painter.save();
            painter.translate(m_ganttRect.topLeft());
            m_gantt.paintFigure(painter, m_ganttRect.size());
            painter.restore();
        }
        if (m_kind != FigureKind::Gantt) {
            painter.save();
            painter.translate(m_treeRect.topLeft());
            painter.setClipRect(QRect(QPoint(0, 0), m_treeRect.size()));
            m_tree.paintFigure(painter, m_treeRect.size());
            painter.restore();
        }
    }

  private:
    int ganttHeight(int width) {
        const double rows = m_content.schedule->n * kRowEm * m_font.pixelSize();
        return static_cast<int>(
            std::ceil(std::clamp(m_gantt.figureChromeHeight(width) + rows, kMinGanttAspect * width,
                                 kMaxGanttAspect * width)));
    }
    int treeHeight(int width) const {
        return static_cast<int>(std::ceil(std::clamp(
            m_tree.figureHeight(width), kMinTreeAspect * width, kMaxTreeAspect * width)));
    }

    void layOut(const FigureFormat& format) {
        const int em = m_font.pixelSize();
        const int width = 2 * format.widthPt();
        const int pad = em / 2;
        const QFontMetricsF fm(m_titleFont);
        const int titleH = static_cast<int>(
            std::ceil(fm.boundingRect(QRectF(0, 0, width - 2 * pad, 1e6), Qt::TextWordWrap, m_title)
                          .height()));
        m_titleRect = QRect(pad, pad, width - 2 * pad, titleH);
        const int top = pad + titleH + pad / 2;
        int height = top;
        switch (m_kind) {
        case FigureKind::Gantt:
            m_ganttRect = QRect(0, top, width, ganttHeight(width));
            height = m_ganttRect.bottom() + 1;
            break;
        case FigureKind::Tree:
            m_treeRect = QRect(0, top, width, treeHeight(width));
            height = m_treeRect.bottom() + 1;
            break;
        case FigureKind::GanttAndTree:
            if (format.widthMm < kSideBySideMm) {
                m_ganttRect = QRect(0, top, width, ganttHeight(width));
                m_treeRect = QRect(0, m_ganttRect.bottom() + 1 + pad, width, treeHeight(width));
                height = m_treeRect.bottom() + 1;
            } else {
                const int ganttW = width * 3 / 5;
                const int treeW = width - ganttW;
                const int h = std::max(ganttHeight(ganttW), treeHeight(treeW));
                m_ganttRect = QRect(0, top, ganttW, h);
                m_treeRect = QRect(ganttW, top, treeW, h);
                height = top + h;
            }
            break;
        }
        height += pad;
        m_sizePt = QSize(format.widthPt(), (height + 1) / 2);
    }

    FigureKind m_kind;
    RunFigureContent m_content;
    QFont m_font;
    QFont m_titleFont;
    QString m_title;
    GanttView m_gantt;
    TreeView m_tree;
    QRect m_titleRect;
    QRect m_ganttRect;
    QRect m_treeRect;
    QSize m_sizePt;
};

} // namespace

QSize runFigureSize(FigureKind kind, const RunFigureContent& content, const FigureFormat& format) {
    return RunFigure(kind, content, format).sizePt();
}

bool renderRunFigure(FigureKind kind, const RunFigureContent& content, const FigureFormat& format,
                     const QString& path, QByteArray* bytes, QString* error) {
    RunFigure figure(kind, content, format);
    return renderPrintFigure(
        path, figure.sizePt(), format.dpi,
        [&figure](QPaintDevice& device, QSize units) { figure.paint(device, units); }, bytes,
        error);
}

} // namespace rl
