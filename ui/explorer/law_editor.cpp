#include "explorer/law_editor.h"

#include "base/input_error.h"
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
    // The law on its row, its mean and its CV each on a row under it: the settings stay as
    // narrow as before, and each field is wide enough for any number it shows.
    auto* l = new QGridLayout(this);
    l->setContentsMargins(0, 0, 0, 0);
    l->addWidget(m_kind, 0, 0, 1, 2);
    l->addWidget(meanLabel, 1, 0);
    l->addWidget(m_mean, 1, 1);
    l->addWidget(cvLabel, 2, 0);
    l->addWidget(m_cv, 2, 1);
    l->setColumnStretch(1, 1);
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
    const bool free = k != LawKind::Constant && k != LawKind::Exponential;
    if (free == m_cv->isEnabled()) {
        if (!free) {
            m_cv->setValue(k == LawKind::Exponential ? 1.0 : 0.0); // exponential <-> constant
        }
        return;
    }
    if (!free) {
        // The law fixes its CV (1 for the exponential, 0 for a constant): the field shows it,
        // and gives the user's own back when a law with a free CV returns.
        m_userCv = m_cv->text();
        try {
            m_userCvValue = m_cv->value("CV");
        } catch (const InputError&) {
            m_userCvValue.reset(); // the text as typed comes back, to be corrected
        }
        m_cv->setValue(k == LawKind::Exponential ? 1.0 : 0.0);
    } else if (!m_userCv.isNull()) {
        if (m_userCvValue) {
            m_cv->setValue(*m_userCvValue); // exact, as it was
        }
        if (m_cv->text() != m_userCv) {
            m_cv->setText(m_userCv); // what was typed, if not the value's own text
        }
        m_userCv.clear();
    }
    m_cv->setEnabled(free);
}

Law LawEditor::law(const char* role, QWidget** culprit) const {
    auto blame = [culprit](QWidget* field) {
        if (culprit != nullptr) {
            *culprit = field;
        }
    };
    const auto k = static_cast<LawKind>(m_kind->currentData().toInt());
    const std::string r(role);
    double mean = 0.0;
    double cv = k == LawKind::Exponential ? 1.0 : 0.0; // a law that fixes its CV
    try {
        mean = m_mean->value(r + " mean");
    } catch (const InputError&) {
        blame(m_mean);
        throw;
    }
    try {
        if (m_cv->isEnabled()) {
            cv = m_cv->value(r + " CV");
        }
    } catch (const InputError&) {
        blame(m_cv);
        throw;
    }
    const Law law{k, mean, cv};
    try {
        law.validate(r);
    } catch (const InputError&) {
        // The mean's own problems, else the CV's (or the law's, when it fixes its CV).
        try {
            Law{k, mean, 0.0}.validate(r);
            blame(m_cv->isEnabled() ? static_cast<QWidget*>(m_cv) : m_kind);
        } catch (const InputError&) {
            blame(m_mean);
        }
        throw;
    }
    return law;
}

} // namespace rl
