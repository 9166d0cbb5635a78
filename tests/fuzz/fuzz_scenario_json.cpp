// Scenario files of the GUI (versioned JSON): parse; an accepted scenario survives a save and
// load unchanged.
#include "common/scenario_json.h"
#include "fuzz_input.h"

#include <QJsonDocument>
#include <QJsonObject>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const QJsonDocument doc = QJsonDocument::fromJson(
        QByteArray(reinterpret_cast<const char*>(data), static_cast<qsizetype>(size)));
    if (!doc.isObject()) {
        return 0; // not JSON: the loader refuses it before fromJson
    }
    rl::fuzz::expectAcceptOrRefuse([&] {
        const rl::Scenario s = rl::scenarioFromJson(doc.object(), rl::AlgorithmCatalog());
        const rl::Scenario again =
            rl::scenarioFromJson(rl::scenarioToJson(s), rl::AlgorithmCatalog());
        if (rl::scenarioToJson(again) != rl::scenarioToJson(s)) {
            rl::fuzz::finding("a scenario does not survive a save and load");
        }
    });
    return 0;
}
