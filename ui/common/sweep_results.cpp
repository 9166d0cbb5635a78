#include "common/sweep_results.h"

#include "algorithms/algorithm_registry.h"
#include "algorithms/simulator.h"
#include "base/byte_codec.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "base/limits.h"
#include "base/text_util.h"
#include "base/version.h"
#include "studies/sweep_study.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

#include <cmath>
#include <cstdio>

namespace rl {

namespace {

constexpr int kSidecarVersion = 1;
constexpr const char* kFormat = "reducelab-sweep-results";
// The CLI's grids have at most 10,000 values per axis (parseGrid); a sidecar may not ask more.
constexpr qsizetype kMaxAxisValues = 10000;
constexpr qsizetype kMaxListValues = 1024;

[[noreturn]] void fail(const std::string& what) {
    throw InputError("results sidecar: " + what);
}

QJsonValue need(const QJsonObject& o, const char* key, QJsonValue::Type type) {
    const QJsonValue v = o.value(QLatin1String(key));
    if (v.type() != type) {
        fail(std::string("field '") + key + "' is missing or has the wrong type");
    }
    return v;
}

double finite(const QJsonValue& v, const std::string& what) {
    if (!v.isDouble() || !std::isfinite(v.toDouble())) {
        fail(what + " is not a finite number");
    }
    return v.toDouble();
}

/// A whole number in [lo, hi] stored as a JSON number (exact up to 2^53).
std::uint64_t whole(const QJsonValue& v, const std::string& what, double lo, double hi) {
    const double d = finite(v, what);
    if (!(d >= lo && d <= hi) || d != std::floor(d)) {
        fail(what + " must be a whole number between " + formatNumber(lo) + " and " +
             formatNumber(hi));
    }
    return static_cast<std::uint64_t>(d);
}

std::uint64_t wholeString(const QJsonValue& v, const std::string& what) {
    bool ok = false;
    const qulonglong x = v.toString().toULongLong(&ok);
    if (!v.isString() || !ok) {
        fail(what + " is not a non-negative integer (as a string)");
    }
    return x;
}

std::vector<double> numbers(const QJsonObject& o, const char* key, qsizetype maxCount) {
    const QJsonArray a = need(o, key, QJsonValue::Array).toArray();
    if (a.isEmpty() || a.size() > maxCount) {
        fail(std::string("'") + key + "' must hold 1 to " + std::to_string(maxCount) + " values");
    }
    std::vector<double> out;
    for (const auto& v : a) {
        out.push_back(finite(v, std::string("a value of '") + key + "'"));
    }
    return out;
}

QJsonArray toArray(const std::vector<double>& values) {
    QJsonArray a;
    for (double v : values) {
        a.append(v);
    }
    return a;
}

QJsonObject cellJson(const GridCell& c) {
    QJsonArray medians;
    for (std::uint64_t r : c.medianReplicate) {
        medians.append(static_cast<double>(r));
    }
    QJsonObject o{{"medianReplicate", medians},
                  {"ratioReplicate", static_cast<double>(c.ratioReplicate)},
                  {"bestReplicate", static_cast<double>(c.bestReplicate)}};
    if (c.ratio01) {
        o.insert("ratio", QJsonObject{{"ratio", c.ratio01->ratio},
                                      {"stdError", c.ratio01->stdError},
                                      {"low", c.ratio01->low},
                                      {"high", c.ratio01->high},
                                      {"count", static_cast<double>(c.ratio01->count)}});
    }
    if (c.best) {
        o.insert("best", QJsonObject{{"best", c.best->best},
                                     {"runnerUp", c.best->runnerUp},
                                     {"margin", c.best->margin},
                                     {"relativeMargin", c.best->relativeMargin},
                                     {"diffStdError", c.best->diffStdError},
                                     {"tie", c.best->tie}});
    }
    return o;
}

PointAnalysis cellFromJson(const QJsonValue& value, std::size_t algorithms,
                           std::uint64_t replicates) {
    if (!value.isObject()) {
        fail("a cell is not an object");
    }
    const QJsonObject o = value.toObject();
    const double lastReplicate = static_cast<double>(replicates - 1);
    PointAnalysis p;
    const QJsonArray medians = need(o, "medianReplicate", QJsonValue::Array).toArray();
    if (static_cast<std::size_t>(medians.size()) != algorithms) {
        fail("a cell's 'medianReplicate' needs one replicate per algorithm");
    }
    for (const auto& m : medians) {
        p.medianReplicate.push_back(whole(m, "a median replicate", 0, lastReplicate));
    }
    p.ratioReplicate = whole(o.value("ratioReplicate"), "'ratioReplicate'", 0, lastReplicate);
    p.bestReplicate = whole(o.value("bestReplicate"), "'bestReplicate'", 0, lastReplicate);
    if (o.contains("ratio")) {
        const QJsonObject r = need(o, "ratio", QJsonValue::Object).toObject();
        RatioEstimate e;
        e.ratio = finite(r.value("ratio"), "a ratio");
        e.stdError = finite(r.value("stdError"), "a ratio's standard error");
        e.low = finite(r.value("low"), "a ratio's lower bound");
        e.high = finite(r.value("high"), "a ratio's upper bound");
        e.count = whole(r.value("count"), "a ratio's count", static_cast<double>(replicates),
                        static_cast<double>(replicates));
        if (algorithms < 2 || !(e.low <= e.ratio && e.ratio <= e.high) || e.stdError < 0.0) {
            fail("a cell's ratio is inconsistent");
        }
        p.ratio01 = e;
    }
    if (o.contains("best")) {
        const QJsonObject b = need(o, "best", QJsonValue::Object).toObject();
        BestMethod m;
        const double top = static_cast<double>(algorithms) - 1.0;
        m.best = static_cast<int>(whole(b.value("best"), "a best method", 0, top));
        const double runnerUp = finite(b.value("runnerUp"), "a runner-up");
        if (!(runnerUp >= -1.0 && runnerUp <= top) || runnerUp != std::floor(runnerUp) ||
            runnerUp == m.best) {
            fail("a runner-up must be -1 or another algorithm's index");
        }
        m.runnerUp = static_cast<int>(runnerUp);
        m.margin = finite(b.value("margin"), "a margin");
        m.relativeMargin = finite(b.value("relativeMargin"), "a relative margin");
        m.diffStdError = finite(b.value("diffStdError"), "a difference's standard error");
        m.tie = need(b, "tie", QJsonValue::Bool).toBool();
        p.best = m;
    }
    return p;
}

} // namespace

std::string sweepSidecarPath(std::string_view csvPath) {
    return std::string(csvPath) + ".json";
}

std::string sweepCsvFingerprint(std::string_view csv) {
    char text[17];
    std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(fnv1a64(csv)));
    return text;
}

