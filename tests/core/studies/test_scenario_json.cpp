// Scenario files (studies/scenario_json.h): the files the previous version wrote are read and
// written again byte for byte, the scenario of a run's JSON is read back, every scenario
// survives a save and a load, and every malformed file is refused with the problem named.
#include "../../test_support.h"
#include "../input_refusal.h"

#include "studies/json_text.h"
#include "studies/scenario_json.h"

#include "base/file_io.h"
#include "base/input_error.h"
#include "base/version.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <limits>
#include <memory>
#include <string>

using namespace rl;
using nlohmann::json;
using rl::test::readFile;
using rl::test::refusal;
using rl::test::TempDir;

namespace {

const std::string kPrevious = std::string(REDUCELAB_TEST_DATA) + "/previous_version/";

} // namespace

// The GUI's files of the previous version (QJsonDocument's writer): read, and written again with
// the same bytes.
TEST(ScenarioJson, ReadsAndRewritesThePreviousVersionsFilesByteForByte) {
    for (const char* name : {"scenario_per_operation.json", "scenario_fixed_matrix.json",
                             "scenario_drawn_matrix.json"}) {
        SCOPED_TRACE(name);
        const std::string text = readFile(kPrevious + name).value();
        const Scenario s = parseScenarioFile(text, AlgorithmCatalog());
        EXPECT_EQ(scenarioFileText(s), text);
    }
    const Scenario fixed =
        loadScenario(kPrevious + "scenario_fixed_matrix.json", AlgorithmCatalog());
    EXPECT_EQ(fixed.n, 7);
    EXPECT_EQ(fixed.costMode, CostMode::FixedMatrix);
    ASSERT_TRUE(fixed.matrix.has_value());
    EXPECT_EQ(fixed.matrix->n, 7);
    EXPECT_EQ(fixed.algorithms,
              (std::vector<Algorithm>{AlgorithmId::Ep, AlgorithmId::Snf, AlgorithmId::Optimum}));
    const Scenario drawn =
        loadScenario(kPrevious + "scenario_drawn_matrix.json", AlgorithmCatalog());
    EXPECT_EQ(drawn.costMode, CostMode::DrawnMatrix);
    EXPECT_EQ(drawn.seed, std::uint64_t{9223372036854775807});
    const Scenario perOperation =
        loadScenario(kPrevious + "scenario_per_operation.json", AlgorithmCatalog());
    EXPECT_TRUE(perOperation.nonCommutative);
    EXPECT_EQ(perOperation.replicate, 4u);
    EXPECT_EQ(perOperation.transfer, Law::gamma(1, 2));
    EXPECT_EQ(perOperation.reduction, Law::exponential(0.5));
}

// `run --format json` of the previous version carries its scenario with its provenance: read
// back as the run's scenario (the program's fields are ignored).
TEST(ScenarioJson, ReadsTheScenarioOfThePreviousVersionsRunJson) {
    for (const char* name : {"run_fibonacci.json", "run_nctd.json", "run_snf_matrix.json",
                             "run_drawn_matrix.json", "run_one_processor.json"}) {
        SCOPED_TRACE(name);
        const json run = json::parse(readFile(kPrevious + name).value());
        ASSERT_EQ(run["scenario"]["program"], "reducelab-cli");
        const Scenario s = scenarioFromJson(run["scenario"], AlgorithmCatalog());
        EXPECT_EQ(s.n, run["n"].get<int>());
        EXPECT_EQ(s.nonCommutative, run["noncommutative"].get<bool>());
        EXPECT_EQ(std::to_string(s.seed), run["seed"].get<std::string>());
        EXPECT_EQ(std::to_string(s.replicate), run["replicate"].get<std::string>());
        ASSERT_EQ(s.algorithms.size(), 1u);
        EXPECT_EQ(s.algorithms[0].name(), run["algorithm"].get<std::string>());
        // The provenance object the new writer makes is the one the old one wrote (the
        // version aside, which names the program that ran).
        json again = scenarioProvenanceJson(s, "reducelab-cli");
        json old = run["scenario"];
        again.erase("programVersion");
        old.erase("programVersion");
        EXPECT_EQ(again, old);
    }
}

