#pragma once

#include <array>
#include <cstdint>
#include <string>

namespace rl {

/// A colour as 8-bit sRGB channels: plain data that every front end draws with (the Qt theme,
/// ui/common/theme.h, and the web pages, core/web).
struct Rgb {
    std::uint8_t r = 0;
    std::uint8_t g = 0;
    std::uint8_t b = 0;

    /// "#0072b2".
    std::string hex() const;
    friend bool operator==(const Rgb&, const Rgb&) = default;
};

/// (1 - t) a + t b, channel by channel, rounded.
Rgb mixRgb(Rgb a, Rgb b, double t);

/// The colours of the views (plots, Gantt charts, trees) in one style, light or dark. Defined
/// once here so that the application and the web pages it writes cannot drift apart.
///
/// Every series colour comes from Okabe & Ito's colour-blind-safe palette; the dark style uses
/// its lighter members where the dark ones would sink into the background. Every text colour
/// keeps a contrast of at least 4.5:1 (WCAG AA) with the background it is drawn on
/// (tests/ui/common/test_theme checks the pairs).
struct ViewColours {
    Rgb background;
    Rgb foreground;
    Rgb muted; ///< secondary text (edge times, hints, processors that have sent)
    Rgb grid;
    Rgb transfer; ///< Okabe-Ito blue; sky blue on dark
    Rgb reduction;
    Rgb critical;
    Rgb selection;
    Rgb cursor;
    Rgb idle;       ///< the idle bands of the Gantt charts
    Rgb onTransfer; ///< text on a filled transfer-coloured shape (the complete root)
    Rgb error;
    /// The categorical colours (algorithms in compare mode and in the analysis figures).
    std::array<Rgb, 6> categories;
};

/// The views' colours of the light or the dark style.
const ViewColours& viewColours(bool dark);

/// The window's colours of one style: what the Qt theme spreads over its palette's roles, and
/// what a web page's controls use.
struct WindowColours {
    Rgb window, text, base, alternateBase, button, tooltip, placeholder, highlight, highlightedText,
        link, linkVisited, disabledText, light, midlight, mid, dark, shadow;
};

/// The window's colours of the light or the dark style.
const WindowColours& windowColours(bool dark);

/// How the views derive their other colours from ViewColours (one rule for every front end).
struct ColourRules {
    /// A reception bar is its operation's colour with this opacity (0-255), on light and on
    /// dark, where it is first mixed with white by kReceptionDarkTint (or it would vanish into
    /// the idle band).
    static constexpr int kReceptionAlphaLight = 110;
    static constexpr int kReceptionAlphaDark = 200;
    static constexpr double kReceptionDarkTint = 0.2;
    /// A reception bar of colour `c` (transfer, critical or selection) as every front end
    /// paints it: `c` (tinted on dark) at that opacity over the idle band, made opaque, so that
    /// it looks the same over a reduction block as over the band (a translucent bar over a
    /// block made a colour the legend does not show).
    static Rgb receptionBar(Rgb c, bool dark);
    /// A tree node holding a value: the background mixed with the transfer colour by this much;
    /// a node reducing: with the reduction colour.
    static constexpr double kNodeFillMix = 0.2;
    static constexpr double kReducingFillMix = 0.35;
    /// The best-method map: a cell's category colour mixed into the background by
    /// bestMethodWeight() of its margin.
    static double bestMethodWeight(double relativeMargin);
};

/// The sizes of both styles: presentation mode enlarges fonts, line widths, node sizes and
/// paddings by kPresentationScale (1280x720 at this scale still fits the explorer's views, its
/// transport bar and six narration lines); the views' font is kBasePointSize points at scale 1.
struct StyleSizes {
    static constexpr double kPresentationScale = 1.6;
    static constexpr double kBasePointSize = 9.0;
};

/// The ratio map's diverging scale (ColorBrewer RdBu reversed: blue below 1, red above, white at
/// 1), colour-blind safe: stops at 0, 0.25, 0.5, 0.75 and 1 of the scale.
const std::array<Rgb, 5>& ratioMapStops();
/// The ratio map's colour of a cell without data.
Rgb ratioMapMissing();

} // namespace rl
