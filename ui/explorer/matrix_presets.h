#pragma once

#include "algorithms/algorithm_registry.h"
#include "platform/matrix_presets.h"

#include <QString>

#include <optional>
#include <string_view>
#include <vector>

namespace rl {

/// How the explorer shows a preset of the core's list (platform/matrix_presets.h, the one list
/// of presets and their parameters): its name in plain words, where it comes from (tooltip),
/// and the algorithms a figure preset selects (empty: the settings' own). A preset the
/// explorer has no words for is shown by its key and its summary.
struct ExplorerPreset {
    QString text;
    QString source;
    std::vector<Algorithm> algorithms;
};
ExplorerPreset explorerPreset(const MatrixPreset& preset);

/// Which of the explorer's presets made `matrix` and with which parameters: what the preset
/// list names after a scenario is opened, drilled into or restored by Back. `algorithms` tells
/// the figure presets that share a matrix apart; `preferred` (the preset applied last) wins a
/// tie. None: a custom matrix (a CSV file, edited cells, a cluster of the Theory tab).
std::optional<PresetMatch> matchMatrixPreset(const FixedCosts& matrix,
                                             const std::vector<Algorithm>& algorithms,
                                             std::string_view preferred = {});

} // namespace rl
