#include "views/gantt_view.h"

#include "views/gantt_view_detail.h"

#include "base/vocabulary.h"
#include "common/app_style.h"
#include "common/figure_export.h"
#include "schedule/operation_text.h"
#include "views/gantt_plottable.h"
#include "views/plot_style.h"

#include <qcustomplot.h>

#include <QFontInfo>
#include <QHelpEvent>
#include <QMetaMethod>
#include <QTimer>
#include <QToolTip>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace rl {

using gantt_detail::minRowPitch;
using gantt_detail::ProcessorTicker;

GanttView::GanttView(QWidget* parent) : QWidget(parent), m_theme(applicationTheme()) {
    m_plot = new QCustomPlot(this);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_plot);
    m_gantt = new GanttPlottable(m_plot->xAxis, m_plot->yAxis);
    m_gantt->setName(tr("schedule"));
    m_gantt->removeFromLegend();
    // The header's height decides the rows' height, which decides the row labels.
    connect(m_plot, &QCustomPlot::beforeReplot, this, &GanttView::prepareReplot);
    connect(m_plot, &QCustomPlot::afterLayout, this, &GanttView::alignGroup);
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
    // x in time, y at the top of the chart: the label rides on the line's upper end, on its
    // left since a bound lies at or before every makespan (the right end of the time axis),
    // and above the rows, in a margin of its own (updateReferenceMargin()): it never covers a
    // bar.
    m_refLabel->setClipToAxisRect(false);
    m_refLabel->position->setTypeX(QCPItemPosition::ptPlotCoords);
    m_refLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_refLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
    // Title and legend get their own row above the chart, so they never cover an operation;
    // layoutHeader() puts the legend beside the title or under it, whichever fits.
    m_plot->plotLayout()->insertRow(0);
    m_header = new QCPLayoutGrid;
    m_plot->plotLayout()->addElement(0, 0, m_header);
    m_title = new QCPTextElement(m_plot, QString());
    // Its text never widens the widget: layoutHeader() wraps it to the width there is.
    m_title->setMinimumSize(1, 0);
    m_header->addElement(0, 0, m_title);
    m_plot->axisRect()->insetLayout()->take(m_plot->legend);
    m_plot->axisRect()->insetLayout()->simplify();
    m_header->addElement(0, 1, m_plot->legend);
    m_plot->legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    m_plot->plotLayout()->setRowStretchFactor(0, 0.001);

    // Legend: swatches drawn by dummy graphs.
    m_plot->legend->setVisible(true);
    for (int i = 0; i < 3; ++i) {
        QCPGraph* g = m_plot->addGraph();
        const std::string_view name =
            markWords(i == 0 ? Mark::Transfer : (i == 1 ? Mark::Reduction : Mark::Critical)).label;
        g->setName(QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())));
    }
    // The pale band on a receiver's row while a value arrives (over its idle band, or over a
    // task when the model computes while it receives).
    m_plot->addGraph()->setName(tr("receiving"));

    connect(m_plot, &QCustomPlot::mouseWheel, this, [this](QWheelEvent* e) {
        m_plot->axisRect()->setRangeZoom(e->modifiers() & Qt::ShiftModifier ? Qt::Vertical
                                                                            : Qt::Horizontal);
    });
    connect(m_plot, &QCustomPlot::mouseDoubleClick, this, [this](QMouseEvent*) { resetView(); });
    connect(m_plot, &QCustomPlot::mousePress, this, [this](QMouseEvent* e) {
        if (const auto op = operationAt(e->pos())) {
            selectOperation(op);
            emit operationClicked(*op);
        } else if (const auto p = rowLabelAt(e->pos())) {
            emit processorClicked(*p);
        }
    });
    connect(m_plot->xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this,
            [this](const QCPRange& r) { emit timeRangeChanged(r.lower, r.upper); });
    m_plot->installEventFilter(this);
    applyTheme();
    // Room for a header and a few rows (the model pages); the explorer's panes lift it, and
    // share out their height themselves (ExplorerPage::planLayout()).
    setMinimumHeight(160);
}

void GanttView::setSchedule(std::shared_ptr<const Schedule> schedule) {
    auto bars = schedule ? std::make_shared<const GanttBars>(ganttBars(*schedule)) : nullptr;
    setBars(std::move(bars));
    m_schedule = std::move(schedule);
}

