#include "views/animation_frames.h"

#include "schedule/critical_path.h"
#include "views/gantt_view.h"
#include "views/tree_view.h"

#include <qcustomplot.h>

#include <QFontMetrics>
#include <QPainter>

#include <algorithm>

namespace rl {

namespace {

/// The explorer's panes give the Gantt chart 3 parts of the width and the tree 2.
constexpr int kGanttShare = 3;
constexpr int kTreeShare = 2;
/// The gap between them, as the splitter's handle.
constexpr int kGap = 6;

} // namespace

AnimationFrames::AnimationFrames(std::vector<AnimatedRun> runs, QSize size, const Theme& theme)
    : m_runs(std::move(runs)), m_size(size), m_theme(theme) {
    std::vector<const Narration*> narrations;
    std::vector<std::string> names;
    for (const AnimatedRun& r : m_runs) {
        m_end = std::max(m_end, r.schedule->makespan);
        narrations.push_back(r.narration.get());
        names.push_back(r.schedule->algorithm);
    }
    m_narration = narrateRuns(narrations, names);

    // The caption: a time line and the last narration lines, in the views' font.
    const QFontMetrics fm(m_theme.font());
    const int pad = fm.height() / 2;
    const int captionHeight = (m_captionLines + 1) * fm.lineSpacing() + 2 * pad;
    m_captionRect = QRect(0, size.height() - captionHeight, size.width(), captionHeight);
    const int rows = std::max<int>(1, static_cast<int>(m_runs.size()));
    const int rowHeight = m_captionRect.top() / rows;
    const int ganttWidth = size.width() * kGanttShare / (kGanttShare + kTreeShare);
    for (int i = 0; i < static_cast<int>(m_runs.size()); ++i) {
        const AnimatedRun& r = m_runs[static_cast<std::size_t>(i)];
        const int top = i * rowHeight;
        const int height = i + 1 == rows ? m_captionRect.top() - top : rowHeight;
        m_ganttRects.emplace_back(0, top, ganttWidth - kGap / 2, height);
        m_treeRects.emplace_back(ganttWidth + kGap / 2, top, size.width() - ganttWidth - kGap / 2,
                                 height);

        // The same set-up as the explorer's pane (AlgorithmPane::setSchedule).
        std::vector<OpRef> critical;
        std::vector<int> criticalTransfers;
        for (const CriticalStep& step : criticalPath(*r.schedule)) {
            critical.push_back(OpRef{step.isTransfer, step.op});
            if (step.isTransfer) {
                criticalTransfers.push_back(step.op);
            }
        }
        auto gantt = std::make_unique<GanttView>();
        gantt->setSchedule(r.schedule);
        gantt->setTitle(r.title);
        gantt->setCriticalPath(std::move(critical));
        gantt->setReferenceLine(r.bound, r.boundLabel);
        gantt->setTheme(m_theme);
        gantt->setTimeRange(-0.02 * m_end, 1.02 * std::max(m_end, 1e-9));
        // Lay the hidden chart out at its frame size, so that what depends on the widget's
        // size (row labels, title and legend) is chosen as on a screen of that size. Hidden
        // widgets take their new size at once but get no resize event: the viewport is set
        // here, and the second replot sees the first one's layout.
        const QSize ganttSize = m_ganttRects.back().size();
        gantt->resize(ganttSize);
        gantt->plot()->resize(ganttSize);
        gantt->plot()->setViewport(QRect(QPoint(0, 0), ganttSize));
        gantt->plot()->replot(QCustomPlot::rpImmediateRefresh);
        gantt->plot()->replot(QCustomPlot::rpImmediateRefresh);
        auto tree = std::make_unique<TreeView>();
        tree->resize(m_treeRects.back().size());
        tree->setSchedule(r.schedule);
        tree->setHighlightedTransfers(criticalTransfers);
        tree->setTheme(m_theme);
        m_gantts.push_back(std::move(gantt));
        m_trees.push_back(std::move(tree));
    }
}

AnimationFrames::~AnimationFrames() = default;

double AnimationFrames::timeOfFrame(int index, int count) const {
    return count <= 1 ? m_end : m_end * index / (count - 1);
}

QImage AnimationFrames::render(double t) {
    QImage image(m_size, QImage::Format_RGB32);
    image.fill(m_theme.background());
    for (std::size_t i = 0; i < m_gantts.size(); ++i) {
        m_gantts[i]->setCursorTime(t);
        m_gantts[i]->paint(image, m_ganttRects[i]);
        m_trees[i]->setCursorTime(t);
        m_trees[i]->paint(image, m_treeRects[i]);
    }
    paintCaption(image, t);
    return image;
}

void AnimationFrames::paintCaption(QImage& image, double t) const {
    QPainter p(&image);
    p.setRenderHint(QPainter::TextAntialiasing);
    const QColor bg = m_theme.background();
    const QColor fg = m_theme.foreground();
    p.fillRect(m_captionRect, bg);
    p.setPen(QPen(m_theme.grid(), 1));
    for (std::size_t i = 1; i < m_ganttRects.size(); ++i) {
        p.drawLine(0, m_ganttRects[i].top(), m_size.width(), m_ganttRects[i].top());
    }
    p.drawLine(m_captionRect.topLeft(), m_captionRect.topRight());
    QFont font = m_theme.font();
    const QFontMetrics fm(font);
    const int pad = fm.height() / 2;
    const QRect text = m_captionRect.adjusted(pad, pad, -pad, -pad);
    int y = text.top() + fm.ascent();

    // The time, as the explorer's transport bar shows it.
    QFont bold = font;
    bold.setBold(true);
    p.setFont(bold);
    p.setPen(fg);
    p.drawText(text.left(), y,
               QStringLiteral("t = %1 / %2").arg(t, 0, 'f', 3).arg(m_end, 0, 'f', 3));

    // The last lines of the narration up to t, oldest first, the newest in full strength.
    const auto upTo =
        std::upper_bound(m_narration.begin(), m_narration.end(), t,
                         [](double time, const NarratedEvent& e) { return time < e.event.time; });
    const auto shown = std::min<std::ptrdiff_t>(m_captionLines, upTo - m_narration.begin());
    p.setFont(font);
    for (auto it = upTo - shown; it != upTo; ++it) {
        y += fm.lineSpacing();
        p.setPen(it + 1 == upTo ? fg : Theme::mix(bg, fg, 0.6));
        p.drawText(text.left(), y,
                   fm.elidedText(QString::fromStdString(it->text), Qt::ElideRight, text.width()));
    }
}

} // namespace rl
