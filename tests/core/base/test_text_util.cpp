// Text helpers of the core (base/text_util.h) that both front ends print: durations, numbers.
#include "base/text_util.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace rl;

class TestTextUtil : public QObject {
    Q_OBJECT
  private slots:
    // The application's numbers (the GUI's shownNumber, the web pages' texts) as Qt's 'g'
    // format writes them, which the GUI used before they moved to the core.
    void significantDigitsAsQtWritesThem() {
        for (double v : {0.0, 1.0, 1.5, 0.6309573444801934, 1e-5, 1234567.0, 123456.0, -2.25,
                         3.0e100, 7.77e-101, 12.5, 0.1 + 0.2}) {
            for (int digits : {3, 5, 6}) {
                QCOMPARE(QString::fromStdString(formatSignificant(v, digits)),
                         QString::number(v, 'g', digits));
            }
        }
        QCOMPARE(formatSignificant(std::nan("")), std::string("—"));
        QCOMPARE(formatSignificant(HUGE_VAL), std::string("—"));
    }

    void durationsAsPeopleReadThem() {
        QCOMPARE(formatDuration(0.0), std::string("0 s"));
        QCOMPARE(formatDuration(4.6), std::string("5 s"));
        QCOMPARE(formatDuration(59.4), std::string("59 s"));
        QCOMPARE(formatDuration(59.6), std::string("1 min 00 s"));
        QCOMPARE(formatDuration(185.0), std::string("3 min 05 s"));
        QCOMPARE(formatDuration(7800.0), std::string("2 h 10 min"));
        // Never a wrapped integer or a NaN: nothing left, or more than anyone waits.
        QCOMPARE(formatDuration(-3.0), std::string("0 s"));
        QCOMPARE(formatDuration(std::nan("")), std::string("0 s"));
        QCOMPARE(formatDuration(1e300), std::string("over a million hours"));
        QCOMPARE(formatDuration(std::numeric_limits<double>::infinity()),
                 std::string("over a million hours"));
    }
};

QTEST_APPLESS_MAIN(TestTextUtil)
#include "test_text_util.moc"
