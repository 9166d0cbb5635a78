// The themes' colours: every text/background pair the theme defines reaches WCAG AA (4.5:1)
// in both themes, the reception bars stay visible on dark, and presentation mode scales the
// style's sizes by one factor.
#include "common/app_style.h"
#include "common/theme.h"

#include <QApplication>
#include <QProxyStyle>
#include <QStyle>
#include <QtTest>

#include <cmath>

using namespace rl;

namespace {

// WCAG 2.1 relative luminance and contrast ratio, written out here rather than taken from the
// code under test.
double channel(double c) {
    return c <= 0.03928 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
}

double luminance(const QColor& c) {
    return 0.2126 * channel(c.redF()) + 0.7152 * channel(c.greenF()) + 0.0722 * channel(c.blueF());
}

double contrast(const QColor& a, const QColor& b) {
    const double la = luminance(a);
    const double lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

// A translucent colour painted over an opaque one.
QColor over(const QColor& top, const QColor& below) {
    const double a = top.alphaF();
    return QColor::fromRgbF(static_cast<float>(top.redF() * a + below.redF() * (1 - a)),
                            static_cast<float>(top.greenF() * a + below.greenF() * (1 - a)),
                            static_cast<float>(top.blueF() * a + below.blueF() * (1 - a)));
}

} // namespace

class TestTheme : public QObject {
    Q_OBJECT
  private slots:
    void contrastFormulaMatchesKnownValues() {
        QCOMPARE(std::round(contrast(Qt::black, Qt::white) * 100) / 100, 21.0);
        QCOMPARE(contrast(QColor(0x77, 0x77, 0x77), Qt::white) > 4.47, true);
        QCOMPARE(contrast(QColor(0x77, 0x77, 0x77), Qt::white) < 4.49, true);
    }

    void everyTextPairReachesWcagAa_data() {
        QTest::addColumn<bool>("dark");
        QTest::newRow("light") << false;
        QTest::newRow("dark") << true;
    }
    void everyTextPairReachesWcagAa() {
        QFETCH(bool, dark);
        Theme theme;
        theme.dark = dark;
        const auto pairs = theme.textPairs();
        QVERIFY(pairs.size() >= 30); // three colour groups of the palette, and the views'
        QStringList failures;
        for (const Theme::TextPair& p : pairs) {
            const double ratio = contrast(p.text, p.background);
            if (ratio < 4.5) {
                failures << QStringLiteral("%1: %2 on %3 = %4")
                                .arg(p.name, p.text.name(), p.background.name())
                                .arg(ratio, 0, 'f', 2);
            }
        }
        QVERIFY2(failures.isEmpty(), qPrintable(failures.join(QStringLiteral("; "))));
    }

    // The pairs are the palette's own colours, not copies that could drift apart.
    void pairsAreThePalettesColours() {
        for (bool dark : {false, true}) {
            Theme theme;
            theme.dark = dark;
            const QPalette p = theme.palette();
            bool found = false;
            for (const Theme::TextPair& pair : theme.textPairs()) {
                if (pair.name == QStringLiteral("active WindowText on Window")) {
                    QCOMPARE(pair.text, p.color(QPalette::Active, QPalette::WindowText));
                    QCOMPARE(pair.background, p.color(QPalette::Active, QPalette::Window));
                    found = true;
                }
            }
            QVERIFY(found);
            // Dark means dark: the window and the plots are dark, their text light.
            QCOMPARE(p.color(QPalette::Window).lightness() < 80, dark);
            QCOMPARE(theme.background().lightness() < 80, dark);
            QCOMPARE(p.color(QPalette::WindowText).lightness() > 170, dark);
        }
    }

    // The pale reception bars stay visible on the idle bands (3:1, WCAG's ratio for graphics)
    // in the dark theme, where they used to vanish; and the series colours stand out from
    // the dark plot background.
    void receptionBarsAndSeriesVisibleOnDark() {
        Theme theme;
        theme.dark = true;
        for (const QColor& c : {theme.transfer(), theme.critical(), theme.selection()}) {
            const QColor bar = over(theme.reception(c), theme.idle());
            // What the charts draw: the translucent bar composited over the band, to the
            // rounding of one 8-bit channel (the rule rounds in core, Qt in floats).
            const QColor drawn = theme.receptionBar(c);
            QVERIFY(std::abs(drawn.red() - bar.red()) <= 1 &&
                    std::abs(drawn.green() - bar.green()) <= 1 &&
                    std::abs(drawn.blue() - bar.blue()) <= 1);
            QVERIFY2(contrast(bar, theme.idle()) >= 3.0,
                     qPrintable(
                         QStringLiteral("%1: %2").arg(c.name()).arg(contrast(bar, theme.idle()))));
        }
        for (int i = 0; i < 6; ++i) {
            QVERIFY2(contrast(theme.category(i), theme.background()) >= 3.0,
                     qPrintable(theme.category(i).name()));
        }
    }

    // Six distinct series colours in each theme (compare mode shows up to seven algorithms:
    // the seventh repeats the first, as before).
    void categoriesAreDistinct() {
        for (bool dark : {false, true}) {
            Theme theme;
            theme.dark = dark;
            QSet<QRgb> colours;
            for (int i = 0; i < 6; ++i) {
                colours.insert(theme.category(i).rgb());
            }
            QCOMPARE(colours.size(), 6);
            QCOMPARE(theme.category(6), theme.category(0));
        }
    }

    void presentationScalesTheStyle() {
        const int normalIcon = QApplication::style()->pixelMetric(QStyle::PM_SmallIconSize);
        Theme theme;
        applyApplicationTheme(theme);
        const int base = QApplication::style()->pixelMetric(QStyle::PM_ButtonIconSize);
        const int margin = QApplication::style()->pixelMetric(QStyle::PM_LayoutLeftMargin);
        const double font = QApplication::font().pointSizeF();
        theme.presentation = true;
        applyApplicationTheme(theme);
        const double s = Theme::kPresentationScale;
        QCOMPARE(QApplication::style()->pixelMetric(QStyle::PM_ButtonIconSize),
                 static_cast<int>(std::lround(base * s)));
        QCOMPARE(QApplication::style()->pixelMetric(QStyle::PM_LayoutLeftMargin),
                 static_cast<int>(std::lround(margin * s)));
        QCOMPARE(QApplication::font().pointSizeF(), font * s);
        auto* proxy = qobject_cast<QProxyStyle*>(QApplication::style());
        QVERIFY(proxy);
        QCOMPARE(proxy->baseStyle()->name(), QStringLiteral("fusion"));
        theme.presentation = false;
        applyApplicationTheme(theme);
        QCOMPARE(QApplication::font().pointSizeF(), font);
        QCOMPARE(QApplication::style()->pixelMetric(QStyle::PM_SmallIconSize), normalIcon);
    }
};

QTEST_MAIN(TestTheme)
#include "test_theme.moc"
