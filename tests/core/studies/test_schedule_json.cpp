// A schedule as JSON (studies/schedule_json.h, `reducelab-cli run --format json`): the scenario
// each file of the previous version records runs again to a document with the same values,
// every number included.
#include "../../test_support.h"

#include "studies/json_text.h"
#include "studies/run_study.h"
#include "studies/scenario_json.h"
#include "studies/schedule_json.h"

#include "base/version.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <string>

using namespace rl;
using nlohmann::json;

namespace {

const std::string kPrevious = std::string(REDUCELAB_TEST_DATA) + "/previous_version/";

} // namespace

TEST(ScheduleJson, ThePreviousVersionsFilesAreWrittenAgainWithTheSameValues) {
    for (const char* name : {"run_fibonacci.json", "run_nctd.json", "run_snf_matrix.json",
                             "run_drawn_matrix.json", "run_one_processor.json"}) {
        SCOPED_TRACE(name);
        json old = json::parse(test::readFile(kPrevious + name).value());
        const Scenario s = scenarioFromJson(old["scenario"], AlgorithmCatalog());
        const auto run = runScenario(s, RunDetail::Schedules);
        const std::string text = scheduleJson(*run->schedules.front(), s, "reducelab-cli");
        json now = parseJsonObject(text);
        EXPECT_EQ(now["scenario"]["programVersion"], kVersion);
        // The version names the program that wrote the file; everything else is the run's.
        now["scenario"].erase("programVersion");
        old["scenario"].erase("programVersion");
        EXPECT_EQ(now, old);
        // Every number to the bit (json's == compares 1 and 1.0 as equal; the text does not).
        EXPECT_EQ(now["makespan"].dump(), old["makespan"].dump());
        for (std::size_t k = 0; k < old["transfers"].size(); ++k) {
            EXPECT_EQ(now["transfers"][k].dump(), old["transfers"][k].dump());
        }
        EXPECT_EQ(now["processors"].dump(), old["processors"].dump());
        EXPECT_EQ(text.back(), '\n');
    }
}

TEST(ScheduleJson, ALoneProcessorHasNoOperations) {
    Scenario s;
    s.n = 1;
    s.algorithms = {AlgorithmId::BinomialStat};
    const auto run = runScenario(s, RunDetail::Schedules);
    const json o = parseJsonObject(scheduleJson(*run->schedules.front(), s, "reducelab-cli"));
    EXPECT_EQ(o["transfers"], json::array());
    EXPECT_EQ(o["reductions"], json::array());
    EXPECT_EQ(o["tree"]["parent"], json::array({-1}));
    EXPECT_EQ(o["tree"]["children"], json::array({json::array()}));
    EXPECT_EQ(o["makespan"], 0);
    EXPECT_EQ(o["scenario"]["program"], "reducelab-cli");
}
