#pragma once

#include "common/media_icons.h"
#include "common/theme.h"
#include "common/web_page_export.h"
#include "explorer/scenario_history.h"
#include "explorer/session.h"
#include "studies/animation_options.h"
#include "studies/figure_format.h"
#include "studies/scenario.h"
#include "views/animation_frames.h"
#include "views/run_figure.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QAction;
class QCPMarginGroup;
class QComboBox;
class QGridLayout;
class QLabel;
class QListWidget;
class QSlider;
class QSplitter;
class QTimer;
class QToolButton;
class QVBoxLayout;

namespace rl {

class AlgorithmPane;
class AnimationExport;
class LegendStrip;
class AnimationController;
class ConfigPanel;

/// How the explorer exports figures: their size and text, and the whole schedule (the
/// default) or the frame the animation shows.
struct FigureExportOptions {
    FigureFormat format;
    bool currentFrame = false;
};

/// The explorer tab: one pane per algorithm of the shown run (Gantt chart and tree), the
/// transport bar and the narration, wired to its run session and its animation. Its settings
/// panel (configPanel()) is placed by the window, which only composes pages.
class ExplorerPage : public QWidget {
    Q_OBJECT
  public:
    explicit ExplorerPage(QWidget* parent = nullptr);
    /// Deletes the settings panel when no window took it (a page on its own, as in tests).
    ~ExplorerPage() override;

    Session* session() const { return m_session; }
    AnimationController* animation() const { return m_anim; }
    ConfigPanel* configPanel() const { return m_config; }
    const std::vector<AlgorithmPane*>& panes() const { return m_panes; }
    QListWidget* narrationList() const { return m_narration; }
    /// The transport bar's counter, "t = 0 / 12.3  (event 14 of 120)".
    QLabel* counterLabel() const { return m_timeLabel; }
    /// The legend of every chart and tree of the page.
    LegendStrip* legend() const { return m_legend; }
    /// Over the charts, what the settings' last edit did besides running: refused (the charts
    /// still show the previous run) or changed something else (an algorithm turned off).
    /// Hidden when there is nothing to say.
    QLabel* settingsMessage() const { return m_settingsMessage; }
    /// The makespans of the shown run, one line (for the window's status bar).
    QString summary() const { return m_summary; }
    /// The algorithm keys of the shown run, in order (the "-<key>" of its export files); empty
    /// before the first run.
    QStringList runKeys() const;

    /// Shows `s` in the settings and runs it; `autoplay`: play the animation once it is ready.
    /// A scenario the explorer cannot show (Session::validate()) changes nothing: false, and
    /// failed() says why.
    bool showScenario(const Scenario& s, bool autoplay);
    /// showScenario() as a new place (a drill-down, an opened file or example): the scenario
    /// shown now goes on the Back list.
    bool navigate(const Scenario& s, bool autoplay);
    /// A schedule read from a file (a measured run) beside the simulation of its scenario
    /// (Session::setBesideMeasured()), as a new place; the settings show its scenario, and an
    /// edit runs that as any. A file that cannot be shown changes nothing: false, and failed()
    /// says why.
    bool showBesideMeasured(const ScheduleFile& file, bool autoplay);
    /// Back (Alt+Left) and Forward (Alt+Right) through the scenarios navigate() left; false
    /// when there is none.
    bool goBack();
    bool goForward();
    QAction* backAction() const { return m_backAction; }
    QAction* forwardAction() const { return m_forwardAction; }
    const ScenarioHistory& history() const { return m_history; }
    void setTheme(const Theme& theme);
    /// Keeps room for `lines` narration lines under the charts, whatever the window's size
    /// and font (presentation and full screen modes ask for a few); 0: the default strip.
    void setNarrationLines(int lines);
    /// How many narration rows are visible now (tests).
    int visibleNarrationLines() const;
    /// Columns of panes: 1 (stacked on one time axis), or 2 for three or four algorithms when
    /// the window is too short for every processor's row to be labelled in one column.
    int paneColumns() const { return m_columns; }
    /// Whether the charts are greyed as stale: the settings describe another run, refused
    /// (the banner says why) or pending for longer than kStaleDelayMs.
    bool chartsStale() const { return m_stale; }
    /// A run shorter than this leaves the charts as they are (greying would only flicker).
    static constexpr int kStaleDelayMs = 150;
    /// The processor followed in every chart and tree of the page (a click on a row label or a
    /// node follows it, another click on it or Esc stops), or none. It stays followed through
    /// new runs while their n has it.
    std::optional<int> followedProcessor() const { return m_followed; }
    void followProcessor(std::optional<int> p);
    /// View → Stop following (Esc), enabled while a processor is followed.
    QAction* stopFollowingAction() const { return m_stopFollowing; }
    void setRectangleZoom(bool on);
    void resetZoom();
    void faster();
    void slower();

    /// What the explorer exports, one file per shown algorithm: a figure (the Gantt chart, the
    /// tree, or both under one title), the schedule as CSV (with its scenario beside it,
    /// NAME.scenario.json), the Paje trace.
    enum class Export { Gantt, Tree, Figure, Csv, Paje };
    /// Writes `what` of every shown algorithm to `path` (with a "-<algorithm>" suffix before the
    /// extension when several are shown), all or nothing; false with a message naming the path
    /// on failure.
    bool exportRun(Export what, const QString& path, QStringList* written, QString* error,
                   const FigureExportOptions& figure = {}) const;
    /// The printed figure of pane `pane` (an index into panes()): its schedule, title, bound,
    /// the shared time axis, the theme; the frame shown when `currentFrame`.
    RunFigureContent figureContent(std::size_t pane, bool currentFrame) const;
    /// Copies the current pane's Gantt chart and tree (the pane with the keyboard focus, else
    /// the first) to the clipboard, as the animation shows them: an image, SVG and PDF. False
    /// with a message when there is nothing to copy.
    bool copyFigure(QString* error) const;

