#pragma once

#include "base/text_util.h"

#include <QDoubleSpinBox>
#include <QLineEdit>
#include <QString>

namespace rl {

/// The one way the GUI shows a number: rounded to kShownDigits significant digits
/// ("0.630957", "1.5", "1e-05"), in the C locale the fields parse; "—" when not finite
/// (formatSignificant() of base/text_util.h, which the web pages use too).
QString shownNumber(double v);

/// A text field holding a number: it shows shownNumber() of the value it is given and keeps
/// that value exactly until the user changes the text (a drill-down's mean of
/// 0.6309573444801934 shows "0.630957" and still replays its replicate to the bit). The full
/// value is in the tooltip's last line.
class NumberEdit : public QLineEdit {
    Q_OBJECT
  public:
    explicit NumberEdit(QWidget* parent = nullptr);
    /// Shows `v` rounded; text() then stands for `v` exactly.
    void setValue(double v);
    /// The exact value given to setValue() while the text is the one it showed; otherwise the
    /// text parsed (throws InputError naming `context` when it is not a number).
    double value(const std::string& context) const;
    /// The tooltip above the exact value's line.
    void setHelp(const QString& help);
    /// Wide enough for every number shownNumber() writes, at the field's font.
    QSize minimumSizeHint() const override;

  private:
    void updateToolTip();

    double m_exact = 0.0;
    QString m_shown; ///< the text that stands for m_exact (null: none)
    QString m_help;
};

/// A spin box of real numbers shown with shownNumber() (never a fixed count of decimals that
/// rounds 1e-05 to 0): it keeps the value it is given exactly and accepts what the fields
/// parse ("2.5", "1e-3").
class NumberSpinBox : public QDoubleSpinBox {
    Q_OBJECT
  public:
    explicit NumberSpinBox(QWidget* parent = nullptr);
    QString textFromValue(double v) const override;
    double valueFromText(const QString& text) const override;
    QValidator::State validate(QString& text, int& pos) const override;
};

} // namespace rl
