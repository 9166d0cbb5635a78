#include "shell/main_window.h"

#include "algorithms/narration.h"
#include "analysis/best_method_panel.h"
#include "analysis/cv_sweep_panel.h"
#include "analysis/ratio_map_panel.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "common/examples.h"
#include "common/figure_export.h"
#include "common/sweep_results.h"
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/config_panel.h"
#include "panels/divisible_load_panel.h"
#include "panels/steady_state_panel.h"
#include "panels/theory_panel.h"
#include "schedule/paje_trace.h"
#include "schedule/schedule_csv.h"
#include "schedule/timeline.h"
#include "views/gantt_view.h"
#include "views/tree_view.h"

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMenuBar>
#include <QMessageBox>
#include <QScrollArea>
#include <QSettings>
#include <QSlider>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>

#include <QToolButton>
#include <QVBoxLayout>
#include <cmath>

#include <algorithm>

namespace rl {

namespace {

constexpr int kScrubSteps = 1000;
constexpr int kMaxRecent = 8;

QString algoName(AlgorithmId id) {
    return QString::fromStdString(std::string(algorithmInfo(id).name));
}
QString algoKey(AlgorithmId id) {
    return QString::fromStdString(std::string(algorithmInfo(id).key));
}

} // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
    setWindowTitle(tr("ReduceLab"));
    m_session = new Session(this);
    m_anim = new AnimationController(this);

