// The one list of fixed-matrix presets: the CLI's text form and the explorer's fields build the
// same matrices from the same table, every parameter count is checked against it, and every
// preset's matrix is recognised again with its parameters (what the explorer's preset list
// names after a drill-down or Back).
#include "../input_refusal.h"
#include "platform/matrix_presets.h"

#include "../../test_support.h"

#include <set>
#include <string>

using namespace rl;
using rl::test::contains;
using rl::test::refusal;

namespace {

// Parameters each preset is tried with (a list preset: three times).
std::vector<double> sampleParameters(const MatrixPreset& p) {
    const std::vector<double> values{1.5, 3.0, 0.5};
    const std::size_t count = p.maxParameters == kListParameters ? 3 : p.maxParameters;
    return {values.begin(), values.begin() + static_cast<std::ptrdiff_t>(count)};
}

std::string cliText(const MatrixPreset& p, const std::vector<double>& params) {
    std::string text(p.key);
    const char separator = p.maxParameters == kListParameters ? ',' : ':';
    for (std::size_t i = 0; i < params.size(); ++i) {
        text += i == 0 ? ':' : separator;
        text += std::to_string(params[i]);
    }
    return text;
}

} // namespace

TEST(MatrixPresets, KeysAreUnique) {
    std::set<std::string> keys;
    for (const MatrixPreset& p : matrixPresets()) {
        const std::string key(p.key);
        ASSERT_TRUE(!keys.contains(key)) << key;
        keys.insert(key);
        ASSERT_TRUE(p.minParameters <= p.maxParameters);
        ASSERT_TRUE(!p.summary.empty());
        ASSERT_TRUE(presetSyntaxList().find(std::string(p.syntax)) != std::string::npos);
    }
}

// The CLI's form and the explorer's fields give the same matrix.
TEST(MatrixPresets, TextAndFieldsAgree) {
    const int n = 6;
    for (const MatrixPreset& p : matrixPresets()) {
        const std::vector<double> params = sampleParameters(p);
        const FixedCosts fromFields = buildMatrixPreset(p.key, params, n);
        const FixedCosts fromText = parsePreset(cliText(p, params), n);
        ASSERT_TRUE(fromFields == fromText) << p.key.data();
        if (p.sized) {
            ASSERT_EQ(fromFields.n, n);
        }
    }
}

// A count the table does not allow is refused by both forms, naming what the preset takes.
TEST(MatrixPresets, ParameterCountsFollowTheTable) {
    for (const MatrixPreset& p : matrixPresets()) {
        if (p.minParameters > 0) {
            const std::vector<double> tooFew(p.minParameters - 1, 1.0);
            ASSERT_TRUE(contains(refusal([&] { buildMatrixPreset(p.key, tooFew, 4); }), "takes"));
            ASSERT_TRUE(contains(refusal([&] { parsePreset(cliText(p, tooFew), 4); }), "expected"));
        }
        if (p.maxParameters != kListParameters) {
            const std::vector<double> tooMany(p.maxParameters + 1, 1.0);
            const std::string e = refusal([&] { buildMatrixPreset(p.key, tooMany, 4); });
            ASSERT_TRUE(contains(e, "takes")) << e;
            if (p.maxParameters > 0) {
                ASSERT_TRUE(contains(e, p.parameterNames)) << e;
            }
        }
    }
    // worstcase's c is optional in both forms.
    ASSERT_EQ(buildMatrixPreset("worstcase", {1.0, 4.0}, 5), FixedCosts::worstCase(5, 1, 4, 0));
    ASSERT_EQ(parsePreset("worstcase:1:4", 5), FixedCosts::worstCase(5, 1, 4, 0));
    ASSERT_TRUE(contains(refusal([] { buildMatrixPreset("ring", {}, 4); }), "unknown preset"));
}

// The figure presets of the explorer are the CLI's too.
TEST(MatrixPresets, FigurePresetsFromTheCli) {
    ASSERT_EQ(parsePreset("fig2", 0), FixedCosts::homogeneous(8, 1.0, 1.0));
    ASSERT_EQ(parsePreset("fig3:1:4", 0), FixedCosts::worstCase(8, 1.0, 4.0, 0.0));
    ASSERT_EQ(parsePreset("liuwang-fig5", 0), FixedCosts::liuWangFig1());
}

// Every preset's matrix is recognised again, with its own parameters among the matches
// (lists are not matched: a cluster is a custom matrix to the explorer).
TEST(MatrixPresets, EveryMatrixIsRecognised) {
    for (const MatrixPreset& p : matrixPresets()) {
        if (p.maxParameters == kListParameters) {
            continue;
        }
        // worstcase with its c, so that the guess (d, D, c) reads the same three back.
        const std::vector<double> params = sampleParameters(p);
        const FixedCosts m = buildMatrixPreset(p.key, params, 7);
        bool found = false;
        for (const PresetMatch& match : presetsMaking(m)) {
            ASSERT_TRUE(buildMatrixPreset(match.key, match.params, m.n) == m) << match.key.data();
            found = found || (match.key == p.key && match.params == params);
        }
        ASSERT_TRUE(found) << p.key.data();
    }
    // An edited cell: no preset makes it.
    FixedCosts edited = FixedCosts::homogeneous(5, 1.0, 0.5);
    edited.d[1] = 2.0;
    ASSERT_TRUE(presetsMaking(edited).empty());
}
