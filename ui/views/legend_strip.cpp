#include "views/legend_strip.h"

#include "common/app_style.h"

#include <QPainter>
#include <QResizeEvent>

#include <cmath>

namespace rl {

LegendStrip::LegendStrip(QWidget* parent) : QWidget(parent), m_theme(applicationTheme()) {
    setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
}

void LegendStrip::addEntry(const QString& text, Glyph glyph) {
    m_entries.push_back({text, std::move(glyph)});
    updateGeometry();
    update();
}

void LegendStrip::setTheme(const Theme& theme) {
    m_theme = theme;
    updateGeometry();
    update();
}

QStringList LegendStrip::texts() const {
    QStringList out;
    for (const Entry& e : m_entries) {
        out << e.text;
    }
    return out;
}

double LegendStrip::glyphWidth() const {
    return 1.8 * fontMetrics().height();
}

double LegendStrip::spacing() const {
    return m_theme.px(12.0);
}

std::vector<int> LegendStrip::rowsFor(int width) const {
    std::vector<int> rows;
    const QFontMetricsF fm(font());
    const double avail = std::max(1, width) - 2 * m_theme.px(4.0);
    int row = 0;
    double x = 0.0;
    for (const Entry& e : m_entries) {
        const double w = glyphWidth() + m_theme.px(4.0) + fm.horizontalAdvance(e.text);
        if (x > 0.0 && x + w > avail) {
            ++row;
            x = 0.0;
        }
        rows.push_back(row);
        x += w + spacing();
    }
    return rows;
}

int LegendStrip::heightForWidth(int width) const {
    const std::vector<int> rows = rowsFor(width);
    const int lines = rows.empty() ? 0 : rows.back() + 1;
    return lines * fontMetrics().height() + static_cast<int>(std::lround(m_theme.px(4.0))) * 2;
}

QSize LegendStrip::sizeHint() const {
    return QSize(400, heightForWidth(width() > 0 ? width() : 400));
}

QSize LegendStrip::minimumSizeHint() const {
    return QSize(100, heightForWidth(width() > 0 ? width() : 400));
}

void LegendStrip::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    // Its height is fixed at its size hint, which follows the width: a narrower strip wraps
    // onto another line, and the layout must be told, or the last line is cut.
    if (heightForWidth(width()) != height()) {
        updateGeometry();
    }
}

void LegendStrip::paintEvent(QPaintEvent*) {
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), m_theme.background());
    const QFontMetricsF fm(font());
    const double fh = fm.height();
    const double pad = m_theme.px(4.0);
    const std::vector<int> rows = rowsFor(width());
    double x = pad;
    int row = 0;
    for (std::size_t i = 0; i < m_entries.size(); ++i) {
        if (rows[i] != row) {
            row = rows[i];
            x = pad;
        }
        const double y = pad + row * fh;
        m_entries[i].glyph(painter, QRectF(x, y + 0.1 * fh, glyphWidth(), 0.8 * fh), m_theme);
        x += glyphWidth() + pad;
        painter.setPen(m_theme.foreground());
        const double w = fm.horizontalAdvance(m_entries[i].text);
        painter.drawText(QRectF(x, y, w + 2, fh), Qt::AlignLeft | Qt::AlignVCenter,
                         m_entries[i].text);
        x += w + spacing();
    }
}

} // namespace rl