    m_config = new ConfigPanel;
    auto* scroll = new QScrollArea;
    scroll->setWidget(m_config);
    scroll->setWidgetResizable(true);
    m_configDock = new QDockWidget(tr("Platform and algorithms"), this);
    m_configDock->setObjectName(QStringLiteral("config"));
    m_configDock->setWidget(scroll);
    m_configDock->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable);
    addDockWidget(Qt::LeftDockWidgetArea, m_configDock);

    auto* panes = new QWidget;
    m_paneLayout = new QVBoxLayout(panes);
    m_paneLayout->setContentsMargins(4, 4, 4, 4);
    m_narration = new QListWidget;
    m_narration->setToolTip(tr("what happens at each step, in words"));
    m_narration->setUniformItemSizes(true);
    auto* bottom = new QWidget;
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(4, 0, 4, 4);
    bottomLayout->addWidget(buildTransport());
    bottomLayout->addWidget(m_narration);
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(panes);
    split->addWidget(bottom);
    split->setStretchFactor(0, 4);
    split->setStretchFactor(1, 1);
    split->setSizes({800, 170}); // the charts first; the narration is a strip below
    m_tabs = new QTabWidget;
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(split, tr("Explorer"));
    m_tabs->addTab(new CvSweepPanel([this](const Scenario& s) { openInExplorer(s); }),
                   tr("CV sweep"));
    m_tabs->addTab(new RatioMapPanel([this](const Scenario& s) { openInExplorer(s); }),
                   tr("Ratio map"));
    m_tabs->addTab(new BestMethodPanel([this](const Scenario& s) { openInExplorer(s); }),
                   tr("Best method"));
    m_tabs->addTab(new TheoryPanel([this](const Scenario& s) { openInExplorer(s); }), tr("Theory"));
    m_tabs->addTab(new SteadyStatePanel([this](const Scenario& s) { openInExplorer(s); }),
                   tr("Steady state"));
    m_tabs->addTab(new DivisibleLoadPanel, tr("Divisible load"));
    // The explorer's configuration only makes sense beside the explorer; the analysis panels
    // carry their own settings.
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        m_configDock->setVisible(index == 0);
        // The explorer's makespans belong to the explorer, not to the other panels.
        if (index == 0) {
            statusBar()->showMessage(m_explorerSummary);
        } else {
            statusBar()->clearMessage();
        }
    });
    setCentralWidget(m_tabs);

    buildMenus();
    connect(m_config, &ConfigPanel::scenarioEdited, m_session, &Session::setScenario);
    connect(m_session, &Session::resultReady, this, &MainWindow::onResult);
    connect(m_session, &Session::failed, this, &MainWindow::showError);
    connect(m_session, &Session::runningChanged, this, [this](bool running) {
        if (running) {
            statusBar()->showMessage(tr("simulating…"));
        }
    });
    connect(m_anim, &AnimationController::cursorChanged, this, &MainWindow::onCursor);
    connect(m_anim, &AnimationController::playingChanged, this, [this](bool playing) {
        m_playButton->setIcon(
            style()->standardIcon(playing ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    });

    QSettings settings;
    restoreGeometry(settings.value("window/geometry").toByteArray());
    m_theme.presentation = settings.value("view/presentation", false).toBool();
    m_theme.dark = settings.value("view/dark", false).toBool();
    applyTheme();
    rebuildRecentMenu();
    resize(1400, 860);
    m_session->setScenario(m_config->scenario());
}

MainWindow::~MainWindow() {
    QSettings settings;
    settings.setValue("window/geometry", saveGeometry());
    settings.setValue("view/presentation", m_theme.presentation);
    settings.setValue("view/dark", m_theme.dark);
}

QWidget* MainWindow::buildTransport() {
    auto* bar = new QWidget;
    auto* l = new QHBoxLayout(bar);
    l->setContentsMargins(0, 0, 0, 0);
    auto button = [&](QStyle::StandardPixmap icon, const QString& tip, auto slot) {
        auto* b = new QToolButton(bar);
        b->setIcon(style()->standardIcon(icon));
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, m_anim, slot);
        l->addWidget(b);
        return b;
    };
    button(QStyle::SP_MediaSkipBackward, tr("to the start (Home)"), &AnimationController::toStart);
    button(QStyle::SP_MediaSeekBackward, tr("one event back (Left)"),
           &AnimationController::stepBack);
    m_playButton =
        button(QStyle::SP_MediaPlay, tr("play / pause (Space)"), &AnimationController::togglePlay);
    button(QStyle::SP_MediaSeekForward, tr("one event forward (Right)"),
           &AnimationController::stepForward);
    button(QStyle::SP_MediaSkipForward, tr("to the end (End)"), &AnimationController::toEnd);
    m_speed = new QComboBox(bar);
    for (double f : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0}) {
        m_speed->addItem(QStringLiteral("×%1").arg(f), f);
    }
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("animation speed ([ slower, ] faster); ×1 plays the whole run in 12 s"));
    l->addWidget(m_speed);
    m_scrubber = new QSlider(Qt::Horizontal, bar);
    m_scrubber->setRange(0, kScrubSteps);
    m_scrubber->setToolTip(tr("time"));
    l->addWidget(m_scrubber, 1);
    m_timeLabel = new QLabel(bar);
    m_timeLabel->setMinimumWidth(170);
    l->addWidget(m_timeLabel);
    connect(m_scrubber, &QSlider::sliderMoved, this,
            [this](int v) { m_anim->seek(m_anim->end() * v / static_cast<double>(kScrubSteps)); });
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] {
        m_anim->setSpeed(std::max(m_anim->end(), 1e-9) / 12.0 * m_speed->currentData().toDouble());
    });
    return bar;
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
    QMenu* examples = file->addMenu(tr("Open e&xample"));
    for (const Example& e : findExamples()) {
        examples->addAction(e.title, this, [this, path = e.path] { openScenario(path); })
            ->setToolTip(e.path);
    }
    examples->setEnabled(!examples->isEmpty());
    file->addAction(tr("Open r&esults…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_O), this,
                    [this] {
                        const QString p = QFileDialog::getOpenFileName(
                            this, tr("Open results of a sweep"), {}, tr("Sweep results (*.csv)"));
                        if (!p.isEmpty()) {
                            openResults(p);
                        }
                    });
    file->addSeparator();
    auto exportAction = [&](const QString& text, const QString& filter,
                            bool (MainWindow::*fn)(const QString&)) {
        file->addAction(text, this, [this, text, filter, fn] {
            const QString p = QFileDialog::getSaveFileName(this, text, {}, filter);
            if (!p.isEmpty()) {
                (this->*fn)(p);
            }
        });
    };
    exportAction(tr("Export &Gantt chart…"), tr("Figures (*.png *.svg *.pdf)"),
                 &MainWindow::exportGantt);
    exportAction(tr("Export reduction &tree…"), tr("Figures (*.png *.svg *.pdf)"),
                 &MainWindow::exportTree);
    exportAction(tr("Export schedule as &CSV…"), tr("CSV (*.csv)"), &MainWindow::exportCsv);
    exportAction(tr("Export &Paje trace…"), tr("Paje trace (*.trace)"), &MainWindow::exportPaje);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, qApp, &QApplication::quit);

    QMenu* play = menuBar()->addMenu(tr("&Animation"));
    play->addAction(tr("Play / pause"), QKeySequence(Qt::Key_Space), m_anim,
                    &AnimationController::togglePlay);
    play->addAction(tr("Step forward"), QKeySequence(Qt::Key_Right), m_anim,
                    &AnimationController::stepForward);
    play->addAction(tr("Step back"), QKeySequence(Qt::Key_Left), m_anim,
                    &AnimationController::stepBack);
    play->addAction(tr("To the start"), QKeySequence(Qt::Key_Home), m_anim,
                    &AnimationController::toStart);
    play->addAction(tr("To the end"), QKeySequence(Qt::Key_End), m_anim,
                    &AnimationController::toEnd);
    play->addAction(tr("Faster"), QKeySequence(Qt::Key_BracketRight), this, [this] {
        m_speed->setCurrentIndex(std::min(m_speed->currentIndex() + 1, m_speed->count() - 1));
    });
    play->addAction(tr("Slower"), QKeySequence(Qt::Key_BracketLeft), this,
                    [this] { m_speed->setCurrentIndex(std::max(m_speed->currentIndex() - 1, 0)); });
    play->addAction(tr("New random draw"), QKeySequence(Qt::Key_N), m_config,
                    &ConfigPanel::newDraw);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* pres =
        view->addAction(tr("&Presentation mode (large fonts)"), QKeySequence(Qt::Key_F5), this,
                        [this](bool on) { setPresentation(on); });
    pres->setCheckable(true);
    pres->setChecked(m_theme.presentation);
    QAction* dark = view->addAction(tr("&Dark theme"), QKeySequence(Qt::CTRL | Qt::Key_D), this,
                                    [this](bool on) { setDark(on); });
    dark->setCheckable(true);
    dark->setChecked(m_theme.dark);
    QAction* rect =
        view->addAction(tr("&Rectangle zoom"), QKeySequence(Qt::Key_Z), this, [this](bool on) {
            for (AlgorithmPane* p : m_panes) {
                p->gantt()->setRectangleZoom(on);
            }
        });
    rect->setCheckable(true);
    view->addAction(tr("Reset &zoom"), QKeySequence(Qt::Key_0), this, [this] {
        for (AlgorithmPane* p : m_panes) {
            p->gantt()->resetView();
            p->tree()->resetView();
        }
    });
}

