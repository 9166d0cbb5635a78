#pragma once

#include "algorithms/runtime_policy.h"
#include "base/job_scope.h"

#include <atomic>
#include <mutex>
#include <set>
#include <string>

namespace rl::python {

/// A Python policy stopped by PolicyInterrupt::interrupt() (reducelab.Cancelled raised in it):
/// the job was cancelled, nothing is wrong with the policy.
class PolicyCancelled : public PolicyError {
  public:
    using PolicyError::PolicyError;
};

/// The scope of one job that may run Python policies (base/job_scope.h): set it on the thread
/// that runs the job (JobScopeGuard; the job's worker threads inherit it), and interrupt() from
/// any thread stops the policies that run under it, even one that never returns.
///
/// Each run of a policy registers its thread with the scope while it holds the interpreter's
/// lock. interrupt() marks the scope and raises reducelab.Cancelled (a BaseException, so that
/// `except Exception` in a policy does not swallow it) in every registered thread: CPython
/// raises it at the thread's next bytecode, so a policy looping in Python stops within the
/// interpreter's switch interval (5 ms); one blocked in a system call stops when the call
/// returns. A run that starts after interrupt() stops at once. The job then ends with
/// PolicyCancelled.
class PolicyInterrupt final : public JobScope {
  public:
    /// Any thread; takes the interpreter's lock for a moment (never while the caller holds it
    /// for long: the policies' threads need it to stop).
    void interrupt();
    bool interrupted() const { return m_interrupted.load(std::memory_order_relaxed); }

    // For the kernels (python_policy.cpp), with the interpreter's lock held.
    void enter(unsigned long threadId);
    void leave(unsigned long threadId);

  private:
    std::atomic<bool> m_interrupted{false};
    std::mutex m_mutex;
    std::multiset<unsigned long> m_threads;
};

} // namespace rl::python
