#include "platform/matrix_presets.h"

#include "base/input_error.h"
#include "base/text_util.h"

#include <algorithm>
#include <array>
#include <optional>
#include <string>

namespace rl {

namespace {

constexpr int kFigureN = 8; // the report's Fig. 2 and Fig. 3 have 8 processors

// A sender-only cluster (`senderonly`) is a list of times: the explorer does not list it (the
// Theory tab opens clusters in it, shown as custom matrices), the CLI takes it.
constexpr std::array<MatrixPreset, 9> kPresets{{
    {"homogeneous", 2, 2, "d, c", "homogeneous:D:C", true, true,
     "every transfer costs d, every reduction c"},
    {"worstcase", 2, 3, "d, D, c", "worstcase:d:D[:c]", true, true,
     "the worst case of RR Th. 1 and Th. 4: d[i][j] = d for i < j, D for i > j (c: 0 if absent)"},
    {"liuwang-fig1", 0, 0, "", "liuwang-fig1", false, true,
     "Liu and Wang's Fig. 1 cluster: sender times 10, 5, 5, 5, 4, 2, 2"},
    {"liuwang-fig3", 0, 0, "", "liuwang-fig3", false, true,
     "Liu and Wang's Fig. 3: the Fig. 1 cluster (shown with EP)"},
    {"liuwang-fig5", 0, 0, "", "liuwang-fig5", false, true,
     "Liu and Wang's Fig. 5: the Fig. 1 cluster (shown with SNF)"},
    {"liuwang-fig8", 1, 1, "x", "liuwang-fig8:X", false, true,
     "Liu and Wang's Fig. 8 cluster: 4 processors of time x, 8 of time 1"},
    {"fig2", 0, 0, "", "fig2", false, true, "the report's Fig. 2: 8 processors, d = c = 1"},
    {"fig3", 2, 2, "d, D", "fig3:d:D", false, true,
     "the report's Fig. 3: the worst case with 8 processors and c = 0"},
    {"senderonly", 1, kListParameters, "t0, t1, ...", "senderonly:t0,t1,...", false, false,
     "a Liu-Wang cluster: processor i sends in t_i, no reduction cost"},
}};

const MatrixPreset* findPreset(std::string_view key) {
    const auto it = std::find_if(kPresets.begin(), kPresets.end(),
                                 [&](const MatrixPreset& p) { return p.key == key; });
    return it == kPresets.end() ? nullptr : &*it;
}

std::string countText(const MatrixPreset& p) {
    if (p.maxParameters == 0) {
        return "this preset takes no parameter";
    }
    if (p.maxParameters == kListParameters) {
        return "this preset takes a list of numbers: " + std::string(p.parameterNames);
    }
    const std::string count =
        p.minParameters == p.maxParameters
            ? std::to_string(p.minParameters)
            : std::to_string(p.minParameters) + " or " + std::to_string(p.maxParameters);
    return "this preset takes " + count +
           (p.maxParameters == 1 ? " parameter: " : " parameters: ") +
           std::string(p.parameterNames);
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

// The parameters `key` would need to make `m` (read from its cells), or none when the shape
// cannot be the preset's; makes() then says whether they make it exactly.
std::optional<std::vector<double>> guessParameters(const MatrixPreset& p, const FixedCosts& m) {
    if (m.n < 2 || p.maxParameters == kListParameters) {
        return std::nullopt;
    }
    const double d = m.transfer(0, 1);
    const double bigD = m.transfer(1, 0);
    const double c = m.reduction(0);
    if (p.key == "homogeneous") {
        return std::vector<double>{d, c};
    }
    if (p.key == "worstcase") {
        return std::vector<double>{d, bigD, c};
    }
    if (p.key == "liuwang-fig8") {
        return std::vector<double>{d};
    }
    if (p.key == "fig3") {
        return std::vector<double>{d, bigD};
    }
    return std::vector<double>{};
}

// Whether preset `p` with `params` makes `m`.
bool makes(const MatrixPreset& p, const std::vector<double>& params, const FixedCosts& m) {
    try {
        if (p.sized) {
            // Valid parameters (the preset's own check), then the cells.
            buildMatrixPreset(p.key, params, 2);
            const double bigD = p.key == "homogeneous" ? params[0] : params[1];
            return isWorstCase(m, params[0], bigD, params.back());
        }
        return buildMatrixPreset(p.key, params, m.n) == m;
    } catch (const InputError&) {
        return false; // parameters no preset takes (a negative D read from the cells, ...)
    }
}

} // namespace

std::span<const MatrixPreset> matrixPresets() {
    return kPresets;
}

FixedCosts buildMatrixPreset(std::string_view key, const std::vector<double>& p, int n) {
    const MatrixPreset* preset = findPreset(key);
    if (preset == nullptr) {
        throw InputError("unknown preset '" + std::string(key) + "'");
    }
    if (p.size() < preset->minParameters || p.size() > preset->maxParameters) {
        throw InputError(countText(*preset));
    }
    FixedCosts f;
    if (key == "homogeneous") {
        f = FixedCosts::homogeneous(n, p[0], p[1]);
    } else if (key == "worstcase") {
        f = FixedCosts::worstCase(n, p[0], p[1], p.size() > 2 ? p[2] : 0.0);
    } else if (key == "liuwang-fig8") {
        f = FixedCosts::liuWangFig8(p[0]);
    } else if (key == "fig2") {
        f = FixedCosts::homogeneous(kFigureN, 1.0, 1.0);
    } else if (key == "fig3") {
        f = FixedCosts::worstCase(kFigureN, p[0], p[1], 0.0);
    } else if (key == "senderonly") {
        f = FixedCosts::senderOnly(p);
    } else {
        f = FixedCosts::liuWangFig1(); // liuwang-fig1, and fig3 and fig5 on its cluster
    }
    f.validate();
    return f;
}

FixedCosts parsePreset(std::string_view text, int n) {
    const std::string ctx = "preset '" + std::string(text) + "'";
    const std::size_t colon = text.find(':');
    const std::string_view key = text.substr(0, colon);
    const MatrixPreset* preset = findPreset(key);
    std::vector<double> params;
    if (colon != std::string_view::npos) {
        // A list's numbers are separated by commas; other parameters by colons.
        const char separator =
            preset != nullptr && preset->maxParameters == kListParameters ? ',' : ':';
        for (const std::string& f : splitString(text.substr(colon + 1), separator)) {
            params.push_back(parseNumber(f, ctx));
        }
    }
    if (preset == nullptr || params.size() < preset->minParameters ||
        params.size() > preset->maxParameters) {
        throw InputError(ctx + ": expected " + presetSyntaxList());
    }
    if (preset->sized && n < 1) {
        throw InputError(ctx + ": this preset needs the number of processors (--n N)");
    }
    try {
        return buildMatrixPreset(key, params, n);
    } catch (const InputError& e) {
        throw InputError(ctx + ": " + e.what());
    }
}

std::string presetSyntaxList() {
    std::string out;
    for (std::size_t i = 0; i < kPresets.size(); ++i) {
        out += i == 0 ? "" : (i + 1 == kPresets.size() ? " or " : ", ");
        out += kPresets[i].syntax;
    }
    return out;
}

std::vector<PresetMatch> presetsMaking(const FixedCosts& matrix) {
    std::vector<PresetMatch> out;
    for (const MatrixPreset& preset : kPresets) {
        const auto params = guessParameters(preset, matrix);
        if (params && makes(preset, *params, matrix)) {
            out.push_back({preset.key, *params});
        }
    }
    return out;
}

} // namespace rl
