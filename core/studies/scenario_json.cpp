#include "studies/scenario_json.h"

#include "studies/json_text.h"

#include "algorithms/simulator.h"
#include "base/file_io.h"
#include "base/input_error.h"
#include "base/text_util.h"
#include "base/version.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cmath>

namespace rl {

namespace {

using nlohmann::json;

const char* modeKey(CostMode m) {
    switch (m) {
    case CostMode::PerOperation:
        return "per-operation";
    case CostMode::FixedMatrix:
        return "fixed-matrix";
    case CostMode::DrawnMatrix:
        return "drawn-matrix";
    }
    return "";
}

constexpr std::string_view kContext = "scenario: ";

[[noreturn]] void fail(const std::string& what) {
    throw InputError(std::string(kContext) + what);
}

const json& need(const json& o, const char* key, JsonTypeTest is) {
    return jsonField(o, key, is, kContext);
}

const std::string& text(const json& o, const char* key) {
    return need(o, key, &json::is_string).get_ref<const std::string&>();
}

/// A non-negative integer written as a string (a seed: JSON numbers hold 53 bits).
std::uint64_t wholeString(const json& o, const char* key) {
    const std::optional<std::uint64_t> v = wholeFromString(need(o, key, &json::is_string));
    if (!v) {
        fail(std::string(key) + " is not a non-negative integer");
    }
    return *v;
}

/// `f()`, its InputError prefixed with the file it reads.
template <class F> auto namingFile(const std::string& path, F&& f) {
    try {
        return f();
    } catch (const InputError& e) {
        throw InputError(path + ": " + e.what());
    }
}

} // namespace

json scenarioToJson(const Scenario& s) {
    json algos = json::array();
    json policies = json::array(); // where each run-time algorithm comes from, for a reader
    for (const Algorithm& a : s.algorithms) {
        algos.push_back(a.key());
        const AlgorithmDescriptor& d = a.descriptor();
        if (!d.policyClass.empty()) {
            json p = {{"algorithm", a.key()}, {"class", d.policyClass}};
            if (!d.policyFile.empty()) {
                p["file"] = d.policyFile;
            }
            policies.push_back(std::move(p));
        }
    }
    json o = {{"format", "reducelab-scenario"},
              {"version", s.arrival ? Scenario::kVersion : Scenario::kVersionWithoutArrival},
              {"n", s.n},
              {"algorithms", algos},
              {"noncommutative", s.nonCommutative},
              {"costMode", modeKey(s.costMode)},
              {"transfer", s.transfer.toString()},
              {"reduction", s.reduction.toString()},
              {"seed", std::to_string(s.seed)},
              {"replicate", std::to_string(s.replicate)}};
    if (s.matrix) {
        o["matrix"] = s.matrix->toCsv();
    }
    if (s.arrival) {
        o["arrival"] = s.arrival->toString();
    }
    if (!policies.empty()) {
        o["policies"] = std::move(policies);
    }
    return o;
}

json scenarioProvenanceJson(const Scenario& s, std::string_view program) {
    json o = scenarioToJson(s);
    o["program"] = program;
    o["programVersion"] = kVersion;
    return o;
}

std::string scenarioFileText(const Scenario& s) {
    return jsonText(scenarioToJson(s));
}

std::string scenarioSidecarPath(std::string_view csvPath) {
    std::string base(csvPath); // the folder kept as written
    // The file name's extension, as the explorer's exports name them (any case: RUN.CSV).
    const std::size_t name = base.find_last_of('/') + 1; // 0 when there is no folder
    const std::size_t dot = base.find_last_of('.');
    if (dot != std::string::npos && dot >= name) {
        std::string ext = base.substr(dot + 1);
        std::transform(ext.begin(), ext.end(), ext.begin(),
                       [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
        if (ext == "csv") {
            base.erase(dot);
        }
    }
    return base + ".scenario.json";
}

std::string scheduleSidecarText(const Scenario& s, std::string_view program, std::size_t algorithm,
                                std::string_view csvFileName, double makespan) {
    json o = scenarioProvenanceJson(s, program);
    o["schedule"] = {{"algorithm", s.algorithms.at(algorithm).key()},
                     {"file", csvFileName},
                     {"makespan", jsonNumber(makespan)}};
    return jsonText(o);
}

Scenario scenarioFromJson(const json& o, const AlgorithmCatalog& catalog) {
    if (!o.is_object()) {
        throw InputError("not a ReduceLab scenario (not a JSON object)");
    }
    const auto format = o.find("format");
    if (format == o.end() || *format != "reducelab-scenario") {
        throw InputError("not a ReduceLab scenario (no \"format\": \"reducelab-scenario\")");
    }
    const double version = need(o, "version", &json::is_number).get<double>();
    if (!(version >= 1.0) || version != std::floor(version)) {
        throw InputError("scenario version " + formatNumber(version) + " is invalid");
    }
    if (version > Scenario::kVersion) {
        throw InputError("scenario version " + formatNumber(version) +
                         " is newer than this ReduceLab understands (" +
                         std::to_string(Scenario::kVersion) + "): please update ReduceLab");
    }
    Scenario s;
    const double n = need(o, "n", &json::is_number).get<double>();
    // Range first: converting a double outside int's range is undefined (found by fuzzing:
    // "n": 1.67e98).
    if (!(n >= 1.0 && n <= static_cast<double>(kMaxProcessors))) {
        fail("n = " + formatNumber(n) + " must be between 1 and " + std::to_string(kMaxProcessors));
    }
    if (n != static_cast<int>(n)) {
        fail("n = " + formatNumber(n) + " is not an integer");
    }
    s.n = static_cast<int>(n);
    s.algorithms.clear();
    for (const json& a : need(o, "algorithms", &json::is_array)) {
        if (!a.is_string()) {
            fail("an algorithm is not a name (a string)");
        }
        s.algorithms.push_back(parseAlgorithm(a.get<std::string>(), catalog));
    }
    s.nonCommutative = need(o, "noncommutative", &json::is_boolean).get<bool>();
    const std::string& mode = text(o, "costMode");
    if (mode == modeKey(CostMode::PerOperation)) {
        s.costMode = CostMode::PerOperation;
    } else if (mode == modeKey(CostMode::FixedMatrix)) {
        s.costMode = CostMode::FixedMatrix;
    } else if (mode == modeKey(CostMode::DrawnMatrix)) {
        s.costMode = CostMode::DrawnMatrix;
    } else {
        fail("unknown cost mode '" + mode + "'");
    }
    s.transfer = parseLaw(text(o, "transfer"), "transfer law");
    s.reduction = parseLaw(text(o, "reduction"), "reduction law");
    s.seed = wholeString(o, "seed");
    s.replicate = wholeString(o, "replicate");
    if (o.contains("matrix")) {
        s.matrix = FixedCosts::parseCsv(text(o, "matrix"), "scenario matrix");
    }
    if (o.contains("arrival")) {
        s.arrival = parseLaw(text(o, "arrival"), "arrival law");
    }
    s.validate();
    return s;
}

Scenario parseScenarioFile(std::string_view text, const AlgorithmCatalog& catalog) {
    return scenarioFromJson(parseJsonObject(text), catalog);
}

std::vector<ScenarioPolicy> scenarioPolicies(const json& o) {
    std::vector<ScenarioPolicy> out;
    if (!o.contains("policies")) {
        return out;
    }
    for (const json& entry : need(o, "policies", &json::is_array)) {
        if (!entry.is_object()) {
            fail("an entry of 'policies' is not an object");
        }
        ScenarioPolicy p;
        p.algorithm = text(entry, "algorithm");
        p.className = text(entry, "class");
        if (entry.contains("file")) {
            p.file = text(entry, "file");
        }
        out.push_back(std::move(p));
    }
    return out;
}

std::string readScenarioFile(const std::string& path) {
    // Bounded, regular files only: a FIFO or /dev/zero given as a scenario never blocks.
    return readInputFile(path, Scenario::kMaxFileBytes);
}

std::vector<ScenarioPolicy> scenarioFilePolicies(const std::string& path, std::string_view text) {
    return namingFile(path, [text] { return scenarioPolicies(parseJsonObject(text)); });
}

Scenario scenarioFromFileText(const std::string& path, std::string_view text,
                              const AlgorithmCatalog& catalog) {
    return namingFile(path, [text, &catalog] { return parseScenarioFile(text, catalog); });
}

Scenario loadScenario(const std::string& path, const AlgorithmCatalog& catalog) {
    return scenarioFromFileText(path, readScenarioFile(path), catalog);
}

void saveScenario(const Scenario& s, const std::string& path) {
    writeFileAtomically(path, scenarioFileText(s));
}

} // namespace rl
