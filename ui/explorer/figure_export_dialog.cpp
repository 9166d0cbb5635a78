#include "explorer/figure_export_dialog.h"

#include "base/input_error.h"
#include "common/export_paths.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSpinBox>
#include <QVBoxLayout>

#include <memory>

namespace rl {

FigureExportDialog::FigureExportDialog(ExplorerPage::Export what, double now, QWidget* parent,
                                       const QStringList& keys)
    : QDialog(parent), m_keys(keys) {
    setWindowTitle(tr("Export figure"));
    const QSettings settings;
    const FigureFormat defaults;
    m_what = new QComboBox(this);
    m_what->addItem(tr("Gantt chart"), static_cast<int>(ExplorerPage::Export::Gantt));
    m_what->addItem(tr("Reduction tree"), static_cast<int>(ExplorerPage::Export::Tree));
    m_what->addItem(tr("Gantt chart and tree, one title"),
                    static_cast<int>(ExplorerPage::Export::Figure));
    m_what->setCurrentIndex(m_what->findData(static_cast<int>(what)));

    m_path = new QLineEdit(this);
    m_path->setPlaceholderText(tr("figure.pdf, .svg or .png"));
    // Never the last file itself: exporting the tree after the Gantt chart would replace it.
    const QFileInfo last(settings.value("figure/path").toString());
    if (!last.fileName().isEmpty()) {
        m_lastFolder = last.path();
        m_lastExtension = last.suffix().toLower();
    }
    if (m_lastExtension != QLatin1String("svg") && m_lastExtension != QLatin1String("png")) {
        m_lastExtension = QStringLiteral("pdf");
    }
    m_path->setText(proposedPath());
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* fileRow = new QHBoxLayout;
    fileRow->addWidget(m_path, 1);
    fileRow->addWidget(browse);

    m_width = new QDoubleSpinBox(this);
    m_width->setRange(FigureFormat::kMinWidthMm, FigureFormat::kMaxWidthMm);
    m_width->setDecimals(1);
    m_width->setSuffix(tr(" mm"));
    m_width->setValue(settings.value("figure/widthMm", defaults.widthMm).toDouble());
    m_width->setToolTip(tr("85 mm: one column of a two-column paper; 175 mm: both columns. The "
                           "height follows from the processors and the tree."));
    m_font = new QDoubleSpinBox(this);
    m_font->setRange(FigureFormat::kMinFontPt, FigureFormat::kMaxFontPt);
    m_font->setDecimals(1);
    m_font->setSingleStep(0.5);
    m_font->setSuffix(tr(" pt"));
    m_font->setValue(settings.value("figure/fontPt", defaults.fontPt).toDouble());
    m_font->setToolTip(tr("the size of every text of the figure on paper (whole or half points)"));
    m_dpi = new QSpinBox(this);
    m_dpi->setRange(FigureFormat::kMinDpi, FigureFormat::kMaxDpi);
    m_dpi->setSuffix(tr(" dpi"));
    m_dpi->setValue(settings.value("figure/dpi", defaults.dpi).toInt());
    m_dpi->setToolTip(tr("pixels per inch of a PNG (PDF and SVG are vector graphics)"));

    m_whole = new QRadioButton(tr("the whole schedule"), this);
    m_frame = new QRadioButton(tr("the frame shown now (t = %1)").arg(now, 0, 'g', 4), this);
    (settings.value("figure/currentFrame", false).toBool() ? m_frame : m_whole)->setChecked(true);
    auto* frameBox = new QVBoxLayout;
    frameBox->addWidget(m_whole);
    frameBox->addWidget(m_frame);

    m_error = new QLabel(this);
    m_error->setWordWrap(true);
    m_error->setStyleSheet(QStringLiteral("color: #c0392b;"));

    auto* form = new QFormLayout;
    form->addRow(tr("Figure"), m_what);
    form->addRow(tr("File"), fileRow);
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(fileRow))) {
        label->setBuddy(m_path); // the row's name is the path's
    }
    form->addRow(tr("Width"), m_width);
    form->addRow(tr("Font size"), m_font);
    form->addRow(tr("PNG resolution"), m_dpi);
    form->addRow(tr("Draw"), frameBox);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    buttons->button(QDialogButtonBox::Ok)->setText(tr("Export"));
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_error);
    layout->addWidget(buttons);

    connect(browse, &QPushButton::clicked, this, &FigureExportDialog::browse);
    connect(m_path, &QLineEdit::textChanged, this, &FigureExportDialog::updateEnabled);
    // Another figure, another name, unless the user typed a name of their own.
    auto proposed = std::make_shared<QString>(m_path->text());
    connect(m_what, &QComboBox::currentIndexChanged, this, [this, proposed] {
        if (m_path->text() == *proposed) {
            *proposed = proposedPath();
            m_path->setText(*proposed);
        }
    });
    m_replace = [this](const QStringList& files) {
        return QMessageBox::question(this, tr("Replace files?"),
                                     tr("These files exist and would be replaced:\n%1")
                                         .arg(files.join(QLatin1Char('\n')))) == QMessageBox::Yes;
    };
    connect(buttons, &QDialogButtonBox::accepted, this, &FigureExportDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &FigureExportDialog::reject);
    updateEnabled();
}

