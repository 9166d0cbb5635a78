#pragma once

#include "studies/scenario.h"

#include <QJsonObject>
#include <QString>

namespace rl {

/// A scenario (studies/scenario.h) as versioned JSON, the explorer's file format.
QJsonObject scenarioToJson(const Scenario& s);
/// Throws InputError on a malformed document, a newer version or an invalid scenario.
Scenario scenarioFromJson(const QJsonObject& o);
/// Reads and validates a scenario file (bounded: Scenario::kMaxFileBytes); throws InputError
/// naming the file and the problem.
Scenario loadScenario(const QString& path);
/// Writes atomically; returns false with a message naming the path on failure.
bool saveScenario(const Scenario& s, const QString& path, QString* error);

} // namespace rl
