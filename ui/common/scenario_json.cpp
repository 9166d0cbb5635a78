#include "common/scenario_json.h"

#include "base/file_io.h"
#include "common/figure_export.h"

#include "algorithms/simulator.h"
#include "base/input_error.h"
#include "base/version.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>

namespace rl {

namespace {

QString modeKey(CostMode m) {
    switch (m) {
    case CostMode::PerOperation:
        return QStringLiteral("per-operation");
    case CostMode::FixedMatrix:
        return QStringLiteral("fixed-matrix");
    case CostMode::DrawnMatrix:
        return QStringLiteral("drawn-matrix");
    }
    return {};
}

[[noreturn]] void fail(const QString& what) {
    throw InputError(what.toStdString());
}

const QJsonValue& need(const QJsonObject& o, const QString& key, QJsonValue::Type type,
                       QJsonValue& storage) {
    storage = o.value(key);
    if (storage.type() != type) {
        fail(QStringLiteral("scenario: field '%1' is missing or has the wrong type").arg(key));
    }
    return storage;
}

} // namespace

QJsonObject scenarioProvenanceJson(const Scenario& s, const QString& program) {
    QJsonObject o = scenarioToJson(s);
    o.insert("program", program);
    o.insert("programVersion", QString::fromLatin1(kVersion));
    return o;
}

QString scenarioSidecarPath(const QString& csvPath) {
    QString base = csvPath; // the folder kept as written
    if (QFileInfo(csvPath).suffix().compare(QLatin1String("csv"), Qt::CaseInsensitive) == 0) {
        base.chop(4);
    }
    return base + QStringLiteral(".scenario.json");
}

QJsonObject scenarioToJson(const Scenario& s) {
    QJsonArray algos;
    QJsonArray policies; // where each run-time algorithm comes from, for a reader to offer it
    for (const Algorithm& a : s.algorithms) {
        algos.append(QString::fromStdString(a.key()));
        const AlgorithmDescriptor& d = a.descriptor();
        if (!d.policyClass.empty()) {
            QJsonObject p{{"algorithm", QString::fromStdString(a.key())},
                          {"class", QString::fromStdString(d.policyClass)}};
            if (!d.policyFile.empty()) {
                p.insert("file", QString::fromStdString(d.policyFile));
            }
            policies.append(p);
        }
    }
    QJsonObject o{{"format", "reducelab-scenario"},
                  {"version", Scenario::kVersion},
                  {"n", s.n},
                  {"algorithms", algos},
                  {"noncommutative", s.nonCommutative},
                  {"costMode", modeKey(s.costMode)},
                  {"transfer", QString::fromStdString(s.transfer.toString())},
                  {"reduction", QString::fromStdString(s.reduction.toString())},
                  {"seed", QString::number(s.seed)},
                  {"replicate", QString::number(s.replicate)}};
    if (s.matrix) {
        o.insert("matrix", QString::fromStdString(s.matrix->toCsv()));
    }
    if (!policies.isEmpty()) {
        o.insert("policies", policies);
    }
    return o;
}

std::vector<ScenarioPolicy> scenarioPolicies(const QJsonObject& o) {
    std::vector<ScenarioPolicy> out;
    if (!o.contains("policies")) {
        return out;
    }
    QJsonValue v;
    for (const auto& entry : need(o, "policies", QJsonValue::Array, v).toArray()) {
        if (!entry.isObject()) {
            fail(QStringLiteral("scenario: an entry of 'policies' is not an object"));
        }
        const QJsonObject p = entry.toObject();
        QJsonValue w;
        ScenarioPolicy policy;
        policy.algorithm = need(p, "algorithm", QJsonValue::String, w).toString();
        policy.className = need(p, "class", QJsonValue::String, w).toString();
        if (p.contains("file")) {
            policy.file = need(p, "file", QJsonValue::String, w).toString();
        }
        out.push_back(policy);
    }
    return out;
}

Scenario scenarioFromJson(const QJsonObject& o, const AlgorithmCatalog& catalog) {
    QJsonValue v;
    if (o.value("format").toString() != QLatin1String("reducelab-scenario")) {
        fail(QStringLiteral("not a ReduceLab scenario (no \"format\": \"reducelab-scenario\")"));
    }
    const int version = need(o, "version", QJsonValue::Double, v).toInt();
    if (version > Scenario::kVersion) {
        fail(QStringLiteral("scenario version %1 is newer than this ReduceLab understands (%2): "
                            "please update ReduceLab")
                 .arg(version)
                 .arg(Scenario::kVersion));
    }
    if (version < 1) {
        fail(QStringLiteral("scenario version %1 is invalid").arg(version));
    }
    Scenario s;
    const double n = need(o, "n", QJsonValue::Double, v).toDouble();
    // Range first: converting a double outside int's range is undefined (found by fuzzing:
    // "n": 1.67e98).
    if (!(n >= 1.0 && n <= static_cast<double>(kMaxProcessors))) {
        fail(
            QStringLiteral("scenario: n = %1 must be between 1 and %2").arg(n).arg(kMaxProcessors));
    }
    if (n != static_cast<int>(n)) {
        fail(QStringLiteral("scenario: n = %1 is not an integer").arg(n));
    }
    s.n = static_cast<int>(n);
    s.algorithms.clear();
    for (const auto& a : need(o, "algorithms", QJsonValue::Array, v).toArray()) {
        s.algorithms.push_back(parseAlgorithm(a.toString().toStdString(), catalog));
    }
    s.nonCommutative = need(o, "noncommutative", QJsonValue::Bool, v).toBool();
    const QString mode = need(o, "costMode", QJsonValue::String, v).toString();
    if (mode == modeKey(CostMode::PerOperation)) {
        s.costMode = CostMode::PerOperation;
    } else if (mode == modeKey(CostMode::FixedMatrix)) {
        s.costMode = CostMode::FixedMatrix;
    } else if (mode == modeKey(CostMode::DrawnMatrix)) {
        s.costMode = CostMode::DrawnMatrix;
    } else {
        fail(QStringLiteral("scenario: unknown cost mode '%1'").arg(mode));
    }
    s.transfer = parseLaw(need(o, "transfer", QJsonValue::String, v).toString().toStdString(),
                          "transfer law");
    s.reduction = parseLaw(need(o, "reduction", QJsonValue::String, v).toString().toStdString(),
                           "reduction law");
    bool ok = false;
    s.seed = need(o, "seed", QJsonValue::String, v).toString().toULongLong(&ok);
    if (!ok) {
        fail(QStringLiteral("scenario: seed is not a non-negative integer"));
    }
    s.replicate = need(o, "replicate", QJsonValue::String, v).toString().toULongLong(&ok);
    if (!ok) {
        fail(QStringLiteral("scenario: replicate is not a non-negative integer"));
    }
    if (o.contains("matrix")) {
        s.matrix = FixedCosts::parseCsv(
            need(o, "matrix", QJsonValue::String, v).toString().toStdString(), "scenario matrix");
    }
    s.validate();
    return s;
}

QJsonObject readScenarioFile(const QString& path) {
    // Bounded, regular files only: a FIFO or /dev/zero given as a scenario never blocks.
    const std::string text = readInputFile(path.toStdString(), Scenario::kMaxFileBytes);
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        fail(QStringLiteral("%1: not valid JSON (%2 at offset %3)")
                 .arg(path, err.errorString())
                 .arg(err.offset));
    }
    return doc.object();
}

Scenario scenarioFromFileJson(const QString& path, const QJsonObject& o,
                              const AlgorithmCatalog& catalog) {
    try {
        return scenarioFromJson(o, catalog);
    } catch (const InputError& e) {
        fail(QStringLiteral("%1: %2").arg(path, QString::fromUtf8(e.what())));
    }
}

Scenario loadScenario(const QString& path, const AlgorithmCatalog& catalog) {
    return scenarioFromFileJson(path, readScenarioFile(path), catalog);
}

bool saveScenario(const Scenario& s, const QString& path, QString* error) {
    return writeFileAtomically(
        path, QJsonDocument(scenarioToJson(s)).toJson(QJsonDocument::Indented), error);
}

} // namespace rl
