#include "views/gantt_view.h"

#include "views/gantt_view_detail.h"

#include "common/figure_export.h"

#include <qcustomplot.h>

#include <QHelpEvent>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace rl {

using gantt_detail::ProcessorTicker;

namespace {

QString fmt(double v) {
    return QString::number(v, 'g', 6);
}

} // namespace

/// Draws every operation of a schedule itself: one plottable instead of thousands of items,
/// with culling and a coarser drawing when rows get thin, so n = 4096 stays fluid.
class GanttPlottable : public QCPAbstractPlottable {
  public:
    GanttPlottable(QCPAxis* keyAxis, QCPAxis* valueAxis)
        : QCPAbstractPlottable(keyAxis, valueAxis) {}

    std::shared_ptr<const Schedule> schedule;
    double cursor = std::numeric_limits<double>::infinity();
    Theme theme;
    std::vector<OpRef> critical;
    std::optional<OpRef> selected;
    int lastDrawn = 0;
    bool idleToEnd = false;

    double selectTest(const QPointF&, bool, QVariant*) const override { return -1; }
    QCPRange getKeyRange(bool& found, QCP::SignDomain) const override {
        found = schedule != nullptr;
        return QCPRange(0.0, schedule ? std::max(schedule->makespan, 1e-9) : 1.0);
    }
    QCPRange getValueRange(bool& found, QCP::SignDomain, const QCPRange&) const override {
        found = schedule != nullptr;
        return QCPRange(-0.5, schedule ? schedule->n - 0.5 : 0.5);
    }

    QPointF px(double t, double row) const { return coordsToPixels(t, row); }

