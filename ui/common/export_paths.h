#pragma once

#include <QString>
#include <QStringList>

namespace rl {

/// The files an export writes for the path a user typed: one per shown run. The one place
/// where export file names are derived (schedule CSV, Paje trace, figures).
///
/// `extensions` are the extensions the export accepts, without the dot, the default first
/// ("csv"; "pdf", "svg", "png"): a path that ends in none of them gets the default added
/// ("gui_sched" → "gui_sched.csv"; a dot inside a name is not an extension of its own). With
/// several `keys` (the runs' algorithm keys), each file is "<name>-<key>.<extension>" in the
/// path's folder ("gui_sched-fibonacci.csv"); with one or none, the path itself.
QStringList exportPaths(const QString& path, const QStringList& extensions,
                        const QStringList& keys);

/// A menu entry's text as a window title: without its mnemonic markers ("&CSV" → "CSV"; "&&"
/// is a literal "&") and without a trailing ellipsis ("Export schedule as &CSV…" → "Export
/// schedule as CSV").
QString plainActionText(const QString& text);

} // namespace rl
