#pragma once

#include "experiment/sweep.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QSpinBox;
class QVBoxLayout;

namespace rl {

/// The parameters of a sweep, shared by the three analysis panels: n, law family, mean
/// transfer cost, CV and ratio grids ("A:B:K" or one value), replicates, seed, quantiles, the
/// algorithms (a subset, or an ordered pair A / B for the ratio map) and the operation mode.
class SweepParamsWidget : public QWidget {
    Q_OBJECT
  public:
    enum class AlgorithmMode { Subset, Pair };

    SweepParamsWidget(AlgorithmMode mode, const SweepSpec& defaults, QWidget* parent = nullptr);

    /// The spec shown; throws InputError naming a field that does not parse (the study
    /// validates the rest: studies/sweep_study.h).
    SweepSpec spec() const;
    /// Shows `s` without emitting edited().
    void setSpec(const SweepSpec& s);
    /// The policies loaded from files (Algorithms → Load policy…), offered after the built-ins
    /// (the clairvoyant ones are not: a sweep draws its costs). A policy chosen before stays
    /// chosen, by its key (a reloaded file's policies are new handles); returns whether one was
    /// (the panel's picture is then of the old code).
    bool setExtraAlgorithms(const std::vector<Algorithm>& extras);
    /// The algorithms offered, in their order.
    const std::vector<Algorithm>& offered() const { return m_offered; }

    // The editors, for tests.
    QSpinBox* nEdit() const { return m_n; }
    QLineEdit* cvEdit() const { return m_cv; }
    QLineEdit* ratioEdit() const { return m_ratio; }
    QSpinBox* replicatesEdit() const { return m_replicates; }
    QSpinBox* seedEdit() const { return m_seed; }

  signals:
    /// Any field changed by the user.
    void edited();

  private:
    /// Makes the check boxes or the pair's entries of m_offered.
    void fillAlgorithms();
    int place(const Algorithm& a) const;

    AlgorithmMode m_mode;
    std::vector<Algorithm> m_offered;  ///< the built-ins that draw no costs in advance, then files'
    QVBoxLayout* m_algoList = nullptr; ///< Subset mode: the check boxes' column
    QSpinBox* m_n;
    QComboBox* m_family;
    QDoubleSpinBox* m_mean;
    QLineEdit* m_cv;
    QLineEdit* m_ratio;
    QSpinBox* m_replicates;
    QSpinBox* m_seed;
    QLineEdit* m_quantiles;
    QCheckBox* m_nonCommutative;
    std::vector<QCheckBox*> m_algoChecks; // Subset mode, one per m_offered
    QComboBox* m_algoA = nullptr;         // Pair mode
    QComboBox* m_algoB = nullptr;
    bool m_updating = false;
};

/// "A:B:K" for a log-spaced grid of K values from A to B, or the single value.
QString gridText(const std::vector<double>& values);

} // namespace rl
