#include "cli_commands.h"
#include "figure_render.h"

#include "common/qt_messages.h"

#include <QApplication>
#include <QCoreApplication>

#include <memory>

int main(int argc, char** argv) {
    rl::installQtMessageHandler("reducelab-cli");
    // Figures are drawn by the GUI's own widgets, which need a QApplication; without a display
    // (clusters, CI) they render on Qt's offscreen platform.
    std::unique_ptr<QCoreApplication> app;
    if (rl::cli::needsGui(argc, argv)) {
        if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") &&
            qEnvironmentVariableIsEmpty("DISPLAY") &&
            qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
            qputenv("QT_QPA_PLATFORM", "offscreen");
        }
        app = std::make_unique<QApplication>(argc, argv);
    } else {
        app = std::make_unique<QCoreApplication>(argc, argv);
    }
    std::vector<std::string> args(argv + 1, argv + argc);
    return rl::cli::runCli(args);
}
