#pragma once

#include "explorer/explorer_page.h"

#include <QDialog>
#include <QStringList>

#include <functional>

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
/// (QSettings); the bounds are FigureFormat's. The file it proposes is named after the figure
/// and the runs ("gantt-fibonacci.pdf", "tree.pdf" with several runs), in the folder and
/// format of the last export; it asks before replacing a file that exists.
class FigureExportDialog : public QDialog {
    Q_OBJECT
  public:
    /// `now`: the time the animation shows, offered as the frame.
    /// `keys`: the shown runs' algorithm keys (ExplorerPage::runKeys()), for the proposed name
    /// and the files that Export would replace.
    FigureExportDialog(ExplorerPage::Export what, double now, QWidget* parent = nullptr,
                       const QStringList& keys = {});

    ExplorerPage::Export what() const;
    QString path() const;
    FigureExportOptions options() const;
    /// Sets the file (tests; the dialog's Browse… button otherwise).
    void setPath(const QString& path);
    /// Asks whether to replace `files` (they exist); true replaces. The default asks in a
    /// message box.
    using ReplacePrompt = std::function<bool(const QStringList& files)>;
    void setReplacePrompt(ReplacePrompt prompt) { m_replace = std::move(prompt); }
    /// The file name proposed for the figure chosen now (see the class).
    QString proposedPath() const;

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
    QStringList m_keys;
    QString m_lastFolder;    ///< of the last export ("" : the working folder)
    QString m_lastExtension; ///< of the last export, "pdf" at first
    ReplacePrompt m_replace;
};

} // namespace rl
