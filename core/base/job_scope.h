#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <stdexcept>

namespace rl {

/// Thrown by the long loops of a job whose scope was cancelled (JobScope::cancel): a
/// simulation's events, Monte Carlo's replicates. The job ends with it, no result: the front
/// end that cancelled knows why.
class JobCancelled : public std::runtime_error {
  public:
    JobCancelled() : std::runtime_error("the job was cancelled") {}
};

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

    /// Stops the job's long loops within kCancelCheckInterval units of work each (about a
    /// millisecond), even inside one long simulation: they throw JobCancelled. Any thread, and
    /// a signal handler (a lock-free store).
    void cancel() { m_cancelled.store(true, std::memory_order_relaxed); }
    bool cancelled() const { return m_cancelled.load(std::memory_order_relaxed); }

  private:
    std::atomic<bool> m_cancelled{false};
};

/// Units of work (events of a simulation, processors times algorithms of Monte Carlo
/// replicates) between two looks at the job's cancel flag: a fraction of a millisecond, so a
/// cancellation lands at once at any n, while the look (a thread-local read) costs nothing.
inline constexpr std::uint64_t kCancelCheckInterval = std::uint64_t{1} << 16;

/// Throws JobCancelled when the calling thread's job scope was cancelled.
void throwIfJobCancelled();

/// Counts a loop's work and looks at the job's cancel flag once per kCancelCheckInterval
/// units: cancellation by elapsed work, not by iterations, whatever an iteration costs.
class CancelPoll {
  public:
    void add(std::uint64_t work) {
        m_work += work;
        if (m_work >= kCancelCheckInterval) [[unlikely]] {
            m_work = 0;
            throwIfJobCancelled();
        }
    }

  private:
    std::uint64_t m_work = 0;
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