void MainWindow::setPresentation(bool on) {
    m_theme.presentation = on;
    applyTheme();
}

void MainWindow::setDark(bool on) {
    m_theme.dark = on;
    applyTheme();
}

void MainWindow::applyTheme() {
    QFont f = QApplication::font();
    f.setPointSize(m_theme.presentation ? 14 : QFont().pointSize());
    m_narration->setFont(f);
    for (AlgorithmPane* p : m_panes) {
        p->setTheme(m_theme);
    }
    for (int i = 0; i < m_tabs->count(); ++i) {
        if (auto* panel = qobject_cast<SweepPanel*>(m_tabs->widget(i))) {
            panel->figure()->setTheme(m_theme);
        }
    }
}

void MainWindow::onResult(const std::shared_ptr<const RunResult>& r) {
    m_result = r;
    const auto& schedules = r->schedules;
    while (m_panes.size() > schedules.size()) {
        delete m_panes.back();
        m_panes.pop_back();
    }
    while (m_panes.size() < schedules.size()) {
        auto* pane = new AlgorithmPane;
        m_paneLayout->addWidget(pane, 1);
        // Compare mode: one shared time axis.
        connect(pane->gantt(), &GanttView::timeRangeChanged, this, [this](double lo, double hi) {
            if (m_syncingRange) {
                return;
            }
            m_syncingRange = true;
            for (AlgorithmPane* p : m_panes) {
                p->gantt()->setTimeRange(lo, hi);
            }
            m_syncingRange = false;
        });
        m_panes.push_back(pane);
    }
    double end = 0.0;
    QStringList summary;
    std::vector<std::tuple<TimelineEvent, int, QString>> merged;
    for (std::size_t i = 0; i < schedules.size(); ++i) {
        const Schedule& s = *schedules[i];
        const AlgorithmId algo = r->scenario.algorithms[i];
        QString title =
            QStringLiteral("%1 — makespan %2").arg(algoName(algo)).arg(s.makespan, 0, 'g', 5);
        if (algo == AlgorithmId::TreeDyn && r->treeDynChain) {
            // The run beside what theory expects of it (RR §5's Markov chain).
            title += QStringLiteral("  (Markov chain: mean %1, sd %2)")
                         .arg(r->treeDynChain->mean, 0, 'g', 5)
                         .arg(std::sqrt(r->treeDynChain->variance), 0, 'g', 4);
        }
        m_panes[i]->setSchedule(schedules[i], title);
        m_panes[i]->gantt()->setReferenceLine(
            r->bound ? std::optional<double>(r->bound->value) : std::nullopt,
            r->bound ? QString::fromStdString(r->bound->label) : QString());
        m_panes[i]->setTheme(m_theme);
        end = std::max(end, s.makespan);
        summary << title;
        const std::vector<TimelineEvent> timeline = buildTimeline(s);
        const std::vector<std::string> lines = narrate(s, algo, timeline);
        for (std::size_t k = 0; k < timeline.size(); ++k) {
            QString line = QString::fromStdString(lines[k]);
            if (schedules.size() > 1) {
                line = algoName(algo) + QStringLiteral(" · ") + line;
            }
            merged.emplace_back(timeline[k], static_cast<int>(i), line);
        }
    }
    // Every schedule's own order is kept; across schedules, by time.
    std::stable_sort(merged.begin(), merged.end(), [](const auto& a, const auto& b) {
        return std::get<0>(a).time < std::get<0>(b).time;
    });
    for (AlgorithmPane* p : m_panes) {
        p->gantt()->setTimeRange(-0.02 * end, 1.02 * std::max(end, 1e-9));
    }
    std::vector<TimelineEvent> events;
    m_eventOwner.clear();
    m_narration->clear();
    QStringList lines;
    for (const auto& [e, owner, line] : merged) {
        events.push_back(e);
        m_eventOwner.push_back(owner);
        lines << line;
    }
    m_narration->addItems(lines);
    m_anim->setTimeline(std::move(events), end);
    m_anim->setSpeed(std::max(end, 1e-9) / 12.0 * m_speed->currentData().toDouble());
    m_explorerSummary = summary.join(QStringLiteral("   |   "));
    if (m_tabs->currentIndex() == 0) {
        statusBar()->showMessage(m_explorerSummary);
    }
    if (m_autoplay) {
        m_autoplay = false; // the demo plays at once; later edits wait for the user
        m_anim->play();
    }
}

