#pragma once

#include "studies/scenario.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QStackedWidget;

namespace rl {

/// Edits a law: its kind, mean and CV, as text fields so nothing is silently clamped.
class LawEditor : public QWidget {
    Q_OBJECT
  public:
    explicit LawEditor(QWidget* parent = nullptr);
    void setLaw(const Law& law);
    /// Throws InputError naming `role` and the problem.
    Law law(const char* role) const;
  signals:
    void edited();

  private:
    void updateCvEnabled();
    QComboBox* m_kind;
    QLineEdit* m_mean;
    QLineEdit* m_cv;
};

/// The explorer's settings: processors, algorithms, operation kind, cost laws or matrix, seed.
/// Every valid edit emits scenarioEdited() at once; an invalid one shows why and emits nothing.
class ConfigPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ConfigPanel(QWidget* parent = nullptr);

    void setScenario(const Scenario& s);
    /// The scenario the widgets describe; throws InputError naming the first problem.
    Scenario scenario() const;
    /// The message shown for the last invalid edit (empty when valid).
    QString errorText() const;
    QLineEdit* processorsField() const { return m_n; }
    QLineEdit* replicateField() const { return m_replicate; }
    QCheckBox* algorithmBox(AlgorithmId id) const;
    QCheckBox* nonCommutativeBox() const { return m_nonCommutative; }

  public slots:
    void newDraw();
    /// Loads a CSV matrix into fixed-matrix mode; shows the error and changes nothing if bad.
    bool loadMatrix(const QString& path);

  signals:
    void scenarioEdited(const rl::Scenario& s);

  private:
    void onEdited();
    void applyPreset();
    void updateEnabled();
    void fillMatrixTable();

    QLineEdit* m_n;
    QCheckBox* m_algos[7]; ///< by AlgorithmId: the paper's four, then EP, SNF, Optimum
    QCheckBox* m_nonCommutative;
    QComboBox* m_mode;
    QStackedWidget* m_costPages;
    LawEditor* m_transfer;
    LawEditor* m_reduction;
    QComboBox* m_preset;
    QLineEdit* m_presetParams;
    QTableWidget* m_table;
    QLineEdit* m_seed;
    QLineEdit* m_replicate; ///< which replicate of the seed (a drill-down replays one)
    QLabel* m_error;
    std::optional<FixedCosts> m_matrix;
    bool m_updating = false;
};

} // namespace rl
