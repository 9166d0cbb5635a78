#include "studies/figure_format.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <cmath>

namespace rl {

namespace {

constexpr double kMmPerInch = 25.4;
constexpr double kPointsPerInch = 72.0;

[[noreturn]] void refuse(const std::string& what, double value, const std::string& rule) {
    throw InputError(what + " " + formatNumber(value) + ": " + rule);
}

} // namespace

int FigureFormat::widthPt() const {
    return static_cast<int>(std::lround(widthMm / kMmPerInch * kPointsPerInch));
}

int FigureFormat::fontUnits() const {
    return static_cast<int>(std::lround(fontPt * kFigureLayoutDpi / kPointsPerInch));
}

double FigureFormat::checkWidthMm(double mm, const std::string& what) {
    if (!(mm >= kMinWidthMm && mm <= kMaxWidthMm)) {
        refuse(what, mm,
               "the figure's width must be between " + formatNumber(kMinWidthMm) + " and " +
                   formatNumber(kMaxWidthMm) + " mm");
    }
    return mm;
}

double FigureFormat::checkFontPt(double pt, const std::string& what) {
    if (!(pt >= kMinFontPt && pt <= kMaxFontPt)) {
        refuse(what, pt,
               "the font size must be between " + formatNumber(kMinFontPt) + " and " +
                   formatNumber(kMaxFontPt) + " points");
    }
    // Layout units are half points and fonts are whole units (see the struct's comment).
    const double units = pt * kFigureLayoutDpi / kPointsPerInch;
    if (units != std::round(units)) {
        refuse(what, pt, "the font size must be a whole or half point (e.g. 8 or 8.5)");
    }
    return pt;
}

int FigureFormat::checkDpi(long long dpi, const std::string& what) {
    if (dpi < kMinDpi || dpi > kMaxDpi) {
        throw InputError(what + " " + std::to_string(dpi) + ": the resolution must be between " +
                         std::to_string(kMinDpi) + " and " + std::to_string(kMaxDpi) + " dpi");
    }
    return static_cast<int>(dpi);
}

double FigureFormat::checkFrameFraction(double fraction, const std::string& what) {
    if (!(fraction >= 0.0 && fraction <= 1.0)) {
        refuse(what, fraction, "the frame is a fraction of the makespan, from 0 to 1");
    }
    return fraction;
}

void FigureFormat::validate(bool png) const {
    checkWidthMm(widthMm, "figure width (mm)");
    checkFontPt(fontPt, "figure font size (pt)");
    checkDpi(dpi, "figure resolution (dpi)");
    if (png) {
        const double side = widthPt() / kPointsPerInch * dpi;
        const double pixels = side * side * kMaxAspect;
        if (pixels > kMaxPngPixels) {
            throw InputError("a PNG " + formatNumber(widthMm) + " mm wide at " +
                             std::to_string(dpi) + " dpi may have " +
                             formatNumber(std::round(pixels / 1e6)) +
                             " million pixels, more than " + formatNumber(kMaxPngPixels / 1e6) +
                             " million: lower the resolution or the width");
        }
    }
}

} // namespace rl
