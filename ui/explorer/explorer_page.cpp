#include "explorer/explorer_page.h"

#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "base/vocabulary.h"
#include "common/app_style.h"
#include "common/export_paths.h"
#include "common/figure_export.h"
#include "common/media_icons.h"
#include "explorer/algorithm_pane.h"
#include "explorer/animation_controller.h"
#include "explorer/config_panel.h"
#include "export/animation_export.h"
#include "schedule/paje_trace.h"
#include "schedule/schedule_csv.h"
#include "studies/measured_run.h"
#include "studies/scenario_json.h"
#include "views/gantt_view.h"
#include "views/legend_strip.h"
#include "views/tree_view.h"
#include "web/run_page.h"

#include <qcustomplot.h>

#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QFileInfo>
#include <QGraphicsOpacityEffect>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QPainter>
#include <QSlider>
#include <QSplitter>
#include <QStyle>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace rl {

namespace {

constexpr int kScrubSteps = 1000;

} // namespace

ExplorerPage::~ExplorerPage() {
    // The window puts the panel in its settings dock, which then owns it; a page used on its
    // own never gives it a parent, so the page deletes it (LeakSanitizer found it leaked).
    if (m_config && m_config->parent() == nullptr) {
        delete m_config;
    }
}

ExplorerPage::ExplorerPage(QWidget* parent)
    : QWidget(parent), m_session(new Session(this)), m_anim(new AnimationController(this)),
      m_config(new ConfigPanel) {
    connect(m_config, &QObject::destroyed, this, [this] { m_config = nullptr; });
    m_panesArea = new QWidget;
    m_paneLayout = new QVBoxLayout(m_panesArea);
    m_paneLayout->setContentsMargins(4, 4, 4, 4);
    m_paneGrid = new QGridLayout;
    m_paneGrid->setContentsMargins(0, 0, 0, 0);
    m_timeAxisGroup = std::make_unique<QCPMarginGroup>(nullptr);
    // One legend for every chart and tree of the page (each exported figure has its own).
    m_legend = new LegendStrip;
    auto gantt = [](GanttView::Glyph g) {
        return
            [g](QPainter& p, QRectF box, const Theme& t) { GanttView::paintGlyph(p, g, box, t); };
    };
    auto tree = [](TreeView::Glyph g) {
        return [g](QPainter& p, QRectF box, const Theme& t) { TreeView::paintGlyph(p, g, box, t); };
    };
    // The legends' words, the same in the web pages (core/base/vocabulary.h).
    auto label = [](Mark mark) {
        const std::string_view text = markWords(mark).label;
        return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
    };
    m_legend->addEntry(label(Mark::Transfer), gantt(GanttView::Glyph::Transfer));
    m_legend->addEntry(label(Mark::Reduction), gantt(GanttView::Glyph::Reduction));
    m_legend->addEntry(label(Mark::Critical), gantt(GanttView::Glyph::Critical));
    m_legend->addEntry(label(Mark::InFlight), tree(TreeView::Glyph::InFlight));
    m_legend->addEntry(label(Mark::Merged), tree(TreeView::Glyph::Merged));
    // The nodes' rings and fills (Help says the same): in an order that keeps the strip on
    // two lines on a 1280-pixel projector in presentation mode.
    m_legend->addEntry(label(Mark::Reducing), tree(TreeView::Glyph::Reducing));
    m_legend->addEntry(label(Mark::Holding), tree(TreeView::Glyph::Holding));
    m_legend->addEntry(label(Mark::Receiving), tree(TreeView::Glyph::Receiving));
    m_legend->addEntry(label(Mark::Sent), tree(TreeView::Glyph::Sent));
    m_legend->addEntry(label(Mark::Complete), tree(TreeView::Glyph::Complete));
    m_legend->setToolTip(tr("Help → Legend (F1) explains every mark"));
    m_settingsMessage = new QLabel;
    m_settingsMessage->setWordWrap(true);
    m_settingsMessage->setFrameShape(QFrame::StyledPanel);
    m_settingsMessage->setMargin(4);
    m_settingsMessage->hide();
    m_paneLayout->addWidget(m_settingsMessage);
    m_paneLayout->addWidget(m_legend);
    m_paneLayout->addLayout(m_paneGrid, 1);
    m_narration = new QListWidget;
    m_narration->setToolTip(tr("what happens at each step, in words; click a line to go there"));
    m_narration->setUniformItemSizes(true);
    m_narration->viewport()->installEventFilter(this); // resized: the current line in view
    connect(m_narration, &QListWidget::itemClicked, this,
            [this](QListWidgetItem* item) { seekToNarrationLine(m_narration->row(item)); });
    connect(m_narration, &QListWidget::itemActivated, this,
            [this](QListWidgetItem* item) { seekToNarrationLine(m_narration->row(item)); });
    auto* bottom = new QWidget;
    auto* bottomLayout = new QVBoxLayout(bottom);
    bottomLayout->setContentsMargins(4, 0, 4, 4);
    m_transport = buildTransport();
    bottomLayout->addWidget(m_transport);
    bottomLayout->addWidget(m_narration);
    m_split = new QSplitter(Qt::Vertical);
    m_split->addWidget(m_panesArea);
    m_split->addWidget(bottom);
    m_split->setStretchFactor(0, 4);
    m_split->setStretchFactor(1, 1);
    m_split->setSizes({800, 170}); // the charts first; the narration is a strip below
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(m_split);
    // The user's split leaves the panes another height: their columns follow it.
    connect(m_split, &QSplitter::splitterMoved, this, [this] { planLayout(); });

    connect(m_backAction, &QAction::triggered, this, &ExplorerPage::goBack);
    connect(m_forwardAction, &QAction::triggered, this, &ExplorerPage::goForward);
    connect(m_config, &ConfigPanel::scenarioEdited, m_session, &Session::setScenario);
    connect(m_config, &ConfigPanel::messagesChanged, this, &ExplorerPage::showSettingsMessage);
    connect(m_session, &Session::failed, this, &ExplorerPage::failed);
    // A cancelled or failed run: the settings (the algorithms' ticks included) show what the
    // charts show again, not the edit that never ran.
    connect(m_session, &Session::reverted, this, [this](const Scenario& shown) {
        if (m_config) {
            m_config->setScenario(shown);
        }
    });
    m_staleDelay = new QTimer(this);
    m_staleDelay->setSingleShot(true);
    m_staleDelay->setInterval(kStaleDelayMs);
    connect(m_staleDelay, &QTimer::timeout, this, &ExplorerPage::updateStale);
    connect(m_session, &Session::runningChanged, this, [this](bool running) {
        if (running) {
            m_staleDelay->start();
        } else {
            m_staleDelay->stop();
            updateStale();
        }
    });
    // Return in a settings field gives the keys back to the page: Space plays.
    setFocusPolicy(Qt::ClickFocus);
    connect(m_config, &ConfigPanel::editingDone, this, [this] { setFocus(Qt::OtherFocusReason); });
    connect(m_session, &Session::resultReady, this, &ExplorerPage::onResult);
    connect(m_anim, &AnimationController::cursorChanged, this, &ExplorerPage::onCursor);
    connect(m_anim, &AnimationController::playingChanged, this,
            [this](bool) { updateTransportIcons(); });
}

