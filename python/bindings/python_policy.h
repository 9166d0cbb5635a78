#pragma once

#include "algorithms/algorithm.h"
#include "algorithms/runtime_policy.h"

#include <pybind11/eval.h>
#include <pybind11/pybind11.h>

#include <string>

namespace rl::python {

namespace py = pybind11;

/// How an exception of a policy's Python code reaches whoever ran the algorithm.
enum class ErrorMode {
    /// As it was raised (py::error_already_set): the Python module hands it back to the user's
    /// code with its traceback.
    Propagate,
    /// As a PolicyError whose message is one line (the exception and where it was raised) and
    /// whose details() are the whole traceback: the programs (reducelab-cli, the GUI).
    Translate,
};

/// Where a Python policy comes from, for the scenario files that name it.
struct PolicyOrigin {
    std::string file;      ///< absolute path of the file that defines its class ("" if none)
    std::string className; ///< the class's name
};

/// The algorithm whose rule is the Python policy `source` (docs/python.md): a subclass of
/// reducelab.Policy (each run on an instance of its own, made with no argument) or an instance
/// of one (each run on a copy.deepcopy of it as it was given, never on the instance itself:
/// InputError naming the attribute that cannot be copied). Its key and name are the policy's `name`
/// (by default its class's name), its summary the `summary` attribute or the first line of the
/// class's docstring; `clairvoyant` and `commutative_only` say what it needs. The hooks the
/// class does not override are never called. Each run holds the interpreter's lock (GIL) and
/// registers its thread with the job's PolicyInterrupt, if any. Needs the lock; throws
/// InputError (bad name) or py::error_already_set (TypeError: not a policy).
Algorithm policyAlgorithm(py::handle source, ErrorMode mode);

/// Whether `source` is a reducelab.Policy subclass or instance.
bool isPolicy(py::handle source);

/// Where `source`'s class is defined (inspect.getsourcefile), if in a file.
PolicyOrigin policyOrigin(py::handle source);

/// The one line and the traceback of the Python exception `e` raised by `who` (with the lock
/// held): "policy 'x': ZeroDivisionError: division by zero (in on_idle, at tree.py:12)", the
/// place being the last frame in `file` if any (the user's line rather than a library's); a
/// rule the engine refused is told in its own words.
PolicyError describePythonError(const py::error_already_set& e, const std::string& who,
                                const std::string& file = {});

/// policyAlgorithm() of a class read from `origin`'s file (the embedded interpreter's loader).
Algorithm policyAlgorithm(py::handle cls, const PolicyOrigin& origin, ErrorMode mode);

class PolicyInterrupt;

/// The interpreter's lock for one call into Python, with the calling thread registered
/// meanwhile with its job's PolicyInterrupt (currentJobScope(), base/job_scope.h), if any: a
/// policy's run, or a policy file's top-level code (EmbeddedPython::loadPolicyFile), stops
/// when the job is interrupted, even if it never returns (it then raises reducelab.Cancelled:
/// isCancellation()). A thread the interpreter does not know (a worker) is adopted for its
/// lifetime.
class PythonCall {
  public:
    PythonCall();
    ~PythonCall();
    PythonCall(const PythonCall&) = delete;
    PythonCall& operator=(const PythonCall&) = delete;

    /// Whether the job was interrupted (then nothing more should run).
    bool interrupted() const;

  private:
    PolicyInterrupt* m_scope;
    PyGILState_STATE m_state{};
    unsigned long m_thread = 0;
};

/// Whether `e` is reducelab.Cancelled, raised by PolicyInterrupt::interrupt(). Needs the lock.
bool isCancellation(const py::error_already_set& e);

/// Defines reducelab's Policy, Engine, Error and Cancelled in `m` (the module's definition).
void definePolicyTypes(py::module_& m);

} // namespace rl::python
