#include "cli_commands.h"
#include "figure_renderer.h"

#include <csignal>

int main(int argc, char** argv) {
    // A reader that goes away (`| head`) makes writing standard output fail with EPIPE, which
    // the output writer reports and undoes (exit 2, previous files kept), instead of a
    // SIGPIPE that would kill the process in the middle of its commit.
    std::signal(SIGPIPE, SIG_IGN);
    const auto figures = rl::cli::makeFigureRenderer("reducelab-cli");
    rl::cli::CliEnvironment env;
    env.figures = figures.get();
    const std::vector<std::string> args(argv + 1, argv + argc);
    return rl::cli::runCli(args, env);
}
