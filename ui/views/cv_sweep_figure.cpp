#include "views/cv_sweep_figure.h"

#include "studies/figure_data.h"
#include "studies/figure_text.h"

#include <qcustomplot.h>

#include <cmath>

namespace rl {

CvSweepFigure::CvSweepFigure(QWidget* parent) : SweepFigure(parent) {
    plot()->setInteractions(QCP::iSelectLegend);
    connect(plot(), &QCustomPlot::legendClick, this,
            [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) {
                auto* pli = qobject_cast<QCPPlottableLegendItem*>(item);
                if (!pli) {
                    return;
                }
                for (std::size_t a = 0; a < m_graphs.size(); ++a) {
                    if (!m_graphs[a].empty() && m_graphs[a][0] == pli->plottable()) {
                        setAlgorithmShown(static_cast<int>(a),
                                          !isAlgorithmShown(static_cast<int>(a)));
                    }
                }
                plot()->deselectAll();
            });
}

bool CvSweepFigure::isAlgorithmShown(int index) const {
    return index < 0 || static_cast<std::size_t>(index) >= m_ids.size() ||
           !m_hidden.contains(m_ids[static_cast<std::size_t>(index)].key());
}

void CvSweepFigure::setAlgorithmShown(int index, bool shown) {
    if (index < 0 || static_cast<std::size_t>(index) >= m_ids.size()) {
        return;
    }
    if (shown) {
        m_hidden.erase(m_ids[static_cast<std::size_t>(index)].key());
    } else {
        m_hidden.insert(m_ids[static_cast<std::size_t>(index)].key());
    }
    if (static_cast<std::size_t>(index) < m_graphs.size()) {
        for (std::size_t k = 0; k < m_graphs[static_cast<std::size_t>(index)].size(); ++k) {
            QCPGraph* g = m_graphs[static_cast<std::size_t>(index)][k];
            if (k == 0) {
                // The mean stays in the legend, greyed, so it can be switched back on.
                const QColor colour =
                    theme().category(algorithmCategory(m_ids[static_cast<std::size_t>(index)]));
                g->setPen(QPen(shown ? colour : theme().grid(), theme().px(2.0)));
                g->setLineStyle(shown ? QCPGraph::lsLine : QCPGraph::lsNone);
                g->setScatterStyle(shown ? QCPScatterStyle(QCPScatterStyle::ssDisc, theme().px(5.0))
                                         : QCPScatterStyle(QCPScatterStyle::ssNone));
                if (auto* item = plot()->legend->itemWithPlottable(g)) {
                    item->setTextColor(shown ? theme().foreground() : theme().muted());
                }
            } else {
                g->setVisible(shown);
            }
        }
    }
    plot()->replot(QCustomPlot::rpQueuedReplot);
}

void CvSweepFigure::build(const GridSnapshot& s) {
    QCustomPlot* p = plot();
    m_graphs.assign(s.spec.algorithms.size(), {});
    m_ids = s.spec.algorithms;
    p->xAxis->setScaleType(QCPAxis::stLogarithmic);
    p->xAxis->setTicker(QSharedPointer<QCPAxisTickerLog>(new QCPAxisTickerLog));
    p->xAxis->setNumberFormat(QStringLiteral("gb"));
    p->xAxis->setLabel(QString::fromUtf8(figure_text::kCvAxis));
    // Log makespans: the spread at large CV spans decades, the gaps at small CV are a few %.
    p->yAxis->setLabel(QString::fromUtf8(figure_text::kMakespanAxis));
    p->yAxis->setScaleType(QCPAxis::stLogarithmic);
    p->yAxis->grid()->setSubGridVisible(false);
    const bool ribbon = figure_data::drawsRibbon(s.spec);
    setTitle(QString::fromStdString(figure_text::cvSweepTitle(s)));
    placeLegendAbove();
    for (const figure_data::CvSweepSeries& curve : figure_data::cvSweepSeries(s)) {
        const std::size_t a = curve.algorithm;
        const QColor colour = theme().category(algorithmCategory(s.spec.algorithms[a]));
        QVector<double> x;
        QVector<double> mean;
        QVector<double> lo;
        QVector<double> hi;
        for (const figure_data::CvSweepPoint& point : curve.points) {
            x.push_back(point.cv);
            mean.push_back(point.mean);
            lo.push_back(point.low); // NaN (a gap) where the point has no quantiles
            hi.push_back(point.high);
        }
        QCPGraph* g = p->addGraph();
        g->setName(algorithmName(s.spec.algorithms[a]));
        g->setData(x, mean, true);
        g->setPen(QPen(colour, theme().px(2.0)));
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, theme().px(5.0)));
        m_graphs[a].push_back(g);
        if (ribbon) {
            QCPGraph* low = p->addGraph();
            low->setData(x, lo, true);
            QColor edge = colour;
            edge.setAlpha(110);
            low->setPen(QPen(edge, theme().px(1.0), Qt::DashLine));
            low->removeFromLegend();
            QCPGraph* high = p->addGraph();
            high->setData(x, hi, true);
            high->setPen(QPen(edge, theme().px(1.0), Qt::DashLine));
            QColor fill = colour;
            fill.setAlpha(35);
            high->setBrush(fill);
            high->setChannelFillGraph(low);
            high->removeFromLegend();
            m_graphs[a].push_back(low);
            m_graphs[a].push_back(high);
        }
    }
    // docs/model.md §6: Tree-dyn's Markov chain at CV 1 (gamma is exponential there), computed
    // with the snapshot by the study (studies/sweep_study.h).
    m_reference = s.reference;
    if (m_reference) {
        QCPGraph* ref = p->addGraph();
        ref->setName(QString::fromStdString(figure_text::cvSweepReference(*m_reference)));
        ref->setData(QVector<double>{1.0}, QVector<double>{*m_reference});
        ref->setLineStyle(QCPGraph::lsNone);
        ref->setScatterStyle(
            QCPScatterStyle(QCPScatterStyle::ssStar, theme().foreground(), theme().px(14.0)));
        ref->setPen(QPen(theme().foreground(), theme().px(2.0)));
    }
    for (std::size_t a = 0; a < m_graphs.size(); ++a) {
        if (m_hidden.contains(m_ids[a].key())) {
            setAlgorithmShown(static_cast<int>(a), false);
        }
    }
    p->rescaleAxes();
    const QCPRange xr = p->xAxis->range();
    p->xAxis->setRange(xr.lower / 1.25, xr.upper * 1.25);
    const QCPRange yr = p->yAxis->range();
    if (yr.lower > 0.0) {
        p->yAxis->setRange(yr.lower / 1.15, yr.upper * 1.15);
        // Labels at 1, 2 and 5 times the decades: a log axis with labels at decades only
        // leaves most of this range unlabelled.
        QSharedPointer<QCPAxisTickerText> ticks(new QCPAxisTickerText);
        const QCPRange r = p->yAxis->range();
        for (int e = static_cast<int>(std::floor(std::log10(r.lower)));
             e <= static_cast<int>(std::ceil(std::log10(r.upper))); ++e) {
            for (double m : {1.0, 2.0, 5.0}) {
                const double v = m * std::pow(10.0, e);
                if (v >= r.lower && v <= r.upper) {
                    ticks->addTick(v, QString::number(v, 'g', 4));
                }
            }
        }
        ticks->setSubTickCount(0);
        p->yAxis->setTicker(ticks);
    }
}

