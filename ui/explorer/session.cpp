#include "explorer/session.h"

#include "base/input_error.h"

namespace rl {

Session::Session(QObject* parent) : QObject(parent) {
    connect(&m_job, &AsyncJobBase::resultReady, this, [this] {
        m_result = m_job.latest();
        emit resultReady(m_result);
    });
    connect(&m_job, &AsyncJobBase::failed, this, &Session::failed);
    connect(&m_job, &AsyncJobBase::runningChanged, this, &Session::runningChanged);
}

void Session::validate(const Scenario& s) {
    s.validate();
    checkRunDetail(s, RunDetail::Explorer);
}

void Session::setScenario(const Scenario& s) {
    try {
        validate(s);
    } catch (const InputError& e) {
        emit failed(QString::fromUtf8(e.what()));
        return;
    }
    m_scenario = s;
    m_job.start([s](AsyncJob<RunResult>::Context& job) {
        return runScenario(s, RunDetail::Explorer, job.studyProgress());
    });
}

} // namespace rl
