#include "common/number_text.h"

#include "base/text_util.h"

#include <QStyle>
#include <QStyleOptionFrame>

#include <algorithm>
#include <cfloat>
#include <cmath>

namespace rl {

QString shownNumber(double v) {
    return QString::fromStdString(formatSignificant(v));
}

NumberEdit::NumberEdit(QWidget* parent) : QLineEdit(parent) {
    connect(this, &QLineEdit::textChanged, this, [this] { updateToolTip(); });
}

QSize NumberEdit::minimumSizeHint() const {
    // As wide as the widest number shownNumber() writes at kShownDigits digits: a value is
    // never cut ("0.0398107" was shown as "0.039810").
    ensurePolished();
    const QFontMetrics fm(font());
    const int text = std::max(fm.horizontalAdvance(QStringLiteral("0.000888888")),
                              fm.horizontalAdvance(QStringLiteral("8.88888e-05")));
    const QMargins tm = textMargins();
    const QMargins cm = contentsMargins();
    // QLineEdit's own horizontal margin (2 px a side) and the cursor's pixel.
    const int w = text + 2 * 2 + 1 + tm.left() + tm.right() + cm.left() + cm.right();
    QStyleOptionFrame option;
    initStyleOption(&option);
    const QSize base = QLineEdit::minimumSizeHint();
    const int framed =
        style()
            ->sizeFromContents(QStyle::CT_LineEdit, &option, QSize(w, fm.height()), this)
            .width();
    return {std::max(base.width(), framed), base.height()};
}

void NumberEdit::setValue(double v) {
    m_exact = v;
    m_shown = shownNumber(v);
    setText(m_shown);
    setCursorPosition(0); // the number's first digits, not its end
    updateToolTip();
}

double NumberEdit::value(const std::string& context) const {
    if (!m_shown.isNull() && text() == m_shown) {
        return m_exact;
    }
    return parseNumber(text().toStdString(), context);
}

void NumberEdit::setHelp(const QString& help) {
    m_help = help;
    updateToolTip();
}

void NumberEdit::updateToolTip() {
    QString tip = m_help;
    // The value the field stands for when it shows it rounded.
    if (!m_shown.isNull() && text() == m_shown && formatNumber(m_exact) != m_shown.toStdString()) {
        tip += (tip.isEmpty() ? QString() : QStringLiteral("\n")) +
               tr("exactly %1").arg(QString::fromStdString(formatNumber(m_exact)));
    }
    setToolTip(tip);
}

NumberSpinBox::NumberSpinBox(QWidget* parent) : QDoubleSpinBox(parent) {
    // Values are kept as given: the spin box rounds to its decimals, so allow them all.
    setDecimals(DBL_MAX_10_EXP + DBL_DIG);
}

QString NumberSpinBox::textFromValue(double v) const {
    return shownNumber(v);
}

double NumberSpinBox::valueFromText(const QString& text) const {
    QString t = text;
    t.remove(0, prefix().size());
    t.chop(suffix().size());
    t = t.trimmed();
    if (t == textFromValue(value())) {
        return value(); // the shown text stands for the exact value
    }
    bool ok = false;
    const double v = t.toDouble(&ok);
    return ok ? v : value();
}

QValidator::State NumberSpinBox::validate(QString& text, int&) const {
    if (!specialValueText().isEmpty() && text == specialValueText()) {
        return QValidator::Acceptable;
    }
    QString t = text;
    if (t.startsWith(prefix())) {
        t.remove(0, prefix().size());
    }
    if (t.endsWith(suffix())) {
        t.chop(suffix().size());
    }
    t = t.trimmed();
    bool ok = false;
    const double v = t.toDouble(&ok);
    if (ok && v >= minimum() && v <= maximum()) {
        return QValidator::Acceptable;
    }
    // A number being typed ("", "-", "1e", "0.") or one out of range while typing.
    for (const QChar c : t) {
        if (!c.isDigit() && !QStringLiteral("+-.eE").contains(c)) {
            return QValidator::Invalid;
        }
    }
    return QValidator::Intermediate;
}

} // namespace rl
