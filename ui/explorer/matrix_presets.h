#pragma once

#include "algorithms/algorithm_registry.h"
#include "platform/fixed_costs.h"

#include <optional>
#include <span>
#include <string_view>
#include <vector>

namespace rl {

/// One of the explorer's fixed-matrix presets: the platforms of the papers' figures.
struct MatrixPreset {
    std::string_view key;
    std::size_t parameters;     ///< how many numbers it takes (n comes from the settings)
    const char* parameterNames; ///< "d, c" (for the message of a wrong count)
    /// The algorithms a figure preset shows (empty: the settings' own).
    std::vector<AlgorithmId> algorithms;
};

/// The explorer's presets, in the order of its preset list.
std::span<const MatrixPreset> matrixPresets();

/// The matrix of preset `key` with `params`, for n processors where the preset is sized;
/// InputError when the parameters are not the preset's or the matrix is invalid.
FixedCosts buildMatrixPreset(std::string_view key, const std::vector<double>& params, int n);

/// Which preset made `matrix` and with which parameters: what the preset list names after a
/// scenario is opened, drilled into or restored by Back. `algorithms` tells the figure presets
/// that share a matrix apart; `preferred` (the preset applied last) wins a tie. None: a custom
/// matrix (a CSV file, edited cells, a cluster of the Theory tab).
struct PresetMatch {
    std::string_view key;
    std::vector<double> params;
};
std::optional<PresetMatch> matchMatrixPreset(const FixedCosts& matrix,
                                             const std::vector<AlgorithmId>& algorithms,
                                             std::string_view preferred = {});

} // namespace rl
