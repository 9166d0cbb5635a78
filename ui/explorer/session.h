#pragma once

#include "common/scenario.h"
#include "schedule/schedule.h"
#include "theory/lower_bound.h"
#include "theory/tree_dyn_markov.h"

#include <QFutureWatcher>
#include <QObject>

#include <memory>
#include <vector>

namespace rl {

/// The schedules of one scenario, one per algorithm, immutable once made.
struct RunResult {
    Scenario scenario;
    std::vector<std::shared_ptr<const Schedule>> schedules;
    /// The lower bound or optimum drawn on every Gantt chart (none for random costs).
    std::optional<MakespanBound> bound;
    /// Tree-dyn's expected makespan and variance from its Markov chain (RR §5), when the costs
    /// are exponential and Tree-dyn is shown.
    std::optional<MeanVariance> treeDynChain;
};

/// Owns the runs: the only object that calls the simulator. A new scenario cancels the run in
/// flight (its result is dropped, never shown) and starts another on the thread pool; widgets
/// receive immutable results through resultReady().
class Session : public QObject {
    Q_OBJECT
  public:
    explicit Session(QObject* parent = nullptr);
    ~Session() override;

    const Scenario& scenario() const { return m_scenario; }
    std::shared_ptr<const RunResult> result() const { return m_result; }
    bool isRunning() const { return m_watcher.isRunning(); }

    /// Validates and runs `s`; on invalid input emits failed() and keeps the previous state.
    void setScenario(const Scenario& s);
    /// Blocks until the current run ends (tests and the headless CLI).
    void waitForIdle();

  signals:
    void resultReady(std::shared_ptr<const rl::RunResult> result);
    void failed(const QString& message);
    void runningChanged(bool running);

  private:
    void onFinished();

    Scenario m_scenario;
    std::shared_ptr<const RunResult> m_result;
    QFutureWatcher<std::shared_ptr<const RunResult>> m_watcher;
    quint64 m_generation = 0;
    quint64 m_runningGeneration = 0;
};

} // namespace rl
