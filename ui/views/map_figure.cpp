#include "views/map_figure.h"

#include "studies/figure_data.h"
#include "studies/figure_text.h"

#include <qcustomplot.h>

namespace rl {

MapGeometry MapGeometry::of(const SweepSpec& spec) {
    MapGeometry g;
    auto axis = [](const std::vector<double>& v, double& lo, double& hi, double& half) {
        lo = figure_data::logCoordinate(v.front());
        hi = figure_data::logCoordinate(v.back());
        half = v.size() > 1 ? (hi - lo) / static_cast<double>(v.size() - 1) / 2.0 : 0.5;
    };
    axis(spec.cvs, g.x0, g.x1, g.hx);
    axis(spec.ratios, g.y0, g.y1, g.hy);
    return g;
}

void MapFigure::setupMapAxes(const MapGeometry& geo) {
    QCustomPlot* p = plot();
    p->xAxis->setScaleType(QCPAxis::stLinear);
    p->xAxis->setLabel(QString::fromUtf8(figure_text::kCvAxis));
    p->yAxis->setLabel(QString::fromUtf8(figure_text::kRatioAxis));
    p->xAxis->setRange(geo.x0 - geo.hx, geo.x1 + geo.hx);
    p->yAxis->setRange(geo.y0 - geo.hy, geo.y1 + geo.hy);
    setLog10Ticks(p->xAxis, geo.x0 - geo.hx, geo.x1 + geo.hx);
    setLog10Ticks(p->yAxis, geo.y0 - geo.hy, geo.y1 + geo.hy);
    for (QCPAxis* axis : {p->xAxis, p->yAxis}) {
        axis->grid()->setVisible(false);
        axis->setSubTicks(false);
    }
}

std::optional<FigureHit> MapFigure::hitTest(const GridSnapshot& s, QPointF pixel) const {
    const MapGeometry geo = MapGeometry::of(s.spec);
    const double x = plot()->xAxis->pixelToCoord(pixel.x());
    const double y = plot()->yAxis->pixelToCoord(pixel.y());
    if (x < geo.x0 - geo.hx || x > geo.x1 + geo.hx || y < geo.y0 - geo.hy || y > geo.y1 + geo.hy) {
        return std::nullopt;
    }
    return FigureHit{nearestLog(s.spec.ratios, y) * s.spec.cvs.size() + nearestLog(s.spec.cvs, x),
                     -1};
}

QString MapFigure::cellHeader(const GridCell& cell) {
    return QString::fromStdString(figure_text::mapCellHeader(cell));
}

} // namespace rl
