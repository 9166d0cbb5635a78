// The tree view's header band: the caption (algorithm, n, depth, time) and the legend of what
// the tree draws, laid out for the width there is (legend beside the caption, or under it on
// as many rows as it needs; never cut), on the screen and in exported figures alike.
#include "views/tree_view.h"

#include "views/tree_view_detail.h"

#include "base/vocabulary.h"

#include <QFontMetricsF>
#include <QPainter>

#include <algorithm>
#include <cmath>

namespace rl {

using namespace tree_detail;

namespace {

// The legends' words, the same in the web pages (core/base/vocabulary.h).
QString label(Mark mark) {
    const std::string_view text = markWords(mark).label;
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

} // namespace

std::vector<TreeView::LegendEntry> TreeView::legendEntries(bool withCritical) const {
    // The complete tree (no cursor: a figure of the whole run) has no edge in flight and no
    // node still holding a partial value: their entries would explain nothing drawn.
    const bool partial = std::isfinite(m_cursor);
    std::vector<LegendEntry> legend;
    if (partial) {
        legend.push_back({Glyph::InFlight, label(Mark::InFlight)});
    }
    legend.push_back({Glyph::Merged, label(Mark::Merged)});
    if (withCritical) {
        legend.push_back({Glyph::Critical, label(Mark::CriticalEdge)});
    }
    if (partial) {
        legend.push_back({Glyph::Holding, label(Mark::Holding)});
    }
    legend.push_back({Glyph::Sent, label(Mark::Sent)});
    legend.push_back({Glyph::Complete, label(Mark::Complete)});
    return legend;
}

double TreeView::legendEntryWidth(const LegendEntry& e, const QFontMetricsF& fm) const {
    return 1.6 * fm.height() + m_theme.px(4.0) + fm.horizontalAdvance(e.text);
}

std::vector<int> TreeView::legendRows(const std::vector<LegendEntry>& legend,
                                      const QFontMetricsF& fm, double width) const {
    // Entries flow left to right and wrap onto a new row: the legend is never cut.
    std::vector<int> rows;
    const double spacing = m_theme.px(12.0);
    int row = 0;
    double x = 0.0;
    for (const LegendEntry& e : legend) {
        const double w = legendEntryWidth(e, fm);
        if (x > 0.0 && x + w > width) {
            ++row;
            x = 0.0;
        }
        rows.push_back(row);
        x += w + spacing;
    }
    return rows;
}

namespace {

QString separator() {
    return QStringLiteral("  ·  ");
}

/// The caption's parts, most important first: the algorithm, the time (when animating), n and
/// the tree's depth; `time` is the time's text.
QStringList captionParts(const Schedule& s, int depth, const QString& time) {
    QStringList parts{QString::fromStdString(s.algorithm)};
    if (!time.isEmpty()) {
        parts << time;
    }
    parts << TreeView::tr("n = %1").arg(s.n) << TreeView::tr("depth %1").arg(depth);
    return parts;
}

/// The caption as drawn: the parts in reading order (algorithm, n, depth, time).
QString captionText(const QStringList& parts, bool withTime) {
    QStringList shown = parts;
    if (withTime && shown.size() > 1) {
        shown.move(1, shown.size() - 1);
    }
    return shown.join(separator());
}

} // namespace

TreeView::HeaderLayout TreeView::headerLayout(double width, const QFontMetricsF& fm,
                                              const std::vector<LegendEntry>& legend) const {
    HeaderLayout h;
    const double fh = fm.height();
    const double m = margin();
    const double inner = std::max(1.0, width - 2 * m);
    if (!m_schedule) {
        h.height = fh + m;
        return h;
    }
    // With the widest time, so that the band does not change its layout while animating.
    const double caption = fm.horizontalAdvance(this->caption(fm, width, true));
    double legendW = 0.0;
    for (const LegendEntry& e : legend) {
        legendW += legendEntryWidth(e, fm) + m_theme.px(12.0);
    }
    legendW -= m_theme.px(12.0);
    // A printed figure under its own title leaves the caption out: the legend alone.
    const int captionLines = m_captionVisible ? 1 : 0;
    h.beside = m_captionVisible && caption + legendW + m <= inner;
    h.rows = h.beside ? std::vector<int>(legend.size(), 0) : legendRows(legend, fm, inner);
    const int lines = h.beside ? 1 : captionLines + (h.rows.empty() ? 0 : 1 + h.rows.back());
    // Half a margin above and below: small panes keep their height for the tree.
    h.height = lines > 0 ? lines * fh + (lines - 1) * m_theme.px(4.0) + m : m;
    h.legendWidth = legendW;
    return h;
}

QString TreeView::caption(const QFontMetricsF& fm, double width, bool widestTime) const {
    if (!m_schedule) {
        return {};
    }
    const int depth = static_cast<int>(m_layout.height);
    const bool animating = std::isfinite(m_cursor);
    // What is left out is chosen with the widest time ("t = 0.0000e+00"), not the current one:
    // the caption does not change its parts while the animation runs.
    QStringList widest =
        captionParts(*m_schedule, depth, animating ? tr("t = %1").arg("0.0000e+00") : "");
    QStringList parts =
        widestTime ? widest
                   : captionParts(*m_schedule, depth,
                                  animating ? tr("t = %1").arg(fmtShort(std::max(m_cursor, 0.0)))
                                            : ""); // a quiz pauses just below 0
    const double room = width - 2 * margin();
    // Left out whole, least important first (the depth, n, then the time, which the transport
    // bar shows too); the algorithm's name stays, elided only in a pane narrower than it.
    while (parts.size() > 1 && fm.horizontalAdvance(captionText(widest, animating)) > room) {
        parts.removeLast();
        widest.removeLast();
    }
    return fm.elidedText(captionText(parts, animating && parts.size() > 1), Qt::ElideRight, room);
}

QString TreeView::caption() const {
    return caption(QFontMetricsF(paintFont()), width(), false);
}

double TreeView::headerHeight(double width, const QFontMetricsF& fm, bool withLegend) const {
    // With the critical-path entry, so that the band keeps its height whatever is shown.
    return headerLayout(width, fm, withLegend ? legendEntries(true) : std::vector<LegendEntry>{})
        .height;
}

void TreeView::paintHeader(QPainter& painter, QSizeF size, bool withLegend) const {
    const QFontMetricsF fm(painter.font());
    const double fh = fm.height();
    const double m = margin();
    const QColor fg = m_theme.foreground();
    const bool critical = std::find(m_critical.begin(), m_critical.end(), true) != m_critical.end();
    const auto legend = withLegend ? legendEntries(critical) : std::vector<LegendEntry>{};
    const HeaderLayout h = headerLayout(size.width(), fm, legend);
    // An opaque strip under the caption, so that a panned tree does not garble it.
    QColor strip = m_theme.background();
    strip.setAlpha(225);
    painter.fillRect(QRectF(0, 0, size.width(), headerHeight(size.width(), fm, withLegend) - 4),
                     strip);

    const int captionLines = m_captionVisible ? 1 : 0;
    if (m_captionVisible) {
        painter.setPen(fg);
        painter.drawText(QRectF(m, m / 2, size.width() - 2 * m, fh),
                         Qt::AlignLeft | Qt::AlignVCenter, caption(fm, size.width(), false));
    }

    const double glyph = 1.6 * fh;
    const double lineStep = fh + m_theme.px(4.0);
    double x = h.beside ? size.width() - m - h.legendWidth : m;
    int row = 0;
    for (std::size_t i = 0; i < legend.size(); ++i) {
        const LegendEntry& e = legend[i];
        if (!h.beside && h.rows[i] != row) {
            row = h.rows[i];
            x = m;
        }
        const double baseY = h.beside ? m / 2 : m / 2 + (row + captionLines) * lineStep;
        paintGlyph(painter, e.kind, QRectF(x, baseY, glyph, fh), m_theme);
        const double textX = x + glyph + m_theme.px(4.0);
        painter.setPen(fg);
        const double w = fm.horizontalAdvance(e.text);
        painter.drawText(QRectF(textX, baseY, w + 2, fh), Qt::AlignLeft | Qt::AlignVCenter, e.text);
        x = textX + w + m_theme.px(12.0);
    }
}

} // namespace rl