bool ExplorerPage::showScenario(const Scenario& s, bool autoplay) {
    try {
        Session::validate(s); // before the settings change: a refusal changes nothing
    } catch (const InputError& e) {
        emit failed(QString::fromStdString(printable(e.what())));
        return false;
    }
    m_config->setScenario(s);
    m_session->setScenario(s);
    m_autoplay = m_autoplay || autoplay;
    return true;
}

bool ExplorerPage::showBesideMeasured(const ScheduleFile& file, bool autoplay) {
    try {
        checkBesideMeasured(file, RunDetail::Explorer); // before anything changes
    } catch (const InputError& e) {
        emit failed(QString::fromStdString(printable(e.what())));
        return false;
    }
    const Scenario from = m_session->scenario();
    m_config->setScenario(*file.scenario);
    m_session->setBesideMeasured(file);
    m_autoplay = m_autoplay || autoplay;
    m_history.visit(from, *file.scenario); // Back returns to what was shown before
    updateHistoryActions();
    return true;
}

void ExplorerPage::showSettingsMessage(const QString& error, const QString& note) {
    QStringList lines;
    if (!error.isEmpty()) {
        lines << tr("Settings not applied: %1. The charts still show the previous run.").arg(error);
    }
    if (!note.isEmpty()) {
        lines << note;
    }
    setMessage(m_settingsMessage, lines.join(QLatin1Char('\n')), !error.isEmpty());
    m_settingsMessage->setVisible(!lines.isEmpty());
    updateStale();
    planLayout(); // the message takes the panes' room
}

