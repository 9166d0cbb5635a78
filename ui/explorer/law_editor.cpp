#include "explorer/law_editor.h"

#include "common/number_text.h"

#include <QComboBox>
#include <QGridLayout>
#include <QLabel>

namespace rl {

LawEditor::LawEditor(QWidget* parent) : QWidget(parent) {
    m_kind = new QComboBox(this);
    for (LawKind k : {LawKind::Gamma, LawKind::Exponential, LawKind::Constant, LawKind::Uniform,
                      LawKind::Bernoulli}) {
        m_kind->addItem(QString::fromStdString(std::string(lawKindKey(k))), static_cast<int>(k));
    }
    m_kind->setToolTip(tr("the law the costs are drawn from"));
    m_mean = new NumberEdit(this);
    m_cv = new NumberEdit(this);
    m_mean->setHelp(tr("mean cost (>= 0)"));
    m_cv->setHelp(tr("coefficient of variation sigma/mean (>= 0; uniform: <= 0.577)"));
    // Each field with its visible name (a placeholder vanishes once the field holds a number).
    auto* meanLabel = new QLabel(tr("mean"), this);
    meanLabel->setBuddy(m_mean);
    auto* cvLabel = new QLabel(tr("CV"), this);
    cvLabel->setBuddy(m_cv);
    // The law on its row, its mean and CV under it: the settings stay as narrow as before.
    auto* l = new QGridLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(m_kind, 0, 0, 1, 4);
    l->addWidget(meanLabel, 1, 0);
    l->addWidget(m_mean, 1, 1);
    l->addWidget(cvLabel, 1, 2);
    l->addWidget(m_cv, 1, 3);
    l->setColumnStretch(1, 1);
    l->setColumnStretch(3, 1);
    connect(m_kind, &QComboBox::currentIndexChanged, this, [this] {
        updateCvEnabled();
        emit edited();
    });
    connect(m_mean, &QLineEdit::editingFinished, this, &LawEditor::edited);
    connect(m_cv, &QLineEdit::editingFinished, this, &LawEditor::edited);
}

void LawEditor::setLaw(const Law& law) {
    m_kind->setCurrentIndex(m_kind->findData(static_cast<int>(law.kind)));
    m_mean->setValue(law.mean);
    m_cv->setValue(law.cv);
    updateCvEnabled();
}

void LawEditor::updateCvEnabled() {
    const auto k = static_cast<LawKind>(m_kind->currentData().toInt());
    m_cv->setEnabled(k != LawKind::Constant && k != LawKind::Exponential);
}

Law LawEditor::law(const char* role) const {
    const auto k = static_cast<LawKind>(m_kind->currentData().toInt());
    const std::string r(role);
    const double mean = m_mean->value(r + " mean");
    const double cv =
        m_cv->isEnabled() ? m_cv->value(r + " CV") : (k == LawKind::Exponential ? 1.0 : 0.0);
    const Law law{k, mean, cv};
    law.validate(r);
    return law;
}

} // namespace rl