ExplorerPage::Export FigureExportDialog::what() const {
    return static_cast<ExplorerPage::Export>(m_what->currentData().toInt());
}

QString FigureExportDialog::path() const {
    return m_path->text().trimmed();
}

QString FigureExportDialog::proposedPath() const {
    QString name;
    switch (what()) {
    case ExplorerPage::Export::Tree:
        name = QStringLiteral("tree");
        break;
    case ExplorerPage::Export::Figure:
        name = QStringLiteral("figure");
        break;
    default:
        name = QStringLiteral("gantt");
        break;
    }
    // With several runs the export adds "-<key>" to each file itself (exportPaths()).
    if (m_keys.size() == 1) {
        name += QLatin1Char('-') + m_keys.front();
    }
    name += QLatin1Char('.') + m_lastExtension;
    return m_lastFolder.isEmpty() ? name : QDir(m_lastFolder).filePath(name);
}

void FigureExportDialog::setPath(const QString& path) {
    m_path->setText(path);
}

FigureExportOptions FigureExportDialog::options() const {
    FigureExportOptions o;
    o.format.widthMm = m_width->value();
    o.format.fontPt = m_font->value();
    o.format.dpi = m_dpi->value();
    o.currentFrame = m_frame->isChecked();
    return o;
}

void FigureExportDialog::browse() {
    const QString p = QFileDialog::getSaveFileName(this, tr("Export figure"), path(),
                                                   tr("Figures (*.pdf *.svg *.png)"));
    if (!p.isEmpty()) {
        m_path->setText(p);
    }
}

void FigureExportDialog::updateEnabled() {
    m_dpi->setEnabled(
        QFileInfo(path()).suffix().compare(QLatin1String("svg"), Qt::CaseInsensitive) != 0 &&
        QFileInfo(path()).suffix().compare(QLatin1String("pdf"), Qt::CaseInsensitive) != 0);
}

void FigureExportDialog::accept() {
    const FigureExportOptions o = options();
    const QString ext = QFileInfo(path()).suffix().toLower();
    try {
        if (path().isEmpty()) {
            throw InputError(tr("choose a file").toStdString());
        }
        if (ext != QLatin1String("pdf") && ext != QLatin1String("svg") &&
            ext != QLatin1String("png")) {
            throw InputError(
                tr("'%1': the file name must end in .pdf, .svg or .png").arg(path()).toStdString());
        }
        o.format.validate(ext == QLatin1String("png"));
    } catch (const InputError& e) {
        m_error->setText(QString::fromUtf8(e.what()));
        return;
    }
    QStringList existing;
    for (const QString& file : exportPaths(path(), {"pdf", "svg", "png"}, m_keys)) {
        if (QFileInfo(file).isFile()) {
            existing << file;
        }
    }
    if (!existing.isEmpty() && !(m_replace && m_replace(existing))) {
        m_error->setText(tr("not replaced: choose another file"));
        return;
    }
    QSettings settings;
    settings.setValue("figure/path", path());
    settings.setValue("figure/widthMm", o.format.widthMm);
    settings.setValue("figure/fontPt", o.format.fontPt);
    settings.setValue("figure/dpi", o.format.dpi);
    settings.setValue("figure/currentFrame", o.currentFrame);
    QDialog::accept();
}

} // namespace rl
