#include "analysis/sweep_runner.h"

#include "base/input_error.h"

#include <QPromise>
#include <QtConcurrent/QtConcurrentRun>

namespace rl {

namespace {

constexpr int kProgressScale = 10000;

void runProgressive(QPromise<RunnerItem>& promise, std::shared_ptr<ProgressiveSweep> sweep,
                    quint64 generation) {
    const SweepSpec& spec = sweep->spec();
    promise.setProgressRange(0, kProgressScale);
    const auto points = static_cast<double>(spec.pointCount());
    const double total = static_cast<double>(spec.replicates) * points;
    const auto plan =
        ProgressiveSweep::passPlan(spec.replicates, spec.pointCount(), spec.algorithms.size(),
                                   SweepRunner::kFirstPassSimulations);
    for (std::uint64_t upto : plan) {
        const auto before = static_cast<double>(sweep->replicatesDone()) * points;
        const bool done = sweep->runPass(upto, [&](std::uint64_t d, std::uint64_t) {
            promise.setProgressValue(
                static_cast<int>(kProgressScale * (before + static_cast<double>(d)) / total));
            return !promise.isCanceled();
        });
        if (!done || promise.isCanceled()) {
            return;
        }
        promise.addResult(
            RunnerItem{generation, std::make_shared<const GridSnapshot>(sweep->snapshot())});
    }
}

void runStreaming(QPromise<RunnerItem>& promise, const SweepSpec& spec, quint64 generation) {
    promise.setProgressRange(0, kProgressScale);
    std::vector<SweepRow> rows;
    runSweep(
        spec,
        [&](std::uint64_t done, std::uint64_t total) {
            promise.setProgressValue(static_cast<int>(kProgressScale * static_cast<double>(done) /
                                                      static_cast<double>(total)));
            return !promise.isCanceled();
        },
        [&](const std::vector<SweepRow>& point) {
            rows.insert(rows.end(), point.begin(), point.end());
            const bool complete = rows.size() == spec.pointCount() * spec.algorithms.size();
            promise.addResult(RunnerItem{generation, std::make_shared<const GridSnapshot>(
                                                         snapshotFromRows(spec, rows, complete))});
        });
}

} // namespace

SweepRunner::SweepRunner(QObject* parent) : QObject(parent) {
    connect(&m_watcher, &QFutureWatcherBase::resultReadyAt, this, &SweepRunner::onResult);
    connect(&m_watcher, &QFutureWatcherBase::progressValueChanged, this, &SweepRunner::onProgress);
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &SweepRunner::onFinished);
}

SweepRunner::~SweepRunner() {
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

void SweepRunner::start(const SweepSpec& spec) {
    std::shared_ptr<ProgressiveSweep> sweep;
    try {
        spec.validate();
        const bool streaming = spec.ratios.size() == 1 &&
                               spec.replicates * spec.pointCount() * spec.algorithms.size() >
                                   ProgressiveSweep::kSampleBudget;
        if (!streaming) {
            sweep = std::make_shared<ProgressiveSweep>(spec);
        }
    } catch (const InputError& e) {
        emit failed(QString::fromUtf8(e.what()));
        return;
    }
    if (m_watcher.isRunning()) {
        m_watcher.cancel(); // its late results carry an old generation and are dropped
    }
    m_spec = spec;
    m_latest.reset();
    m_delivered = 0;
    const quint64 generation = ++m_generation;
    m_clock.start();
    if (sweep) {
        m_watcher.setFuture(QtConcurrent::run(&runProgressive, sweep, generation));
    } else {
        m_watcher.setFuture(QtConcurrent::run(&runStreaming, spec, generation));
    }
    emit runningChanged(true);
    emit progressChanged(0.0, -1.0);
}

void SweepRunner::discard() {
    ++m_generation; // what the run in flight still sends is stale from now on
    m_latest.reset();
    cancel();
}

void SweepRunner::cancel() {
    if (m_watcher.isRunning()) {
        m_watcher.cancel();
    }
}

void SweepRunner::waitForIdle() {
    m_watcher.waitForFinished();
    const QFuture<RunnerItem> f = m_watcher.future();
    for (int k = m_delivered; k < f.resultCount(); ++k) {
        onResult(k);
    }
}

void SweepRunner::onResult(int index) {
    const QFuture<RunnerItem> f = m_watcher.future();
    if (index < m_delivered || index >= f.resultCount()) {
        return; // already delivered by waitForIdle, or from a future replaced since
    }
    m_delivered = index + 1;
    RunnerItem item = f.resultAt(index);
    if (item.generation != m_generation || !item.snapshot) {
        return; // stale: a newer run started meanwhile
    }
    m_latest = std::move(item.snapshot);
    emit snapshotReady(m_latest);
}

void SweepRunner::onProgress(int value) {
    const double fraction = static_cast<double>(value) / kProgressScale;
    const double elapsed = static_cast<double>(m_clock.elapsed()) / 1000.0;
    // Time per simulation is about constant over the passes, so a linear extrapolation is a
    // fair estimate once a few percent are done.
    const double eta = fraction > 0.02 ? elapsed * (1.0 - fraction) / fraction : -1.0;
    emit progressChanged(fraction, eta);
}

void SweepRunner::onFinished() {
    if (m_watcher.isRunning()) {
        return;
    }
    if (m_latest && m_latest->complete) {
        emit progressChanged(1.0, 0.0);
    }
    emit runningChanged(false);
}

} // namespace rl
