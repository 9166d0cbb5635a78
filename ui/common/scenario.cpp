#include "common/scenario.h"

#include "base/file_io.h"
#include "common/figure_export.h"

#include "algorithms/ep_optimum.h"
#include "algorithms/ep_schedule.h"
#include "algorithms/simulator.h"
#include "base/input_error.h"

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

CostModel Scenario::costModel() const {
    switch (costMode) {
    case CostMode::PerOperation:
        return CostModel::perOperation(transfer, reduction);
    case CostMode::DrawnMatrix:
        return CostModel::drawnMatrix(transfer, reduction);
    case CostMode::FixedMatrix:
        if (!matrix) {
            fail(QStringLiteral("fixed-matrix mode without a matrix"));
        }
        return CostModel::fixedMatrix(*matrix);
    }
    return {};
}

void Scenario::validate() const {
    if (algorithms.empty()) {
        fail(QStringLiteral("select at least one algorithm"));
    }
    if (algorithms.size() > 4) {
        fail(QStringLiteral("compare at most four algorithms"));
    }
    for (AlgorithmId a : algorithms) {
        validateRun(a, n, nonCommutative);
    }
    costModel().validate(n);
    for (AlgorithmId a : algorithms) {
        if (algorithmInfo(a).clairvoyant) {
            const std::string why = senderOnlyViolation(costModel(), n);
            if (!why.empty()) {
                fail(QStringLiteral("%1 is a Liu-Wang clairvoyant baseline: %2")
                         .arg(QString::fromUtf8(
                                  algorithmInfo(a).name.data(),
                                  static_cast<qsizetype>(algorithmInfo(a).name.size())),
                              QString::fromStdString(why)));
            }
        }
        if (a == AlgorithmId::Optimum) {
            const std::uint64_t count = epOptimumSequenceCount(senderTimes(*matrix));
            if (count > kMaxOptimumSequences) {
                fail(QStringLiteral("Optimum: %1 processors need %2 sender orders, more than the "
                                    "exhaustive search's limit of %3 (about 11 processors of "
                                    "distinct times)")
                         .arg(n)
                         .arg(count)
                         .arg(kMaxOptimumSequences));
            }
        }
    }
}

QJsonObject Scenario::toJson() const {
    QJsonArray algos;
    for (AlgorithmId a : algorithms) {
        algos.append(QString::fromStdString(std::string(algorithmInfo(a).key)));
    }
    QJsonObject o{{"format", "reducelab-scenario"},
                  {"version", kVersion},
                  {"n", n},
                  {"algorithms", algos},
                  {"noncommutative", nonCommutative},
                  {"costMode", modeKey(costMode)},
                  {"transfer", QString::fromStdString(transfer.toString())},
                  {"reduction", QString::fromStdString(reduction.toString())},
                  {"seed", QString::number(seed)},
                  {"replicate", QString::number(replicate)}};
    if (matrix) {
        o.insert("matrix", QString::fromStdString(matrix->toCsv()));
    }
    return o;
}

Scenario Scenario::fromJson(const QJsonObject& o) {
    QJsonValue v;
    if (o.value("format").toString() != QLatin1String("reducelab-scenario")) {
        fail(QStringLiteral("not a ReduceLab scenario (no \"format\": \"reducelab-scenario\")"));
    }
    const int version = need(o, "version", QJsonValue::Double, v).toInt();
    if (version > kVersion) {
        fail(QStringLiteral("scenario version %1 is newer than this ReduceLab understands (%2): "
                            "please update ReduceLab")
                 .arg(version)
                 .arg(kVersion));
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
    for (const QJsonValue& a : need(o, "algorithms", QJsonValue::Array, v).toArray()) {
        s.algorithms.push_back(parseAlgorithm(a.toString().toStdString()));
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

Scenario Scenario::load(const QString& path) {
    // Bounded, regular files only: a FIFO or /dev/zero given as a scenario never blocks.
    const std::string text = readInputFile(path.toStdString(), kMaxScenarioBytes);
    QJsonParseError err{};
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray::fromStdString(text), &err);
    if (err.error != QJsonParseError::NoError || !doc.isObject()) {
        fail(QStringLiteral("%1: not valid JSON (%2 at offset %3)")
                 .arg(path, err.errorString())
                 .arg(err.offset));
    }
    try {
        return fromJson(doc.object());
    } catch (const InputError& e) {
        fail(QStringLiteral("%1: %2").arg(path, QString::fromUtf8(e.what())));
    }
}

bool Scenario::save(const QString& path, QString* error) const {
    return writeFileAtomically(path, QJsonDocument(toJson()).toJson(QJsonDocument::Indented),
                               error);
}

} // namespace rl
