#pragma once

#include "experiment/progressive_sweep.h"

#include <string>

namespace rl {

/// What an analysis figure's web page shows: the figure of a sweep and the words around it.
struct FigurePageContent {
    const GridSnapshot* snapshot = nullptr; ///< the results drawn (a panel's last picture)
    Figure figure = Figure::Fig4;           ///< which of the paper's figures draws them
    std::string program;                    ///< what made the page, written beside the version
};

/// The figure as one self-contained HTML page (web/figure_page.html, web/figure.js): the CV
/// sweep, the ratio map or the best-method map drawn from the embedded results as the
/// application draws it, with the numbers of a point or cell on hover and a legend whose
/// entries switch their series or layers on and off. Throws InputError when the page would
/// exceed kMaxWebPageBytes.
std::string figurePageHtml(const FigurePageContent& content);

} // namespace rl
