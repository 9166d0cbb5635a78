#pragma once

#include "platform/fixed_costs.h"

#include <cstddef>
#include <span>
#include <string_view>
#include <vector>

namespace rl {

/// One fixed-matrix preset: the platforms of the report's theorems and figures and Liu and
/// Wang's clusters (docs/model.md §2 and §4). The one list of them: the CLI names a preset as
/// text (parsePreset: `KEY[:P1:P2...]`), the explorer lists them with a field for their
/// parameters, and both build the matrix with buildMatrixPreset().
struct MatrixPreset {
    std::string_view key;
    std::size_t minParameters;
    std::size_t maxParameters;       ///< kListParameters: any number of them (a list)
    std::string_view parameterNames; ///< "d, c": the explorer's field and its messages
    std::string_view syntax;         ///< "homogeneous:D:C": the CLI's form
    bool sized;                      ///< n comes from the caller (else from the preset)
    bool explorer;                   ///< listed by the explorer (a cluster is not: see .cpp)
    std::string_view summary;        ///< one line for help texts and tooltips
};

/// maxParameters of a preset that takes a list.
inline constexpr std::size_t kListParameters = static_cast<std::size_t>(-1);

/// Every preset, in the order the explorer lists them.
std::span<const MatrixPreset> matrixPresets();

/// The matrix of preset `key` with `params`, for `n` processors where the preset is sized.
/// InputError when the key is unknown, the parameters are not the preset's, or the matrix is
/// invalid.
FixedCosts buildMatrixPreset(std::string_view key, const std::vector<double>& params, int n);

/// Parses a preset as the CLI writes it: the key, then its parameters after ':' (a list's
/// numbers separated by ','), e.g. `worstcase:1:4:0.5`, `senderonly:3,1,2`. `n` is required by
/// the sized presets (ignored else).
FixedCosts parsePreset(std::string_view text, int n);

/// Every preset's CLI form, for help texts: "homogeneous:D:C, worstcase:d:D[:c], ...".
std::string presetSyntaxList();

/// A preset and the parameters that make a given matrix.
struct PresetMatch {
    std::string_view key;
    std::vector<double> params;
};
/// Every preset (in list order) that makes `matrix` exactly, with its parameters read from
/// the matrix's cells; none for a custom matrix. Lists (sender-only clusters) are not matched.
std::vector<PresetMatch> presetsMaking(const FixedCosts& matrix);

} // namespace rl
