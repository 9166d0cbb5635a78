#pragma once

#include "base/job_scope.h"
#include "studies/study.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>
#include <QPromise>
#include <QString>

#include <functional>
#include <memory>
#include <vector>

namespace rl {

/// What a job sends its owner: a result (partial or final), or the message of its failure.
struct JobReport {
    std::shared_ptr<const void> value;
    bool final = false;
    QString error;
    QString errorDetails; ///< longer text about the error (a policy's Python traceback)
};

/// What a job's work sees while it runs on the thread pool: cancellation, progress, and the
/// partial results it may send before its final one.
class JobContext {
  public:
    explicit JobContext(QPromise<JobReport>& promise) : m_promise(promise) {}
    bool cancelled() const { return m_promise.isCanceled(); }
    /// Reports (done, total); returns false once the job is cancelled.
    bool progress(std::uint64_t done, std::uint64_t total);
    /// progress() as the studies' callback (studies/study.h).
    StudyProgress studyProgress() {
        return [this](std::uint64_t done, std::uint64_t total) { return progress(done, total); };
    }
    /// Sends a partial result (AsyncJob<R>::Context::partial, typed).
    void sendPartial(std::shared_ptr<const void> value);
    /// The last partial result sent (a final result equal to it is not sent twice).
    const std::shared_ptr<const void>& lastPartial() const { return m_lastPartial; }

  private:
    QPromise<JobReport>& m_promise;
    std::shared_ptr<const void> m_lastPartial;
};

/// The one way the GUI runs work off its thread (the explorer's session, the analysis panels,
/// the Theory tab, the model panels). A job runs on the thread pool and hands this object's
/// thread immutable results:
///  - latest wins: start() cancels the job in flight, and nothing it still sends is delivered;
///  - progress: progressChanged(fraction, seconds left) while it runs;
///  - cancel: cancel() stops it; the results it delivered stay (latest());
///  - partial results: a job may send results before its final one (a coarse picture first);
///  - failure: an exception in the work (InputError, an internal error) arrives as failed()
///    with its message, never as a result; a PolicyError's details (a Python traceback) as
///    failureDetails();
///  - interruption: each job runs under its own interruptible scope (common/policy_runtime.h),
///    which cancel(), a superseding start() and the destructor interrupt, so that a user's
///    policy that never returns stops too; a job that ends because it was cancelled reports
///    no failure.
/// Never processes events itself; waitForIdle() blocks and delivers at once (tests, screenshots).
class AsyncJobBase : public QObject {
    Q_OBJECT
  public:
    explicit AsyncJobBase(QObject* parent = nullptr);
    ~AsyncJobBase() override;

    /// Between start() and the end of that job being delivered.
    bool isRunning() const { return m_running; }
    /// How many jobs were started (tests tell runs apart by it).
    quint64 generation() const { return m_generation; }
    /// The message of the current job's failure (empty when it did not fail).
    const QString& failure() const { return m_failure; }
    /// The details of the current job's failure (a Python traceback), if any.
    const QString& failureDetails() const { return m_failureDetails; }
    /// Whether the current job delivered its final result.
    bool isComplete() const { return m_complete; }
    /// Asks the job in flight to stop; what it delivered stays.
    void cancel();
    /// Cancels the job in flight and forgets it and its results (latest() becomes empty): the
    /// owner shows results from elsewhere.
    void discard();
    /// Blocks until the job in flight ends and delivers what it left, now.
    void waitForIdle();

  signals:
    /// latest() changed (a partial or the final result of the current job).
    void resultReady();
    /// Fraction done in [0, 1] and the estimated seconds left (< 0: unknown yet).
    void progressChanged(double fraction, double etaSeconds);
    void runningChanged(bool running);
    void failed(const QString& message);

  protected:
    using Work = std::function<std::shared_ptr<const void>(JobContext&)>;
    void startWork(Work work);
    const std::shared_ptr<const void>& latestValue() const { return m_latest; }

  private:
    /// A job's future and the scope its work runs under (interrupted with it).
    class Watcher : public QFutureWatcher<JobReport> {
      public:
        using QFutureWatcher<JobReport>::QFutureWatcher;
        std::shared_ptr<JobScope> scope;
        /// Cancels the job and interrupts what runs under its scope.
        void stop();
    };
    void deliverUpTo(Watcher* w, int count);
    void onProgress(Watcher* w, int value);
    void onFinished(Watcher* w);
    void retire(Watcher* w);

    Watcher* m_current = nullptr;
    std::vector<Watcher*> m_retired; // cancelled jobs still running: waited for on destruction
    std::shared_ptr<const void> m_latest;
    QString m_failure;
    QString m_failureDetails;
    QElapsedTimer m_clock;
    quint64 m_generation = 0;
    int m_delivered = 0; // reports of the current job already handled
    bool m_running = false;
    bool m_complete = false;
};

/// AsyncJobBase for results of type R (immutable, shared).
template <class R> class AsyncJob : public AsyncJobBase {
  public:
    using Result = std::shared_ptr<const R>;

    /// The work's view of its job, typed.
    class Context {
      public:
        explicit Context(JobContext& job) : m_job(job) {}
        bool cancelled() const { return m_job.cancelled(); }
        bool progress(std::uint64_t done, std::uint64_t total) {
            return m_job.progress(done, total);
        }
        StudyProgress studyProgress() { return m_job.studyProgress(); }
        /// Sends a partial result (shown at once; the final one follows, or the job ends).
        void partial(Result r) { m_job.sendPartial(std::move(r)); }

      private:
        JobContext& m_job;
    };
    /// Runs on the thread pool; returns the final result, or null when it stopped because it
    /// was cancelled. Throws to fail.
    using Work = std::function<Result(Context&)>;

    explicit AsyncJob(QObject* parent = nullptr) : AsyncJobBase(parent) {}

    void start(Work work) {
        startWork([work = std::move(work)](JobContext& job) -> std::shared_ptr<const void> {
            Context context(job);
            return work(context);
        });
    }
    Result latest() const { return std::static_pointer_cast<const R>(latestValue()); }
};

} // namespace rl
