#pragma once

#include "experiment/progressive_sweep.h"

#include <QByteArray>

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace rl::cli {

/// The figure files asked for on a `sweep` command line.
struct SweepFigureFiles {
    std::optional<std::string> png;
    std::optional<std::string> svg;
    std::optional<std::string> pdf;
    bool any() const { return png || svg || pdf; }
};

/// Checks, before any computation, that each path has its format's extension and that its
/// directory exists; throws InputError naming the option and the path.
void checkFigureFiles(const SweepFigureFiles& files);

/// Draws `snapshot` with the GUI's own figure class for `fig` (CvSweepFigure, RatioMapFigure,
/// BestMethodFigure), headless, in every format asked for: (option, bytes) pairs to stage,
/// e.g. ("png", ...); throws InputError naming the path.
std::vector<std::pair<std::string, QByteArray>>
renderSweepFigure(const std::shared_ptr<const GridSnapshot>& snapshot, Figure fig,
                  const SweepFigureFiles& files);

} // namespace rl::cli