void GanttView::setBars(std::shared_ptr<const GanttBars> bars) {
    m_schedule.reset();
    m_bars = std::move(bars);
    m_gantt->bars = m_bars;
    m_gantt->critical.clear();
    m_gantt->selected.reset();
    resetView();
}

void GanttView::setTitle(const QString& title, const QString& detail) {
    m_titleText = title;
    m_titleDetail = detail;
    m_title->setText(title);
    replotSoon();
}

QString GanttView::shownTitle() const {
    return m_title->text();
}

bool GanttView::legendBesideTitle() const {
    return m_header->hasElement(0, 1) && m_header->element(0, 1) == m_plot->legend;
}

void GanttView::setLegendShown(bool on) {
    m_legendShown = on;
    replotSoon();
}

void GanttView::layoutHeader(int width, bool withLegend) const {
    const QFontMetricsF fm(m_title->font());
    QCPLegend* legend = m_plot->legend;
    const double gap = m_theme.px(16.0);
    const double avail = std::max(1.0, width - m_theme.px(12.0));
    legend->setVisible(withLegend);
    const int mx = static_cast<int>(std::lround(m_theme.px(7.0)));
    const int my = static_cast<int>(std::lround(m_theme.px(4.0)));
    legend->setMargins(QMargins(mx, my, mx, my));
    const double legendW = withLegend ? fitLegend(legend, 1e9) : 0.0;
    const QString full = m_titleDetail.isEmpty() ? m_titleText
                                                 : m_titleText + QStringLiteral("  (") +
                                                       m_titleDetail + QLatin1Char(')');
    const bool beside = fm.horizontalAdvance(full) + gap + legendW <= avail;
    QString text = full;
    if (!beside) {
        if (fm.horizontalAdvance(full) > avail) {
            // The main part (algorithm and makespan) always whole, wrapped if it must; the
            // detail on a line of its own, elided at its end (the tooltip has it in full).
            text = wrapText(m_titleText, fm, avail);
            if (!m_titleDetail.isEmpty()) {
                text += QLatin1Char('\n') + fm.elidedText(m_titleDetail, Qt::ElideRight, avail);
            }
        }
        // Under the title, centred.
        const int extra = static_cast<int>(std::max(0.0, (avail - fitLegend(legend, avail)) / 2));
        legend->setMargins(QMargins(mx + extra, my, mx + extra, my));
    }
    m_title->setText(text);
    // The legend's cell: beside the title, under it, or none (a page shows one legend for
    // all its charts).
    if (m_header->elements(false).contains(legend)) {
        m_header->take(legend);
        m_header->simplify();
    }
    if (withLegend) {
        m_header->addElement(beside ? 0 : 1, beside ? 1 : 0, legend);
        if (beside) {
            m_header->setColumnStretchFactors({1.0, 0.001});
        } else {
            m_header->setRowStretchFactors({1.0, 1.0});
        }
    }
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
    updateReferenceMargin();
    replotSoon();
}

void GanttView::updateReferenceMargin() {
    QCPAxisRect* rect = m_plot->axisRect();
    if (!m_refLabel->visible()) {
        rect->setAutoMargins(QCP::msAll);
        return;
    }
    // Room above the first row for the label, the other sides as QCustomPlot lays them out.
    const QMargins pad = m_refLabel->padding();
    const int height = QFontMetrics(m_refLabel->font()).height() + pad.top() + pad.bottom() + 2;
    rect->setAutoMargins(QCP::msLeft | QCP::msRight | QCP::msBottom);
    rect->setMargins(QMargins(0, height, 0, 0));
}

void GanttView::setTheme(const Theme& theme) {
    m_theme = theme;
    applyTheme();
    replotSoon();
}

