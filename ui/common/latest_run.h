#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QtConcurrent/QtConcurrentRun>

#include <functional>
#include <memory>

namespace rl {

/// Runs a computation on the thread pool (QtConcurrent, with a QPromise for cancellation) and
/// hands the GUI thread the result of the latest one only: starting a new run cancels the one
/// in flight, whose result is never delivered. Results are immutable (shared_ptr<const R>).
template <class R> class LatestRun {
  public:
    using Result = std::shared_ptr<const R>;

    /// `onResult` runs in `context`'s thread, once per delivered result.
    LatestRun(QObject* context, std::function<void(Result)> onResult)
        : m_onResult(std::move(onResult)) {
        QObject::connect(&m_watcher, &QFutureWatcherBase::finished, context, [this] { deliver(); });
    }
    ~LatestRun() {
        m_watcher.cancel();
        m_watcher.waitForFinished();
    }
    LatestRun(const LatestRun&) = delete;
    LatestRun& operator=(const LatestRun&) = delete;

    /// Starts fn(QPromise<Result>&, arg) on the thread pool.
    template <class Fn, class Arg> void start(Fn fn, const Arg& arg) {
        if (m_watcher.isRunning()) {
            m_watcher.cancel();
        }
        m_watcher.setFuture(QtConcurrent::run(fn, arg));
    }
    bool isRunning() const { return m_watcher.isRunning(); }
    /// Blocks until the run in flight ends and delivers its result now (tests, screenshots).
    void waitForIdle() {
        m_watcher.waitForFinished();
        deliver();
    }

  private:
    void deliver() {
        const QFuture<Result> f = m_watcher.future();
        if (f.isCanceled() || f.resultCount() == 0) {
            return;
        }
        Result r = f.result();
        if (r == m_last) {
            return; // already delivered (waitForIdle, then the queued signal)
        }
        m_last = r;
        m_onResult(std::move(r));
    }

    std::function<void(Result)> m_onResult;
    QFutureWatcher<Result> m_watcher;
    Result m_last;
};

} // namespace rl
