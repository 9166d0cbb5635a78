// ExplorerPage's navigation: Back and Forward through the scenarios that drill-downs and
// opened files replaced, and compare mode's splitters that move together.
#include "explorer/algorithm_pane.h"
#include "explorer/explorer_page.h"

#include <QAction>
#include <QEvent>
#include <QSplitter>
#include <QTimer>

namespace rl {

void ExplorerPage::navigate(const Scenario& s, bool autoplay) {
    m_history.visit(m_session->scenario(), s);
    updateHistoryActions();
    showScenario(s, autoplay);
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
    m_splitSizes = source->splitter()->sizes();
    for (AlgorithmPane* p : m_panes) {
        if (p != source && p->splitter()->sizes() != m_splitSizes) {
            p->splitter()->setSizes(m_splitSizes);
        }
    }
}

bool ExplorerPage::eventFilter(QObject* watched, QEvent* event) {
    // A pane's splitter resized to the width of the first pane's takes its sizes (pixels): a
    // pane added after the user moved a splitter is laid out after it was made.
    if (event->type() == QEvent::Resize && !m_splitSizes.isEmpty() && !m_panes.empty()) {
        QSplitter* first = m_panes.front()->splitter();
        auto* splitter = qobject_cast<QSplitter*>(watched);
        if (splitter != nullptr && splitter != first && splitter->width() == first->width() &&
            splitter->sizes() != first->sizes()) {
            QTimer::singleShot(0, splitter, [splitter, first] {
                if (splitter->width() == first->width()) {
                    splitter->setSizes(first->sizes()); // after the resize has laid it out
                }
            });
        }
    }
    return QWidget::eventFilter(watched, event);
}

} // namespace rl