void ExplorerPage::updateStale() {
    const bool refused = m_config != nullptr && !m_config->errorText().isEmpty();
    const bool pending = m_session->isRunning() && !m_staleDelay->isActive();
    m_stale = refused || pending;
    for (AlgorithmPane* p : m_panes) {
        // Faded, not disabled: the charts still take hover, zoom and clicks.
        if (!m_stale) {
            p->setGraphicsEffect(nullptr);
        } else if (p->graphicsEffect() == nullptr) {
            auto* fade = new QGraphicsOpacityEffect;
            fade->setOpacity(0.35);
            p->setGraphicsEffect(fade);
        }
    }
}

void ExplorerPage::updateTransportIcons() {
    // In the theme's text colour: the style's own media icons vanish on a dark window.
    for (const auto& [b, icon] : m_transportButtons) {
        const bool play = b == m_playButton;
        b->setIcon(mediaIcon(play && m_anim->isPlaying() ? MediaIcon::Pause : icon,
                             m_theme.palette().color(QPalette::ButtonText)));
    }
    if (m_backAction != nullptr) {
        const QColor text = m_theme.palette().color(QPalette::ButtonText);
        m_backAction->setIcon(mediaIcon(MediaIcon::Back, text));
        m_forwardAction->setIcon(mediaIcon(MediaIcon::Forward, text));
    }
}

void ExplorerPage::setTheme(const Theme& theme) {
    m_theme = theme;
    m_legend->setTheme(theme);
    updateTransportIcons();
    for (AlgorithmPane* p : m_panes) {
        p->setTheme(m_theme);
    }
}

void ExplorerPage::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    planLayout();
    updateTransportRoom();
}

void ExplorerPage::changeEvent(QEvent* event) {
    QWidget::changeEvent(event);
    if (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange) {
        planLayout();
        updateCounterWidth();
    }
}

std::pair<int, int> ExplorerPage::eventCount(int index) const {
    const int total = m_eventNumbers.empty() ? 0 : m_eventNumbers.back();
    const bool inRange = index >= 0 && static_cast<std::size_t>(index) < m_eventNumbers.size();
    return {inRange ? m_eventNumbers[static_cast<std::size_t>(index)] : 0, total};
}

QString ExplorerPage::counterText(double t, double end, int event, int events) const {
    return tr("t = %1 / %2  (event %3 of %4)")
        .arg(t, 0, 'f', 3)
        .arg(end, 0, 'f', 3)
        .arg(event)
        .arg(events);
}

void ExplorerPage::setRectangleZoom(bool on) {
    for (AlgorithmPane* p : m_panes) {
        p->gantt()->setRectangleZoom(on);
    }
}

void ExplorerPage::followProcessor(std::optional<int> p) {
    const int n = m_result ? m_result->scenario.n : 0;
    if (p && (*p < 0 || *p >= n)) {
        p.reset();
    }
    m_followed = p;
    for (AlgorithmPane* pane : m_panes) {
        pane->setHighlightedProcessor(p);
    }
    m_stopFollowing->setEnabled(p.has_value());
    m_stopFollowing->setText(p ? tr("Stop following P%1").arg(*p) : tr("Stop following"));
}

void ExplorerPage::resetZoom() {
    for (AlgorithmPane* p : m_panes) {
        p->gantt()->resetView();
        p->tree()->resetView();
    }
}

void ExplorerPage::faster() {
    m_speed->setCurrentIndex(std::min(m_speed->currentIndex() + 1, m_speed->count() - 1));
}

void ExplorerPage::slower() {
    m_speed->setCurrentIndex(std::max(m_speed->currentIndex() - 1, 0));
}

