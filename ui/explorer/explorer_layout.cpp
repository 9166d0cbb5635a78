// ExplorerPage's layout for the window's real height (a framed 1280x720 window has about 686
// pixels, full screen 720, 1920x1080 more): the narration's lines, the panes' columns and
// their heights, so that every processor's row is labelled, the time axis shown and the
// current narration line whole; and the transport counter's width.
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/explorer_page.h"
#include "views/gantt_view.h"
#include "views/legend_strip.h"

#include <qcustomplot.h>

#include <QGridLayout>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>
#include <climits>

namespace rl {

namespace {

// Stacked compare mode (one shared time axis) keeps at least this many narration lines in
// presentation and full screen modes; below, three or four algorithms go to two columns.
constexpr int kMinStackedNarrationLines = 2;

int rowsPerColumn(std::size_t panes, int columns) {
    return static_cast<int>((panes + static_cast<std::size_t>(columns) - 1) /
                            static_cast<std::size_t>(columns));
}

} // namespace

void ExplorerPage::arrangePanes(int columns) {
    const int k = static_cast<int>(m_panes.size());
    columns = k >= 3 ? std::clamp(columns, 1, 2) : 1;
    const int perColumn = std::max(1, rowsPerColumn(m_panes.size(), columns));
    for (AlgorithmPane* p : m_panes) {
        m_paneGrid->removeWidget(p);
    }
    for (int r = 0; r < m_paneGrid->rowCount(); ++r) {
        m_paneGrid->setRowStretch(r, 0);
    }
    for (int c = 0; c < m_paneGrid->columnCount(); ++c) {
        m_paneGrid->setColumnStretch(c, 0);
    }
    using Text = GanttView::TimeAxisText;
    for (int i = 0; i < k; ++i) {
        const int column = i / perColumn;
        const int row = i % perColumn;
        const bool bottom = i + 1 == k || row + 1 == perColumn;
        // The last pane of a shorter column spans the rows left, its rows as tall as it can.
        const int span = bottom ? perColumn - row : 1;
        AlgorithmPane* pane = m_panes[static_cast<std::size_t>(i)];
        m_paneGrid->addWidget(pane, row, column, span, 1);
        // Compare mode's shared time axis: its times under each column's bottom chart only.
        pane->gantt()->setTimeAxisText(k == 1   ? Text::NumbersAndName
                                       : bottom ? Text::Numbers
                                                : Text::None);
    }
    for (int c = 0; c < columns; ++c) {
        m_paneGrid->setColumnStretch(c, 1);
    }
    m_columns = columns;
    balancePanes();
}

void ExplorerPage::balancePanes() {
    const int k = static_cast<int>(m_panes.size());
    if (k == 0) {
        return;
    }
    const int perColumn = rowsPerColumn(m_panes.size(), m_columns);
    // The height the bottom chart's labelled time axis takes beyond the others' unlabelled
    // ones (its numbers and its name), read from their laid-out margins.
    const auto bottomMargin = [this](int i) {
        return m_panes[static_cast<std::size_t>(i)]
            ->gantt()
            ->plot()
            ->axisRect()
            ->margins()
            .bottom();
    };
    const int axis = perColumn < 2 ? 0 : std::max(0, bottomMargin(perColumn - 1) - bottomMargin(0));
    int total = 0;
    for (int r = 0; r < perColumn; ++r) {
        total += m_panes[static_cast<std::size_t>(r)]->height();
    }
    // Stretch factors in pixels: the panes ignore their size hints (see onResult()), so the
    // grid shares their height in these proportions.
    const int each = std::max(1, (total - axis) / perColumn);
    for (int r = 0; r < perColumn; ++r) {
        const int stretch = r + 1 == perColumn ? each + axis : each;
        if (m_paneGrid->rowStretch(r) != stretch) {
            m_paneGrid->setRowStretch(r, stretch);
        }
    }
}

int ExplorerPage::panesNeed(int columns, int width) {
    const int k = static_cast<int>(m_panes.size());
    if (k == 0) {
        return 0;
    }
    const int perColumn = rowsPerColumn(m_panes.size(), columns);
    // The Gantt chart's share of a pane's width, as the panes' splitters have it now.
    const QList<int> split = m_panes.front()->splitter()->sizes();
    const double share = split.size() == 2 && split[0] + split[1] > 0
                             ? static_cast<double>(split[0]) / (split[0] + split[1])
                             : 0.6;
    const int paneWidth = (width - (columns - 1) * m_paneGrid->horizontalSpacing()) / columns;
    const int ganttWidth = static_cast<int>(paneWidth * share);
    using Text = GanttView::TimeAxisText;
    int need = 0;
    for (int c = 0; c * perColumn < k; ++c) {
        int height = 0;
        for (int i = c * perColumn; i < std::min(k, (c + 1) * perColumn); ++i) {
            const bool bottom = i + 1 == k || (i + 1) % perColumn == 0;
            const Text text = k == 1 ? Text::NumbersAndName : bottom ? Text::Numbers : Text::None;
            height += m_panes[static_cast<std::size_t>(i)]->gantt()->heightToLabelEveryRow(
                          ganttWidth, text) +
                      (i > c * perColumn ? m_paneGrid->verticalSpacing() : 0);
        }
        need = std::max(need, height);
    }
    return need;
}

int ExplorerPage::panesRoom(int area) const {
    const QMargins m = m_paneLayout->contentsMargins();
    const int width = m_panesArea->width() - m.left() - m.right();
    int room =
        area - m.top() - m.bottom() - m_legend->heightForWidth(width) - m_paneLayout->spacing();
    if (!m_settingsMessage->isHidden()) {
        room -= m_settingsMessage->heightForWidth(width) + m_paneLayout->spacing();
    }
    return room;
}

int ExplorerPage::narrationHeight(int lines) const {
    // The narration's rows follow the application font, which the theme scales.
    const int row = std::max(m_narration->sizeHintForRow(0), m_narration->fontMetrics().height());
    const QLayout* strip = m_transport->parentWidget()->layout();
    const QMargins m = strip->contentsMargins();
    return m.top() + m_transport->sizeHint().height() + strip->spacing() + lines * row +
           2 * m_narration->frameWidth() + m.bottom();
}

void ExplorerPage::planLayout() {
    // The handle is part of the splitter's height, not of its widgets'.
    const int total = m_split->height() - m_split->handleWidth();
    if (total <= 0 || m_panes.empty()) {
        return; // not laid out yet (resizeEvent() comes back here)
    }
    const QMargins m = m_paneLayout->contentsMargins();
    const int width = m_panesArea->width() - m.left() - m.right();
    // What one column and two (three or four algorithms) need to label every row.
    const int stacked = panesNeed(1, width);
    const int twoColumns = m_panes.size() >= 3 ? panesNeed(2, width) : INT_MAX;
    const auto need = [&](int columns) { return columns == 1 ? stacked : twoColumns; };
    if (m_narrationLines <= 0) {
        // The user's split (or the default strip): only the columns follow the room, two
        // where they label every row and one column does not.
        const int room = panesRoom(m_panesArea->height());
        const int columns = stacked > room && twoColumns <= room ? 2 : 1;
        if (columns != m_columns) {
            arrangePanes(columns);
        }
        return;
    }
    // The narration as short as a line when the charts need the room (its scroll bar would
    // ask for more).
    const int row = std::max(m_narration->sizeHintForRow(0), m_narration->fontMetrics().height());
    m_narration->setMinimumHeight(row + 2 * m_narration->frameWidth());
    // At most a line per 120 pixels of the page (5 on a 720-pixel projector, 6 on a
    // 1080-pixel screen), fewer when the charts need the room to label every processor.
    const int wanted = std::min(m_narrationLines, std::max(3, total / 120));
    auto fits = [&](int columns, int lines) {
        return need(columns) <= panesRoom(total - narrationHeight(lines));
    };
    int columns = 1;
    int lines = wanted;
    while (lines > kMinStackedNarrationLines && !fits(1, lines)) {
        --lines;
    }
    if (!fits(1, lines) && twoColumns != INT_MAX) {
        columns = 2;
        lines = wanted;
        while (lines > 1 && !fits(2, lines)) {
            --lines;
        }
    }
    if (!fits(columns, lines)) {
        // No arrangement labels every row (thousands of processors): the charts label every
        // few rows on one shared time axis, and the narration keeps the lines it asked for.
        columns = 1;
        lines = wanted;
    }
    if (columns != m_columns) {
        arrangePanes(columns);
    }
    // A list of a line or two has no room for a scroll bar's arrows and handle; it follows
    // the animation by itself, and the wheel still scrolls it.
    m_narration->setVerticalScrollBarPolicy(lines < 3 ? Qt::ScrollBarAlwaysOff
                                                      : Qt::ScrollBarAsNeeded);
    const int want = narrationHeight(lines);
    m_split->setSizes({std::max(1, total - want), want});
}

void ExplorerPage::setNarrationLines(int lines) {
    const bool changed = lines != m_narrationLines;
    m_narrationLines = lines;
    if (changed && lines <= 0 && m_split->height() > 0) {
        // Back to the default strip: the charts first, the narration below.
        m_split->setSizes({m_split->height() * 82 / 100, m_split->height() * 18 / 100});
    }
    planLayout();
}

int ExplorerPage::visibleNarrationLines() const {
    const int row = std::max(m_narration->sizeHintForRow(0), m_narration->fontMetrics().height());
    return m_narration->viewport()->height() / std::max(1, row);
}

void ExplorerPage::updateCounterWidth() {
    // Room for this run's longest counter (the time and the event count at its end), so that
    // it never clips and never changes width while playing: the scrubber gives way instead.
    // Sized for the run shown, not for the largest possible one, so that the scrubber keeps
    // its room on a 1280-pixel projector in presentation mode.
    const double end = m_anim->end();
    const int events = eventCount(-1).second;
    m_timeLabel->setMinimumWidth(
        m_timeLabel->fontMetrics().horizontalAdvance(counterText(end, end, events, events)));
    updateTransportRoom();
}

void ExplorerPage::updateTransportRoom() {
    // Decided from the bar's width alone (never from the slider's, which the decision
    // changes), so that it cannot flip back and forth.
    const QLayout* l = m_transport->layout();
    int others = 0;
    int count = 0;
    for (int i = 0; i < l->count(); ++i) {
        const QWidget* w = l->itemAt(i)->widget();
        if (w != nullptr && w != m_scrubber && w != m_speedLabel) {
            others += std::max(w->sizeHint().width(), w->minimumWidth());
            ++count;
        }
    }
    // A slider shorter than about ten characters cannot be aimed at a moment of the run.
    const int slider = 10 * m_timeLabel->fontMetrics().averageCharWidth();
    const int label = m_speedLabel->sizeHint().width() + l->spacing();
    const int need = others + count * l->spacing() + slider + label;
    m_speedLabel->setVisible(m_transport->width() >= need);
}

} // namespace rl
