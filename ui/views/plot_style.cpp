#include "views/plot_style.h"

#include <qcustomplot.h>

#include <QFontMetricsF>

#include <cmath>

namespace rl {

namespace {

int scaled(const Theme& t, double v) {
    return static_cast<int>(std::lround(t.px(v)));
}

} // namespace

void applyAxisTheme(QCPAxis* axis, const Theme& theme) {
    const double w = theme.px(1.0);
    axis->setBasePen(QPen(theme.foreground(), w));
    axis->setTickPen(QPen(theme.foreground(), w));
    axis->setSubTickPen(QPen(theme.foreground(), w));
    axis->setTickLabelColor(theme.foreground());
    axis->setLabelColor(theme.foreground());
    axis->setTickLabelFont(theme.font());
    axis->setLabelFont(theme.font());
    // QCustomPlot's defaults (ticks 5 and 2 px in, paddings 5, 3, 3) at the theme's scale.
    axis->setTickLength(scaled(theme, 5), 0);
    axis->setSubTickLength(scaled(theme, 2), 0);
    axis->setPadding(scaled(theme, 5));
    axis->setLabelPadding(scaled(theme, 3));
    axis->setTickLabelPadding(scaled(theme, 3));
    axis->grid()->setPen(QPen(theme.grid(), w, Qt::DotLine));
    axis->grid()->setZeroLinePen(QPen(theme.grid(), w));
}

void applyPlotTheme(QCustomPlot* plot, const Theme& theme) {
    plot->setBackground(theme.background());
    for (QCPAxisRect* rect : plot->axisRects()) {
        rect->setBackground(theme.background());
        for (QCPAxis* axis : rect->axes()) {
            applyAxisTheme(axis, theme);
        }
    }
    QCPLegend* legend = plot->legend;
    legend->setFont(theme.font()); // and its items'

    legend->setSelectedFont(theme.font());
    legend->setTextColor(theme.foreground());
    legend->setBrush(theme.background());
    legend->setBorderPen(Qt::NoPen); // every legend sits outside the data, in its own row
    // QCustomPlot's defaults (icons 32x18, 7 px to the text, 8 px between columns) scaled.
    legend->setIconSize(scaled(theme, 32), scaled(theme, 18));
    legend->setIconTextPadding(scaled(theme, 7));
    legend->setColumnSpacing(scaled(theme, 8));
    legend->setRowSpacing(scaled(theme, 3));
}

void applyTitleTheme(QCPTextElement* title, const Theme& theme, bool bold) {
    QFont f = theme.font();
    f.setBold(bold);
    title->setFont(f);
    title->setTextColor(theme.foreground());
    const int m = scaled(theme, 2);
    title->setMargins(QMargins(m, m, m, m));
}

double fitLegend(QCPLegend* legend, double width) {
    // The most columns that fit (each as wide as its widest entry), down to one.
    for (int columns = std::max(1, legend->itemCount()); columns >= 1; --columns) {
        legend->setWrap(columns);
        legend->setFillOrder(QCPLayoutGrid::foColumnsFirst, true);
        if (columns == 1 || legend->minimumOuterSizeHint().width() <= width) {
            break;
        }
    }
    return legend->minimumOuterSizeHint().width();
}

QString wrapText(const QString& text, const QFontMetricsF& fm, double width) {
    QStringList lines;
    for (const QString& paragraph : text.split(QLatin1Char('\n'))) {
        QString line;
        for (const QString& word : paragraph.split(QLatin1Char(' '), Qt::SkipEmptyParts)) {
            const QString candidate = line.isEmpty() ? word : line + QLatin1Char(' ') + word;
            if (!line.isEmpty() && fm.horizontalAdvance(candidate) > width) {
                lines << line;
                line = word;
            } else {
                line = candidate;
            }
        }
        lines << line;
    }
    return lines.join(QLatin1Char('\n'));
}

} // namespace rl
