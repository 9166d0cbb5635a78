#include "views/gantt_plottable.h"

#include <QPainter>

#include <cmath>

namespace rl {

namespace {

/// The head of an arrow from a to b.
QPolygonF arrowHead(QPointF a, QPointF b, const Theme& theme) {
    const double ang = std::atan2(b.y() - a.y(), b.x() - a.x());
    const double len = std::min(theme.px(8.0), QLineF(a, b).length() * 0.5);
    const QPointF h1 = b - QPointF(std::cos(ang - 0.45), std::sin(ang - 0.45)) * len;
    const QPointF h2 = b - QPointF(std::cos(ang + 0.45), std::sin(ang + 0.45)) * len;
    return QPolygonF({b, h1, h2});
}

} // namespace

std::optional<OpRef> GanttPlottable::hit(QPointF pos) const {
    if (!bars) {
        return std::nullopt;
    }
    const GanttBars& s = *bars;
    const double half = rowPixels() * 0.3;
    for (std::size_t k = 0; k < s.blocks.size(); ++k) {
        const GanttBlock& r = s.blocks[k];
        if (r.start > cursor) {
            continue;
        }
        const QPointF a = px(r.start, r.row);
        const QPointF b = px(std::min(r.end, cursor), r.row);
        if (pos.x() >= a.x() - 2 && pos.x() <= b.x() + 2 &&
            std::abs(pos.y() - a.y()) <= std::max(half, 3.0)) {
            return OpRef{false, static_cast<int>(k)};
        }
    }
    for (std::size_t k = 0; k < s.arrows.size(); ++k) {
        const GanttArrow& t = s.arrows[k];
        if (t.start > cursor) {
            continue;
        }
        const QPointF a = px(t.start, t.from);
        const QPointF b = px(t.end, t.to);
        const QPointF d = b - a;
        const double len2 = QPointF::dotProduct(d, d);
        const double u =
            len2 > 0 ? std::clamp(QPointF::dotProduct(pos - a, d) / len2, 0.0, 1.0) : 0.0;
        const QPointF c = a + u * d;
        if (QLineF(c, pos).length() <= 4.0) {
            return OpRef{true, static_cast<int>(k)};
        }
    }
    // A transfer's reception bar on the receiver's row, as draw() paints it.
    const double bar = std::max(rowPixels() * kReceptionHalfHeight, 3.0);
    for (std::size_t k = 0; k < s.arrows.size(); ++k) {
        const GanttArrow& t = s.arrows[k];
        if (t.start > cursor) {
            continue;
        }
        const QPointF a = px(t.start, t.to);
        const QPointF b = px(std::min(t.end, cursor), t.to);
        if (pos.x() >= std::min(a.x(), b.x()) - 1 && pos.x() <= std::max(a.x(), b.x()) + 1 &&
            std::abs(pos.y() - a.y()) <= bar) {
            return OpRef{true, static_cast<int>(k)};
        }
    }
    return std::nullopt;
}

void GanttPlottable::draw(QCPPainter* painter) {
    lastDrawn = 0;
    if (!bars) {
        return;
    }
    const GanttBars& s = *bars;
    const QRectF clip = clipRect();
    const double rowPx = rowPixels();
    const bool detailed = rowPx >= 6.0;
    const double t0 = keyAxis()->range().lower;
    const double t1 = keyAxis()->range().upper;
    const double end = std::min(cursor, s.end);
    auto visibleRow = [&](int row) {
        const double y = px(0, row).y();
        return y >= clip.top() - rowPx && y <= clip.bottom() + rowPx;
    };
    auto isCritical = [&](OpRef op) {
        return std::find(critical.begin(), critical.end(), op) != critical.end();
    };
    // Following a processor: its operations keep their colours, the others are blended
    // towards the background (blended, not translucent, as the tree's plain edges).
    auto shade = [&](QColor c, bool involved) {
        return focus && !involved ? Theme::mix(theme.background(), c, 0.3) : c;
    };

    // Idle bands: each row from its arrival (0 without late arrivals) until it stops taking
    // part.
    painter->setPen(Qt::NoPen);
    painter->setBrush(theme.idle());
    for (int p = 0; p < s.rows && static_cast<std::size_t>(p) < s.activeUntil.size(); ++p) {
        if (!visibleRow(p)) {
            continue;
        }
        const double stop = std::min(s.activeUntil[static_cast<std::size_t>(p)], end);
        const double from = static_cast<std::size_t>(p) < s.activeFrom.size()
                                ? s.activeFrom[static_cast<std::size_t>(p)]
                                : 0.0;
        if (stop <= from) {
            continue;
        }
        const QPointF a = px(from, p - 0.4);
        const QPointF b = px(stop, p + 0.4);
        painter->drawRect(QRectF(a, b).normalized());
    }

    // The followed processor's row, over its idle band and under its bars.
    if (focus && *focus >= 0 && *focus < s.rows && visibleRow(*focus)) {
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme.focusBand());
        painter->drawRect(QRectF(QPointF(clip.left(), px(0, *focus - 0.5).y()),
                                 QPointF(clip.right(), px(0, *focus + 0.5).y()))
                              .normalized());
    }

