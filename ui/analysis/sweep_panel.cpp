#include "analysis/sweep_panel.h"

#include "base/input_error.h"
#include "base/text_util.h"
#include "common/app_style.h"
#include "common/figure_export.h"
#include "studies/sweep_results.h"
#include "web/figure_page.h"

#include <QEvent>
#include <QFileDialog>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <utility>

namespace rl {

namespace {

// Whether `a` and `b` are the same grid of the same random draws: what more replicates of one
// map refine (the replicates and the threads aside).
bool sameGrid(const SweepSpec& a, const SweepSpec& b) {
    return a.algorithms == b.algorithms && a.n == b.n && a.nonCommutative == b.nonCommutative &&
           a.family == b.family && a.transferMean == b.transferMean && a.cvs == b.cvs &&
           a.ratios == b.ratios && a.seed == b.seed && a.quantiles == b.quantiles;
}

QString count(std::uint64_t v) {
    return QLocale(QLocale::English).toString(static_cast<qulonglong>(v));
}

} // namespace

SweepPanel::SweepPanel(SweepFigure* figure, SweepParamsWidget* params, DrillDown drill,
                       QWidget* parent)
    : QWidget(parent), m_figure(figure), m_params(params), m_runner(new SweepJob(this)),
      m_drill(std::move(drill)), m_progress(new QProgressBar), m_eta(new QLabel),
      m_status(new QLabel), m_run(new QPushButton(tr("Run"))),
      m_cancel(new QPushButton(tr("Cancel"))), m_offer(new QFrame), m_estimateText(new QLabel),
      m_start(new QPushButton(tr("Start"))), m_options(new QVBoxLayout),
      m_restart(new QTimer(this)) {
    auto* side = new QWidget;
    auto* sl = new QVBoxLayout(side);
    sl->addWidget(m_params);
    sl->addLayout(m_options);
    auto* buttons = new QHBoxLayout;
    buttons->addWidget(m_run);
    buttons->addWidget(m_cancel);
    sl->addLayout(buttons);
    m_progress->setRange(0, 1000);
    m_progress->setTextVisible(true);
    sl->addWidget(m_progress);
    sl->addWidget(m_eta);
    auto* exportFig = new QPushButton(tr("Export figure…"));
    exportFig->setToolTip(tr("PNG, SVG or PDF, by extension"));
    auto* exportCsv = new QPushButton(tr("Export data…"));
    exportCsv->setToolTip(tr("tidy CSV, the columns of reducelab-cli sweep"));
    auto* exports = new QHBoxLayout;
    exports->addWidget(exportFig);
    exports->addWidget(exportCsv);
    sl->addLayout(exports);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    sl->addWidget(m_status);
    sl->addStretch(1);
    m_side = new QScrollArea;
    m_side->setWidget(side);
    m_side->setWidgetResizable(true);
    fitSideToFont();
    // A long run's estimate and its Start button, above the figure, where the eye looks.
    static_cast<QFrame*>(m_offer)->setFrameShape(QFrame::StyledPanel);
    auto* offer = new QHBoxLayout(m_offer);
    m_estimateText->setWordWrap(true);
    offer->addWidget(m_estimateText, 1);
    m_start->setToolTip(tr("run these settings now"));
    offer->addWidget(m_start);
    m_offer->setVisible(false);
    auto* right = new QVBoxLayout;
    right->setContentsMargins(0, 0, 0, 0);
    right->addWidget(m_offer);
    right->addWidget(m_figure, 1);
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_side);
    layout->addLayout(right, 1);
    m_cancel->setEnabled(false);

    m_restart->setSingleShot(true);
    m_restart->setInterval(300); // edits come in bursts (spin boxes): restart once they settle
    connect(m_restart, &QTimer::timeout, this, [this] { runIfShort(); });
    connect(m_params, &SweepParamsWidget::edited, this, [this] {
        if (m_runner->isRunning() || m_runner->latest() || m_awaitingStart) {
            m_restart->start();
        }
    });
    connect(m_run, &QPushButton::clicked, this, [this] { run(); });
    connect(m_start, &QPushButton::clicked, this, [this] { run(); });
    connect(m_cancel, &QPushButton::clicked, this, &SweepPanel::cancel);
    connect(m_runner, &AsyncJobBase::resultReady, this, &SweepPanel::onResult);
    connect(m_runner, &AsyncJobBase::progressChanged, this, &SweepPanel::onProgress);
    connect(m_runner, &AsyncJobBase::runningChanged, this, &SweepPanel::onRunning);
    connect(m_runner, &AsyncJobBase::failed, this,
            [this](const QString& m) { showMessage(m, true); });
    connect(m_figure, &SweepFigure::drillDown, this, [this](const FigureHit& hit) {
        if (const auto sc = scenarioFor(hit); sc && m_drill) {
            m_drill(*sc);
        }
    });
    connect(exportFig, &QPushButton::clicked, this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export figure"), QString(),
                                                          tr("Figures (*.png *.svg *.pdf)"));
        QString error;
        if (!path.isEmpty() && !exportFigure(path, &error)) {
            showMessage(error, true);
        }
    });
    connect(exportCsv, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export data"), QString(), tr("CSV (*.csv)"));
        QString error;
        if (!path.isEmpty() && !exportData(path, &error)) {
            showMessage(error, true);
        }
    });
}

