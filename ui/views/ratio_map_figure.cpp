#include "views/ratio_map_figure.h"

#include "studies/figure_data.h"
#include "studies/figure_text.h"

#include "views/plot_style.h"

#include <qcustomplot.h>

#include <cmath>

namespace rl {

namespace {

QCPColorGradient diverging() {
    // ColorBrewer RdBu (reversed: blue below 1, A faster; red above 1, A slower), colour-blind
    // safe, white at 1: core/base/theme_colours.h, shared with the web pages.
    QCPColorGradient g;
    g.clearColorStops();
    const auto& stops = ratioMapStops();
    for (std::size_t i = 0; i < stops.size(); ++i) {
        g.setColorStopAt(static_cast<double>(i) / static_cast<double>(stops.size() - 1),
                         Theme::qt(stops[i]));
    }
    g.setNanHandling(QCPColorGradient::nhNanColor);
    g.setNanColor(Theme::qt(ratioMapMissing()));
    return g;
}

} // namespace

RatioMapFigure::RatioMapFigure(QWidget* parent) : MapFigure(parent) {}

void RatioMapFigure::setHatchUncertain(bool on) {
    m_hatch = on;
    rebuildKeepingSnapshot();
}

void RatioMapFigure::setExtraLevels(std::vector<double> levels) {
    m_extraLevels = std::move(levels);
    rebuildKeepingSnapshot();
}

void RatioMapFigure::rebuildKeepingSnapshot() {
    if (auto s = snapshot()) {
        // A copy of the same data is a new snapshot to the throttle: rebuild with the options.
        setSnapshot(std::make_shared<const GridSnapshot>(*s));
        flush();
    }
}

void RatioMapFigure::build(const GridSnapshot& s) {
    QCustomPlot* p = plot();
    const std::size_t nx = s.spec.cvs.size();
    const std::size_t ny = s.spec.ratios.size();
    const MapGeometry geo = MapGeometry::of(s.spec);
    setTitle(QString::fromStdString(figure_text::ratioMapTitle(s)));
    if (!m_scale) {
        // The map and its colour scale side by side in one cell of the plot's layout, under
        // the title, which then spans the whole width (and wraps to it).
        m_scale = new QCPColorScale(p);
        auto* body = new QCPLayoutGrid;
        QCPAxisRect* rect = p->axisRect();
        p->plotLayout()->take(rect);
        p->plotLayout()->simplify();
        p->plotLayout()->addElement(p->plotLayout()->rowCount(), 0, body);
        body->addElement(0, 0, rect);
        body->addElement(0, 1, m_scale);
        body->setColumnSpacing(static_cast<int>(std::lround(theme().px(5.0))));
        m_scale->setType(QCPAxis::atRight);
        auto* group = new QCPMarginGroup(p);
        p->axisRect()->setMarginGroup(QCP::msBottom | QCP::msTop, group);
        m_scale->setMarginGroup(QCP::msBottom | QCP::msTop, group);
    }
    m_scale->axis()->setLabel(QString::fromStdString(figure_text::ratioMapScale(s)));
    applyAxisTheme(m_scale->axis(), theme());
    m_scale->setBarWidth(static_cast<int>(std::lround(theme().px(20.0))));
    p->legend->setVisible(false);

    auto* map = new QCPColorMap(p->xAxis, p->yAxis);
    map->data()->setSize(static_cast<int>(nx), static_cast<int>(ny));
    map->data()->setRange(QCPRange(geo.x0, nx > 1 ? geo.x1 : geo.x0 + 1e-9),
                          QCPRange(geo.y0, ny > 1 ? geo.y1 : geo.y0 + 1e-9));
    const figure_data::RatioMap data = figure_data::ratioMap(s);
    m_hatched = 0;
    for (std::size_t j = 0; j < ny; ++j) {
        for (std::size_t i = 0; i < nx; ++i) {
            const std::size_t point = j * nx + i;
            if (m_hatch && data.uncertain[point]) {
                const double x = data.field.xs[i];
                const double y = data.field.ys[j];
                auto* rect = new QCPItemRect(p);
                rect->topLeft->setCoords(x - geo.hx, y + geo.hy);
                rect->bottomRight->setCoords(x + geo.hx, y - geo.hy);
                rect->setPen(Qt::NoPen);
                QColor hatch = theme().foreground();
                hatch.setAlpha(150);
                rect->setBrush(QBrush(hatch, Qt::BDiagPattern));
                rect->setSelectable(false);
                ++m_hatched;
            }
            map->data()->setCell(static_cast<int>(i), static_cast<int>(j),
                                 data.field.values[point]);
        }
    }
    // The colour scale owns gradient and range (a map takes them from its scale).
    map->setColorScale(m_scale);
    m_scale->setGradient(diverging());
    m_scale->setDataRange(QCPRange(-data.extent, data.extent)); // centred on ratio 1
    map->setInterpolate(false);
    QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
    for (const figure_data::RatioMapTick& tick : data.ticks) {
        ticks->addTick(tick.at, QString::fromStdString(tick.label));
    }
    m_scale->axis()->setTicker(ticks);

    auto drawLevel = [&](double ratio, const QPen& pen) {
        const auto lines = data.levelLines(ratio);
        for (const ContourLine& line : lines) {
            auto* curve = new QCPCurve(p->xAxis, p->yAxis);
            QVector<double> x;
            QVector<double> y;
            for (const ContourPoint& pt : line) {
                x.push_back(pt.x);
                y.push_back(pt.y);
            }
            curve->setData(x, y);
            curve->setPen(pen);
            curve->removeFromLegend();
        }
        return lines.size();
    };
    for (double level : m_extraLevels) {
        if (level > 0.0 && level != 1.0) {
            drawLevel(level, QPen(theme().foreground(), theme().px(1.2), Qt::DashLine));
        }
    }
    m_contourLines = drawLevel(1.0, QPen(theme().foreground(), theme().px(2.5)));

    setupMapAxes(geo);
}

QString RatioMapFigure::describe(const GridSnapshot& s, const FigureHit& hit) const {
    QString text = QString::fromStdString(figure_text::describeRatioCell(s, hit.point));
    if (s.cells[hit.point].ratio01) {
        text += QStringLiteral("; click to open the median replicate");
    }
    return text;
}

} // namespace rl