std::optional<std::string> sweepSidecarFor(const std::string& csvPath) {
    if (!outputIsRegularFile(csvPath)) {
        return std::nullopt;
    }
    return sweepSidecarPath(csvPath);
}

void saveSweepResults(const GridSnapshot& snapshot, Figure fig, const std::string& csvPath) {
    OutputSet out;
    out.declare("", csvPath);
    const std::optional<std::string> sidecar = sweepSidecarFor(csvPath);
    if (sidecar) {
        out.declare("", *sidecar);
    }
    out.stage(csvPath, snapshot.csv());
    if (sidecar) {
        out.stage(*sidecar, sweepSidecar(snapshot, fig));
    }
    out.commit();
}

std::string sweepSidecar(const GridSnapshot& snapshot, Figure fig) {
    const SweepSpec& s = snapshot.spec;
    QJsonArray algos;
    for (const Algorithm& a : s.algorithms) {
        algos.append(QString::fromStdString(a.key()));
    }
    QJsonObject o{{"format", kFormat},
                  {"version", kSidecarVersion},
                  {"program", QStringLiteral("ReduceLab %1").arg(QLatin1String(kVersion))},
                  {"figure", QString::fromStdString(std::string(figureKey(fig)))},
                  {"n", s.n},
                  {"noncommutative", s.nonCommutative},
                  {"family", QString::fromStdString(std::string(sweepFamilyKey(s.family)))},
                  {"transferMean", s.transferMean},
                  {"cvs", toArray(s.cvs)},
                  {"ratios", toArray(s.ratios)},
                  {"algorithms", algos},
                  {"replicates", QString::number(snapshot.replicates)},
                  {"seed", QString::number(s.seed)},
                  {"quantiles", toArray(s.quantiles)},
                  {"csvFingerprint", QString::fromStdString(sweepCsvFingerprint(snapshot.csv()))}};
    // Only complete analyses are written: a cell without one cannot be drilled into.
    bool analysed = !snapshot.cells.empty();
    for (const GridCell& c : snapshot.cells) {
        analysed = analysed && c.medianReplicate.size() == s.algorithms.size();
    }
    if (analysed) {
        QJsonArray cells;
        for (const GridCell& c : snapshot.cells) {
            cells.append(cellJson(c));
        }
        o.insert("cells", cells);
    }
    return QJsonDocument(o).toJson(QJsonDocument::Indented).toStdString();
}

