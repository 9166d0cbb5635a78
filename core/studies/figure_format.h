#pragma once

#include <string>

namespace rl {

/// The size and the text of an exported figure, as a paper prints it. Every default and bound
/// of the explorer's figure exports lives here: the CLI's --width-mm, --font-pt, --dpi and
/// --frame and the GUI's export dialog both read them.
///
/// Figures are laid out in half points (kFigureLayoutDpi units per inch) with fonts of whole
/// units, so text keeps its exact point size in PDF, SVG and PNG alike: the font size must be a
/// multiple of half a point. The width is rounded to a whole point (PDF pages have whole-point
/// sizes); the height follows from the content (the processors of a Gantt chart, the levels of
/// a tree).
struct FigureFormat {
    /// A one-column figure of a two-column paper (ACM, IEEE, Springer LNCS: 84-88 mm).
    static constexpr double kDefaultWidthMm = 85.0;
    static constexpr double kMinWidthMm = 20.0;
    static constexpr double kMaxWidthMm = 500.0;
    /// The usual size of a figure's text in print.
    static constexpr double kDefaultFontPt = 8.0;
    static constexpr double kMinFontPt = 4.0;
    static constexpr double kMaxFontPt = 36.0;
    static constexpr int kDefaultDpi = 300;
    static constexpr int kMinDpi = 72;
    static constexpr int kMaxDpi = 1200;
    /// The tallest figure, as a multiple of its width (a Gantt chart above a tree).
    static constexpr double kMaxAspect = 3.5;
    /// The largest PNG (about 400 MB of pixels while encoding).
    static constexpr double kMaxPngPixels = 1e8;

    double widthMm = kDefaultWidthMm;
    double fontPt = kDefaultFontPt;
    int dpi = kDefaultDpi; ///< PNG only

    /// The width in whole points.
    int widthPt() const;
    /// Font size in layout units (half points).
    int fontUnits() const;

    /// Throws InputError naming `what` (an option such as "--width-mm") unless the value is
    /// within its bounds; returns it.
    static double checkWidthMm(double mm, const std::string& what);
    static double checkFontPt(double pt, const std::string& what);
    static int checkDpi(long long dpi, const std::string& what);
    /// The frame of an animation as a fraction of the makespan, in [0, 1].
    static double checkFrameFraction(double fraction, const std::string& what);
    /// Every field; for a PNG also its pixel count at the tallest figure of this width (checked
    /// before anything is drawn). Throws InputError naming the problem.
    void validate(bool png) const;
};

/// Units per inch of a figure's layout: half points.
inline constexpr double kFigureLayoutDpi = 144.0;

/// The views a figure of one run holds: the Gantt chart, the reduction tree, or both under one
/// title (stacked at column widths, side by side from a width the GUI's figure sets).
enum class FigureKind { Gantt, Tree, GanttAndTree };

} // namespace rl