    /// File → Export web page…: what makes the shown run's page (core/web/run_page.h, the
    /// scenario it saves written by studies/scenario_json.h), or nothing with the reason in `error`
    /// (nothing shown yet, or a run too large for a page: the CLI's message).
    WebPageMaker webPage(QString* error) const;

    /// The shown runs as an animation draws them (titles and reference lines as on screen).
    std::vector<AnimatedRun> animatedRuns() const;
    /// File → Export animation… of the shown runs, in the background: the started export
    /// (deleted by the page when it ends), or null with the reason in `error` (a bad path or
    /// option, nothing shown yet); nothing is written before the whole file is encoded.
    AnimationExport* exportAnimation(const QString& path, const AnimationOptions& options,
                                     QString* error);

  signals:
    void summaryChanged(const QString& summary);
    /// A scenario was refused (a file, a drill-down, Back) or its run failed: the message.
    void failed(const QString& message);

  protected:
    void changeEvent(QEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    QWidget* buildTransport();
    /// The transport bar's counter: the time, the end, the event and the number of events.
    QString counterText(double t, double end, int event, int events) const;
    /// The counter's "event k of N" at narration line `index` (-1: before the first).
    std::pair<int, int> eventCount(int index) const;
    void updateCounterWidth();
    /// Hides the word "speed" where the transport bar is too narrow for it and a time slider
    /// that can be aimed (the speed box keeps its tooltip); shows it again where there is room.
    void updateTransportRoom();
    /// Compare mode: the panes' heights such that their charts' rows are as tall as each
    /// other's, although only the bottom chart labels the shared time axis.
    void balancePanes();
    /// The page's height shared out for the window's real height (explorer_layout.cpp): the
    /// narration's lines (presentation and full screen ask for some) and the panes' columns,
    /// so that every processor's row is labelled.
    void planLayout();
    /// Places the panes in `columns` columns (column by column), each column's bottom chart
    /// writing the times.
    void arrangePanes(int columns);
    /// The height the panes need in `columns` columns of a `width`-pixel area to label every
    /// row of every chart.
    int panesNeed(int columns, int width);
    /// The height left to the panes when their area (legend, message and all) is `area`.
    int panesRoom(int area) const;
    /// The narration strip's height (transport bar included) for `lines` whole lines.
    int narrationHeight(int lines) const;
    void updateTransportIcons();
    void showSettingsMessage(const QString& error, const QString& note);
    void onResult(const std::shared_ptr<const RunResult>& r);
    void onCursor(double t, int index);
    /// Clicking a narration line: the animation goes to its event, selected in its pane.
    void seekToNarrationLine(int row);
    /// The scenario file beside pane `pane`'s schedule CSV written to `csvPath`.
    QByteArray scenarioSidecar(std::size_t pane, const QString& csvPath) const;
    void updateHistoryActions();
    /// Greys the panes while chartsStale() (a pane made by a new result starts clear).
    void updateStale();
    /// Shows what Back or Forward returned (nothing: false).
    bool showFromHistory(const std::optional<Scenario>& s);
    /// Compare mode: every pane's Gantt/tree splitter as `source`'s (the one the user moved,
    /// or the first pane's after any resize), so that the time axes of all panes stay aligned.
    void alignSplitters(const AlgorithmPane* source);

    Session* m_session;
    AnimationController* m_anim;
    ConfigPanel* m_config; ///< null once deleted (the window's dock may delete it first)
    QVBoxLayout* m_paneLayout = nullptr; ///< the message, the legend, then the panes' grid
    QGridLayout* m_paneGrid = nullptr;
    QWidget* m_panesArea = nullptr; ///< the splitter's upper part
    int m_columns = 1;
    /// Compare mode's one time axis: every chart's left and right margins.
    std::unique_ptr<QCPMarginGroup> m_timeAxisGroup;
    QSplitter* m_split = nullptr;
    LegendStrip* m_legend = nullptr;
    QLabel* m_settingsMessage = nullptr;
    QWidget* m_transport = nullptr;
    std::vector<AlgorithmPane*> m_panes;
    std::shared_ptr<const RunResult> m_result;
    QStringList m_titles;          ///< the Gantt charts' titles of m_result
    std::vector<int> m_eventOwner; ///< the pane of each narration line's event
    /// The k of "event k of N" at each narration line (eventNumbers(), as the web page counts)
    std::vector<int> m_eventNumbers;
    QListWidget* m_narration = nullptr;
    QSlider* m_scrubber = nullptr;
    QLabel* m_timeLabel = nullptr;
    QLabel* m_speedLabel = nullptr;
    QToolButton* m_playButton = nullptr;
    std::vector<std::pair<QToolButton*, MediaIcon>> m_transportButtons;
    QComboBox* m_speed = nullptr;
    Theme m_theme;
    QString m_summary;
    bool m_autoplay = true;
    bool m_syncingRange = false;
    int m_narrationLines = 0;
    ScenarioHistory m_history;
    QAction* m_backAction = nullptr;
    QAction* m_forwardAction = nullptr;
    bool m_splitAlignPending = false; ///< alignSplitters() of the first pane, posted
    bool m_stale = false;
    std::optional<int> m_followed;
    QAction* m_stopFollowing = nullptr;
    QTimer* m_staleDelay = nullptr; ///< a pending run greys the charts when it fires
};

} // namespace rl
