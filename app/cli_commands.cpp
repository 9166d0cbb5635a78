#include "cli_commands.h"

#include "cli_policy.h"

#include "algorithms/runtime_policy.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "base/version.h"

#include <algorithm>
#include <functional>
#include <iostream>
#include <new>

namespace rl::cli {

namespace {

/// The one list of verbs: dispatch, the top-level help and the error for an unknown verb.
struct Verb {
    const char* name;
    const char* summary;
    std::function<int(const std::vector<std::string>&, const CliEnvironment&)> run;
    bool monteCarlo; // offered by reducelab-mpi too
    bool policies;   // takes --policy FILE.py
};

const std::vector<Verb>& verbs() {
    static const std::vector<Verb> table{
        {"run", "simulate one reduction and print its schedule (CSV or JSON)", cmdRun, false, true},
        {"mc", "Monte Carlo summary of one or more algorithms on common random numbers", cmdMc,
         true, true},
        {"sweep", "the grids of the paper's Fig. 4, 5 and 6 as tidy CSV (and figures)", cmdSweep,
         true, true},
        {"plot", "redraw a sweep's figure from its results file (sweep --out and its sidecar)",
         cmdPlot, false, false},
        {"bench", "simulations per second of every algorithm", cmdBench, false, true},
        {"steady", "steady-state series of reductions or scatters on a platform graph (LP)",
         cmdSteady, false, false},
        {"divisible", "divisible load on a bus or a star: shares, orders, returns, rounds",
         cmdDivisible, false, false},
        {"theory", "Markov chain, worst-case ratios (RR Table 1), Liu-Wang SNF and exact optimum",
         [](const auto& argv, const CliEnvironment&) { return cmdTheory(argv); }, false, false},
    };
    return table;
}

std::string topHelp(const CliEnvironment& env) {
    std::string h = "usage: " + env.program + " VERB [options]    (" + env.program +
                    " VERB --help for each verb)\n\nverbs:\n";
    for (const Verb& v : verbs()) {
        if (v.monteCarlo || !env.onlyMonteCarloVerbs) {
            std::string name = v.name;
            name.resize(std::max<std::size_t>(name.size() + 1, 10), ' ');
            h += "  " + name + v.summary + "\n";
        }
    }
    h += env.extraVerbHelp;
    h += "\noptions of every verb: --help, --version\n\n"
         "exit status: 0 success; 2 invalid usage or input, or an output that could not be "
         "written\n(one line on standard error; no output file is left changed); 1 internal "
         "error\n";
    return h;
}

} // namespace

int runCli(const std::vector<std::string>& args, const CliEnvironment& env) {
    const std::string prefix = env.program + ": error: ";
    // Declared before the verb's environment, which holds its policies: it outlives them.
    PolicyFiles policyFiles;
    try {
        // --version anywhere (reducelab-cli --version, reducelab-cli mc --version) answers it.
        if (std::find(args.begin(), args.end(), "--version") != args.end()) {
            std::cout << env.program << " " << kVersion << "\n";
            return 0;
        }
        if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
            std::cout << topHelp(env);
            return args.empty() ? 2 : 0;
        }
        std::vector<std::string> rest(args.begin() + 1, args.end());
        std::string known;
        for (const Verb& v : verbs()) {
            if (!v.monteCarlo && env.onlyMonteCarloVerbs) {
                continue;
            }
            if (args[0] == v.name) {
                if (v.policies) {
                    const std::vector<std::string> files = takePolicyFiles(v.name, rest);
                    if (!files.empty()) {
                        return v.run(rest, policyFiles.load(files, env));
                    }
                }
                return v.run(rest, env);
            }
            known += (known.empty() ? "" : ", ") + std::string(v.name);
        }
        throw InputError("unknown verb '" + args[0] + "' (known: " + known + "; see --help)");
    } catch (const PolicyError& e) {
        // A user's Python code: its traceback, then the one line.
        if (!e.details().empty()) {
            std::cerr << e.details();
        }
        std::cerr << prefix << printable(e.what()) << "\n";
        return 2;
    } catch (const InputError& e) {
        // printable(): whatever a message echoes (a path, an argument) stays on one line.
        std::cerr << prefix << printable(e.what()) << "\n";
        return 2;
    } catch (const OutputError& e) {
        std::cerr << prefix << printable(e.what()) << "\n";
        return 2;
    } catch (const std::bad_alloc&) {
        std::cerr << prefix << "out of memory (the request is larger than this machine can hold)\n";
        return 2;
    } catch (const std::exception& e) {
        std::cerr << env.program << ": internal error: " << printable(e.what()) << "\n";
        return 1;
    }
}

} // namespace rl::cli
