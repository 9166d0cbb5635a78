#pragma once

#include "algorithms/algorithm.h"
#include "base/job_scope.h"

#include <memory>
#include <string>
#include <vector>

namespace rl {

/// The GUI's side of the Python interpreter embedded in the program (python/embed): whether
/// this build has it, the interruptible scope every AsyncJob runs under, and the loading of a
/// policy file. Built as policy_runtime_python.cpp with Python (REDUCELAB_WITH_PYTHON) and as
/// policy_runtime_none.cpp without: the rest of the window compiles the same either way.

/// Whether this build runs Python policies (Algorithms → Load policy…).
bool policiesAvailable();

/// A fresh scope for one job (base/job_scope.h): a policy that runs under it stops when
/// interruptJob() is called, even one that never returns (python/bindings/policy_interrupt.h).
/// Null in a build without Python.
std::shared_ptr<JobScope> makeInterruptibleScope();

/// Stops the policies running under `scope` (made by makeInterruptibleScope(); null: nothing).
/// Any thread; returns at once, the job then ends with an error that says it was cancelled.
void interruptJob(JobScope* scope);

/// The policies of the Python file `path` as algorithms (EmbeddedPython::loadPolicyFile), run
/// by the program's one interpreter, started on the first call. Any thread; one file at a
/// time. Throws PolicyError (details(): the traceback) or InputError; InputError in a build
/// without Python.
std::vector<Algorithm> loadPolicyFile(const std::string& path);

} // namespace rl
