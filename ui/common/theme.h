#pragma once

#include "base/theme_colours.h"

#include <QColor>
#include <QFont>
#include <QPalette>
#include <QString>

#include <cmath>
#include <vector>

namespace rl {

/// The look of the whole window and of every view (named Theme, not Palette, so that it does
/// not hide QWidget::palette()/setPalette()): light or dark colours, and presentation mode,
/// one scale factor applied to fonts, line widths, node sizes and paddings everywhere.
///
/// Every series colour comes from Okabe & Ito's colour-blind-safe palette; the dark theme uses
/// its lighter members where the dark ones would sink into the background. Every text colour
/// keeps a contrast of at least 4.5:1 (WCAG AA) with the background it is drawn on
/// (textPairs() lists them; tests/ui/common/test_theme checks them).
struct Theme {
    bool dark = false;
    bool presentation = false;

    /// How much presentation mode enlarges everything: 1280x720 at this scale still fits the
    /// views, the transport bar and six narration lines.
    static constexpr double kPresentationScale = StyleSizes::kPresentationScale;
    /// The views' font size at scale 1 (points).
    static constexpr double kBasePointSize = StyleSizes::kBasePointSize;

    double scale() const { return presentation ? kPresentationScale : 1.0; }
    /// A length (pixels, a line width) at this theme's scale.
    double px(double length) const { return length * scale(); }

    // --- Plots and views: the colours of core/base/theme_colours.h (shared with the web pages)
    /// A core colour as Qt's.
    static QColor qt(Rgb c) { return QColor(c.r, c.g, c.b); }
    const ViewColours& colours() const { return viewColours(dark); }
    QColor background() const { return qt(colours().background); }
    QColor foreground() const { return qt(colours().foreground); }
    /// Secondary text (edge times, hints, processors that have sent), still readable.
    QColor muted() const { return qt(colours().muted); }
    QColor grid() const { return qt(colours().grid); }
    /// Transfers: Okabe-Ito blue, sky blue on dark (the blue has too little contrast there).
    QColor transfer() const { return qt(colours().transfer); }
    QColor reduction() const { return qt(colours().reduction); } // orange
    QColor critical() const { return qt(colours().critical); }   // vermillion
    QColor selection() const { return qt(colours().selection); } // reddish purple
    QColor cursor() const { return qt(colours().cursor); }       // bluish green
    /// Idle bands of the Gantt charts.
    QColor idle() const { return qt(colours().idle); }
    /// The band over the row of the processor followed across the charts: the text colour,
    /// translucent, so the idle band and the bars show through (neutral in every theme, and
    /// distinct from the selection's and the critical path's hues).
    QColor focusBand() const {
        QColor c = foreground();
        c.setAlpha(dark ? 56 : 40);
        return c;
    }
    /// A reception bar of colour `c` (transfer, critical or selection): translucent; on dark,
    /// a lighter tint and more opaque, or it would vanish into the idle band.
    QColor reception(QColor c) const {
        if (dark) {
            c = mix(c, Qt::white, ColourRules::kReceptionDarkTint);
        }
        c.setAlpha(dark ? ColourRules::kReceptionAlphaDark : ColourRules::kReceptionAlphaLight);
        return c;
    }
    /// A reception bar as the Gantt charts draw it: opaque, so that it looks the same over a
    /// reduction block as over the idle band (ColourRules::receptionBar, the web pages' too).
    QColor receptionBar(const QColor& c) const {
        return qt(ColourRules::receptionBar(Rgb{static_cast<std::uint8_t>(c.red()),
                                                static_cast<std::uint8_t>(c.green()),
                                                static_cast<std::uint8_t>(c.blue())},
                                            dark));
    }
    /// Fill of a tree node that holds a value, and of one that is reducing.
    QColor nodeFill() const { return mix(background(), transfer(), ColourRules::kNodeFillMix); }
    QColor reducingFill() const {
        return mix(background(), reduction(), ColourRules::kReducingFillMix);
    }
    /// Text drawn on a filled transfer-coloured shape (the root that holds everything).
    QColor onTransfer() const { return qt(colours().onTransfer); }
    /// Error messages.
    QColor error() const { return qt(colours().error); }
    /// The background of a field whose value was refused (markInvalid()): the base tinted
    /// with the error colour, its text still readable.
    QColor invalidBase() const;

    /// The i-th categorical colour (algorithms in compare mode and in the analysis figures),
    /// Okabe-Ito; on dark, sky blue and yellow replace blue and sky blue.
    QColor category(int i) const;

    /// (1 - t) a + t b, channel by channel.
    static QColor mix(const QColor& a, const QColor& b, double t) {
        return QColor::fromRgbF(static_cast<float>(a.redF() * (1 - t) + b.redF() * t),
                                static_cast<float>(a.greenF() * (1 - t) + b.greenF() * t),
                                static_cast<float>(a.blueF() * (1 - t) + b.blueF() * t));
    }

    // --- Fonts
    double fontPointSizeF() const { return kBasePointSize * scale(); }
    int fontPointSize() const { return static_cast<int>(std::lround(fontPointSizeF())); }
    /// The views' font (plots, trees, legends), at this theme's scale.
    QFont font() const {
        QFont f;
        f.setPointSizeF(fontPointSizeF());
        return f;
    }

    // --- The window
    /// The whole window's palette for Qt's Fusion style: every role of every colour group.
    QPalette palette() const;

    /// One text colour on one background, as the theme draws it (for the contrast test).
    struct TextPair {
        QString name;
        QColor text;
        QColor background;
    };
    /// Every text/background pair this theme defines: the palette's active and inactive roles,
    /// the plots' texts, errors and the text on filled nodes.
    std::vector<TextPair> textPairs() const;
};

} // namespace rl
