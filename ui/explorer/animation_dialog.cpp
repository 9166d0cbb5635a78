#include "explorer/animation_dialog.h"

#include "base/input_error.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>

namespace rl {

AnimationDialog::AnimationDialog(const Theme& current, const QString& suggestedPath,
                                 QWidget* parent)
    : QDialog(parent) {
    using O = AnimationOptions;
    setWindowTitle(tr("Export animation"));
    m_path = new QLineEdit(suggestedPath);
    m_path->setMinimumWidth(m_path->fontMetrics().averageCharWidth() * 48);
    m_path->setToolTip(tr("The file's extension chooses the format: .gif, .mp4 (H.264) or "
                          ".webm (VP9)"));
    auto* browse = new QPushButton(tr("Browse…"));
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString p = QFileDialog::getSaveFileName(
            this, tr("Export animation"), m_path->text(),
            tr("Animations (*.gif *.mp4 *.webm);;GIF (*.gif);;MP4 (*.mp4);;WebM (*.webm)"));
        if (!p.isEmpty()) {
            setPath(p);
        }
    });
    auto* file = new QHBoxLayout;
    file->addWidget(m_path, 1);
    file->addWidget(browse);

    m_fps = new QSpinBox;
    m_fps->setRange(O::kMinFps, O::kMaxFps);
    m_fps->setValue(O::kDefaultFps);
    m_fps->setSuffix(tr(" frames/s"));
    m_seconds = new QDoubleSpinBox;
    m_seconds->setRange(O::kMinSeconds, O::kMaxSeconds);
    m_seconds->setDecimals(1);
    m_seconds->setValue(O::kDefaultSeconds);
    m_seconds->setSuffix(tr(" s"));
    m_seconds->setToolTip(tr("The run plays from t = 0 to its makespan in this time"));
    m_width = new QSpinBox;
    m_width->setRange(O::kMinWidth, O::kMaxWidth);
    m_width->setValue(O::kDefaultWidth);
    m_height = new QSpinBox;
    m_height->setRange(O::kMinHeight, O::kMaxHeight);
    m_height->setValue(O::kDefaultHeight);
    m_width->setSuffix(tr(" pixels"));
    m_height->setSuffix(tr(" pixels"));
    m_presentation = new QCheckBox(tr("Presentation (large fonts, as F5)"));
    m_presentation->setChecked(current.presentation);
    m_dark = new QCheckBox(tr("Dark theme (as Ctrl+D)"));
    m_dark->setChecked(current.dark);
    m_status = new QLabel;
    m_status->setWordWrap(true);

    auto* form = new QFormLayout;
    form->addRow(tr("File:"), file);
    if (auto* label = qobject_cast<QLabel*>(form->labelForField(file))) {
        label->setBuddy(m_path); // the row's name is the path's
    }
    form->addRow(tr("Frame rate:"), m_fps);
    form->addRow(tr("Length:"), m_seconds);
    form->addRow(tr("Width:"), m_width);
    form->addRow(tr("Height:"), m_height);
    form->addRow(tr("Style:"), m_presentation);
    form->addRow(QString(), m_dark);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
    m_ok = buttons->button(QDialogButtonBox::Ok);
    m_ok->setText(tr("Export"));
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(m_status);
    layout->addWidget(buttons);

    connect(m_path, &QLineEdit::textChanged, this, &AnimationDialog::revalidate);
    for (QSpinBox* s : {m_fps, m_width, m_height}) {
        connect(s, &QSpinBox::valueChanged, this, &AnimationDialog::revalidate);
    }
    connect(m_seconds, &QDoubleSpinBox::valueChanged, this, &AnimationDialog::revalidate);
    revalidate();
}

QString AnimationDialog::path() const {
    return m_path->text().trimmed();
}

void AnimationDialog::setPath(const QString& path) {
    m_path->setText(path);
}

void AnimationDialog::setOptions(const AnimationOptions& o) {
    m_fps->setValue(o.fps);
    m_seconds->setValue(o.seconds);
    m_width->setValue(o.width);
    m_height->setValue(o.height);
    m_presentation->setChecked(o.presentation);
    m_dark->setChecked(o.dark);
}

AnimationOptions AnimationDialog::options() const {
    AnimationOptions o;
    o.fps = m_fps->value();
    o.seconds = m_seconds->value();
    o.width = m_width->value();
    o.height = m_height->value();
    o.presentation = m_presentation->isChecked();
    o.dark = m_dark->isChecked();
    return o;
}

void AnimationDialog::revalidate() {
    QString problem;
    QString summary;
    try {
        const AnimationOptions o = options();
        const AnimationFormat format = animationFormatOf(path().toStdString(), "");
        o.validate(format);
        summary = tr("%1, %2 frames")
                      .arg(QString::fromStdString(animationFormatName(format)))
                      .arg(o.frameCount());
    } catch (const InputError& e) {
        problem = QString::fromStdString(e.what());
    }
    m_status->setText(problem.isEmpty() ? summary : problem);
    m_ok->setEnabled(problem.isEmpty());
}

} // namespace rl
