// The tree view: its state (the schedule, the cursor, selections), input and export. Layout
// in pixels is in tree_view_geometry.cpp, the picture in tree_view_painter.cpp.
#include "views/tree_view.h"

#include "views/tree_view_detail.h"

#include "common/app_style.h"
#include "common/figure_export.h"

#include <QFontMetricsF>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMetaMethod>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>
#include <QWheelEvent>

#include <algorithm>
#include <array>
#include <cmath>

namespace rl {

using namespace tree_detail;

TreeView::TreeView(QWidget* parent) : QWidget(parent), m_theme(applicationTheme()) {
    setMouseTracking(false);
    setFocusPolicy(Qt::StrongFocus);
    setMinimumSize(160, 120);
    setAttribute(Qt::WA_OpaquePaintEvent);
    setWhatsThis(tr("Reduction tree: wheel zooms around the mouse (Shift: horizontally), drag "
                    "pans, double-click fits. Click an edge to select its transfer."));
}

void TreeView::setSchedule(std::shared_ptr<const Schedule> schedule) {
    m_schedule = std::move(schedule);
    m_values.reset();
    m_selected = -1;
    m_critical.clear();
    m_sendOf.clear();
    m_mergedAt.clear();
    m_reductionsOn.clear();
    m_completeAt = 0.0;
    if (m_schedule) {
        const Schedule& s = *m_schedule;
        m_layout = layoutTree(s);
        const auto n = static_cast<std::size_t>(std::max(0, s.n));
        m_sendOf.assign(n, -1);
        m_reductionsOn.assign(n, {});
        for (std::size_t k = 0; k < s.transfers.size(); ++k) {
            const int from = s.transfers[k].from;
            if (from >= 0 && static_cast<std::size_t>(from) < n) {
                m_sendOf[static_cast<std::size_t>(from)] = static_cast<int>(k);
            }
            m_mergedAt.push_back(s.transfers[k].end); // until a reduction says otherwise
        }
        for (std::size_t r = 0; r < s.reductions.size(); ++r) {
            const ReductionOp& op = s.reductions[r];
            if (op.transfer >= 0 && static_cast<std::size_t>(op.transfer) < m_mergedAt.size()) {
                m_mergedAt[static_cast<std::size_t>(op.transfer)] = op.end;
            }
            if (op.proc >= 0 && static_cast<std::size_t>(op.proc) < n) {
                m_reductionsOn[static_cast<std::size_t>(op.proc)].push_back(static_cast<int>(r));
                if (op.proc == s.root) {
                    m_completeAt = std::max(m_completeAt, op.end);
                }
            }
        }
    } else {
        m_layout = TreeLayout{};
    }
    setCursorTime(m_cursor);
    m_autoFit = true;
    m_view = fitView(size(), paintFont(), m_legendShown);
    update();
}

void TreeView::setCursorTime(double t) {
    m_cursor = std::isnan(t) ? kInf : t;
    int visible = 0;
    if (m_schedule) {
        for (const TransferOp& op : m_schedule->transfers) {
            visible += op.start <= m_cursor ? 1 : 0;
        }
    }
    m_visibleEdges = visible;
    update();
}

void TreeView::setTheme(const Theme& theme) {
    m_theme = theme;
    if (m_autoFit) {
        m_view = fitView(size(), paintFont(), m_legendShown); // presentation mode changes the font
    }
    update();
}

void TreeView::setLegendShown(bool on) {
    m_legendShown = on;
    if (m_autoFit) {
        m_view = fitView(size(), paintFont(), m_legendShown);
    }
    update();
}

void TreeView::selectTransfer(int k) {
    const int count = m_schedule ? static_cast<int>(m_schedule->transfers.size()) : 0;
    m_selected = k >= 0 && k < count ? k : -1;
    update();
}

void TreeView::setHighlightedProcessor(std::optional<int> p) {
    if (m_focus != p) {
        m_focus = p;
        update();
    }
}

void TreeView::setHighlightedTransfers(const std::vector<int>& transfers) {
    const std::size_t count = m_schedule ? m_schedule->transfers.size() : 0;
    m_critical.assign(count, false);
    for (int k : transfers) {
        if (k >= 0 && static_cast<std::size_t>(k) < count) {
            m_critical[static_cast<std::size_t>(k)] = true;
        }
    }
    update();
}

void TreeView::setCriticalPath(const std::vector<CriticalStep>& path) {
    std::vector<int> transfers;
    for (const CriticalStep& step : path) {
        if (step.isTransfer) {
            transfers.push_back(step.op);
        }
    }
    setHighlightedTransfers(transfers);
}

int TreeView::nodeCount() const {
    return m_schedule ? m_schedule->n : 0;
}

bool TreeView::isMerged(int k) const {
    return m_mergedAt[static_cast<std::size_t>(k)] <= m_cursor;
}

TreeView::NodeState TreeView::nodeState(int p) const {
    const Schedule& s = *m_schedule;
    const auto up = static_cast<std::size_t>(p);
    const int k = m_sendOf[up];
    if (k >= 0) {
        const TransferOp& t = s.transfers[static_cast<std::size_t>(k)];
        if (t.end <= m_cursor) {
            return NodeState::Sent;
        }
        if (t.start <= m_cursor) {
            return NodeState::Sending;
        }
    } else if (m_completeAt <= m_cursor) {
        return NodeState::Complete;
    }
    for (int r : m_reductionsOn[up]) {
        const ReductionOp& red = s.reductions[static_cast<std::size_t>(r)];
        if (red.start <= m_cursor && m_cursor < red.end) {
            return NodeState::Reducing;
        }
        const TransferOp& in = s.transfers[static_cast<std::size_t>(red.transfer)];
        if (in.start <= m_cursor && m_cursor < in.end) {
            return NodeState::Receiving;
        }
    }
    return NodeState::Holding;
}

const std::vector<QString>& TreeView::valueTexts() const {
    if (!m_values) {
        std::vector<QString> texts;
        if (m_schedule) {
            const Schedule::Values values = m_schedule->allValues();
            texts.reserve(values.transfers.size());
            for (const auto& runs : values.transfers) {
                texts.push_back(QString::fromStdString(formatRuns(runs)));
            }
        }
        m_values = std::move(texts);
    }
    return *m_values;
}

QString TreeView::describeTransfer(int k) const {
    if (!m_schedule || k < 0 || static_cast<std::size_t>(k) >= m_schedule->transfers.size()) {
        return {};
    }
    const TransferOp& t = m_schedule->transfers[static_cast<std::size_t>(k)];
    const auto& values = valueTexts();
    QString text =
        tr("Transfer %1: P%2 → P%3\nvalue: %4\nstart: %5\nend: %6\nduration: %7")
            .arg(k)
            .arg(t.from)
            .arg(t.to)
            .arg(static_cast<std::size_t>(k) < values.size() ? values[static_cast<std::size_t>(k)]
                                                             : QString())
            .arg(fmtLong(t.start), fmtLong(t.end), fmtLong(t.end - t.start));
    const double merged = m_mergedAt[static_cast<std::size_t>(k)];
    if (merged > t.end) {
        text += tr("\nmerged by P%1 at %2").arg(t.to).arg(fmtLong(merged));
    }
    return text;
}

void TreeView::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    paintTree(painter, size(), m_view, true);
}

