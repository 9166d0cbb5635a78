// The tree view's picture: nodes, edges and their labels, painted the same way on the screen
// and into exported PNG, SVG and PDF files (paintTree); the header band is tree_view_header.cpp.
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

void TreeView::paintTree(QPainter& painter, QSizeF size, const View& view, bool interactive) const {
    const QColor bg = m_theme.background();
    const QColor grey = m_theme.muted();
    painter.fillRect(QRectF(QPointF(0, 0), size), bg);
    const QFont font = paintFont();
    painter.setFont(font);
    if (!m_schedule || nodeCount() == 0) {
        if (interactive) {
            m_labelled = 0;
        }
        painter.setPen(grey);
        painter.drawText(QRectF(QPointF(0, 0), size), Qt::AlignCenter, tr("No schedule"));
        return;
    }
    const Schedule& s = *m_schedule;
    const Metrics m = metrics(view, font);
    const double r = m.radius;
    const QRectF clip = QRectF(QPointF(0, 0), size).adjusted(-r - 2, -r - 2, r + 2, r + 2);
    const int n = nodeCount();
    std::vector<QPointF> pts(static_cast<std::size_t>(n));
    for (int p = 0; p < n; ++p) {
        pts[static_cast<std::size_t>(p)] = view.map(m_layout.x[static_cast<std::size_t>(p)],
                                                    m_layout.y[static_cast<std::size_t>(p)]);
    }

    // Edges, batched by style: one drawLines() per style keeps n = 4096 fast. Zoomed in, where
    // few edges are on screen and lines are thick, each is one polyline instead, so that the
    // knee between stem and slant is joined and a dash pattern runs on around it.
    enum Style { Plain, Critical, Selected, StyleCount };
    const bool polylines = r >= 3.0;
    std::array<std::array<QVector<QLineF>, 2>, StyleCount> lines;    // [style][merged]
    std::array<std::array<QVector<QPolygonF>, 2>, StyleCount> paths; // [style][merged]
    std::array<QVector<QPolygonF>, StyleCount> arrows;
    const double width = std::clamp(r * 0.13, m_theme.px(1.0), m_theme.px(2.0));
    const double arrowSize = std::clamp(r * 0.55, m_theme.px(5.0), m_theme.px(10.0));
    EdgePath future; // the selected transfer before it starts: shown faintly, so it can be found
    bool hasFuture = false;
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        const QPointF a = pts[static_cast<std::size_t>(t.from)];
        const QPointF b = pts[static_cast<std::size_t>(t.to)];
        if (!segmentMayCross(a, b, clip)) {
            continue;
        }
        EdgePath path;
        if (!edgePath(a, b, r, m.labelStem, path)) {
            continue;
        }
        const bool selected = static_cast<int>(k) == m_selected;
        if (t.start > m_cursor) {
            if (selected) {
                future = path;
                hasFuture = true;
            }
            continue;
        }
        const Style style = selected                                   ? Selected
                            : (k < m_critical.size() && m_critical[k]) ? Critical
                                                                       : Plain;
        const std::size_t merged = isMerged(static_cast<int>(k)) ? 1 : 0;
        if (polylines) {
            QPolygonF poly;
            if (path.hasStem) {
                poly << path.stem.p1();
            }
            poly << path.slant.p1() << path.slant.p2();
            paths[style][merged].push_back(poly);
        } else {
            if (path.hasStem) {
                lines[style][merged].push_back(path.stem);
            }
            lines[style][merged].push_back(path.slant);
        }
        if (m.arrows) {
            arrows[style].push_back(arrowHead(path.slant, arrowSize));
        }
    }
    // Where edges are packed tighter than a few pixels, lighter lines keep the shape of the
    // tree readable instead of a solid block; highlighted edges stay strong on top. Blended,
    // not translucent: translucent antialiased lines cost 15 times more to paint.
    const QColor plain =
        Theme::mix(m_theme.background(), m_theme.transfer(), std::clamp(view.sx / 6.0, 0.45, 1.0));
    const std::array<QColor, StyleCount> colors{plain, m_theme.critical(), m_theme.selection()};
    const std::array<double, StyleCount> widths{width, std::max(m_theme.px(2.5), width * 2.2),
                                                std::max(m_theme.px(3.0), width * 2.5)};
    if (hasFuture) {
        QPen pen(m_theme.selection(), widths[Selected], Qt::DotLine);
        painter.setPen(pen);
        QPolygonF poly;
        if (future.hasStem) {
            poly << future.stem.p1();
        }
        painter.drawPolyline(poly << future.slant.p1() << future.slant.p2());
    }
    for (int style = 0; style < StyleCount; ++style) {
        for (int merged = 0; merged < 2; ++merged) {
            const auto st = static_cast<std::size_t>(style);
            const auto mg = static_cast<std::size_t>(merged);
            if (lines[st][mg].isEmpty() && paths[st][mg].isEmpty()) {
                continue;
            }
            QPen pen(colors[st], widths[st]);
            pen.setCapStyle(Qt::FlatCap);
            pen.setJoinStyle(Qt::RoundJoin);
            if (!merged) {
                // In flight (or waiting for its reduction): dashed, in units of the pen width.
                pen.setDashPattern({4.0, 3.0});
            }
            painter.setPen(pen);
            painter.setBrush(Qt::NoBrush);
            painter.drawLines(lines[st][mg]);
            for (const QPolygonF& poly : paths[st][mg]) {
                painter.drawPolyline(poly);
            }
        }
        const auto& heads = arrows[static_cast<std::size_t>(style)];
        if (!heads.isEmpty()) {
            painter.setPen(Qt::NoPen);
            painter.setBrush(colors[static_cast<std::size_t>(style)]);
            for (const QPolygonF& head : heads) {
                painter.drawPolygon(head);
            }
        }
    }

    // Nodes, batched by state.
    std::array<QVector<QPointF>, kStates> byState;
    for (int p = 0; p < n; ++p) {
        const QPointF c = pts[static_cast<std::size_t>(p)];
        if (clip.contains(c)) {
            byState[stateIndex(nodeState(p))].push_back(c);
        }
    }
    const std::array<Look, kStates> looks = nodeLooks(m_theme, r);
    for (int st = 0; st < kStates; ++st) {
        const auto& centres = byState[static_cast<std::size_t>(st)];
        if (centres.isEmpty()) {
            continue;
        }
        const Look& look = looks[static_cast<std::size_t>(st)];
        if (r < 2.0) {
            // Too small to show an outline: a square dot, in the colour that tells the state.
            const double half = std::max(r, 0.8);
            QVector<QRectF> dots;
            dots.reserve(centres.size());
            for (const QPointF& c : centres) {
                dots.push_back(QRectF(c.x() - half, c.y() - half, 2 * half, 2 * half));
            }
            painter.setPen(Qt::NoPen);
            const auto state = static_cast<NodeState>(st + kFirstState);
            painter.setBrush(state == NodeState::Holding ? Theme::mix(bg, m_theme.transfer(), 0.6)
                             : state == NodeState::Sent  ? grey
                                                         : look.outline);
            painter.drawRects(dots);
            continue;
        }
        painter.setPen(QPen(look.outline, look.width));
        painter.setBrush(look.fill);
        for (const QPointF& c : centres) {
            painter.drawEllipse(c, r, r);
        }
    }
    if (r < 4.0 && s.root >= 0 && s.root < n) {
        // Zoomed far out the root stays findable: drawn at a legible size over the dots.
        const Look& look = looks[stateIndex(nodeState(s.root))];
        painter.setPen(QPen(look.outline, m_theme.px(1.2)));
        painter.setBrush(look.fill);
        painter.drawEllipse(pts[static_cast<std::size_t>(s.root)], 4.0, 4.0);
    }
    if (m_selected >= 0) {
        const TransferOp& t = s.transfers[static_cast<std::size_t>(m_selected)];
        painter.setPen(QPen(m_theme.selection(), m_theme.px(2.0)));
        painter.setBrush(Qt::NoBrush);
        for (int p : {t.from, t.to}) {
            painter.drawEllipse(pts[static_cast<std::size_t>(p)], r + 3, r + 3);
        }
    }
    if (m_focus && *m_focus >= 0 && *m_focus < n) {
        // The followed processor: its edges (sent, received) strong in the text colour,
        // dashed while in flight as every edge, then a ring that stays findable zoomed out.
        const int f = *m_focus;
        const QColor ink = m_theme.foreground();
        for (std::size_t k = 0; k < s.transfers.size(); ++k) {
            const TransferOp& t = s.transfers[k];
            EdgePath path;
            if ((t.from != f && t.to != f) || t.start > m_cursor ||
                !edgePath(pts[static_cast<std::size_t>(t.from)],
                          pts[static_cast<std::size_t>(t.to)], r, m.labelStem, path)) {
                continue;
            }
            QPen pen(ink, widths[Selected]);
            pen.setCapStyle(Qt::FlatCap);
            if (!isMerged(static_cast<int>(k))) {
                pen.setDashPattern({4.0, 3.0});
            }
            painter.setPen(pen);
            painter.setBrush(Qt::NoBrush);
            QPolygonF poly;
            if (path.hasStem) {
                poly << path.stem.p1();
            }
            painter.drawPolyline(poly << path.slant.p1() << path.slant.p2());
        }
        painter.setPen(QPen(ink, m_theme.px(2.5)));
        painter.setBrush(Qt::NoBrush);
        const double ring = std::max(r, 4.0) + m_theme.px(4.0);
        painter.drawEllipse(pts[static_cast<std::size_t>(f)], ring, ring);
    }
    int labelled = 0;
    if (m.nodeLabels) {
        QFont labelFont = font;
        labelFont.setPixelSize(std::max(1, static_cast<int>(std::floor(m.labelPx))));
        painter.setFont(labelFont);
        for (int p = 0; p < n; ++p) {
            const QPointF c = pts[static_cast<std::size_t>(p)];
            if (!clip.contains(c)) {
                continue;
            }
            painter.setPen(looks[stateIndex(nodeState(p))].text);
            painter.drawText(QRectF(c.x() - r, c.y() - r, 2 * r, 2 * r), Qt::AlignCenter,
                             nodeLabel(p, m.numberOnly));
            ++labelled;
        }
        painter.setFont(font);
    }
    if (interactive) {
        m_labelled = labelled;
    }
    m_edgeLabelBoxes.clear();
    if (m.edgeLabels) {
        paintEdgeLabels(painter, view, m, QRectF(QPointF(0, 0), size));
    }

    paintHeader(painter, size, !interactive || m_legendShown);
    if (interactive) {
        // The hint whole in its shortest form that fits, or not at all: a narrow pane cut it
        // to "…oom in for labels".
        m_hint.clear();
        painter.setFont(font); // the header may have left its own
        if (!m.nodeLabels && n > 1) {
            const QFontMetricsF fm(font);
            for (const QString& hint : {tr("wheel to zoom in for labels"), tr("zoom in for labels"),
                                        tr("zoom for labels")}) {
                if (fm.horizontalAdvance(hint) <= size.width() - 2 * margin()) {
                    m_hint = hint;
                    break;
                }
            }
        }
        if (!m_hint.isEmpty()) {
            painter.setPen(grey);
            painter.drawText(QRectF(0, 0, size.width() - margin(), size.height() - 4),
                             Qt::AlignRight | Qt::AlignBottom, m_hint);
        }
    }
}

