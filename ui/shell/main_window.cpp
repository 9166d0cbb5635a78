#include "shell/main_window.h"

#include "analysis/best_method_panel.h"
#include "analysis/cv_sweep_panel.h"
#include "analysis/ratio_map_panel.h"
#include "analysis/sweep_panel.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "common/app_style.h"
#include "common/examples.h"
#include "common/export_paths.h"
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/animation_dialog.h"
#include "explorer/config_panel.h"
#include "explorer/figure_export_dialog.h"
#include "explorer/quiz_panel.h"
#include "export/animation_export.h"
#include "panels/divisible_load_panel.h"
#include "panels/steady_state_panel.h"
#include "panels/theory_panel.h"
#include "shell/help_pane.h"
#include "shell/window_geometry.h"
#include "studies/sweep_results.h"
#include "views/gantt_view.h"
#include "views/tree_view.h"

#include <QAction>
#include <QApplication>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QFontDatabase>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QProgressDialog>
#include <QScrollArea>
#include <QScrollBar>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTabBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>

#include <algorithm>

namespace rl {

namespace {

// The first size, before the window was ever closed (fitted to the screen).
constexpr QSize kDefaultSize(1400, 860);

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent), m_explorer(new ExplorerPage) {
    setWindowTitle(tr("ReduceLab"));
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_explorer->configPanel());
    scroll->setWidgetResizable(true);
    m_configDock = new QDockWidget(tr("Platform and algorithms"), this);
    m_configDock->setObjectName(QStringLiteral("config"));
    m_configDock->setWidget(scroll);
    m_configDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_configDock);

    const DrillDown drill = [this](const Scenario& s) { openInExplorer(s); };
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(m_explorer, tr("Explorer"));
    m_tabs->addTab(new CvSweepPanel(drill), tr("CV sweep"));
    m_tabs->addTab(new RatioMapPanel(drill), tr("Ratio map"));
    m_tabs->addTab(new BestMethodPanel(drill), tr("Best method"));
    m_tabs->addTab(new TheoryPanel(drill), tr("Theory"));
    m_tabs->addTab(new SteadyStatePanel(drill), tr("Steady state"));
    m_tabs->addTab(new DivisibleLoadPanel, tr("Divisible load"));
    // The tabs span the window, above the settings dock: hiding the dock (leaving the
    // explorer, full screen) leaves every tab where it was, under the pointer. The tab
    // widget keeps the pages; its own bar, inside the central area, would move with the dock.
    auto* strip = new QToolBar(tr("Pages"), this);
    strip->setObjectName(QStringLiteral("pages"));
    strip->setMovable(false);
    strip->setFloatable(false);
    strip->setContextMenuPolicy(Qt::PreventContextMenu);
    strip->toggleViewAction()->setVisible(false);
    // Back and Forward left of the tabs, as in a browser: they work from every tab.
    for (QAction* a : {m_explorer->backAction(), m_explorer->forwardAction()}) {
        strip->addAction(a);
    }
    m_pageBar = new QTabBar;
    m_pageBar->setDocumentMode(true);
    m_pageBar->setExpanding(false);
    m_pageBar->setDrawBase(false);
    m_pageBar->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
    for (int i = 0; i < m_tabs->count(); ++i) {
        m_pageBar->addTab(m_tabs->tabText(i));
    }
    m_tabs->tabBar()->hide();
    connect(m_pageBar, &QTabBar::currentChanged, m_tabs, &QTabWidget::setCurrentIndex);
    connect(m_tabs, &QTabWidget::currentChanged, m_pageBar, &QTabBar::setCurrentIndex);
    strip->addWidget(m_pageBar);
    addToolBar(Qt::TopToolBarArea, strip);
    m_pageStrip = strip;
    // The explorer's configuration only makes sense beside the explorer; the analysis panels
    // carry their own settings.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        fitPagesToTheShownOne();
        updateDocks();
        // The explorer's makespans belong to the explorer, not to the other panels.
        m_runSummary->setText(index == 0 ? m_explorer->summary() : QString());
    });
    setCentralWidget(m_tabs);
    fitPagesToTheShownOne();
    // A permanent widget: Qt's status tips (hovering a menu item) replace temporary messages,
    // and this line is what a researcher copies to reproduce a run. It may shrink (the window
    // must stay resizable); the full text is also its tool tip.
    m_runSummary = new QLabel;
    m_runSummary->setObjectName(QStringLiteral("runSummary"));
    m_runSummary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_runSummary->setMinimumWidth(1);
    connect(m_explorer, &ExplorerPage::summaryChanged, m_runSummary, &QLabel::setToolTip);
    statusBar()->addPermanentWidget(m_runSummary);

    m_webPageJob = new WebPageJob(this);
    connect(m_webPageJob, &AsyncJobBase::resultReady, this, [this] {
        statusBar()->showMessage(tr("wrote %1").arg(m_webPageJob->latest()->path), 8000);
    });
    connect(m_webPageJob, &AsyncJobBase::failed, this, &MainWindow::showError);
    buildHelp();
    buildMenus();
    buildPolicies();
    connect(m_explorer, &ExplorerPage::summaryChanged, this, [this](const QString& summary) {
        updateTitle(); // a new run shown: its algorithms, and whether it is still the file's
        if (m_tabs->currentIndex() == 0) {
            m_runSummary->setText(summary);
            statusBar()->clearMessage(); // "simulating…" is over
        }
    });
    connect(m_explorer, &ExplorerPage::failed, this, &MainWindow::showError);
    connect(session(), &Session::runningChanged, this, [this](bool running) {
        if (running) {
            statusBar()->showMessage(tr("simulating…"));
        }
    });

    QSettings settings;
    if (!restoreGeometry(settings.value("window/geometry").toByteArray())) {
        resize(kDefaultSize);
    }
    // A geometry saved on a larger screen (or the default on a projector) fits this one.
    fitToScreen(this);
    m_theme.presentation = settings.value("view/presentation", false).toBool();
    m_theme.dark = settings.value("view/dark", false).toBool();
    m_presentationAction->setChecked(m_theme.presentation);
    m_darkAction->setChecked(m_theme.dark);
    applyTheme();
    rebuildRecentMenu();
    m_explorer->showScenario(configPanel()->scenario(), true);
}