void TreeView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    if (m_autoFit) {
        m_view = fitView(size(), paintFont(), m_legendShown);
    }
}

void TreeView::wheelEvent(QWheelEvent* event) {
    const QPoint delta = event->angleDelta();
    // Shift+wheel arrives as a horizontal delta on some platforms.
    const int steps = delta.y() != 0 ? delta.y() : delta.x();
    if (steps == 0) {
        event->ignore();
        return;
    }
    zoomAt(event->position(), std::pow(1.2, steps / 120.0),
           event->modifiers().testFlag(Qt::ShiftModifier));
    event->accept();
}

void TreeView::mousePressEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton) {
        QWidget::mousePressEvent(event);
        return;
    }
    m_pressed = true;
    m_dragging = false;
    m_pressPos = m_lastDragPos = event->position();
    event->accept();
}

void TreeView::mouseMoveEvent(QMouseEvent* event) {
    if (!m_pressed) {
        QWidget::mouseMoveEvent(event);
        return;
    }
    const QPointF pos = event->position();
    if (!m_dragging && (pos - m_pressPos).manhattanLength() > 4.0) {
        m_dragging = true;
        setCursor(Qt::ClosedHandCursor);
    }
    if (m_dragging) {
        const QPointF d = pos - m_lastDragPos;
        m_view.tx += d.x();
        m_view.ty += d.y();
        m_lastDragPos = pos;
        m_autoFit = false;
        update();
    }
    event->accept();
}

