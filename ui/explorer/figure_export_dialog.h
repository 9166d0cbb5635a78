#pragma once

#include "explorer/explorer_page.h"

#include <QDialog>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;

namespace rl {

/// File → Export figure: which views (Gantt chart, tree, or both under one title), the file
/// (PNG, SVG or PDF), the width in mm, the font size in points, the PNG's resolution, and the
/// whole schedule (the default) or the frame the animation shows. Its choices are remembered
/// (QSettings); the bounds are FigureFormat's.
class FigureExportDialog : public QDialog {
    Q_OBJECT
  public:
    /// `now`: the time the animation shows, offered as the frame.
    FigureExportDialog(ExplorerPage::Export what, double now, QWidget* parent = nullptr);

    ExplorerPage::Export what() const;
    QString path() const;
    FigureExportOptions options() const;
    /// Sets the file (tests; the dialog's Browse… button otherwise).
    void setPath(const QString& path);

  public slots:
    void accept() override;

  private:
    void browse();
    void updateEnabled();

    QComboBox* m_what;
    QLineEdit* m_path;
    QDoubleSpinBox* m_width;
    QDoubleSpinBox* m_font;
    QSpinBox* m_dpi;
    QRadioButton* m_whole;
    QRadioButton* m_frame;
    QLabel* m_error;
};

} // namespace rl
