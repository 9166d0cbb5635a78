#include "common/export_paths.h"

#include "base/file_io.h"

#include <QFileInfo>

namespace rl {

QStringList exportPaths(const QString& path, const QStringList& extensions,
                        const QStringList& keys) {
    const QFileInfo typed(path);
    // The folder as typed (relative stays relative), so that messages name what was typed.
    const QString folder = path.left(path.size() - typed.fileName().size());
    QString name = typed.fileName();
    QString extension;
    if (!outputIsRegularFile(path.toStdString())) {
        name = path.mid(folder.size()); // a device (/dev/null) or "-": written as named
    } else if (extensions.contains(typed.suffix(), Qt::CaseInsensitive)) {
        extension = QLatin1Char('.') + typed.suffix();
        name.chop(extension.size());
    } else if (!extensions.isEmpty()) {
        // "gui_sched" or "run.v2": the default extension is added, the name kept whole.
        extension = QLatin1Char('.') + extensions.front();
    }
    if (keys.size() <= 1) {
        return {folder + name + extension};
    }
    QStringList paths;
    for (const QString& key : keys) {
        paths << folder + name + QLatin1Char('-') + key + extension;
    }
    return paths;
}

QString plainActionText(const QString& text) {
    QString plain;
    plain.reserve(text.size());
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] == QLatin1Char('&') && i + 1 < text.size()) {
            ++i; // "&x" is x underlined; "&&" is one "&"
        }
        plain += text[i];
    }
    if (plain.endsWith(QChar(0x2026))) {
        plain.chop(1);
    } else if (plain.endsWith(QLatin1String("..."))) {
        plain.chop(3);
    }
    return plain.trimmed();
}

} // namespace rl