MainWindow::~MainWindow() {
    if (!m_remembersView) {
        return;
    }
    QSettings settings;
    if (!m_fullScreen) {
        settings.setValue("window/geometry", saveGeometry());
    }
    settings.setValue("view/presentation", m_theme.presentation);
    settings.setValue("view/dark", m_theme.dark);
}

void MainWindow::buildHelp() {
    m_help = new HelpPane;
    m_helpDock = new QDockWidget(tr("Help"), this);
    m_helpDock->setObjectName(QStringLiteral("help"));
    m_helpDock->setWidget(m_help);
    addDockWidget(Qt::RightDockWidgetArea, m_helpDock);
    m_helpDock->hide();
}

void MainWindow::showHelp(const QString& section) {
    if (!m_helpDock->isVisible()) {
        m_helpDock->show();
        // A third of the window: room for the glossary's sentences.
        resizeDocks({m_helpDock}, {width() / 3}, Qt::Horizontal);
    }
    m_helpDock->raise();
    // Once the pane has its width and the text its line breaks.
    QTimer::singleShot(0, m_help, [this, section] { m_help->showSection(section); });
}

void MainWindow::fitSettingsDock() {
    auto* scroll = qobject_cast<QScrollArea*>(m_configDock->widget());
    if (scroll == nullptr || scroll->widget() == nullptr) {
        return;
    }
    // Once the new fonts have reached the settings and their layouts (posted events).
    QTimer::singleShot(0, this, [this, scroll] {
        const int want = scroll->widget()->minimumSizeHint().width() +
                         scroll->verticalScrollBar()->sizeHint().width() + 2 * scroll->frameWidth();
        resizeDocks({m_configDock}, {want}, Qt::Horizontal);
    });
}

void MainWindow::fitPagesToTheShownOne() {
    // The tabs' pages are stacked: each would otherwise hold the window to its own minimum
    // size, laid out at whatever width it last had (presentation mode's model pages asked for
    // more than a framed 720-pixel screen has, and the window grew past the screen).
    for (int i = 0; i < m_tabs->count(); ++i) {
        const auto policy =
            i == m_tabs->currentIndex() ? QSizePolicy::Preferred : QSizePolicy::Ignored;
        m_tabs->widget(i)->setSizePolicy(policy, policy);
    }
}

