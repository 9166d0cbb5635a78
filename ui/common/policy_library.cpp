#include "common/policy_library.h"

#include "algorithms/runtime_policy.h"
#include "base/input_error.h"
#include "common/policy_runtime.h"

#include <QFileInfo>
#include <QFileSystemWatcher>
#include <QTimer>

namespace rl {

namespace {

/// Long enough for an editor's save (write a temporary file, rename it over the old one) to
/// end, short enough to feel immediate.
constexpr int kReloadDelayMs = 250;

QString absolute(const QString& path) {
    return QFileInfo(path).absoluteFilePath();
}

PolicyLoad::File loadOne(const QString& path) {
    PolicyLoad::File f;
    f.path = path;
    try {
        f.algorithms = loadPolicyFile(path.toStdString());
    } catch (const PolicyError& e) {
        f.error = QString::fromUtf8(e.what());
        f.details = QString::fromStdString(e.details());
    } catch (const std::exception& e) { // InputError: unreadable, a bad name
        f.error = QString::fromUtf8(e.what());
    }
    return f;
}

} // namespace

PolicyLibrary::PolicyLibrary(QObject* parent)
    : QObject(parent), m_watcher(new QFileSystemWatcher(this)), m_reload(new QTimer(this)) {
    m_reload->setSingleShot(true);
    m_reload->setInterval(kReloadDelayMs);
    connect(m_watcher, &QFileSystemWatcher::fileChanged, m_reload, qOverload<>(&QTimer::start));
    connect(m_reload, &QTimer::timeout, this, &PolicyLibrary::reload);
    connect(&m_job, &AsyncJobBase::resultReady, this, [this] { onLoaded(*m_job.latest()); });
    connect(&m_job, &AsyncJobBase::runningChanged, this, [this](bool running) {
        if (!running) {
            emit loadFinished();
        }
    });
}

bool PolicyLibrary::available() {
    return policiesAvailable();
}

bool PolicyLibrary::hasFile(const QString& path) const {
    return m_files.contains(absolute(path));
}

AlgorithmCatalog PolicyLibrary::catalog() const {
    return AlgorithmCatalog(m_algorithms);
}

void PolicyLibrary::load(const QStringList& paths) {
    QStringList files = m_files;
    for (const QString& p : paths) {
        const QString a = absolute(p);
        if (!files.contains(a)) {
            files.append(a);
        }
    }
    start(files);
}

void PolicyLibrary::reload() {
    // An editor that saves by replacing the file leaves the watcher watching nothing there:
    // watch the new file.
    for (const QString& f : m_files) {
        watch(f);
    }
    start(m_files);
}

void PolicyLibrary::watch(const QString& path) {
    if (!m_watcher->files().contains(path) && QFileInfo::exists(path)) {
        m_watcher->addPath(path);
    }
}

void PolicyLibrary::start(const QStringList& files) {
    if (files.isEmpty()) {
        return;
    }
    m_job.start([files](AsyncJob<PolicyLoad>::Context& job) -> std::shared_ptr<const PolicyLoad> {
        auto load = std::make_shared<PolicyLoad>();
        for (const QString& f : files) {
            if (job.cancelled()) {
                return nullptr;
            }
            load->files.push_back(loadOne(f));
        }
        return load;
    });
}

void PolicyLibrary::onLoaded(const PolicyLoad& load) {
    std::vector<PolicyLoad::File> kept;
    QStringList files;
    std::vector<Algorithm> all;
    for (const PolicyLoad::File& f : load.files) {
        const auto previous = m_files.indexOf(f.path);
        PolicyLoad::File use = f;
        QString error = f.error;
        if (error.isEmpty()) {
            // Keys are unique in a program (scenario files name algorithms by them).
            try {
                std::vector<Algorithm> with = all;
                with.insert(with.end(), f.algorithms.begin(), f.algorithms.end());
                const AlgorithmCatalog check(with);
            } catch (const InputError& e) {
                error = QStringLiteral("%1: %2").arg(f.path, QString::fromUtf8(e.what()));
            }
        }
        if (!error.isEmpty()) {
            emit failed(error, f.details);
            if (previous < 0) {
                continue; // never loaded: not kept, not watched
            }
            use = m_loaded[static_cast<std::size_t>(previous)]; // keeps its last good policies
        }
        files.append(f.path);
        all.insert(all.end(), use.algorithms.begin(), use.algorithms.end());
        kept.push_back(std::move(use));
    }
    m_files = files;
    m_loaded = std::move(kept);
    m_algorithms = std::move(all);
    for (const QString& f : m_files) {
        watch(f);
    }
    for (const QString& w : m_watcher->files()) {
        if (!m_files.contains(w)) {
            m_watcher->removePath(w);
        }
    }
    emit algorithmsChanged();
}

} // namespace rl
