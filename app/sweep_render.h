#pragma once

#include "figure_renderer.h"

#include "experiment/progressive_sweep.h"

#include <QByteArray>

#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace rl::cli {

/// Draws `snapshot` with the GUI's own figure class for `fig` (CvSweepFigure, RatioMapFigure,
/// BestMethodFigure), headless, in the format of each file's extension: (option, bytes) pairs
/// to stage, e.g. ("png", ...); throws InputError naming the path.
std::vector<std::pair<std::string, QByteArray>>
renderSweepFigure(const std::shared_ptr<const GridSnapshot>& snapshot, Figure fig,
                  const std::vector<FigureFile>& files);

} // namespace rl::cli