void GanttView::applyTheme() {
    const Theme& p = m_theme;
    m_gantt->theme = p;
    applyPlotTheme(m_plot, p);
    // The rows start under the header, the times under the rows: no band of QCustomPlot's
    // default 15-pixel minimum margins between them (compare mode stacks four charts).
    const int edge = static_cast<int>(std::lround(p.px(4.0)));
    m_plot->axisRect()->setMinimumMargins(QMargins(edge, edge, edge, edge));
    m_plot->plotLayout()->setRowSpacing(0);
    const QColor swatch[] = {p.transfer(), p.reduction(), p.critical()};
    QPen band(p.receptionBar(p.transfer()), p.px(8.0));
    band.setCapStyle(Qt::FlatCap);
    m_plot->graph(3)->setPen(band);
    for (int i = 0; i < 3; ++i) {
        m_plot->graph(i)->setPen(QPen(swatch[i], p.px(4.0)));
    }
    m_cursorLine->setPen(QPen(p.cursor(), p.px(2.0)));
    m_refLine->setPen(QPen(p.selection(), p.px(2.0), Qt::DashLine));
    m_refLabel->setColor(p.foreground());
    m_refLabel->setFont(p.font());
    m_refLabel->setBrush(p.background());
    const int pad = static_cast<int>(std::lround(p.px(4.0)));
    m_refLabel->setPadding(QMargins(pad, pad / 2, pad, pad / 2));
    applyTitleTheme(m_title, p, true);
    if (m_figureFont) {
        // A printed figure: every text in the figure's font (its size in points at the
        // figure's scale), not the screen theme's.
        for (QCPAxis* axis : {m_plot->xAxis, m_plot->yAxis, m_plot->yAxis2}) {
            axis->setTickLabelFont(*m_figureFont);
            axis->setLabelFont(*m_figureFont);
        }
        m_plot->legend->setFont(*m_figureFont);
        m_plot->legend->setSelectedFont(*m_figureFont);
        m_refLabel->setFont(*m_figureFont);
        QFont bold = *m_figureFont;
        bold.setBold(true);
        m_title->setFont(bold);
    }
    updateReferenceMargin(); // the label's font may have changed
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

void GanttView::setHighlightedProcessor(std::optional<int> p) {
    if (m_gantt->focus == p) {
        return;
    }
    m_gantt->focus = p;
    replotSoon();
}

std::optional<int> GanttView::highlightedProcessor() const {
    return m_gantt->focus;
}

std::optional<int> GanttView::rowLabelAt(QPoint pos) const {
    if (!m_bars || m_bars->rows <= 0) {
        return std::nullopt;
    }
    const QRect rows = m_plot->axisRect()->rect();
    const bool inLabels = (pos.x() < rows.left() && pos.x() >= 0) ||
                          (pos.x() > rows.right() && pos.x() < m_plot->width());
    if (!inLabels || pos.y() < rows.top() || pos.y() > rows.bottom()) {
        return std::nullopt;
    }
    const double row = std::round(m_plot->yAxis->pixelToCoord(pos.y()));
    if (!std::isfinite(row) || row < 0 || row >= m_bars->rows) {
        return std::nullopt;
    }
    return static_cast<int>(row);
}

QString GanttView::describe(const OpRef& op) const {
    if (m_describer) {
        return m_bars ? m_describer(op) : QString();
    }
    if (!m_schedule) {
        return {};
    }
    const Schedule& s = *m_schedule;
    const std::vector<IndexRange> value =
        op.isTransfer ? s.transferValue(op.index) : s.reductionValue(op.index);
    // The words of core/schedule/operation_text.h: the web pages say the same.
    QString text =
        QString::fromStdString(describeOperation(s, op.isTransfer, op.index, formatRuns(value)));
    const int p = op.isTransfer ? s.transfers[static_cast<std::size_t>(op.index)].from
                                : s.reductions[static_cast<std::size_t>(op.index)].proc;
    if (p < m_rowNotes.size() && !m_rowNotes[p].isEmpty()) {
        text += QLatin1Char('\n') + m_rowNotes[p];
    }
    return text;
}

void GanttView::setRowNotes(const QStringList& notes) {
    m_rowNotes = notes;
}

void GanttView::setRowLabels(const QStringList& labels) {
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

void GanttView::setTimeAxisText(TimeAxisText text) {
    if (text == m_timeAxisText) {
        return;
    }
    m_timeAxisText = text;
    applyTimeAxisText(text);
    replotSoon();
}

void GanttView::applyTimeAxisText(TimeAxisText text) {
    m_plot->xAxis->setTickLabels(text != TimeAxisText::None);
    m_plot->xAxis->setLabel(text == TimeAxisText::NumbersAndName ? tr("time") : QString());
}

void GanttView::setTimeAxisGroup(QCPMarginGroup* group) {
    if (group == m_timeAxisGroup) {
        return;
    }
    m_timeAxisGroup = group;
    m_plot->axisRect()->setMarginGroup(QCP::msLeft | QCP::msRight, group);
    replotSoon();
}

void GanttView::alignGroup() {
    if (m_timeAxisGroup == nullptr) {
        return;
    }
    // This chart was laid out with the group's widest margins as they stood; a chart whose
    // labels widened since (or that was laid out before this one's widened) follows. Once
    // every chart has the same margins, nothing more happens.
    const QMargins mine = m_plot->axisRect()->margins();
    for (QCPLayoutElement* e : m_timeAxisGroup->elements(QCP::msLeft)) {
        const QMargins theirs = e->margins();
        if (e->parentPlot() != m_plot &&
            (theirs.left() != mine.left() || theirs.right() != mine.right())) {
            if (auto* other = qobject_cast<GanttView*>(e->parentPlot()->parentWidget())) {
                other->replotSoon();
            }
        }
    }
}

int GanttView::heightToLabelEveryRow(int width, TimeAxisText text) {
    // Laid out at that width with a tall probe: what is not rows is the chart's chrome.
    const int probe = 4 * std::max(width, 1) + 1000;
    applyTimeAxisText(text);
    layoutHeader(width, m_legendShown);
    layOutAt(QSize(width, probe));
    const int chrome = probe - m_plot->axisRect()->height();
    applyTimeAxisText(m_timeAxisText);
    layoutHeader(m_plot->width(), m_legendShown);
    layOutAt(m_plot->size());
    const double rows = (m_bars ? m_bars->rows : 1) + 0.2; // resetView()'s range
    const double em = QFontInfo(m_figureFont ? *m_figureFont : m_theme.font()).pixelSize();
    // One pixel of slack for the rounding of the layout.
    return chrome + static_cast<int>(std::ceil(rows * minRowPitch(em))) + 1;
}

void GanttView::prepareReplot() {
    layoutHeader(m_plot->width(), m_legendShown);
    // QCustomPlot asks its parent's layout for no new size when its own minimum changes (a
    // legend taken out of the header, a title wrapped): without this, a pane kept the width
    // its chart's legend once needed, and two columns of panes widened the window past the
    // screen.
    const QSize minimum = m_plot->plotLayout()->minimumOuterSizeHint();
    if (minimum != m_minimumSize) {
        m_minimumSize = minimum;
        m_plot->updateGeometry();
    }
    layOutAt(m_plot->size());
    updateRowLabels();
}

void GanttView::resetView() {
    const double end = m_bars ? std::max(m_bars->end, 1e-9) : 1.0;
    m_plot->xAxis->setRange(-0.02 * end, end * 1.02);
    m_plot->yAxis->setRange(-0.6, (m_bars ? m_bars->rows : 1) - 0.4);
    replotSoon();
}

void GanttView::setRectangleZoom(bool on) {
    m_plot->setSelectionRectMode(on ? QCP::srmZoom : QCP::srmNone);
    m_plot->setInteraction(QCP::iRangeDrag, !on);
}

bool GanttView::eventFilter(QObject* watched, QEvent* event) {
    if (watched == m_plot && event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        if (m_title->outerRect().contains(help->pos()) && !m_titleDetail.isEmpty()) {
            QToolTip::showText(help->globalPos(), m_titleText + QLatin1Char('\n') + m_titleDetail,
                               m_plot);
        } else if (const auto op = operationAt(help->pos())) {
            QToolTip::showText(help->globalPos(), describe(*op), m_plot);
        } else if (const auto p = rowLabelAt(help->pos());
                   p && isSignalConnected(QMetaMethod::fromSignal(&GanttView::processorClicked))) {
            // Only where a page follows processors (the explorer; not the model pages).
            const QString click =
                highlightedProcessor() == p
                    ? tr("Click to stop following P%1 (Esc)").arg(*p)
                    : tr("Click to follow P%1 in every chart (Esc clears)").arg(*p);
            QToolTip::showText(help->globalPos(),
                               *p < m_rowNotes.size() && !m_rowNotes[*p].isEmpty()
                                   ? m_rowNotes[*p] + QLatin1Char('\n') + click
                                   : click,
                               m_plot);
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
            layoutHeader(sz.width(), true); // a figure has its legend, fitted to its width
            m_plot->toPainter(&painter, sz.width(), sz.height());
            layoutHeader(m_plot->width(), m_legendShown);
        },
        bytes, error);
}

} // namespace rl
