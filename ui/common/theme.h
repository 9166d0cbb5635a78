#pragma once

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
    static constexpr double kPresentationScale = 1.6;
    /// The views' font size at scale 1 (points).
    static constexpr double kBasePointSize = 9.0;

    double scale() const { return presentation ? kPresentationScale : 1.0; }
    /// A length (pixels, a line width) at this theme's scale.
    double px(double length) const { return length * scale(); }

    // --- Plots and views
    QColor background() const { return dark ? QColor(0x1e, 0x20, 0x23) : QColor(Qt::white); }
    QColor foreground() const { return dark ? QColor(0xe8, 0xe8, 0xe8) : QColor(0x20, 0x20, 0x20); }
    /// Secondary text (edge times, hints, processors that have sent), still readable.
    QColor muted() const { return dark ? QColor(0xa6, 0xa6, 0xa6) : QColor(0x60, 0x60, 0x60); }
    QColor grid() const { return dark ? QColor(0x46, 0x49, 0x4f) : QColor(0xdd, 0xdd, 0xdd); }
    /// Transfers: Okabe-Ito blue, sky blue on dark (the blue has too little contrast there).
    QColor transfer() const { return dark ? QColor(0x56, 0xb4, 0xe9) : QColor(0x00, 0x72, 0xb2); }
    QColor reduction() const { return QColor(0xe6, 0x9f, 0x00); } // orange
    QColor critical() const { return QColor(0xd5, 0x5e, 0x00); }  // vermillion
    QColor selection() const { return QColor(0xcc, 0x79, 0xa7); } // reddish purple
    QColor cursor() const { return QColor(0x00, 0x9e, 0x73); }    // bluish green
    /// Idle bands of the Gantt charts.
    QColor idle() const { return dark ? QColor(0x2e, 0x31, 0x36) : QColor(0xf0, 0xf0, 0xf0); }
    /// A reception bar of colour `c` (transfer, critical or selection): translucent; on dark,
    /// a lighter tint and more opaque, or it would vanish into the idle band.
    QColor reception(QColor c) const {
        if (dark) {
            c = mix(c, Qt::white, 0.2);
        }
        c.setAlpha(dark ? 200 : 110);
        return c;
    }
    /// A reception bar as the Gantt charts draw it: reception(c) over an idle band, opaque, so
    /// that it looks the same over a task or a reduction block as over the band (translucent,
    /// it made an olive the legend does not show).
    QColor receptionBar(QColor c) const {
        const QColor r = reception(c);
        const QColor under = idle();
        const double a = r.alphaF();
        return QColor::fromRgbF(static_cast<float>(r.redF() * a + under.redF() * (1 - a)),
                                static_cast<float>(r.greenF() * a + under.greenF() * (1 - a)),
                                static_cast<float>(r.blueF() * a + under.blueF() * (1 - a)))
            .rgb(); // 8 bits a channel, as painted
    }
    /// Fill of a tree node that holds a value, and of one that is reducing.
    QColor nodeFill() const { return mix(background(), transfer(), 0.2); }
    QColor reducingFill() const { return mix(background(), reduction(), 0.35); }
    /// Text drawn on a filled transfer-coloured shape (the root that holds everything).
    QColor onTransfer() const { return dark ? QColor(0x10, 0x12, 0x14) : QColor(Qt::white); }
    /// Error messages.
    QColor error() const { return dark ? QColor(0xff, 0x8a, 0x80) : QColor(0xb0, 0x2a, 0x1e); }
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
