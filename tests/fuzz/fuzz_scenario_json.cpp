// Scenario files of the GUI and `run --scenario` (versioned JSON): parse; an accepted scenario
// survives a save and load unchanged. The policies a file names (what the GUI reads before
// asking whether to run them) are read or refused too.
#include "fuzz_input.h"

#include "studies/scenario_json.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    rl::fuzz::expectAcceptOrRefuse([&] {
        const rl::Scenario s =
            rl::parseScenarioFile(rl::fuzz::text(data, size), rl::AlgorithmCatalog());
        const std::string saved = rl::scenarioFileText(s);
        const rl::Scenario again = rl::parseScenarioFile(saved, rl::AlgorithmCatalog());
        if (!(again == s) || rl::scenarioFileText(again) != saved) {
            rl::fuzz::finding("a scenario does not survive a save and load");
        }
    });
    rl::fuzz::expectAcceptOrRefuse(
        [&] { rl::scenarioFilePolicies("fuzz.json", rl::fuzz::text(data, size)); });
    return 0;
}
