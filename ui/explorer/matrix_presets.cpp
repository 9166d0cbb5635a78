#include "explorer/matrix_presets.h"

#include "base/input_error.h"

#include <algorithm>

namespace rl {

namespace {

constexpr int kFigureN = 8; // the report's Fig. 2 and Fig. 3 have 8 processors

const std::vector<MatrixPreset>& presetList() {
    static const std::vector<MatrixPreset> list{
        {"homogeneous", 2, "d, c", {}},
        {"worstcase", 3, "d, D, c", {}},
        {"liuwang-fig1", 0, "", {}},
        {"liuwang-fig3", 0, "", {AlgorithmId::Ep}},
        {"liuwang-fig5", 0, "", {AlgorithmId::Snf}},
        {"liuwang-fig8", 1, "x", {AlgorithmId::Snf, AlgorithmId::Optimum}},
        {"fig2", 0, "", {}},
        {"fig3", 2, "d, D", {}},
    };
    return list;
}

// The parameters `key` would need to make `m` (read from its cells), or none when the shape
// cannot be the preset's; buildMatrixPreset() then says whether they make it exactly.
std::optional<std::vector<double>> guessParameters(std::string_view key, const FixedCosts& m) {
    if (m.n < 2) {
        return std::nullopt;
    }
    const double d = m.transfer(0, 1);
    const double bigD = m.transfer(1, 0);
    const double c = m.reduction(0);
    if (key == "homogeneous") {
        return std::vector<double>{d, c};
    }
    if (key == "worstcase") {
        return std::vector<double>{d, bigD, c};
    }
    if (key == "liuwang-fig8") {
        return std::vector<double>{d};
    }
    if (key == "fig3") {
        return std::vector<double>{d, bigD};
    }
    return std::vector<double>{};
}

// Whether `m` is FixedCosts::worstCase(m.n, d, bigD, c), cell by cell: a sized preset's matrix
// can be 128 MiB, too much to build for a comparison.
bool isWorstCase(const FixedCosts& m, double d, double bigD, double c) {
    for (int i = 0; i < m.n; ++i) {
        for (int j = 0; j < m.n; ++j) {
            if (i != j && m.transfer(i, j) != (i < j ? d : bigD)) {
                return false;
            }
        }
        if (m.reduction(i) != c) {
            return false;
        }
    }
    return true;
}

// Whether preset `key` with `params` makes `m`.
bool makes(std::string_view key, const std::vector<double>& params, const FixedCosts& m) {
    try {
        if (key == "homogeneous" || key == "worstcase") {
            // Valid parameters (the preset's own check), then the cells.
            buildMatrixPreset(key, params, 2);
            return isWorstCase(m, params[0], key == "homogeneous" ? params[0] : params[1],
                               params.back());
        }
        return buildMatrixPreset(key, params, m.n) == m;
    } catch (const InputError&) {
        return false; // parameters no preset takes (a negative D read from the cells, ...)
    }
}

} // namespace

std::span<const MatrixPreset> matrixPresets() {
    return presetList();
}

FixedCosts buildMatrixPreset(std::string_view key, const std::vector<double>& p, int n) {
    const auto it = std::find_if(presetList().begin(), presetList().end(),
                                 [&](const MatrixPreset& m) { return m.key == key; });
    if (it == presetList().end()) {
        throw InputError("unknown preset '" + std::string(key) + "'");
    }
    if (p.size() != it->parameters) {
        throw InputError(it->parameters == 0
                             ? std::string("this preset takes no parameter")
                             : "this preset takes " + std::to_string(it->parameters) +
                                   (it->parameters == 1 ? " parameter: " : " parameters: ") +
                                   it->parameterNames);
    }
    FixedCosts f;
    if (key == "homogeneous") {
        f = FixedCosts::homogeneous(n, p[0], p[1]);
    } else if (key == "worstcase") {
        f = FixedCosts::worstCase(n, p[0], p[1], p[2]);
    } else if (key == "liuwang-fig8") {
        f = FixedCosts::liuWangFig8(p[0]);
    } else if (key == "fig2") {
        f = FixedCosts::homogeneous(kFigureN, 1.0, 1.0);
    } else if (key == "fig3") {
        f = FixedCosts::worstCase(kFigureN, p[0], p[1], 0.0);
    } else {
        f = FixedCosts::liuWangFig1(); // liuwang-fig1, and fig3 and fig5 on its cluster
    }
    f.validate();
    return f;
}

std::optional<PresetMatch> matchMatrixPreset(const FixedCosts& matrix,
                                             const std::vector<AlgorithmId>& algorithms,
                                             std::string_view preferred) {
    std::optional<PresetMatch> best;
    int bestScore = -1;
    for (const MatrixPreset& preset : presetList()) {
        const auto params = guessParameters(preset.key, matrix);
        if (!params || !makes(preset.key, *params, matrix)) {
            continue;
        }
        // The preset applied last, then a figure whose algorithms are the ones shown, then
        // the first in the list (the most general: homogeneous before the report's Fig. 2).
        int score = 0;
        if (preset.key == preferred) {
            score = 2;
        } else if (!preset.algorithms.empty() && preset.algorithms == algorithms) {
            score = 1;
        }
        if (score > bestScore) {
            bestScore = score;
            best = PresetMatch{preset.key, *params};
        }
    }
    return best;
}

} // namespace rl
