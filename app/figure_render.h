#pragma once

#include "base/input_error.h"
#include "views/run_figure.h"

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
/// The bytes of a view drawn in the format of `path`'s extension (GanttView, TreeView); throws
/// InputError naming the path on failure.
template <class View> QByteArray renderedBytes(View& view, const std::string& path) {
    QString error;
    QByteArray bytes;
    if (!view.renderTo(QString::fromStdString(path), &bytes, &error)) {
        throw InputError(error.toStdString());
    }
    return bytes;
}

/// Draws a run's figure with the GUI's own views, headless, in the format of `path`'s extension
/// (the file is not written: the caller stages the bytes); throws InputError naming the path on
/// failure.
QByteArray renderFigure(FigureKind kind, const RunFigureContent& content,
                        const FigureFormat& format, const std::string& path);

} // namespace rl::cli
