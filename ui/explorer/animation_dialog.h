#pragma once

#include "common/theme.h"
#include "studies/animation_options.h"

#include <QDialog>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace rl {

/// File → Export animation…: the file (its extension chooses GIF, MP4 or WebM), frames per
/// second, length, size and style, with the CLI's bounds and defaults (AnimationOptions). The
/// style starts as the window's (presentation, dark). OK stays disabled while the choice is
/// invalid, and the reason is shown under the fields.
class AnimationDialog : public QDialog {
    Q_OBJECT
  public:
    AnimationDialog(const Theme& current, const QString& suggestedPath, QWidget* parent = nullptr);

    QString path() const;
    AnimationOptions options() const;
    /// Sets the file (tests, and the Browse… button).
    void setPath(const QString& path);
    /// Sets every field (the window restores the previous export's choices).
    void setOptions(const AnimationOptions& options);

  private:
    void revalidate();

    QLineEdit* m_path;
    QSpinBox* m_fps;
    QDoubleSpinBox* m_seconds;
    QSpinBox* m_width;
    QSpinBox* m_height;
    QCheckBox* m_presentation;
    QCheckBox* m_dark;
    QLabel* m_status;
    QPushButton* m_ok = nullptr;
};

} // namespace rl
