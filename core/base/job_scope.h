#pragma once

#include <memory>

namespace rl {

/// What the threads of one job share without passing it through every call: set on the thread
/// that starts the job (JobScopeGuard), passed on by parallelFor and WorkerThreads to the
/// threads they start, so that code deep inside the job finds it. The embedded interpreter's
/// kernels register the threads that run a policy with their job's scope, so that a front end
/// can interrupt a policy that never returns (python/embed/embedded_python.h). Plain data to the
/// core: it only carries it.
class JobScope {
  public:
    JobScope() = default;
    virtual ~JobScope() = default;
    JobScope(const JobScope&) = delete;
    JobScope& operator=(const JobScope&) = delete;
};

/// The calling thread's job scope (null: none).
const std::shared_ptr<JobScope>& currentJobScope();

/// A copy of the calling thread's job scope, for the threads it starts: a reference to its
/// thread-local scope would follow what that thread sets later.
std::shared_ptr<JobScope> jobScopeForWorkers();

/// Makes `scope` the calling thread's job scope for the guard's lifetime, then restores the
/// previous one.
class JobScopeGuard {
  public:
    explicit JobScopeGuard(std::shared_ptr<JobScope> scope);
    ~JobScopeGuard();
    JobScopeGuard(const JobScopeGuard&) = delete;
    JobScopeGuard& operator=(const JobScopeGuard&) = delete;

  private:
    std::shared_ptr<JobScope> m_previous;
};

} // namespace rl
