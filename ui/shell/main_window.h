#pragma once

#include "common/policy_library.h"
#include "common/theme.h"
#include "explorer/explorer_page.h"
#include "studies/scenario_json.h"

#include <QMainWindow>

#include <functional>
#include <memory>
#include <optional>
#include <vector>

class QAction;
class QListWidget;
class QTabBar;
class QToolBar;
class QTabWidget;
class QDockWidget;
class QLabel;
class QPlainTextEdit;
class QPushButton;

namespace rl {

class HelpPane;
class QuizPanel;

/// The application window. Thin: it composes the pages (the explorer, the analysis panels, the
/// theory and model panels) in tabs, places the explorer's settings in a dock, and holds the
/// menus, the theme, recent files and error reporting.
class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(QWidget* parent = nullptr);
    ~MainWindow() override;

    ExplorerPage* explorer() const { return m_explorer; }
    Session* session() const { return m_explorer->session(); }
    ConfigPanel* configPanel() const { return m_explorer->configPanel(); }
    AnimationController* animation() const { return m_explorer->animation(); }
    const std::vector<AlgorithmPane*>& panes() const { return m_explorer->panes(); }
    QListWidget* narrationList() const { return m_explorer->narrationList(); }
    /// Opens a scenario file; on error shows it (status bar and, if interactive, a dialog),
    /// changes nothing and returns false.
    bool openScenario(const QString& path);
    /// Opens what `reducelab FILE` names: a schedule (isScheduleFileText(): a measured run's
    /// JSON, a Chrome trace) beside its simulation, otherwise a scenario (openScenario()).
    bool openFile(const QString& path);
    /// Opens a schedule file (studies/schedule_file.h) in the explorer beside the simulation of
    /// its scenario (ExplorerPage::showBesideMeasured()); errors as openScenario()'s.
    bool openSchedule(const QString& path);
    bool saveScenario(const QString& path);
    /// The window's title names what the charts show: the scenario file it was opened from or
    /// saved to ("unsaved" once it differs from the file: an edit, a new draw, the demo) and
    /// its algorithms, "s.json — Fibonacci-stat, Tree-dyn — ReduceLab".
    static QString titleFor(const QString& file, const std::vector<Algorithm>& algorithms);
    /// Opens a sweep's results (a CSV with its sidecar, from `sweep --out` or Export data…) in
    /// the panel of its figure and shows that tab, or a schedule (openSchedule()); on error
    /// shows it, changes nothing and returns false.
    bool openResults(const QString& path);
    /// Writes figures/data of every shown algorithm (a "-<algorithm>" suffix when several).
    bool exportGantt(const QString& path);
    bool exportTree(const QString& path);
    bool exportCsv(const QString& path);
    bool exportPaje(const QString& path);
    /// Exports the shown runs as an animation in the background, with a progress dialog that
    /// can cancel; returns the export (null, with the error shown, if refused at once).
    AnimationExport* exportAnimation(const QString& path, const AnimationOptions& options);
    /// File → Export web page…: the explorer's run, or the figure of the analysis tab shown,
    /// as one self-contained web page, made and written off the GUI thread (webPageJob());
    /// false, with the error shown, when refused at once (a bad path, nothing to export, a
    /// run too large for a page). A name without .html gets it added (exportPaths()).
    bool exportWebPage(const QString& path);
    WebPageJob* webPageJob() const { return m_webPageJob; }
    /// Edit → Copy figure (Ctrl+C): the explorer's current pane to the clipboard.
    bool copyFigure();
    QString lastError() const { return m_lastError; }
    /// Whether errors also pop up a dialog (off in tests).
    void setInteractive(bool on) { m_interactive = on; }
    /// Presentation mode (F5): everything larger by Theme::kPresentationScale, and room for six
    /// narration lines.
    void setPresentation(bool on);
    /// The dark theme (Ctrl+D) for the whole window, its plots and its exports.
    void setDark(bool on);
    /// Full screen (F11; Esc leaves): the views, the transport bar and a few narration lines,
    /// without the settings, the menu bar and the status bar (their keys still work).
    void setFullScreenMode(bool on);
    bool isFullScreenMode() const { return m_fullScreen; }
    const Theme& theme() const { return m_theme; }
    /// Whether view settings (presentation, dark, geometry) are saved for the next start (off
    /// when command-line flags chose them).
    void setRemembersView(bool on) { m_remembersView = on; }
    /// The settings dock (hidden in full screen and outside the explorer).
    QDockWidget* configDock() const { return m_configDock; }
    /// The Help pane (F1) and its dock.
    HelpPane* help() const { return m_help; }
    QDockWidget* helpDock() const { return m_helpDock; }
    /// "Predict, then reveal" over the explorer (Animation → Quiz, Q), in its dock.
    QuizPanel* quiz() const { return m_quiz; }
    QDockWidget* quizDock() const { return m_quizDock; }
    QAction* quizAction() const { return m_quizAction; }
    /// Shows the Help pane at a section ("keys", "glossary", "legend", "about").
    void showHelp(const QString& section);
    /// The tabs: the explorer first, then one tab per analysis or model panel.
    QTabWidget* tabs() const { return m_tabs; }
    /// The tab bar that shows them, across the top of the window (the tab widget's own is
    /// hidden): it never moves when the settings dock comes and goes.
    QTabBar* pageBar() const { return m_pageBar; }
    /// Shows `s` in the explorer tab (drill-down from the analysis panels).
    void openInExplorer(const Scenario& s);

