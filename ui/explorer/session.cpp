#include "explorer/session.h"

#include "algorithms/simulator.h"
#include "base/input_error.h"

#include <QPromise>

#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace rl {

namespace {

void simulate(QPromise<std::shared_ptr<const RunResult>>& promise, const Scenario& scenario) {
    auto result = std::make_shared<RunResult>();
    result->scenario = scenario;
    promise.setProgressRange(0, static_cast<int>(scenario.algorithms.size()));
    const CostModel costs = scenario.costModel();
    int done = 0;
    for (AlgorithmId a : scenario.algorithms) {
        if (promise.isCanceled()) {
            return;
        }
        Simulator sim(a, scenario.n, scenario.nonCommutative, costs);
        result->schedules.push_back(
            std::make_shared<const Schedule>(sim.schedule(scenario.seed, scenario.replicate)));
        promise.setProgressValue(++done);
    }
    result->bound =
        referenceBound(costs, scenario.n, scenario.nonCommutative,
                       [&](std::uint64_t, std::uint64_t) { return !promise.isCanceled(); });
    if (std::find(scenario.algorithms.begin(), scenario.algorithms.end(), AlgorithmId::TreeDyn) !=
        scenario.algorithms.end()) {
        result->treeDynChain = treeDynMarkovFor(costs, scenario.n);
    }
    if (promise.isCanceled()) {
        return;
    }
    promise.addResult(std::shared_ptr<const RunResult>(std::move(result)));
}

} // namespace

Session::Session(QObject* parent) : QObject(parent) {
    connect(&m_watcher, &QFutureWatcherBase::finished, this, &Session::onFinished);
}

Session::~Session() {
    m_watcher.cancel();
    m_watcher.waitForFinished();
}

void Session::setScenario(const Scenario& s) {
    try {
        s.validate();
    } catch (const InputError& e) {
        emit failed(QString::fromUtf8(e.what()));
        return;
    }
    m_scenario = s;
    if (m_watcher.isRunning()) {
        m_watcher.cancel(); // its result, if any, is recognised as stale by its generation
    }
    m_runningGeneration = ++m_generation;
    m_watcher.setFuture(QtConcurrent::run(&simulate, s));
    emit runningChanged(true);
}

void Session::waitForIdle() {
    m_watcher.waitForFinished();
    // Deliver the finished signal now (it is queued to this thread's event loop otherwise).
    if (m_result == nullptr || m_result->scenario != m_scenario) {
        onFinished();
    }
}

void Session::onFinished() {
    const QFuture<std::shared_ptr<const RunResult>> f = m_watcher.future();
    if (m_runningGeneration != m_generation || f.isCanceled() || f.resultCount() == 0) {
        return;
    }
    std::shared_ptr<const RunResult> r = f.result();
    if (r->scenario != m_scenario || r == m_result) {
        return; // stale: a newer scenario was set meanwhile
    }
    m_result = std::move(r);
    emit runningChanged(false);
    emit resultReady(m_result);
}

} // namespace rl
