#include "common/async_job.h"

#include "algorithms/runtime_policy.h"
#include "common/policy_runtime.h"

#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>

#include <new>

namespace rl {

namespace {

constexpr int kProgressScale = 10000;

void runWork(QPromise<JobReport>& promise, const std::shared_ptr<JobScope>& scope,
             const std::function<std::shared_ptr<const void>(JobContext&)>& work) {
    promise.setProgressRange(0, kProgressScale);
    JobContext job(promise);
    const JobScopeGuard inScope(scope); // the job's threads inherit it (parallelFor)
    try {
        std::shared_ptr<const void> value = work(job);
        if (!value || promise.isCanceled()) {
            return; // stopped: what it sent stays, no final result
        }
        // The final result equal to the last partial one is not sent twice: only its finality.
        promise.addResult(
            JobReport{value == job.lastPartial() ? nullptr : std::move(value), true, {}, {}});
    } catch (const std::bad_alloc&) {
        promise.addResult(
            JobReport{nullptr,
                      true,
                      QStringLiteral("out of memory (the request is larger than this machine "
                                     "can hold)"),
                      {}});
    } catch (const std::exception& e) { // InputError, or an internal error: both shown
        if (promise.isCanceled()) {
            return; // e.g. a policy interrupted because its job was cancelled: no failure
        }
        const auto* policy = dynamic_cast<const PolicyError*>(&e);
        promise.addResult(
            JobReport{nullptr, true, QString::fromUtf8(e.what()),
                      policy != nullptr ? QString::fromStdString(policy->details()) : QString()});
    }
}

} // namespace

bool JobContext::progress(std::uint64_t done, std::uint64_t total) {
    if (total > 0) {
        const double f = static_cast<double>(std::min(done, total)) / static_cast<double>(total);
        m_promise.setProgressValue(static_cast<int>(f * kProgressScale));
    }
    return !m_promise.isCanceled();
}

void JobContext::sendPartial(std::shared_ptr<const void> value) {
    m_lastPartial = value;
    m_promise.addResult(JobReport{std::move(value), false, {}, {}});
}

void AsyncJobBase::Watcher::stop() {
    cancel();
    interruptJob(scope.get());
}

AsyncJobBase::AsyncJobBase(QObject* parent) : QObject(parent) {}

AsyncJobBase::~AsyncJobBase() {
    // No job may outlive its owner's widgets: stop them all and wait.
    if (m_current) {
        m_retired.push_back(m_current);
    }
    for (Watcher* w : m_retired) {
        w->stop();
    }
    for (Watcher* w : m_retired) {
        w->waitForFinished();
    }
}

void AsyncJobBase::startWork(Work work) {
    if (m_current) {
        retire(m_current);
    }
    auto* w = new Watcher(this);
    m_current = w;
    ++m_generation;
    m_latest.reset();
    m_failure.clear();
    m_failureDetails.clear();
    m_delivered = 0;
    m_complete = false;
    connect(w, &Watcher::resultsReadyAt, this, [this, w](int, int end) { deliverUpTo(w, end); });
    connect(w, &Watcher::progressValueChanged, this, [this, w](int v) { onProgress(w, v); });
    connect(w, &Watcher::finished, this, [this, w] { onFinished(w); });
    m_clock.start();
    w->scope = makeInterruptibleScope();
    w->setFuture(QtConcurrent::run(&runWork, w->scope, std::move(work)));
    const bool wasRunning = m_running;
    m_running = true;
    if (!wasRunning) {
        emit runningChanged(true);
    }
    emit progressChanged(0.0, -1.0);
}

void AsyncJobBase::retire(Watcher* w) {
    // Whatever it still sends is stale: only its end matters, to free it.
    disconnect(w, nullptr, this, nullptr);
    if (w->isFinished()) {
        w->deleteLater();
        return;
    }
    w->stop();
    m_retired.push_back(w);
    connect(w, &Watcher::finished, this, [this, w] {
        m_retired.erase(std::remove(m_retired.begin(), m_retired.end(), w), m_retired.end());
        w->deleteLater();
    });
}

void AsyncJobBase::cancel() {
    if (m_current) {
        m_current->stop();
    }
}

void AsyncJobBase::discard() {
    if (m_current) {
        retire(m_current);
        m_current = nullptr;
    }
    m_latest.reset();
    m_failure.clear();
    m_failureDetails.clear();
    m_complete = false;
    if (m_running) {
        m_running = false;
        emit runningChanged(false);
    }
}

void AsyncJobBase::waitForIdle() {
    if (!m_current) {
        return;
    }
    Watcher* w = m_current;
    w->waitForFinished();
    deliverUpTo(w, w->future().resultCount());
    onFinished(w);
}

void AsyncJobBase::deliverUpTo(Watcher* w, int count) {
    if (w != m_current) {
        return; // a superseded job
    }
    const QFuture<JobReport> f = w->future();
    count = std::min(count, f.resultCount());
    for (; m_delivered < count; ++m_delivered) {
        const JobReport r = f.resultAt(m_delivered);
        if (!r.error.isEmpty()) {
            m_failure = r.error;
            m_failureDetails = r.errorDetails;
            emit failed(r.error);
            continue;
        }
        m_complete = m_complete || r.final;
        if (r.value) {
            m_latest = r.value;
            emit resultReady();
        }
    }
}

void AsyncJobBase::onProgress(Watcher* w, int value) {
    if (w != m_current || !m_running) {
        return;
    }
    const double fraction = static_cast<double>(value) / kProgressScale;
    const double elapsed = static_cast<double>(m_clock.elapsed()) / 1000.0;
    // Work per unit is about constant, so a linear extrapolation is a fair estimate once a few
    // percent are done.
    const double eta = fraction > 0.02 ? elapsed * (1.0 - fraction) / fraction : -1.0;
    emit progressChanged(fraction, eta);
}

void AsyncJobBase::onFinished(Watcher* w) {
    if (w != m_current || !m_running || !w->isFinished()) {
        return; // superseded, or already handled (waitForIdle, then the queued signal)
    }
    deliverUpTo(w, w->future().resultCount());
    m_running = false;
    if (m_complete) {
        emit progressChanged(1.0, 0.0);
    }
    emit runningChanged(false);
}

} // namespace rl