std::array<TreeView::Look, TreeView::kStates> TreeView::nodeLooks(const Theme& theme,
                                                                  double radius) {
    const QColor bg = theme.background();
    const QColor fg = theme.foreground();
    const QColor tint = theme.nodeFill();
    const QColor reduceTint = theme.reducingFill();
    const QColor muted = theme.muted();
    const double thin = theme.px(1.2);
    const double thick = std::clamp(radius * 0.16, theme.px(1.5), theme.px(3.0));
    return {{
        {tint, fg, thin, fg},                                           // Holding
        {tint, theme.transfer(), thick, fg},                            // Receiving
        {reduceTint, theme.reduction(), thick, fg},                     // Reducing
        {tint, theme.transfer(), thick, fg},                            // Sending
        {bg, muted, theme.px(1.0), muted},                              // Sent
        {theme.transfer(), theme.transfer(), thin, theme.onTransfer()}, // Complete
    }};
}

void TreeView::paintGlyph(QPainter& painter, Glyph glyph, QRectF box, const Theme& theme) {
    painter.save();
    const QPointF c = box.center();
    const int index = static_cast<int>(glyph);
    if (index < kFirstState) {
        const bool crit = glyph == Glyph::Critical;
        const bool sel = glyph == Glyph::Selected;
        QPen pen(crit  ? theme.critical()
                 : sel ? theme.selection()
                       : theme.transfer(),
                 theme.px(crit  ? 2.5
                          : sel ? 3.0
                                : 1.5));
        pen.setCapStyle(Qt::FlatCap);
        if (glyph == Glyph::InFlight) {
            pen.setDashPattern({4.0, 3.0});
        }
        painter.setPen(pen);
        painter.drawLine(QPointF(box.left(), c.y()), QPointF(box.right(), c.y()));
    } else {
        const double r = std::min({box.height() * 0.35, box.width() / 2.0, theme.px(6.0)});
        const Look look = nodeLooks(theme, r)[stateIndex(glyph)];
        painter.setPen(QPen(look.outline, look.width));
        painter.setBrush(look.fill);
        painter.drawEllipse(c, r, r);
    }
    painter.restore();
}