TEST(ScenarioJson, EveryScenarioSurvivesASaveAndALoad) {
    std::vector<Scenario> scenarios{Scenario::demo(), Scenario{}};
    Scenario nc;
    nc.algorithms = {AlgorithmId::BinomialStat, AlgorithmId::NonCommutTreeDyn};
    nc.nonCommutative = true;
    nc.n = 1;
    nc.transfer = Law::uniform(2.5, 0.1);
    nc.reduction = Law::constant(0);
    nc.seed = std::numeric_limits<std::uint64_t>::max(); // beyond a JSON number's 53 bits
    nc.replicate = std::numeric_limits<std::uint64_t>::max() - 1;
    scenarios.push_back(nc);
    Scenario drawn;
    drawn.costMode = CostMode::DrawnMatrix;
    drawn.transfer = Law::bernoulli(1, 3);
    scenarios.push_back(drawn);
    Scenario late; // version 2: an arrival law
    late.arrival = Law::gamma(2, 1.5);
    scenarios.push_back(late);
    Scenario fixed = parseScenarioFile(readFile(kPrevious + "scenario_fixed_matrix.json").value(),
                                       AlgorithmCatalog());
    scenarios.push_back(fixed);
    TempDir dir;
    for (const Scenario& s : scenarios) {
        const std::string text = scenarioFileText(s);
        EXPECT_EQ(parseScenarioFile(text, AlgorithmCatalog()), s) << text;
        saveScenario(s, dir.filePath("s.json"));
        EXPECT_EQ(readFile(dir.filePath("s.json")).value(), text);
        EXPECT_EQ(loadScenario(dir.filePath("s.json"), AlgorithmCatalog()), s);
    }
    // The text a person reads: indented, keys in order, a final newline, seeds as strings.
    const std::string text = scenarioFileText(nc);
    EXPECT_NE(text.find("\n    \"seed\": \"18446744073709551615\",\n"), std::string::npos) << text;
    EXPECT_EQ(text.back(), '\n');
    // Only a scenario with an arrival law needs version 2: the others stay readable by the
    // releases before it.
    EXPECT_NE(text.find("\"version\": 1\n"), std::string::npos) << text;
    const std::string lateText = scenarioFileText(late);
    EXPECT_NE(lateText.find("\"version\": 2\n"), std::string::npos) << lateText;
    EXPECT_NE(lateText.find("\"arrival\": \"gamma:2:1.5\""), std::string::npos) << lateText;
}

TEST(ScenarioJson, ProvenanceNamesTheProgramAndIsReadBackAsTheScenario) {
    const Scenario s = Scenario::demo();
    const json o = scenarioProvenanceJson(s, "reducelab");
    EXPECT_EQ(o["program"], "reducelab");
    EXPECT_EQ(o["programVersion"], kVersion);
    EXPECT_EQ(scenarioFromJson(o, AlgorithmCatalog()), s);
}

TEST(ScenarioJson, TheScheduleSidecarSaysWhichScheduleItsCsvHolds) {
    Scenario s = Scenario::demo();
    const std::string text = scheduleSidecarText(s, "reducelab", 1, "run-tree-dyn.csv", 2.5);
    const json o = parseJsonObject(text);
    EXPECT_EQ(o["schedule"]["algorithm"], s.algorithms[1].key());
    EXPECT_EQ(o["schedule"]["file"], "run-tree-dyn.csv");
    EXPECT_EQ(o["schedule"]["makespan"], 2.5);
    EXPECT_EQ(o["program"], "reducelab");
    EXPECT_EQ(parseScenarioFile(text, AlgorithmCatalog()), s);
    EXPECT_THROW(scheduleSidecarText(s, "reducelab", 2, "x.csv", 1.0), std::out_of_range);
}

TEST(ScenarioJson, SidecarPaths) {
    EXPECT_EQ(scenarioSidecarPath("run.csv"), "run.scenario.json");
    EXPECT_EQ(scenarioSidecarPath("out/RUN.CSV"), "out/RUN.scenario.json");
    EXPECT_EQ(scenarioSidecarPath("run.txt"), "run.txt.scenario.json");
    EXPECT_EQ(scenarioSidecarPath("dir.csv/run"), "dir.csv/run.scenario.json");
    EXPECT_EQ(scenarioSidecarPath("a.b.csv"), "a.b.scenario.json");
}

