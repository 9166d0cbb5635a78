#pragma once

#include "panels/model_page.h"
#include "studies/divisible_study.h"

#include <memory>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QSpinBox;
class QTableWidget;

namespace rl {

/// Divisible load (seed 004, Vivien): a master-worker star edited as a table (c, w, d, latency
/// per worker), a model (bus/star closed form, reverse order, best LIFO, best FIFO, uniform
/// multi-round, bandwidth-centric steady state), the Gantt chart of master sends, worker
/// computations and returns, and the table of the shares alpha_i. The study
/// (studies/divisible_study.h) runs on an AsyncJob; the widgets only draw immutable results.
class DivisibleLoadPanel : public ModelPage {
    Q_OBJECT
  public:
    explicit DivisibleLoadPanel(QWidget* parent = nullptr);

    /// Loads a preset of StarPlatform::presetNames() and the model that shows it best.
    void loadPreset(const QString& name);
    std::shared_ptr<const DivisibleStudyResult> result() const { return m_result; }
    bool isRunning() const { return m_run.isRunning(); }
    /// Blocks until the computation in flight ends and its result is shown (tests, screenshots).
    void waitForIdle() { m_run.waitForIdle(); }

  private:
    void recompute();
    void display(const DivisibleStudyResult& r);
    StarPlatform platformFromTable() const;

    QComboBox* m_preset = nullptr;
    QComboBox* m_model = nullptr;
    QTableWidget* m_workers = nullptr;
    QDoubleSpinBox* m_masterW = nullptr;
    QDoubleSpinBox* m_load = nullptr;
    QSpinBox* m_rounds = nullptr;
    QDoubleSpinBox* m_period = nullptr;
    QCheckBox* m_overlap = nullptr;
    QTableWidget* m_shares = nullptr;
    bool m_loading = false;
    std::shared_ptr<const DivisibleStudyResult> m_result;
    AsyncJob<DivisibleStudyResult> m_run; ///< last member: destroyed (run cancelled) first
};

} // namespace rl