void MainWindow::updateDocks() {
    // The explorer's settings only beside the explorer, and never in full screen nor during
    // the quiz (its dock takes their place: the charts keep their width on a projector).
    m_configDock->setVisible(m_tabs->currentIndex() == 0 && !m_fullScreen &&
                             !(m_quiz != nullptr && m_quiz->isOn()));
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(tr("&Open scenario…"), QKeySequence::Open, this, [this] {
        const QString p =
            QFileDialog::getOpenFileName(this, tr("Open scenario"), {}, tr("Scenario (*.json)"));
        if (!p.isEmpty()) {
            openScenario(p);
        }
    });
    file->addAction(tr("&Save scenario as…"), QKeySequence::Save, this, [this] {
        const QString p =
            QFileDialog::getSaveFileName(this, tr("Save scenario"), {}, tr("Scenario (*.json)"));
        if (!p.isEmpty()) {
            saveScenario(p);
        }
    });
    m_recentMenu = file->addMenu(tr("Open &recent"));
    // Files deleted or moved since the last look leave the list before it shows.
    connect(file, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    QMenu* examples = file->addMenu(tr("Open e&xample"));
    for (const Example& e : findExamples()) {
        examples->addAction(e.title, this, [this, path = e.path] { openScenario(path); })
            ->setToolTip(e.path);
    }
    examples->setEnabled(!examples->isEmpty());
    file->addAction(tr("Open r&esults…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                    [this] {
                        const QString p = QFileDialog::getOpenFileName(
                            this, tr("Open results"), {},
                            tr("Results (*.csv *.json);;Sweep results (*.csv);;Measured or "
                               "simulated schedule (*.json *.csv)"));
                        if (!p.isEmpty()) {
                            openResults(p);
                        }
                    });
    file->addSeparator();
    auto exportAction = [&](const QString& text, const QString& filter, ExplorerPage::Export what) {
        file->addAction(text, this, [this, text, filter, what] {
            const QString p = QFileDialog::getSaveFileName(this, plainActionText(text), {}, filter);
            if (!p.isEmpty()) {
                exportRun(what, p);
            }
        });
    };
    // Figures: a dialog for the size, the font and the frame (a paper's needs).
    auto figureAction = [&](const QString& text, ExplorerPage::Export what) {
        file->addAction(text, this, [this, what] {
            FigureExportDialog dialog(what, animation()->time(), this, m_explorer->runKeys());
            if (dialog.exec() == QDialog::Accepted) {
                exportRun(dialog.what(), dialog.path(), dialog.options());
            }
        });
    };
    figureAction(tr("Export &Gantt chart…"), ExplorerPage::Export::Gantt);
    figureAction(tr("Export reduction &tree…"), ExplorerPage::Export::Tree);
    figureAction(tr("Export Gantt chart &and tree…"), ExplorerPage::Export::Figure);
    exportAction(tr("Export schedule as &CSV…"), tr("CSV (*.csv)"), ExplorerPage::Export::Csv);
    exportAction(tr("Export &Paje trace…"), tr("Paje trace (*.trace)"), ExplorerPage::Export::Paje);
    file->addAction(tr("Export &animation…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E), this,
                    &MainWindow::askAnimationExport);
    file->addAction(tr("Export &web page…"), this, [this] {
        const QString p =
            QFileDialog::getSaveFileName(this, tr("Export web page"), {}, tr("Web page (*.html)"));
        if (!p.isEmpty()) {
            exportWebPage(p);
        }
    });
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);

    QMenu* edit = menuBar()->addMenu(tr("&Edit"));
    edit->addAction(tr("&Copy figure (Gantt chart and tree)"), QKeySequence::Copy, this,
                    [this] { copyFigure(); });

    QMenu* play = menuBar()->addMenu(tr("&Animation"));
    AnimationController* anim = animation();
    play->addAction(tr("Play / pause"), QKeySequence(Qt::Key_Space), anim,
                    &AnimationController::togglePlay);
    play->addAction(tr("Step forward"), QKeySequence(Qt::Key_Right), anim,
                    &AnimationController::stepForward);
    play->addAction(tr("Step back"), QKeySequence(Qt::Key_Left), anim,
                    &AnimationController::stepBack);
    play->addAction(tr("To the start"), QKeySequence(Qt::Key_Home), anim,
                    &AnimationController::toStart);
    play->addAction(tr("To the end"), QKeySequence(Qt::Key_End), anim, &AnimationController::toEnd);
    play->addAction(tr("Faster"), QKeySequence(Qt::Key_BracketRight), m_explorer,
                    &ExplorerPage::faster);
    play->addAction(tr("Slower"), QKeySequence(Qt::Key_BracketLeft), m_explorer,
                    &ExplorerPage::slower);
    play->addAction(tr("New random draw"), QKeySequence(Qt::Key_N), configPanel(),
                    &ConfigPanel::newDraw);
    buildQuiz(play);

    // Back and Forward through the explorer's scenarios, from any tab: they show the explorer.
    QMenu* go = menuBar()->addMenu(tr("&Go"));
    for (QAction* a : {m_explorer->backAction(), m_explorer->forwardAction()}) {
        go->addAction(a);
        connect(a, &QAction::triggered, this, [this] { m_tabs->setCurrentIndex(0); });
    }

    QMenu* view = menuBar()->addMenu(tr("&View"));
    m_presentationAction =
        view->addAction(tr("&Presentation mode (everything larger)"), QKeySequence(Qt::Key_F5),
                        this, [this](bool on) { setPresentation(on); });
    m_presentationAction->setCheckable(true);
    m_presentationAction->setChecked(m_theme.presentation);
    m_fullScreenAction = view->addAction(tr("&Full screen (views only)"), QKeySequence(Qt::Key_F11),
                                         this, [this](bool on) { setFullScreenMode(on); });
    m_fullScreenAction->setCheckable(true);
    m_darkAction = view->addAction(tr("&Dark theme"), QKeySequence(Qt::CTRL | Qt::Key_D), this,
                                   [this](bool on) { setDark(on); });
    m_darkAction->setCheckable(true);
    m_darkAction->setChecked(m_theme.dark);
    QAction* rect = view->addAction(tr("&Rectangle zoom"), QKeySequence(Qt::Key_Z), m_explorer,
                                    &ExplorerPage::setRectangleZoom);
    rect->setCheckable(true);
    view->addAction(tr("Reset &zoom"), QKeySequence(Qt::Key_0), m_explorer,
                    &ExplorerPage::resetZoom);
    view->addAction(m_explorer->stopFollowingAction());
    // Esc leaves full screen (F11 toggles it), once no processor is followed: one key, one
    // action at a time (two enabled actions on one key would make Qt run neither).
    m_leaveFullScreen = new QAction(tr("Leave full screen"), this);
    m_leaveFullScreen->setShortcut(QKeySequence(Qt::Key_Escape));
    m_leaveFullScreen->setEnabled(false);
    connect(m_leaveFullScreen, &QAction::triggered, this, [this] { setFullScreenMode(false); });
    connect(m_explorer->stopFollowingAction(), &QAction::changed, this,
            &MainWindow::updateLeaveFullScreen);
    addAction(m_leaveFullScreen);

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&Help"), QKeySequence(Qt::Key_F1), this, [this] {
        if (m_helpDock->isVisible()) {
            m_helpDock->hide();
        } else {
            showHelp(QStringLiteral("keys"));
        }
    });
    help->addAction(tr("&Keys"), this, [this] { showHelp(QStringLiteral("keys")); });
    help->addAction(tr("&Glossary"), this, [this] { showHelp(QStringLiteral("glossary")); });
    help->addAction(tr("&Legend of the charts"), this,
                    [this] { showHelp(QStringLiteral("legend")); });
    help->addAction(tr("&About ReduceLab"), this, [this] { showHelp(QStringLiteral("about")); });

    // The menus' keys work with the menu bar hidden (full screen), and the Help lists them.
    std::vector<HelpPane::Key> keys;
    for (QMenu* menu : {file, play, view, help}) {
        for (QAction* a : menu->actions()) {
            addAction(a);
            if (!a->shortcut().isEmpty()) {
                keys.emplace_back(a->shortcut().toString(QKeySequence::NativeText),
                                  plainActionText(a->text()));
            }
        }
    }
    keys.emplace_back(m_leaveFullScreen->shortcut().toString(QKeySequence::NativeText),
                      m_leaveFullScreen->text());
    m_help->setKeys(std::move(keys));
}