void TreeView::mouseReleaseEvent(QMouseEvent* event) {
    if (event->button() != Qt::LeftButton || !m_pressed) {
        QWidget::mouseReleaseEvent(event);
        return;
    }
    const bool wasDrag = m_dragging;
    m_pressed = false;
    m_dragging = false;
    unsetCursor();
    if (!wasDrag) {
        // A node follows its processor (the selection stays); elsewhere, the edge under the
        // click is selected (none beside every edge).
        if (const int p = nodeAt(event->position()); p >= 0) {
            emit processorClicked(p);
        } else {
            const int k = transferAt(event->position());
            selectTransfer(k);
            emit transferClicked(k);
        }
    }
    event->accept();
}

void TreeView::mouseDoubleClickEvent(QMouseEvent* event) {
    if (event->button() == Qt::LeftButton) {
        resetView();
        event->accept();
        return;
    }
    QWidget::mouseDoubleClickEvent(event);
}

void TreeView::keyPressEvent(QKeyEvent* event) {
    const QPointF centre(width() / 2.0, height() / 2.0);
    const double step = 40.0;
    switch (event->key()) {
    case Qt::Key_Plus:
    case Qt::Key_Equal:
        zoomAt(centre, 1.25);
        break;
    case Qt::Key_Minus:
        zoomAt(centre, 0.8);
        break;
    case Qt::Key_0:
    case Qt::Key_Home:
        resetView();
        break;
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_Up:
    case Qt::Key_Down:
        m_view.tx += event->key() == Qt::Key_Left    ? step
                     : event->key() == Qt::Key_Right ? -step
                                                     : 0;
        m_view.ty += event->key() == Qt::Key_Up ? step : event->key() == Qt::Key_Down ? -step : 0;
        m_autoFit = false;
        update();
        break;
    default:
        QWidget::keyPressEvent(event);
        return;
    }
    event->accept();
}

