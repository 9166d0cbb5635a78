#include "shell/recent_files.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>

namespace rl {

namespace {

constexpr qsizetype kMaxFolderChars = 48;

QString absolute(const QString& path) {
    return QDir::cleanPath(QFileInfo(path).absoluteFilePath());
}

} // namespace

QStringList RecentFiles::paths() const {
    QSettings settings;
    const QStringList stored = settings.value(kSettingsKey).toStringList();
    QStringList kept;
    for (const QString& p : stored) {
        // Names saved by older versions were relative to a working folder now unknown: they
        // cannot be opened and go with the missing files.
        if (QFileInfo(p).isAbsolute() && QFileInfo(p).isFile() && !kept.contains(p)) {
            kept << p;
        }
    }
    if (kept != stored) {
        settings.setValue(kSettingsKey, kept);
    }
    return kept;
}

void RecentFiles::add(const QString& path) {
    const QString p = absolute(path);
    QStringList list = paths();
    list.removeAll(p);
    list.prepend(p);
    while (list.size() > kMaxEntries) {
        list.removeLast();
    }
    QSettings().setValue(kSettingsKey, list);
}

void RecentFiles::remove(const QString& path) {
    QStringList list = QSettings().value(kSettingsKey).toStringList();
    list.removeAll(path);
    list.removeAll(absolute(path));
    QSettings().setValue(kSettingsKey, list);
}

QString RecentFiles::menuText(const QString& path) {
    const QFileInfo info(path);
    QString folder = QDir::toNativeSeparators(info.absolutePath());
    const QString home = QDir::toNativeSeparators(QDir::homePath());
    if (folder == home || folder.startsWith(home + QDir::separator())) {
        folder = QStringLiteral("~") + folder.mid(home.size());
    }
    if (folder.size() > kMaxFolderChars) {
        const qsizetype half = (kMaxFolderChars - 1) / 2;
        folder = folder.left(half) + QStringLiteral("…") + folder.right(kMaxFolderChars - 1 - half);
    }
    QString text = info.fileName() + QStringLiteral(" — ") + folder;
    return text.replace(QLatin1Char('&'), QStringLiteral("&&"));
}

} // namespace rl
