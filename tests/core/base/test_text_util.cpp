// Text helpers of the core (base/text_util.h) that both front ends print: durations, numbers.
#include "base/text_util.h"

#include "../../test_support.h"

#include <iomanip>

#include <array>
#include <cmath>
#include <limits>
#include <utility>

using namespace rl;

// The application's numbers (the GUI's shownNumber, the web pages' texts) as Qt's 'g'
// format writes them, which the GUI used before they moved to the core: the texts of
// QString::number(v, 'g', digits) for 3, 5 and 6 digits, recorded from Qt 6.4.
TEST(TextUtil, SignificantDigitsAsQtWritesThem) {
    const std::pair<double, std::array<const char*, 3>> qtTexts[] = {
        {0.0, {"0", "0", "0"}},
        {1.0, {"1", "1", "1"}},
        {1.5, {"1.5", "1.5", "1.5"}},
        {0.6309573444801934, {"0.631", "0.63096", "0.630957"}},
        {1e-5, {"1e-05", "1e-05", "1e-05"}},
        {1234567.0, {"1.23e+06", "1.2346e+06", "1.23457e+06"}},
        {123456.0, {"1.23e+05", "1.2346e+05", "123456"}},
        {-2.25, {"-2.25", "-2.25", "-2.25"}},
        {3.0e100, {"3e+100", "3e+100", "3e+100"}},
        {7.77e-101, {"7.77e-101", "7.77e-101", "7.77e-101"}},
        {12.5, {"12.5", "12.5", "12.5"}},
        {0.1 + 0.2, {"0.3", "0.3", "0.3"}},
    };
    const int digits[] = {3, 5, 6};
    for (const auto& [v, texts] : qtTexts) {
        for (std::size_t k = 0; k < 3; ++k) {
            ASSERT_EQ(formatSignificant(v, digits[k]), std::string(texts[k]))
                << v << " to " << digits[k] << " digits";
        }
    }
    ASSERT_EQ(formatSignificant(std::nan("")), std::string("—"));
    ASSERT_EQ(formatSignificant(HUGE_VAL), std::string("—"));
}

TEST(TextUtil, DurationsAsPeopleReadThem) {
    ASSERT_EQ(formatDuration(0.0), std::string("0 s"));
    ASSERT_EQ(formatDuration(4.6), std::string("5 s"));
    ASSERT_EQ(formatDuration(59.4), std::string("59 s"));
    ASSERT_EQ(formatDuration(59.6), std::string("1 min 00 s"));
    ASSERT_EQ(formatDuration(185.0), std::string("3 min 05 s"));
    ASSERT_EQ(formatDuration(7800.0), std::string("2 h 10 min"));
    // Never a wrapped integer or a NaN: nothing left, or more than anyone waits.
    ASSERT_EQ(formatDuration(-3.0), std::string("0 s"));
    ASSERT_EQ(formatDuration(std::nan("")), std::string("0 s"));
    ASSERT_EQ(formatDuration(1e300), std::string("over a million hours"));
    ASSERT_EQ(formatDuration(std::numeric_limits<double>::infinity()),
              std::string("over a million hours"));
}
