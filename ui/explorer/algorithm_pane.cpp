#include "explorer/algorithm_pane.h"

#include "views/tree_view.h"

#include <QHBoxLayout>
#include <QSplitter>

namespace rl {

AlgorithmPane::AlgorithmPane(QWidget* parent) : QWidget(parent) {
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_gantt = new GanttView(m_splitter);
    m_tree = new TreeView(m_splitter);
    m_splitter->addWidget(m_gantt);
    m_splitter->addWidget(m_tree);
    m_splitter->setStretchFactor(0, 3);
    m_splitter->setStretchFactor(1, 2);
    m_splitter->setSizes({600, 400}); // the tree gets two fifths, labels included
    // As short as the page makes it (compare mode on a short window): a minimum height would
    // make the pane taller than its room, and cut its bottom rows and its time axis.
    m_tree->setMinimumHeight(0);
    m_gantt->setMinimumHeight(0);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_splitter);
    connect(m_gantt, &GanttView::operationClicked, this, &AlgorithmPane::selectOperation);
    connect(m_tree, &TreeView::transferClicked, this, [this](int k) {
        m_gantt->selectOperation(k >= 0 ? std::optional<OpRef>(OpRef{true, k}) : std::nullopt);
    });
    connect(m_gantt, &GanttView::processorClicked, this, &AlgorithmPane::processorClicked);
    connect(m_tree, &TreeView::processorClicked, this, &AlgorithmPane::processorClicked);
}

void AlgorithmPane::setHighlightedProcessor(std::optional<int> p) {
    m_gantt->setHighlightedProcessor(p);
    m_tree->setHighlightedProcessor(p);
}

void AlgorithmPane::setSchedule(std::shared_ptr<const Schedule> s, const QString& title,
                                const std::vector<CriticalStep>& criticalPath,
                                const QString& detail) {
    m_gantt->setSchedule(s);
    m_gantt->setTitle(title, detail);
    m_gantt->setCriticalPath(criticalPath);
    m_tree->setSchedule(std::move(s));
    m_tree->setCriticalPath(criticalPath);
}

void AlgorithmPane::selectOperation(OpRef op) {
    const Schedule* s = m_gantt->schedule().get();
    if (!s) {
        return;
    }
    m_gantt->selectOperation(op);
    // A reduction selects the transfer whose value it merges.
    m_tree->selectTransfer(
        op.isTransfer ? op.index : s->reductions[static_cast<std::size_t>(op.index)].transfer);
}

void AlgorithmPane::setCursorTime(double t) {
    m_gantt->setCursorTime(t);
    m_tree->setCursorTime(t);
}

void AlgorithmPane::setTheme(const Theme& p) {
    m_gantt->setTheme(p);
    m_tree->setTheme(p);
}

} // namespace rl
