#pragma once

#include "studies/scenario.h"

#include <nlohmann/json_fwd.hpp>

#include <string>
#include <string_view>
#include <vector>

namespace rl {

/// A scenario (studies/scenario.h) as versioned JSON ("format": "reducelab-scenario", "version":
/// Scenario::kVersion): the explorer's file format and `reducelab-cli run --scenario`'s input.
/// Seeds and replicates are strings (JSON numbers hold 53 bits), a fixed matrix is its CSV. A
/// run-time algorithm is named by its key and recorded in "policies" (ScenarioPolicy).
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

/// A run-time algorithm a scenario names, with where it comes from: an entry of the file's
/// "policies" ({"algorithm", "class", "file"}: what the explorer, reducelab-cli and
/// reducelab.Schedule.save write), from which a program can offer to load it.
struct ScenarioPolicy {
    std::string algorithm; ///< its key, as in "algorithms"
    std::string className; ///< the policy's class in the file
    std::string file;      ///< the policy file (absolute); empty when defined in no file

    friend bool operator==(const ScenarioPolicy&, const ScenarioPolicy&) = default;
};

/// The policies the scenario object `o` names (none for a scenario of built-ins only); throws
/// InputError when the field is malformed. Reading them runs nothing: a policy is code, and
/// whoever reads a file asks before loading what it names (the explorer's File → Open).
std::vector<ScenarioPolicy> scenarioPolicies(const nlohmann::json& o);

/// The text of a scenario file (bounded: Scenario::kMaxFileBytes; regular files only), unread
/// beyond that; throws InputError naming the file.
std::string readScenarioFile(const std::string& path);

/// The policies of a scenario file's text (scenarioPolicies()); throws InputError naming `path`
/// (not a JSON object, or a malformed "policies").
std::vector<ScenarioPolicy> scenarioFilePolicies(const std::string& path, std::string_view text);

/// The scenario of a file's text (parseScenarioFile()), its errors naming `path`.
Scenario scenarioFromFileText(const std::string& path, std::string_view text,
                              const AlgorithmCatalog& catalog);

/// Writes a scenario file atomically; throws InputError (a path refused) or OutputError naming
/// the path.
void saveScenario(const Scenario& s, const std::string& path);

} // namespace rl
