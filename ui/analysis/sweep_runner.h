#pragma once

#include "experiment/progressive_sweep.h"

#include <QElapsedTimer>
#include <QFutureWatcher>
#include <QObject>

#include <memory>

namespace rl {

/// One snapshot sent by a run, tagged with the run it belongs to.
struct RunnerItem {
    quint64 generation = 0;
    std::shared_ptr<const GridSnapshot> snapshot;
};

/// Runs a sweep off the GUI thread, in passes (ProgressiveSweep): a coarse snapshot first
/// (about kFirstPassSimulations simulations, well under a second), then x4 more replicates per
/// pass, each pass sending an immutable snapshot. Like Session: a new start() cancels the run in
/// flight, and results of older runs are recognised by their generation and dropped. A grid too
/// large to keep every makespan falls back, for a single ratio (a CV sweep), to a streaming
/// sweep that sends a snapshot after each point.
class SweepRunner : public QObject {
    Q_OBJECT
  public:
    static constexpr std::uint64_t kFirstPassSimulations = 40000;

    explicit SweepRunner(QObject* parent = nullptr);
    ~SweepRunner() override;

    /// Validates `spec` (failed() with the message, nothing else changes) and runs it.
    void start(const SweepSpec& spec);
    void cancel();
    /// Cancels the run in flight and forgets it: none of its results arrive any more, and
    /// latest() is empty (the panel shows results from elsewhere).
    void discard();
    bool isRunning() const { return m_watcher.isRunning(); }
    /// Blocks until the current run ended and delivers its pending snapshot (tests, headless).
    void waitForIdle();
    std::shared_ptr<const GridSnapshot> latest() const { return m_latest; }
    const SweepSpec& spec() const { return m_spec; }
    quint64 generation() const { return m_generation; }

  signals:
    void snapshotReady(std::shared_ptr<const rl::GridSnapshot> snapshot);
    /// Fraction done over the whole run (all passes) and the estimated seconds left (< 0:
    /// unknown yet).
    void progressChanged(double fraction, double etaSeconds);
    void runningChanged(bool running);
    void failed(const QString& message);

  private:
    void onResult(int index);
    void onProgress(int value);
    void onFinished();

    QFutureWatcher<RunnerItem> m_watcher;
    SweepSpec m_spec;
    std::shared_ptr<const GridSnapshot> m_latest;
    QElapsedTimer m_clock;
    quint64 m_generation = 0;
    int m_delivered = 0; // results of the current future already handled
};

} // namespace rl
