#pragma once

#include "analysis/sweep_params_widget.h"
#include "common/async_job.h"
#include "common/web_page_export.h"
#include "studies/scenario.h"
#include "studies/sweep_study.h"
#include "views/sweep_figure.h"

#include <QElapsedTimer>
#include <QWidget>

#include <functional>

class QLabel;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QTimer;
class QVBoxLayout;

namespace rl {

/// What a drill-down opens: the explorer on one replicate of a grid point.
using DrillDown = std::function<void(const Scenario&)>;

/// The job of an analysis panel: a live sweep (studies/sweep_study.h) sending snapshots.
using SweepJob = AsyncJob<GridSnapshot>;

/// Base of the three analysis panels: the shared parameters widget, the figure, a progress bar
/// with ETA, Run / Cancel, export of the figure (PNG/SVG/PDF) and the data (tidy CSV, the
/// columns of `reducelab-cli sweep`), and drill-down into the explorer. Runs are live sweeps
/// of the study (coarse picture first, then refined) on an AsyncJob. The first run starts when
/// the panel is first shown, and edits restart a run in flight (debounced), but only a run
/// that estimateSweep() says is short (SweepStudy::kAutoStartSeconds): a longer one shows its
/// estimate and waits for Start. A run cancelled before it completes leaves the last complete
/// picture (and its settings) unless it got further on the same grid; a re-run of the same
/// grid shows the complete picture until its own has more replicates.
class SweepPanel : public QWidget {
    Q_OBJECT
  public:
    SweepPanel(SweepFigure* figure, SweepParamsWidget* params, DrillDown drill,
               QWidget* parent = nullptr);

    SweepFigure* figure() const { return m_figure; }
    SweepParamsWidget* params() const { return m_params; }
    SweepJob* runner() const { return m_runner; }
    QProgressBar* progressBar() const { return m_progress; }
    QLabel* statusLabel() const { return m_status; }
    QPushButton* runButton() const { return m_run; }
    QPushButton* cancelButton() const { return m_cancel; }
    /// The Start button beside a long run's estimate (visible while awaitingStart()).
    QPushButton* startButton() const { return m_start; }
    QLabel* estimateLabel() const { return m_estimateText; }
    /// Whether a long run waits for Start (it was not started unasked).
    bool awaitingStart() const { return m_awaitingStart; }
    /// The work per thread and second the estimates use: measured by this panel's last
    /// complete run of a second or more, else kSweepWorkPerThreadSecond.
    double workRate() const { return m_workRate; }

    /// Starts a run with the parameters shown (the Run and Start buttons), however long; false
    /// (message in the status line) if invalid.
    bool run();
    /// What the panel does unasked (first show, edits): run() when the estimate is short,
    /// otherwise shows the estimate and Start. False if the parameters are invalid.
    bool runIfShort();
    /// The policies loaded from files, offered beside the built-ins; a picture that shows one
    /// is computed again with the new code (runIfShort()).
    void setExtraAlgorithms(const std::vector<Algorithm>& extras);
    /// Stops the run in flight (the Cancel button): the last complete picture comes back
    /// unless the run got further on the same grid.
    void cancel();
    bool exportFigure(const QString& path, QString* error);
    /// File → Export web page…: what makes the page of the figure shown (core/web/
    /// figure_page.h), or nothing with the reason in `error` (no picture yet).
    WebPageMaker webPage(QString* error) const;
    bool exportData(const QString& path, QString* error);
    /// Shows results computed elsewhere (File → Open results…): the figure with its hover,
    /// legend, exports and drill-down, as after a run here. A run in flight is discarded; the
    /// parameters show the results' settings, so Run recomputes them here.
    void showResults(const std::shared_ptr<const GridSnapshot>& results, const QString& source);
    /// The paper's figure this panel draws (what its results files say).
    virtual Figure figureKind() const = 0;
    /// The scenario a click on `hit` would open (nullopt when the point has no data yet).
    std::optional<Scenario> scenarioFor(const FigureHit& hit) const;

  protected:
    void showEvent(QShowEvent* e) override;
    void changeEvent(QEvent* e) override;
    /// Room for panel-specific options under the parameters.
    QVBoxLayout* optionsLayout() const { return m_options; }
    /// Which replicate a hit opens (panel-specific: median of an algorithm, of a difference).
    virtual std::uint64_t replicateFor(const GridCell& cell, const FigureHit& hit) const = 0;

  private:
    void onProgress(double fraction, double eta);
    void onRunning(bool running);
    void onResult();
    void showMessage(const QString& text, bool error);
    void fitSideToFont();
    /// The study of the parameters shown, validated; nullopt (message shown) if invalid.
    std::optional<SweepStudy> shownStudy();
    /// Whether `shown` is worse than the complete picture kept (same grid, fewer replicates).
    bool worseThanKept(const GridSnapshot& shown) const;

    SweepFigure* m_figure;
    QScrollArea* m_side = nullptr;
    SweepParamsWidget* m_params;
    SweepJob* m_runner;
    DrillDown m_drill;
    QProgressBar* m_progress;
    QLabel* m_eta;
    QLabel* m_status;
    QPushButton* m_run;
    QPushButton* m_cancel;
    QWidget* m_offer;       ///< a long run's estimate and Start, above the figure
    QLabel* m_estimateText; ///< in m_offer
    QPushButton* m_start;   ///< in m_offer
    QVBoxLayout* m_options;
    QTimer* m_restart;
    /// The last complete picture (a run's or an opened file's): what a cancelled run leaves.
    std::shared_ptr<const GridSnapshot> m_kept;
    SweepEstimate m_runEstimate; ///< of the run in flight (its measured speed refines m_workRate)
    QElapsedTimer m_runClock;
    double m_workRate = kSweepWorkPerThreadSecond;
    bool m_started = false;
    bool m_awaitingStart = false;
    bool m_cancelled = false;      ///< the run in flight was cancelled by the user
    bool m_showingResults = false; ///< the figure shows an opened file, not a run
};

} // namespace rl
