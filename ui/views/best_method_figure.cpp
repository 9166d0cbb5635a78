#include "views/best_method_figure.h"

#include "studies/figure_data.h"
#include "studies/figure_text.h"

#include <qcustomplot.h>

#include <QImage>
#include <QPixmap>

#include <cmath>

namespace rl {

namespace {

/// A cell's colour from its weight (figure_data::BestMethodCell::weight).
QColor cellColourOfWeight(const Algorithm& best, double weight, const Theme& theme) {
    return Theme::mix(theme.background(), theme.category(algorithmCategory(best)), weight);
}

} // namespace

BestMethodFigure::BestMethodFigure(QWidget* parent) : MapFigure(parent) {}

QColor BestMethodFigure::cellColour(const Algorithm& best, double relativeMargin,
                                    const Theme& theme) {
    return cellColourOfWeight(best, ColourRules::bestMethodWeight(relativeMargin), theme);
}

void BestMethodFigure::build(const GridSnapshot& s) {
    QCustomPlot* p = plot();
    const std::size_t nx = s.spec.cvs.size();
    const std::size_t ny = s.spec.ratios.size();
    const MapGeometry geo = MapGeometry::of(s.spec);
    setTitle(QString::fromStdString(figure_text::bestMethodTitle(s)));
    QImage image(static_cast<int>(nx), static_cast<int>(ny), QImage::Format_RGB32);
    image.fill(theme().grid());
    QVector<double> tieX;
    QVector<double> tieY;
    const std::vector<figure_data::BestMethodCell> cells = figure_data::bestMethodCells(s);
    for (std::size_t point = 0; point < cells.size(); ++point) {
        const figure_data::BestMethodCell& c = cells[point];
        if (c.best < 0) {
            continue;
        }
        const std::size_t i = point % nx;
        const std::size_t j = point / nx;
        // Row 0 of the image is the top: the largest ratio.
        image.setPixelColor(static_cast<int>(i), static_cast<int>(ny - 1 - j),
                            cellColourOfWeight(s.spec.algorithms[static_cast<std::size_t>(c.best)],
                                               c.weight, theme()));
        if (c.tie) {
            tieX.push_back(std::log10(s.cells[point].cv));
            tieY.push_back(std::log10(s.cells[point].ratio));
        }
    }
    m_ties = static_cast<std::size_t>(tieX.size());
    auto* pix = new QCPItemPixmap(p);
    pix->setPixmap(QPixmap::fromImage(image));
    pix->setScaled(true, Qt::IgnoreAspectRatio, Qt::FastTransformation);
    pix->topLeft->setCoords(geo.x0 - geo.hx, geo.y1 + geo.hy);
    pix->bottomRight->setCoords(geo.x1 + geo.hx, geo.y0 - geo.hy);
    pix->setSelectable(false);
    pix->setClipToAxisRect(true);
    pix->setLayer(QStringLiteral("background"));

    // The categorical legend: one swatch per candidate, then the tie mark.
    placeLegendAbove();
    for (const Algorithm& id : s.spec.algorithms) {
        QCPGraph* swatch = p->addGraph();
        swatch->setName(algorithmName(id));
        swatch->setLineStyle(QCPGraph::lsNone);
        swatch->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(theme().foreground(), theme().px(0.5)),
                            QBrush(cellColour(id, 1.0, theme())), theme().px(12.0)));
    }
    QCPGraph* ties = p->addGraph();
    ties->setName(QStringLiteral("tie"));
    ties->setData(tieX, tieY, true);
    ties->setLineStyle(QCPGraph::lsNone);
    ties->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCross,
                                          QPen(theme().foreground(), theme().px(1.2)), Qt::NoBrush,
                                          theme().px(7.0)));

    setupMapAxes(geo);
}

QString BestMethodFigure::describe(const GridSnapshot& s, const FigureHit& hit) const {
    QString text = QString::fromStdString(figure_text::describeBestCell(s, hit.point));
    const GridCell& cell = s.cells[hit.point];
    if (cell.best && cell.best->runnerUp >= 0) {
        text += QStringLiteral("<br>click to open the median replicate");
    }
    return text;
}

} // namespace rl