std::optional<SweepStudy> SweepPanel::shownStudy() {
    SweepStudy study{figureKind(), {}};
    try {
        study.spec = m_params->spec();
        liveSweepMode(study); // validates the study: the message names the field at fault
    } catch (const InputError& e) {
        showMessage(QString::fromUtf8(e.what()), true);
        return std::nullopt;
    }
    return study;
}

bool SweepPanel::run() {
    m_started = true;
    m_showingResults = false;
    m_restart->stop();
    const auto shown = shownStudy();
    if (!shown) {
        return false;
    }
    const SweepStudy& study = *shown;
    m_awaitingStart = false;
    m_offer->setVisible(false);
    m_cancelled = false;
    m_runEstimate = estimateSweep(study, m_workRate);
    m_runClock.start();
    m_runner->start([study](SweepJob::Context& job) -> SweepJob::Result {
        SweepJob::Result last;
        const bool done = runLiveSweep(study, job.studyProgress(), [&](SweepJob::Result s) {
            last = s;
            job.partial(std::move(s));
        });
        return done ? last : nullptr;
    });
    if (m_kept && sameGrid(m_kept->spec, study.spec)) {
        // More of the same map: the complete picture stays until this run's is better.
        m_figure->setSnapshot(m_kept);
    } else {
        m_figure->clear(); // never show the old picture under new parameters
    }
    showMessage(tr("running %1 points × %2 replicates (about %3)…")
                    .arg(study.spec.pointCount())
                    .arg(count(study.spec.replicates))
                    .arg(QString::fromStdString(formatDuration(m_runEstimate.seconds))),
                false);
    return true;
}

bool SweepPanel::runIfShort() {
    m_started = true;
    m_restart->stop();
    const auto study = shownStudy();
    if (!study) {
        return false;
    }
    const SweepEstimate e = estimateSweep(*study, m_workRate);
    if (e.seconds <= SweepStudy::kAutoStartSeconds) {
        return run();
    }
    // Too long to start unasked: the estimate and Start. A run in flight had other settings.
    m_runner->discard();
    m_awaitingStart = true;
    m_showingResults = false;
    if (m_kept && m_figure->snapshot() != m_kept) {
        m_figure->setSnapshot(m_kept);
    }
    const bool keptShown = m_figure->snapshot() != nullptr;
    m_estimateText->setText(
        tr("<b>About %1</b> of computing on %2 threads: %3 simulations (%4 points × %5 "
           "replicates × %6 algorithms). Press Start to run it.%7")
            .arg(QString::fromStdString(formatDuration(e.seconds)))
            .arg(e.threads)
            .arg(count(e.simulations))
            .arg(study->spec.pointCount())
            .arg(count(study->spec.replicates))
            .arg(study->spec.algorithms.size())
            .arg(keptShown ? tr(" The figure shows the last complete run.") : QString()));
    m_offer->setVisible(true);
    m_progress->setValue(0);
    m_eta->clear();
    showMessage(tr("not started: these settings take about %1")
                    .arg(QString::fromStdString(formatDuration(e.seconds))),
                false);
    return true;
}

void SweepPanel::cancel() {
    m_restart->stop();
    if (m_runner->isRunning()) {
        m_cancelled = true;
        m_runner->cancel();
    }
}

void SweepPanel::setExtraAlgorithms(const std::vector<Algorithm>& extras) {
    if (m_params->setExtraAlgorithms(extras) && m_started) {
        runIfShort(); // the picture was of the policy's previous code
    }
}

bool SweepPanel::worseThanKept(const GridSnapshot& shown) const {
    return m_kept && &shown != m_kept.get() && sameGrid(shown.spec, m_kept->spec) &&
           shown.replicates < m_kept->replicates;
}

void SweepPanel::onResult() {
    const auto s = m_runner->latest();
    if (s && s->complete) {
        m_kept = s;
    }
    if (s && !worseThanKept(*s)) {
        m_figure->setSnapshot(s);
    }
}

void SweepPanel::showResults(const std::shared_ptr<const GridSnapshot>& results,
                             const QString& source) {
    m_started = true; // no automatic first run over the opened results
    m_showingResults = true;
    m_restart->stop();
    m_runner->discard();
    m_awaitingStart = false;
    m_offer->setVisible(false);
    m_params->setSpec(results->spec);
    m_figure->setSnapshot(results);
    m_kept = results;
    m_progress->setValue(1000);
    m_eta->clear();
    showMessage(tr("opened %1: %2 replicates per point (Run recomputes them here)")
                    .arg(source)
                    .arg(results->replicates),
                false);
}