SweepResults parseSweepResults(std::string_view csv, std::string_view sidecar,
                               const AlgorithmCatalog& catalog) {
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray(sidecar.data(), static_cast<qsizetype>(sidecar.size())), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        fail("not valid JSON (" + err.errorString().toStdString() + " at offset " +
             std::to_string(err.offset) + ")");
    }
    const QJsonObject o = doc.object();
    if (o.value("format").toString() != QLatin1String(kFormat)) {
        fail(std::string("not ReduceLab sweep results (no \"format\": \"") + kFormat + "\")");
    }
    const auto version = whole(o.value("version"), "'version'", 1, 1e9);
    if (version > static_cast<std::uint64_t>(kSidecarVersion)) {
        fail("version " + std::to_string(version) + " is newer than this ReduceLab reads (" +
             std::to_string(kSidecarVersion) + "): please update ReduceLab");
    }
    SweepResults r;
    r.figure = parseFigure(need(o, "figure", QJsonValue::String).toString().toStdString());
    SweepSpec s;
    s.n = static_cast<int>(whole(o.value("n"), "'n'", 1, kMaxProcessors));
    s.nonCommutative = need(o, "noncommutative", QJsonValue::Bool).toBool();
    s.family = parseSweepFamily(need(o, "family", QJsonValue::String).toString().toStdString());
    s.transferMean = finite(o.value("transferMean"), "'transferMean'");
    s.cvs = numbers(o, "cvs", kMaxAxisValues);
    s.ratios = numbers(o, "ratios", kMaxAxisValues);
    const QJsonArray algos = need(o, "algorithms", QJsonValue::Array).toArray();
    if (algos.isEmpty() || algos.size() > kMaxListValues) {
        fail("'algorithms' must name 1 to " + std::to_string(kMaxListValues) + " algorithms");
    }
    s.algorithms.clear();
    for (const auto& a : algos) {
        s.algorithms.push_back(parseAlgorithm(a.toString().toStdString(), catalog));
    }
    s.replicates = wholeString(o.value("replicates"), "'replicates'");
    s.seed = wholeString(o.value("seed"), "'seed'");
    s.quantiles = numbers(o, "quantiles", kMaxListValues);
    if (s.replicates < 1) {
        fail("'replicates' must be at least 1");
    }
    s.validate();
    if (need(o, "csvFingerprint", QJsonValue::String).toString().toStdString() !=
        sweepCsvFingerprint(csv)) {
        throw InputError("the CSV differs from the one its sidecar describes (edited after the "
                         "sweep, or another sweep's sidecar)");
    }
    GridSnapshot snap;
    try {
        snap = snapshotFromCsv(s, csv);
    } catch (const InputError& e) {
        throw InputError(std::string("results CSV: ") + e.what());
    }
    if (snap.replicates != s.replicates) {
        fail("the CSV has " + std::to_string(snap.replicates) + " replicates per point, not " +
             std::to_string(s.replicates));
    }
    if (SweepStudy{r.figure, s}.needsPairs() && !o.contains("cells")) {
        fail("a " + std::string(figureKey(r.figure)) +
             " file needs 'cells', the paired analyses the map draws");
    }
    if (o.contains("cells")) {
        const QJsonArray cells = need(o, "cells", QJsonValue::Array).toArray();
        if (static_cast<std::size_t>(cells.size()) != snap.cells.size()) {
            fail("'cells' must hold one analysis per grid point (" +
                 std::to_string(snap.cells.size()) + ")");
        }
        for (std::size_t k = 0; k < snap.cells.size(); ++k) {
            applyAnalysis(snap.cells[k], cellFromJson(cells[static_cast<qsizetype>(k)],
                                                      s.algorithms.size(), s.replicates));
        }
    }
    r.snapshot = std::make_shared<const GridSnapshot>(withReference(std::move(snap)));
    return r;
}

SweepResults loadSweepResults(const QString& csvPath, const AlgorithmCatalog& catalog) {
    const std::string path = csvPath.toStdString();
    const std::string sidecarPath = sweepSidecarPath(path);
    // The CSV first: a missing or special file is named as such before its sidecar.
    const std::string csv = readInputFile(path, kMaxSweepResultsBytes);
    if (!QFileInfo::exists(QString::fromStdString(sidecarPath))) {
        throw InputError(rl::quoted(path) + ": no sidecar " + rl::quoted(sidecarPath) +
                         " beside it (sweep --out and Export data… write both)");
    }
    const std::string sidecar = readInputFile(sidecarPath, kMaxSweepResultsBytes);
    try {
        return parseSweepResults(csv, sidecar, catalog);
    } catch (const InputError& e) {
        throw InputError(rl::quoted(path) + ": " + e.what());
    }
}

} // namespace rl
