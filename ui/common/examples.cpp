#include "common/examples.h"

#include "base/file_io.h"

#include <QCoreApplication>
#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QStandardPaths>

#include <algorithm>

namespace rl {

namespace {

QString titleOf(const QString& path) {
    try {
        // Bounded and regular files only, like every scenario read.
        const std::string text = readInputFile(path.toStdString(), std::size_t{1} << 20);
        const QString title = QJsonDocument::fromJson(QByteArray::fromStdString(text))
                                  .object()
                                  .value("title")
                                  .toString();
        if (!title.isEmpty()) {
            return title;
        }
    } catch (const std::exception&) {
        // Unreadable: still listed by name; opening it reports why.
        return QFileInfo(path).completeBaseName();
    }
    return QFileInfo(path).completeBaseName();
}

} // namespace

std::vector<Example> findExamples() {
    QStringList dirs{QCoreApplication::applicationDirPath() +
                     QStringLiteral("/../share/reducelab/examples")};
    dirs += QStandardPaths::locateAll(QStandardPaths::GenericDataLocation,
                                      QStringLiteral("reducelab/examples"),
                                      QStandardPaths::LocateDirectory);
    dirs += QStringLiteral(REDUCELAB_SOURCE_EXAMPLES);
    std::vector<Example> out;
    QSet<QString> seen;
    for (const QString& d : dirs) {
        const QDir dir(d);
        for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files)) {
            if (!seen.contains(name)) {
                seen.insert(name);
                out.push_back({titleOf(dir.filePath(name)), dir.filePath(name)});
            }
        }
    }
    std::sort(out.begin(), out.end(),
              [](const Example& a, const Example& b) { return a.title < b.title; });
    return out;
}

} // namespace rl
