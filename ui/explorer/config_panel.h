#pragma once

#include "studies/scenario.h"

#include <QWidget>

class QCheckBox;
class QComboBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QVBoxLayout;
class QStackedWidget;

namespace rl {

class LawEditor;

/// The explorer's settings: processors, algorithms, operation kind, cost laws or matrix, seed.
/// Every valid edit emits scenarioEdited() at once; an invalid one shows why and emits nothing.
class ConfigPanel : public QWidget {
    Q_OBJECT
  public:
    explicit ConfigPanel(QWidget* parent = nullptr);

    void setScenario(const Scenario& s);
    /// The scenario the widgets describe; throws InputError naming the first problem (the
    /// explorer's limits included: Session::validate()).
    Scenario scenario() const;
    /// The message shown for the last invalid edit (empty when valid).
    QString errorText() const;
    /// What the last edit changed besides itself (an algorithm turned off, its replacement);
    /// empty when nothing.
    QString noteText() const;
    /// The field the last invalid edit is marked on (markInvalid()), or null.
    QWidget* invalidField() const { return m_invalid; }
    QLineEdit* processorsField() const { return m_n; }
    QLineEdit* replicateField() const { return m_replicate; }
    QCheckBox* algorithmBox(const Algorithm& a) const;
    /// The policies loaded from files (Algorithms → Load policy…), offered after the built-ins
    /// under a "From files" line. A policy checked before stays checked (found by its key: a
    /// reloaded file's policies are new handles), and then the scenario is edited again (the
    /// views re-run with the new code).
    void setExtraAlgorithms(const std::vector<Algorithm>& extras);
    /// ompi-chain's fan-out and the message size ompi-default decides for (the core's rule,
    /// algorithms/ompi_parameters.h): each row shown while its algorithm is ticked.
    QLineEdit* fanoutField() const { return m_fanout; }
    QLineEdit* messageBytesField() const { return m_messageBytes; }
    /// Late arrivals: ticked, each processor enters the reduction at a draw of the law.
    QCheckBox* arrivalBox() const { return m_arrivalBox; }
    LawEditor* arrivalEditor() const { return m_arrival; }
    QCheckBox* nonCommutativeBox() const { return m_nonCommutative; }
    LawEditor* transferEditor() const { return m_transfer; }
    LawEditor* reductionEditor() const { return m_reduction; }
    /// The fixed-matrix preset list: it names the preset that made the matrix, or "custom".
    QComboBox* presetBox() const { return m_preset; }
    QLineEdit* presetParamsField() const { return m_presetParams; }
    /// The preset list's entry for a matrix that no preset makes.
    static constexpr const char* kCustomPreset = "custom";

  public slots:
    void newDraw();
    /// Loads a CSV matrix into fixed-matrix mode; shows the error and changes nothing if bad.
    bool loadMatrix(const QString& path);

  signals:
    void scenarioEdited(const rl::Scenario& s);
    /// The message of the last edit changed: `error` (the edit was refused; the run shown is
    /// the previous one) and `note` (what the edit changed besides itself), either empty.
    void messagesChanged(const QString& error, const QString& note);
    /// Return was pressed in a field and its edit applied: the keys go back to the views
    /// (Space plays, not types a space).
    void editingDone();

  private:
    static constexpr int kMaxTableN = 16; ///< larger matrices are loaded from files, not typed
    void onEdited();
    /// The scenario the widgets describe; on InputError, `culprit` (if given) is the field to
    /// mark, or null when the problem is not one field's.
    Scenario read(QWidget** culprit) const;
    /// Shows the refusal (or none) and marks its field.
    void showError(const QString& error, QWidget* field);
    void applyPreset();
    void updateEnabled();
    void fillMatrixTable();
    /// Names in the preset list the preset that made the matrix (with its parameters), or
    /// "custom".
    void showMatrixPreset();

    QLineEdit* m_n;
    std::vector<Algorithm> m_algorithmList; ///< the algorithms offered, in the registry's order
    std::vector<QCheckBox*> m_algos;        ///< the check box of each
    std::size_t m_builtins = 0;             ///< the built-ins lead both lists
    QVBoxLayout* m_algoLayout = nullptr;
    QLabel* m_extrasTitle = nullptr; ///< "From files", above the policies
    QLineEdit* m_fanout = nullptr;
    QWidget* m_fanoutRow = nullptr; ///< shown while ompi-chain is ticked
    QLineEdit* m_messageBytes = nullptr;
    QWidget* m_messageBytesRow = nullptr; ///< shown while ompi-default is ticked
    QCheckBox* m_nonCommutative;
    QComboBox* m_mode;
    QStackedWidget* m_costPages;
    LawEditor* m_transfer;
    LawEditor* m_reduction;
    QComboBox* m_preset;
    QLineEdit* m_presetParams;
    QTableWidget* m_table;
    QCheckBox* m_arrivalBox;
    LawEditor* m_arrival;
    QLabel* m_arrivalLabel = nullptr; ///< "Arrival law", shown with the law
    QLineEdit* m_seed;
    QLineEdit* m_replicate; ///< which replicate of the seed (a drill-down replays one)
    QLabel* m_error;
    QLabel* m_note;
    QWidget* m_invalid = nullptr;
    std::optional<FixedCosts> m_matrix;
    QString m_appliedPreset; ///< the preset applied last (a tie between presets goes to it)
    bool m_updating = false;
};

} // namespace rl
