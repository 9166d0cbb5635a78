#pragma once

#include "platform/law.h"

#include <QWidget>

#include <optional>

class QComboBox;

namespace rl {

class NumberEdit;

/// Edits a law: its kind, mean and CV, as text fields so nothing is silently clamped.
class LawEditor : public QWidget {
    Q_OBJECT
  public:
    explicit LawEditor(QWidget* parent = nullptr);
    /// Shows `law`, its mean and CV rounded (NumberEdit: they stay exact until edited).
    void setLaw(const Law& law);
    /// Throws InputError naming `role` and the problem; `culprit` (if given) is then the
    /// field at fault (the mean, the CV or the law).
    Law law(const char* role, QWidget** culprit = nullptr) const;
    QComboBox* kindBox() const { return m_kind; }
    NumberEdit* meanField() const { return m_mean; }
    NumberEdit* cvField() const { return m_cv; }
  signals:
    void edited();

  private:
    void updateCvEnabled();
    QComboBox* m_kind;
    NumberEdit* m_mean;
    NumberEdit* m_cv;
    /// The CV typed for a law with a free CV, while a law that fixes it is shown (null: none).
    QString m_userCv;
    std::optional<double> m_userCvValue; ///< its exact value, when it is a number
};

} // namespace rl
