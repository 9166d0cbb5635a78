#pragma once

#include "schedule/schedule.h"

#include <QByteArray>
#include <QCoreApplication>
#include <QString>

#include <memory>
#include <string>
#include <string_view>

namespace rl::cli {

/// The bytes of a rendered figure, for staging in an OutputSet.
inline std::string_view bytesView(const QByteArray& bytes) {
    return {bytes.constData(), static_cast<std::size_t>(bytes.size())};
}

/// The application object of a command-line program: a QApplication (offscreen when there is
/// no display: clusters, CI) when the command line asks for a figure, which the GUI's own
/// widgets draw; a QCoreApplication otherwise.
std::unique_ptr<QCoreApplication> makeCliApplication(int& argc, char** argv);
/// Draw with the GUI's own views, headless, in the format of `path`'s extension (the file is
/// not written: the caller stages the bytes); throw InputError naming the path on failure.
QByteArray renderGantt(const std::shared_ptr<const Schedule>& s, const QString& title,
                       const std::string& path);
QByteArray renderTree(const std::shared_ptr<const Schedule>& s, const std::string& path);

} // namespace rl::cli
