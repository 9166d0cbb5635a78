#pragma once

#include "algorithms/algorithm.h"
#include "common/async_job.h"

#include <QObject>
#include <QStringList>

#include <vector>

class QFileSystemWatcher;
class QTimer;

namespace rl {

/// What one load of the policy files found: per file, its policies or why it did not load.
struct PolicyLoad {
    struct File {
        QString path; ///< absolute
        std::vector<Algorithm> algorithms;
        QString error;   ///< one line; empty when the file loaded
        QString details; ///< the Python traceback, if any
    };
    std::vector<File> files;
};

/// The policy files the window runs (Algorithms → Load policy…, docs/guide.md "Your own
/// algorithm"): loaded off the GUI thread by the embedded interpreter (common/policy_runtime.h),
/// watched, and reloaded when they change (an editor that saves by replacing the file is
/// followed). A file that fails to reload keeps its previous policies, and the failure is
/// reported with its traceback. A policy is code: this class runs only the files it is given;
/// whoever asks (the menu, a scenario the user agreed to run) decides.
class PolicyLibrary : public QObject {
    Q_OBJECT
  public:
    explicit PolicyLibrary(QObject* parent = nullptr);

    /// Whether this build runs Python policies.
    static bool available();
    /// Loads `paths` (again, if already loaded) and reloads the other files; a file that does
    /// not load is reported by failed() and not kept.
    void load(const QStringList& paths);
    /// Reloads every file (what a change of one does, after a short pause).
    void reload();
    /// The files loaded (absolute paths), in the order they were first loaded.
    const QStringList& files() const { return m_files; }
    bool hasFile(const QString& path) const;
    /// The policies of every file, in the files' order then each file's.
    const std::vector<Algorithm>& algorithms() const { return m_algorithms; }
    /// The built-ins and algorithms(): what scenario files are read against.
    AlgorithmCatalog catalog() const;
    bool isLoading() const { return m_job.isRunning(); }
    /// Blocks until the load in flight ends and delivers it (tests, screenshots).
    void waitForIdle() { m_job.waitForIdle(); }
    /// The file watcher, for tests.
    QFileSystemWatcher* watcher() const { return m_watcher; }

  signals:
    /// algorithms() changed (new handles for reloaded files: the views re-run).
    void algorithmsChanged();
    /// A file did not load: one line and the traceback, if any.
    void failed(const QString& message, const QString& details);
    /// A load ended (after algorithmsChanged() and failed(), if any).
    void loadFinished();

  private:
    void start(const QStringList& files);
    void onLoaded(const PolicyLoad& load);
    void watch(const QString& path);

    QStringList m_files;
    std::vector<PolicyLoad::File> m_loaded; ///< per file of m_files
    std::vector<Algorithm> m_algorithms;
    QFileSystemWatcher* m_watcher;
    QTimer* m_reload;           ///< debounces changes: an editor's save is several events
    AsyncJob<PolicyLoad> m_job; ///< last member: its jobs end before the rest goes
};

} // namespace rl
