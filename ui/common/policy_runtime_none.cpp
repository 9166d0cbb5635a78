// The GUI without Python (pybind11-dev or python3-dev absent at configure time).
#include "common/policy_runtime.h"

#include "base/input_error.h"

namespace rl {

bool policiesAvailable() {
    return false;
}

std::shared_ptr<JobScope> makeInterruptibleScope() {
    return nullptr;
}

void interruptJob(JobScope* /*scope*/) {}

std::vector<Algorithm> loadPolicyFile(const std::string& path) {
    throw InputError(path + ": this ReduceLab was built without Python: it cannot run policy "
                            "files (docs/install.md)");
}

} // namespace rl
