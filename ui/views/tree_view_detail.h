#pragma once
// Constants and geometry shared by the tree view's files (tree_view.cpp: state, input and
// export; tree_view_geometry.cpp: layout in pixels, zoom and hit tests; tree_view_painter.cpp:
// the picture, for the screen and for exported files alike). Private to ui/views.

#include "common/number_text.h"

#include <QLineF>
#include <QPointF>
#include <QPolygonF>
#include <QRectF>
#include <QString>

#include <algorithm>
#include <cmath>
#include <limits>

namespace rl::tree_detail {

inline constexpr double kMargin = 10.0;
// Largest column and level sizes, in font heights: where nodes and edge labels are comfortable.
inline constexpr double kColumnCap = 7.0;
inline constexpr double kLevelCap = 7.0;
// Node labels shrink to fit their circle, down to this many pixels; below, none are drawn.
inline constexpr double kMinLabelPx = 7.0;
// Trees up to this many processors label every node (larger circles, or numbers alone).
inline constexpr int kAlwaysLabelled = 32;
// The shortest edge between two levels at the theme's scale: a dash and its gap (7 pen widths)
// at the thinnest pen (TreeView::minEdgeLength()).
inline constexpr double kMinEdgePx = 9.0;
// The shortest edge for levels `sy` pixels apart, kMinEdgePx being `scaledMin` on screen: at
// most 30 % of a level, so that small trees in short panes keep circles large enough for their
// labels.
inline double minEdgeFor(double scaledMin, double sy) {
    return std::min(scaledMin, 0.3 * sy);
}
inline constexpr double kInf = std::numeric_limits<double>::infinity();

inline QString fmtShort(double v) {
    return QString::number(v, 'g', 4);
}
inline QString fmtLong(double v) {
    return shownNumber(v);
}

inline double distanceToSegment(QPointF p, QPointF a, QPointF b) {
    const QPointF ab = b - a;
    const double len2 = QPointF::dotProduct(ab, ab);
    const double t = len2 > 0.0 ? std::clamp(QPointF::dotProduct(p - a, ab) / len2, 0.0, 1.0) : 0.0;
    const QPointF d = p - (a + t * ab);
    return std::hypot(d.x(), d.y());
}

// The segment from a to b with `ra` cut at a and `rb` at b, so that it ends on the circles.
inline bool trimmed(QPointF a, QPointF b, double ra, double rb, QLineF& out) {
    const QPointF d = b - a;
    const double len = std::hypot(d.x(), d.y());
    if (len <= ra + rb) {
        return false;
    }
    const QPointF u = d / len;
    out = QLineF(a + u * ra, b - u * rb);
    return true;
}

/// How an edge is drawn: a vertical stem up from the child, then a straight line to the
/// parent. The stem lifts the slanted part above the child's row, so that even a nearly
/// horizontal edge (a binomial root far from its first children) never runs through the
/// neighbours of its child; the layout keeps other nodes of the parent's row out of its way.
/// All slanted parts between two levels start on one line and end on another, in the same
/// order at both ends, so they cannot cross; and the stems are tall enough to carry their edge
/// label below that line, where no other edge passes.
struct EdgePath {
    QLineF stem;
    QLineF slant;
    bool hasStem = false;
};

/// Stem length for a gap of `band` pixels between two rows of circles: what an edge label
/// needs, within 30 % and 60 % of the band.
inline double stemLength(double band, double labelStem) {
    return std::clamp(labelStem, 0.3 * band, 0.6 * band);
}

inline bool edgePath(QPointF child, QPointF parent, double radius, double labelStem,
                     EdgePath& out) {
    const double gap = radius >= 1.5 ? radius + 0.5 : 0.0;
    const double stem = stemLength(std::max(0.0, child.y() - parent.y() - 2 * gap), labelStem);
    out.hasStem = stem >= 1.0 && std::abs(child.x() - parent.x()) >= 0.5;
    if (!out.hasStem) {
        return trimmed(child, parent, gap, gap, out.slant);
    }
    const QPointF top(child.x(), child.y() - gap);
    const QPointF knee(child.x(), top.y() - stem);
    out.stem = QLineF(top, knee);
    return trimmed(knee, parent, 0.0, gap, out.slant);
}

inline bool segmentMayCross(QPointF a, QPointF b, const QRectF& clip) {
    return std::max(a.x(), b.x()) >= clip.left() && std::min(a.x(), b.x()) <= clip.right() &&
           std::max(a.y(), b.y()) >= clip.top() && std::min(a.y(), b.y()) <= clip.bottom();
}

inline QPolygonF arrowHead(const QLineF& line, double size) {
    const QPointF tip = line.p2();
    const QPointF d = line.p2() - line.p1();
    const double len = std::hypot(d.x(), d.y());
    const QPointF u = d / len;
    const QPointF n(-u.y(), u.x());
    return QPolygonF({tip, tip - u * size + n * size * 0.45, tip - u * size - n * size * 0.45});
}

} // namespace rl::tree_detail
