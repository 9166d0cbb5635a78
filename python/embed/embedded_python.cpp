#include "embed/embedded_python.h"

#include "bindings/module_def.h"
#include "bindings/policy_interrupt.h"
#include "bindings/python_policy.h"

#include "base/file_io.h"

#include <pybind11/embed.h>

#include <cstdio>
#include <exception>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <system_error>

// The private module, built into the program: a policy file's `import reducelab` finds it (as
// reducelab._reducelab under the installed package, or as reducelab itself).
PYBIND11_EMBEDDED_MODULE(_reducelab_embedded, m) {
    rl::python::defineModule(m);
}

namespace rl::python {

namespace {

namespace py = pybind11;

/// The build tree's package beside the program (build/app/X -> build/python), which the
/// interpreter would not find otherwise; none for an installed program (Debian's path has it).
std::string packageBesideProgram() {
    std::error_code ec;
    const std::filesystem::path exe = std::filesystem::read_symlink("/proc/self/exe", ec);
    if (ec) {
        return {};
    }
    const std::filesystem::path dir = exe.parent_path().parent_path() / "python";
    return std::filesystem::is_regular_file(dir / "reducelab" / "__init__.py", ec) ? dir.string()
                                                                                   : std::string();
}

// Runs with the lock; makes reducelab importable with the program's own core.
const char* const kStartSource = R"py(
import sys
import _reducelab_embedded
sys.modules['reducelab._reducelab'] = _reducelab_embedded
if _package_dir:
    sys.path.insert(0, _package_dir)
try:
    import reducelab
except ImportError:
    sys.modules['reducelab'] = _reducelab_embedded
)py";

// Runs a policy file in a module of its own and returns its Policy subclasses.
const char* const kLoadSource = R"py(
import sys, types, reducelab
_module = types.ModuleType(_module_name)
_module.__file__ = _path
sys.modules[_module_name] = _module
try:
    exec(compile(_source, _path, 'exec'), _module.__dict__)
except BaseException:
    del sys.modules[_module_name]
    raise
_classes = [v for v in vars(_module).values()
            if isinstance(v, type) and issubclass(v, reducelab.Policy)
            and v is not reducelab.Policy and v.__module__ == _module_name]
)py";

} // namespace

void EmbeddedPython::start() {
    if (m_started || Py_IsInitialized() != 0) {
        return;
    }
    // As pybind11's initialize_interpreter(false) (no signal handlers: Ctrl-C stops the
    // program as it did without Python), but named after the interpreter the program was
    // built with: unnamed, Python looks for "python3" on PATH to find its prefix, and inside
    // a virtual environment or a pyenv shell it would take that one's site-packages instead of
    // the installed package and numpy.
    PyConfig config;
    PyConfig_InitIsolatedConfig(&config);
    config.isolated = 0;
    config.use_environment = 1;
    config.install_signal_handlers = 0;
    const PyStatus named =
        PyConfig_SetBytesString(&config, &config.program_name, REDUCELAB_PYTHON_EXECUTABLE);
    if (PyStatus_Exception(named) != 0) {
        PyConfig_Clear(&config);
        throw std::runtime_error("cannot start Python: " +
                                 std::string(named.err_msg != nullptr ? named.err_msg : ""));
    }
    py::initialize_interpreter(&config, 0, nullptr, false);
    m_started = true;
    {
        py::dict scope;
        scope["_package_dir"] = packageBesideProgram();
        py::exec(kStartSource, scope);
    }
    m_mainState = PyEval_SaveThread(); // other threads run policies too
}

EmbeddedPython::~EmbeddedPython() {
    if (!m_started) {
        return;
    }
    try {
        PyEval_RestoreThread(static_cast<PyThreadState*>(m_mainState));
        py::finalize_interpreter();
    } catch (const std::exception& e) {
        // At the program's end, from a destructor: say it, nothing else can be done.
        std::fputs("reducelab: the Python interpreter did not end cleanly: ", stderr);
        std::fputs(e.what(), stderr);
        std::fputs("\n", stderr);
    }
}

std::vector<Algorithm> EmbeddedPython::loadPolicyFile(const std::string& path) {
    // Read by the program's one reader of inputs: a FIFO or a device never blocks, a huge file
    // is refused.
    const std::string source = readInputFile(path, kMaxPolicyFileBytes);
    start();
    // Registered with the job's PolicyInterrupt, if any: a file whose top-level code loops
    // stops when its job is cancelled (the GUI's loads run under one).
    const PythonCall call;
    if (call.interrupted()) {
        throw PolicyCancelled(path + ": loading was cancelled");
    }
    const std::string absolute = std::filesystem::absolute(path).lexically_normal().string();
    try {
        py::dict scope;
        scope["_module_name"] = "reducelab_policy_file_" + std::to_string(++m_files);
        scope["_path"] = absolute;
        scope["_source"] = py::bytes(source);
        py::exec(kLoadSource, scope);
        const py::list classes = scope["_classes"];
        if (classes.empty()) {
            throw PolicyError(path + ": defines no policy (a subclass of reducelab.Policy)");
        }
        std::vector<Algorithm> out;
        for (const py::handle cls : classes) {
            PolicyOrigin origin;
            origin.file = absolute;
            origin.className = py::str(cls.attr("__qualname__")).cast<std::string>();
            out.push_back(policyAlgorithm(cls, origin, ErrorMode::Translate));
        }
        return out;
    } catch (const py::error_already_set& e) {
        if (isCancellation(e)) {
            throw PolicyCancelled(path + ": loading was cancelled");
        }
        throw describePythonError(e, path, absolute);
    } catch (const py::builtin_exception& e) { // a class that is no policy (no on_idle)
        throw PolicyError(path + ": " + e.what());
    } catch (const InputError& e) { // an invalid name
        if (dynamic_cast<const PolicyError*>(&e) != nullptr) {
            throw;
        }
        throw InputError(path + ": " + e.what());
    }
}

} // namespace rl::python
