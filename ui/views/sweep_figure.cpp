#include "views/sweep_figure.h"

#include "common/app_style.h"
#include "common/figure_export.h"
#include "views/plot_style.h"

#include <qcustomplot.h>

#include <QHelpEvent>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <cmath>

namespace rl {

SweepFigure::SweepFigure(QWidget* parent)
    : QWidget(parent), m_plot(new QCustomPlot(this)), m_timer(new QTimer(this)),
      m_theme(applicationTheme()) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_plot->setMinimumSize(320, 240);
    m_plot->installEventFilter(this);
    m_plot->setNoAntialiasingOnDrag(true);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &SweepFigure::rebuild);
    connect(m_plot, &QCustomPlot::beforeReplot, this, [this] { layoutHeader(m_plot->width()); });
    connect(m_plot, &QCustomPlot::mouseRelease, this, [this](QMouseEvent* e) {
        if (e->button() != Qt::LeftButton || !m_built) {
            return;
        }
        if (m_plot->legend->visible() && m_plot->legend->outerRect().contains(e->pos())) {
            return; // legend clicks toggle algorithms, they do not drill down
        }
        if (!m_plot->axisRect()->rect().contains(e->pos())) {
            return;
        }
        if (const auto hit = hitTest(*m_built, e->position())) {
            emit drillDown(*hit);
        }
    });
    m_sinceRebuild.start();
}

SweepFigure::~SweepFigure() = default;

void SweepFigure::setSnapshot(std::shared_ptr<const GridSnapshot> s) {
    m_snapshot = std::move(s);
    if (m_timer->isActive()) {
        return; // the pending rebuild will take the newest snapshot
    }
    const qint64 wait = kMinRebuildMs - m_sinceRebuild.elapsed();
    m_timer->start(static_cast<int>(std::max<qint64>(0, wait)));
}

void SweepFigure::clear() {
    m_timer->stop();
    m_snapshot.reset();
    m_built.reset();
    m_plot->clearPlottables();
    m_plot->clearItems();
    applyPlotTheme(m_plot, m_theme); // an empty figure (a long run waiting for Start) too
    m_plot->replot(QCustomPlot::rpQueuedReplot);
}

void SweepFigure::setTheme(const Theme& p) {
    m_theme = p;
    if (m_built) {
        m_snapshot = m_built;
        m_built.reset();
        rebuild();
    } else {
        applyPlotTheme(m_plot, m_theme);
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    }
}

void SweepFigure::flush() {
    if (m_snapshot && m_snapshot != m_built) {
        m_timer->stop();
        rebuild();
    }
}

void SweepFigure::rebuild() {
    if (!m_snapshot || m_snapshot == m_built) {
        return;
    }
    m_built = m_snapshot;
    m_plot->clearPlottables();
    m_plot->clearItems();
    applyPlotTheme(m_plot, m_theme);
    build(*m_built);
    m_plot->replot(QCustomPlot::rpQueuedReplot);
    ++m_rebuilds;
    m_sinceRebuild.restart();
}

void SweepFigure::setTitle(const QString& text) {
    if (!m_title) {
        m_plot->plotLayout()->insertRow(0);
        m_title = new QCPTextElement(m_plot, text, m_theme.font());
        m_title->setMinimumSize(1, 0); // wrapped to the plot's width, never widening it
        m_plot->plotLayout()->addElement(0, 0, m_title);
    }
    m_titleText = text;
    m_title->setText(text);
    applyTitleTheme(m_title, m_theme, false);
}

QString SweepFigure::shownTitle() const {
    return m_title ? m_title->text() : QString();
}

void SweepFigure::layoutHeader(int width) const {
    const double avail = std::max(1.0, width - m_theme.px(12.0));
    if (m_title) {
        m_title->setText(wrapText(m_titleText, QFontMetricsF(m_title->font()), avail));
    }
    if (m_legendAbove) {
        fitLegend(m_plot->legend, avail);
    }
}

void SweepFigure::placeLegendAbove() {
    m_plot->legend->setVisible(true);
    const int mx = static_cast<int>(std::lround(m_theme.px(6.0)));
    const int my = static_cast<int>(std::lround(m_theme.px(3.0)));
    m_plot->legend->setMargins(QMargins(mx, my, mx, my));
    if (m_legendAbove) {
        return;
    }
    m_legendAbove = true;
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->plotLayout()->insertRow(1);
    m_plot->plotLayout()->addElement(1, 0, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLegend::foColumnsFirst);
    m_plot->plotLayout()->setRowStretchFactor(1, 0.001);
}

bool SweepFigure::exportTo(const QString& path, QString* error, QSize size) {
    QByteArray bytes;
    return renderTo(path, &bytes, error, size) && writeFileAtomically(path, bytes, error);
}

bool SweepFigure::renderTo(const QString& path, QByteArray* bytes, QString* error, QSize size) {
    flush();
    return renderFigure(
        path, size,
        [this](QPaintDevice& device, QSize sz) {
            QCPPainter painter(&device);
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            layoutHeader(sz.width()); // the title wraps to the figure's width
            m_plot->toPainter(&painter, sz.width(), sz.height());
            layoutHeader(m_plot->width());
        },
        bytes, error);
}

QString SweepFigure::hoverText(QPointF pixel) const {
    if (!m_built || !m_plot->axisRect()->rect().contains(pixel.toPoint())) {
        return {};
    }
    const auto hit = hitTest(*m_built, pixel);
    return hit ? describe(*m_built, *hit) : QString();
}

bool SweepFigure::eventFilter(QObject* watched, QEvent* e) {
    if (watched == m_plot && e->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(e);
        const QString text = hoverText(help->pos());
        if (text.isEmpty()) {
            QToolTip::hideText();
        } else {
            QToolTip::showText(help->globalPos(), text, m_plot);
        }
        return true;
    }
    return QWidget::eventFilter(watched, e);
}

void SweepFigure::setLog10Ticks(QCPAxis* axis, double lo, double hi) {
    QSharedPointer<QCPAxisTickerText> ticker(new QCPAxisTickerText);
    // Decades, and 2 and 5 times them when the axis spans less than about two decades.
    const bool fine = hi - lo < 2.5;
    for (int e = static_cast<int>(std::floor(lo)) - 1; e <= static_cast<int>(std::ceil(hi)); ++e) {
        for (double m : {1.0, 2.0, 5.0}) {
            if (m != 1.0 && !fine) {
                continue;
            }
            const double v = m * std::pow(10.0, e);
            const double l = std::log10(v);
            if (l >= lo - 1e-9 && l <= hi + 1e-9) {
                ticker->addTick(l, QString::number(v, 'g', 3));
            }
        }
    }
    axis->setTicker(ticker);
}

std::size_t SweepFigure::nearestLog(const std::vector<double>& axis, double log10Value) {
    std::size_t best = 0;
    for (std::size_t k = 1; k < axis.size(); ++k) {
        if (std::abs(std::log10(axis[k]) - log10Value) <
            std::abs(std::log10(axis[best]) - log10Value)) {
            best = k;
        }
    }
    return best;
}

} // namespace rl