    std::optional<OpRef> hit(QPointF pos) const {
        if (!schedule) {
            return std::nullopt;
        }
        const auto& s = *schedule;
        const double half = rowPixels() * 0.3;
        for (std::size_t k = 0; k < s.reductions.size(); ++k) {
            const ReductionOp& r = s.reductions[k];
            if (r.start > cursor) {
                continue;
            }
            const QPointF a = px(r.start, r.proc);
            const QPointF b = px(std::min(r.end, cursor), r.proc);
            if (pos.x() >= a.x() - 2 && pos.x() <= b.x() + 2 &&
                std::abs(pos.y() - a.y()) <= std::max(half, 3.0)) {
                return OpRef{false, static_cast<int>(k)};
            }
        }
        for (std::size_t k = 0; k < s.transfers.size(); ++k) {
            const TransferOp& t = s.transfers[k];
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
        return std::nullopt;
    }

  protected:
    double rowPixels() const { return std::abs(px(0, 1).y() - px(0, 0).y()); }

    void draw(QCPPainter* painter) override {
        lastDrawn = 0;
        if (!schedule) {
            return;
        }
        const Schedule& s = *schedule;
        const QRectF clip = clipRect();
        const double rowPx = rowPixels();
        const bool detailed = rowPx >= 6.0;
        const double t0 = keyAxis()->range().lower;
        const double t1 = keyAxis()->range().upper;
        const double end = std::min(cursor, s.makespan);
        auto visibleRow = [&](int row) {
            const double y = px(0, row).y();
            return y >= clip.top() - rowPx && y <= clip.bottom() + rowPx;
        };
        auto isCritical = [&](OpRef op) {
            return std::find(critical.begin(), critical.end(), op) != critical.end();
        };

        // Idle bands: each processor is alive from 0 until its send ends (the root: the end).
        std::vector<double> alive(static_cast<std::size_t>(s.n), s.makespan);
        for (const TransferOp& t : s.transfers) {
            if (!idleToEnd) {
                alive[static_cast<std::size_t>(t.from)] = t.end;
            }
        }
        painter->setPen(Qt::NoPen);
        painter->setBrush(theme.idle());
        for (int p = 0; p < s.n; ++p) {
            if (!visibleRow(p)) {
                continue;
            }
            const double stop = std::min(alive[static_cast<std::size_t>(p)], end);
            if (stop <= 0) {
                continue;
            }
            const QPointF a = px(0, p - 0.4);
            const QPointF b = px(stop, p + 0.4);
            painter->drawRect(QRectF(a, b).normalized());
        }

        // Reductions as blocks.
        for (std::size_t k = 0; k < s.reductions.size(); ++k) {
            const ReductionOp& r = s.reductions[k];
            if (r.start > cursor || r.end < t0 || r.start > t1 || !visibleRow(r.proc)) {
                continue;
            }
            const OpRef ref{false, static_cast<int>(k)};
            QColor c = isCritical(ref) ? theme.critical() : theme.reduction();
            if (selected && *selected == ref) {
                c = theme.selection();
            }
            QRectF box =
                QRectF(px(r.start, r.proc - 0.3), px(std::min(r.end, cursor), r.proc + 0.3))
                    .normalized();
            if (box.width() < 1.0) {
                box.setWidth(1.0);
            }
            painter->setPen(detailed ? QPen(c.darker(130), 1) : Qt::NoPen);
            painter->setBrush(c);
            painter->drawRect(box);
            ++lastDrawn;
        }

        // Transfers: a reception bar on the receiver's row, and the arrow.
        for (std::size_t k = 0; k < s.transfers.size(); ++k) {
            const TransferOp& t = s.transfers[k];
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
            const double shown = std::min(t.end, cursor);
            const double frac = t.end > t.start ? (shown - t.start) / (t.end - t.start) : 1.0;
            painter->setPen(Qt::NoPen);
            QColor bar = c;
            bar.setAlpha(gantt_detail::kReceptionAlpha);
            painter->setBrush(bar);
            QRectF recv = QRectF(px(t.start, t.to - 0.12), px(shown, t.to + 0.12)).normalized();
            if (recv.width() < 1.0) {
                recv.setWidth(1.0);
            }
            painter->drawRect(recv);
            const QPointF a = px(t.start, t.from);
            const QPointF b = px(t.end, t.to);
            const QPointF tip = a + frac * (b - a);
            painter->setPen(QPen(c, crit || (selected && *selected == ref) ? 2.5 : 1.3));
            painter->drawLine(a, tip);
            if (detailed && frac >= 1.0) {
                const QLineF line(a, b);
                const double ang = std::atan2(b.y() - a.y(), b.x() - a.x());
                const double len = std::min(8.0, line.length() * 0.5);
                const QPointF h1 = b - QPointF(std::cos(ang - 0.45), std::sin(ang - 0.45)) * len;
                const QPointF h2 = b - QPointF(std::cos(ang + 0.45), std::sin(ang + 0.45)) * len;
                painter->setBrush(c);
                painter->drawPolygon(QPolygonF({b, h1, h2}));
            }
            ++lastDrawn;
        }
    }

    void drawLegendIcon(QCPPainter*, const QRectF&) const override {}
};

GanttView::GanttView(QWidget* parent) : QWidget(parent) {
    m_plot = new QCustomPlot(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_gantt = new GanttPlottable(m_plot->xAxis, m_plot->yAxis);
    m_gantt->setName(tr("schedule"));
    m_gantt->removeFromLegend();
    setUpRowAxes();
    m_plot->xAxis->setLabel(tr("time"));
    m_plot->setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    m_plot->axisRect()->setRangeZoom(Qt::Horizontal);
    m_plot->axisRect()->setRangeDrag(Qt::Horizontal | Qt::Vertical);
    m_plot->setNoAntialiasingOnDrag(true);

    m_cursorLine = new QCPItemStraightLine(m_plot);
    m_cursorLine->setVisible(false);
    m_refLine = new QCPItemStraightLine(m_plot);
    m_refLine->setVisible(false);
    m_refLine->setSelectable(false);
    m_refLabel = new QCPItemText(m_plot);
    m_refLabel->setVisible(false);
    m_refLabel->setSelectable(false);
    m_refLabel->setClipToAxisRect(true);
    // x in time, y at the top of the chart: the label rides on the line's upper end, on its
    // left since a bound lies at or before every makespan (the right end of the time axis).
    m_refLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_refLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_refLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    m_refLabel->setPadding(QMargins(4, 2, 4, 2));
    // Title and legend get their own row above the chart, so they never cover an operation.
    m_plot->plotLayout()->insertRow(0);
    auto* top = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(0, 0, top);
    m_title = new QCPTextElement(m_plot, QString());
    top->addElement(0, 0, m_title);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->axisRect()->insetLayout()->simplify();
    top->addElement(0, 1, m_plot->legend);
    top->setColumnStretchFactors({3.0, 1.0});
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);

    // Legend: three swatches drawn by dummy graphs.
    m_plot->legend->setVisible(true);
    for (int i = 0; i < 3; ++i) {
        QCPGraph* g = m_plot->addGraph();
        g->setName(i == 0 ? tr("transfer") : (i == 1 ? tr("reduction") : tr("critical path")));
    }

    connect(m_plot, &QCustomPlot::mouseWheel, this, [this](QWheelEvent* e) {
        m_plot->axisRect()->setRangeZoom(e->modifiers() & Qt::ShiftModifier ? Qt::Vertical
                                                                            : Qt::Horizontal);
    });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent*) { resetView(); });
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (const auto op = operationAt(e->pos())) {
            selectOperation(op);
            emit operationClicked(*op);
        }
    });
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& r) { emit timeRangeChanged(r.lower, r.upper); });
    m_plot->installEventFilter(this);
    applyTheme();
    setMinimumHeight(160);
}

