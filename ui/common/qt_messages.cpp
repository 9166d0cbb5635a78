#include "common/qt_messages.h"

#include "base/text_util.h"

#include <QString>
#include <QtGlobal>

#include <cstdio>
#include <cstdlib>

namespace rl {

namespace {

const char* g_program = "reducelab"; // set once at start-up, before any thread exists

void handler(QtMsgType type, const QMessageLogContext&, const QString& message) {
    static const char* const kNoise[] = {"XDG_RUNTIME_DIR", "QFSFileEngine::open",
                                         "propagateSizeHints"};
    for (const char* noise : kNoise) {
        if (message.contains(QLatin1String(noise))) {
            return;
        }
    }
    const bool note = type == QtDebugMsg || type == QtInfoMsg;
    std::fprintf(stderr, "%s: qt %s: %s\n", g_program, note ? "note" : "warning",
                 printable(message.toStdString()).c_str());
    if (type == QtFatalMsg) {
        std::abort();
    }
}

} // namespace

void installQtMessageHandler(const char* program) {
    g_program = program;
    qInstallMessageHandler(handler);
}

} // namespace rl
