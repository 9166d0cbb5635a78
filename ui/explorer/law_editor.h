#pragma once

#include "platform/law.h"

#include <QWidget>

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
    /// Throws InputError naming `role` and the problem.
    Law law(const char* role) const;
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
};

} // namespace rl
