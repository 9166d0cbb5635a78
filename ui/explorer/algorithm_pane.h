#pragma once

#include "common/theme.h"
#include "schedule/critical_path.h"
#include "schedule/schedule.h"
#include "views/gantt_view.h"

#include <QWidget>

#include <memory>
#include <optional>

class QSplitter;

namespace rl {

class TreeView;

/// One algorithm's run: its Gantt chart beside its reduction tree, sharing the time cursor and
/// the selection (clicking a transfer in either view selects it in both).
class AlgorithmPane : public QWidget {
    Q_OBJECT
  public:
    explicit AlgorithmPane(QWidget* parent = nullptr);

    /// Shows a run: its schedule and critical path (derived with the run) under `title` (always
    /// whole) and `detail` (second line, or tooltip if tight).
    void setSchedule(std::shared_ptr<const Schedule> s, const QString& title,
                     const std::vector<CriticalStep>& criticalPath, const QString& detail = {});
    void setCursorTime(double t);
    void setTheme(const Theme& p);
    /// Selects an operation in both views (a reduction: the transfer it merges, in the tree).
    void selectOperation(OpRef op);
    /// Follows one processor in both views (none: nobody followed).
    void setHighlightedProcessor(std::optional<int> p);
    GanttView* gantt() const { return m_gantt; }
    TreeView* tree() const { return m_tree; }
    /// The splitter between the Gantt chart and the tree (compare mode moves all panes' together).
    QSplitter* splitter() const { return m_splitter; }

  signals:
    /// A row label of the chart or a node of the tree was clicked.
    void processorClicked(int p);

  private:
    GanttView* m_gantt;
    TreeView* m_tree;
    QSplitter* m_splitter;
};

} // namespace rl