void MainWindow::setPresentation(bool on) {
    m_theme.presentation = on;
    m_presentationAction->setChecked(on);
    applyTheme();
}

void MainWindow::setDark(bool on) {
    m_theme.dark = on;
    m_darkAction->setChecked(on);
    applyTheme();
}

void MainWindow::updateLeaveFullScreen() {
    m_leaveFullScreen->setEnabled(m_fullScreen && !m_explorer->stopFollowingAction()->isEnabled());
}

void MainWindow::setFullScreenMode(bool on) {
    if (on == m_fullScreen) {
        return;
    }
    m_fullScreen = on;
    m_fullScreenAction->setChecked(on);
    updateLeaveFullScreen();
    menuBar()->setVisible(!on);
    statusBar()->setVisible(!on);
    if (on) {
        m_stateBeforeFullScreen = windowState();
        setWindowState(windowState() | Qt::WindowFullScreen);
    } else {
        setWindowState(m_stateBeforeFullScreen & ~Qt::WindowFullScreen);
    }
    updateDocks();
    m_explorer->setNarrationLines(on ? 4 : (m_theme.presentation ? 6 : 0));
}

void MainWindow::applyTheme() {
    // The whole window (style, palette, fonts), then every view, which draws itself.
    applyApplicationTheme(m_theme);
    for (QDockWidget* dock : findChildren<QDockWidget*>()) {
        // A dock draws its title in the font it had when it was made unless its own font
        // differs from the application's: one that differs only in how it is rendered.
        QFont f = QApplication::font();
        f.setStyleStrategy(QFont::PreferAntialias);
        dock->setFont(f);
    }
    if (m_policyError != nullptr) { // a traceback in a fixed font, as large as the rest
        QFont fixed = QFontDatabase::systemFont(QFontDatabase::FixedFont);
        fixed.setPointSizeF(QApplication::font().pointSizeF());
        m_policyError->setFont(fixed);
    }
    m_explorer->setTheme(m_theme);
    for (GanttView* v : findChildren<GanttView*>()) {
        v->setTheme(m_theme);
    }
    for (TreeView* v : findChildren<TreeView*>()) {
        v->setTheme(m_theme);
    }
    for (SweepFigure* f : findChildren<SweepFigure*>()) {
        f->setTheme(m_theme);
    }
    m_help->setTheme(m_theme);
    // Back and Forward as tall as the tabs' text: the strip no taller than the tabs.
    const int icon = QFontMetrics(QApplication::font()).height();
    m_pageStrip->setIconSize(QSize(icon, icon));
    m_explorer->setNarrationLines(m_fullScreen ? 4 : (m_theme.presentation ? 6 : 0));
    fitSettingsDock();
}

