#pragma once

#include "panels/model_page.h"
#include "studies/scenario.h"
#include "studies/steady_study.h"

#include <functional>
#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QTableWidget;

namespace rl {

/// Steady-state series of reductions and scatters (seed 002, Legrand-Marchal-Robert): a
/// platform graph edited as a table (c(i,j), '-' for no link, and w), from a preset or from
/// an explorer platform preset; SSRP(G) / SSSP(G) solved by the study (studies/steady_study.h)
/// on an AsyncJob; the
/// throughput TP, link occupations, weighted reduction trees, one period of the periodic
/// schedule as a Gantt chart, and the pipelining gain over the explorer's algorithms.
class SteadyStatePanel : public ModelPage {
    Q_OBJECT
  public:
    /// `openInExplorer` shows a scenario in the explorer tab (drill-down); may be empty.
    explicit SteadyStatePanel(std::function<void(const Scenario&)> openInExplorer = {},
                              QWidget* parent = nullptr);

    /// A graph preset of PlatformGraph::presetNames() (with N filled in) or "explorer:SPEC"
    /// for an explorer platform preset (homogeneous:D:C, worstcase:d:D:c...) on n processors.
    void loadPreset(const QString& name);
    void setProblem(bool scatter);
    std::shared_ptr<const SteadyStudyResult> result() const { return m_result; }
    /// Blocks until the computation in flight ends and its result is shown.
    void waitForIdle() { m_run.waitForIdle(); }

  private:
    void recompute();
    void display(const SteadyStudyResult& r);
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
    QTableWidget* m_trees = nullptr;
    QTableWidget* m_occupation = nullptr;
    QTableWidget* m_pipeline = nullptr;
    QPushButton* m_explore = nullptr;
    bool m_loading = false;
    std::shared_ptr<const SteadyStudyResult> m_result;
    AsyncJob<SteadyStudyResult> m_run; ///< last member: destroyed (run cancelled) first
};

} // namespace rl
