#pragma once

#include "common/theme.h"

#include <QString>

class QCPAxis;
class QCPLegend;
class QCPTextElement;
class QCustomPlot;
class QFontMetricsF;

namespace rl {

/// Gives a QCustomPlot `theme`'s look: backgrounds, every axis of every axis rect (pens, tick
/// lengths, paddings, fonts, grid) and the legend (font, colours, icon size, margins), all at
/// the theme's scale. Plottables keep their own colours (each figure sets them).
void applyPlotTheme(QCustomPlot* plot, const Theme& theme);
/// One axis in `theme`'s look (for axes outside the axis rects, e.g. a colour scale's).
void applyAxisTheme(QCPAxis* axis, const Theme& theme);
/// A title in `theme`'s font and colour, bold or not, with margins at the theme's scale.
void applyTitleTheme(QCPTextElement* title, const Theme& theme, bool bold);

/// Lays the legend's items out on one row when they fit in `width` pixels, else on as few rows
/// as they need; returns the legend's width.
double fitLegend(QCPLegend* legend, double width);

/// `text` broken at spaces into lines no wider than `width` (a word wider than that keeps a
/// line of its own): titles wrap instead of being cut.
QString wrapText(const QString& text, const QFontMetricsF& fm, double width);

} // namespace rl
