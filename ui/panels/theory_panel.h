#pragma once

#include "common/async_job.h"
#include "studies/scenario.h"
#include "studies/theory_study.h"

#include <QWidget>

#include <functional>
#include <memory>
#include <vector>

class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;
class QTableWidget;

namespace rl {

/// The analytic side beside the simulations (issue 5): RR §4 Table 1 measured on its
/// worst-case instances, Tree-dyn's Markov chain against the simulator, and every algorithm's
/// gap to the exact optimum of a small Liu-Wang cluster. Each is a study (studies/theory_study.h)
/// run on its own AsyncJob (cancellable, with progress); the tables show immutable results.
class TheoryPanel : public QWidget {
    Q_OBJECT
  public:
    /// `openInExplorer` shows a scenario in the explorer (drill-down from the optimum table).
    explicit TheoryPanel(std::function<void(const Scenario&)> openInExplorer,
                         QWidget* parent = nullptr);

    QTableWidget* ratiosTable() const { return m_ratiosTable; }
    QTableWidget* markovTable() const { return m_markovTable; }
    QTableWidget* gapTable() const { return m_gapTable; }
    QLineEdit* ratiosN() const { return m_ratioN; }
    QLineEdit* clusterField() const { return m_times; }
    /// The message of the last invalid input or failed computation (empty when fine).
    QString errorText() const;
    /// Starts the three computations with the current fields (what the buttons do).
    void computeAll();
    /// Blocks until every computation has ended (tests, screenshots).
    void waitForIdle();

  protected:
    /// The first time the tab is shown, computes the defaults (cheap: well under a second).
    void showEvent(QShowEvent* event) override;

  private:
    using RatiosJob = AsyncJob<std::vector<RatioRow>>;
    using MarkovJob = AsyncJob<std::vector<MarkovCheck>>;
    using GapJob = AsyncJob<OptimumGaps>;

    void computeRatios();
    void computeMarkov();
    void computeGaps();
    void showRatios(const std::shared_ptr<const std::vector<RatioRow>>& rows);
    void showMarkov(const std::shared_ptr<const std::vector<MarkovCheck>>& rows);
    void showGaps(const std::shared_ptr<const OptimumGaps>& gaps);
    void setError(const QString& text);
    void openGapRow(int row);

    std::function<void(const Scenario&)> m_openInExplorer;
    QLineEdit* m_ratioN;
    QLineEdit* m_ratioD;
    QLineEdit* m_ratioBigD;
    QLineEdit* m_ratioC;
    QTableWidget* m_ratiosTable;
    QLineEdit* m_markovN;
    QLineEdit* m_markovMuD;
    QLineEdit* m_markovMuC;
    QLineEdit* m_markovReplicates;
    QPushButton* m_markovRun;
    QProgressBar* m_markovProgress;
    QTableWidget* m_markovTable;
    QLineEdit* m_times;
    QPushButton* m_gapRun;
    QProgressBar* m_gapProgress;
    QTableWidget* m_gapTable;
    QLabel* m_error;
    bool m_shown = false;
    std::vector<double> m_gapCluster; ///< the cluster of the shown gaps
    // Last members: their jobs end before the widgets they fill go.
    RatiosJob m_ratiosJob;
    MarkovJob m_markovJob;
    GapJob m_gapJob;
};

} // namespace rl