QWidget* ExplorerPage::buildTransport() {
    auto* bar = new QWidget;
    auto* l = new QHBoxLayout(bar);
    l->setContentsMargins(0, 0, 0, 0);
    // Back and Forward through the scenarios that drill-downs and opened files replaced: arrows
    // with a shaft, unlike the animation's steps (their names in the Go menu and tooltips).
    m_backAction = new QAction(tr("Back"), this);
    m_backAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    m_backAction->setToolTip(tr("the scenario shown before this one (Alt+Left)"));
    m_forwardAction = new QAction(tr("Forward"), this);
    m_forwardAction->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    m_forwardAction->setToolTip(tr("the scenario Back left (Alt+Right)"));
    updateHistoryActions(); // the main window shows them left of the tabs, as a browser does
    m_stopFollowing = new QAction(tr("Stop following"), this);
    m_stopFollowing->setShortcut(QKeySequence(Qt::Key_Escape));
    m_stopFollowing->setEnabled(false);
    connect(m_stopFollowing, &QAction::triggered, this, [this] { followProcessor(std::nullopt); });
    auto button = [&](MediaIcon icon, const QString& tip, auto slot) {
        auto* b = new QToolButton(bar);
        b->setToolTip(tip);
        connect(b, &QToolButton::clicked, m_anim, slot);
        l->addWidget(b);
        m_transportButtons.emplace_back(b, icon);
        return b;
    };
    button(MediaIcon::ToStart, tr("to the start (Home)"), &AnimationController::toStart);
    button(MediaIcon::StepBack, tr("one event back (Left)"), &AnimationController::stepBack);
    m_playButton =
        button(MediaIcon::Play, tr("play / pause (Space)"), &AnimationController::togglePlay);
    button(MediaIcon::StepForward, tr("one event forward (Right)"),
           &AnimationController::stepForward);
    button(MediaIcon::ToEnd, tr("to the end (End)"), &AnimationController::toEnd);
    updateTransportIcons();
    m_speed = new QComboBox(bar);
    for (double f : {0.25, 0.5, 1.0, 2.0, 4.0, 8.0}) {
        m_speed->addItem(QStringLiteral("×%1").arg(f), f);
    }
    m_speed->setCurrentIndex(2);
    m_speed->setToolTip(tr("animation speed ([ slower, ] faster); ×1 plays the whole run in 12 s"));
    m_speedLabel = new QLabel(tr("speed"), bar);
    m_speedLabel->setBuddy(m_speed);
    l->addWidget(m_speedLabel);
    l->addWidget(m_speed);
    m_scrubber = new QSlider(Qt::Horizontal, bar);
    m_scrubber->setRange(0, kScrubSteps);
    m_scrubber->setToolTip(tr("time"));
    l->addWidget(m_scrubber, 1);
    m_timeLabel = new QLabel(bar);
    // The counter names the slider's position: it is its visible label.
    m_timeLabel->setText(counterText(0.0, 0.0, 0, 0));
    m_timeLabel->setBuddy(m_scrubber);
    l->addWidget(m_timeLabel);
    connect(m_scrubber, &QSlider::sliderMoved, this,
            [this](int v) { m_anim->seek(m_anim->end() * v / static_cast<double>(kScrubSteps)); });
    connect(m_speed, &QComboBox::currentIndexChanged, this, [this] {
        m_anim->setSpeed(std::max(m_anim->end(), 1e-9) / 12.0 * m_speed->currentData().toDouble());
    });
    return bar;
}

