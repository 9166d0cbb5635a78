#pragma once

#include "common/theme.h"

#include <QProxyStyle>

class QLabel;

namespace rl {

/// Qt's Fusion style with its sizes (paddings, spacings, icons, check boxes, scroll bars,
/// sliders, tabs, headers) multiplied by one scale factor: presentation mode enlarges every
/// widget by the factor its fonts grow by.
class ScaledStyle : public QProxyStyle {
    Q_OBJECT
  public:
    explicit ScaledStyle(double scale);
    double scale() const { return m_scale; }
    int pixelMetric(PixelMetric metric, const QStyleOption* option = nullptr,
                    const QWidget* widget = nullptr) const override;
    /// Combo boxes and spin boxes take the mouse wheel only once they have the focus (a click
    /// or Tab): wheeling over a panel scrolls the panel, never changes a setting unseen.
    void polish(QWidget* widget) override;
    void unpolish(QWidget* widget) override;
    using QProxyStyle::polish;
    using QProxyStyle::unpolish;

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    double m_scale;
};

/// Applies `theme` to the whole application: the Fusion style scaled by theme.scale(), the
/// theme's palette, the application font and the tooltips' at the same scale, and the colour
/// of every error label. Widgets that keep their own font or colours (the views) take the theme
/// from their setTheme().
void applyApplicationTheme(const Theme& theme);
/// The theme last applied to the application (the default look before any): the views start
/// with it, so a view created later looks like the rest of the window.
const Theme& applicationTheme();
/// The application's font at scale 1 (what the platform gave it before any theme).
QFont baseApplicationFont();

/// Keeps `widget` at least as wide as its contents ask (its size hint) whenever fonts change,
/// and never below `floor` pixels: a column of settings beside a splitter never cuts its
/// labels in presentation mode.
void fitWidthToContents(QWidget* widget, int floor);

/// Marks `field` as holding a refused value (its background in Theme::invalidBase(), kept
/// across theme changes), or clears the mark.
void markInvalid(QWidget* field, bool invalid);

/// Shows `text` in `label` as an error (the theme's error colour, kept across theme changes)
/// or as a plain message.
void setMessage(QLabel* label, const QString& text, bool error);

} // namespace rl
