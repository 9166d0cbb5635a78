#pragma once
// Runs reducelab-cli as a user does (a separate process) for the GoogleTest tests of tests/app
// (the Qt Tests of figures use cli_process.h).
#include "../test_support.h"

#include <string>
#include <utility>
#include <vector>

namespace rl::test {

/// A command line's arguments.
struct Args : std::vector<std::string> {
    using std::vector<std::string>::vector;
    Args(std::vector<std::string> args) // NOLINT(google-explicit-constructor): lines() etc.
        : std::vector<std::string>(std::move(args)) {}
};

inline Args operator+(Args a, const Args& b) {
    a.insert(a.end(), b.begin(), b.end());
    return a;
}

/// `args << "--out" << path` appends.
inline Args& operator<<(Args& args, std::string arg) {
    args.push_back(std::move(arg));
    return args;
}

/// Whether this build's reducelab-cli draws figures (--gantt, --png, ...): only a build with
/// the GUI does.
inline constexpr bool kCliDrawsFigures = REDUCELAB_CLI_FIGURES != 0;

struct CliResult {
    int exitCode = -1;
    std::string out;
    std::string err;
};

inline CliResult runCli(const Args& args) {
    // Figures need a QApplication, which warns on stderr without a runtime directory; give it
    // one so that stderr holds only what the CLI says.
    static const TempDir runtime;
    ProcessOptions options;
    options.environment["XDG_RUNTIME_DIR"] = runtime.path();
    ProcessResult p = runProcess(REDUCELAB_CLI, args, options);
    if (!p.finished) {
        return {-1, {}, "the CLI did not finish normally"};
    }
    return {p.exitCode, std::move(p.out), std::move(p.err)};
}

} // namespace rl::test
