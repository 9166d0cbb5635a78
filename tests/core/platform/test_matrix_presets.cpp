// The one list of fixed-matrix presets: the CLI's text form and the explorer's fields build the
// same matrices from the same table, every parameter count is checked against it, and every
// preset's matrix is recognised again with its parameters (what the explorer's preset list
// names after a drill-down or Back).
#include "../input_refusal.h"
#include "platform/matrix_presets.h"

#include <QtTest>

#include <string>

using namespace rl;
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

class TestMatrixPresets : public QObject {
    Q_OBJECT
  private slots:
    void keysAreUnique() {
        QSet<QString> keys;
        for (const MatrixPreset& p : matrixPresets()) {
            const QString key = QString::fromUtf8(p.key.data(), static_cast<int>(p.key.size()));
            QVERIFY2(!keys.contains(key), qPrintable(key));
            keys.insert(key);
            QVERIFY(p.minParameters <= p.maxParameters);
            QVERIFY(!p.summary.empty());
            QVERIFY(presetSyntaxList().find(std::string(p.syntax)) != std::string::npos);
        }
    }

    // The CLI's form and the explorer's fields give the same matrix.
    void textAndFieldsAgree() {
        const int n = 6;
        for (const MatrixPreset& p : matrixPresets()) {
            const std::vector<double> params = sampleParameters(p);
            const FixedCosts fromFields = buildMatrixPreset(p.key, params, n);
            const FixedCosts fromText = parsePreset(cliText(p, params), n);
            QVERIFY2(fromFields == fromText, p.key.data());
            if (p.sized) {
                QCOMPARE(fromFields.n, n);
            }
        }
    }

    // A count the table does not allow is refused by both forms, naming what the preset takes.
    void parameterCountsFollowTheTable() {
        for (const MatrixPreset& p : matrixPresets()) {
            if (p.minParameters > 0) {
                const std::vector<double> tooFew(p.minParameters - 1, 1.0);
                QVERIFY(refusal([&] { buildMatrixPreset(p.key, tooFew, 4); }).contains("takes"));
                QVERIFY(refusal([&] { parsePreset(cliText(p, tooFew), 4); }).contains("expected"));
            }
            if (p.maxParameters != kListParameters) {
                const std::vector<double> tooMany(p.maxParameters + 1, 1.0);
                const QString e = refusal([&] { buildMatrixPreset(p.key, tooMany, 4); });
                QVERIFY2(e.contains("takes"), qPrintable(e));
                if (p.maxParameters > 0) {
                    QVERIFY2(
                        e.contains(QString::fromUtf8(p.parameterNames.data(),
                                                     static_cast<int>(p.parameterNames.size()))),
                        qPrintable(e));
                }
            }
        }
        // worstcase's c is optional in both forms.
        QCOMPARE(buildMatrixPreset("worstcase", {1.0, 4.0}, 5), FixedCosts::worstCase(5, 1, 4, 0));
        QCOMPARE(parsePreset("worstcase:1:4", 5), FixedCosts::worstCase(5, 1, 4, 0));
        QVERIFY(refusal([] { buildMatrixPreset("ring", {}, 4); }).contains("unknown preset"));
    }

    // The figure presets of the explorer are the CLI's too.
    void figurePresetsFromTheCli() {
        QCOMPARE(parsePreset("fig2", 0), FixedCosts::homogeneous(8, 1.0, 1.0));
        QCOMPARE(parsePreset("fig3:1:4", 0), FixedCosts::worstCase(8, 1.0, 4.0, 0.0));
        QCOMPARE(parsePreset("liuwang-fig5", 0), FixedCosts::liuWangFig1());
    }

    // Every preset's matrix is recognised again, with its own parameters among the matches
    // (lists are not matched: a cluster is a custom matrix to the explorer).
    void everyMatrixIsRecognised() {
        for (const MatrixPreset& p : matrixPresets()) {
            if (p.maxParameters == kListParameters) {
                continue;
            }
            // worstcase with its c, so that the guess (d, D, c) reads the same three back.
            const std::vector<double> params = sampleParameters(p);
            const FixedCosts m = buildMatrixPreset(p.key, params, 7);
            bool found = false;
            for (const PresetMatch& match : presetsMaking(m)) {
                QVERIFY2(buildMatrixPreset(match.key, match.params, m.n) == m, match.key.data());
                found = found || (match.key == p.key && match.params == params);
            }
            QVERIFY2(found, p.key.data());
        }
        // An edited cell: no preset makes it.
        FixedCosts edited = FixedCosts::homogeneous(5, 1.0, 0.5);
        edited.d[1] = 2.0;
        QVERIFY(presetsMaking(edited).empty());
    }
};

QTEST_MAIN(TestMatrixPresets)
#include "test_matrix_presets.moc"
