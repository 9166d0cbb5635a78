#include "common/media_icons.h"

#include <QPainter>
#include <QPixmap>
#include <QPolygonF>

namespace rl {

namespace {

// Shapes in a 16 x 16 box: triangles pointing right (or left) and bars.
void paintShape(QPainter& p, MediaIcon kind) {
    auto right = [&](double x) { p.drawPolygon(QPolygonF({{x, 3}, {x + 6, 8}, {x, 13}})); };
    auto left = [&](double x) { p.drawPolygon(QPolygonF({{x + 6, 3}, {x, 8}, {x + 6, 13}})); };
    auto bar = [&](double x) { p.drawRect(QRectF(x, 3, 2, 10)); };
    switch (kind) {
    case MediaIcon::ToStart:
        bar(2);
        left(4);
        left(9);
        break;
    case MediaIcon::StepBack:
        left(2);
        left(8);
        break;
    case MediaIcon::Play:
        p.drawPolygon(QPolygonF({{4, 2}, {13, 8}, {4, 14}}));
        break;
    case MediaIcon::Pause:
        p.drawRect(QRectF(4, 3, 3, 10));
        p.drawRect(QRectF(9, 3, 3, 10));
        break;
    case MediaIcon::StepForward:
        right(2);
        right(8);
        break;
    case MediaIcon::ToEnd:
        right(1);
        right(6);
        bar(12);
        break;
    case MediaIcon::Back:
        p.drawPolygon(
            QPolygonF({{1, 8}, {7, 2}, {7, 5.5}, {15, 5.5}, {15, 10.5}, {7, 10.5}, {7, 14}}));
        break;
    case MediaIcon::Forward:
        p.drawPolygon(
            QPolygonF({{15, 8}, {9, 2}, {9, 5.5}, {1, 5.5}, {1, 10.5}, {9, 10.5}, {9, 14}}));
        break;
    }
}

} // namespace

QIcon mediaIcon(MediaIcon kind, const QColor& colour) {
    QIcon icon;
    for (int size : {16, 24, 32, 48, 64}) {
        QPixmap pixmap(size, size);
        pixmap.fill(Qt::transparent);
        QPainter p(&pixmap);
        p.setRenderHint(QPainter::Antialiasing);
        p.scale(size / 16.0, size / 16.0);
        p.setPen(Qt::NoPen);
        p.setBrush(colour);
        paintShape(p, kind);
        p.end();
        icon.addPixmap(pixmap);
    }
    return icon;
}

} // namespace rl