    /// Algorithms → Load policy…: runs the Python file `path` off the GUI thread; its policies
    /// join the built-ins in the explorer and the analysis panels (algorithmsChanged), and the
    /// file is watched and reloaded when it changes. A file that fails shows its traceback in
    /// the policy error pane. False, with the error shown, in a build without Python.
    bool loadPolicy(const QString& path);
    PolicyLibrary* policies() const { return m_policies; }
    QAction* loadPolicyAction() const { return m_loadPolicyAction; }
    /// The pane that shows a policy's error and its Python traceback (selectable text), and
    /// its dock.
    QPlainTextEdit* policyErrorView() const { return m_policyError; }
    QDockWidget* policyErrorDock() const { return m_policyErrorDock; }
    /// The status bar's Cancel button, shown while the explorer computes (a slow or looping
    /// policy): it stops the run and keeps the one shown.
    QPushButton* cancelRunButton() const { return m_cancelRun; }
    /// The explorer's seed, replicate and makespans, a permanent widget on the right of the
    /// status bar (selectable): menu status tips and transient messages never replace it.
    QLabel* runSummaryLabel() const { return m_runSummary; }
    /// Asks whether to run the policy files a scenario names (a policy is code): `files`
    /// (absolute paths); true to run them. The default asks in a dialog when interactive and
    /// refuses otherwise.
    using TrustPrompt = std::function<bool(const QStringList& files)>;
    void setTrustPrompt(TrustPrompt prompt) { m_trust = std::move(prompt); }

  private:
    /// Esc leaves full screen only while it follows no processor (then it stops following).
    void updateLeaveFullScreen();
    void buildMenus();
    void buildPolicies();
    void showPolicyError(const QString& message, const QString& details);
    bool askTrust(const QStringList& files);
    /// Opens a scenario file's text (read by openScenario()) whose algorithms are all known now.
    bool openScenarioText(const QString& path, const std::string& text);
    /// File → Export animation…: the dialog (with the previous export's choices), then
    /// exportAnimation().
    void askAnimationExport();
    void buildHelp();
    /// The quiz's dock and its action, in `menu` (main_window_quiz.cpp).
    void buildQuiz(QMenu* menu);
    void updateDocks();
    /// The window's minimum size is the shown page's: hidden pages ignore their own.
    void fitPagesToTheShownOne();
    /// The settings dock as wide as its content needs at the current fonts (no sideways
    /// scrolling), its fields under their labels where that is narrower.
    void fitSettingsDock();
    void showError(const QString& message);
    void addRecent(const QString& path);
    void rebuildRecentMenu();
    void applyTheme();
    /// The title of the run shown (titleFor()), after a run or an open or save.
    void updateTitle();
    /// The scenario file opened or saved last: what the title names while the run shown is
    /// its scenario.
    void setScenarioFile(const QString& path, const Scenario& s);
    bool exportRun(ExplorerPage::Export what, const QString& path,
                   const FigureExportOptions& figure = {});

    ExplorerPage* m_explorer;
    QTabWidget* m_tabs = nullptr;
    QTabBar* m_pageBar = nullptr;
    QToolBar* m_pageStrip = nullptr; ///< Back, Forward and the tabs, across the window
    QDockWidget* m_configDock = nullptr;
    QDockWidget* m_helpDock = nullptr;
    QuizPanel* m_quiz = nullptr;
    QDockWidget* m_quizDock = nullptr;
    QAction* m_quizAction = nullptr;
    HelpPane* m_help = nullptr;
    QMenu* m_recentMenu = nullptr;
    QAction* m_presentationAction = nullptr;
    QAction* m_darkAction = nullptr;
    QAction* m_fullScreenAction = nullptr;
    QAction* m_leaveFullScreen = nullptr;
    Qt::WindowStates m_stateBeforeFullScreen = Qt::WindowNoState;
    bool m_fullScreen = false;
    bool m_remembersView = true;
    Theme m_theme;
    QString m_lastError;
    bool m_interactive = true;
    WebPageJob* m_webPageJob = nullptr;
    PolicyLibrary* m_policies = nullptr;
    QAction* m_loadPolicyAction = nullptr;
    QPlainTextEdit* m_policyError = nullptr;
    bool m_policyErrorFromLoad = false; ///< the pane shows a file's load error, not a run's
    bool m_policyLoadFailed = false;    ///< a file of the load in flight failed
    QDockWidget* m_policyErrorDock = nullptr;
    QPushButton* m_cancelRun = nullptr;
    QLabel* m_runSummary = nullptr;
    TrustPrompt m_trust;
    QString m_scenarioFile;         ///< the file opened or saved last (empty: none)
    Scenario m_scenarioFileContent; ///< the scenario it holds
    /// A scenario waiting for the policy files it names to load (after the user agreed).
    struct PendingScenario {
        QString path;
        std::string text; ///< the file as read when the user was asked
        QStringList files;
    };
    std::optional<PendingScenario> m_pending;
};

} // namespace rl