void MainWindow::showError(const QString& message) {
    // A policy's exception: its traceback in the error pane rather than a dialog.
    if (!session()->failureDetails().isEmpty() && message == session()->failure()) {
        showPolicyError(message, session()->failureDetails());
        return;
    }
    m_lastError = message;
    statusBar()->showMessage(message, 10000);
    if (m_interactive) {
        QMessageBox::warning(this, tr("ReduceLab"), message);
    }
}

bool MainWindow::copyFigure() {
    QString error;
    if (m_tabs->currentIndex() != 0) {
        showError(tr("Copy figure copies the explorer's chart and tree: open the Explorer tab"));
        return false;
    }
    if (!m_explorer->copyFigure(&error)) {
        showError(error);
        return false;
    }
    statusBar()->showMessage(tr("copied the figure (image, SVG and PDF)"), 8000);
    return true;
}

bool MainWindow::exportWebPage(const QString& typed) {
    // "run_page" is written as "run_page.html", as the CSV export adds its own extension.
    const QString path =
        exportPaths(typed, {QStringLiteral("html"), QStringLiteral("htm")}, {}).front();
    // The page of the tab shown: the explorer's run, or an analysis panel's figure.
    QString error;
    WebPageMaker make;
    if (m_tabs->currentIndex() == 0) {
        make = m_explorer->webPage(&error);
    } else if (auto* panel = qobject_cast<SweepPanel*>(m_tabs->currentWidget())) {
        make = panel->webPage(&error);
    } else {
        error = tr("Export web page writes the explorer's run or the figure of the CV sweep, "
                   "ratio map or best method tab: open one of them");
    }
    if (!make) {
        showError(error);
        return false;
    }
    try {
        startWebPageExport(*m_webPageJob, path, std::move(make));
    } catch (const std::exception& e) { // the path refused
        showError(QString::fromStdString(printable(e.what())));
        return false;
    }
    statusBar()->showMessage(tr("writing %1…").arg(path));
    return true;
}

