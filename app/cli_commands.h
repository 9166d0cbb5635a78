#pragma once

#include "algorithms/algorithm.h"

#include <string>
#include <vector>

namespace rl {
class PointExecutor;
}

namespace rl::cli {

class FigureRenderer;

/// Which program runs the verbs: reducelab-cli (every verb, here) or reducelab-mpi (mc and
/// sweep, on the ranks), the algorithms their `--algo` options and input files may name, and
/// what draws their figures.
struct CliEnvironment {
    std::string program = "reducelab-cli";
    PointExecutor* executor = nullptr;
    bool onlyMonteCarloVerbs = false;
    /// The built-ins, and the algorithms defined at run time (a test's, a policy file's).
    AlgorithmCatalog algorithms;
    /// The GUI's views (figure_renderer.h); null: no figures, every option that draws is
    /// refused (a build without Qt, and the verbs run in-process by tests and fuzzers).
    FigureRenderer* figures = nullptr;
    /// Lines the top-level help adds to its list of verbs: the verbs a program runs outside
    /// runCli ("  run       ..." for reducelab-mpi's run).
    std::string extraVerbHelp;
};

/// The verbs, one file each (app/cli_<verb>.cpp). Each returns the exit code; errors are
/// thrown (InputError, OutputError) and turned into one line by runCli.
int cmdRun(const std::vector<std::string>& argv, const CliEnvironment& env);
/// `env.executor`: where the Monte Carlo points run (null: this process; reducelab-mpi: ranks).
int cmdMc(const std::vector<std::string>& argv, const CliEnvironment& env);
int cmdSweep(const std::vector<std::string>& argv, const CliEnvironment& env);
int cmdBench(const std::vector<std::string>& argv, const CliEnvironment& env);
int cmdTheory(const std::vector<std::string>& argv);
int cmdSteady(const std::vector<std::string>& argv, const CliEnvironment& env);
int cmdDivisible(const std::vector<std::string>& argv, const CliEnvironment& env);
int cmdPlot(const std::vector<std::string>& argv, const CliEnvironment& env);

/// Runs `<program> <args>`; returns the process exit code (0 success, 2 input or output error,
/// 1 internal error), having printed any error as one line on standard error.
int runCli(const std::vector<std::string>& args, const CliEnvironment& env = {});

} // namespace rl::cli
