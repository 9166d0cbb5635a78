#pragma once

#include "cli_args.h"
#include "cli_commands.h"

#include <memory>
#include <string>
#include <vector>

namespace rl::cli {

/// Adds `--policy FILE.py` to a verb's options (run, mc, sweep, bench), where the program runs
/// Python: not reducelab-mpi (its ranks do not).
void addPolicyOption(std::vector<OptionSpec>& specs, const CliEnvironment& env);

/// Removes every `--policy FILE` of `argv` (the option may be repeated) and returns the files,
/// in order; InputError when one has no value.
std::vector<std::string> takePolicyFiles(const std::string& verb, std::vector<std::string>& argv);

/// The policies of `--policy` files, run by the Python interpreter embedded in the program
/// (python/embed/embedded_python.h): the environment whose catalog has them beside the
/// built-ins. Destroy the environments it made before it (it ends the interpreter).
class PolicyFiles {
  public:
    PolicyFiles();
    ~PolicyFiles();
    PolicyFiles(const PolicyFiles&) = delete;
    PolicyFiles& operator=(const PolicyFiles&) = delete;

    /// `env` with the policies of `files` added to its algorithms. Throws InputError when the
    /// program was built without Python or runs on MPI ranks, PolicyError when a file cannot
    /// be loaded (details(): the traceback).
    CliEnvironment load(const std::vector<std::string>& files, const CliEnvironment& env);

  private:
    struct Interpreter;
    std::unique_ptr<Interpreter> m_python;
};

} // namespace rl::cli