void ExplorerPage::onResult(const std::shared_ptr<const RunResult>& r) {
    m_result = r;
    const auto& schedules = r->schedules;
    while (m_panes.size() > schedules.size()) {
        delete m_panes.back();
        m_panes.pop_back();
    }
    while (m_panes.size() < schedules.size()) {
        auto* pane = new AlgorithmPane;
        pane->gantt()->setLegendShown(false); // the page's legend strip stands for them
        pane->tree()->setLegendShown(false);
        // Heights by stretch alone (balancePanes()), whatever the panes would like.
        pane->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Ignored);
        pane->gantt()->setTimeAxisGroup(m_timeAxisGroup.get());
        connect(pane->gantt()->plot(), &QCustomPlot::afterReplot, this,
                &ExplorerPage::balancePanes);
        // Once laid out, it takes the split the user gave the others (eventFilter()).
        pane->splitter()->installEventFilter(this);
        connect(pane->splitter(), &QSplitter::splitterMoved, this,
                [this, pane] { alignSplitters(pane); });
        // A processor followed in one pane is followed in all; clicking it again stops.
        connect(pane, &AlgorithmPane::processorClicked, this, [this](int p) {
            followProcessor(m_followed == p ? std::nullopt : std::optional<int>(p));
        });
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
    QStringList summary;
    m_titles.clear();
    for (std::size_t i = 0; i < schedules.size(); ++i) {
        // The words of core/studies/run_study.h: a web page of the run writes the same.
        const QString title = QString::fromStdString(runTitle(*r, i));
        const QString detail = QString::fromStdString(runDetail(*r, i));
        m_panes[i]->setSchedule(schedules[i], title, r->criticalPaths[i], detail);
        m_panes[i]->gantt()->setReferenceLine(
            r->bound ? std::optional<double>(r->bound->value) : std::nullopt,
            r->bound ? QString::fromStdString(r->bound->label) : QString());
        m_panes[i]->setTheme(m_theme);
        QStringList notes;
        if (i < r->processorNotes.size()) {
            for (const std::string& note : r->processorNotes[i]) {
                notes << QString::fromStdString(note);
            }
        }
        m_panes[i]->gantt()->setRowNotes(notes);
        const QString full =
            detail.isEmpty() ? title : title + QStringLiteral("  (") + detail + QLatin1Char(')');
        summary << full;
        m_titles << full; // the animation's frames wrap it to their width
    }
    const double end = r->end;
    for (AlgorithmPane* p : m_panes) {
        p->gantt()->setTimeRange(-0.02 * end, 1.02 * std::max(end, 1e-9));
    }
    // The followed processor through the new run, if its n still has it (new panes too).
    followProcessor(m_followed && *m_followed < r->scenario.n ? m_followed : std::nullopt);
    // The panes in their grid (the columns kept unless the room for these rows says
    // otherwise), then the page's height shared out for them.
    arrangePanes(m_columns);
    planLayout();
    m_narration->clear();
    m_eventOwner.clear();
    QStringList lines;
    std::vector<TimelineEvent> events;
    events.reserve(r->narration.size());
    lines.reserve(static_cast<qsizetype>(r->narration.size()));
    for (const NarratedEvent& e : r->narration) {
        events.push_back(e.event);
        m_eventOwner.push_back(e.run);
        lines << QString::fromStdString(e.text);
    }
    m_narration->addItems(lines);
    m_eventNumbers = eventNumbers(r->narration);
    m_anim->setTimeline(std::move(events), end);
    updateCounterWidth();
    m_anim->setSpeed(std::max(end, 1e-9) / 12.0 * m_speed->currentData().toDouble());
    // Which draw this is: a drill-down from the analysis panels replays one replicate.
    m_summary =
        tr("seed %1, replicate %2   |   ").arg(r->scenario.seed).arg(r->scenario.replicate) +
        summary.join(QStringLiteral("   |   "));
    emit summaryChanged(m_summary);
    if (m_autoplay) {
        m_autoplay = false; // the demo plays at once; later edits wait for the user
        m_anim->play();
    }
}

void ExplorerPage::onCursor(double t, int index) {
    for (AlgorithmPane* p : m_panes) {
        p->setCursorTime(t);
    }
    const double end = m_anim->end();
    if (!m_scrubber->isSliderDown()) {
        m_scrubber->setValue(end > 0 ? static_cast<int>(t / end * kScrubSteps) : 0);
    }
    // A quiz pauses just below its decision's time, which may be 0 (studies/quiz.h).
    const auto [event, events] = eventCount(index);
    m_timeLabel->setText(counterText(std::max(t, 0.0), end, event, events));
    if (index >= 0 && index < m_narration->count()) {
        m_narration->setCurrentRow(index);
        m_narration->scrollToItem(m_narration->item(index));
    } else {
        m_narration->clearSelection();
    }
}

QStringList ExplorerPage::runKeys() const {
    QStringList keys;
    if (m_result) {
        for (std::size_t i = 0; i < m_result->schedules.size(); ++i) {
            keys << QString::fromStdString(m_result->key(i));
        }
    }
    return keys;
}

