#pragma once

#include "common/scenario.h"
#include "common/theme.h"
#include "explorer/session.h"

#include <QMainWindow>

#include <memory>
#include <vector>

class QLabel;
class QListWidget;
class QSlider;
class QToolButton;
class QComboBox;
class QVBoxLayout;
class QTabWidget;
class QDockWidget;

namespace rl {

class AlgorithmPane;
class AnimationController;
class ConfigPanel;

/// The application window. Thin: it arranges the panels (configuration, one pane per
/// algorithm, transport bar, narration), wires them to the session and the animation, and
/// holds the menus. Computation lives in Session; drawing in the panes.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    Session* session() const { return m_session; }
    ConfigPanel* configPanel() const { return m_config; }
    AnimationController* animation() const { return m_anim; }
    const std::vector<AlgorithmPane*>& panes() const { return m_panes; }
    QListWidget* narrationList() const { return m_narration; }
    /// Opens a scenario file; on error shows it (status bar and, if interactive, a dialog),
    /// changes nothing and returns false.
    bool openScenario(const QString& path);
    bool saveScenario(const QString& path);
    /// Opens a sweep's results (a CSV with its sidecar, from `sweep --out` or Export data…) in
    /// the panel of its figure and shows that tab; on error shows it, changes nothing and
    /// returns false.
    bool openResults(const QString& path);
    /// Writes figures/data of every shown algorithm (a "-<algorithm>" suffix when several).
    bool exportGantt(const QString& path);
    bool exportTree(const QString& path);
    bool exportCsv(const QString& path);
    bool exportPaje(const QString& path);
    QString lastError() const { return m_lastError; }
    /// Whether errors also pop up a dialog (off in tests).
    void setInteractive(bool on) { m_interactive = on; }
    void setPresentation(bool on);
    void setDark(bool on);
    /// The tabs: the explorer first, then one tab per analysis or model panel.
    QTabWidget* tabs() const { return m_tabs; }
    /// Shows `s` in the explorer tab (drill-down from the analysis panels).
    void openInExplorer(const Scenario& s);

  private:
    void buildMenus();
    QWidget* buildTransport();
    void onResult(const std::shared_ptr<const RunResult>& r);
    void onCursor(double t, int index);
    void showError(const QString& message);
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    void applyTheme();
    /// Paths for each shown algorithm: `path` itself, or with "-<key>" before the extension.
    QStringList perAlgorithmPaths(const QString& path) const;
    bool exportEach(const QString& path,
                    const std::function<bool(int, const QString&, QString*)>& write);

    Session* m_session;
    AnimationController* m_anim;
    ConfigPanel* m_config;
    QTabWidget* m_tabs = nullptr;
    QDockWidget* m_configDock = nullptr;
    QVBoxLayout* m_paneLayout = nullptr;
    std::vector<AlgorithmPane*> m_panes;
    std::shared_ptr<const RunResult> m_result;
    QListWidget* m_narration = nullptr;
    std::vector<int> m_eventOwner; // schedule index of each merged timeline event
    QSlider* m_scrubber = nullptr;
    QLabel* m_timeLabel = nullptr;
    QToolButton* m_playButton = nullptr;
    QComboBox* m_speed = nullptr;
    QMenu* m_recentMenu = nullptr;
    Theme m_theme;
    QString m_lastError;
    QString m_explorerSummary; ///< makespans of the shown run, for the status bar
    bool m_interactive = true;
    bool m_autoplay = true;
    bool m_syncingRange = false;
};

} // namespace rl
