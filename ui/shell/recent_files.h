#pragma once

#include <QString>
#include <QStringList>

namespace rl {

/// File → Open recent: the scenario files opened or saved last, newest first, kept in the
/// settings as absolute paths (a name alone cannot be opened from another working folder).
/// Files that no longer exist are dropped whenever the list is read.
class RecentFiles {
  public:
    static constexpr int kMaxEntries = 8;

    /// The files in the list that still exist (the missing ones are dropped from the settings).
    QStringList paths() const;
    /// Puts `path` (made absolute) first.
    void add(const QString& path);
    /// Drops `path` (a file that could not be opened).
    void remove(const QString& path);
    /// What the menu shows for `path`: "name — folder", the folder shortened in its middle when
    /// long ("~" for the home folder), ampersands doubled (they are not shortcuts).
    static QString menuText(const QString& path);
    /// The settings key that holds the list.
    static constexpr const char* kSettingsKey = "recentFiles";
};

} // namespace rl
