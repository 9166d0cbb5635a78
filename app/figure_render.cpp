#include "figure_render.h"

#include <QApplication>

#include "base/input_error.h"

#include <cstring>

namespace rl::cli {

namespace {

bool needsGui(int argc, char** argv) {
    for (int i = 1; i < argc; ++i) {
        for (const char* opt :
             {"--gantt", "--tree", "--figure", "--png", "--svg", "--pdf", "--animation"}) {
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

QByteArray renderFigure(FigureKind kind, const RunFigureContent& content,
                        const FigureFormat& format, const std::string& path) {
    QString error;
    QByteArray bytes;
    if (!renderRunFigure(kind, content, format, QString::fromStdString(path), &bytes, &error)) {
        throw InputError(error.toStdString());
    }
    return bytes;
}

} // namespace rl::cli