bool SweepPanel::exportFigure(const QString& path, QString* error) {
    if (!m_figure->snapshot()) {
        *error = tr("nothing to export yet: run the sweep first");
        return false;
    }
    return m_figure->exportTo(path, error);
}

WebPageMaker SweepPanel::webPage(QString* error) const {
    const std::shared_ptr<const GridSnapshot> snapshot = m_figure->snapshot();
    if (!snapshot) {
        *error = tr("nothing to export yet: run the sweep first");
        return {};
    }
    return [snapshot, fig = figureKind()] {
        return figurePageHtml({snapshot.get(), fig, "reducelab"});
    };
}

bool SweepPanel::exportData(const QString& path, QString* error) {
    const auto s = m_figure->snapshot();
    if (!s) {
        *error = tr("nothing to export yet: run the sweep first");
        return false;
    }
    try {
        // With the sidecar beside it: File → Open results… and `reducelab-cli plot` reopen it.
        saveSweepResults(*s, figureKind(), path.toStdString());
        return true;
    } catch (const std::exception& e) { // InputError (path refused) or OutputError (I/O)
        *error = QString::fromStdString(printable(e.what()));
        return false;
    }
}

std::optional<Scenario> SweepPanel::scenarioFor(const FigureHit& hit) const {
    const auto s = m_figure->snapshot();
    if (!s || hit.point >= s->cells.size() || s->cells[hit.point].summaries.empty() ||
        s->cells[hit.point].medianReplicate.empty()) {
        return std::nullopt; // not computed yet, or a streaming run that kept no samples
    }
    return replicateScenario(*s, hit.point, replicateFor(s->cells[hit.point], hit));
}

void SweepPanel::fitSideToFont() {
    // As wide as the settings ask at the current font (presentation mode makes them wider),
    // and at least 270 pixels: the figure takes the rest.
    const int bar = m_side->verticalScrollBar()->sizeHint().width();
    m_side->setFixedWidth(
        std::max(270, m_side->widget()->sizeHint().width() + bar + 2 * m_side->frameWidth()));
}

void SweepPanel::changeEvent(QEvent* e) {
    QWidget::changeEvent(e);
    if (e->type() == QEvent::FontChange || e->type() == QEvent::StyleChange) {
        // Once the settings have taken the new font themselves.
        QTimer::singleShot(0, this, [this] { fitSideToFont(); });
    }
}

void SweepPanel::showEvent(QShowEvent* e) {
    QWidget::showEvent(e);
    if (!m_started) {
        // The first run waits for the panel to be seen: three sweeps at start-up would slow
        // the explorer for nothing.
        QTimer::singleShot(0, this, [this] {
            if (!m_started) {
                runIfShort();
            }
        });
    }
}

void SweepPanel::onProgress(double fraction, double eta) {
    m_progress->setValue(static_cast<int>(fraction * 1000.0));
    if (!m_runner->isRunning()) {
        m_eta->clear();
    } else if (eta < 0.0) {
        m_eta->setText(tr("estimating time left…"));
    } else {
        m_eta->setText(tr("about %1 s left").arg(eta, 0, 'f', eta < 10.0 ? 1 : 0));
    }
}

void SweepPanel::onRunning(bool running) {
    m_cancel->setEnabled(running);
    if (running) {
        return;
    }
    m_eta->clear();
    const auto s = m_runner->latest();
    const bool cancelled = std::exchange(m_cancelled, false);
    if (m_showingResults || !m_runner->failure().isEmpty()) {
        return; // a discarded run ended over opened results, or failed() showed why
    }
    if (s && s->complete) {
        const double seconds = static_cast<double>(m_runClock.elapsed()) / 1000.0;
        if (seconds >= 1.0 && m_runEstimate.work > 0.0) {
            // This machine's own speed, for the next estimates (short runs measure noise).
            m_workRate = m_runEstimate.work / (seconds * m_runEstimate.threads);
        }
        showMessage(tr("done: %1 replicates per point").arg(count(s->replicates)), false);
    } else if (cancelled && m_kept &&
               (!s || worseThanKept(*s) || !sameGrid(s->spec, m_kept->spec))) {
        // Cancel takes back what the run changed: the last complete picture and its settings.
        m_figure->setSnapshot(m_kept);
        m_params->setSpec(m_kept->spec);
        showMessage(tr("cancelled: the last complete picture is back (%1 replicates per point), "
                       "with its settings")
                        .arg(count(m_kept->replicates)),
                    false);
    } else if (s) {
        showMessage(
            tr("cancelled: the figure shows %1 replicates per point").arg(count(s->replicates)),
            false);
    } else {
        showMessage(tr("cancelled before the first picture"), false);
    }
}

void SweepPanel::showMessage(const QString& text, bool error) {
    setMessage(m_status, text, error);
}

} // namespace rl