void MainWindow::onCursor(double t, int index) {
    for (AlgorithmPane* p : m_panes) {
        p->setCursorTime(t);
    }
    const double end = m_anim->end();
    if (!m_scrubber->isSliderDown()) {
        m_scrubber->setValue(end > 0 ? static_cast<int>(t / end * kScrubSteps) : 0);
    }
    m_timeLabel->setText(tr("t = %1 / %2  (event %3 of %4)")
                             .arg(t, 0, 'f', 3)
                             .arg(end, 0, 'f', 3)
                             .arg(index + 1)
                             .arg(m_anim->timeline().size()));
    if (index >= 0 && index < m_narration->count()) {
        m_narration->setCurrentRow(index);
        m_narration->scrollToItem(m_narration->item(index));
    } else {
        m_narration->clearSelection();
    }
}

void MainWindow::showError(const QString& message) {
    m_lastError = message;
    statusBar()->showMessage(message, 10000);
    if (m_interactive) {
        QMessageBox::warning(this, tr("ReduceLab"), message);
    }
}

void MainWindow::openInExplorer(const Scenario& s) {
    m_config->setScenario(s);
    m_session->setScenario(s);
    m_tabs->setCurrentIndex(0);
}

bool MainWindow::openScenario(const QString& path) {
    try {
        const Scenario s = Scenario::load(path);
        m_config->setScenario(s);
        m_session->setScenario(s);
        addRecent(path);
        m_autoplay = true;
        return true;
    } catch (const InputError& e) {
        showError(QString::fromUtf8(e.what()));
        return false;
    }
}

