#include "figure_render.h"

#include <QApplication>

#include "base/input_error.h"
#include "views/gantt_view.h"
#include "views/tree_view.h"

#include <cstring>
#include <limits>

namespace rl::cli {

namespace {

bool needsGui(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        for (const char* opt : {"--gantt", "--tree", "--png", "--svg", "--pdf", "--animation"}) {
            if (std::strncmp(argv[i], opt, std::strlen(opt)) == 0) {
                return true;
            }
        }
    }
    return false;
}

} // namespace

std::unique_ptr<QCoreApplication> makeCliApplication(int& argc, char** argv) {
    if (!needsGui(argc, argv)) {
        return std::make_unique<QCoreApplication>(argc, argv);
    }
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM") && qEnvironmentVariableIsEmpty("DISPLAY") &&
        qEnvironmentVariableIsEmpty("WAYLAND_DISPLAY")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    return std::make_unique<QApplication>(argc, argv);
}

QByteArray renderGantt(const std::shared_ptr<const Schedule>& s,
                       const std::vector<CriticalStep>& criticalPath, const QString& title,
                       const std::string& path) {
    GanttView view;
    view.resize(1200, 700);
    view.setSchedule(s);
    view.setTitle(title);
    view.setCriticalPath(criticalPath);
    return renderedBytes(view, path);
}

QByteArray renderTree(const std::shared_ptr<const Schedule>& s,
                      const std::vector<CriticalStep>& criticalPath, const std::string& path) {
    TreeView view;
    view.resize(1000, 700);
    view.setSchedule(s);
    view.setCriticalPath(criticalPath);
    return renderedBytes(view, path);
}

} // namespace rl::cli
