// The tree view in pixels: the fitted view, zoom, node and edge positions and hit tests.
#include "views/tree_view.h"

#include "views/tree_view_detail.h"

#include "common/figure_export.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>

namespace rl {

using namespace tree_detail;

QFont TreeView::paintFont() const {
    if (m_figureFont) {
        return *m_figureFont;
    }
    // Pixel sizes, not points: SVG and PDF (72 dpi) then keep the proportions of the screen.
    QFont f = m_theme.font();
    f.setPixelSize(static_cast<int>(std::lround(m_theme.fontPointSizeF() * 4.0 / 3.0)));
    return f;
}

QString TreeView::nodeLabel(int p, bool numberOnly) {
    return numberOnly ? QString::number(p) : QStringLiteral("P%1").arg(p);
}

double TreeView::margin() const {
    return m_theme.px(kMargin);
}

TreeView::View TreeView::fitView(QSizeF size, const QFont& font, bool withLegend) const {
    const double fh = QFontMetricsF(font).height();
    const double cols = m_layout.width + 1.0;
    const double levels = m_layout.height + 1.0;
    const double top = headerHeight(size.width(), QFontMetricsF(font), withLegend);
    const double availW = std::max(1.0, size.width() - 2 * margin());
    const double availH = std::max(1.0, size.height() - top - margin() / 2);
    View v;
    // Small trees do not blow up to fill the widget: the column and level sizes are capped
    // where nodes and their labels are comfortable to read.
    v.sx = std::min(availW / cols, kColumnCap * fh);
    v.sy = std::min(availH / levels, kLevelCap * fh);
    v.tx = margin() + availW / 2.0 - m_layout.width / 2.0 * v.sx;
    v.ty = top + availH / 2.0 - m_layout.height / 2.0 * v.sy;
    return v;
}

double TreeView::minEdgeLength() const {
    return minEdgeFor(m_theme.px(kMinEdgePx), m_view.sy);
}

TreeView::Metrics TreeView::metrics(const View& view, const QFont& font) const {
    const QFontMetricsF fm(font);
    const double fh = fm.height();
    Metrics m;
    // Circles never so large that a child touches its parent: an edge in flight would vanish
    // (issue #39, three algorithms at 1280x720), and dashed could not be told from solid.
    const double minEdge = minEdgeFor(m_theme.px(kMinEdgePx), view.sy);
    const double largest = std::max(1.0, (view.sy - 1.0 - minEdge) / 2.0);
    m.radius = std::min({0.4 * view.sx, 0.3 * view.sy, 1.15 * fh, largest});
    const int n = nodeCount();
    const int last = std::max(0, n - 1);
    auto labelScale = [&](bool numberOnly) {
        const double labelW = fm.horizontalAdvance(nodeLabel(last, numberOnly));
        return std::min({1.0, (2 * m.radius - 4) / labelW, (2 * m.radius + 2) / std::max(1.0, fh)});
    };
    m.labelPx = font.pixelSize() * labelScale(false);
    m.nodeLabels = m.labelPx >= kMinLabelPx;
    if (n <= kAlwaysLabelled) {
        // A small tree labels every node, as large as it can: circles as large as the columns
        // and levels allow, "P12" when it is legible at the theme's scale, else "12", and at
        // worst the smallest legible size.
        m.radius =
            std::max(m.radius, std::min({0.47 * view.sx, 0.45 * view.sy, 1.15 * fh, largest}));
        const double legible = m_theme.px(kMinLabelPx);
        m.nodeLabels = false;
        for (const auto& [numberOnly, least] :
             {std::pair{false, legible}, std::pair{true, legible}, std::pair{false, kMinLabelPx},
              std::pair{true, kMinLabelPx}}) {
            m.labelPx = font.pixelSize() * labelScale(numberOnly);
            m.numberOnly = numberOnly;
            if (m.labelPx >= least) {
                m.nodeLabels = true;
                break;
            }
        }
    }
    m.arrows = m.radius >= 5.0;
    // An edge label (two lines) fits on its stem, below every slanted edge.
    m.labelBoxH = 2 * fh + 4;
    m.labelStem = m.labelBoxH + 6;
    const double band = view.sy - 2 * (m.radius + 0.5);
    m.edgeLabels =
        m.nodeLabels && stemLength(band, m.labelStem) >= m.labelStem && view.sx >= 2.5 * fh;
    return m;
}

void TreeView::resetView() {
    m_autoFit = true;
    m_view = fitView(size(), paintFont(), m_legendShown);
    update();
}

void TreeView::clampZoom(View& v, QPointF anchor) const {
    const View fit = fitView(size(), paintFont(), m_legendShown);
    const double fh = QFontMetricsF(paintFont()).height();
    // Out to a quarter of the fitted size, in until a column is far wider than any label.
    // Levels stop growing once edge labels fit between them: wide trees need horizontal room,
    // and a zoom that also stretched the levels would push the neighbouring levels off screen.
    const double sx = std::clamp(v.sx, fit.sx / 4.0, std::max(fit.sx, 30.0 * fh));
    const double sy = std::clamp(v.sy, fit.sy / 4.0, std::max(fit.sy, kLevelCap * fh));
    v.tx = anchor.x() - (anchor.x() - v.tx) * (sx / v.sx);
    v.ty = anchor.y() - (anchor.y() - v.ty) * (sy / v.sy);
    v.sx = sx;
    v.sy = sy;
}

void TreeView::zoomAt(QPointF pos, double factor, bool horizontalOnly) {
    if (!(factor > 0.0)) {
        return;
    }
    View v = m_view;
    // The layout point under `pos` stays under it.
    v.tx = pos.x() - (pos.x() - v.tx) * factor;
    v.sx *= factor;
    if (!horizontalOnly) {
        v.ty = pos.y() - (pos.y() - v.ty) * factor;
        v.sy *= factor;
    }
    clampZoom(v, pos);
    m_view = v;
    m_autoFit = false;
    update();
}

QPointF TreeView::nodePosition(int p) const {
    if (p < 0 || p >= nodeCount()) {
        return {};
    }
    const auto up = static_cast<std::size_t>(p);
    return m_view.map(m_layout.x[up], m_layout.y[up]);
}

int TreeView::nodeAt(QPointF pos) const {
    if (!m_schedule) {
        return -1;
    }
    const double r = std::max(3.0, metrics(m_view, paintFont()).radius);
    int best = -1;
    double bestD = r;
    for (int p = 0; p < nodeCount(); ++p) {
        const QPointF d = nodePosition(p) - pos;
        const double dist = std::hypot(d.x(), d.y());
        if (dist <= bestD) {
            bestD = dist;
            best = p;
        }
    }
    return best;
}

QPolygonF TreeView::edgeGeometry(int k) const {
    if (!m_schedule || k < 0 || static_cast<std::size_t>(k) >= m_schedule->transfers.size()) {
        return {};
    }
    const TransferOp& t = m_schedule->transfers[static_cast<std::size_t>(k)];
    EdgePath path;
    const Metrics m = metrics(m_view, paintFont());
    if (!edgePath(nodePosition(t.from), nodePosition(t.to), m.radius, m.labelStem, path)) {
        return {};
    }
    QPolygonF out;
    if (path.hasStem) {
        out << path.stem.p1();
    }
    out << path.slant.p1() << path.slant.p2();
    return out;
}

int TreeView::transferAt(QPointF pos) const {
    if (!m_schedule) {
        return -1;
    }
    const Metrics m = metrics(m_view, paintFont());
    const double tolerance = 5.0;
    int best = -1;
    double bestD = tolerance;
    for (std::size_t k = 0; k < m_schedule->transfers.size(); ++k) {
        const TransferOp& t = m_schedule->transfers[k];
        if (t.start > m_cursor) {
            continue;
        }
        // Only the part between the circles: a click on a node is not a click on its edges.
        EdgePath path;
        if (!edgePath(nodePosition(t.from), nodePosition(t.to), m.radius, m.labelStem, path)) {
            continue;
        }
        double d = distanceToSegment(pos, path.slant.p1(), path.slant.p2());
        if (path.hasStem) {
            d = std::min(d, distanceToSegment(pos, path.stem.p1(), path.stem.p2()));
        }
        if (d <= bestD) {
            bestD = d;
            best = static_cast<int>(k);
        }
    }
    return best;
}

} // namespace rl
