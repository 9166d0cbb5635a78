#pragma once

#include "common/latest_run.h"
#include "common/scenario.h"
#include "models/steady_state.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace rl {

class GanttView;

/// What the steady-state panel shows: the LP optimum and what is built from it.
struct SteadyPanelResult {
    PlatformGraph graph;
    std::shared_ptr<const SteadyStateResult> result;
    std::optional<FixedCosts> fixed;             ///< complete graph: the explorer's platform
    std::vector<PipelineComparison> comparisons; ///< with the explorer's algorithms
    std::string error;
};

/// Steady-state series of reductions and scatters (seed 002, Legrand-Marchal-Robert): a
/// platform graph edited as a table (c(i,j), '-' for no link, and w), from a preset or from
/// an explorer platform preset; SSRP(G) / SSSP(G) solved by GLPK on the thread pool; the
/// throughput TP, link occupations, weighted reduction trees, one period of the periodic
/// schedule as a Gantt chart, and the pipelining gain over the explorer's algorithms.
class SteadyStatePanel : public QWidget {
    Q_OBJECT
  public:
    /// `openInExplorer` shows a scenario in the explorer tab (drill-down); may be empty.
    explicit SteadyStatePanel(std::function<void(const Scenario&)> openInExplorer = {},
                              QWidget* parent = nullptr);

    /// A graph preset of PlatformGraph::presetNames() (with N filled in) or "explorer:SPEC"
    /// for an explorer platform preset (homogeneous:D:C, worstcase:d:D:c...) on n processors.
    void loadPreset(const QString& name);
    void setProblem(bool scatter);
    std::shared_ptr<const SteadyPanelResult> result() const { return m_result; }
    /// Blocks until the computation in flight ends and its result is shown.
    void waitForIdle();
    QString errorText() const;

  signals:
    void resultShown();

  private:
    void recompute();
    void display(const SteadyPanelResult& r);
    void fillTable(const PlatformGraph& g);
    PlatformGraph graphFromTable() const;
    void resizeTargets(int n);

    std::function<void(const Scenario&)> m_openInExplorer;
    QComboBox* m_preset = nullptr;
    QLineEdit* m_explorerSpec = nullptr;
    QSpinBox* m_n = nullptr;
    QComboBox* m_problem = nullptr;
    QComboBox* m_target = nullptr;
    QLineEdit* m_scatterTargets = nullptr;
    QDoubleSpinBox* m_size = nullptr;
    QTableWidget* m_table = nullptr;
    QLabel* m_error = nullptr;
    QLabel* m_summary = nullptr;
    GanttView* m_gantt = nullptr;
    QTableWidget* m_trees = nullptr;
    QTableWidget* m_occupation = nullptr;
    QTableWidget* m_pipeline = nullptr;
    QPushButton* m_explore = nullptr;
    bool m_loading = false;
    std::shared_ptr<const SteadyPanelResult> m_result;
    LatestRun<SteadyPanelResult> m_run; ///< last member: destroyed (run cancelled) first
};

} // namespace rl