std::optional<FigureHit> CvSweepFigure::hitTest(const GridSnapshot& s, QPointF pixel) const {
    const QCustomPlot* p = plot();
    std::optional<FigureHit> best;
    double bestDist = 30.0; // pixels
    for (std::size_t c = 0; c < s.spec.cvs.size(); ++c) {
        const GridCell& cell = s.cell(c, 0);
        if (cell.cv <= 0.0) {
            continue;
        }
        const double px = p->xAxis->coordToPixel(cell.cv);
        if (std::abs(px - pixel.x()) > 20.0) {
            continue;
        }
        for (std::size_t a = 0; a < cell.summaries.size(); ++a) {
            if (!isAlgorithmShown(static_cast<int>(a))) {
                continue;
            }
            const double py = p->yAxis->coordToPixel(cell.summaries[a].mean);
            const double d = std::hypot(px - pixel.x(), py - pixel.y());
            if (d < bestDist) {
                bestDist = d;
                best = FigureHit{c, static_cast<int>(a)};
            }
        }
    }
    return best;
}

QString CvSweepFigure::describe(const GridSnapshot& s, const FigureHit& hit) const {
    const GridCell& cell = s.cells[hit.point];
    if (hit.algorithm < 0 || static_cast<std::size_t>(hit.algorithm) >= cell.summaries.size()) {
        return {};
    }
    const McSummary& m = cell.summaries[static_cast<std::size_t>(hit.algorithm)];
    return QString::fromStdString(figure_text::describeCvPoint(
               s, hit.point, static_cast<std::size_t>(hit.algorithm))) +
           (m.count > 0 ? QStringLiteral("; click to open the median replicate") : QString());
}

} // namespace rl
