#pragma once

#include "studies/scenario.h"

#include <QJsonObject>
#include <QString>

#include <vector>

namespace rl {

/// A scenario (studies/scenario.h) as versioned JSON, the explorer's file format.
QJsonObject scenarioToJson(const Scenario& s);
/// scenarioToJson() with the program that made a result from it and its version ("program":
/// "reducelab-cli", "programVersion": "0.3.0"): the record kept with a result, which
/// scenarioFromJson() reads back as the scenario (it ignores fields it does not know).
QJsonObject scenarioProvenanceJson(const Scenario& s, const QString& program);
/// The scenario file written beside a schedule CSV: "run.csv" -> "run.scenario.json" (File →
/// Open scenario reopens it).
QString scenarioSidecarPath(const QString& csvPath);
/// Throws InputError on a malformed document, a newer version or an invalid scenario.
/// Algorithms are named by their keys, resolved in `catalog`.
Scenario scenarioFromJson(const QJsonObject& o, const AlgorithmCatalog& catalog);
/// Reads and validates a scenario file (bounded: Scenario::kMaxFileBytes); throws InputError
/// naming the file and the problem.
Scenario loadScenario(const QString& path, const AlgorithmCatalog& catalog);
/// A run-time algorithm a scenario file names, with where it comes from ("policies": the
/// same field reducelab.Schedule.save and reducelab-cli write).
struct ScenarioPolicy {
    QString algorithm; ///< its key, as in "algorithms"
    QString className; ///< the policy's class in the file
    QString file;      ///< the policy file (absolute); empty when defined in no file
};
/// The policies `o` names (none for a scenario of built-ins only); throws InputError when the
/// field is malformed. Reading them runs nothing: a policy is code, and whoever reads a file
/// asks before loading what it names (MainWindow::openScenario).
std::vector<ScenarioPolicy> scenarioPolicies(const QJsonObject& o);
/// The JSON object of a scenario file, unchecked beyond being a JSON object (bounded:
/// Scenario::kMaxFileBytes); throws InputError naming the file and the problem.
QJsonObject readScenarioFile(const QString& path);
/// scenarioFromJson() of readScenarioFile(), its errors naming the file.
Scenario scenarioFromFileJson(const QString& path, const QJsonObject& o,
                              const AlgorithmCatalog& catalog);
/// Writes atomically; returns false with a message naming the path on failure.
bool saveScenario(const Scenario& s, const QString& path, QString* error);

} // namespace rl