    // Reductions as blocks.
    for (std::size_t k = 0; k < s.blocks.size(); ++k) {
        const GanttBlock& r = s.blocks[k];
        if (r.start > cursor || r.end < t0 || r.start > t1 || !visibleRow(r.row)) {
            continue;
        }
        const OpRef ref{false, static_cast<int>(k)};
        QColor c = isCritical(ref) ? theme.critical() : theme.reduction();
        if (selected && *selected == ref) {
            c = theme.selection();
        }
        c = shade(c, focus == r.row);
        QRectF box =
            QRectF(px(r.start, r.row - 0.3), px(std::min(r.end, cursor), r.row + 0.3)).normalized();
        if (box.width() < 1.0) {
            box.setWidth(1.0);
        }
        painter->setPen(detailed ? QPen(c.darker(130), theme.px(1.0)) : Qt::NoPen);
        painter->setBrush(c);
        painter->drawRect(box);
        ++lastDrawn;
    }

    // Transfers: a reception bar on the receiver's row, and the arrow.
    for (std::size_t k = 0; k < s.arrows.size(); ++k) {
        const GanttArrow& t = s.arrows[k];
        if (t.start > cursor || t.end < t0 || t.start > t1 ||
            (!visibleRow(t.from) && !visibleRow(t.to))) {
            continue;
        }
        const OpRef ref{true, static_cast<int>(k)};
        const bool crit = isCritical(ref);
        QColor c = crit ? theme.critical() : theme.transfer();
        if (selected && *selected == ref) {
            c = theme.selection();
        }
        c = shade(c, focus == t.from || focus == t.to);
        const double shown = std::min(t.end, cursor);
        const double frac = t.end > t.start ? (shown - t.start) / (t.end - t.start) : 1.0;
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme.receptionBar(c));
        QRectF recv =
            QRectF(px(t.start, t.to - kReceptionHalfHeight), px(shown, t.to + kReceptionHalfHeight))
                .normalized();
        if (recv.width() < 1.0) {
            recv.setWidth(1.0);
        }
        painter->drawRect(recv);
        const QPointF a = px(t.start, t.from);
        const QPointF b = px(t.end, t.to);
        const QPointF tip = a + frac * (b - a);
        painter->setPen(QPen(c, theme.px(crit || (selected && *selected == ref) ? 2.5 : 1.3)));
        painter->drawLine(a, tip);
        if (detailed && frac >= 1.0) {
            painter->setBrush(c);
            painter->drawPolygon(arrowHead(a, b, theme));
        }
        ++lastDrawn;
    }
}

void GanttView::paintGlyph(QPainter& painter, Glyph glyph, QRectF box, const Theme& theme) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    const QPointF c = box.center();
    const double h = box.height();
    auto bar = [&](double halfHeight) {
        return QRectF(box.left(), c.y() - halfHeight * h, box.width(), 2 * halfHeight * h);
    };
    switch (glyph) {
    case Glyph::Transfer:
    case Glyph::Critical:
    case Glyph::Selected: {
        const QColor col = glyph == Glyph::Transfer   ? theme.transfer()
                           : glyph == Glyph::Critical ? theme.critical()
                                                      : theme.selection();
        const QPointF a(box.left() + 1, box.top() + 0.15 * h);
        const QPointF b(box.right() - 1, box.bottom() - 0.15 * h);
        painter.setPen(Qt::NoPen);
        painter.setBrush(theme.receptionBar(col));
        painter.drawRect(QRectF(a.x(), b.y() - 0.12 * h, b.x() - a.x(), 0.24 * h));
        painter.setPen(QPen(col, theme.px(glyph == Glyph::Transfer ? 1.3 : 2.5)));
        painter.drawLine(a, b);
        painter.setBrush(col);
        painter.drawPolygon(arrowHead(a, b, theme));
        break;
    }
    case Glyph::Reception:
        painter.fillRect(bar(0.4), theme.idle());
        painter.fillRect(bar(0.12), theme.receptionBar(theme.transfer()));
        break;
    case Glyph::Reduction:
        painter.setPen(QPen(theme.reduction().darker(130), theme.px(1.0)));
        painter.setBrush(theme.reduction());
        painter.drawRect(bar(0.3));
        break;
    case Glyph::Idle:
        painter.fillRect(bar(0.4), theme.idle());
        break;
    case Glyph::Cursor:
        painter.setPen(QPen(theme.cursor(), theme.px(2.0)));
        painter.drawLine(QPointF(c.x(), box.top()), QPointF(c.x(), box.bottom()));
        break;
    case Glyph::Reference:
        painter.setPen(QPen(theme.selection(), theme.px(2.0), Qt::DashLine));
        painter.drawLine(QPointF(c.x(), box.top()), QPointF(c.x(), box.bottom()));
        break;
    }
    painter.restore();
}

} // namespace rl
