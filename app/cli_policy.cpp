#include "cli_policy.h"

#include "algorithms/runtime_policy.h"
#include "base/input_error.h"

#ifdef REDUCELAB_WITH_PYTHON
#include "embed/embedded_python.h"
#endif

#include <algorithm>

namespace rl::cli {

void addPolicyOption(std::vector<OptionSpec>& specs, const CliEnvironment& env) {
    if (env.executor == nullptr) {
        specs.push_back({"policy", "FILE.py",
                         "run the policies of a Python file too: each subclass of "
                         "reducelab.Policy becomes an --algo name (repeatable; a policy is code: "
                         "run only files you trust; docs/python.md)"});
    }
}

std::vector<std::string> takePolicyFiles(const std::string& verb, std::vector<std::string>& argv) {
    std::vector<std::string> files;
    std::vector<std::string> rest;
    for (std::size_t i = 0; i < argv.size(); ++i) {
        if (argv[i] == "--policy") {
            if (i + 1 >= argv.size() || argv[i + 1].starts_with("--")) {
                throw InputError(verb + ": --policy needs a value (FILE.py)");
            }
            files.push_back(argv[++i]);
        } else if (argv[i].starts_with("--policy=")) {
            files.push_back(argv[i].substr(std::string("--policy=").size()));
        } else {
            rest.push_back(argv[i]);
        }
    }
    argv = std::move(rest);
    return files;
}

#ifdef REDUCELAB_WITH_PYTHON
struct PolicyFiles::Interpreter {
    python::EmbeddedPython python;
};
#else
struct PolicyFiles::Interpreter {};
#endif

PolicyFiles::PolicyFiles() = default;
PolicyFiles::~PolicyFiles() = default;

CliEnvironment PolicyFiles::load(const std::vector<std::string>& files, const CliEnvironment& env) {
    if (env.executor != nullptr) {
        throw InputError("--policy: " + env.program +
                         " runs no Python on its ranks; run the policy with reducelab-cli");
    }
#ifdef REDUCELAB_WITH_PYTHON
    if (!m_python) {
        m_python = std::make_unique<Interpreter>();
    }
    const auto extras = env.algorithms.extras();
    std::vector<Algorithm> all(extras.begin(), extras.end());
    for (const std::string& file : files) {
        for (Algorithm& a : m_python->python.loadPolicyFile(file)) {
            all.push_back(std::move(a));
        }
    }
    CliEnvironment out = env;
    try {
        out.algorithms = AlgorithmCatalog(std::move(all));
    } catch (const PolicyError&) {
        throw;
    } catch (const InputError& e) { // a name taken twice
        throw InputError(std::string("--policy: ") + e.what());
    }
    return out;
#else
    (void)files;
    throw InputError("--policy: this " + env.program +
                     " was built without Python (install pybind11-dev and python3-dev, and "
                     "build with -DREDUCELAB_PYTHON=ON)");
#endif
}

} // namespace rl::cli