void TreeView::paintEdgeLabels(QPainter& painter, const View& view, const Metrics& m,
                               QRectF area) const {
    const Schedule& s = *m_schedule;
    const QFontMetricsF fm(painter.font());
    const double fh = fm.height();
    const double boxH = m.labelBoxH;
    // Long values (commutative runs) are elided; the tooltip has them in full.
    const double maxW = std::max(4.0 * fh, 2.0 * view.sx);
    struct Stem {
        double depth;
        double x;
        int transfer;
    };
    // Every visible edge's stem near the screen, by level then left to right: a label may only
    // cover its own stem.
    std::vector<Stem> stems;
    for (std::size_t k = 0; k < s.transfers.size(); ++k) {
        const TransferOp& t = s.transfers[k];
        if (t.start > m_cursor) {
            continue;
        }
        const auto c = static_cast<std::size_t>(t.from);
        const QPointF pc = view.map(m_layout.x[c], m_layout.y[c]);
        if (pc.x() + maxW < area.left() || pc.x() - maxW > area.right() ||
            pc.y() + m.radius < area.top() || pc.y() - boxH - m.radius > area.bottom()) {
            continue;
        }
        stems.push_back({m_layout.y[c], pc.x(), static_cast<int>(k)});
    }
    std::sort(stems.begin(), stems.end(), [](const Stem& a, const Stem& b) {
        return a.depth != b.depth ? a.depth < b.depth : a.x < b.x;
    });
    const auto& values = valueTexts();
    const QColor bg = m_theme.background();
    const QColor fg = m_theme.foreground();
    const QColor grey = m_theme.muted();
    constexpr double kGap = 6.0; // between two labels, and between a label and another stem
    double lastRight = -kInf;
    for (std::size_t i = 0; i < stems.size(); ++i) {
        const Stem& st = stems[i];
        const bool newLevel = i == 0 || stems[i - 1].depth != st.depth;
        if (newLevel) {
            lastRight = -kInf;
        }
        // Left to right, each label as close to centred on its stem as the neighbouring stems
        // and the previous label allow; one that cannot hold its own stem is left out (the
        // tooltip and a closer zoom show it).
        // The view's edges bound the first and last labels of a level: a label is whole or
        // left out, never cut ("1.592 → 3.1" at the right edge of an animation's frame).
        const double lo =
            std::max(newLevel ? area.left() : stems[i - 1].x + kGap, lastRight + kGap);
        const bool lastOfLevel = i + 1 == stems.size() || stems[i + 1].depth != st.depth;
        const double hi = lastOfLevel ? area.right() : stems[i + 1].x - kGap;
        const TransferOp& t = s.transfers[static_cast<std::size_t>(st.transfer)];
        const QString times = QStringLiteral("%1 → %2").arg(fmtShort(t.start), fmtShort(t.end));
        const double room = std::min(hi - lo, maxW);
        const double timesW = fm.horizontalAdvance(times) + 8;
        if (timesW > room) {
            continue;
        }
        const auto uk = static_cast<std::size_t>(st.transfer);
        const QString value =
            fm.elidedText(uk < values.size() ? values[uk] : QString(), Qt::ElideRight, room - 8);
        const double w = std::max(timesW, fm.horizontalAdvance(value) + 8);
        double left = std::max(st.x - w / 2, lo);
        if (left + w > hi) {
            left = hi - w;
        }
        if (left < lo || left > st.x - 4 || left + w < st.x + 4) {
            continue;
        }
        lastRight = left + w;
        const double top = view.map(0, st.depth).y() - m.radius - 3 - boxH;
        const QRectF box(left, top, w, boxH);
        m_edgeLabelBoxes.push_back(box);
        painter.setPen(Qt::NoPen);
        painter.setBrush(bg);
        painter.drawRoundedRect(box, 3, 3);
        painter.setPen(fg);
        painter.drawText(QRectF(box.left(), box.top() + 2, box.width(), fh), Qt::AlignCenter,
                         value);
        painter.setPen(grey);
        painter.drawText(QRectF(box.left(), box.top() + 2 + fh, box.width(), fh), Qt::AlignCenter,
                         times);
    }
}

} // namespace rl
