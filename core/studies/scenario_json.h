#pragma once

#include "studies/scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>

namespace rl {

/// A scenario (studies/scenario.h) as versioned JSON ("format": "reducelab-scenario", "version":
/// Scenario::kVersion): the explorer's file format and `reducelab-cli run --scenario`'s input.
/// Seeds and replicates are strings (JSON numbers hold 53 bits), a fixed matrix is its CSV.
nlohmann::json scenarioToJson(const Scenario& s);

/// scenarioToJson() with the program that made a result from it and its version ("program":
/// "reducelab-cli", "programVersion": "0.3.0"): the record kept with a result (`run --format
/// json`'s "scenario", the explorer's run.scenario.json), which scenarioFromJson() reads back
/// as the scenario (it ignores fields it does not know).
nlohmann::json scenarioProvenanceJson(const Scenario& s, std::string_view program);

/// The text of a scenario file: what File → Save scenario writes and a web page offers.
std::string scenarioFileText(const Scenario& s);

/// The scenario file written beside a schedule CSV: "run.csv" -> "run.scenario.json" (File →
/// Open scenario reopens it); another extension is kept ("run.txt.scenario.json").
std::string scenarioSidecarPath(std::string_view csvPath);

/// The text of the scenario file beside a schedule CSV (scenarioSidecarPath()): the scenario
/// with its provenance (scenarioProvenanceJson()) and "schedule", which of its schedules the
/// CSV holds: the algorithm of pane `algorithm` (its key), the CSV's file name and the
/// makespan.
std::string scheduleSidecarText(const Scenario& s, std::string_view program, std::size_t algorithm,
                                std::string_view csvFileName, double makespan);

/// Throws InputError on a malformed document, a newer version or an invalid scenario.
/// Algorithms are named by their keys, resolved in `catalog`.
Scenario scenarioFromJson(const nlohmann::json& o, const AlgorithmCatalog& catalog);

/// The scenario of a file's text; throws InputError (not JSON, or as scenarioFromJson()).
Scenario parseScenarioFile(std::string_view text, const AlgorithmCatalog& catalog);

/// Reads and validates a scenario file (bounded: Scenario::kMaxFileBytes; regular files only);
/// throws InputError naming the file and the problem.
Scenario loadScenario(const std::string& path, const AlgorithmCatalog& catalog);

/// Writes a scenario file atomically; throws InputError (a path refused) or OutputError naming
/// the path.
void saveScenario(const Scenario& s, const std::string& path);

} // namespace rl
