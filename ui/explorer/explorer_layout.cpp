// ExplorerPage's layout: the panes' heights in compare mode, the narration's lines and the
// transport counter's width, so that a 1280x720 projector in presentation mode labels every
// processor, keeps a few narration lines and a slider with room.
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/explorer_page.h"
#include "views/gantt_view.h"

#include <qcustomplot.h>

#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QStyle>
#include <QVBoxLayout>

#include <algorithm>

namespace rl {

void ExplorerPage::balancePanes() {
    const int k = static_cast<int>(m_panes.size());
    if (k == 0) {
        return;
    }
    // The height the bottom chart's labelled time axis takes beyond the others' unlabelled
    // ones (its numbers and its name), read from their laid-out margins.
    const int axis =
        k < 2 ? 0
              : std::max(0, m_panes.back()->gantt()->plot()->axisRect()->margins().bottom() -
                                m_panes.front()->gantt()->plot()->axisRect()->margins().bottom());
    int total = 0;
    for (AlgorithmPane* p : m_panes) {
        total += p->height();
    }
    // Stretch factors in pixels: the panes ignore their size hints (see onResult()), so the
    // layout shares their height in these proportions.
    const int each = std::max(1, (total - axis) / k);
    for (int i = 0; i < k; ++i) {
        const int stretch = i + 1 == k ? each + axis : each;
        if (m_paneLayout->stretch(m_paneLayout->indexOf(m_panes[static_cast<std::size_t>(i)])) !=
            stretch) {
            m_paneLayout->setStretchFactor(m_panes[static_cast<std::size_t>(i)], stretch);
        }
    }
}

void ExplorerPage::setNarrationLines(int lines) {
    const bool changed = lines != m_narrationLines;
    m_narrationLines = lines;
    if (changed && lines <= 0 && m_split->height() > 0) {
        // Back to the default strip: the charts first, the narration below.
        m_split->setSizes({m_split->height() * 82 / 100, m_split->height() * 18 / 100});
    }
    applyNarrationLines();
}

int ExplorerPage::visibleNarrationLines() const {
    const int row = std::max(m_narration->sizeHintForRow(0), m_narration->fontMetrics().height());
    return m_narration->viewport()->height() / std::max(1, row);
}

void ExplorerPage::applyNarrationLines() {
    const int total = m_split->height();
    if (total <= 0 || m_narrationLines <= 0) {
        return; // not laid out yet (resizeEvent() comes back here), or the user's own split
    }
    // The narration's rows follow the application font, which the theme scales. At most a line
    // per 120 pixels of the page (5 on a 720-pixel projector, 6 on a 1080-pixel screen), so
    // that compare mode's charts keep room to label every processor.
    const int lines = std::min(m_narrationLines, std::max(3, total / 120));
    const int row = std::max(m_narration->sizeHintForRow(0), m_narration->fontMetrics().height());
    const int want = m_transport->sizeHint().height() + lines * row +
                     2 * m_narration->frameWidth() +
                     2 * style()->pixelMetric(QStyle::PM_LayoutVerticalSpacing);
    m_split->setSizes({std::max(1, total - want), want});
}

void ExplorerPage::updateCounterWidth() {
    // Room for this run's longest counter (the time and the event count at its end), so that
    // it never clips and never changes width while playing: the scrubber gives way instead.
    // Sized for the run shown, not for the largest possible one, so that the scrubber keeps
    // its room on a 1280-pixel projector in presentation mode.
    const double end = m_anim->end();
    const int events = static_cast<int>(m_anim->timeline().size());
    m_timeLabel->setMinimumWidth(
        m_timeLabel->fontMetrics().horizontalAdvance(counterText(end, end, events, events)));
}

} // namespace rl