void GanttView::setSchedule(std::shared_ptr<const Schedule> schedule) {
    m_schedule = std::move(schedule);
    m_gantt->schedule = m_schedule;
    m_gantt->critical.clear();
    m_gantt->selected.reset();
    resetView();
}

void GanttView::setTitle(const QString& title) {
    m_title->setText(title);
    replotSoon();
}

void GanttView::setCursorTime(double t) {
    m_cursor = t;
    m_gantt->cursor = t;
    m_cursorLine->setVisible(std::isfinite(t));
    if (std::isfinite(t)) {
        m_cursorLine->point1->setCoords(t, 0);
        m_cursorLine->point2->setCoords(t, 1);
    }
    replotSoon();
}

void GanttView::setReferenceLine(std::optional<double> t, const QString& label) {
    m_reference = t;
    const bool on = t && std::isfinite(*t);
    m_refLine->setVisible(on);
    m_refLabel->setVisible(on);
    if (on) {
        m_refLine->point1->setCoords(*t, 0);
        m_refLine->point2->setCoords(*t, 1);
        m_refLabel->position->setCoords(*t, 0.0);
        m_refLabel->setText(label);
    }
    replotSoon();
}

void GanttView::setTheme(const Theme& theme) {
    m_theme = theme;
    applyTheme();
    replotSoon();
}

void GanttView::applyTheme() {
    const Theme& p = m_theme;
    m_gantt->theme = p;
    m_plot->setBackground(p.background());
    m_plot->axisRect()->setBackground(p.background());
    const QFont f = m_figureFont ? *m_figureFont : p.font();
    for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis, m_plot->yAxis2}) {
        axis->setBasePen(QPen(p.foreground()));
        axis->setTickPen(QPen(p.foreground()));
        axis->setSubTickPen(QPen(p.foreground()));
        axis->setTickLabelColor(p.foreground());
        axis->setLabelColor(p.foreground());
        axis->setTickLabelFont(f);
        axis->setLabelFont(f);
        axis->grid()->setPen(QPen(p.grid(), 1, Qt::DotLine));
    }
    m_plot->legend->setFont(f);
    m_plot->legend->setTextColor(p.foreground());
    m_plot->legend->setBrush(p.background());
    m_plot->legend->setBorderPen(QPen(p.grid()));
    const QColor swatch[] = {p.transfer(), p.reduction(), p.critical()};
    for (int i = 0; i < 3; ++i) {
        m_plot->graph(i)->setPen(QPen(swatch[i], 4));
    }
    m_cursorLine->setPen(QPen(p.cursor(), 2));
    m_refLine->setPen(QPen(p.selection(), 2, Qt::DashLine));
    m_refLabel->setColor(p.foreground());
    m_refLabel->setFont(f);
    m_refLabel->setBrush(p.background());
    QFont tf = f;
    tf.setBold(true);
    m_title->setFont(tf);
    m_title->setTextColor(p.foreground());
}

void GanttView::setCriticalPath(std::vector<OpRef> ops) {
    m_gantt->critical = std::move(ops);
    replotSoon();
}

void GanttView::setCriticalPath(const std::vector<CriticalStep>& path) {
    std::vector<OpRef> ops;
    for (const CriticalStep& step : path) {
        ops.push_back(OpRef{step.isTransfer, step.op});
    }
    setCriticalPath(std::move(ops));
}

void GanttView::selectOperation(std::optional<OpRef> op) {
    m_gantt->selected = op;
    replotSoon();
}

void GanttView::setTimeRange(double lo, double hi) {
    if (m_plot->xAxis->range().lower != lo || m_plot->xAxis->range().upper != hi) {
        m_plot->xAxis->setRange(lo, hi);
        replotSoon();
    }
}