bool ExplorerPage::exportRun(Export what, const QString& path, QStringList* written, QString* error,
                             const FigureExportOptions& figure) const {
    if (!m_result) {
        *error = tr("nothing to export yet");
        return false;
    }
    const bool figures = what == Export::Gantt || what == Export::Tree || what == Export::Figure;
    const QStringList keys = runKeys();
    const QStringList paths = exportPaths(path,
                                          figures               ? QStringList{"pdf", "svg", "png"}
                                          : what == Export::Csv ? QStringList{"csv"}
                                                                : QStringList{"trace", "paje"},
                                          keys);
    // All or nothing: every file is checked, then rendered and staged, then shown together.
    try {
        if (figures) {
            figure.format.validate(QFileInfo(paths.front()).suffix().toLower() ==
                                   QLatin1String("png"));
        }
        OutputSet out;
        QStringList sidecars; // a schedule CSV's scenario (none for a device such as /dev/null)
        for (const QString& p : paths) {
            out.declare("", p.toStdString());
            if (what == Export::Csv && outputIsRegularFile(p.toStdString())) {
                sidecars << QString::fromStdString(scenarioSidecarPath(p.toStdString()));
                out.declare("", sidecars.back().toStdString());
            } else {
                sidecars << QString();
            }
        }
        auto stage = [&out](const QString& p, const QByteArray& bytes) {
            out.stage(p.toStdString(),
                      std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
        };
        for (int i = 0; i < paths.size(); ++i) {
            const auto k = static_cast<std::size_t>(i);
            const Schedule& s = *m_result->schedules[k];
            QByteArray bytes;
            if (figures) {
                const FigureKind kind = what == Export::Gantt  ? FigureKind::Gantt
                                        : what == Export::Tree ? FigureKind::Tree
                                                               : FigureKind::GanttAndTree;
                if (!renderRunFigure(kind, figureContent(k, figure.currentFrame), figure.format,
                                     paths[i], &bytes, error)) {
                    return false;
                }
            } else if (what == Export::Csv) {
                bytes = QByteArray::fromStdString(scheduleCsv(s));
                if (!sidecars[i].isEmpty()) {
                    stage(sidecars[i], scenarioSidecar(k, paths[i]));
                }
            } else {
                bytes = QByteArray::fromStdString(pajeTrace(s, pajeColors(m_theme.dark)));
            }
            stage(paths[i], bytes);
        }
        out.commit();
        *written = paths;
        for (const QString& p : sidecars) {
            if (!p.isEmpty()) {
                *written << p;
            }
        }
    } catch (const std::exception& e) { // InputError (a path refused) or OutputError (I/O)
        *error = QString::fromStdString(printable(e.what()));
        return false;
    }
    return true;
}

WebPageMaker ExplorerPage::webPage(QString* error) const {
    if (!m_result) {
        *error = tr("nothing to export yet");
        return {};
    }
    try {
        RunPageLimits::check(m_result->scenario);
    } catch (const std::exception& e) {
        *error = QString::fromStdString(printable(e.what()));
        return {};
    }
    RunPageContent content;
    content.run = m_result;
    content.scenarioFile = scenarioFileText(m_result->scenario);
    content.program = "reducelab";
    return [content] { return runPageHtml(content); };
}

std::vector<AnimatedRun> ExplorerPage::animatedRuns() const {
    std::vector<AnimatedRun> runs;
    if (!m_result) {
        return runs;
    }
    for (std::size_t i = 0; i < m_result->schedules.size(); ++i) {
        AnimatedRun r;
        r.schedule = m_result->schedules[i];
        r.narration = m_result->narrations[i];
        r.title = m_titles.value(static_cast<qsizetype>(i));
        if (m_result->bound) {
            r.bound = m_result->bound->value;
            r.boundLabel = QString::fromStdString(m_result->bound->label);
        }
        runs.push_back(std::move(r));
    }
    return runs;
}

AnimationExport* ExplorerPage::exportAnimation(const QString& path, const AnimationOptions& options,
                                               QString* error) {
    if (!m_result) {
        *error = tr("nothing to export yet");
        return nullptr;
    }
    try {
        auto* run = new AnimationExport(animatedRuns(), options, path, this);
        connect(run, &AnimationExport::finished, run, &QObject::deleteLater);
        run->start();
        return run;
    } catch (const std::exception& e) { // InputError (path, options) or OutputError (encoder)
        *error = QString::fromStdString(printable(e.what()));
        return nullptr;
    }
}

} // namespace rl