bool MainWindow::exportRun(ExplorerPage::Export what, const QString& path,
                           const FigureExportOptions& figure) {
    QStringList written;
    QString error;
    if (!m_explorer->exportRun(what, path, &written, &error, figure)) {
        showError(error);
        return false;
    }
    statusBar()->showMessage(tr("wrote %1").arg(written.join(QStringLiteral(", "))), 8000);
    return true;
}

bool MainWindow::exportGantt(const QString& path) {
    return exportRun(ExplorerPage::Export::Gantt, path);
}

bool MainWindow::exportTree(const QString& path) {
    return exportRun(ExplorerPage::Export::Tree, path);
}

bool MainWindow::exportCsv(const QString& path) {
    return exportRun(ExplorerPage::Export::Csv, path);
}

bool MainWindow::exportPaje(const QString& path) {
    return exportRun(ExplorerPage::Export::Paje, path);
}

void MainWindow::askAnimationExport() {
    // The previous export's file and choices; the first time, Videos (or home): the working
    // folder of a GUI is wherever it was started from. The style follows the window.
    QSettings settings;
    QString folder = QStandardPaths::writableLocation(QStandardPaths::MoviesLocation);
    if (folder.isEmpty() || !QFileInfo(folder).isDir()) {
        folder = QDir::homePath();
    }
    const QString path =
        settings.value("animation/path", QDir(folder).filePath(QStringLiteral("reducelab.mp4")))
            .toString();
    AnimationDialog dialog(m_theme, path, this);
    AnimationOptions previous;
    previous.fps = settings.value("animation/fps", previous.fps).toInt();
    previous.seconds = settings.value("animation/seconds", previous.seconds).toDouble();
    previous.width = settings.value("animation/width", previous.width).toInt();
    previous.height = settings.value("animation/height", previous.height).toInt();
    previous.presentation = m_theme.presentation;
    previous.dark = m_theme.dark;
    dialog.setOptions(previous); // stored values out of range are brought back by the fields
    if (dialog.exec() != QDialog::Accepted) {
        return;
    }
    const AnimationOptions o = dialog.options();
    settings.setValue("animation/path", dialog.path());
    settings.setValue("animation/fps", o.fps);
    settings.setValue("animation/seconds", o.seconds);
    settings.setValue("animation/width", o.width);
    settings.setValue("animation/height", o.height);
    exportAnimation(dialog.path(), o);
}

AnimationExport* MainWindow::exportAnimation(const QString& path, const AnimationOptions& options) {
    QString error;
    AnimationExport* run = m_explorer->exportAnimation(path, options, &error);
    if (run == nullptr) {
        showError(error);
        return nullptr;
    }
    // Not modal: a modal QProgressDialog would call processEvents() on every update.
    auto* progress = new QProgressDialog(tr("Exporting %1…").arg(QFileInfo(path).fileName()),
                                         tr("Cancel"), 0, run->frameCount(), this);
    progress->setWindowModality(Qt::NonModal);
    progress->setAutoClose(false);
    progress->setAutoReset(false);
    progress->setMinimumDuration(0);
    progress->setAttribute(Qt::WA_DeleteOnClose);
    connect(run, &AnimationExport::progress, progress, &QProgressDialog::setValue);
    connect(progress, &QProgressDialog::canceled, run, &AnimationExport::cancel);
    connect(run, &AnimationExport::finished, this,
            [this, progress, path](bool ok, const QString& message) {
                progress->close();
                if (ok) {
                    statusBar()->showMessage(tr("wrote %1").arg(path), 8000);
                } else if (!message.isEmpty()) {
                    showError(message);
                } else {
                    statusBar()->showMessage(tr("animation export cancelled; nothing written"),
                                             8000);
                }
            });
    return run;
}

} // namespace rl
