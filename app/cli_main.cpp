#include "cli_commands.h"
#include "figure_render.h"

#include "common/qt_messages.h"

int main(int argc, char** argv) {
    rl::installQtMessageHandler("reducelab-cli");
    const auto app = rl::cli::makeCliApplication(argc, argv);
    const std::vector<std::string> args(argv + 1, argv + argc);
    return rl::cli::runCli(args);
}