TEST(ScenarioJson, MalformedFilesAreRefusedWithTheProblemNamed) {
    const std::string good = scenarioFileText(Scenario::demo());
    // `good` with one field replaced (or removed, with a null).
    const auto with = [&good](const char* key, const json& value) {
        json o = json::parse(good);
        if (value.is_null()) {
            o.erase(key);
        } else {
            o[key] = value;
        }
        return o.dump();
    };
    std::string deep;
    for (int i = 0; i < 100; ++i) {
        deep += "{\"a\":";
    }
    const std::pair<std::string, std::string> cases[] = {
        {"", "not valid JSON"},
        {"{\"format\": \"reducelab-scenario\",", "not valid JSON"},
        {"[1, 2]", "not a JSON object"},
        {"{\"n\": 1e400}", "not valid JSON"},
        {deep, "nested deeper than 64 levels"},
        {"{}", "not a ReduceLab scenario"},
        {with("format", "reducelab-sweep-results"), "not a ReduceLab scenario"},
        {with("version", 3), "scenario version 3 is newer than this ReduceLab understands (2)"},
        {with("arrival", "gamma:1:-1"), "arrival law"},
        {with("arrival", 5), "field 'arrival' is missing or has the wrong type"},
        {with("version", 0), "scenario version 0 is invalid"},
        {with("version", 1.5), "scenario version 1.5 is invalid"},
        {with("version", "1"), "field 'version' is missing or has the wrong type"},
        {with("n", 0), "n = 0 must be between 1 and"},
        {with("n", 1.67e98), "must be between 1 and"},
        {with("n", 2.5), "n = 2.5 is not an integer"},
        {with("n", nullptr), "field 'n' is missing or has the wrong type"},
        {with("algorithms", "tree-dyn"), "field 'algorithms' is missing or has the wrong type"},
        {with("algorithms", json::array({7})), "an algorithm is not a name"},
        {with("algorithms", json::array({"no-such"})), "no-such"},
        {with("noncommutative", 0), "field 'noncommutative' is missing or has the wrong type"},
        {with("costMode", "per-link"), "unknown cost mode 'per-link'"},
        {with("transfer", "gamma:1"), "transfer law"},
        {with("seed", 5), "field 'seed' is missing or has the wrong type"},
        {with("seed", "-1"), "seed is not a non-negative integer"},
        {with("seed", "12x"), "seed is not a non-negative integer"},
        {with("seed", "18446744073709551616"), "seed is not a non-negative integer"},
        {with("replicate", ""), "replicate is not a non-negative integer"},
        {with("matrix", "1,2\n"), "scenario matrix"},
        {with("algorithms", json::array()), "algorithm"},
    };
    for (const auto& [text, expected] : cases) {
        SCOPED_TRACE(text);
        const std::string message =
            refusal([&text = text] { parseScenarioFile(text, AlgorithmCatalog()); });
        EXPECT_NE(message.find(expected), std::string::npos) << message;
        EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
    // A scenario the explorer could not show: the study's own validation.
    Scenario nc = Scenario::demo();
    json o = scenarioToJson(nc);
    o["noncommutative"] = true;
    o["algorithms"] = json::array({"tree-dyn"});
    EXPECT_NE(refusal([&o] { scenarioFromJson(o, AlgorithmCatalog()); }).find("Tree-dyn"),
              std::string::npos);
}

TEST(ScenarioJson, FilesAreReadBoundedAndNamed) {
    TempDir dir;
    const std::string missing = dir.filePath("missing.json");
    EXPECT_NE(refusal([&] { loadScenario(missing, AlgorithmCatalog()); }).find(missing),
              std::string::npos);
    EXPECT_NE(refusal([&] { loadScenario(dir.path(), AlgorithmCatalog()); }), "");
    test::writeFile(dir.filePath("bad.json"),
                    "{\"format\": \"reducelab-scenario\", \"version\": 99}");
    const std::string bad =
        refusal([&] { loadScenario(dir.filePath("bad.json"), AlgorithmCatalog()); });
    EXPECT_EQ(bad.rfind(dir.filePath("bad.json") + ": scenario version 99 is newer", 0), 0u) << bad;
    // A file beyond the bound is refused without being parsed.
    test::writeFile(dir.filePath("big.json"), std::string(Scenario::kMaxFileBytes + 1, ' '));
    EXPECT_NE(refusal([&] { loadScenario(dir.filePath("big.json"), AlgorithmCatalog()); }), "");
    // Saving into a folder that does not exist writes nothing and says where.
    try {
        saveScenario(Scenario::demo(), dir.filePath("no/such/folder/s.json"));
        ADD_FAILURE() << "saved into a missing folder";
    } catch (const std::exception& e) {
        EXPECT_NE(std::string(e.what()).find("no/such/folder"), std::string::npos) << e.what();
    }
}

// A run-time algorithm is recorded with its policy's class and file ("policies", as the Python
// module's Schedule.save writes it), read back without running anything, and refused when
// malformed.
TEST(ScenarioJson, RecordsWhereEachRunTimeAlgorithmComesFrom) {
    const auto descriptor = [](const char* key, const char* className, const char* file) {
        auto d =
            std::make_shared<AlgorithmDescriptor>(Algorithm(AlgorithmId::TreeDyn).descriptor());
        d->key = key;
        d->name = key;
        d->policyClass = className;
        d->policyFile = file;
        return Algorithm(std::shared_ptr<const AlgorithmDescriptor>(d));
    };
    const Algorithm inFile = descriptor("tree-dyn-py", "TreeDynPy", "/policies/tree_dyn.py");
    const Algorithm inNoFile = descriptor("typed", "Typed", "");
    Scenario s = Scenario::demo();
    s.algorithms = {AlgorithmId::BinomialStat, inFile, inNoFile};
    const json o = scenarioToJson(s);
    EXPECT_EQ(o["policies"], json::parse(R"([
        {"algorithm": "tree-dyn-py", "class": "TreeDynPy", "file": "/policies/tree_dyn.py"},
        {"algorithm": "typed", "class": "Typed"}])"));
    EXPECT_EQ(scenarioPolicies(o),
              (std::vector<ScenarioPolicy>{{"tree-dyn-py", "TreeDynPy", "/policies/tree_dyn.py"},
                                           {"typed", "Typed", ""}}));
    // Read back once the policies are loaded; unknown otherwise (nothing is loaded by reading).
    const std::string text = scenarioFileText(s);
    EXPECT_EQ(parseScenarioFile(text, AlgorithmCatalog({inFile, inNoFile})), s);
    EXPECT_NE(refusal([&] { parseScenarioFile(text, AlgorithmCatalog()); }).find("tree-dyn-py"),
              std::string::npos);
    EXPECT_EQ(scenarioFilePolicies("s.json", text), scenarioPolicies(o));
    // A scenario of built-ins only has no "policies".
    EXPECT_FALSE(scenarioToJson(Scenario::demo()).contains("policies"));
    EXPECT_TRUE(scenarioPolicies(scenarioToJson(Scenario::demo())).empty());

    const std::pair<json, std::string> cases[] = {
        {json{{"policies", "tree_dyn.py"}}, "field 'policies' is missing or has the wrong type"},
        {json{{"policies", json::array({7})}}, "an entry of 'policies' is not an object"},
        {json{{"policies", json::array({json{{"class", "C"}}})}},
         "field 'algorithm' is missing or has the wrong type"},
        {json{{"policies", json::array({json{{"algorithm", "a"}, {"class", 3}}})}},
         "field 'class' is missing or has the wrong type"},
        {json{{"policies", json::array({json{{"algorithm", "a"}, {"class", "C"}, {"file", 1}}})}},
         "field 'file' is missing or has the wrong type"},
    };
    for (const auto& [bad, expected] : cases) {
        SCOPED_TRACE(bad.dump());
        const std::string message =
            refusal([&bad = bad] { scenarioFilePolicies("s.json", bad.dump()); });
        EXPECT_EQ(message.rfind("s.json: scenario: ", 0), 0u) << message;
        EXPECT_NE(message.find(expected), std::string::npos) << message;
    }
    EXPECT_EQ(refusal([] { scenarioFilePolicies("s.json", "[1]"); }).rfind("s.json: ", 0), 0u);
}
