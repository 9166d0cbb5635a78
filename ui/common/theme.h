#pragma once

#include <QColor>
#include <QFont>

namespace rl {

/// The look shared by every view (named Theme, not Palette, so that it does not hide
/// QWidget::palette()): colours and sizes. The categorical colours are Okabe & Ito's
/// colour-blind-safe palette; presentation mode enlarges fonts for projection in class.
struct Theme {
    bool dark = false;
    bool presentation = false;

    QColor background() const { return dark ? QColor(0x20, 0x22, 0x26) : QColor(Qt::white); }
    QColor foreground() const { return dark ? QColor(0xe8, 0xe8, 0xe8) : QColor(0x20, 0x20, 0x20); }
    QColor grid() const { return dark ? QColor(0x44, 0x47, 0x4d) : QColor(0xdd, 0xdd, 0xdd); }
    QColor transfer() const { return QColor(0x00, 0x72, 0xb2); }  // blue
    QColor reduction() const { return QColor(0xe6, 0x9f, 0x00); } // orange
    QColor critical() const { return QColor(0xd5, 0x5e, 0x00); }  // vermillion
    QColor selection() const { return QColor(0xcc, 0x79, 0xa7); } // reddish purple
    QColor cursor() const { return QColor(0x00, 0x9e, 0x73); }    // bluish green
    QColor idle() const { return dark ? QColor(0x2c, 0x2f, 0x34) : QColor(0xf3, 0xf3, 0xf3); }
    /// The i-th categorical colour (for algorithms in compare mode).
    static QColor category(int i) {
        static const QColor colors[] = {QColor(0x00, 0x72, 0xb2), QColor(0xe6, 0x9f, 0x00),
                                        QColor(0x00, 0x9e, 0x73), QColor(0xcc, 0x79, 0xa7),
                                        QColor(0x56, 0xb4, 0xe9), QColor(0xd5, 0x5e, 0x00)};
        return colors[i % 6];
    }
    int fontPointSize() const { return presentation ? 15 : 9; }
    QFont font() const {
        QFont f;
        f.setPointSize(fontPointSize());
        return f;
    }
};

} // namespace rl
