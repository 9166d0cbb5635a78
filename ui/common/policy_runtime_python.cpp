// The GUI with Python: the interpreter embedded in the program (python/embed).
#include "common/policy_runtime.h"

#include "bindings/policy_interrupt.h"
#include "embed/embedded_python.h"

#include <mutex>

namespace rl {

namespace {

/// The program's interpreter. Never finalized: the loaded algorithms live on in results, the
/// explorer's history and the panels, and the thread pool's threads that ran them outlive the
/// window; the end of the process frees it all.
python::EmbeddedPython& interpreter() {
    static auto* python = new python::EmbeddedPython; // NOLINT(cppcoreguidelines-owning-memory)
    return *python;
}

} // namespace

bool policiesAvailable() {
    return true;
}

std::shared_ptr<JobScope> makeInterruptibleScope() {
    return std::make_shared<python::PolicyInterrupt>();
}

void interruptJob(JobScope* scope) {
    if (auto* interrupt = dynamic_cast<python::PolicyInterrupt*>(scope)) {
        interrupt->interrupt();
    }
}

std::vector<Algorithm> loadPolicyFile(const std::string& path) {
    // One file at a time: the interpreter starts on the first call, and numbers the files'
    // modules.
    static std::mutex mutex;
    const std::lock_guard lock(mutex);
    return interpreter().loadPolicyFile(path);
}

} // namespace rl
