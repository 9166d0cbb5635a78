#include "base/job_scope.h"

#include <utility>

namespace rl {

namespace {

std::shared_ptr<JobScope>& threadScope() {
    thread_local std::shared_ptr<JobScope> scope;
    return scope;
}

} // namespace

const std::shared_ptr<JobScope>& currentJobScope() {
    return threadScope();
}

std::shared_ptr<JobScope> jobScopeForWorkers() {
    return threadScope();
}

void throwIfJobCancelled() {
    const JobScope* scope = threadScope().get();
    if (scope != nullptr && scope->cancelled()) {
        throw JobCancelled();
    }
}

JobScopeGuard::JobScopeGuard(std::shared_ptr<JobScope> scope)
    : m_previous(std::exchange(threadScope(), std::move(scope))) {}

JobScopeGuard::~JobScopeGuard() {
    threadScope() = std::move(m_previous);
}

} // namespace rl