bool TreeView::event(QEvent* event) {
    if (event->type() == QEvent::ToolTip) {
        auto* help = static_cast<QHelpEvent*>(event);
        const QPointF pos = help->pos();
        QString text;
        if (const int p = nodeAt(pos); p >= 0) {
            const Schedule& s = *m_schedule;
            const int k = m_sendOf[static_cast<std::size_t>(p)];
            text = QStringLiteral("P%1").arg(p);
            const auto& kids = m_reductionsOn[static_cast<std::size_t>(p)];
            if (!kids.empty()) {
                QStringList from;
                for (int r : kids) {
                    from << QStringLiteral("P%1").arg(
                        s.transfers[static_cast<std::size_t>(
                                        s.reductions[static_cast<std::size_t>(r)].transfer)]
                            .from);
                }
                text += tr("\nreceives from %1").arg(from.join(QStringLiteral(", ")));
            }
            if (k >= 0) {
                const TransferOp& t = s.transfers[static_cast<std::size_t>(k)];
                text += tr("\nsends to P%1 over [%2, %3)")
                            .arg(t.to)
                            .arg(fmtLong(t.start), fmtLong(t.end));
            } else {
                text += tr("\nroot: holds everything at %1").arg(fmtLong(m_completeAt));
            }
            if (isSignalConnected(QMetaMethod::fromSignal(&TreeView::processorClicked))) {
                text += m_focus == p ? tr("\nclick to stop following it (Esc)")
                                     : tr("\nclick to follow it in every chart");
            }
        } else if (const int k = transferAt(pos); k >= 0) {
            text = describeTransfer(k);
        }
        if (text.isEmpty()) {
            QToolTip::hideText();
            event->ignore();
        } else {
            QToolTip::showText(help->globalPos(), text, this);
        }
        return true;
    }
    return QWidget::event(event);
}

void TreeView::paint(QPaintDevice& device, const QRect& rect) const {
    QPainter painter(&device);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    painter.translate(rect.topLeft());
    painter.setClipRect(QRect(QPoint(0, 0), rect.size()));
    paintTree(painter, rect.size(), fitView(rect.size(), paintFont(), true), false);
}

bool TreeView::exportTo(const QString& path, QString* error) const {
    QByteArray bytes;
    return renderTo(path, &bytes, error) && writeFileAtomically(path, bytes, error);
}

bool TreeView::renderTo(const QString& path, QByteArray* bytes, QString* error) const {
    const QFont font = paintFont();
    const double fh = QFontMetricsF(font).height();
    const QSize base = width() >= 200 && height() >= 150 ? size() : QSize(1000, 700);
    // A large tree gets a larger canvas, so that the figure keeps its node labels: columns of
    // 2.6 font heights (a label "P255" in its circle), up to a limit that keeps a 2x PNG of the
    // widest canvas near 100 MB of pixels while encoding.
    const double wantW = (m_layout.width + 1.0) * 2.6 * fh + 2 * margin();
    const double wantH = (m_layout.height + 1.0) * 4.5 * fh + 3 * fh + 3 * margin();
    const QSize canvas(
        std::clamp(static_cast<int>(std::ceil(wantW)), base.width(), std::max(base.width(), 3200)),
        std::clamp(static_cast<int>(std::ceil(wantH)), base.height(),
                   std::max(base.height(), 2000)));
    return renderFigure(
        path, canvas,
        [&](QPaintDevice& device, QSize sz) {
            QPainter painter(&device);
            painter.setRenderHint(QPainter::Antialiasing);
            painter.setRenderHint(QPainter::TextAntialiasing);
            paintTree(painter, sz, fitView(sz, font, true), false);
        },
        bytes, error);
}

void TreeView::setFigureFont(const QFont& font) {
    m_figureFont = font;
    resetView();
}

void TreeView::setCaptionVisible(bool on) {
    m_captionVisible = on;
    resetView();
}

double TreeView::figureHeight(double width) const {
    const QFont font = paintFont();
    const QFontMetricsF fm(font);
    const double fh = fm.height();
    const double columnWidth = std::max(1.0, width - 2 * margin()) / (m_layout.width + 1.0);
    // Levels a little taller than the columns are wide: round nodes, room for the edges; at
    // least what a node and its label need, at most a little more (a figure leaves the edges'
    // labels, which would need twice that, to the screen's tooltips).
    const double level = std::clamp(1.3 * columnWidth, 2.0 * fh, 3.0 * fh);
    return headerHeight(width, fm, true) + (m_layout.height + 1.0) * level + margin();
}

void TreeView::paintFigure(QPainter& painter, QSizeF size) const {
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setRenderHint(QPainter::TextAntialiasing);
    paintTree(painter, size, fitView(size, paintFont(), true), false);
}

} // namespace rl
