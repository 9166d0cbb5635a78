#pragma once

#include "common/async_job.h"
#include "studies/run_study.h"
#include "studies/schedule_file.h"

#include <QObject>

#include <memory>

namespace rl {

/// Owns the explorer's runs (studies/run_study.h, with the explorer's detail: timelines,
/// narration, critical paths, bound and Markov chain, all computed off the GUI thread). A new
/// scenario supersedes the run in flight (its result is never shown); widgets receive
/// immutable results through resultReady().
class Session : public QObject {
    Q_OBJECT
  public:
    explicit Session(QObject* parent = nullptr);

    const Scenario& scenario() const { return m_scenario; }
    /// The result shown (the previous one while a new run is in flight).
    std::shared_ptr<const RunResult> result() const { return m_result; }
    bool isRunning() const { return m_job.isRunning(); }

    /// Validates and runs `s`; on invalid input emits failed() and keeps the previous state.
    void setScenario(const Scenario& s);
    /// Shows a schedule read from a file beside the simulation of its scenario
    /// (runBesideMeasured(), off the GUI thread); the session's scenario becomes the file's. On
    /// a file that cannot be shown (checkBesideMeasured()) emits failed() and keeps the
    /// previous state.
    void setBesideMeasured(const ScheduleFile& file);
    /// The explorer's one check of a scenario: Scenario::validate(), then its limits for the
    /// explorer's detail (checkRunDetail: at most kMaxExplorerProcessors). Throws InputError.
    static void validate(const Scenario& s);
    /// Stops the run in flight (the window's Cancel button), a policy that never returns
    /// included; the result shown stays.
    void cancel() { m_job.cancel(); }
    /// The details of the last run's failure: a policy's Python traceback, if any.
    const QString& failureDetails() const { return m_job.failureDetails(); }
    const QString& failure() const { return m_job.failure(); }
    /// Blocks until the current run ends and delivers it (tests and the headless CLI).
    void waitForIdle() { m_job.waitForIdle(); }

  signals:
    void resultReady(std::shared_ptr<const rl::RunResult> result);
    void failed(const QString& message);
    void runningChanged(bool running);
    /// A run ended without its result (cancelled, or failed: a policy's exception): the
    /// session's scenario is the shown result's again, `shown`, so that the settings can say
    /// what the charts show.
    void reverted(const rl::Scenario& shown);

  private:
    Scenario m_scenario;
    std::shared_ptr<const RunResult> m_result;
    AsyncJob<RunResult> m_job; ///< last member: its jobs end before the rest goes
};

} // namespace rl
