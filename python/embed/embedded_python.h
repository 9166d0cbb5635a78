#pragma once

#include "bindings/policy_interrupt.h"

#include "algorithms/algorithm.h"

#include <cstddef>
#include <string>
#include <vector>

namespace rl::python {

/// Largest policy file read (a policy is a page of Python).
inline constexpr std::size_t kMaxPolicyFileBytes = std::size_t{1} << 20;

/// The Python interpreter embedded in a program, to run policy files: reducelab-cli's
/// `--policy FILE.py` and the GUI's Algorithms → Load policy… (docs/python.md, "Policies in the
/// programs").
///
/// Threads and the interpreter's lock (GIL): the interpreter starts on the first call, on the
/// calling thread, which then releases the lock at once; every call of this class, and every run
/// of a loaded policy, takes the lock for its duration only, from whatever thread it runs on
/// (a thread the interpreter does not know gets one thread state for its life). So algorithms
/// loaded here run on any thread, e.g. Monte Carlo's workers, one policy instance per kernel
/// (i.e. per thread), one thread in Python at a time: Python policies gain nothing from more
/// threads, built-in algorithms beside them still do. To stop a policy that never returns, run
/// the job under a PolicyInterrupt (policy_interrupt.h) and call its interrupt() from another
/// thread.
///
/// The interpreter is finalized by the destructor: destroy every algorithm loaded here (and
/// every kernel or result holding them) first, and end the threads that ran them.
class EmbeddedPython {
  public:
    EmbeddedPython() = default;
    ~EmbeddedPython();
    EmbeddedPython(const EmbeddedPython&) = delete;
    EmbeddedPython& operator=(const EmbeddedPython&) = delete;

    /// The policies of a Python file, as algorithms: the file (a regular file, at most
    /// kMaxPolicyFileBytes) runs once in a module of its own; each subclass of reducelab.Policy
    /// it defines (not one it imports), in definition order, becomes an algorithm named by its
    /// `name` (docs/python.md), whose scenario files name this file and the class. Exceptions of
    /// its Python code reach whoever runs it as PolicyError: one line (the exception and where)
    /// and the traceback as details(). Throws PolicyError (details(): the traceback) when the
    /// file raises or defines no policy, InputError when it cannot be read or a name is
    /// invalid. Any thread; under a job's PolicyInterrupt (base/job_scope.h), the file's code
    /// stops when the job is interrupted, even a top-level loop: PolicyCancelled.
    std::vector<Algorithm> loadPolicyFile(const std::string& path);

    /// Whether this object started the interpreter.
    bool started() const { return m_started; }

  private:
    void start();

    bool m_started = false;
    void* m_mainState = nullptr; // the starting thread's PyThreadState, while it lets the lock go
    int m_files = 0;             // files loaded, for their modules' names
};

} // namespace rl::python
