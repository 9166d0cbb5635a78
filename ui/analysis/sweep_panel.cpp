#include "analysis/sweep_panel.h"

#include "base/input_error.h"
#include "base/text_util.h"
#include "common/app_style.h"
#include "common/figure_export.h"
#include "common/sweep_results.h"

#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QSplitter>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>

namespace rl {

SweepPanel::SweepPanel(SweepFigure* figure, SweepParamsWidget* params, DrillDown drill,
                       QWidget* parent)
    : QWidget(parent), m_figure(figure), m_params(params), m_runner(new SweepJob(this)),
      m_drill(std::move(drill)), m_progress(new QProgressBar), m_eta(new QLabel),
      m_status(new QLabel), m_run(new QPushButton(tr("Run"))),
      m_cancel(new QPushButton(tr("Cancel"))), m_options(new QVBoxLayout),
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
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addWidget(m_side);
    layout->addWidget(m_figure, 1);
    m_cancel->setEnabled(false);

    m_restart->setSingleShot(true);
    m_restart->setInterval(300); // edits come in bursts (spin boxes): restart once they settle
    connect(m_restart, &QTimer::timeout, this, [this] { run(); });
    connect(m_params, &SweepParamsWidget::edited, this, [this] {
        if (m_runner->isRunning() || m_runner->latest()) {
            m_restart->start();
        }
    });
    connect(m_run, &QPushButton::clicked, this, [this] { run(); });
    connect(m_cancel, &QPushButton::clicked, this, &SweepPanel::cancel);
    connect(m_runner, &AsyncJobBase::resultReady, this,
            [this] { m_figure->setSnapshot(m_runner->latest()); });
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

bool SweepPanel::run() {
    m_started = true;
    m_showingResults = false;
    m_restart->stop();
    SweepStudy study{figureKind(), {}};
    try {
        study.spec = m_params->spec();
        liveSweepMode(study); // validates the study: the message names the field at fault
    } catch (const InputError& e) {
        showMessage(QString::fromUtf8(e.what()), true);
        return false;
    }
    m_runner->start([study](SweepJob::Context& job) -> SweepJob::Result {
        SweepJob::Result last;
        const bool done = runLiveSweep(study, job.studyProgress(), [&](SweepJob::Result s) {
            last = s;
            job.partial(std::move(s));
        });
        return done ? last : nullptr;
    });
    m_figure->clear(); // never show the old picture under new parameters
    showMessage(tr("running %1 points × %2 replicates…")
                    .arg(study.spec.pointCount())
                    .arg(study.spec.replicates),
                false);
    return true;
}

void SweepPanel::cancel() {
    m_restart->stop();
    m_runner->cancel();
}

void SweepPanel::showResults(const std::shared_ptr<const GridSnapshot>& results,
                             const QString& source) {
    m_started = true; // no automatic first run over the opened results
    m_showingResults = true;
    m_restart->stop();
    m_runner->discard();
    m_params->setSpec(results->spec);
    m_figure->setSnapshot(results);
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
                run();
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
    if (!running && m_showingResults) {
        m_eta->clear(); // a discarded run ended: the opened results stay as they are
    } else if (!running && !m_runner->failure().isEmpty()) {
        m_eta->clear(); // failed() showed why
    } else if (!running) {
        m_eta->clear();
        const auto s = m_runner->latest();
        if (s && s->complete) {
            showMessage(tr("done: %1 replicates per point").arg(s->replicates), false);
        } else if (s) {
            showMessage(
                tr("cancelled: the figure shows %1 replicates per point").arg(s->replicates),
                false);
        } else {
            showMessage(tr("cancelled before the first picture"), false);
        }
    }
}

void SweepPanel::showMessage(const QString& text, bool error) {
    setMessage(m_status, text, error);
}

} // namespace rl