int GanttView::drawnOperationCount() const {
    return m_gantt->lastDrawn;
}

std::optional<OpRef> GanttView::operationAt(QPoint pos) const {
    return m_gantt->hit(pos);
}

QString GanttView::describe(const OpRef& op) const {
    if (!m_schedule) {
        return {};
    }
    if (m_describer) {
        return m_describer(op);
    }
    const Schedule& s = *m_schedule;
    if (op.isTransfer) {
        const TransferOp& t = s.transfers[static_cast<std::size_t>(op.index)];
        return tr("transfer P%1 → P%2\nvalue %3\nstart %4, end %5, duration %6")
            .arg(t.from)
            .arg(t.to)
            .arg(QString::fromStdString(formatRuns(s.transferValue(op.index))))
            .arg(fmt(t.start), fmt(t.end), fmt(t.end - t.start));
    }
    const ReductionOp& r = s.reductions[static_cast<std::size_t>(op.index)];
    return tr("reduction on P%1 (value from P%2)\nresult %3\nstart %4, end %5, duration %6")
        .arg(r.proc)
        .arg(s.transfers[static_cast<std::size_t>(r.transfer)].from)
        .arg(QString::fromStdString(formatRuns(s.reductionValue(op.index))))
        .arg(fmt(r.start), fmt(r.end), fmt(r.end - r.start));
}

void GanttView::setRowLabels(QStringList labels) {
    for (QCPAxis* axis : {m_plot->yAxis, m_plot->yAxis2}) {
        static_cast<ProcessorTicker*>(axis->ticker().data())->labels = labels;
    }
    replotSoon();
}

void GanttView::setDescriber(std::function<QString(const OpRef&)> describer) {
    m_describer = std::move(describer);
}

void GanttView::setLegendNames(const QString& transfer, const QString& reduction,
                               bool showCritical) {
    m_plot->graph(0)->setName(transfer);
    m_plot->graph(1)->setName(reduction);
    if (showCritical) {
        m_plot->graph(2)->addToLegend();
    } else {
        m_plot->graph(2)->removeFromLegend();
    }
    replotSoon();
}

void GanttView::setIdleBandsToEnd(bool on) {
    m_gantt->idleToEnd = on;
    replotSoon();
}

void GanttView::resetView() {
    const double end = m_schedule ? std::max(m_schedule->makespan, 1e-9) : 1.0;
    m_plot->xAxis->setRange(-0.02 * end, end * 1.02);
    m_plot->yAxis->setRange(-0.6, (m_schedule ? m_schedule->n : 1) - 0.4);
    replotSoon();
}

void GanttView::setRectangleZoom(bool on) {
    m_plot->setSelectionRectMode(on ? QCP::srmZoom : QCP::srmNone);
    m_plot->setInteraction(QCP::iRangeDrag, !on);
}

bool GanttView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_plot && event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (const auto op = operationAt(help->pos())) {
            QToolTip::showText(help->globalPos(), describe(*op), m_plot);
        } else {
            QToolTip::hideText();
        }
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

// Repaints are coalesced: many cursor moves in one frame cost one replot.
void GanttView::replotSoon() {
    if (m_replotPending) {
        return;
    }
    m_replotPending = true;
    QTimer::singleShot(0, this, [this] {
        m_replotPending = false;
        m_plot->replot(QCustomPlot::rpQueuedReplot);
    });
}

void GanttView::paint(QPaintDevice& device, const QRect& rect) const {
    QCPPainter painter(&device);
    painter.setMode(QCPPainter::pmNoCaching);
    painter.translate(rect.topLeft());
    painter.setClipRect(QRect(QPoint(0, 0), rect.size()));
    m_plot->toPainter(&painter, rect.width(), rect.height());
}

bool GanttView::exportTo(const QString& path, QString* error, QSize size) const {
    QByteArray bytes;
    return renderTo(path, &bytes, error, size) && writeFileAtomically(path, bytes, error);
}

bool GanttView::renderTo(const QString& path, QByteArray* bytes, QString* error, QSize size) const {
    return renderFigure(
        path, size,
        [this](QPaintDevice& device, QSize sz) {
            QCPPainter painter(&device);
            painter.setMode(QCPPainter::pmVectorized);
            painter.setMode(QCPPainter::pmNoCaching);
            m_plot->toPainter(&painter, sz.width(), sz.height());
        },
        bytes, error);
}

} // namespace rl
