#include "explorer/session.h"

#include "base/input_error.h"
#include "studies/measured_run.h"

namespace rl {

Session::Session(QObject* parent) : QObject(parent) {
    connect(&m_job, &AsyncJobBase::resultReady, this, [this] {
        m_result = m_job.latest();
        emit resultReady(m_result);
    });
    connect(&m_job, &AsyncJobBase::failed, this, &Session::failed);
    connect(&m_job, &AsyncJobBase::runningChanged, this, &Session::runningChanged);
    // After the result, if any (AsyncJob delivers before it says the job ended); a superseded
    // run never ends here (the next one is running).
    connect(&m_job, &AsyncJobBase::runningChanged, this, [this](bool running) {
        if (!running && m_result && m_result->scenario != m_scenario) {
            m_scenario = m_result->scenario;
            emit reverted(m_scenario);
        }
    });
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

void Session::setBesideMeasured(const ScheduleFile& file) {
    try {
        checkBesideMeasured(file, RunDetail::Explorer);
    } catch (const InputError& e) {
        emit failed(QString::fromUtf8(e.what()));
        return;
    }
    m_scenario = *file.scenario;
    auto shared = std::make_shared<const ScheduleFile>(file);
    m_job.start([shared](AsyncJob<RunResult>::Context& job) {
        return runBesideMeasured(*shared, RunDetail::Explorer, job.studyProgress());
    });
}

} // namespace rl
