#include "views/best_method_figure.h"

#include "studies/figure_text.h"

#include <qcustomplot.h>

#include <QImage>
#include <QPixmap>

#include <cmath>

namespace rl {

BestMethodFigure::BestMethodFigure(QWidget* parent) : MapFigure(parent) {}

QColor BestMethodFigure::cellColour(const Algorithm& best, double relativeMargin,
                                    const Theme& theme) {
    const QColor full = theme.category(algorithmCategory(best));
    return Theme::mix(theme.background(), full, ColourRules::bestMethodWeight(relativeMargin));
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
    for (std::size_t j = 0; j < ny; ++j) {
        for (std::size_t i = 0; i < nx; ++i) {
            const GridCell& cell = s.cell(i, j);
            if (!cell.best) {
                continue;
            }
            const BestMethod& b = *cell.best;
            const Algorithm& id = s.spec.algorithms[static_cast<std::size_t>(b.best)];
            // Row 0 of the image is the top: the largest ratio.
            image.setPixelColor(static_cast<int>(i), static_cast<int>(ny - 1 - j),
                                cellColour(id, b.relativeMargin, theme()));
            if (b.tie && b.runnerUp >= 0) {
                tieX.push_back(std::log10(cell.cv));
                tieY.push_back(std::log10(cell.ratio));
            }
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
