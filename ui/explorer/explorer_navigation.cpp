// ExplorerPage's navigation: Back and Forward through the scenarios that drill-downs and
// opened files replaced, and compare mode's splitters that move together.
#include "explorer/algorithm_pane.h"
#include "explorer/explorer_page.h"

#include <QAction>
#include <QEvent>
#include <QListWidget>
#include <QSplitter>
#include <QTimer>

namespace rl {

bool ExplorerPage::navigate(const Scenario& s, bool autoplay) {
    const Scenario from = m_session->scenario();
    if (!showScenario(s, autoplay)) {
        return false; // refused: no new place, Back unchanged
    }
    m_history.visit(from, s);
    updateHistoryActions();
    return true;
}

bool ExplorerPage::goBack() {
    return showFromHistory(m_history.back(m_session->scenario()));
}

bool ExplorerPage::goForward() {
    return showFromHistory(m_history.forward(m_session->scenario()));
}

bool ExplorerPage::showFromHistory(const std::optional<Scenario>& s) {
    updateHistoryActions();
    if (s) {
        showScenario(*s, false);
    }
    return s.has_value();
}

void ExplorerPage::updateHistoryActions() {
    m_backAction->setEnabled(m_history.canGoBack());
    m_forwardAction->setEnabled(m_history.canGoForward());
}

void ExplorerPage::alignSplitters(const AlgorithmPane* source) {
    const QList<int> sizes = source->splitter()->sizes();
    for (AlgorithmPane* p : m_panes) {
        if (p != source && p->splitter()->sizes() != sizes) {
            p->splitter()->setSizes(sizes);
        }
    }
}

bool ExplorerPage::eventFilter(QObject* watched, QEvent* event) {
    // The narration resized (the charts took or gave back room): its current line stays whole
    // in view.
    if (watched == m_narration->viewport() && event->type() == QEvent::Resize) {
        if (m_narration->currentItem() != nullptr) {
            QTimer::singleShot(0, m_narration, [this] {
                if (QListWidgetItem* item = m_narration->currentItem()) {
                    m_narration->scrollToItem(item);
                }
            });
        }
    }
    // A pane's splitter resized (the window, the settings dock, a new pane): every pane takes
    // the first pane's split, once the resize has laid them out. Each splitter shares out a
    // change of width from its own past sizes, so panes made at different times drifted apart
    // (13 pixels of one time axis against the other's after F5, F11, Esc).
    if (event->type() == QEvent::Resize && qobject_cast<QSplitter*>(watched) != nullptr &&
        !m_splitAlignPending) {
        m_splitAlignPending = true;
        QTimer::singleShot(0, this, [this] {
            m_splitAlignPending = false;
            if (!m_panes.empty()) {
                alignSplitters(m_panes.front());
            }
        });
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace rl
