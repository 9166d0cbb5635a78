#include "explorer/matrix_presets.h"

#include <QCoreApplication>

#include <algorithm>

namespace rl {

namespace {

QString tr(const char* text) {
    return QCoreApplication::translate("MatrixPresets", text);
}

} // namespace

ExplorerPreset explorerPreset(const MatrixPreset& preset) {
    const std::string_view key = preset.key;
    if (key == "homogeneous") {
        return {tr("Homogeneous (d, c)"), tr("every transfer d, every reduction c"), {}};
    }
    if (key == "worstcase") {
        return {tr("Worst case for the static trees and Tree-dyn (d, D, c)"),
                tr("the instance of the report's Theorems 1 and 4 (RR-8315 §4); c is 0 if left "
                   "out"),
                {}};
    }
    if (key == "liuwang-fig1") {
        return {tr("Liu-Wang cluster"), tr("Liu and Wang's Fig. 1"), {}};
    }
    if (key == "liuwang-fig3") {
        return {tr("Liu-Wang cluster: EP"), tr("Liu and Wang's Fig. 3"), {AlgorithmId::Ep}};
    }
    if (key == "liuwang-fig5") {
        return {tr("Liu-Wang cluster: SNF"), tr("Liu and Wang's Fig. 5"), {AlgorithmId::Snf}};
    }
    if (key == "liuwang-fig8") {
        return {tr("SNF against the optimum (x, 1 < x < 2)"),
                tr("Liu and Wang's Fig. 8"),
                {AlgorithmId::Snf, AlgorithmId::Optimum}};
    }
    if (key == "fig2") {
        return {tr("8 processors, c = d = 1"), tr("the report's Fig. 2 (RR-8315)"), {}};
    }
    if (key == "fig3") {
        return {tr("Worst case for Non-Commut-Tree-dyn, 8 processors (d, D)"),
                tr("the report's Fig. 3 (RR-8315)"),
                {}};
    }
    return {QString::fromUtf8(key.data(), static_cast<qsizetype>(key.size())),
            QString::fromUtf8(preset.summary.data(), static_cast<qsizetype>(preset.summary.size())),
            {}};
}

std::optional<PresetMatch> matchMatrixPreset(const FixedCosts& matrix,
                                             const std::vector<Algorithm>& algorithms,
                                             std::string_view preferred) {
    std::optional<PresetMatch> best;
    int bestScore = -1;
    for (PresetMatch& match : presetsMaking(matrix)) {
        const auto presets = matrixPresets();
        const auto preset = std::find_if(presets.begin(), presets.end(),
                                         [&](const MatrixPreset& p) { return p.key == match.key; });
        if (preset == presets.end() || !preset->explorer) {
            continue;
        }
        // The preset applied last, then a figure whose algorithms are the ones shown, then
        // the first in the list (the most general: homogeneous before the report's Fig. 2).
        const std::vector<Algorithm> shows = explorerPreset(*preset).algorithms;
        int score = 0;
        if (match.key == preferred) {
            score = 2;
        } else if (!shows.empty() && shows == algorithms) {
            score = 1;
        }
        if (score > bestScore) {
            bestScore = score;
            best = std::move(match);
        }
    }
    return best;
}

} // namespace rl
