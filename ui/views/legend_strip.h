#pragma once

#include "common/theme.h"

#include <QWidget>

#include <functional>
#include <vector>

namespace rl {

/// A legend as a strip of entries (a small picture and a word), for a page that shows several
/// views with the same marks: one legend for all, instead of one per view. Entries flow left
/// to right and wrap onto new lines when the strip is narrow: never cut.
class LegendStrip : public QWidget {
    Q_OBJECT
  public:
    /// Draws an entry's picture in a box, in a theme.
    using Glyph = std::function<void(QPainter&, QRectF, const Theme&)>;

    explicit LegendStrip(QWidget* parent = nullptr);

    void addEntry(const QString& text, Glyph glyph);
    void setTheme(const Theme& theme);
    /// The entries' words, in order (tests).
    QStringList texts() const;
    /// The line of each entry in the last layout for the current width (tests).
    std::vector<int> rows() const { return rowsFor(width()); }

    bool hasHeightForWidth() const override { return true; }
    int heightForWidth(int width) const override;
    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

  protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

  private:
    struct Entry {
        QString text;
        Glyph glyph;
    };
    double glyphWidth() const;
    double spacing() const;
    std::vector<int> rowsFor(int width) const;

    std::vector<Entry> m_entries;
    Theme m_theme;
};

} // namespace rl