bool MainWindow::openResults(const QString& path) {
    try {
        // A few hundred kB at most (bounded by kMaxSweepResultsBytes): read and checked here,
        // before anything changes.
        const SweepResults r = loadSweepResults(path);
        for (int i = 0; i < m_tabs->count(); ++i) {
            auto* panel = qobject_cast<SweepPanel*>(m_tabs->widget(i));
            if (panel && panel->figureKind() == r.figure) {
                panel->showResults(r.snapshot, QFileInfo(path).fileName());
                m_tabs->setCurrentIndex(i);
                return true;
            }
        }
        showError(tr("no panel draws %1").arg(QString::fromUtf8(figureKey(r.figure).data())));
        return false;
    } catch (const InputError& e) {
        showError(QString::fromStdString(printable(e.what())));
        return false;
    }
}

bool MainWindow::saveScenario(const QString& path) {
    QString error;
    if (!m_session->scenario().save(path, &error)) {
        showError(error);
        return false;
    }
    addRecent(path);
    return true;
}

void MainWindow::addRecent(const QString& path) {
    QSettings settings;
    QStringList recent = settings.value("recentFiles").toStringList();
    recent.removeAll(path);
    recent.prepend(path);
    while (recent.size() > kMaxRecent) {
        recent.removeLast();
    }
    settings.setValue("recentFiles", recent);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    m_recentMenu->clear();
    const QStringList recent = QSettings().value("recentFiles").toStringList();
    for (const QString& p : recent) {
        m_recentMenu->addAction(QFileInfo(p).fileName(), this, [this, p] { openScenario(p); })
            ->setToolTip(p);
    }
    m_recentMenu->setEnabled(!recent.isEmpty());
}

QStringList MainWindow::perAlgorithmPaths(const QString& path) const {
    QStringList out;
    if (!m_result) {
        return out;
    }
    if (m_result->schedules.size() == 1) {
        return {path};
    }
    const QFileInfo info(path);
    for (AlgorithmId a : m_result->scenario.algorithms) {
        out << info.dir().filePath(info.completeBaseName() + QLatin1Char('-') + algoKey(a) +
                                   QLatin1Char('.') + info.suffix());
    }
    return out;
}

bool MainWindow::exportEach(const QString& path,
                            const std::function<bool(int, const QString&, QString*)>& write) {
    const QStringList paths = perAlgorithmPaths(path);
    if (paths.isEmpty()) {
        showError(tr("nothing to export yet"));
        return false;
    }
    for (int i = 0; i < paths.size(); ++i) {
        QString error;
        if (!write(i, paths[i], &error)) {
            showError(error);
            return false;
        }
    }
    statusBar()->showMessage(tr("wrote %1").arg(paths.join(QStringLiteral(", "))), 8000);
    return true;
}

bool MainWindow::exportGantt(const QString& path) {
    return exportEach(path, [this](int i, const QString& p, QString* e) {
        return m_panes[static_cast<std::size_t>(i)]->gantt()->exportTo(p, e);
    });
}

bool MainWindow::exportTree(const QString& path) {
    return exportEach(path, [this](int i, const QString& p, QString* e) {
        return m_panes[static_cast<std::size_t>(i)]->tree()->exportTo(p, e);
    });
}

bool MainWindow::exportCsv(const QString& path) {
    return exportEach(path, [this](int i, const QString& p, QString* e) {
        return writeFileAtomically(p,
                                   QByteArray::fromStdString(scheduleCsv(
                                       *m_result->schedules[static_cast<std::size_t>(i)])),
                                   e);
    });
}

bool MainWindow::exportPaje(const QString& path) {
    return exportEach(path, [this](int i, const QString& p, QString* e) {
        return writeFileAtomically(
            p,
            QByteArray::fromStdString(pajeTrace(*m_result->schedules[static_cast<std::size_t>(i)])),
            e);
    });
}

} // namespace rl
