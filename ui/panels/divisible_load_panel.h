#pragma once

#include "common/latest_run.h"
#include "models/divisible_load.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;
class QTableWidget;

namespace rl {

class GanttView;

/// What the divisible-load panel shows: one schedule and the comparisons that explain it.
struct DivisibleResult {
    StarPlatform platform;
    std::shared_ptr<const DivisibleSchedule> schedule;
    std::string comparison; ///< e.g. the same platform served in the reverse order
    std::string error;      ///< the input problem, when there is no schedule
};

/// Divisible load (seed 004, Vivien): a master-worker star edited as a table (c, w, d, latency
/// per worker), a model (bus/star closed form, reverse order, best LIFO, best FIFO, uniform
/// multi-round, bandwidth-centric steady state), the Gantt chart of master sends, worker
/// computations and returns, and the table of the shares alpha_i. Computation runs on the
/// thread pool (QtConcurrent); the widgets only draw immutable results.
class DivisibleLoadPanel : public QWidget {
    Q_OBJECT
  public:
    explicit DivisibleLoadPanel(QWidget* parent = nullptr);

    /// Loads a preset of StarPlatform::presetNames() and the model that shows it best.
    void loadPreset(const QString& name);
    std::shared_ptr<const DivisibleResult> result() const { return m_result; }
    bool isRunning() const { return m_run.isRunning(); }
    /// Blocks until the computation in flight ends and its result is shown (tests, screenshots).
    void waitForIdle();
    QString errorText() const;

  signals:
    void resultShown();

  private:
    void recompute();
    void display(const DivisibleResult& r);
    StarPlatform platformFromTable() const;

    QComboBox* m_preset = nullptr;
    QComboBox* m_model = nullptr;
    QTableWidget* m_workers = nullptr;
    QDoubleSpinBox* m_masterW = nullptr;
    QDoubleSpinBox* m_load = nullptr;
    QSpinBox* m_rounds = nullptr;
    QDoubleSpinBox* m_period = nullptr;
    QCheckBox* m_overlap = nullptr;
    QLabel* m_summary = nullptr;
    QLabel* m_error = nullptr;
    GanttView* m_gantt = nullptr;
    QTableWidget* m_shares = nullptr;
    bool m_loading = false;
    std::shared_ptr<const DivisibleResult> m_result;
    LatestRun<DivisibleResult> m_run; ///< last member: destroyed (run cancelled) first
};

} // namespace rl
